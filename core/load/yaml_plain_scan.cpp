#include "load/yaml_plain_scan.h"

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "load/utf8.h"

// How libyaml reads the subset, so that the events below are its events (libyaml 0.2.5, scanner.c
// and parser.c; tests/unit/yaml_plain_scan_test.cpp compares the two on every chunk it can find):
// - A block collection's start event is marked where its first token is: a mapping at its first
//   key, a sequence (indented, or "indentless" at its key's column) at its first '-'.
// - A plain scalar in block context ends at ": ", at a ':' that ends the line, at " #", or at a line
//   break after which the next non-blank line is indented no deeper than the innermost block
//   collection (libyaml's parser->indent: a mapping's key column, a sequence's '-' column; an
//   indentless sequence keeps its mapping's). A deeper line would go on with the scalar.
// - A key at its mapping's column must be followed by its ':' within 1,024 bytes (a "required
//   simple key"); keys here are at most 1,000.
// Everything this scanner declines, libyaml parses (or reports) as it always did.

namespace fbclens {
namespace {

constexpr std::size_t kMaxKeyBytes = 1000;

// A non-blank line: text_[begin, end) without its '\n', `indent` spaces first.
struct Line {
  std::size_t begin = 0, end = 0;
  std::size_t indent = 0;
  std::uint32_t number = 0;  // 0-based, counting blank lines too
};

// A block collection open at a column.
struct Open {
  bool is_map = false;
  std::size_t indent = 0;   // the column of its keys, or of its entries' '-'
  bool indentless = false;  // a sequence whose '-' are at its parent key's column
};

bool is_key_first(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '/';
}
bool is_key_char(char c) { return is_key_first(c) || c == '-'; }

// The characters that start something other than a plain scalar (YAML's indicators).
bool is_indicator(char c) { return c != '\0' && std::strchr("-?:,[]{}#&*!|>'\"%@`", c) != nullptr; }

class Scanner {
 public:
  Scanner(std::string_view text, std::vector<yaml_event_t>& events, std::string& storage)
      : text_(text), events_(events), storage_(storage) {}

  bool run() {
    if (!split_lines()) return false;
    std::size_t i = 0;
    bool explicit_start = false;
    if (!lines_.empty() && is_document_start(lines_[0])) {
      explicit_start = true;
      ++i;
    }
    if (i == lines_.size()) return false;  // no content: an empty document, left to libyaml
    if (lines_[i].indent != 0 || is_entry(lines_[i])) return false;  // the root is a block mapping at column 0
    events_.clear();
    storage_.clear();
    folded_.clear();
    push(YAML_STREAM_START_EVENT, 0, 0);
    yaml_event_t& start = push(YAML_DOCUMENT_START_EVENT, lines_[i].number, 0);
    start.data.document_start.implicit = explicit_start ? 0 : 1;
    open(true, 0, false, lines_[i].number);
    while (i < lines_.size()) {
      i = take(i);
      if (i == kFailed) return false;
    }
    if (expect_nested_) return false;  // "key:" on the last line: an empty value
    while (!stack_.empty()) close();
    push(YAML_DOCUMENT_END_EVENT, 0, 0);
    push(YAML_STREAM_END_EVENT, 0, 0);
    // Values built in storage_ are pointed at once it no longer moves.
    for (const auto& [event, offset] : folded_) {
      events_[event].data.scalar.value = reinterpret_cast<yaml_char_t*>(storage_.data() + offset);
    }
    return true;
  }

 private:
  // Lists the non-blank lines, checking every byte on the way: printable ASCII, '\n', or well-formed
  // UTF-8 that libyaml's reader passes and does not read as a line break (so every byte on a line
  // is in its text, and columns before any such character are bytes); and no comment (a '#' first
  // on a line or after a space).
  bool split_lines() {
    const std::size_t n = text_.size();
    std::size_t begin = 0;
    std::uint32_t number = 0;
    while (begin < n) {
      std::size_t j = begin;
      while (j < n && text_[j] == ' ') ++j;
      const std::size_t indent = j - begin;
      const bool blank = j == n || text_[j] == '\n';
      char previous = ' ';
      while (j < n && text_[j] != '\n') {
        const auto c = static_cast<unsigned char>(text_[j]);
        if (c >= 0x80) {
          if (!yaml_text_character(j)) return false;
          j += utf8_char_length(text_, j);
          previous = 'x';
          continue;
        }
        if (c < 0x20 || c == 0x7F || (c == '#' && previous == ' ')) return false;
        previous = static_cast<char>(c);
        ++j;
      }
      if (!blank) lines_.push_back(Line{begin, j, indent, number});
      begin = j + 1;
      ++number;
    }
    return true;
  }

