#include "load/yaml_stream.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>

// libyaml: a small, fast C parser with no exceptions and line/column marks on every event
// (toolchain.md §7 compares it with yaml-cpp and libfyaml). We only use its event API.
#include <yaml.h>

#include "findings/go_format.h"
#include "load/byte_search.h"
#include "load/yaml_plain_scan.h"

namespace fbclens {

namespace {

// Alias expansion budget (nodes copied through aliases). go-yaml rejects "excessive aliasing";
// we cap the total so billion-laughs input costs milliseconds and kilobytes.
constexpr std::size_t kMaxAliasExpansion = 1000000;

bool is_yaml_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// ---- YAML 1.1 scalar resolution, as go-yaml v2's resolve() for untagged plain scalars ----

bool all_of(std::string_view s, std::string_view set) {
  for (char c : s) {
    if (set.find(c) == std::string_view::npos) return false;  // (strchr would match a NUL)
  }
  return true;
}

bool parse_go_int(std::string_view s, Json& out) {
  // strconv.ParseInt(s, 0, 64) after removing '_': sign, then 0x / 0o / 0b / leading-0 octal.
  std::string without_underscores;  // only when there are any (rare): the common path allocates nothing
  if (s.find('_') != std::string_view::npos) {
    without_underscores.reserve(s.size());
    for (char c : s) if (c != '_') without_underscores += c;
    s = without_underscores;
  }
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
  if (!all_of(s.substr(i), digits)) return false;
  // Digits only from here, so from_chars reads them all, as strtoull would, without a copy.
  unsigned long long v = 0;
  if (std::from_chars(s.data() + i, s.data() + s.size(), v, base).ec != std::errc()) return false;  // out of range
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

// go-yaml v2's resolve() for an untagged plain scalar (or one tagged int, float or bool). Allocates
// only for the value it returns (and for a float with '_' in it).
Json resolve_special_scalar(std::string_view s, YamlSchema schema) {
  using namespace std::string_view_literals;
  if (s.size() <= 5) {  // every null, bool, .inf and .nan spelling is at most 5 bytes
    static constexpr std::string_view kNull[] = {""sv, "~"sv, "null"sv, "Null"sv, "NULL"sv};
    static constexpr std::string_view kTrue[] = {"true"sv, "True"sv, "TRUE"sv, "y"sv, "Y"sv, "yes"sv,
                                                 "Yes"sv, "YES"sv, "on"sv, "On"sv, "ON"sv};
    static constexpr std::string_view kFalse[] = {"false"sv, "False"sv, "FALSE"sv, "n"sv, "N"sv, "no"sv,
                                                  "No"sv, "NO"sv, "off"sv, "Off"sv, "OFF"sv};
    static constexpr std::string_view kInfNan[] = {".inf"sv, ".Inf"sv, ".INF"sv, "+.inf"sv, "+.Inf"sv, "+.INF"sv,
                                                   "-.inf"sv, "-.Inf"sv, "-.INF"sv, ".nan"sv, ".NaN"sv, ".NAN"sv};
    const int bool_spellings = schema == YamlSchema::Core12 ? 3 : 11;  // YAML 1.2: true/false only
    for (std::string_view v : kNull) if (s == v) return nullptr;
    for (int i = 0; i < bool_spellings; ++i) if (s == kTrue[i]) return true;
    for (int i = 0; i < bool_spellings; ++i) if (s == kFalse[i]) return false;
    // JSON cannot hold these; sigs.k8s.io/yaml fails to marshal them. Keep as a string.
    for (std::string_view v : kInfNan) if (s == v) return Json(std::string(s));
  }
  const char c = s[0];
  if (std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '+' || c == '.') {
    // YAML 1.2 has no leading-zero octal ("0755" stays 755 decimal-looking text → int 755).
    if (schema == YamlSchema::Core12 && s.size() > 1 && s[0] == '0' && std::isdigit(static_cast<unsigned char>(s[1]))) {
      return std::strtod(std::string(s).c_str(), nullptr);
    }
    Json v;
    if (parse_go_int(s, v)) return v;
    // Most scalars that get here are versions ("1.2.3"): no float has two dots, so they skip the copy.
    const std::size_t first_dot = s.find('.');
    if (first_dot == std::string_view::npos || s.find('.', first_dot + 1) == std::string_view::npos) {
      std::string plain(s);
      plain.erase(std::remove(plain.begin(), plain.end(), '_'), plain.end());
      if (is_yaml_float(plain)) return std::strtod(plain.c_str(), nullptr);
    }
  }
  return Json(std::string(s));
}

// Whether plain scalar `s` is a string whatever its spelling could mean otherwise: true for almost
// every scalar of a catalog (names, images, descriptions), decided from its first byte and length
// without allocating. Every null, bool, .inf/.nan and number spelling starts with one of
// "~nNyYtTfFoO.+-" or a digit and is at most 5 bytes long unless it is a number.
bool plainly_a_string(std::string_view s) {
  if (s.empty()) return false;
  const char c = s[0];
  if (std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == '+' || c == '-') return false;
  if (s.size() > 5) return true;
  return !std::strchr("~nNyYtTfFoO", c);
}

Json resolve_plain_scalar(std::string_view s, YamlSchema schema) {
  if (plainly_a_string(s)) return Json(std::string(s));
  return resolve_special_scalar(s, schema);
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

// ---- Long scalars read without libyaml: stand-ins ----
//
// libyaml reads a scalar one character at a time (~100 instructions a byte), and two kinds of long
// scalar hold most of a catalog's bytes: the base64 payloads of olm.bundle.object properties (plain
// values on one line) and the descriptions and examples of olm.csv.metadata (literal block scalars,
// `key: |`; 29% of community-operators v4.21's bytes). So each such value on a line of the form
// `[- ]key: VALUE` is cut out of the text libyaml parses and replaced by a stand-in: the one-byte
// plain scalar "x" at the same line and column, followed by the line breaks of what was cut, so every
// later line keeps its number. Each value is put back when libyaml reports a plain scalar "x"
// starting exactly there (for a block scalar: only as the value of a key of a block mapping, where a
// `key: |` line's `|` surely starts one). Only where that happens for every stand-in of a chunk is
// the result kept; otherwise (the line was inside a block scalar, a quoted string or a flow
// collection, or the value went on over the next lines) the chunk is parsed again as written. What
// would make libyaml read the cut text differently from the text as written is ruled out: before any
// value is cut, lines broken otherwise than by '\n' (lines_are_newlines), characters libyaml rejects
// inside a block scalar (plain_yaml_text) and the text's end without a line break; after the parse, a
// second document in the chunk (EventBuilder::stopped_at_second_document). The document, its
// positions and its errors are then libyaml's on the text as written;
// tests/unit/yaml_block_scalar_test.cpp holds the reader to that against libyaml's own events and
// against read_yaml_stream_as_written.
struct StandIn {
  enum class Kind { PlainLine, LiteralBlock };
  Kind kind = Kind::PlainLine;
  std::size_t begin = 0, end = 0;  // the bytes of the chunk cut out
  std::uint32_t line = 0;          // 0-based line in the chunk: libyaml's mark.line (lines_are_newlines)
  std::uint32_t column = 0;        // 0-based column (the line's prefix is ASCII, so bytes = characters)
  std::uint32_t line_breaks = 0;   // '\n's in [begin, end), kept after the stand-in
  std::string value;               // LiteralBlock: the scalar's value, as libyaml reads it
};
constexpr std::size_t kLongScalarBytes = 256;  // a plain value shorter than this is left to libyaml
constexpr std::size_t kLongBlockBytes = 64;    // likewise a block scalar (header and lines)

// Whether libyaml's reader would pass `text` unchanged and see no line break in it but '\n': every
// character allowed in a YAML stream (printable, tab, line feed; well-formed UTF-8 in the ranges
// YAML allows) and none of the breaks libyaml also knows ('\r', NEL, U+2028, U+2029). A block scalar
// whose lines fail this is left to libyaml, which reports the bad character (or reads the break).
bool plain_yaml_text(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if ((c >= 0x20 && c < 0x7F) || c == '\n' || c == '\t') {
      ++i;
      continue;
    }
    if (c < 0x80) return false;  // other control characters, DEL
    const std::size_t n = yaml_text_char_length(text, i);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

std::size_t spaces_at(std::string_view text, std::size_t i, std::size_t at_most = std::string_view::npos) {
  const std::size_t from = i;
  while (i < text.size() && text[i] == ' ' && i - from < at_most) ++i;
  return i - from;
}

// The literal block scalar whose header `|`, `|-` or `|+` is at chunk[indicator] (the line's last
// characters but blanks; `key_column` is the column of its key, which is the block mapping's
// indentation), read as libyaml's yaml_parser_scan_block_scalar reads it: the content indentation
// taken from the first non-empty line, each line's text after it, blank lines kept as line breaks, the
// tail chomped. Fills `out` and returns true only for the common, plain shape: content on the next
// lines, no tab in an indentation, nothing after the block on a line deeper than the key (which
// would go on the stand-in "x" as a plain scalar's next line), and text libyaml reads as it is
// (plain_yaml_text). Anything else is left to libyaml.
bool literal_block(std::string_view chunk, std::size_t indicator, std::size_t line_end, std::size_t key_column, StandIn& out) {
  const std::size_t n = chunk.size();
  int chomping = 0;  // -1 strip ("|-"), 0 clip ("|"), +1 keep ("|+")
  if (indicator + 1 < line_end && (chunk[indicator + 1] == '-' || chunk[indicator + 1] == '+')) {
    chomping = chunk[indicator + 1] == '-' ? -1 : 1;
  }
  if (line_end >= n) return false;  // no line after the header
  std::size_t pos = line_end + 1;
  std::uint32_t line_breaks = 1;  // the header's

  // Leading blank lines, then the first non-empty line sets the indentation (libyaml: the most
  // spaces seen so far, at least one more than the key's column).
  std::size_t max_indent = 0, breaks = 0, column = 0;
  while (true) {
    if (pos >= n) return false;  // only blank lines: an empty scalar
    column = spaces_at(chunk, pos);
    max_indent = std::max(max_indent, column);
    if (pos + column >= n) return false;
    const char c = chunk[pos + column];
    if (c == '\t' || c == '\r') return false;  // libyaml: a tab where indentation is expected; '\r' a break
    if (c != '\n') break;
    ++breaks;
    ++line_breaks;
    pos += column + 1;
  }
  const std::size_t indent = std::max({max_indent, key_column + 1, std::size_t(1)});
  // A deeper blank line before it, or a first line at or left of the key's column: an empty scalar.
  if (column != indent) return false;

  std::string& value = out.value;
  value.assign(breaks, '\n');
  breaks = 0;
  bool pending_break = false;  // the line break after the last content line
  std::size_t end = n;         // where the scalar's lines end: the next line's start, or the chunk's end
  while (true) {
    // A content line: pos is its start, its text starts at pos + indent.
    if (pending_break) value += '\n';
    value.append(breaks, '\n');
    breaks = 0;
    const char* nl = find_byte(chunk.data() + pos + indent, chunk.data() + n, '\n');
    const std::size_t eol = nl ? static_cast<std::size_t>(nl - chunk.data()) : n;
    value.append(chunk.data() + pos + indent, eol - pos - indent);
    if (eol >= n) {
      pending_break = false;
      break;
    }
    pending_break = true;
    ++line_breaks;
    pos = eol + 1;
    // The next lines: blank ones are line breaks of the scalar; the first other one either goes on
    // at the indentation or ends the scalar.
    bool more = false;
    while (pos < n) {
      column = spaces_at(chunk, pos, indent);
      if (pos + column >= n) {  // spaces, then the chunk's end
        pos = n;
        break;
      }
      const char c = chunk[pos + column];
      if (column < indent && c == '\t') return false;  // libyaml: a tab where indentation is expected
      if (c == '\n') {
        ++breaks;
        ++line_breaks;
        pos += column + 1;
        continue;
      }
      if (column == indent) {
        more = true;
      } else if (column > key_column || static_cast<unsigned char>(c) <= 0x20 || static_cast<unsigned char>(c) >= 0x7F) {
        // Deeper than the key, the line ends the block scalar but would go on the stand-in; and a
        // line starting with another break ('\r', NEL) is blank to libyaml.
        return false;
      } else {
        end = pos;
      }
      break;
    }
    if (!more) break;
  }
  if (chomping != -1 && pending_break) value += '\n';
  if (chomping == 1) value.append(breaks, '\n');

  // At the end of a text that does not end with a line break, libyaml puts the stream's end on a
  // line of its own, which the stand-in's text (ending in one) would not.
  if (end == n && chunk[n - 1] != '\n') return false;
  const std::string_view cut = chunk.substr(indicator, end - indicator);
  if (cut.size() < kLongBlockBytes || !plain_yaml_text(cut)) return false;
  out.kind = StandIn::Kind::LiteralBlock;
  out.begin = indicator;
  out.end = end;
  out.line_breaks = line_breaks;
  return true;
}

// Whether libyaml counts the lines of `chunk` as '\n' bytes, as the stand-ins' positions do: no
// UTF-16 byte order mark (libyaml would read the text as UTF-16), no '\r' but before '\n', and none
// of the other line breaks libyaml knows (NEL, U+2028, U+2029). Otherwise a stand-in's expected
// line is not libyaml's, and another value could stand where it is expected.
bool lines_are_newlines(std::string_view chunk) {
  const auto byte = [&chunk](std::size_t i) { return static_cast<unsigned char>(chunk[i]); };
  const std::size_t n = chunk.size();
  if (n >= 2 && ((byte(0) == 0xFE && byte(1) == 0xFF) || (byte(0) == 0xFF && byte(1) == 0xFE))) return false;
  // One pass past the bytes that are neither '\r' nor the lead of a multi-byte character (three
  // memchr passes, one per break's first byte, were 5% of a union's load in wasm).
  const char* const begin = chunk.data();
  const char* const end = begin + n;
  for (const char* at = begin; (at = find_carriage_return_or_non_ascii(at, end)); ++at) {
    const std::size_t i = static_cast<std::size_t>(at - begin);
    const unsigned char c = byte(i);
    if (c == '\r' && !(i + 1 < n && chunk[i + 1] == '\n')) return false;
    if (c == 0xC2 && i + 1 < n && byte(i + 1) == 0x85) return false;                                       // NEL
    if (c == 0xE2 && i + 2 < n && byte(i + 1) == 0x80 && (byte(i + 2) == 0xA8 || byte(i + 2) == 0xA9)) return false;  // U+2028/9
  }
  return true;
}

// The long values of `chunk` that may be cut out (see above), in text order; a superset is harmless
// (the parse checks each), so this only has to be cheap and to find the common cases.
std::vector<StandIn> stand_ins(std::string_view chunk) {
  std::vector<StandIn> out;
  if (!lines_are_newlines(chunk)) return out;
  const std::size_t n = chunk.size();
  std::size_t line_start = 0;
  std::uint32_t line = 0;
  while (line_start < n) {
    const char* nl = find_byte(chunk.data() + line_start, chunk.data() + n, '\n');
    const std::size_t line_end = nl ? static_cast<std::size_t>(nl - chunk.data()) : n;
    std::size_t next = nl ? line_end + 1 : n;
    // A block scalar's header ends its line with '|', "|-" or "|+" (blanks after them aside); a long
    // plain value makes its line long.
    std::size_t last = line_end;
    while (last > line_start && (chunk[last - 1] == ' ' || chunk[last - 1] == '\t')) --last;
    const bool block_header = last - line_start >= 4 &&
                              (chunk[last - 1] == '|' || ((chunk[last - 1] == '-' || chunk[last - 1] == '+') && chunk[last - 2] == '|'));
    if (block_header || line_end - line_start > kLongScalarBytes) {
      std::size_t i = line_start;
      while (i < line_end && chunk[i] == ' ') ++i;
      while (i + 1 < line_end && chunk[i] == '-' && chunk[i + 1] == ' ') {
        i += 2;
        while (i < line_end && chunk[i] == ' ') ++i;
      }
      const std::size_t key = i;
      while (i < line_end && (std::isalnum(static_cast<unsigned char>(chunk[i])) || chunk[i] == '_' || chunk[i] == '.' ||
                              chunk[i] == '-' || chunk[i] == '/')) {
        ++i;
      }
      if (i > key && i + 1 < line_end && chunk[i] == ':' && chunk[i + 1] == ' ') {
        i += 1;
        while (i < line_end && chunk[i] == ' ') ++i;
        const std::size_t value = i;
        StandIn block;
        const bool literal_header =
            chunk[value] == '|' && (last - value == 1 || (last - value == 2 && (chunk[value + 1] == '-' || chunk[value + 1] == '+')));
        if (block_header && literal_header &&
            literal_block(chunk, value, line_end, key - line_start, block)) {
          block.line = line;
          block.column = static_cast<std::uint32_t>(value - line_start);
          // Go on at the line after the scalar: its lines are text, not keys.
          next = block.end;
          line += block.line_breaks;
          out.push_back(std::move(block));
          line_start = next;
          continue;
        }
        i = static_cast<std::size_t>(base64_run_end(chunk.data() + i, chunk.data() + line_end) - chunk.data());
        const std::size_t value_end = i;
        if (i < line_end && chunk[i] == '\r') ++i;
        // The next line, if any, must be indented no deeper than the key (not a continuation line)
        // and not blank (blank lines fold into a plain scalar).
        bool ends = next >= n;
        if (!ends) {
          std::size_t j = next;
          while (j < n && chunk[j] == ' ') ++j;
          ends = j < n && chunk[j] != '\n' && chunk[j] != '\r' && chunk[j] != '\t' && j - next <= key - line_start;
        }
        if (i == line_end && value_end - value >= kLongScalarBytes && ends) {
          StandIn plain;
          plain.begin = value;
          plain.end = value_end;
          plain.line = line;
          plain.column = static_cast<std::uint32_t>(value - line_start);
          out.push_back(std::move(plain));
        }
      }
    }
    line_start = next;
    ++line;
  }
  return out;
}

// Builds JSON from libyaml events with an explicit stack (no recursion on input depth). Scalars are
// read straight from the event's buffer: a map key is assigned into its frame's reused key string
// and moved into the map, a value becomes its Json string with one copy, and the JSON-Pointer paths
// of recorded positions are built in one reused buffer.
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
      const bool ok = on_event(event, root, have_root, saw_document, done);
      yaml_event_delete(&event);
      if (!ok) return false;
    }
    out = have_root ? std::move(root) : Json(nullptr);
    return true;
  }

  /// The same from events already made (scan_plain_yaml's, which own nothing to delete).
  bool build(const std::vector<yaml_event_t>& events, Json& out, bool& saw_document) {
    saw_document = false;
    bool done = false;
    bool have_root = false;
    Json root;
    for (std::size_t i = 0; i < events.size() && !done; ++i) {
      if (!on_event(events[i], root, have_root, saw_document, done)) return false;
    }
    out = have_root ? std::move(root) : Json(nullptr);
    return true;
  }

  const std::string& error() const { return error_; }
  TextPosition error_position() const { return error_position_; }
  bool limit_hit() const { return limit_hit_; }
  /// Whether the parse stopped at a second document. How much of the text libyaml's reader has
  /// checked by then (e.g. for control characters) depends on where its 16 KiB refills fall, which
  /// cutting text out moves: such a chunk is parsed again as written.
  bool stopped_at_second_document() const { return stopped_at_second_document_; }

  /// The long scalars cut out of the text being parsed, put back where libyaml reports their
  /// stand-ins: plain ones read from `original` (the chunk as written), block ones moved out of
  /// `stand_ins`.
  void set_stand_ins(std::vector<StandIn>& stand_ins, std::string_view original) {
    stand_ins_ = &stand_ins;
    original_ = original;
  }
  /// Whether every stand-in was reported where it stands, and its value put back.
  bool stand_ins_restored() const { return stand_ins_ && !stand_in_mismatch_ && restored_ == stand_ins_->size(); }

 private:
  // One open mapping or sequence. Frames are reused (stack_ only grows), so their strings keep
  // their capacity from one document to the next.
  struct Frame {
    Json value;
    bool is_map = false;
    bool block_map = false;  // a mapping in block style (where `key: |` starts a block scalar)
    bool have_key = false;
    std::string key;
    std::string anchor;
    std::vector<Json> merges;  // "<<" sources, applied at the end (explicit keys win)
    std::size_t path_end = 0;  // path_ holds this frame's path in [0, path_end) (depth <= 4 only)
    yaml_mark_t mark{};
  };

  // One event into the document being built; `done` once the stream (or the first document) ends.
  bool on_event(const yaml_event_t& event, Json& root, bool& have_root, bool& saw_document, bool& done) {
    switch (event.type) {
      case YAML_STREAM_END_EVENT:
        done = true;
        return true;
      case YAML_DOCUMENT_START_EVENT:
        if (saw_document) {
          // A second document inside one chunk (after a "---" the splitter does not see at a
          // line's start, e.g. after a lone '\r'): opm's YAML→JSON reads only the first; the rest
          // of the chunk is ignored.
          done = true;
          stopped_at_second_document_ = true;
        }
        saw_document = true;
        return true;
      case YAML_SCALAR_EVENT:
        return on_scalar(event, root, have_root);
      case YAML_ALIAS_EVENT:
        return on_alias(event, root, have_root);
      case YAML_SEQUENCE_START_EVENT:
      case YAML_MAPPING_START_EVENT:
        return on_start(event);
      case YAML_SEQUENCE_END_EVENT:
      case YAML_MAPPING_END_EVENT:
        return on_end(root, have_root);
      default:
        return true;
    }
  }

  TextPosition pos(const yaml_mark_t& m) const {
    return TextPosition{static_cast<std::uint32_t>(m.line) + line_offset_, static_cast<std::uint32_t>(m.column) + 1};
  }

  Frame* top() { return depth_ ? &stack_[depth_ - 1] : nullptr; }

  // Appends "/<key or index>" of the top frame's next member to path_.
  void append_child_step() {
    const Frame& f = stack_[depth_ - 1];
    path_ += '/';
    if (f.is_map) {
      path_ += f.key;
    } else {
      char digits[24];
      const auto end = std::to_chars(digits, digits + sizeof digits, f.value.size()).ptr;
      path_.append(digits, static_cast<std::size_t>(end - digits));
    }
  }

  // A scalar's value as go-yaml v2 (or the YAML 1.2 core schema) types it.
  Json scalar_value(const yaml_event_t& e) const {
    const std::string_view text(reinterpret_cast<const char*>(e.data.scalar.value), e.data.scalar.length);
    if (const char* tag = reinterpret_cast<const char*>(e.data.scalar.tag)) {
      const std::string_view t = tag;
      if (t == "tag:yaml.org,2002:str") return Json(std::string(text));
      if (t == "tag:yaml.org,2002:null") return nullptr;
      if (t == "tag:yaml.org,2002:int" || t == "tag:yaml.org,2002:float" || t == "tag:yaml.org,2002:bool") {
        return resolve_plain_scalar(text, schema_);
      }
    }
    if (e.data.scalar.style != YAML_PLAIN_SCALAR_STYLE) return Json(std::string(text));
    return resolve_plain_scalar(text, schema_);
  }

  // Places a finished value into its parent (or as the root).
  bool place(Json value, const std::string& anchor, const yaml_mark_t& mark, Json& root, bool& have_root,
             bool is_key_candidate) {
    if (!anchor.empty()) {
      anchor_sizes_[anchor] = node_count(value);
      anchors_[anchor] = value;
    }
    Frame* f = top();
    if (!f) {
      root = std::move(value);
      have_root = true;
      return true;
    }
    if (f->is_map && !f->have_key) {
      if (!is_key_candidate && !value.is_primitive()) {
        f->key = value.dump();  // complex keys: go-yaml would fail JSON conversion; keep text
      } else {
        f->key = key_string(value);
      }
      f->have_key = true;
      merge_key_ = value.is_string() && f->key == "<<" && !merge_key_quoted_;
      return true;
    }
    if (depth_ <= 4) {
      const std::size_t base = path_.size();
      append_child_step();
      fields_.add(path_, pos(mark));
      path_.resize(base);
    }
    if (f->is_map) {
      if (merge_key_) {
        f->merges.push_back(std::move(value));
      } else {
        // One search. The key is copied, not moved: the frame keeps it, as the path of a container
        // used as the next key (a complex key) has always been built from it.
        Json::object_t& object = *f->value.get_ptr<Json::object_t*>();
        const auto at = object.lower_bound(f->key);
        if (at != object.end() && at->first == f->key) {
          at->second = std::move(value);  // a repeated key: the last one wins
        } else {
          object.emplace_hint(at, f->key, std::move(value));
        }
      }
      f->have_key = false;
      merge_key_ = false;
    } else {
      f->value.get_ptr<Json::array_t*>()->push_back(std::move(value));
    }
    return true;
  }

  bool on_scalar(const yaml_event_t& e, Json& root, bool& have_root) {
    const char* anchor = reinterpret_cast<const char*>(e.data.scalar.anchor);
    merge_key_quoted_ = e.data.scalar.style != YAML_PLAIN_SCALAR_STYLE;
    if (stand_ins_) {
      // Events come in text order: a stand-in passed without its event was not a plain value.
      const auto line = static_cast<std::uint32_t>(e.start_mark.line), column = static_cast<std::uint32_t>(e.start_mark.column);
      std::vector<StandIn>& stand_ins = *stand_ins_;
      while (next_stand_in_ < stand_ins.size() &&
             (stand_ins[next_stand_in_].line < line ||
              (stand_ins[next_stand_in_].line == line && stand_ins[next_stand_in_].column < column))) {
        stand_in_mismatch_ = true;
        ++next_stand_in_;
      }
      if (next_stand_in_ < stand_ins.size() && stand_ins[next_stand_in_].line == line &&
          stand_ins[next_stand_in_].column == column) {
        StandIn& s = stand_ins[next_stand_in_++];
        const Frame* f = top();
        const bool is_stand_in = e.data.scalar.style == YAML_PLAIN_SCALAR_STYLE && !e.data.scalar.tag && !anchor &&
                                 e.data.scalar.length == 1 && e.data.scalar.value[0] == 'x';
        if (is_stand_in && s.kind == StandIn::Kind::PlainLine) {
          ++restored_;
          return place(resolve_plain_scalar(original_.substr(s.begin, s.end - s.begin), schema_), std::string(),
                       e.start_mark, root, have_root, true);
        }
        if (is_stand_in && f && f->block_map && f->have_key) {  // a block scalar: text, never resolved
          ++restored_;
          return place(Json(std::move(s.value)), std::string(), e.start_mark, root, have_root, true);
        }
        stand_in_mismatch_ = true;
      }
    }
    Frame* f = top();
    if (f && f->is_map && !f->have_key && !anchor) {
      // A map key that is a plain string (almost all): straight into the frame's key.
      const std::string_view text(reinterpret_cast<const char*>(e.data.scalar.value), e.data.scalar.length);
      if (!e.data.scalar.tag && (e.data.scalar.style != YAML_PLAIN_SCALAR_STYLE || plainly_a_string(text))) {
        f->key.assign(text.data(), text.size());
        f->have_key = true;
        merge_key_ = !merge_key_quoted_ && text == "<<";
        return true;
      }
    }
    return place(scalar_value(e), anchor ? anchor : std::string(), e.start_mark, root, have_root, true);
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
    return place(it->second, std::string(), e.start_mark, root, have_root, false);
  }

  bool on_start(const yaml_event_t& e) {
    if (depth_ >= kMaxNestingDepth) {
      error_ = "yaml: exceeded max depth of " + std::to_string(kMaxNestingDepth);
      error_position_ = pos(e.start_mark);
      limit_hit_ = true;
      return false;
    }
    const bool is_map = e.type == YAML_MAPPING_START_EVENT;
    const yaml_char_t* anchor = is_map ? e.data.mapping_start.anchor : e.data.sequence_start.anchor;
    // The new frame's path (recorded positions of its members need it down to depth 4).
    if (depth_ > 0 && depth_ < 4) append_child_step();
    if (depth_ == stack_.size()) stack_.emplace_back();
    Frame& f = stack_[depth_++];
    f.value = is_map ? Json(Json::value_t::object) : Json(Json::value_t::array);
    f.is_map = is_map;
    f.block_map = is_map && e.data.mapping_start.style == YAML_BLOCK_MAPPING_STYLE;
    f.have_key = false;
    f.key.clear();
    if (anchor) f.anchor.assign(reinterpret_cast<const char*>(anchor)); else f.anchor.clear();
    f.merges.clear();
    f.path_end = path_.size();
    f.mark = e.start_mark;
    return true;
  }

  bool on_end(Json& root, bool& have_root) {
    Frame& f = stack_[--depth_];
    Json value = std::move(f.value);
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
      for (auto kv = value.begin(); kv != value.end(); ++kv) merged[kv.key()] = std::move(kv.value());
      value = std::move(merged);
      f.merges.clear();
    }
    // Back to the parent's path.
    path_.resize(depth_ > 0 ? stack_[depth_ - 1].path_end : 0);
    // The position of a container is where it starts; the parent records it for its key path.
    merge_key_quoted_ = false;
    return place(std::move(value), f.anchor, f.mark, root, have_root, false);
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
  std::size_t depth_ = 0;
  std::string path_;
  std::map<std::string, Json> anchors_;
  std::map<std::string, std::size_t> anchor_sizes_;
  std::size_t expanded_ = 0;
  bool merge_key_ = false;
  bool merge_key_quoted_ = false;
  std::string error_;
  TextPosition error_position_;
  bool limit_hit_ = false;
  bool stopped_at_second_document_ = false;
  std::vector<StandIn>* stand_ins_ = nullptr;
  std::string_view original_;
  std::size_t next_stand_in_ = 0, restored_ = 0;
  bool stand_in_mismatch_ = false;
};

// Builds the document of `text` with `builder`: from scan_plain_yaml's events when the text keeps
// to the plain shape it takes (most chunks of a rendered catalog), else from libyaml's parser. The
// two give the same events for such text (tests/unit/yaml_plain_scan_test.cpp), so which one ran
// never shows in the document, its positions or its errors.
bool build_document(std::string_view text, bool plain_scan, EventBuilder& builder, Json& value) {
  bool saw_document = false;
  if (plain_scan) {
    std::vector<yaml_event_t> events;
    std::string storage;
    if (scan_plain_yaml(text, events, storage)) return builder.build(events, value, saw_document);
  }
  yaml_parser_t parser;
  yaml_parser_initialize(&parser);
  yaml_parser_set_input_string(&parser, reinterpret_cast<const unsigned char*>(text.data()), text.size());
  const bool ok = builder.build(parser, value, saw_document);
  yaml_parser_delete(&parser);
  return ok;
}

// Converts one chunk. Returns an item (document, or error). `with_stand_ins` false reads the text
// as written with libyaml alone (read_yaml_stream_as_written: the reference the fast paths are
// tested against).
YamlItem convert_chunk(std::string_view chunk, std::uint32_t chunk_first_line, YamlSchema schema = YamlSchema::GoYamlV2,
                       bool with_stand_ins = true) {
  YamlItem item;
  bool ok = false;
  Json value;
  std::unique_ptr<EventBuilder> builder;
  // Long values cut out first (see StandIn); kept only if every one was read back.
  std::vector<StandIn> cuts = with_stand_ins ? stand_ins(chunk) : std::vector<StandIn>();
  if (!cuts.empty()) {
    std::string cut;
    cut.reserve(chunk.size());
    std::size_t from = 0;
    for (const StandIn& s : cuts) {
      cut.append(chunk.data() + from, s.begin - from);
      cut += 'x';
      cut.append(s.line_breaks, '\n');
      from = s.end;
    }
    cut.append(chunk.data() + from, chunk.size() - from);
    builder = std::make_unique<EventBuilder>(chunk_first_line, schema, item.document.fields);
    builder->set_stand_ins(cuts, chunk);
    ok = build_document(cut, with_stand_ins, *builder, value) && builder->stand_ins_restored() &&
         !builder->stopped_at_second_document();
    if (!ok) item.document.fields = FieldPositions();
  }
  if (!ok) {
    builder = std::make_unique<EventBuilder>(chunk_first_line, schema, item.document.fields);
    value = Json();
    ok = build_document(chunk, with_stand_ins, *builder, value);
  }
  if (!ok) {
    item.error.kind = builder->limit_hit() ? YamlChunkError::Kind::Limit : YamlChunkError::Kind::Syntax;
    item.error.position = builder->error_position();
    item.error.opm_message = "error converting YAML to JSON: " + builder->error();
    item.error.message = "YAML error: " + builder->error().substr(6);
    return item;
  }
  item.ok = true;
  item.document.value = std::move(value);
  item.document.fields.shrink_to_fit();
  item.document.position = TextPosition{chunk_first_line, 1};
  // Point the document at its first field, which is where a reader looks for it.
  if (!item.document.fields.empty()) {
    item.document.position = item.document.fields.position(0);
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

namespace {

void read_chunks(std::string_view text, std::uint32_t first_line, const std::function<void(YamlItem&&)>& visit,
                 bool with_stand_ins) {
  // Line-based chunking (apimachinery YAMLReader): a line starting with "---" is a separator.
  std::size_t chunk_start = 0;       // byte offset where the buffered chunk starts
  std::size_t chunk_end = 0;         // byte offset where it ends (exclusive)
  bool chunk_open = false;
  std::uint32_t chunk_line = first_line;
  std::uint32_t line = first_line;

  const auto emit = [&](std::size_t start, std::size_t end, std::uint32_t start_line) {
    YamlItem item = convert_chunk(text.substr(start, end - start), start_line, YamlSchema::GoYamlV2, with_stand_ins);
    if (item.ok && item.document.value.is_null()) {
      item.ok = false;
      item.error.kind = YamlChunkError::Kind::EmptyChunk;
      item.error.position = TextPosition{start_line, 1};
      item.error.opm_message = "object '' is missing root schema field";
      item.error.message =
          "YAML chunk holds no object (only comments, blank lines or a lone ---); opm rejects it. "
          "Remove it, or put comments after the first --- line";
    }
    visit(std::move(item));
  };

  std::size_t i = 0;
  while (i < text.size()) {
    const char* eol = find_byte(text.data() + i, text.data() + text.size(), '\n');
    const std::size_t next = eol ? static_cast<std::size_t>(eol - text.data()) + 1 : text.size();
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
        visit(std::move(item));
        return;  // the reader stops here
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
}

}  // namespace

void read_yaml_stream(std::string_view text, std::uint32_t first_line, const std::function<void(YamlItem&&)>& visit) {
  read_chunks(text, first_line, visit, /*with_stand_ins=*/true);
}

std::vector<YamlItem> read_yaml_stream_as_written(std::string_view text, std::uint32_t first_line) {
  std::vector<YamlItem> items;
  read_chunks(text, first_line, [&items](YamlItem&& item) { items.push_back(std::move(item)); }, /*with_stand_ins=*/false);
  return items;
}

std::vector<YamlItem> read_yaml_stream(std::string_view text, std::uint32_t first_line) {
  std::vector<YamlItem> items;
  read_yaml_stream(text, first_line, [&items](YamlItem&& item) { items.push_back(std::move(item)); });
  return items;
}

}  // namespace fbclens
