#include "load/yaml_stream.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <cmath>
#include <cstdlib>
#include <map>

// libyaml: a small, fast C parser with no exceptions and line/column marks on every event
// (toolchain.md §7 compares it with yaml-cpp and libfyaml). We only use its event API.
#include <yaml.h>

#include "findings/go_format.h"

namespace fbclens {

namespace {

// Alias expansion budget (nodes copied through aliases). go-yaml rejects "excessive aliasing";
// we cap the total so billion-laughs input costs milliseconds and kilobytes.
constexpr std::size_t kMaxAliasExpansion = 1000000;

bool is_yaml_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// ---- YAML 1.1 scalar resolution, as go-yaml v2's resolve() for untagged plain scalars ----

bool all_of(std::string_view s, const char* set) {
  for (char c : s) {
    if (!std::strchr(set, c)) return false;
  }
  return true;
}

bool parse_go_int(std::string s, Json& out) {
  // strconv.ParseInt(s, 0, 64) after removing '_': sign, then 0x / 0o / 0b / leading-0 octal.
  s.erase(std::remove(s.begin(), s.end(), '_'), s.end());
  if (s.empty()) return false;
  bool neg = false;
  std::size_t i = 0;
  if (s[0] == '+' || s[0] == '-') {
    neg = s[0] == '-';
    i = 1;
  }
  int base = 10;
  if (s.size() - i > 1 && s[i] == '0') {
    const char p = static_cast<char>(s[i + 1] | 0x20);
    if (p == 'x') base = 16, i += 2;
    else if (p == 'o') base = 8, i += 2;
    else if (p == 'b') base = 2, i += 2;
    else base = 8, i += 1;
  }
  if (i >= s.size()) return false;
  const char* digits = base == 16 ? "0123456789abcdefABCDEF" : base == 10 ? "0123456789" : base == 8 ? "01234567" : "01";
  if (!all_of(std::string_view(s).substr(i), digits)) return false;
  errno = 0;
  const unsigned long long v = std::strtoull(s.c_str() + i, nullptr, base);
  if (errno == ERANGE) return false;
  if (neg) {
    if (v > 9223372036854775808ull) return false;
    out = v == 9223372036854775808ull ? INT64_MIN : -static_cast<std::int64_t>(v);
  } else if (v <= static_cast<unsigned long long>(INT64_MAX)) {
    out = static_cast<std::int64_t>(v);
  } else {
    out = static_cast<std::uint64_t>(v);
  }
  return true;
}

bool is_yaml_float(std::string_view s) {
  // ^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$
  std::size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  const std::size_t int_start = i;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
  const bool has_int = i > int_start;
  if (i < s.size() && s[i] == '.') {
    ++i;
    const std::size_t frac_start = i;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
    if (!has_int && i == frac_start) return false;
  } else if (!has_int) {
    return false;
  }
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    const std::size_t exp_start = i;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
    if (i == exp_start) return false;
  }
  return i == s.size();
}

Json resolve_plain_scalar(const std::string& s, YamlSchema schema) {
  static const char* const kNull[] = {"", "~", "null", "Null", "NULL"};
  static const char* const kTrue[] = {"true", "True", "TRUE", "y", "Y", "yes", "Yes", "YES", "on", "On", "ON"};
  static const char* const kFalse[] = {"false", "False", "FALSE", "n", "N", "no", "No", "NO", "off", "Off", "OFF"};
  const int bool_spellings = schema == YamlSchema::Core12 ? 3 : 11;  // YAML 1.2: true/false only
  for (const char* v : kNull) if (s == v) return nullptr;
  for (int i = 0; i < bool_spellings; ++i) if (s == kTrue[i]) return true;
  for (int i = 0; i < bool_spellings; ++i) if (s == kFalse[i]) return false;
  if (s == ".inf" || s == ".Inf" || s == ".INF" || s == "+.inf" || s == "+.Inf" || s == "+.INF" ||
      s == "-.inf" || s == "-.Inf" || s == "-.INF" || s == ".nan" || s == ".NaN" || s == ".NAN") {
    // JSON cannot hold these; sigs.k8s.io/yaml fails to marshal them. Keep as a string.
    return s;
  }
  const char c = s[0];
  if (std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '+' || c == '.') {
    Json v;
    // YAML 1.2 has no leading-zero octal ("0755" stays 755 decimal-looking text → int 755).
    if (schema == YamlSchema::Core12 && s.size() > 1 && s[0] == '0' && std::isdigit(static_cast<unsigned char>(s[1]))) {
      return std::strtod(s.c_str(), nullptr);
    }
    if (parse_go_int(s, v)) return v;
    std::string plain = s;
    plain.erase(std::remove(plain.begin(), plain.end(), '_'), plain.end());
    if (is_yaml_float(plain)) return std::strtod(plain.c_str(), nullptr);
  }
  return s;
}

// Map keys become strings, as sigs.k8s.io/yaml does for non-string keys.
std::string key_string(const Json& key) {
  if (key.is_string()) return key.get_ref<const std::string&>();
  if (key.is_null()) return "null";
  // sigs.k8s.io/yaml: float keys via strconv.FormatFloat(f, 'g', -1, 64), ints in decimal.
  if (key.is_number_float()) return go_format_float(key.get<double>());
  return key.dump();
}

std::size_t node_count(const Json& v) {
  std::size_t n = 1;
  if (v.is_structured()) {
    for (const auto& child : v) n += node_count(child);  // bounded by kMaxNestingDepth
  }
  return n;
}

// Builds JSON from libyaml events with an explicit stack (no recursion on input depth).
class EventBuilder {
 public:
  /// `fields` receives the positions of the document's members (to depth 4).
  EventBuilder(std::uint32_t line_offset, YamlSchema schema, FieldPositions& fields)
      : line_offset_(line_offset), schema_(schema), fields_(fields) {}