  // Whether the non-ASCII character at text_[i] is one libyaml reads as text
  // (yaml_text_char_length), and not U+FEFF, a byte order mark, which the scan leaves to libyaml.
  bool yaml_text_character(std::size_t i) const {
    const std::size_t length = yaml_text_char_length(text_, i);
    return length != 0 && !(length == 3 && text_.compare(i, 3, "\xEF\xBB\xBF") == 0);
  }

  std::string_view content(const Line& line) const {
    return text_.substr(line.begin + line.indent, line.end - line.begin - line.indent);
  }
  bool is_entry(const Line& line) const {
    const std::string_view c = content(line);
    return c[0] == '-' && (c.size() == 1 || c[1] == ' ');
  }
  // "---" alone (blanks after it aside) at column 0.
  bool is_document_start(const Line& line) const {
    const std::string_view c = content(line);
    return line.indent == 0 && c.substr(0, 3) == "---" && c.find_first_not_of(' ', 3) == std::string_view::npos;
  }

  yaml_event_t& push(yaml_event_type_t type, std::uint32_t line, std::size_t column) {
    yaml_event_t& e = events_.emplace_back();
    std::memset(&e, 0, sizeof e);
    e.type = type;
    e.start_mark.line = line;
    e.start_mark.column = column;
    return e;
  }

  void open(bool is_map, std::size_t column, bool indentless, std::uint32_t line) {
    yaml_event_t& e = push(is_map ? YAML_MAPPING_START_EVENT : YAML_SEQUENCE_START_EVENT, line, column);
    if (is_map) {
      e.data.mapping_start.implicit = 1;
      e.data.mapping_start.style = YAML_BLOCK_MAPPING_STYLE;
    } else {
      e.data.sequence_start.implicit = 1;
      e.data.sequence_start.style = YAML_BLOCK_SEQUENCE_STYLE;
    }
    stack_.push_back(Open{is_map, column, indentless});
  }

  void close() {
    push(stack_.back().is_map ? YAML_MAPPING_END_EVENT : YAML_SEQUENCE_END_EVENT, 0, 0);
    stack_.pop_back();
  }

  // A scalar whose text is text_[at, at + length), marked at `mark` (a quoted one's opening quote).
  void scalar(std::size_t mark, std::size_t at, std::size_t length, yaml_scalar_style_t style, const Line& line) {
    yaml_event_t& e = push(YAML_SCALAR_EVENT, line.number, mark - line.begin);
    e.data.scalar.value = reinterpret_cast<yaml_char_t*>(const_cast<char*>(text_.data() + at));
    e.data.scalar.length = length;
    e.data.scalar.plain_implicit = style == YAML_PLAIN_SCALAR_STYLE;
    e.data.scalar.quoted_implicit = style != YAML_PLAIN_SCALAR_STYLE;
    e.data.scalar.style = style;
  }

  // A scalar whose text was built in storage_ from `offset` on (folded lines, escapes).
  void built_scalar(std::size_t mark, std::size_t offset, yaml_scalar_style_t style, const Line& line) {
    scalar(mark, mark, 0, style, line);
    events_.back().data.scalar.length = storage_.size() - offset;
    folded_.emplace_back(events_.size() - 1, offset);
  }

