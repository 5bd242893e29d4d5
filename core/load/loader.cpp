#include "load/loader.h"

#include <algorithm>
#include <chrono>
#include <iterator>
#include <map>
#include <optional>

#include "findings/go_format.h"
#include "load/indexignore.h"
#include "load/json_stream.h"
#include "load/yaml_stream.h"

namespace fbclens {

namespace {

std::string ascii_fold(const std::string& s) {
  std::string out = s;
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string base_name(const std::string& path) {
  const auto slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

class FileLoader {
 public:
  FileLoader(LoadResult& result, std::uint32_t file_index, const LoadOptions& options)
      : result_(result), file_index_(file_index), options_(options), batch_first_(result.blobs.size()) {}

  /// Reads the file's objects into the result, handing them to on_blobs_added in batches.
  /// Returns the time spent in that hook (ms), which is not the file's parse time.
  double load(const std::string& bytes) {
    if (looks_like_json(bytes)) {
      load_json(bytes);
    } else {
      read_yaml_stream(bytes, 1, [this](YamlItem&& item) {
        if (item.ok) add_document(std::move(item.document));
        else add_yaml_error(item.error);
      });
    }
    hand_over(/*end_of_file=*/true);
    return hook_ms_;
  }

 private:
  const std::string& path() const { return result_.files[file_index_].path; }

  void add_finding(FindingId id, const FindingArgs& args, TextPosition pos) {
    result_.findings.push_back(make_finding(id, args, SourceLocation{path(), pos.line, pos.column}, {}));
    result_.files[file_index_].has_error = true;
  }

  void load_json(const std::string& bytes) {
    // The first value waits for the second: with a single good value before an error, opm may
    // take the file as YAML instead (below). From the second on, every value read is kept.
    std::optional<Document> first;
    std::size_t seen = 0;
    const JsonStreamEnd stream = read_json_stream(bytes, [this, &first, &seen](Document&& doc) {
      if (seen++ == 0) {
        first = std::move(doc);
        return;
      }
      if (first) {
        add_document(std::move(*first));
        first.reset();
      }
      add_document(std::move(doc));
    });
    if (stream.error && stream.values <= 1 && !stream.error->depth_limit) {
      // opm rewinds to just after the last good value and re-reads the rest as YAML; if that
      // works the file is fine (e.g. a trailing comma is accepted through YAML flow syntax).
      const std::string_view rest = std::string_view(bytes).substr(stream.resume_offset);
      const TextPosition rest_pos = position_of_offset(bytes, stream.resume_offset);
      std::vector<YamlItem> items = read_yaml_stream(rest, rest_pos.line);
      const bool yaml_ok = std::all_of(items.begin(), items.end(), [](const YamlItem& i) {
        return i.ok || i.error.kind == YamlChunkError::Kind::EmptyChunk;
      });
      if (yaml_ok) {
        if (first) add_document(std::move(*first));
        // Only whitespace after the good values reads as one empty chunk: not an error then.
        for (YamlItem& item : items) {
          if (item.ok) add_document(std::move(item.document));
          else if (!is_blank(rest)) add_yaml_error(item.error);
        }
        return;
      }
    }
    if (first) add_document(std::move(*first));
    if (stream.error) {
      const StreamError& e = *stream.error;
      if (e.depth_limit) {
        add_finding(FindingId::InputLimit, {e.message + " (later objects of this file are not read)", "json: " + e.message},
                    e.position);
      } else {
        add_finding(FindingId::JsonSyntax, {e.message}, e.position);
      }
    }
  }

  static bool is_blank(std::string_view s) {
    return std::all_of(s.begin(), s.end(), [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; });
  }

  void add_yaml_error(const YamlChunkError& e) {
    FindingId id = FindingId::YamlSyntax;
    switch (e.kind) {
      case YamlChunkError::Kind::BadSeparator: id = FindingId::YamlBadSeparator; break;
      case YamlChunkError::Kind::EmptyChunk: id = FindingId::EmptyDocument; break;
      case YamlChunkError::Kind::Limit: id = FindingId::InputLimit; break;
      case YamlChunkError::Kind::Syntax: break;
    }
    add_finding(id, {e.message, e.opm_message}, e.position);  // the reader's texts: "{0}" / "{1}"
  }

  // Meta checks of spec §1.6 (Meta.UnmarshalJSON), then keep the blob.
  void add_document(Document doc) {
    const TextPosition pos = doc.position;
    if (!doc.value.is_object()) {
      const char* kind = doc.value.is_array() ? "array" : doc.value.is_string() ? "string"
                       : doc.value.is_boolean() ? "bool" : doc.value.is_null() ? "null" : "number";
      add_finding(FindingId::NotAnObject, {kind, (kind[0] == 'a' ? "an " : "a ") + std::string(kind)}, pos);
      return;
    }
    // Keys folding to the same string. Keys are unique, so without an ASCII capital letter among
    // them (every catalog seen) none can fold to another's spelling: no need to fold them.
    std::map<std::string, std::vector<std::string>> folded;
    bool capitals = false;
    for (auto it = doc.value.begin(); it != doc.value.end() && !capitals; ++it) {
      const std::string& key = it.key();
      capitals = std::any_of(key.begin(), key.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
    }
    if (capitals) {
      for (auto it = doc.value.begin(); it != doc.value.end(); ++it) folded[ascii_fold(it.key())].push_back(it.key());
    } else {
      for (const char* meta : {"schema", "package", "name"}) {
        if (doc.value.contains(meta)) folded[meta].push_back(meta);
      }
    }
    std::vector<std::string> dup_messages;
    for (auto& [key, spellings] : folded) {
      if (spellings.size() < 2) continue;
      std::sort(spellings.begin(), spellings.end());
      dup_messages.push_back("duplicate keys for key " + go_quote(key) + ": " + go_string_slice(spellings));
    }
    if (!dup_messages.empty()) {
      std::string opm = dup_messages.size() == 1 ? dup_messages[0] : go_string_slice(dup_messages);
      add_finding(FindingId::DuplicateMetaKey, {opm}, pos);
      return;
    }
    Blob blob;
    blob.file = file_index_;
    for (const char* meta : {"schema", "package", "name"}) {
      auto spell = folded.find(meta);
      if (spell == folded.end()) continue;
      const std::string& key = spell->second[0];
      const Json& v = doc.value[key];
      if (!v.is_string()) {
        add_finding(FindingId::MetaKeyNotString, {key, v.dump(), meta, go_format_t(v), go_format_v(v)},
                    doc.fields.find("/" + key).line ? doc.fields.find("/" + key) : pos);
        return;
      }
      std::string& target = meta[0] == 's' ? blob.schema : meta[0] == 'p' ? blob.package : blob.name;
      target = v.get<std::string>();
    }
    if (blob.schema.empty()) {
      add_finding(FindingId::MissingSchema, {doc.value.dump()}, pos);
      return;
    }
    blob.document = std::move(doc);
    result_.blobs.push_back(std::move(blob));
    ++result_.files[file_index_].blobs;
    if (result_.blobs.size() - batch_first_ >= kBlobBatch) hand_over(/*end_of_file=*/false);
  }

  // Hands the objects read since the last call to on_blobs_added. What the hook reports before the
  // file's end waits in pending_ and goes after the file's own load findings at its end: the order
  // of running the hook once per file (the stable sort by line in validate_catalog keeps it for
  // findings on one line).
  void hand_over(bool end_of_file) {
    if (!options_.on_blobs_added) return;
    if (end_of_file) {
      result_.findings.insert(result_.findings.end(), std::make_move_iterator(pending_.begin()),
                              std::make_move_iterator(pending_.end()));
      pending_.clear();
    }
    const std::size_t findings_before = result_.findings.size();
    const auto start = std::chrono::steady_clock::now();
    options_.on_blobs_added(result_, batch_first_);
    hook_ms_ += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    batch_first_ = result_.blobs.size();
    if (!end_of_file && result_.findings.size() > findings_before) {
      const auto from = result_.findings.begin() + static_cast<std::ptrdiff_t>(findings_before);
      pending_.insert(pending_.end(), std::make_move_iterator(from), std::make_move_iterator(result_.findings.end()));
      result_.findings.erase(from, result_.findings.end());
    }
  }

  LoadResult& result_;
  std::uint32_t file_index_;
  const LoadOptions& options_;
  std::size_t batch_first_;        ///< the first blob not yet handed to on_blobs_added
  std::vector<Finding> pending_;   ///< the hook's findings until the file's end
  double hook_ms_ = 0;
};

// Whether load_catalog skips each path of `walk` (same order): an .indexignore file itself, or a
// path one of them ignores. Asked once per path: the read plan and the loop both use the answer.
std::vector<bool> skipped_paths(const std::vector<std::string>& walk, const IndexIgnore& ignore) {
  std::vector<bool> out;
  out.reserve(walk.size());
  for (const std::string& p : walk) out.push_back(base_name(p) == ".indexignore" || ignore.ignored(p));
  return out;
}

}  // namespace

SourceLocation LoadResult::locate(const Blob& blob, const std::string& field_path) const {
  TextPosition pos = blob.document.position;
  if (!field_path.empty()) {
    const TextPosition field = blob.document.fields.find(field_path);
    if (field.line) pos = field;
  }
  return SourceLocation{files[blob.file].path, pos.line, pos.column};
}

LoadResult load_catalog(const FileSource& source, const LoadOptions& options) {
  LoadResult result;
  std::vector<SourceError> walk_errors;
  std::vector<std::string> paths = source.list_files(walk_errors);
  std::sort(paths.begin(), paths.end(), walk_order_less);
  for (const SourceError& e : walk_errors) {
    const std::string what = "list " + (e.path.empty() ? std::string("the catalog folder") : e.path);
    result.findings.push_back(make_finding(FindingId::FileUnreadable, {what, e.message}, SourceLocation{e.path}, {}));
  }

  // Every .indexignore first (opm collects them all before walking), in walk order. Both rounds
  // of reads are planned (FileSource::plan_reads): a source that reads ahead follows the core's
  // order and need not know it.
  std::vector<std::string> ignore_files;
  for (const std::string& p : paths) {
    if (base_name(p) == ".indexignore") ignore_files.push_back(p);
  }
  if (!ignore_files.empty()) source.plan_reads({ignore_files});
  IndexIgnore ignore;
  for (const std::string& p : ignore_files) {
    std::string bytes, error;
    if (source.read(p, bytes, error, options.max_file_bytes)) ignore.add_file(p, bytes);
  }
  const std::vector<bool> skipped = skipped_paths(paths, ignore);
  std::vector<std::string> plan;  // the files read next, in order (FileSource::plan_reads)
  for (std::size_t i = 0; i < paths.size(); ++i) {
    if (!skipped[i]) plan.push_back(paths[i]);
  }
  source.plan_reads({std::move(plan)});

  // One buffer for the files' bytes, reused from file to file while it is no larger than
  // kReusedReadBufferBytes: reading into a fresh string zero-fills it to the file's size before the
  // read writes over it (2% of the worker's CPU on the union); into this one, only what it grows by.
  constexpr std::size_t kReusedReadBufferBytes = std::size_t(8) << 20;
  std::string bytes;
  for (std::size_t i = 0; i < paths.size(); ++i) {
    const std::string& p = paths[i];
    CatalogFile file;
    file.path = p;
    file.ignored = skipped[i];
    result.files.push_back(file);
    if (file.ignored) continue;
    const auto index = static_cast<std::uint32_t>(result.files.size() - 1);
    std::string error;
    auto start = std::chrono::steady_clock::now();
    const bool read = source.read(p, bytes, error, options.max_file_bytes);
    result.read_ms += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    if (!read) {
      const FindingId id = source.is_symlink_to_directory(p) ? FindingId::SymlinkNotFollowed : FindingId::FileUnreadable;
      result.findings.push_back(make_finding(id, {id == FindingId::SymlinkNotFollowed ? p : "read this file", error},
                                             SourceLocation{p}, {}));
      result.files[index].has_error = true;
      continue;
    }
    result.files[index].bytes = bytes.size();
    result.total_bytes += bytes.size();
    const std::size_t first_blob = result.blobs.size();
    start = std::chrono::steady_clock::now();
    const double hook_ms = FileLoader(result, index, options).load(bytes);
    if (bytes.capacity() > kReusedReadBufferBytes) bytes = std::string();  // too large to keep for the next file
    result.parse_ms +=
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count() - hook_ms;
    if (options.on_file_loaded) options.on_file_loaded(result, first_blob);
  }
  // The blobs stay alive through validation: give back what doubling the vector left unused
  // (up to half of it; 2.3 MB of a 20,000-object file).
  result.blobs.shrink_to_fit();
  return result;
}

}  // namespace fbclens
