#include "repo/discover.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>
#include <set>

#include "load/byte_search.h"
#include "load/indexignore.h"
#include "load/json_stream.h"
#include "load/yaml_stream.h"

namespace fbclens::repo {

namespace {

// A template or catalog file larger than this is not looked at by discovery (the root's own
// validation still reads it, with the loader's limit).
constexpr std::size_t kMaxDiscoveryBytes = std::size_t(512) << 20;

std::string parent_of(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

std::string base_name(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

bool has_catalog_extension(const std::string& path) {
  const std::string name = base_name(path);
  const std::size_t dot = name.rfind('.');
  if (dot == std::string::npos) return false;
  std::string ext = name.substr(dot + 1);
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext == "json" || ext == "yaml" || ext == "yml";
}

bool under_hidden_folder(const std::string& path) {
  const std::vector<std::string> parts = path_components(path);
  for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
    if (!parts[i].empty() && parts[i][0] == '.') return true;
  }
  return false;
}

// Whether `folder` is `ancestor` or below it ("" is everything's ancestor).
bool within(const std::string& path, const std::string& ancestor) {
  if (ancestor.empty()) return true;
  return path == ancestor || (path.size() > ancestor.size() && path.compare(0, ancestor.size(), ancestor) == 0 &&
                              path[ancestor.size()] == '/');
}

bool starts_with_catalog(const std::string& name) {
  if (name.size() < 7) return false;
  std::string head = name.substr(0, 7);
  for (char& c : head) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return head == "catalog";
}

// The schema of a document as opm reads it: the member whose key case-folds to "schema" (Go's
// encoding/json matches field names without regard to case), when it is a string.
std::string document_schema(const Json& value) {
  if (!value.is_object()) return {};
  for (auto it = value.begin(); it != value.end(); ++it) {
    std::string key = it.key();
    for (char& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (key == "schema" && it->is_string()) return it->get<std::string>();
  }
  return {};
}

std::vector<Document> read_documents(const std::string& bytes) {
  std::vector<Document> docs;
  if (looks_like_json(bytes)) {
    JsonStreamResult stream = read_json_stream(bytes);
    docs = std::move(stream.documents);
  } else {
    for (YamlItem& item : read_yaml_stream(bytes, 1)) {
      if (item.ok) docs.push_back(std::move(item.document));
    }
  }
  return docs;
}

// Whether the text names a template schema anywhere ("olm.template.basic", "olm.semver",
// "olm.template.substitutes"). Every file loaded is looked at (TemplateWatch), so it is one pass:
// from each '.' (find_byte; base64, most of a large catalog's bytes, has none), whether "olm" is
// before it and one of the names' rest after. Two memmem searches ("olm.semver", then
// "olm.template.") took twice as long in wasm (18.5 against 8.5 ms on certified v4.14 JSON's
// 57.6 MB) and 4.6 times natively.
bool mentions_template_schema(std::string_view bytes) {
  const char* const begin = bytes.data();
  const char* const end = begin + bytes.size();
  for (const char* dot = begin; (dot = find_byte(dot, end, '.')); ++dot) {
    const std::size_t at = static_cast<std::size_t>(dot - begin);
    if (at < 3 || bytes.compare(at - 3, 3, "olm") != 0) continue;
    const std::string_view rest = bytes.substr(at + 1);
    if (rest.substr(0, 6) == "semver" || rest.substr(0, 14) == "template.basic" || rest.substr(0, 20) == "template.substitutes") {
      return true;
    }
  }
  return false;
}

// Whether discovery looks at `path`: a catalog extension, under no hidden folder, kept by `ignore`.
bool looked_at_by_discovery(const std::string& path, const IndexIgnore& ignore) {
  return has_catalog_extension(path) && !under_hidden_folder(path) && !ignore.ignored(path);
}

// The rules of the .indexignore files among `paths` (walk order), read as discovery reads them.
// `read_again`: whether the files will be read again next (by the roots' loads), for the plan.
IndexIgnore discovery_ignore(const FileSource& source, const std::vector<std::string>& paths, bool read_again) {
  std::vector<std::string> files;
  for (const std::string& p : paths) {
    if (base_name(p) == ".indexignore") files.push_back(p);
  }
  // Planned, so a source that reads slowly (the page's Files) starts them all at once instead of
  // one round trip each: in the app a repository's other catalogs start while the page draws the
  // one shown, and each of the union's five .indexignore files waited for that (tests/bench).
  if (!files.empty()) source.plan_reads({files, read_again});
  IndexIgnore ignore;
  for (const std::string& p : files) {
    std::string bytes, error;
    if (source.read(p, bytes, error, std::size_t(1) << 20)) ignore.add_file(p, bytes);
  }
  return ignore;
}

// The files discovery looks at, in walk order.
std::vector<std::string> files_to_look_at(const FileSource& source) {
  std::vector<SourceError> walk_errors;
  std::vector<std::string> paths = source.list_files(walk_errors);
  std::sort(paths.begin(), paths.end(), walk_order_less);
  // Each root's load reads its own .indexignore files again.
  const IndexIgnore ignore = discovery_ignore(source, paths, /*read_again=*/true);
  paths.erase(std::remove_if(paths.begin(), paths.end(),
                             [&](const std::string& p) { return !looked_at_by_discovery(p, ignore); }),
              paths.end());
  return paths;
}

bool mentions_fbc_schema(const std::string& bytes) {
  // "olm.bundle" also finds "olm.bundle.object"; "olm.package" also "olm.package.required": a
  // catalog file names at least one of these as a schema, and other YAML (pipelines, devfiles)
  // names none.
  return bytes.find("olm.package") != std::string::npos || bytes.find("olm.channel") != std::string::npos ||
         bytes.find("olm.bundle") != std::string::npos || bytes.find("olm.deprecations") != std::string::npos;
}

// The outermost folder on `path`'s way that names a version ("" = none).
std::string outermost_version_folder(const std::string& path) {
  const std::vector<std::string> parts = path_components(path);
  std::string prefix;
  for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
    prefix += (i ? "/" : "") + parts[i];
    if (ocp_version_of_folder(parts[i])) return prefix;
  }
  return {};
}

// The child of `folder` that `path` lies in ("" when `path` is directly inside `folder`).
std::string child_folder(const std::string& path, const std::string& folder) {
  const std::string rest = folder.empty() ? path : path.substr(folder.size() + 1);
  const std::size_t slash = rest.find('/');
  if (slash == std::string::npos) return {};
  return (folder.empty() ? "" : folder + "/") + rest.substr(0, slash);
}

// The folder a file's catalog content belongs to, from its path alone (the rules above): its
// outermost version folder; else its top-level folder when that is named `catalog…`; else the
// repository folder itself.
enum class OwnerKind : std::uint8_t { VersionFolder, CatalogFolder, Itself };
struct Owner {
  OwnerKind kind = OwnerKind::Itself;
  std::string folder;  ///< "" for Itself
};

Owner owner_of(const std::string& path) {
  std::string version_folder = outermost_version_folder(path);
  if (!version_folder.empty()) return {OwnerKind::VersionFolder, std::move(version_folder)};
  const std::vector<std::string> parts = path_components(path);
  if (parts.size() > 1 && starts_with_catalog(parts[0])) return {OwnerKind::CatalogFolder, parts[0]};
  return {};
}

// One owner's files, as discovery reads them.
struct OwnerFolder {
  Owner owner;
  std::optional<profiles::OcpVersion> version;  ///< a version folder's
  std::vector<std::size_t> files;               ///< positions in the walk, in walk order
  std::vector<std::string> content;             ///< the files naming an FBC schema, in walk order
};

// Discovery::roots' order: by version (ocp_version_less), unversioned last, then by path.
bool root_less(const CatalogRoot& a, const CatalogRoot& b) {
  if (a.ocp_version.has_value() != b.ocp_version.has_value()) return a.ocp_version.has_value();
  if (a.ocp_version && b.ocp_version) {
    if (ocp_version_less(*a.ocp_version, *b.ocp_version)) return true;
    if (ocp_version_less(*b.ocp_version, *a.ocp_version)) return false;
  }
  return a.path < b.path;
}

// The order discovery reads the owners' files in: as their roots will be ordered (root_less: a root
// is its owner folder or a folder below it), the repository folder's own files last.
bool folder_less(const OwnerFolder& a, const OwnerFolder& b) {
  if (a.owner.kind != b.owner.kind) {
    if (a.owner.kind == OwnerKind::Itself || b.owner.kind == OwnerKind::Itself) return b.owner.kind == OwnerKind::Itself;
    return a.owner.kind == OwnerKind::VersionFolder;
  }
  if (a.version && b.version) {
    if (ocp_version_less(*a.version, *b.version)) return true;
    if (ocp_version_less(*b.version, *a.version)) return false;
  }
  return a.owner.folder < b.owner.folder;
}

// The root of a version folder or a `catalog…` folder with content: the version folder, or its one
// child when all the content is there; the `catalog…` folder itself.
CatalogRoot root_of(const OwnerFolder& folder) {
  CatalogRoot root;
  root.path = folder.owner.folder;
  if (folder.owner.kind != OwnerKind::VersionFolder) return root;
  root.version_folder = folder.owner.folder;
  root.ocp_version = folder.version;
  std::set<std::string> children;
  for (const std::string& f : folder.content) children.insert(child_folder(f, folder.owner.folder));
  if (children.size() == 1 && !children.begin()->empty()) root.path = *children.begin();
  return root;
}

// Whether `root` comes before (root_less) any root `folder` can make, whatever its files hold: a
// root of a later version; of the same version (or unversioned both) one whose path, the folder's
// own or below it, cannot come before the folder's; the repository folder is a root only when
// nothing else is.
bool before_every_root_of(const CatalogRoot& root, const OwnerFolder& folder) {
  if (folder.owner.kind == OwnerKind::Itself) return true;
  if (folder.owner.kind == OwnerKind::VersionFolder) {
    if (!root.ocp_version || !folder.version) return false;
    if (ocp_version_less(*root.ocp_version, *folder.version)) return true;
    if (ocp_version_less(*folder.version, *root.ocp_version)) return false;
  } else if (root.ocp_version) {
    return true;
  }
  return root.path < folder.owner.folder;
}

// The template a file holds, if it names a template schema and one of its documents is a template.
std::optional<TemplateFile> template_in(const std::string& path, const std::string& bytes) {
  if (!mentions_template_schema(bytes)) return std::nullopt;
  const std::vector<Document> docs = read_documents(bytes);
  for (std::size_t i = 0; i < docs.size(); ++i) {
    const std::optional<TemplateSchema> schema = parse_template_schema(document_schema(docs[i].value));
    if (!schema) continue;
    TemplateFile t;
    t.path = path;
    t.schema = *schema;
    t.document = static_cast<std::uint32_t>(i);
    t.position = docs[i].position;
    t.first_schema = document_schema(docs.front().value);
    return t;
  }
  return std::nullopt;
}

// `items`, found at walk positions `at` (one each), in walk order.
template <typename T>
std::vector<T> in_walk_order(std::vector<T> items, const std::vector<std::size_t>& at) {
  std::vector<std::size_t> order(items.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return at[a] < at[b]; });
  std::vector<T> out;
  out.reserve(items.size());
  for (const std::size_t i : order) out.push_back(std::move(items[i]));
  return out;
}

// The files discovery looks at (`looked_at`, walk order) by the folder their content would belong
// to, the folders in the order discovery reads them (folder_less: version folders first, by version).
std::vector<OwnerFolder> owner_folders(const std::vector<std::string>& looked_at) {
  std::vector<OwnerFolder> folders;
  std::map<std::pair<int, std::string>, std::size_t> index;
  for (std::size_t i = 0; i < looked_at.size(); ++i) {
    const Owner owner = owner_of(looked_at[i]);
    const auto [at, added] = index.emplace(std::make_pair(static_cast<int>(owner.kind), owner.folder), folders.size());
    if (added) {
      OwnerFolder folder;
      folder.owner = owner;
      if (owner.kind == OwnerKind::VersionFolder) folder.version = ocp_version_of_folder(base_name(owner.folder));
      folders.push_back(std::move(folder));
    }
    folders[at->second].files.push_back(i);
  }
  std::sort(folders.begin(), folders.end(), folder_less);
  return folders;
}

// Discovery's look at a folder's files: each is read once, into one buffer (as the loader keeps one:
// not zero-filled per file); an unreadable file and a template go into `out`'s lists, any other file
// that names an FBC schema into its folder's content. put_in_walk_order puts those lists back in walk
// order once the folders wanted are read.
class FolderLook {
 public:
  FolderLook(const FileSource& source, const std::vector<std::string>& looked_at, Discovery& out)
      : source_(source), looked_at_(looked_at), out_(out) {}