  // Line i, in the collection its indentation puts it in. Returns the next line to take (a value
  // may go on over several lines), or kFailed.
  std::size_t take(std::size_t i) {
    const Line& line = lines_[i];
    const std::string_view c = content(line);
    if (line.indent == 0 && (c.substr(0, 3) == "---" || c.substr(0, 3) == "...")) return kFailed;  // document markers
    if (expect_nested_) {
      // The value of the key on the line before: a block collection, deeper or (a sequence) at its column.
      expect_nested_ = false;
      const std::size_t key_column = stack_.back().indent;
      if (line.indent > key_column) {
        open(!is_entry(line), line.indent, false, line.number);
      } else if (line.indent == key_column && is_entry(line)) {
        open(false, line.indent, true, line.number);
      } else {
        return kFailed;  // an empty value
      }
    } else {
      while (stack_.back().indent > line.indent ||
             (!stack_.back().is_map && stack_.back().indentless && stack_.back().indent == line.indent && !is_entry(line))) {
        close();
      }
      if (stack_.back().indent != line.indent) return kFailed;
    }
    if (stack_.back().is_map) {
      return is_entry(line) ? kFailed : key_line(i, line.begin + line.indent);
    }
    if (!is_entry(line)) return kFailed;
    // An entry: "- value" or "- key: ..." (a mapping that starts on the entry's line).
    std::size_t at = line.begin + line.indent + 1;
    while (at < line.end && text_[at] == ' ') ++at;
    if (at == line.end) return kFailed;  // "-" alone: its value is on the next lines
    if (text_[at] == '-' && (at + 1 == line.end || text_[at + 1] == ' ')) return kFailed;  // "- - x"
    if (key_end(at, line.end) != kFailed) {
      open(true, at - line.begin, false, line.number);
      return key_line(i, at);
    }
    return value(i, at, stack_.back().indent);
  }

  // Where the ':' is when text_[at, end) starts "key:" followed by a space or the line's end;
  // kFailed otherwise.
  std::size_t key_end(std::size_t at, std::size_t end) const {
    if (!is_key_first(text_[at])) return kFailed;
    std::size_t p = at + 1;
    while (p < end && is_key_char(text_[p])) ++p;
    const bool key = p < end && text_[p] == ':' && (p + 1 == end || text_[p + 1] == ' ');
    return key ? p : kFailed;
  }

  // "key: value" or "key:" from text_[at] on line i, in the mapping on top of the stack.
  std::size_t key_line(std::size_t i, std::size_t at) {
    const Line& line = lines_[i];
    const std::size_t colon = key_end(at, line.end);
    if (colon == kFailed || colon - at > kMaxKeyBytes) return kFailed;
    scalar(at, at, colon - at, YAML_PLAIN_SCALAR_STYLE, line);
    std::size_t p = colon + 1;
    while (p < line.end && text_[p] == ' ') ++p;
    if (p == line.end) {
      expect_nested_ = true;
      return i + 1 < lines_.size() ? i + 1 : kFailed;
    }
    return value(i, p, stack_.back().indent);
  }

  // The value at text_[at] on line i: a plain or quoted scalar (going on over the next lines that
  // are deeper than `indent`, the innermost block collection's), [] or {}. Returns the line after it.
  std::size_t value(std::size_t i, std::size_t at, std::size_t indent) {
    const Line& line = lines_[i];
    std::size_t next = i + 1;
    if (text_[at] == '\'' || text_[at] == '"') {
      next = quoted(i, at, indent);
    } else {
      std::size_t end = line.end;
      while (end > at && text_[end - 1] == ' ') --end;
      const std::string_view v = text_.substr(at, end - at);
      if (v == "[]" || v == "{}") {
        flow_empty(v[0] == '[', at, line);
      } else {
        if (is_indicator(v[0]) || !plain_words(v)) return kFailed;
        if (next < lines_.size() && lines_[next].indent > indent) {
          // Lines deeper than the collection go on with the scalar: folded into one text.
          const std::size_t offset = storage_.size();
          storage_.append(v);
          for (; next < lines_.size() && lines_[next].indent > indent; ++next) {
            const std::string_view words = trimmed(content(lines_[next]));
            if (!plain_words(words)) return kFailed;
            fold(lines_[next].number - lines_[next - 1].number - 1);
            storage_.append(words);
          }
          built_scalar(at, offset, YAML_PLAIN_SCALAR_STYLE, line);
          return next;
        }
        scalar(at, at, v.size(), YAML_PLAIN_SCALAR_STYLE, line);
      }
    }
    // Nothing may follow deeper: it would go on with a value that ended (an error to libyaml).
    if (next == kFailed || (next < lines_.size() && lines_[next].indent > indent)) return kFailed;
    return next;
  }

