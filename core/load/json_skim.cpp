#include "load/json_skim.h"

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

// The acceptance rules follow nlohmann/json 3.11's lexer (detail/input/lexer.hpp: scan_string,
// get_codepoint, scan_number, scan_literal, skip_whitespace, skip_bom) and parser (detail/input/
// parser.hpp: sax_parse_internal, strict end of input).

namespace fbclens {

namespace {

bool is_space(unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

int hex(unsigned char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

class Validator {
 public:
  explicit Validator(std::string_view text)
      : p_(reinterpret_cast<const unsigned char*>(text.data())), end_(p_ + text.size()) {}

  bool run() {
    if (end_ - p_ >= 3 && p_[0] == 0xEF && p_[1] == 0xBB && p_[2] == 0xBF) p_ += 3;
    std::vector<unsigned char> stack;  // '{' or '['
    skip_space();
    while (true) {
      // A value.
      if (p_ == end_) return false;
      const unsigned char c = *p_;
      if (c == '{' || c == '[') {
        ++p_;
        skip_space();
        if (p_ != end_ && *p_ == (c == '{' ? '}' : ']')) {
          ++p_;  // an empty container: a complete value
        } else {
          stack.push_back(c);
          if (c == '{' && !key()) return false;
          continue;  // its first value
        }
      } else if (c == '"') {
        if (!string()) return false;
      } else if (c == 't') {
        if (!literal("true")) return false;
      } else if (c == 'f') {
        if (!literal("false")) return false;
      } else if (c == 'n') {
        if (!literal("null")) return false;
      } else if (c == '-' || (c >= '0' && c <= '9')) {
        if (!number()) return false;
      } else {
        return false;
      }
      // After a value: the next member or element, or the end of containers.
      while (true) {
        skip_space();
        if (stack.empty()) return p_ == end_;
        if (p_ == end_) return false;
        if (*p_ == ',') {
          ++p_;
          skip_space();
          if (stack.back() == '{' && !key()) return false;
          break;  // the next value
        }
        if (*p_ != (stack.back() == '{' ? '}' : ']')) return false;
        ++p_;
        stack.pop_back();
      }
    }
  }

 private:
  void skip_space() {
    while (p_ != end_ && is_space(*p_)) ++p_;
  }

  // `"key"` then `:`, leaving p_ at the value.
  bool key() {
    if (p_ == end_ || *p_ != '"' || !string()) return false;
    skip_space();
    if (p_ == end_ || *p_ != ':') return false;
    ++p_;
    skip_space();
    return true;
  }

  bool literal(const char* word) {
    const std::size_t n = std::strlen(word);
    if (static_cast<std::size_t>(end_ - p_) < n || std::memcmp(p_, word, n) != 0) return false;
    p_ += n;
    return true;
  }

  bool digits() {
    const unsigned char* start = p_;
    while (p_ != end_ && *p_ >= '0' && *p_ <= '9') ++p_;
    return p_ != start;
  }

  bool number() {
    const unsigned char* start = p_;
    if (*p_ == '-') ++p_;
    if (p_ == end_) return false;
    if (*p_ == '0') {
      ++p_;
    } else if (!digits()) {
      return false;
    }
    if (p_ != end_ && *p_ == '.') {
      ++p_;
      if (!digits()) return false;
    }
    if (p_ != end_ && (*p_ == 'e' || *p_ == 'E')) {
      ++p_;
      if (p_ != end_ && (*p_ == '+' || *p_ == '-')) ++p_;
      if (!digits()) return false;
    }
    // nlohmann reads a number that is not an integer of 64 bits as a double and rejects it when
    // that overflows ("number overflow", parser.hpp); only a long one can (DBL_MAX has 309 digits,
    // and an exponent takes at most 2 bytes to overflow with "1e999"), so only those are converted.
    const std::size_t n = static_cast<std::size_t>(p_ - start);
    if (n > 18 || std::memchr(start, 'e', n) || std::memchr(start, 'E', n)) {
      const std::string token(reinterpret_cast<const char*>(start), n);
      if (!std::isfinite(std::strtod(token.c_str(), nullptr))) return false;
    }
    return true;
  }

  // \uXXXX at p_ (after the backslash and 'u'): its code unit, or -1.
  long codeunit() {
    if (end_ - p_ < 4) return -1;
    long v = 0;
    for (int i = 0; i < 4; ++i) {
      const int h = hex(p_[i]);
      if (h < 0) return -1;
      v = v * 16 + h;
    }
    p_ += 4;
    return v;
  }

  bool in(unsigned char lo, unsigned char hi) {
    if (p_ == end_ || *p_ < lo || *p_ > hi) return false;
    ++p_;
    return true;
  }

  bool string() {
    ++p_;  // the opening quote
    while (true) {
      // The common bytes, fast.
      while (p_ != end_ && *p_ >= 0x20 && *p_ < 0x80 && *p_ != '"' && *p_ != '\\') ++p_;
      if (p_ == end_) return false;
      const unsigned char c = *p_++;
      if (c == '"') return true;
      if (c < 0x20) return false;
      if (c == '\\') {
        if (p_ == end_) return false;
        const unsigned char e = *p_++;
        if (e == 'u') {
          const long unit = codeunit();
          if (unit < 0) return false;
          if (unit >= 0xD800 && unit <= 0xDBFF) {
            if (end_ - p_ < 2 || p_[0] != '\\' || p_[1] != 'u') return false;
            p_ += 2;
            const long low = codeunit();
            if (low < 0xDC00 || low > 0xDFFF) return false;
          } else if (unit >= 0xDC00 && unit <= 0xDFFF) {
            return false;
          }
        } else if (!std::strchr("\"\\/bfnrt", e) || e == 0) {
          return false;
        }
        continue;
      }
      // UTF-8, RFC 3629's ranges.
      bool ok;
      if (c >= 0xC2 && c <= 0xDF) ok = in(0x80, 0xBF);
      else if (c == 0xE0) ok = in(0xA0, 0xBF) && in(0x80, 0xBF);
      else if ((c >= 0xE1 && c <= 0xEC) || c == 0xEE || c == 0xEF) ok = in(0x80, 0xBF) && in(0x80, 0xBF);
      else if (c == 0xED) ok = in(0x80, 0x9F) && in(0x80, 0xBF);
      else if (c == 0xF0) ok = in(0x90, 0xBF) && in(0x80, 0xBF) && in(0x80, 0xBF);
      else if (c >= 0xF1 && c <= 0xF3) ok = in(0x80, 0xBF) && in(0x80, 0xBF) && in(0x80, 0xBF);
      else if (c == 0xF4) ok = in(0x80, 0x8F) && in(0x80, 0xBF) && in(0x80, 0xBF);
      else ok = false;
      if (!ok) return false;
    }
  }

  const unsigned char* p_;
  const unsigned char* end_;
};

// The end of the string starting at text[i] (its opening quote): one past its closing quote.
std::size_t string_end(std::string_view text, std::size_t i) {
  ++i;
  while (true) {
    const std::size_t q = text.find_first_of("\"\\", i);
    if (text[q] == '"') return q + 1;
    i = q + 2;  // a backslash and the byte it escapes (\u's digits are plain bytes)
  }
}

// The end of the valid value starting at text[i].
std::size_t value_end(std::string_view text, std::size_t i) {
  if (text[i] == '"') return string_end(text, i);
  if (text[i] != '{' && text[i] != '[') {
    while (i < text.size() && !is_space(text[i]) && text[i] != ',' && text[i] != '}' && text[i] != ']') ++i;
    return i;
  }
  std::size_t depth = 0;
  while (true) {
    const char c = text[i];
    if (c == '"') {
      i = string_end(text, i);
      continue;
    }
    if (c == '{' || c == '[') ++depth;
    if ((c == '}' || c == ']') && --depth == 0) return i + 1;
    ++i;
  }
}

}  // namespace

bool json_valid(std::string_view text) { return Validator(text).run(); }

std::vector<JsonMember> json_members(std::string_view object) {
  std::vector<JsonMember> out;
  std::size_t i = object.find('{') + 1;
  while (true) {
    while (is_space(object[i]) || object[i] == ',') ++i;
    if (object[i] == '}') return out;
    const std::size_t key_end = string_end(object, i);
    JsonMember m;
    m.key = object.substr(i + 1, key_end - i - 2);
    m.key_escaped = m.key.find('\\') != std::string_view::npos;
    i = object.find(':', key_end) + 1;
    while (is_space(object[i])) ++i;
    const std::size_t end = value_end(object, i);
    m.value = object.substr(i, end - i);
    out.push_back(m);
    i = end;
  }
}

std::vector<std::string_view> json_elements(std::string_view array) {
  std::vector<std::string_view> out;
  std::size_t i = array.find('[') + 1;
  while (true) {
    while (is_space(array[i]) || array[i] == ',') ++i;
    if (array[i] == ']') return out;
    const std::size_t end = value_end(array, i);
    out.push_back(array.substr(i, end - i));
    i = end;
  }
}

}  // namespace fbclens