  void read(OwnerFolder& folder) {
    for (const std::size_t i : folder.files) {
      const std::string& p = looked_at_[i];
      std::string error;
      if (!source_.read(p, bytes_, error, kMaxDiscoveryBytes)) {
        out_.unreadable.push_back({p, error});
        unreadable_at_.push_back(i);
      } else if (std::optional<TemplateFile> t = template_in(p, bytes_)) {
        out_.templates.push_back(std::move(*t));
        template_at_.push_back(i);
      } else if (mentions_fbc_schema(bytes_)) {
        folder.content.push_back(p);
      }
    }
  }
  /// Gives the buffer back (a root validated meanwhile would hold it: a file of tens of MB).
  void release_buffer() { bytes_ = std::string(); }
  void put_in_walk_order() {
    out_.templates = in_walk_order(std::move(out_.templates), template_at_);
    out_.unreadable = in_walk_order(std::move(out_.unreadable), unreadable_at_);
  }

 private:
  const FileSource& source_;
  const std::vector<std::string>& looked_at_;
  Discovery& out_;
  std::vector<std::size_t> template_at_, unreadable_at_;  ///< the walk position of each template, each unreadable file
  std::string bytes_;
};

// At most this many of discovery's next reads follow a root's own in its read plans (ReadsAfter):
// more than a read-ahead takes on at once, and a repository of many small roots plans in time
// linear in its files.
constexpr std::size_t kMaxReadsAfter = 1024;

// The repository's files as a root found during discovery is read: each read plan is followed by
// discovery's next reads (from `order[from]` on), so that the browser goes on reading them while
// the root is validated. The plans are marked read again: discovery's files are read by the roots.
class ReadsAfter final : public ForwardingFileSource {
 public:
  ReadsAfter(const FileSource& base, const std::vector<std::string>& order, std::size_t from)
      : ForwardingFileSource(base), order_(order), from_(from) {}
  void plan_reads(const ReadPlan& plan) const override {
    ReadPlan with_next = plan;
    const std::size_t end = std::min(order_.size(), from_ + kMaxReadsAfter);
    for (std::size_t i = from_; i < end; ++i) with_next.paths.push_back(order_[i]);
    with_next.read_again = plan.read_again || end > from_;
    base().plan_reads(with_next);
  }