  // Text that a plain scalar holds as it is on its line: no ": " and no ':' at its end, which
  // would make it a key.
  static bool plain_words(std::string_view v) { return v.back() != ':' && v.find(": ") == std::string_view::npos; }

  static std::string_view trimmed(std::string_view v) {
    while (!v.empty() && v.back() == ' ') v.remove_suffix(1);
    return v;
  }

  // Between two lines of a folded scalar with `blank` blank lines between them: one space, or a
  // line break for each blank line (libyaml's folding of plain and quoted scalars).
  void fold(std::size_t blank) {
    if (blank == 0) storage_ += ' ';
    else storage_.append(blank, '\n');
  }

  void flow_empty(bool sequence, std::size_t at, const Line& line) {
    yaml_event_t& e = push(sequence ? YAML_SEQUENCE_START_EVENT : YAML_MAPPING_START_EVENT, line.number, at - line.begin);
    if (sequence) {
      e.data.sequence_start.implicit = 1;
      e.data.sequence_start.style = YAML_FLOW_SEQUENCE_STYLE;
      push(YAML_SEQUENCE_END_EVENT, 0, 0);
    } else {
      e.data.mapping_start.implicit = 1;
      e.data.mapping_start.style = YAML_FLOW_MAPPING_STYLE;
      push(YAML_MAPPING_END_EVENT, 0, 0);
    }
  }

  // The quoted scalar whose opening quote is text_[at] on line i, read as libyaml's
  // yaml_parser_scan_flow_scalar reads it: '' (single) or backslash escapes (double), line breaks
  // folded, blanks around them dropped, an escaped line break joining lines. Its lines after the
  // first must be deeper than `indent`, and nothing but blanks may follow the closing quote.
  // Returns the line after the scalar's last.
  std::size_t quoted(std::size_t i, std::size_t at, std::size_t indent) {
    const Line& first = lines_[i];
    const bool single = text_[at] == '\'';
    const char quote = text_[at];
    const std::size_t n = text_.size();
    const std::size_t offset = storage_.size();
    std::size_t p = at + 1;
    bool copied = true;  // the value so far is text_[at + 1, p): no event text needs building
    while (true) {
      bool leading_blanks = false, escaped_break = false;
      while (p < n && text_[p] != ' ' && text_[p] != '\n') {
        const char c = text_[p];
        if (c == quote && single && p + 1 < n && text_[p + 1] == '\'') {
          start_building(copied, at, p);
          storage_ += '\'';
          p += 2;
        } else if (c == quote) {
          break;
        } else if (c == '\\' && !single) {
          if (p + 1 < n && text_[p + 1] == '\n') {
            start_building(copied, at, p);
            p += 2;
            leading_blanks = escaped_break = true;
            break;
          }
          start_building(copied, at, p);
          p = escape(p);
          if (p == kFailed) return kFailed;
        } else {
          if (!copied) storage_ += c;
          ++p;
        }
      }
      if (p >= n) return kFailed;  // no closing quote
      if (text_[p] == quote) break;
      // Blanks and line breaks up to the next text.
      std::size_t spaces = 0, breaks = 0;
      const std::size_t blanks_at = p;
      while (p < n && (text_[p] == ' ' || text_[p] == '\n')) {
        if (text_[p] == '\n') {
          if (leading_blanks) ++breaks;
          leading_blanks = true;
        } else if (!leading_blanks) {
          ++spaces;
        }
        ++p;
      }
      if (!leading_blanks) {
        if (!copied) storage_.append(spaces, ' ');
        continue;
      }
      start_building(copied, at, blanks_at);
      if (escaped_break) storage_.append(breaks, '\n');
      else fold(breaks);
    }
    // After the closing quote: blanks to the line's end.
    std::size_t last = i;
    while (lines_[last].end < p) ++last;
    const Line& line = lines_[last];
    for (std::size_t k = p + 1; k < line.end; ++k) {
      if (text_[k] != ' ') return kFailed;
    }
    for (std::size_t k = i + 1; k <= last; ++k) {
      if (lines_[k].indent <= indent) return kFailed;
    }
    const yaml_scalar_style_t style = single ? YAML_SINGLE_QUOTED_SCALAR_STYLE : YAML_DOUBLE_QUOTED_SCALAR_STYLE;
    if (copied) scalar(at, at + 1, p - at - 1, style, first);
    else built_scalar(at, offset, style, first);
    return last + 1;
  }

