#include "load/json_stream.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <utility>

#include "load/byte_search.h"
#include "load/utf8.h"

namespace fbclens {

namespace {

bool is_json_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// The key path a JsonMemberFilter judges, as member_filter_callback keeps it. A level whose key is
// not plain (escaped, or not printable ASCII) is marked unknown: its decoded text is not built
// here, so nothing below it is cut.
class MemberPath {
 public:
  // Enters an array, `depth` containers deep counting itself.
  void enter_array(const JsonMemberFilter& filter, std::size_t depth) {
    if (filter.max_depth < 1 || depth < 1 || depth > static_cast<std::size_t>(filter.max_depth)) return;
    keys_.resize(depth - 1);
    known_.resize(depth - 1);
    keys_.emplace_back();
    known_.push_back(1);
  }

  // Enters `key` (its raw content; `plain`: the bytes are the decoded key) as the key at `depth`.
  // Returns whether the filter certainly drops the member it names.
  bool enter(const JsonMemberFilter& filter, std::size_t depth, std::string_view key, bool plain) {
    if (filter.max_depth < 1 || depth < 1 || depth > static_cast<std::size_t>(filter.max_depth)) return false;
    keys_.resize(depth);
    known_.resize(depth, 1);
    keys_.back().assign(plain ? key : std::string_view());
    known_.back() = plain;
    if (std::find(known_.begin(), known_.end(), 0) != known_.end()) return false;
    return !filter.keep(keys_);
  }