  // Returns false with error_ set on failure. `out` is null for an empty document.
  bool build(yaml_parser_t& parser, Json& out, bool& saw_document) {
    saw_document = false;
    yaml_event_t event;
    bool done = false;
    bool have_root = false;
    Json root;
    while (!done) {
      if (!yaml_parser_parse(&parser, &event)) return parser_error(parser);
      bool ok = true;
      switch (event.type) {
        case YAML_STREAM_END_EVENT:
          done = true;
          break;
        case YAML_DOCUMENT_START_EVENT:
          if (saw_document) {
            // A second document inside one chunk (e.g. after "..."): opm's YAML→JSON reads only
            // the first; the rest of the chunk is ignored.
            done = true;
          }
          saw_document = true;
          break;
        case YAML_SCALAR_EVENT:
          ok = on_value(scalar_value(event), event, root, have_root);
          break;
        case YAML_ALIAS_EVENT:
          ok = on_alias(event, root, have_root);
          break;
        case YAML_SEQUENCE_START_EVENT:
        case YAML_MAPPING_START_EVENT:
          ok = on_start(event);
          break;
        case YAML_SEQUENCE_END_EVENT:
        case YAML_MAPPING_END_EVENT:
          ok = on_end(root, have_root);
          break;
        default:
          break;
      }
      yaml_event_delete(&event);
      if (!ok) return false;
    }
    out = have_root ? std::move(root) : Json(nullptr);
    return true;
  }

  const std::string& error() const { return error_; }
  TextPosition error_position() const { return error_position_; }
  bool limit_hit() const { return limit_hit_; }

 private:
  struct Frame {
    Json value;
    bool is_map = false;
    bool have_key = false;
    std::string key;
    std::string anchor;
    std::vector<Json> merges;  // "<<" sources, applied at the end (explicit keys win)
    std::string path;
  };

  TextPosition pos(const yaml_mark_t& m) const {
    return TextPosition{static_cast<std::uint32_t>(m.line) + line_offset_, static_cast<std::uint32_t>(m.column) + 1};
  }

  Json scalar_value(const yaml_event_t& e) {
    const std::string text(reinterpret_cast<const char*>(e.data.scalar.value), e.data.scalar.length);
    const char* tag = reinterpret_cast<const char*>(e.data.scalar.tag);
    if (tag) {
      const std::string t = tag;
      if (t == "tag:yaml.org,2002:str") return text;
      if (t == "tag:yaml.org,2002:null") return nullptr;
      if (t == "tag:yaml.org,2002:int" || t == "tag:yaml.org,2002:float" || t == "tag:yaml.org,2002:bool") {
        return resolve_plain_scalar(text, schema_);
      }
    }
    if (e.data.scalar.style != YAML_PLAIN_SCALAR_STYLE) return text;
    return resolve_plain_scalar(text, schema_);
  }

  std::string child_path() const {
    const Frame& f = stack_.back();
    return f.path + "/" + (f.is_map ? f.key : std::to_string(f.value.size()));
  }