  // From the first character that differs from the text as written, the value is built in
  // storage_: what came before it is copied there first.
  void start_building(bool& copied, std::size_t at, std::size_t p) {
    if (!copied) return;
    storage_.append(text_.data() + at + 1, p - at - 1);
    copied = false;
  }

  // The escape at text_[p] (a backslash) of a double-quoted scalar, appended to storage_ as
  // libyaml decodes it. Returns the position after it, or kFailed for one libyaml rejects.
  std::size_t escape(std::size_t p) {
    if (p + 1 >= text_.size()) return kFailed;
    std::size_t digits = 0;
    switch (text_[p + 1]) {
      case '0': storage_ += '\0'; break;
      case 'a': storage_ += '\x07'; break;
      case 'b': storage_ += '\x08'; break;
      case 't': storage_ += '\t'; break;
      case 'n': storage_ += '\n'; break;
      case 'v': storage_ += '\x0B'; break;
      case 'f': storage_ += '\x0C'; break;
      case 'r': storage_ += '\r'; break;
      case 'e': storage_ += '\x1B'; break;
      case ' ': storage_ += ' '; break;
      case '"': storage_ += '"'; break;
      case '/': storage_ += '/'; break;
      case '\\': storage_ += '\\'; break;
      case 'N': storage_ += "\xC2\x85"; break;
      case '_': storage_ += "\xC2\xA0"; break;
      case 'L': storage_ += "\xE2\x80\xA8"; break;
      case 'P': storage_ += "\xE2\x80\xA9"; break;
      case 'x': digits = 2; break;
      case 'u': digits = 4; break;
      case 'U': digits = 8; break;
      default: return kFailed;
    }
    p += 2;
    if (digits == 0) return p;
    if (p + digits > text_.size()) return kFailed;
    std::uint32_t code = 0;
    for (std::size_t k = 0; k < digits; ++k) {
      const char h = text_[p + k];
      const int v = hex_digit_value(h);
      if (v < 0) return kFailed;
      code = (code << 4) | static_cast<std::uint32_t>(v);
    }
    if ((code >= 0xD800 && code <= 0xDFFF) || code > 0x10FFFF) return kFailed;
    append_utf8(storage_, code);
    return p + digits;
  }

  static constexpr std::size_t kFailed = static_cast<std::size_t>(-1);

  std::string_view text_;
  std::vector<yaml_event_t>& events_;
  std::string& storage_;
  std::vector<std::pair<std::size_t, std::size_t>> folded_;  // (event, offset in storage_) of built values
  std::vector<Line> lines_;
  std::vector<Open> stack_;
  bool expect_nested_ = false;  // the last line ended with "key:": its value starts on the next line
};

}  // namespace

std::size_t yaml_text_char_length(std::string_view text, std::size_t i) {
  const std::size_t length = utf8_char_length(text, i);
  if (length == 0) return 0;
  const auto c = static_cast<unsigned char>(text[i]);
  const auto d = static_cast<unsigned char>(text[i + 1]);
  const auto e = length > 2 ? static_cast<unsigned char>(text[i + 2]) : 0;
  if (c == 0xC2 && d < 0xA0) return 0;                              // C1 controls and NEL
  if (c == 0xE2 && d == 0x80 && (e == 0xA8 || e == 0xA9)) return 0;  // U+2028, U+2029
  if (c == 0xEF && d == 0xBF && e >= 0xBE) return 0;                 // U+FFFE, U+FFFF
  return length;
}

bool scan_plain_yaml(std::string_view text, std::vector<yaml_event_t>& events, std::string& storage) {
  return Scanner(text, events, storage).run();
}

}  // namespace fbclens