 private:
  std::vector<std::string> keys_;
  std::vector<char> known_;  // per level: 1 when keys_ holds the decoded key ("" for none)
};

// The four hex digits at text[i, i + 4) as a number (nlohmann's get_codepoint), or -1.
long four_hex_digits(std::string_view text, std::size_t i) {
  if (text.size() < 4 || i > text.size() - 4) return -1;
  long value = 0;
  for (std::size_t k = 0; k < 4; ++k) {
    const int digit = hex_digit_value(text[i + k]);
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
}

// The \u escape at text[i] ('\\' then 'u'), with its low surrogate's escape after it when it is a
// high surrogate, as nlohmann's lexer reads it: its length (6, or 12 for a pair) and its code point
// in `code_point`; 0 when nlohmann rejects it (not four hex digits, a lone or misordered surrogate).
std::size_t unicode_escape(std::string_view text, std::size_t i, long& code_point) {
  code_point = four_hex_digits(text, i + 2);
  if (code_point < 0 || (code_point >= 0xDC00 && code_point <= 0xDFFF)) return 0;  // a low surrogate first
  if (code_point < 0xD800 || code_point > 0xDBFF) return 6;
  // A high surrogate: its low one must follow.
  if (i + 8 > text.size() || text[i + 6] != '\\' || text[i + 7] != 'u') return 0;
  const long low = four_hex_digits(text, i + 8);
  if (low < 0xDC00 || low > 0xDFFF) return 0;
  code_point = 0x10000 + ((code_point - 0xD800) << 10) + (low - 0xDC00);
  return 12;
}

// Finds where the JSON value at text[i] ends, only when nlohmann's parser would accept it there as
// one value. It may refuse what nlohmann accepts (a number that might not fit a finite double),
// never the other way: a member's value is cut from nlohmann's text only on its word, so a cut
// changes no verdict. (No member path is kept inside: a path never shows a key from outside the
// member it leads to, so the keys inside a cut value decide nothing after it.)
class StrictValueSkipper {
 public:
  // `depth`: how many containers enclose the value.
  StrictValueSkipper(std::string_view text, std::size_t depth) : text_(text), depth_(depth) {}

  // The offset just past the value starting at `i` (a non-space byte), or npos.
  std::size_t skip(std::size_t i) {
    const std::size_t n = text_.size();
    std::vector<char> open;  // per container: 1 = object, 0 = array
    while (true) {
      i = skip_space(i);  // a value starts here
      if (i >= n) return npos;
      const char c = text_[i];
      if (c == '{' || c == '[') {
        if (depth_ + open.size() >= kMaxNestingDepth) return npos;
        open.push_back(c == '{');
        i = skip_space(i + 1);
        if (i >= n) return npos;
        if (text_[i] == (c == '{' ? '}' : ']')) {
          open.pop_back();
          ++i;
        } else {
          if (c == '{' && (i = key(i)) == npos) return npos;
          continue;
        }
      } else if (c == '"') {
        i = string_end(i);
      } else if (c == 't' || c == 'f' || c == 'n') {
        const std::string_view word = c == 't' ? "true" : c == 'f' ? "false" : "null";
        i = text_.substr(i, word.size()) == word ? i + word.size() : npos;
      } else {
        i = number_end(i);
      }
      if (i == npos) return npos;
      // A value ended: close what it ends, or move to the next member or element.
      while (true) {
        if (open.empty()) return i;
        i = skip_space(i);
        if (i >= n) return npos;
        if (text_[i] == (open.back() ? '}' : ']')) {
          open.pop_back();
          ++i;
          continue;
        }
        if (text_[i] != ',') return npos;
        ++i;
        if (open.back() && (i = key(skip_space(i))) == npos) return npos;
        break;
      }
    }
  }

  std::uint32_t newlines() const { return newlines_; }
  std::size_t line_start() const { return line_start_; }

 private:
  static constexpr std::size_t npos = std::string_view::npos;

  std::size_t skip_space(std::size_t i) {
    for (; i < text_.size(); ++i) {
      const char c = text_[i];
      if (c == '\n') {
        ++newlines_;
        line_start_ = i + 1;
      } else if (c != ' ' && c != '\t' && c != '\r') {
        break;
      }
    }
    return i;
  }

  // A member's key at `i` and its colon: returns where the value may start, or npos.
  std::size_t key(std::size_t i) {
    if (i >= text_.size() || text_[i] != '"') return npos;
    const std::size_t end = string_end(i);
    if (end == npos) return npos;
    const std::size_t colon = skip_space(end);
    return colon < text_.size() && text_[colon] == ':' ? colon + 1 : npos;
  }

  // Past the closing quote of the string at `i`, or npos where nlohmann's lexer would fail: a
  // control byte, an unknown escape, a \u escape that is not four hex digits or leaves a surrogate
  // unpaired, a byte sequence that is not well-formed UTF-8 (Unicode's table 3-7, as nlohmann
  // checks it).
  std::size_t string_end(std::size_t i) const {
    const std::size_t n = text_.size();
    const char* const data = text_.data();
    const auto byte = [&](std::size_t k) { return k < n ? static_cast<unsigned char>(data[k]) : 0u; };
    ++i;
    while (true) {
      i = static_cast<std::size_t>(plain_json_string_run_end(data + i, data + n) - data);
      if (i >= n) return npos;
      const unsigned c = byte(i);
      if (c == '"') return i + 1;
      if (c < 0x20) return npos;
      if (c == '\\') {
        const unsigned e = byte(i + 1);
        if (e == '"' || e == '\\' || e == '/' || e == 'b' || e == 'f' || e == 'n' || e == 'r' || e == 't') {
          i += 2;
          continue;
        }
        long code_point = 0;
        const std::size_t length = e == 'u' ? unicode_escape(text_, i, code_point) : 0;
        if (length == 0) return npos;
        i += length;
        continue;
      }
      const std::size_t length = utf8_char_length(text_, i);  // 1 for the rest of ASCII (0x7f)
      if (length == 0) return npos;
      i += length;
    }
  }

  // Past the number at `i` (JSON's grammar), or npos. Refuses more than 15 significant digits or
  // an exponent of more than two digits: nlohmann fails on a number whose double is not finite,
  // and these bounds keep every accepted one far inside a double's range without converting it.
  std::size_t number_end(std::size_t i) const {
    const std::size_t n = text_.size();
    const auto digit = [&](std::size_t k) { return k < n && text_[k] >= '0' && text_[k] <= '9'; };
    if (i < n && text_[i] == '-') ++i;
    std::size_t digits = 0;
    if (i < n && text_[i] == '0') {
      ++i;
      ++digits;
    } else {
      if (!digit(i)) return npos;
      for (; digit(i); ++i) ++digits;
    }
    if (i < n && text_[i] == '.') {
      ++i;
      if (!digit(i)) return npos;
      for (; digit(i); ++i) ++digits;
    }
    if (i < n && (text_[i] == 'e' || text_[i] == 'E')) {
      ++i;
      if (i < n && (text_[i] == '+' || text_[i] == '-')) ++i;
      const std::size_t first = i;
      while (digit(i)) ++i;
      if (i == first || i - first > 2) return npos;
    }
    return digits <= 15 ? i : npos;
  }

  std::string_view text_;
  std::size_t depth_;
  std::uint32_t newlines_ = 0;
  std::size_t line_start_ = 0;
};

// A member's value cut from the text nlohmann parses (replaced by "0").
struct CutValue {
  std::size_t begin = 0, end = 0;
};

// One level of the structure being scanned.
struct Frame {
  bool is_object;
  bool expect_key;       // objects: next string is a key
  std::size_t index;     // arrays: index of the next element
  std::string key;       // objects: key of the current member (raw, escapes kept; only when recording fields)
  bool drop_value = false;   // objects, with a member filter: the current member's value may be cut
  std::size_t key_end = 0;   // objects, with a member filter: just past the current member's key
};

// A long string value that nlohmann need not see: where its content bytes sit. nlohmann's lexer
// copies strings a character at a time (twice), which dominated load time on catalogs full of
// base64 bundle objects (and, decoded, on their CSV manifests' icons, descriptions and examples);
// these strings are replaced by short placeholders in the text nlohmann parses and put back
// afterwards (an escaped one decoded by decode_json_string, or left to nlohmann if it is malformed).
struct LongString {
  std::size_t begin = 0, end = 0;   // content offsets (without quotes)
  bool escaped = false;             // holds escapes, control bytes or non-ASCII: decoded, not copied
};
constexpr std::size_t kLongStringBytes = 256;

// Scans one JSON value starting at `pos` (first non-space byte). Returns the end offset, or
// npos with `error` set. Records positions of values at depth 1..4 into `fields` (unless null),
// and long string values into `long_strings`. Does not validate tokens: nlohmann parses the range
// afterwards and reports syntax errors precisely.
class ValueScanner {
 public:
  ValueScanner(std::string_view text, std::size_t line_start, std::uint32_t line)
      : text_(text), line_start_(line_start), line_(line) {}

  std::size_t scan(std::size_t pos, FieldPositions* fields, StreamError& error, std::vector<LongString>& long_strings) {
    std::vector<Frame> stack;
    const std::size_t n = text_.size();
    std::size_t i = pos;
    bool started = false;
    while (i < n) {
      const char c = text_[i];
      if (c == '\n') {
        ++line_;
        line_start_ = i + 1;
        ++i;
        continue;
      }
      if (is_json_space(c)) {
        ++i;
        continue;
      }
      if (started && stack.empty()) return i;  // value complete
      const bool at_key = !stack.empty() && stack.back().is_object && stack.back().expect_key;
      if (c == ':' && !stack.empty() && stack.back().is_object) {
        ++i;
        continue;
      }
      if (c == ',' && !stack.empty()) {
        Frame& f = stack.back();
        if (f.is_object) f.expect_key = true; else ++f.index;
        ++i;
        continue;
      }
      if (c == '}' || c == ']') {
        if (stack.empty()) return fail(i, "unexpected '" + std::string(1, c) + "'", error);
        stack.pop_back();
        ++i;
        if (stack.empty()) return i;
        continue;
      }
      if (at_key) {
        if (c != '"') return fail(i, "expected a string key", error);
        bool plain = false;
        const std::size_t end = string_end(i, plain);
        if (end == std::string_view::npos) return fail(i, "unterminated string", error);
        if (fields) stack.back().key.assign(text_.data() + i + 1, end - i - 2);  // only record() reads it
        if (filter_) {
          stack.back().drop_value = path_.enter(*filter_, stack.size(), text_.substr(i + 1, end - i - 2), plain);
          stack.back().key_end = end;
        }
        stack.back().expect_key = false;
        i = end;
        continue;
      }
      if (filter_ && !stack.empty() && stack.back().drop_value) {
        stack.back().drop_value = false;
        const std::size_t cut_end = cut_dropped_value(stack.size(), stack.back().key_end, i);
        if (cut_end != std::string_view::npos) {
          started = true;
          i = cut_end;
          continue;
        }
      }
      // A value starts here: record its position, then enter it.
      if (stack.empty()) {
        value_start_ = i;
        value_position_ = position(i);
      }
      record(stack, fields, i);
      started = true;
      if (c == '{' || c == '[') {
        if (stack.size() >= kMaxNestingDepth) {
          error.depth_limit = true;
          return fail(i, "exceeded max depth of " + std::to_string(kMaxNestingDepth), error);
        }
        stack.push_back(Frame{c == '{', c == '{', 0, {}});
        if (filter_ && c == '[') path_.enter_array(*filter_, stack.size());
        ++i;
        continue;
      }
      if (c == '"') {
        bool plain = false;
        const std::size_t end = string_end(i, plain);
        if (end == std::string_view::npos) return fail(i, "unterminated string", error);
        if (end - i - 2 >= kLongStringBytes && !stack.empty()) {
          long_strings.push_back(LongString{i + 1, end - 1, !plain});
        }
        i = end;
      } else {
        const std::size_t scalar_start = i;
        while (i < n && !is_json_space(text_[i]) && !std::strchr(",:{}[]\"", text_[i])) ++i;
        // A stray structural character (e.g. ':' in an array) starts no value: without this
        // check the scan would not advance and never end (found by fuzz_loader).
        if (i == scalar_start) return fail(i, std::string("unexpected '") + text_[i] + "'", error);
      }
      if (stack.empty()) return i;  // a top-level scalar
    }
    if (!started) return std::string_view::npos;
    return fail(n, "unexpected end of input", error);
  }

  /// From now on, cuts the values of members `filter` drops into `cuts` (see parse_json_value).
  void cut_dropped_members(const JsonMemberFilter& filter, std::vector<CutValue>& cuts) {
    filter_ = &filter;
    cuts_ = &cuts;
  }

  TextPosition position(std::size_t offset) const {
    return TextPosition{line_, static_cast<std::uint32_t>(offset - line_start_ + 1)};
  }
  std::size_t line_start() const { return line_start_; }
  std::size_t value_start() const { return value_start_; }
  TextPosition value_position() const { return value_position_; }
  /// Whether any string scanned so far held the escape "\\u0000" (a NUL, as placeholders begin).
  bool saw_escaped_nul() const { return saw_escaped_nul_; }
  std::uint32_t line() const { return line_; }

 private:
  // Offset just past the closing quote of the string starting at `i`, or npos. `plain` tells
  // whether nlohmann would decode its content to exactly those bytes: printable ASCII, no escape.
  // Newlines inside (invalid JSON, but lines are kept right) are counted.
  std::size_t string_end(std::size_t i, bool& plain) {
    const std::size_t n = text_.size();
    const char* const data = text_.data();
    plain = true;
    ++i;
    while (true) {
      // Past content that needs no look, many bytes a step (base64 runs for megabytes).
      i = static_cast<std::size_t>(plain_json_string_run_end(data + i, data + n) - data);
      if (i >= n) return std::string_view::npos;
      const unsigned char c = static_cast<unsigned char>(data[i]);
      if (c == '"') return i + 1;
      if (c == '\\') {  // an escape: its next byte is content, whatever it is
        plain = false;
        if (n - i >= 6 && std::memcmp(data + i + 1, "u0000", 5) == 0) saw_escaped_nul_ = true;
        if (i + 1 < n && data[i + 1] == '\n') new_line(i + 1);
        i += 2;
        continue;
      }
      if (c == '\n') new_line(i);
      if (c < 0x20 || c > 0x7e) plain = false;
      ++i;
    }
  }

  // Where the dropped member value at `i` ends, when it can be cut; else npos (the scan reads it
  // as any value, and nlohmann parses it). `depth`: the containers around the value; `key_end`:
  // just past its key.
  std::size_t cut_dropped_value(std::size_t depth, std::size_t key_end, std::size_t i) {
    constexpr std::size_t npos = std::string_view::npos;
    // This scan skips colons without counting them: nlohmann must see exactly one before the value.
    std::size_t colons = 0;
    for (std::size_t k = key_end; k < i; ++k) {
      if (text_[k] == ':') {
        ++colons;
      } else if (!is_json_space(text_[k])) {
        return npos;
      }
    }
    if (colons != 1) return npos;
    StrictValueSkipper skipper(text_, depth);
    const std::size_t end = skipper.skip(i);
    if (end == npos) return npos;
    // What follows must end the member, so that "0" in the value's place reads as the value did.
    std::size_t next = end;
    while (next < text_.size() && is_json_space(text_[next])) ++next;
    if (next >= text_.size() || (text_[next] != ',' && text_[next] != '}')) return npos;
    if (skipper.newlines() > 0) {
      line_ += skipper.newlines();
      line_start_ = skipper.line_start();
    }
    cuts_->push_back(CutValue{i, end});
    return end;
  }

  void new_line(std::size_t at) {
    ++line_;
    line_start_ = at + 1;
  }

  void record(const std::vector<Frame>& stack, FieldPositions* fields, std::size_t offset) {
    if (!fields || stack.empty() || stack.size() > 4) return;
    path_buffer_.clear();
    for (const Frame& f : stack) {
      path_buffer_ += '/';
      if (f.is_object) {
        path_buffer_ += f.key;
      } else {
        char digits[24];
        path_buffer_.append(digits, static_cast<std::size_t>(std::snprintf(digits, sizeof digits, "%zu", f.index)));
      }
    }
    fields->add(path_buffer_, position(offset));
  }

  std::size_t fail(std::size_t offset, std::string message, StreamError& error) {
    error.message = std::move(message);
    error.position = position(offset);
    return std::string_view::npos;
  }

  std::string_view text_;
  std::size_t line_start_;
  std::uint32_t line_;
  std::size_t value_start_ = 0;
  TextPosition value_position_;
  bool saw_escaped_nul_ = false;
  std::string path_buffer_;  // record()'s scratch buffer
  const JsonMemberFilter* filter_ = nullptr;
  std::vector<CutValue>* cuts_ = nullptr;
  MemberPath path_;  // with a filter: the key path nlohmann's events would give it
};

// Receives nlohmann's SAX events only to capture the first syntax error, without exceptions
// (the WebAssembly build has them disabled, so nlohmann must never throw).
struct SyntaxErrorProbe : nlohmann::json_sax<Json> {
  std::size_t byte = 0;
  std::string message;
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return true; }
  bool key(string_t&) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& ex) override {
    byte = position;
    message = ex.what();
    return false;
  }
};

// Go's encoding/json accepts invalid UTF-8 inside strings and decodes it as U+FFFD; nlohmann
// rejects it. Returns `text` with every invalid sequence replaced by U+FFFD (EF BF BD).
std::string replace_invalid_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    int len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    bool ok = len > 0 && i + len <= text.size();
    for (int k = 1; ok && k < len; ++k) ok = (static_cast<unsigned char>(text[i + k]) & 0xC0) == 0x80;
    if (ok && len == 2) ok = c >= 0xC2;                                        // overlong
    if (ok && len == 3) {
      const unsigned char d = static_cast<unsigned char>(text[i + 1]);
      ok = !(c == 0xE0 && d < 0xA0) && !(c == 0xED && d >= 0xA0);              // overlong, surrogates
    }
    if (ok && len == 4) {
      const unsigned char d = static_cast<unsigned char>(text[i + 1]);
      ok = !(c == 0xF0 && d < 0x90) && !(c == 0xF4 && d >= 0x90) && c <= 0xF4;  // overlong, > U+10FFFF
    }
    if (ok) {
      out.append(text.data() + i, len);
      i += len;
    } else {
      out += "\xEF\xBF\xBD";
      ++i;
    }
  }
  return out;
}

}  // namespace

