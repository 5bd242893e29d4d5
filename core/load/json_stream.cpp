#include "load/json_stream.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace fbclens {

namespace {

bool is_json_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// One level of the structure being scanned.
struct Frame {
  bool is_object;
  bool expect_key;       // objects: next string is a key
  std::size_t index;     // arrays: index of the next element
  std::string key;       // objects: key of the current member (raw, escapes kept; only when recording fields)
};

// A long string value that nlohmann need not see: where its content bytes sit. nlohmann's lexer
// copies strings a character at a time (twice), which dominated load time on catalogs full of
// base64 bundle objects (and, decoded, on their CSV manifests' icons); these strings are replaced
// by short placeholders in the text nlohmann parses and put back afterwards.
struct LongString {
  std::size_t begin = 0, end = 0;   // content offsets (without quotes)
};
constexpr std::size_t kLongStringBytes = 256;

// Scans one JSON value starting at `pos` (first non-space byte). Returns the end offset, or
// npos with `error` set. Records positions of values at depth 1..4 into `fields` (unless null),
// and long plain strings into `long_strings`. Does not validate tokens: nlohmann parses the range
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
        stack.back().expect_key = false;
        i = end;
        continue;
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
        ++i;
        continue;
      }
      if (c == '"') {
        bool plain = false;
        const std::size_t end = string_end(i, plain);
        if (end == std::string_view::npos) return fail(i, "unterminated string", error);
        if (plain && end - i - 2 >= kLongStringBytes && !stack.empty()) {
          long_strings.push_back(LongString{i + 1, end - 1});
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
      // Eight bytes at a time past content that needs no look (base64 runs for megabytes).
      while (i + 8 <= n && !any_special(load_word(data + i))) i += 8;
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

  static std::uint64_t load_word(const char* p) {
    std::uint64_t w;
    std::memcpy(&w, p, 8);
    return w;
  }

  // Whether any byte of `w` is '"', '\\', a control byte (below 0x20) or not ASCII-printable
  // (0x7f and above). Exact: the classic has-zero-byte and has-less-than tests, word at a time.
  static bool any_special(std::uint64_t w) {
    constexpr std::uint64_t kOnes = 0x0101010101010101ULL, kHigh = 0x8080808080808080ULL;
    const auto has_zero = [](std::uint64_t v) { return (v - kOnes) & ~v & kHigh; };
    const std::uint64_t below_space = (w - kOnes * 0x20) & ~w & kHigh;
    return (has_zero(w ^ (kOnes * '"')) | has_zero(w ^ (kOnes * '\\')) | has_zero(w ^ (kOnes * 0x7f)) | below_space | (w & kHigh)) != 0;
  }

  void new_line(std::size_t at) {
    ++line_;
    line_start_ = at + 1;
  }

  void record(const std::vector<Frame>& stack, FieldPositions* fields, std::size_t offset) {
    if (!fields || stack.empty() || stack.size() > 4) return;
    path_.clear();
    for (const Frame& f : stack) {
      path_ += '/';
      if (f.is_object) {
        path_ += f.key;
      } else {
        char digits[24];
        path_.append(digits, static_cast<std::size_t>(std::snprintf(digits, sizeof digits, "%zu", f.index)));
      }
    }
    fields->add(path_, position(offset));
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
  std::string path_;  // record()'s scratch buffer
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
// dropped it, and with duplicate keys nlohmann keeps the last value (so does this). Walks the
// parsed value with an explicit stack (values nest up to kMaxNestingDepth).
void restore_long_strings(Json& root, std::string_view text, const std::vector<LongString>& long_strings) {
  std::vector<Json*> stack{&root};
  while (!stack.empty()) {
    Json* node = stack.back();
    stack.pop_back();
    if (node->is_string()) {
      const std::size_t i = placeholder_index(node->get_ref<const std::string&>(), long_strings.size());
      if (i != std::string::npos) *node = std::string(text.substr(long_strings[i].begin, long_strings[i].end - long_strings[i].begin));
    } else if (node->is_structured()) {
      for (Json& child : *node) stack.push_back(&child);
    }
  }
}

// Json::parse of text[start, end) with its long strings (found by ValueScanner) replaced by
// placeholders, then put back: the same value, or discarded where the text is not JSON (each
// replaced string is plain ASCII between quotes, so the placeholder changes no token but that
// string's content). `filter` sees the placeholders, not the strings.
Json parse_shortened(std::string_view text, std::size_t start, std::size_t end, const std::vector<LongString>& long_strings,
                     const Json::parser_callback_t& filter) {
  std::string shortened;
  shortened.reserve(end - start);
  std::size_t from = start;
  for (std::size_t i = 0; i < long_strings.size(); ++i) {
    shortened.append(text.data() + from, long_strings[i].begin - from);
    shortened += placeholder(i);
    from = long_strings[i].end;
  }
  shortened.append(text.data() + from, end - from);
  Json value = Json::parse(shortened, filter, /*allow_exceptions=*/false);
  if (!value.is_discarded()) restore_long_strings(value, text, long_strings);
  return value;
}

}  // namespace

Json parse_json_value(std::string_view text, const Json::parser_callback_t& filter) {
  ValueScanner scanner(text, 0, 1);
  StreamError error;
  std::vector<LongString> long_strings;
  const std::size_t end = scanner.scan(0, nullptr, error, long_strings);
  const bool one_value = end != std::string_view::npos &&
                         std::all_of(text.begin() + static_cast<std::ptrdiff_t>(end), text.end(), is_json_space);
  if (!one_value || long_strings.empty() || scanner.saw_escaped_nul()) {
    return Json::parse(text.begin(), text.end(), filter, /*allow_exceptions=*/false);
  }
  return parse_shortened(text, scanner.value_start(), end, long_strings, filter);
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
                    : parse_shortened(text, start, end, long_strings, nullptr);
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