  // Places a finished value into its parent (or as the root).
  bool place(Json value, const std::string& anchor, const yaml_mark_t& mark, Json& root, bool& have_root,
             bool is_key_candidate) {
    if (!anchor.empty()) {
      anchor_sizes_[anchor] = node_count(value);
      anchors_[anchor] = value;
    }
    if (stack_.empty()) {
      root = std::move(value);
      have_root = true;
      return true;
    }
    Frame& f = stack_.back();
    if (f.is_map && !f.have_key) {
      if (!is_key_candidate && !value.is_primitive()) {
        f.key = value.dump();  // complex keys: go-yaml would fail JSON conversion; keep text
      } else {
        f.key = key_string(value);
      }
      f.have_key = true;
      merge_key_ = value.is_string() && f.key == "<<" && !merge_key_quoted_;
      return true;
    }
    if (stack_.size() <= 4) fields_.entries.emplace_back(child_path(), pos(mark));
    if (f.is_map) {
      if (merge_key_) {
        f.merges.push_back(std::move(value));
      } else {
        f.value[f.key] = std::move(value);
      }
      f.have_key = false;
      merge_key_ = false;
    } else {
      f.value.push_back(std::move(value));
    }
    return true;
  }

  bool on_value(Json value, const yaml_event_t& e, Json& root, bool& have_root) {
    const char* anchor = reinterpret_cast<const char*>(e.data.scalar.anchor);
    merge_key_quoted_ = e.data.scalar.style != YAML_PLAIN_SCALAR_STYLE;
    return place(std::move(value), anchor ? anchor : "", e.start_mark, root, have_root, true);
  }

  bool on_alias(const yaml_event_t& e, Json& root, bool& have_root) {
    const std::string name = reinterpret_cast<const char*>(e.data.alias.anchor);
    auto it = anchors_.find(name);
    if (it == anchors_.end()) {
      error_ = "yaml: unknown anchor '" + name + "' referenced";
      error_position_ = pos(e.start_mark);
      return false;
    }
    expanded_ += anchor_sizes_[name];
    if (expanded_ > kMaxAliasExpansion) {
      error_ = "yaml: document contains excessive aliasing";
      error_position_ = pos(e.start_mark);
      limit_hit_ = true;
      return false;
    }
    merge_key_quoted_ = false;
    return place(it->second, "", e.start_mark, root, have_root, false);
  }

  bool on_start(const yaml_event_t& e) {
    if (stack_.size() >= kMaxNestingDepth) {
      error_ = "yaml: exceeded max depth of " + std::to_string(kMaxNestingDepth);
      error_position_ = pos(e.start_mark);
      limit_hit_ = true;
      return false;
    }
    const bool is_map = e.type == YAML_MAPPING_START_EVENT;
    const yaml_char_t* anchor = is_map ? e.data.mapping_start.anchor : e.data.sequence_start.anchor;
    Frame f;
    f.value = is_map ? Json::object() : Json::array();
    f.is_map = is_map;
    f.anchor = anchor ? reinterpret_cast<const char*>(anchor) : "";
    f.path = stack_.empty() ? "" : child_path();
    start_marks_.push_back(e.start_mark);
    stack_.push_back(std::move(f));
    return true;
  }

  bool on_end(Json& root, bool& have_root) {
    Frame f = std::move(stack_.back());
    stack_.pop_back();
    const yaml_mark_t mark = start_marks_.back();
    start_marks_.pop_back();
    if (f.is_map && !f.merges.empty()) {
      // "<<: *a" or "<<: [*a, *b]": earlier sources win over later ones; explicit keys win over all.
      Json merged = Json::object();
      for (auto it = f.merges.rbegin(); it != f.merges.rend(); ++it) {
        const Json& src = *it;
        const auto apply = [&merged](const Json& m) {
          if (m.is_object()) for (auto kv = m.begin(); kv != m.end(); ++kv) merged[kv.key()] = kv.value();
        };
        if (src.is_array()) {
          for (auto s = src.rbegin(); s != src.rend(); ++s) apply(*s);
        } else {
          apply(src);
        }
      }
      for (auto kv = f.value.begin(); kv != f.value.end(); ++kv) merged[kv.key()] = std::move(kv.value());
      f.value = std::move(merged);
    }
    // The position of a container is where it starts; the parent records it for its key path.
    merge_key_quoted_ = false;
    return place(std::move(f.value), f.anchor, mark, root, have_root, false);
  }

  bool parser_error(const yaml_parser_t& p) {
    const std::string problem = p.problem ? p.problem : "unknown error";
    const std::string context = p.context ? p.context : "";
    const yaml_mark_t& m = p.problem_mark;
    error_position_ = pos(m);
    // go-yaml's wording: "yaml: line N: <problem>" (line 1-based, within the chunk).
    error_ = "yaml: line " + std::to_string(m.line + 1) + ": " + (context.empty() ? problem : context + " " + problem);
    return false;
  }