bool looks_like_json(std::string_view text) {
  const std::size_t limit = text.size() < 4096 ? text.size() : 4096;
  for (std::size_t i = 0; i < limit; ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') continue;
    return c == '{';
  }
  return false;
}

TextPosition position_of_offset(std::string_view text, std::size_t offset) {
  if (offset > text.size()) offset = text.size();
  std::uint32_t line = 1;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  }
  return TextPosition{line, static_cast<std::uint32_t>(offset - line_start + 1)};
}

namespace {

// The stand-in for long string `i` in the text nlohmann parses. A real string can only start with
// NUL through a "\u0000" escape, and values containing one are never shortened.
std::string placeholder(std::size_t i) { return std::string("\\u0000") + std::to_string(i); }

// Which long string a parsed string value stands in for, or npos when it is a real string.
std::size_t placeholder_index(const std::string& s, std::size_t count) {
  if (s.size() < 2 || s[0] != '\0') return std::string::npos;
  std::size_t index = 0;
  for (std::size_t k = 1; k < s.size(); ++k) {
    if (s[k] < '0' || s[k] > '9' || index > count) return std::string::npos;
    index = index * 10 + static_cast<std::size_t>(s[k] - '0');
  }
  return index < count ? index : std::string::npos;
}

// Puts each long string back wherever its placeholder survived the parse: a filter may have
// dropped it, and with duplicate keys nlohmann keeps the last value (so does this). `decoded[i]`
// holds the decoded content of an escaped long string (one with a placeholder was decoded); a
// plain one is copied from `text`. Walks the parsed value with an explicit stack (values nest up
// to kMaxNestingDepth).
void restore_long_strings(Json& root, std::string_view text, const std::vector<LongString>& long_strings,
                          std::vector<std::string>& decoded) {
  std::vector<Json*> stack{&root};
  while (!stack.empty()) {
    Json* node = stack.back();
    stack.pop_back();
    if (node->is_string()) {
      const std::size_t i = placeholder_index(node->get_ref<const std::string&>(), long_strings.size());
      if (i == std::string::npos) continue;
      const LongString& s = long_strings[i];
      // Each placeholder is in the parsed text once (a real string that could read as one, with
      // an escaped NUL, turns the shortcut off), so a decoded string is found once: moved.
      *node = s.escaped ? std::move(decoded[i]) : std::string(text.substr(s.begin, s.end - s.begin));
    } else if (node->is_structured()) {
      for (Json& child : *node) stack.push_back(&child);
    }
  }
}

// Json::parse of text[start, end) with its long strings (found by ValueScanner) replaced by
// placeholders, then put back, and its cut member values replaced by "0": the same value, or
// discarded where the text is not JSON (each replaced string is one nlohmann accepts: plain ASCII,
// or an escaped one decode_json_string decoded as nlohmann would, so the placeholder changes no
// token but that string's content; an escaped string it rejects stays in the text for nlohmann to
// reject; each cut value is one value nlohmann accepts, and the filter drops what stands in its
// place). `filter` sees the placeholders, not the strings.
Json parse_shortened(std::string_view text, std::size_t start, std::size_t end, const std::vector<LongString>& long_strings,
                     const std::vector<CutValue>& cuts, const Json::parser_callback_t& filter) {
  std::string shortened;
  shortened.reserve(end - start);
  std::vector<std::string> decoded;  // sized at the first escaped long string (most values have none)
  std::size_t from = start;
  std::size_t next_string = 0, next_cut = 0;  // both lists are in text order, and never overlap
  while (next_string < long_strings.size() || next_cut < cuts.size()) {
    const bool string_first =
        next_cut == cuts.size() || (next_string < long_strings.size() && long_strings[next_string].begin < cuts[next_cut].begin);
    const std::size_t begin = string_first ? long_strings[next_string].begin : cuts[next_cut].begin;
    shortened.append(text.data() + from, begin - from);
    if (string_first) {
      const LongString& s = long_strings[next_string];
      if (s.escaped) {
        if (decoded.empty()) decoded.resize(long_strings.size());
        if (!decode_json_string(text.substr(s.begin, s.end - s.begin), decoded[next_string])) {
          from = s.begin;  // malformed: nlohmann reads it (and rejects the value, as without the shortcut)
          ++next_string;
          continue;
        }
      }
      shortened += placeholder(next_string);
      from = long_strings[next_string++].end;
    } else {
      shortened += '0';
      from = cuts[next_cut++].end;
    }
  }
  shortened.append(text.data() + from, end - from);
  Json value = Json::parse(shortened, filter, /*allow_exceptions=*/false);
  if (!value.is_discarded() && !long_strings.empty()) restore_long_strings(value, text, long_strings, decoded);
  return value;
}

}  // namespace

