#include "load/json_stream.h"

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
  std::string key;       // objects: key of the current member (raw, escapes kept)
};

// A long string value that nlohmann need not see: its content bytes and where it sits.
// nlohmann's lexer copies strings a character at a time (twice), which dominated load time on
// catalogs full of base64 bundle objects; these strings are blanked in the text nlohmann parses
// and put back afterwards at their path.
struct LongString {
  std::size_t begin = 0, end = 0;   // content offsets (without quotes)
  std::vector<std::string> path;    // object keys (raw) and array indices, from the top
  std::vector<bool> is_index;
};
constexpr std::size_t kLongStringBytes = 256;

// True when nlohmann would decode the quoted bytes to exactly themselves: printable ASCII, no escapes.
bool is_plain_ascii(std::string_view s) {
  for (char c : s) {
    if (c < 0x20 || c > 0x7e || c == '\\') return false;
  }
  return true;
}

// Scans one JSON value starting at `pos` (first non-space byte). Returns the end offset, or
// npos with `error` set. Records positions of values at depth 1..4 into `fields`, and long plain
// strings into `long_strings`. Does not validate tokens: nlohmann parses the range afterwards and
// reports syntax errors precisely.
class ValueScanner {
 public:
  ValueScanner(std::string_view text, std::size_t line_start, std::uint32_t line)
      : text_(text), line_start_(line_start), line_(line) {}

  std::size_t scan(std::size_t pos, FieldPositions& fields, StreamError& error, std::vector<LongString>& long_strings) {
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
        const std::size_t end = string_end(i);
        if (end == std::string_view::npos) return fail(i, "unterminated string", error);
        stack.back().key.assign(text_.data() + i + 1, end - i - 2);
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
        const std::size_t end = string_end(i);
        if (end == std::string_view::npos) return fail(i, "unterminated string", error);
        if (end - i - 2 >= kLongStringBytes && !stack.empty() && is_plain_ascii(text_.substr(i + 1, end - i - 2))) {
          LongString ls;
          ls.begin = i + 1;
          ls.end = end - 1;
          bool keys_ok = true;
          for (const Frame& f : stack) {
            std::string step = f.is_object ? f.key : std::to_string(f.index);
            if (f.is_object && f.key.find('\\') != std::string::npos) {
              const Json decoded = Json::parse("\"" + f.key + "\"", nullptr, false);
              keys_ok = keys_ok && decoded.is_string();
              if (decoded.is_string()) step = decoded.get<std::string>();
            }
            ls.path.push_back(std::move(step));
            ls.is_index.push_back(!f.is_object);
          }
          if (keys_ok) long_strings.push_back(std::move(ls));
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
  std::uint32_t line() const { return line_; }

 private:
  // Offset just past the closing quote of the string starting at `i`, or npos.
  std::size_t string_end(std::size_t i) {
    const std::size_t n = text_.size();
    ++i;
    while (i < n) {
      const void* hit = std::memchr(text_.data() + i, '"', n - i);
      // Count newlines skipped (raw newlines in strings are invalid JSON, but keep lines right).
      const std::size_t stop = hit ? static_cast<const char*>(hit) - text_.data() : n;
      for (const char* p = static_cast<const char*>(std::memchr(text_.data() + i, '\n', stop - i)); p;
           p = static_cast<const char*>(std::memchr(p + 1, '\n', text_.data() + stop - p - 1))) {
        ++line_;
        line_start_ = p - text_.data() + 1;
        if (p + 1 >= text_.data() + stop) break;
      }
      if (!hit) return std::string_view::npos;
      std::size_t backslashes = 0;
      for (std::size_t k = stop; k > i && text_[k - 1] == '\\'; --k) ++backslashes;
      if (backslashes % 2 == 0) return stop + 1;
      i = stop + 1;
    }
    return std::string_view::npos;
  }

  void record(const std::vector<Frame>& stack, FieldPositions& fields, std::size_t offset) {
    if (stack.empty() || stack.size() > 4) return;
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
    fields.add(path_, position(offset));
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

// The stand-in for long string `i` in the text nlohmann parses. A real string can only start with
// NUL through a "\u0000" escape, and values containing one are never shortened.
std::string placeholder(std::size_t i) { return std::string("\\u0000") + std::to_string(i); }
std::string placeholder_value(std::size_t i) { return std::string(1, '\0') + std::to_string(i); }

// Puts each long string back where its own placeholder survived the parse (with duplicate keys,
// nlohmann keeps the last value, and so does this).
void restore_long_strings(Json& root, std::string_view text, const std::vector<LongString>& long_strings) {
  for (std::size_t i = 0; i < long_strings.size(); ++i) {
    const LongString& ls = long_strings[i];
    Json* node = &root;
    for (std::size_t k = 0; node && k < ls.path.size(); ++k) {
      if (ls.is_index[k]) {
        const std::size_t index = std::stoul(ls.path[k]);
        node = node->is_array() && index < node->size() ? &(*node)[index] : nullptr;
      } else {
        auto it = node->is_object() ? node->find(ls.path[k]) : node->end();
        node = node->is_object() && it != node->end() ? &it.value() : nullptr;
      }
    }
    if (node && node->is_string() && node->get_ref<const std::string&>() == placeholder_value(i)) {
      *node = std::string(text.substr(ls.begin, ls.end - ls.begin));
    }
  }
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
    const std::size_t end = scanner.scan(pos, doc.fields, error, long_strings);
    if (end == std::string_view::npos) {
      if (error.message.empty()) break;  // only whitespace left: clean end of stream
      result.error = error;
      break;
    }
    const std::size_t start = scanner.value_start();
    doc.position = scanner.value_position();
    if (!long_strings.empty() && text.substr(start, end - start).find("\\u0000") != std::string_view::npos) {
      long_strings.clear();  // a real string could look like a placeholder: no shortcut
    }
    if (long_strings.empty()) {
      doc.value = Json::parse(text.data() + start, text.data() + end, nullptr, /*allow_exceptions=*/false);
    } else {
      std::string shortened;
      shortened.reserve(end - start);
      std::size_t from = start;
      for (std::size_t i = 0; i < long_strings.size(); ++i) {
        shortened.append(text.data() + from, long_strings[i].begin - from);
        shortened += placeholder(i);
        from = long_strings[i].end;
      }
      shortened.append(text.data() + from, end - from);
      doc.value = Json::parse(shortened, nullptr, /*allow_exceptions=*/false);
      if (!doc.value.is_discarded()) restore_long_strings(doc.value, text, long_strings);
    }
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