 private:
  const std::vector<std::string>& order_;
  std::size_t from_;
};

}  // namespace

const char* template_schema_name(TemplateSchema schema) {
  switch (schema) {
    case TemplateSchema::Basic: return "olm.template.basic";
    case TemplateSchema::Semver: return "olm.semver";
    case TemplateSchema::Substitutes: return "olm.template.substitutes";
  }
  return "olm.template.basic";
}

std::optional<TemplateSchema> parse_template_schema(std::string_view schema) {
  if (schema == "olm.template.basic") return TemplateSchema::Basic;
  if (schema == "olm.semver") return TemplateSchema::Semver;
  if (schema == "olm.template.substitutes") return TemplateSchema::Substitutes;
  return std::nullopt;
}

std::optional<profiles::OcpVersion> ocp_version_of_folder(std::string_view name) {
  // Strip a prefix ending in '-' or '_' ("catalog-", "ocp-"), keeping the last run that parses.
  const auto number = [](std::string_view digits) -> std::optional<int> {
    if (digits.empty() || digits.size() > 4) return std::nullopt;
    int value = 0;
    for (char c : digits) {
      if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
      value = value * 10 + (c - '0');
    }
    return value;
  };
  const auto parse = [&](std::string_view text) -> std::optional<profiles::OcpVersion> {
    if (!text.empty() && (text.front() == 'v' || text.front() == 'V')) text.remove_prefix(1);
    std::size_t sep = text.find('.');
    if (sep == std::string_view::npos) sep = text.find('-');
    if (sep == std::string_view::npos) return std::nullopt;
    const auto major = number(text.substr(0, sep));
    const auto minor = number(text.substr(sep + 1));
    // OpenShift 4 and later: a folder "v1.2" is a bundle or package version, not a release.
    if (!major || !minor || *major < 4 || *major > 9) return std::nullopt;
    return profiles::OcpVersion{*major, *minor};
  };
  if (auto whole = parse(name)) return whole;
  // "catalog-4-14": the version is the last two '-'-separated parts; "ocp-v4.14": after the last
  // '-' or '_'.
  const std::size_t last = name.find_last_of("-_");
  if (last != std::string_view::npos) {
    if (auto tail = parse(name.substr(last + 1))) return tail;
    const std::size_t before = name.substr(0, last).find_last_of("-_");
    if (before != std::string_view::npos && name[last] == '-') {
      if (auto pair = parse(name.substr(before + 1))) return pair;
    }
  }
  return std::nullopt;
}

profiles::OcpVersion effective_ocp_version(const profiles::OcpVersion& version) {
  if (version.major == 4 && version.minor == 23) return {5, 0};
  return version;
}

bool ocp_version_less(const profiles::OcpVersion& a, const profiles::OcpVersion& b) {
  const profiles::OcpVersion ea = effective_ocp_version(a), eb = effective_ocp_version(b);
  if (ea.major != eb.major) return ea.major < eb.major;
  if (ea.minor != eb.minor) return ea.minor < eb.minor;
  if (a.major != b.major) return a.major < b.major;
  return a.minor < b.minor;
}

Discovery discover_repository(const FileSource& repository, const RootFound& on_root) {
  Discovery out;
  // Listed once, here and by every root passed on (each keeps its own folder of the listing).
  const ListedOnce source(repository);
  const std::vector<std::string> looked_at = files_to_look_at(source);
  std::vector<OwnerFolder> folders = owner_folders(looked_at);
  std::vector<std::string> order;  // the reads, in the order made
  order.reserve(looked_at.size());
  for (const OwnerFolder& f : folders) {
    for (const std::size_t i : f.files) order.push_back(looked_at[i]);
  }
  // Every file discovery reads is read again next: by the roots' loads (or by the one catalog's).
  source.plan_reads({order, /*read_again=*/true});

  FolderLook look(source, looked_at, out);
  std::vector<CatalogRoot> found;  // roots found and not yet passed to on_root, in root order
  std::optional<std::string> ahead;  // the root passed ahead of its turn, until passed in its turn
  std::size_t reads_made = 0;
  for (std::size_t f = 0; f < folders.size(); ++f) {
    OwnerFolder& folder = folders[f];
    look.read(folder);
    reads_made += folder.files.size();
    if (!on_root || folder.owner.kind == OwnerKind::Itself || folder.content.empty()) continue;
    const CatalogRoot root = root_of(folder);
    found.insert(std::upper_bound(found.begin(), found.end(), root, root_less), root);
    if (f + 1 == folders.size()) continue;  // the last folder read: the answer has the rest
    const ReadsAfter files(source, order, reads_made);
    look.release_buffer();
    while (!found.empty() && before_every_root_of(found.front(), folders[f + 1])) {
      on_root(found.front(), out, files, /*ahead=*/false);
      if (ahead && *ahead == found.front().path) ahead.reset();
      found.erase(found.begin());
    }
    // A root that waits for a folder still unread: passed ahead, so it can be validated meanwhile.
    if (!found.empty() && !ahead) {
      ahead = found.front().path;
      on_root(found.front(), out, files, /*ahead=*/true);
    }
  }
  look.release_buffer();

  // What was found, in walk order again.
  look.put_in_walk_order();
  for (const OwnerFolder& folder : folders) {
    if (folder.owner.kind != OwnerKind::Itself && !folder.content.empty()) out.roots.push_back(root_of(folder));
  }
  for (const OwnerFolder& folder : folders) {
    if (folder.owner.kind != OwnerKind::Itself || folder.content.empty()) continue;
    if (out.roots.empty()) {
      out.roots.push_back(CatalogRoot{});
    } else {
      out.stray_content = folder.content;
    }
  }
  std::stable_sort(out.roots.begin(), out.roots.end(), root_less);

  // Pair each template with the roots it renders.
  for (TemplateFile& t : out.templates) {
    const std::string folder = parent_of(t.path);
    for (const CatalogRoot& r : out.roots) {
      if (!r.version_folder.empty() && within(folder, r.version_folder) && !within(t.path, r.path)) {
        t.renders.push_back(r.path);
      }
    }
    if (!t.renders.empty()) continue;
    for (const CatalogRoot& r : out.roots) {
      if (within(t.path, r.path) && !r.path.empty()) t.renders.push_back(r.path);
    }
    if (!t.renders.empty()) continue;
    if (!outermost_version_folder(t.path).empty()) continue;  // a version folder without a catalog
    // A template whose file name names a version ("templates/v4.14.yaml", "catalog-4-14.json")
    // renders the root of that version.
    std::string stem = base_name(t.path);
    if (const std::size_t dot = stem.rfind('.'); dot != std::string::npos) stem.resize(dot);
    if (const auto named = ocp_version_of_folder(stem)) {
      for (const CatalogRoot& r : out.roots) {
        if (r.ocp_version && r.ocp_version->major == named->major && r.ocp_version->minor == named->minor) t.renders.push_back(r.path);
      }
      if (!t.renders.empty()) continue;
    }
    for (const CatalogRoot& r : out.roots) {
      if (!r.version_folder.empty()) continue;
      const std::string parent = parent_of(r.path);
      if (r.path.empty() || parent == folder || parent == parent_of(folder)) t.renders.push_back(r.path);
    }
  }

  const bool root_is_folder = out.roots.size() == 1 && out.roots.front().path.empty();
  out.repository = !out.templates.empty() || out.roots.size() > 1 || (out.roots.size() == 1 && !root_is_folder);
  return out;
}

std::optional<ShownRoot> find_shown_root(const FileSource& source,
                                         const std::function<bool(const std::vector<std::string>& rest)>& worth_it) {
  const std::vector<std::string> looked_at = files_to_look_at(source);
  std::vector<OwnerFolder> folders = owner_folders(looked_at);
  // The version folders come first, by version: the newest last, before `versions_end`.
  const std::size_t versions_end = static_cast<std::size_t>(std::count_if(
      folders.begin(), folders.end(), [](const OwnerFolder& f) { return f.owner.kind == OwnerKind::VersionFolder; }));
  const auto same_version = [](const OwnerFolder& a, const OwnerFolder& b) {
    return !ocp_version_less(*a.version, *b.version) && !ocp_version_less(*b.version, *a.version);
  };
  ShownRoot out;
  FolderLook look(source, looked_at, out.so_far);
  std::size_t end = versions_end;  // the version folders before it are not read yet
  for (std::size_t versions = 0; versions < kMaxShownRootVersions && end > 0; ++versions) {
    std::size_t begin = end - 1;
    while (begin > 0 && same_version(folders[begin - 1], folders[end - 1])) --begin;
    // What stays unread if this version's folders make the root: everything but them and the
    // newer versions' folders (read already, without content).
    std::vector<bool> read(looked_at.size(), false);
    for (std::size_t f = begin; f < versions_end; ++f) {
      for (const std::size_t i : folders[f].files) read[i] = true;
    }
    std::vector<std::string> rest;
    for (std::size_t i = 0; i < looked_at.size(); ++i) {
      if (!read[i]) rest.push_back(looked_at[i]);
    }
    if (worth_it && !worth_it(rest)) return std::nullopt;
    ReadPlan plan{{}, /*read_again=*/true};
    for (std::size_t f = begin; f < end; ++f) {
      for (const std::size_t i : folders[f].files) plan.paths.push_back(looked_at[i]);
    }
    source.plan_reads(plan);
    std::optional<CatalogRoot> newest;
    for (std::size_t f = begin; f < end; ++f) {
      look.read(folders[f]);
      if (folders[f].content.empty()) continue;
      CatalogRoot root = root_of(folders[f]);
      if (!newest || root_less(*newest, root)) newest = std::move(root);
    }
    if (newest) {
      look.put_in_walk_order();
      out.rest = std::move(rest);
      out.root = *newest;
      out.so_far.roots = {std::move(*newest)};
      out.so_far.repository = true;
      return out;
    }
    end = begin;
  }
  return std::nullopt;
}

bool only_a_template_makes_a_repository(const std::vector<std::string>& paths) {
  for (const std::string& p : paths) {
    if (!outermost_version_folder(p).empty()) return false;
    const std::vector<std::string> parts = path_components(p);
    if (parts.size() > 1 && starts_with_catalog(parts[0])) return false;
  }
  return true;
}

// =====================================================================================================
// TemplateWatch
// =====================================================================================================

bool TemplateWatch::read(const std::string& path, std::string& bytes, std::string& error, std::size_t max_bytes) const {
  if (!base().read(path, bytes, error, max_bytes)) {
    unread_.push_back(path);
    return false;
  }
  if (!mentions_template_) mentions_template_ = mentions_template_schema(bytes);
  return true;
}

bool TemplateWatch::may_hold_template(const LoadResult* load) const {
  if (answer_) return *answer_;
  // Reads a file discovery looks at that the load did not read whole; true when it names a template.
  const auto names_template = [this](const std::string& path) {
    std::string bytes, error;
    return base().read(path, bytes, error, kMaxDiscoveryBytes) && mentions_template_schema(bytes);
  };
  if (!mentions_template_ && !load) {
    for (const std::string& p : files_to_look_at(base())) {
      if (names_template(p)) {
        mentions_template_ = true;
        break;
      }
    }
  } else if (!mentions_template_) {
    // The load's own file list is the listing discovery would walk (same source, same order): no
    // second walk, and no list of the files read kept meanwhile (a catalog of 20,000 files).
    std::sort(unread_.begin(), unread_.end());
    std::vector<std::string> paths;
    for (const CatalogFile& f : load->files) {
      if (base_name(f.path) == ".indexignore") paths.push_back(f.path);
    }
    const IndexIgnore ignore = discovery_ignore(base(), paths, /*read_again=*/false);  // after the load
    for (const CatalogFile& f : load->files) {
      if (!looked_at_by_discovery(f.path, ignore)) continue;
      if (!f.ignored && !std::binary_search(unread_.begin(), unread_.end(), f.path)) continue;  // looked at when read
      if (names_template(f.path)) {
        mentions_template_ = true;
        break;
      }
    }
  }
  answer_ = mentions_template_;
  return mentions_template_;
}

// =====================================================================================================
// SubtreeFileSource
// =====================================================================================================

SubtreeFileSource::SubtreeFileSource(const FileSource& base, std::string folder, std::vector<std::string> excluded)
    : base_(base), prefix_(folder.empty() ? std::string() : folder + "/"), excluded_(std::move(excluded)) {
  std::sort(excluded_.begin(), excluded_.end());
}

std::vector<std::string> SubtreeFileSource::list_files(std::vector<SourceError>& errors) const {
  std::vector<SourceError> base_errors;
  std::vector<std::string> out;
  for (std::string& p : base_.list_files(base_errors)) {
    if (p.compare(0, prefix_.size(), prefix_) != 0) continue;
    if (std::binary_search(excluded_.begin(), excluded_.end(), p)) continue;
    out.push_back(p.substr(prefix_.size()));
  }
  for (SourceError& e : base_errors) {
    if (e.path.empty()) {
      errors.push_back(std::move(e));
    } else if (e.path.compare(0, prefix_.size(), prefix_) == 0) {
      errors.push_back({e.path.substr(prefix_.size()), std::move(e.message)});
    }
  }
  return out;
}

bool SubtreeFileSource::read(const std::string& path, std::string& bytes, std::string& error,
                             std::size_t max_bytes) const {
  return base_.read(full(path), bytes, error, max_bytes);
}

bool SubtreeFileSource::is_symlink_to_directory(const std::string& path) const {
  return base_.is_symlink_to_directory(full(path));
}

void SubtreeFileSource::plan_reads(const ReadPlan& plan) const {
  ReadPlan in_base{{}, plan.read_again};
  in_base.paths.reserve(plan.paths.size());
  for (const std::string& p : plan.paths) in_base.paths.push_back(full(p));
  base_.plan_reads(in_base);
}

}  // namespace fbclens::repo