// Ours rather than nlohmann's only for speed: nlohmann decodes a string only inside a parse, a byte
// at a time. Its answers are nlohmann's (tests/unit/json_stream_test.cpp compares the two).
bool decode_json_string(std::string_view content, std::string& out) {
  out.clear();
  out.reserve(content.size());
  const char* const data = content.data();
  const std::size_t n = content.size();
  std::size_t i = 0;
  while (true) {
    const std::size_t run_end = static_cast<std::size_t>(plain_json_string_run_end(data + i, data + n) - data);
    out.append(data + i, run_end - i);
    i = run_end;
    if (i >= n) return true;
    const unsigned char c = static_cast<unsigned char>(data[i]);
    if (c == '\\') {
      if (i + 1 >= n) return false;
      const char escape = data[i + 1];
      i += 2;
      switch (escape) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          long code_point = 0;
          const std::size_t length = unicode_escape(content, i - 2, code_point);
          if (length == 0) return false;
          i += length - 2;
          append_utf8(out, static_cast<std::uint32_t>(code_point));
          break;
        }
        default: return false;
      }
      continue;
    }
    if (c < 0x20 || c == '"') return false;
    if (c < 0x80) {  // the run scan stops early natively, and at 0x7f (DEL, which JSON allows)
      out += static_cast<char>(c);
      ++i;
      continue;
    }
    const std::size_t length = utf8_char_length(content, i);
    if (length == 0) return false;
    out.append(data + i, length);
    i += length;
  }
}