 private:
  std::uint32_t line_offset_;
  YamlSchema schema_;
  FieldPositions& fields_;
  std::vector<Frame> stack_;
  std::vector<yaml_mark_t> start_marks_;
  std::map<std::string, Json> anchors_;
  std::map<std::string, std::size_t> anchor_sizes_;
  std::size_t expanded_ = 0;
  bool merge_key_ = false;
  bool merge_key_quoted_ = false;
  std::string error_;
  TextPosition error_position_;
  bool limit_hit_ = false;
};

// Converts one chunk. Returns an item (document, or error).
YamlItem convert_chunk(std::string_view chunk, std::uint32_t chunk_first_line, YamlSchema schema = YamlSchema::GoYamlV2) {
  YamlItem item;
  yaml_parser_t parser;
  yaml_parser_initialize(&parser);
  yaml_parser_set_input_string(&parser, reinterpret_cast<const unsigned char*>(chunk.data()), chunk.size());
  EventBuilder builder(chunk_first_line, schema, item.document.fields);
  bool saw_document = false;
  Json value;
  const bool ok = builder.build(parser, value, saw_document);
  yaml_parser_delete(&parser);
  if (!ok) {
    item.error.kind = builder.limit_hit() ? YamlChunkError::Kind::Limit : YamlChunkError::Kind::Syntax;
    item.error.position = builder.error_position();
    item.error.opm_message = "error converting YAML to JSON: " + builder.error();
    item.error.message = "YAML error: " + builder.error().substr(6);
    return item;
  }
  item.ok = true;
  item.document.value = std::move(value);
  item.document.position = TextPosition{chunk_first_line, 1};
  // Point the document at its first field, which is where a reader looks for it.
  if (!item.document.fields.entries.empty()) {
    item.document.position = item.document.fields.entries.front().second;
    item.document.position.column = 1;
  }
  return item;
}

}  // namespace

bool yaml_to_json(std::string_view text, Json& out, std::string& error, YamlSchema schema) {
  YamlItem item = convert_chunk(text, 1, schema);
  if (!item.ok) {
    error = item.error.opm_message;
    return false;
  }
  out = std::move(item.document.value);
  return true;
}

std::vector<YamlItem> read_yaml_stream(std::string_view text, std::uint32_t first_line) {
  std::vector<YamlItem> items;
  // Line-based chunking (apimachinery YAMLReader): a line starting with "---" is a separator.
  std::size_t chunk_start = 0;       // byte offset where the buffered chunk starts
  std::size_t chunk_end = 0;         // byte offset where it ends (exclusive)
  bool chunk_open = false;
  std::uint32_t chunk_line = first_line;
  std::uint32_t line = first_line;

  const auto emit = [&](std::size_t start, std::size_t end, std::uint32_t start_line) {
    YamlItem item = convert_chunk(text.substr(start, end - start), start_line);
    if (item.ok && item.document.value.is_null()) {
      item.ok = false;
      item.error.kind = YamlChunkError::Kind::EmptyChunk;
      item.error.position = TextPosition{start_line, 1};
      item.error.opm_message = "object '' is missing root schema field";
      item.error.message =
          "YAML chunk holds no object (only comments, blank lines or a lone ---); opm rejects it. "
          "Remove it, or put comments after the first --- line";
    }
    items.push_back(std::move(item));
  };

  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t eol = text.find('\n', i);
    const std::size_t next = eol == std::string_view::npos ? text.size() : eol + 1;
    const std::string_view content = text.substr(i, next - i);
    if (content.size() >= 3 && content.substr(0, 3) == "---") {
      // Only spaces or a comment may follow.
      std::string_view rest = content.substr(3);
      while (!rest.empty() && (rest.back() == '\n' || rest.back() == '\r')) rest.remove_suffix(1);
      std::size_t k = 0;
      while (k < rest.size() && is_yaml_space(rest[k])) ++k;
      if (k < rest.size() && rest[k] != '#') {
        YamlItem item;
        item.error.kind = YamlChunkError::Kind::BadSeparator;
        item.error.position = TextPosition{line, 4};
        item.error.opm_message = "invalid Yaml document separator: " + std::string(rest.substr(k));
        item.error.message = "a document separator line must be just \"---\" (optionally with a comment)";
        items.push_back(std::move(item));
        return items;  // the reader stops here
      }
      if (chunk_open) {
        emit(chunk_start, chunk_end, chunk_line);
        chunk_open = false;
      } else {
        // An empty buffer keeps the separator as the next chunk's document start.
        chunk_open = true;
        chunk_start = i;
        chunk_end = next;
        chunk_line = line;
      }
    } else {
      if (!chunk_open) {
        chunk_open = true;
        chunk_start = i;
        chunk_line = line;
      }
      chunk_end = next;
    }
    i = next;
    ++line;
  }
  if (chunk_open) emit(chunk_start, chunk_end, chunk_line);
  return items;
}

}  // namespace fbclens