Json::parser_callback_t member_filter_callback(const JsonMemberFilter& filter) {
  // A key event at depth d belongs to an object nested d levels deep (the root is depth 1), an
  // array's start at depth d to an array d + 1 levels deep. Each sets its level and forgets the
  // deeper ones, so a path never shows a key from outside the member it leads to (which is what
  // lets parse_json_value cut a dropped member's value without changing any other decision).
  return [filter, path = std::vector<std::string>()](int depth, Json::parse_event_t event, Json& parsed) mutable {
    if (event == Json::parse_event_t::array_start && depth + 1 <= filter.max_depth) {
      path.resize(static_cast<std::size_t>(depth));
      path.emplace_back();
    }
    if (event != Json::parse_event_t::key || depth < 1 || depth > filter.max_depth) return true;
    path.resize(static_cast<std::size_t>(depth));
    path.back() = parsed.get_ref<const std::string&>();
    return filter.keep(path);
  };
}

Json parse_json_value(std::string_view text, const JsonMemberFilter* filter, std::size_t* bytes_cut) {
  if (bytes_cut) *bytes_cut = 0;
  ValueScanner scanner(text, 0, 1);
  StreamError error;
  std::vector<LongString> long_strings;
  std::vector<CutValue> cuts;
  if (filter) scanner.cut_dropped_members(*filter, cuts);
  const std::size_t end = scanner.scan(0, nullptr, error, long_strings);
  const bool one_value = end != std::string_view::npos &&
                         std::all_of(text.begin() + static_cast<std::ptrdiff_t>(end), text.end(), is_json_space);
  if (scanner.saw_escaped_nul()) long_strings.clear();  // a real string could look like a placeholder
  const Json::parser_callback_t callback = filter ? member_filter_callback(*filter) : nullptr;
  if (!one_value || (long_strings.empty() && cuts.empty())) {
    return Json::parse(text.begin(), text.end(), callback, /*allow_exceptions=*/false);
  }
  if (bytes_cut) {
    for (const CutValue& cut : cuts) *bytes_cut += cut.end - cut.begin;
  }
  return parse_shortened(text, scanner.value_start(), end, long_strings, cuts, callback);
}

JsonStreamEnd read_json_stream(std::string_view text, const std::function<void(Document&&)>& visit) {
  JsonStreamEnd result;
  std::size_t pos = 0;
  std::size_t line_start = 0;
  std::uint32_t line = 1;
  while (true) {
    ValueScanner scanner(text, line_start, line);
    Document doc;
    StreamError error;
    std::vector<LongString> long_strings;
    // Skip whitespace to find the value start (the scanner tracks lines as it goes).
    const std::size_t end = scanner.scan(pos, &doc.fields, error, long_strings);
    if (end == std::string_view::npos) {
      if (error.message.empty()) break;  // only whitespace left: clean end of stream
      result.error = error;
      break;
    }
    const std::size_t start = scanner.value_start();
    doc.position = scanner.value_position();
    if (!long_strings.empty() && scanner.saw_escaped_nul()) {
      long_strings.clear();  // a real string could look like a placeholder: no shortcut
    }
    doc.value = long_strings.empty()
                    ? Json::parse(text.data() + start, text.data() + end, nullptr, /*allow_exceptions=*/false)
                    : parse_shortened(text, start, end, long_strings, {}, nullptr);
    if (doc.value.is_discarded()) {
      // Retry once with invalid UTF-8 replaced, as Go does (only on failure: no cost otherwise).
      const std::string repaired = replace_invalid_utf8(text.substr(start, end - start));
      if (repaired.size() != end - start || repaired != text.substr(start, end - start)) {
        doc.value = Json::parse(repaired, nullptr, /*allow_exceptions=*/false);
      }
    }
    if (doc.value.is_discarded()) {
      SyntaxErrorProbe probe;
      Json::sax_parse(text.data() + start, text.data() + end, &probe);
      std::string what = probe.message.empty() ? "syntax error" : probe.message;
      const auto at = what.find("syntax error");
      if (at != std::string::npos) what = what.substr(at);
      const std::size_t where = start + (probe.byte > 0 ? probe.byte - 1 : 0);
      result.error = StreamError{"JSON " + what, position_of_offset(text, where), false};
      break;
    }
    doc.fields.shrink_to_fit();
    ++result.values;
    result.resume_offset = end;
    pos = end;
    line_start = scanner.line_start();
    line = scanner.line();
    visit(std::move(doc));
  }
  return result;
}

JsonStreamResult read_json_stream(std::string_view text) {
  JsonStreamResult result;
  JsonStreamEnd end = read_json_stream(text, [&result](Document&& doc) { result.documents.push_back(std::move(doc)); });
  result.error = std::move(end.error);
  result.resume_offset = end.resume_offset;
  return result;
}

}  // namespace fbclens
