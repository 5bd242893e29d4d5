// opm render-template's output (write.h): Go's JSON encoding and go-yaml v2 of the rendered catalog.
//
// [SECTION] Raw JSON
// [SECTION] Go's indented JSON
// [SECTION] go-yaml v2
// [SECTION] Bundle sources
// [SECTION] The rendered catalog
#include "template/write.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <set>

#include "declcfg/go_shape.h"
#include "load/json_stream.h"
#include "load/yaml_stream.h"
#include "repo/repository.h"

namespace fbclens::tmpl {

// =====================================================================================================
// [SECTION] Raw JSON
// =====================================================================================================

namespace {

constexpr std::size_t kMaxDepth = 10000;

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// encoding/json's string encoding with SetEscapeHTML(false): '"', '\\', \b \f \n \r \t, other
// control bytes as \u00xx, U+2028/U+2029 escaped, invalid UTF-8 as \ufffd.
std::string go_quote_json(const std::string& s) {
  static const char* hex = "0123456789abcdef";
  std::string out = "\"";
  for (std::size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
          if (c < 0x20) {
            out += "\\u00";
            out += hex[c >> 4];
            out += hex[c & 15];
          } else {
            out += static_cast<char>(c);
          }
      }
      ++i;
      continue;
    }
    // A UTF-8 sequence: copied when well-formed, else U+FFFD for the byte.
    int len = (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    bool ok = len > 0 && i + len <= s.size();
    for (int k = 1; ok && k < len; ++k) ok = (static_cast<unsigned char>(s[i + k]) & 0xC0) == 0x80;
    if (!ok) {
      out += "\\ufffd";
      ++i;
      continue;
    }
    const std::string rune = s.substr(i, len);
    if (rune == "\xE2\x80\xA8") {
      out += "\\u2028";
    } else if (rune == "\xE2\x80\xA9") {
      out += "\\u2029";
    } else {
      out += rune;
    }
    i += len;
  }
  return out + "\"";
}

class RawParser {
 public:
  RawParser(std::string_view text, std::size_t pos) : text_(text), pos_(pos) {}

  bool value(RawJson& out, std::size_t depth, std::string& error) {
    skip();
    if (pos_ >= text_.size()) return fail("unexpected end of input", error);
    if (depth > kMaxDepth) return fail("exceeded max depth", error);
    const char c = text_[pos_];
    if (c == '{') {
      out.kind = RawJson::Kind::Object;
      ++pos_;
      skip();
      if (peek('}')) return ++pos_, true;
      while (true) {
        skip();
        std::string key;
        if (!string_token(key, error)) return false;
        skip();
        if (!peek(':')) return fail("expected ':'", error);
        ++pos_;
        RawJson v;
        if (!value(v, depth + 1, error)) return false;
        out.members.emplace_back(std::move(key), std::move(v));
        skip();
        if (peek(',')) {
          ++pos_;
          continue;
        }
        if (peek('}')) return ++pos_, true;
        return fail("expected ',' or '}'", error);
      }
    }
    if (c == '[') {
      out.kind = RawJson::Kind::Array;
      ++pos_;
      skip();
      if (peek(']')) return ++pos_, true;
      while (true) {
        RawJson v;
        if (!value(v, depth + 1, error)) return false;
        out.items.push_back(std::move(v));
        skip();
        if (peek(',')) {
          ++pos_;
          continue;
        }
        if (peek(']')) return ++pos_, true;
        return fail("expected ',' or ']'", error);
      }
    }
    out.kind = RawJson::Kind::Scalar;
    if (c == '"') return string_token(out.token, error);
    const std::size_t start = pos_;
    while (pos_ < text_.size() && !is_space(text_[pos_]) && !std::strchr(",:{}[]\"", text_[pos_])) ++pos_;
    if (pos_ == start) return fail("unexpected character", error);
    out.token = std::string(text_.substr(start, pos_ - start));
    return true;
  }

 private:
  void skip() {
    while (pos_ < text_.size() && is_space(text_[pos_])) ++pos_;
  }
  bool peek(char c) const { return pos_ < text_.size() && text_[pos_] == c; }
  bool fail(const char* what, std::string& error) {
    error = std::string(what) + " at byte " + std::to_string(pos_);
    return false;
  }
  bool string_token(std::string& out, std::string& error) {
    if (!peek('"')) return fail("expected a string", error);
    const std::size_t start = pos_++;
    while (pos_ < text_.size() && text_[pos_] != '"') pos_ += text_[pos_] == '\\' ? 2 : 1;
    if (pos_ >= text_.size()) return fail("unterminated string", error);
    ++pos_;
    out = std::string(text_.substr(start, pos_ - start));
    return true;
  }

  std::string_view text_;
  std::size_t pos_;
};

std::string unquote(const std::string& token) {
  const Json j = Json::parse(token, nullptr, false);
  return j.is_string() ? j.get<std::string>() : token;
}

}  // namespace

RawJson RawJson::string(const std::string& text) { return literal(go_quote_json(text)); }

RawJson RawJson::literal(std::string token) {
  RawJson r;
  r.token = std::move(token);
  return r;
}

const RawJson* RawJson::find(const std::string& key) const {
  for (const auto& [k, v] : members) {
    if (unquote(k) == key) return &v;
  }
  // Go's decoder also takes a key that differs in letter case.
  for (const auto& [k, v] : members) {
    std::string a = unquote(k), b = key;
    for (char& c : a) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (char& c : b) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (a == b) return &v;
  }
  return nullptr;
}

bool parse_raw_json(std::string_view text, std::size_t offset, RawJson& out, std::string& error) {
  return RawParser(text, offset).value(out, 0, error);
}

RawJson raw_from_json(const Json& value) {
  // Iteratively would be safer for depth, but catalog values that reach here were loaded with the
  // loader's depth limit and written by opm.
  RawJson r;
  if (value.is_object()) {
    r.kind = RawJson::Kind::Object;
    for (auto it = value.begin(); it != value.end(); ++it) r.members.emplace_back(go_quote_json(it.key()), raw_from_json(*it));
  } else if (value.is_array()) {
    r.kind = RawJson::Kind::Array;
    for (const Json& v : value) r.items.push_back(raw_from_json(v));
  } else if (value.is_string()) {
    r.token = go_quote_json(value.get<std::string>());
  } else {
    r.token = value.dump();
  }
  return r;
}

// =====================================================================================================
// [SECTION] Go's indented JSON
// =====================================================================================================

namespace {

void indented(const RawJson& v, std::size_t depth, std::string& out) {
  const auto newline = [&](std::size_t d) {
    out += '\n';
    out.append(d * 4, ' ');
  };
  switch (v.kind) {
    case RawJson::Kind::Scalar: out += v.token; return;
    case RawJson::Kind::Object:
      if (v.members.empty()) {
        out += "{}";
        return;
      }
      out += '{';
      for (std::size_t i = 0; i < v.members.size(); ++i) {
        newline(depth + 1);
        out += v.members[i].first;
        out += ": ";
        indented(v.members[i].second, depth + 1, out);
        if (i + 1 < v.members.size()) out += ',';
      }
      newline(depth);
      out += '}';
      return;
    case RawJson::Kind::Array:
      if (v.items.empty()) {
        out += "[]";
        return;
      }
      out += '[';
      for (std::size_t i = 0; i < v.items.size(); ++i) {
        newline(depth + 1);
        indented(v.items[i], depth + 1, out);
        if (i + 1 < v.items.size()) out += ',';
      }
      newline(depth);
      out += ']';
      return;
  }
}

}  // namespace

std::string go_indented_json(const RawJson& value) {
  std::string out;
  indented(value, 0, out);
  return out;
}

// =====================================================================================================
// [SECTION] go-yaml v2 (go.yaml.in/yaml/v2 2.4, as sigs.k8s.io/yaml JSONToYAML uses it)
// =====================================================================================================

namespace {

// keyList.Less of go-yaml v2's sorter.go: letters before other runes, runs of digits compared as
// numbers, else rune order.
bool yaml_key_less(const std::string& a, const std::string& b) {
  const auto letter = [](unsigned char c) { return std::isalpha(c) || c >= 0x80; };
  const auto digit = [](unsigned char c) { return std::isdigit(c) != 0; };
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
    const unsigned char ca = static_cast<unsigned char>(a[i]), cb = static_cast<unsigned char>(b[i]);
    if (ca == cb) continue;
    const bool al = letter(ca), bl = letter(cb);
    if (al && bl) return ca < cb;
    if (al || bl) return bl;
    std::size_t ai = i, bi = i;
    long long an = 0, bn = 0;
    if (ca == '0' || cb == '0') {
      for (std::size_t j = i; j-- > 0 && digit(static_cast<unsigned char>(a[j]));) {
        if (a[j] != '0') {
          an = bn = 1;
          break;
        }
      }
    }
    for (; ai < a.size() && digit(static_cast<unsigned char>(a[ai])); ++ai) an = an * 10 + (a[ai] - '0');
    for (; bi < b.size() && digit(static_cast<unsigned char>(b[bi])); ++bi) bn = bn * 10 + (b[bi] - '0');
    if (an != bn) return an < bn;
    if (ai != bi) return ai < bi;
    return ca < cb;
  }
  return a.size() < b.size();
}

// resolve() of go-yaml v2 for an unquoted scalar: whether `s` would read back as something other
// than a string (null, bool, int, float, merge), so it must be quoted.
bool resolves_to_non_string(const std::string& s) {
  if (s.empty()) return true;
  static const std::set<std::string> words = {
      "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "true", "True", "TRUE", "false", "False", "FALSE",
      "on", "On", "ON", "off", "Off", "OFF", "null", "Null", "NULL", "~", ".inf", ".Inf", ".INF", "+.inf", "+.Inf",
      "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN", "<<"};
  if (words.count(s)) return true;
  const char c = s[0];
  if (!(c == '+' || c == '-' || c == '.' || std::isdigit(static_cast<unsigned char>(c)))) return false;
  std::string plain;
  for (char ch : s) {
    if (ch != '_') plain += ch;
  }
  // ints: strconv.ParseInt(plain, 0, 64) / ParseUint, and 0b binary.
  const auto all = [&](std::size_t from, auto pred) {
    if (from >= plain.size()) return false;
    for (std::size_t i = from; i < plain.size(); ++i) {
      if (!pred(static_cast<unsigned char>(plain[i]))) return false;
    }
    return true;
  };
  std::size_t start = (plain[0] == '+' || plain[0] == '-') ? 1 : 0;
  if (start < plain.size()) {
    const std::string body = plain.substr(start);
    if (body.size() > 2 && body[0] == '0' && (body[1] == 'x' || body[1] == 'X') && all(start + 2, [](unsigned char x) { return std::isxdigit(x) != 0; })) return true;
    if (body.size() > 2 && body[0] == '0' && (body[1] == 'b' || body[1] == 'B') && all(start + 2, [](unsigned char x) { return x == '0' || x == '1'; })) return true;
    if (body.size() > 2 && body[0] == '0' && (body[1] == 'o' || body[1] == 'O') && all(start + 2, [](unsigned char x) { return x >= '0' && x <= '7'; })) return true;
    if (all(start, [](unsigned char x) { return std::isdigit(x) != 0; })) return true;
  }
  // floats: ^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$
  std::size_t i = start;
  const auto digits = [&]() {
    const std::size_t from = i;
    while (i < plain.size() && std::isdigit(static_cast<unsigned char>(plain[i]))) ++i;
    return i - from;
  };
  bool ok;
  if (i < plain.size() && plain[i] == '.') {
    ++i;
    ok = digits() > 0;
  } else {
    ok = digits() > 0;
    if (ok && i < plain.size() && plain[i] == '.') {
      ++i;
      digits();
    }
  }
  if (ok && i < plain.size() && (plain[i] == 'e' || plain[i] == 'E')) {
    ++i;
    if (i < plain.size() && (plain[i] == '+' || plain[i] == '-')) ++i;
    ok = digits() > 0;
  }
  if (ok && i == plain.size()) return true;
  // base-60 floats (isBase60Float): ^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$
  std::size_t j = (s[0] == '+' || s[0] == '-') ? 1 : 0;
  if (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) {
    ++j;
    while (j < s.size() && (std::isdigit(static_cast<unsigned char>(s[j])) || s[j] == '_')) ++j;
    std::size_t groups = 0;
    while (j < s.size() && s[j] == ':') {
      ++j;
      std::size_t k = j;
      while (k < s.size() && std::isdigit(static_cast<unsigned char>(s[k])) && k - j < 2) ++k;
      if (k == j || (k - j == 2 && s[j] > '5')) break;
      j = k;
      ++groups;
    }
    if (groups && j < s.size() && s[j] == '.') {
      ++j;
      while (j < s.size() && (std::isdigit(static_cast<unsigned char>(s[j])) || s[j] == '_')) ++j;
    }
    if (groups && j == s.size()) return true;
  }
  return false;
}

enum class Style { Plain, Single, Double, Literal };

// libyaml's IS_PRINTABLE for the rune at s[i] (`len` its UTF-8 length): LF, 0x20-0x7E, NEL,
// 0xA0-0xD7FF, 0xE000-0xFFFD except the BOM, and the astral planes. A tab is not printable.
bool printable(const std::string& s, std::size_t i, std::size_t len) {
  const unsigned char c = static_cast<unsigned char>(s[i]);
  if (len == 1) return c == 0x0A || (c >= 0x20 && c <= 0x7E);
  const unsigned char c1 = static_cast<unsigned char>(s[i + 1]);
  if (len == 2) return c > 0xC2 || (c == 0xC2 && (c1 >= 0xA0 || c1 == 0x85));
  if (len == 3) {
    const unsigned char c2 = static_cast<unsigned char>(s[i + 2]);
    if (c == 0xED && c1 >= 0xA0) return false;                 // surrogates
    if (c == 0xEF && c1 == 0xBB && c2 == 0xBF) return false;   // the BOM
    if (c == 0xEF && c1 == 0xBF && c2 >= 0xBE) return false;   // U+FFFE, U+FFFF
  }
  return true;
}

std::size_t rune_length(const std::string& s, std::size_t i) {
  const unsigned char c = static_cast<unsigned char>(s[i]);
  const std::size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 1;
  return i + len <= s.size() ? len : 1;
}

// go-yaml v2 parseTimestamp: a plain scalar that reads as a time (2006-1-2, 2006-1-2T15:4:5Z07:00,
// 2006-1-2 15:4:5.999) is a timestamp, so a string like that is quoted.
bool is_timestamp(const std::string& s) {
  std::size_t i = 0;
  const auto number = [&](std::size_t min, std::size_t max, int lo, int hi) {
    std::size_t n = 0;
    int v = 0;
    while (i < s.size() && n < max && std::isdigit(static_cast<unsigned char>(s[i]))) {
      v = v * 10 + (s[i++] - '0');
      ++n;
    }
    return n >= min && v >= lo && v <= hi;
  };
  if (!number(4, 4, 0, 9999) || i >= s.size() || s[i++] != '-') return false;
  if (!number(1, 2, 1, 12) || i >= s.size() || s[i++] != '-') return false;
  if (!number(1, 2, 1, 31)) return false;
  if (i == s.size()) return true;
  const char sep = s[i++];
  if (sep != 'T' && sep != 't' && sep != ' ') return false;
  if (!number(1, 2, 0, 23) || i >= s.size() || s[i++] != ':') return false;
  if (!number(1, 2, 0, 59) || i >= s.size() || s[i++] != ':') return false;
  if (!number(1, 2, 0, 59)) return false;
  if (i < s.size() && s[i] == '.') {
    ++i;
    if (!number(1, 9, 0, 999999999)) return false;
  }
  if (i == s.size()) return sep == ' ';
  if (sep == ' ') return false;
  if (s[i] == 'Z') return i + 1 == s.size();
  if (s[i] != '+' && s[i] != '-') return false;
  ++i;
  if (!number(2, 2, 0, 23) || i >= s.size() || s[i++] != ':') return false;
  return number(2, 2, 0, 59) && i == s.size();
}

// yaml_emitter_analyze_scalar and select_scalar_style (libyaml's emitter as go-yaml v2 ports it)
// for a scalar in block context; `key`: a simple mapping key. go-yaml asks for a literal block
// when the string has a line break, plain when it would read back as a string, else double
// quotes; the emitter falls back to single, then double quotes where the style cannot hold it.
Style scalar_style(const std::string& s, bool key) {
  const bool multiline_request = s.find('\n') != std::string::npos;
  if (!multiline_request && (resolves_to_non_string(s) || is_timestamp(s))) return Style::Double;
  bool block_indicators = false, special = false, line_breaks = false;
  bool leading_space = false, leading_break = false, trailing_space = false, trailing_break = false;
  bool break_space = false, space_break = false, previous_space = false, previous_break = false;
  if (s.rfind("---", 0) == 0 || s.rfind("...", 0) == 0) block_indicators = true;
  bool preceded_by_whitespace = true;
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t len = rune_length(s, i);
    const unsigned char c = static_cast<unsigned char>(s[i]);
    const std::size_t next = i + len;
    const bool followed_by_whitespace = next >= s.size() || s[next] == ' ' || s[next] == '\t' || s[next] == '\n' || s[next] == '\r';
    if (i == 0) {
      switch (c) {
        case '#': case ',': case '[': case ']': case '{': case '}': case '&': case '*': case '!': case '|': case '>':
        case '\'': case '"': case '%': case '@': case '`':
          block_indicators = true;
          break;
        case '?': case ':': case '-':
          if (followed_by_whitespace) block_indicators = true;
          break;
        default: break;
      }
    } else {
      if (c == ':' && followed_by_whitespace) block_indicators = true;
      if (c == '#' && preceded_by_whitespace) block_indicators = true;
    }
    if (!printable(s, i, len)) special = true;
    if (c == ' ') {
      if (i == 0) leading_space = true;
      if (next == s.size()) trailing_space = true;
      if (previous_break) break_space = true;
      previous_space = true;
      previous_break = false;
    } else if (c == '\n' || c == '\r') {
      line_breaks = true;
      if (i == 0) leading_break = true;
      if (next == s.size()) trailing_break = true;
      if (previous_space) space_break = true;
      previous_space = false;
      previous_break = true;
    } else {
      previous_space = previous_break = false;
    }
    preceded_by_whitespace = c == ' ' || c == '\t' || c == '\n' || c == '\r';
    i = next;
  }
  bool plain = !(leading_space || leading_break || trailing_space || trailing_break || block_indicators || line_breaks);
  bool single = true, block = true;
  if (break_space) plain = single = false;
  if (trailing_space) block = false;
  if (space_break || special) plain = single = block = false;
  if (s.empty()) plain = false;
  if (multiline_request) return block && !key ? Style::Literal : Style::Double;
  if (plain) return Style::Plain;
  return single ? Style::Single : Style::Double;
}

class YamlWriter {
 public:
  std::string out;

  // A scalar after "key: " or "- " at `indent` (the node's container indent).
  void scalar(const std::string& s, std::size_t indent, bool key) {
    switch (scalar_style(s, key)) {
      case Style::Plain: folded(s, indent, key); break;
      case Style::Single: {
        std::string quoted = "'";
        for (char c : s) quoted += c == '\'' ? std::string("''") : std::string(1, c);
        folded(quoted + "'", indent, key);
        break;
      }
      case Style::Double: double_quoted(s, indent, key); break;
      case Style::Literal: literal(s, indent); break;
    }
  }

  void value(const RawJson& v, std::size_t indent, bool in_sequence) {
    (void)in_sequence;
    if (v.kind == RawJson::Kind::Scalar) {
      out += " ";
      scalar_token(v.token, indent);
      out += "\n";
      return;
    }
    if (v.kind == RawJson::Kind::Object && v.members.empty()) {
      out += " {}\n";
      return;
    }
    if (v.kind == RawJson::Kind::Array && v.items.empty()) {
      out += " []\n";
      return;
    }
    out += "\n";
    if (v.kind == RawJson::Kind::Object) {
      mapping(v, indent + 2, false);
    } else {
      sequence(v, indent);  // go-yaml v2: a sequence in a mapping is not indented
    }
  }

  void mapping(const RawJson& v, std::size_t indent, bool first_inline) {
    std::vector<std::pair<std::string, const RawJson*>> members;
    for (const auto& [k, val] : v.members) members.emplace_back(unquote(k), &val);
    std::stable_sort(members.begin(), members.end(), [](const auto& a, const auto& b) { return yaml_key_less(a.first, b.first); });
    bool first = true;
    for (const auto& [key, val] : members) {
      if (!(first && first_inline)) out.append(indent, ' ');
      first = false;
      scalar(key, indent, true);
      out += ":";
      value(*val, indent, false);
    }
  }

  void sequence(const RawJson& v, std::size_t indent) {
    for (const RawJson& item : v.items) {
      out.append(indent, ' ');
      out += "-";
      if (item.kind == RawJson::Kind::Object && !item.members.empty()) {
        out += " ";
        mapping(item, indent + 2, true);
      } else if (item.kind == RawJson::Kind::Array && !item.items.empty()) {
        out += " ";
        // A sequence in a sequence starts on the same line: "- - a".
        std::string inner;
        YamlWriter w;
        w.sequence(item, indent + 2);
        out += w.out.substr(indent + 2);
      } else {
        value(item, indent, true);
      }
    }
  }

  void scalar_token(const std::string& token, std::size_t indent) {
    if (!token.empty() && token[0] == '"') {
      scalar(unquote(token), indent, false);
    } else if (token == "true" || token == "false" || token == "null") {
      out += token;
    } else {
      out += number(token);
    }
  }

 private:
  // A number as go-yaml v2 reads it from JSON and writes it back: integers as they are, other
  // numbers through float64 with strconv.FormatFloat(f, 'g', -1, 64).
  static std::string number(const std::string& token) {
    const bool integer = token.find_first_of(".eE") == std::string::npos;
    if (integer) return token;
    const double d = std::strtod(token.c_str(), nullptr);
    char buf[40];
    for (int precision = 1; precision <= 17; ++precision) {
      std::snprintf(buf, sizeof buf, "%.*g", precision, d);
      if (std::strtod(buf, nullptr) == d) break;
    }
    std::string s = buf;
    // Go writes exponents with at least two digits and a sign ("1e+06"), like C.
    return s;
  }

  std::size_t column() const {
    const std::size_t nl = out.rfind('\n');
    std::size_t col = 0;
    for (std::size_t i = nl == std::string::npos ? 0 : nl + 1; i < out.size(); ++i) {
      col += (static_cast<unsigned char>(out[i]) & 0xC0) != 0x80;
    }
    return col;
  }

  // yaml_emitter_write_double_quoted_scalar: escapes, and a line break at a space once past column
  // 80 (never at the first or last character), a space right after the break written "\ ".
  void double_quoted(const std::string& s, std::size_t indent, bool key) {
    static const char* hex = "0123456789ABCDEF";
    out += '"';
    std::size_t col = column();
    bool spaces = false;
    for (std::size_t i = 0; i < s.size();) {
      const std::size_t len = rune_length(s, i);
      const unsigned char c = static_cast<unsigned char>(s[i]);
      unsigned cp = len == 1 ? c : len == 2 ? (c & 0x1F) : len == 3 ? (c & 0x0F) : (c & 0x07);
      for (std::size_t k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
      if (!printable(s, i, len) || c == '"' || c == '\\' || c == '\n' || c == '\r' || cp == 0x85 || cp == 0x2028 || cp == 0x2029 ||
          cp == 0xFEFF) {
        std::string e;
        char buf[16];
        switch (cp) {
          case 0: e = "\\0"; break;
          case 7: e = "\\a"; break;
          case 8: e = "\\b"; break;
          case 9: e = "\\t"; break;
          case 10: e = "\\n"; break;
          case 11: e = "\\v"; break;
          case 12: e = "\\f"; break;
          case 13: e = "\\r"; break;
          case 27: e = "\\e"; break;
          case '"': e = "\\\""; break;
          case '\\': e = "\\\\"; break;
          case 0x85: e = "\\N"; break;
          case 0xA0: e = "\\_"; break;
          case 0x2028: e = "\\L"; break;
          case 0x2029: e = "\\P"; break;
          default:
            if (cp <= 0xFF) {
              e = std::string("\\x") + hex[cp >> 4] + hex[cp & 15];
            } else if (cp <= 0xFFFF) {
              std::snprintf(buf, sizeof buf, "\\u%04X", cp);
              e = buf;
            } else {
              std::snprintf(buf, sizeof buf, "\\U%08X", cp);
              e = buf;
            }
        }
        out += e;
        col += e.size();
        spaces = false;
      } else if (c == ' ') {
        if (!key && !spaces && col > 80 && i != 0 && i + 1 != s.size()) {
          out += "\n";
          out.append(indent + 2, ' ');
          col = indent + 2;
          if (i + 1 < s.size() && s[i + 1] == ' ') {
            out += '\\';
            ++col;
          }
        } else {
          out += ' ';
          ++col;
        }
        spaces = true;
      } else {
        out.append(s, i, len);
        ++col;
        spaces = false;
      }
      i += len;
    }
    out += '"';
  }

  // go-yaml's plain and single-quoted writing breaks a line at a space once past column 80,
  // continuing at the node's indentation.
  void folded(const std::string& text, std::size_t indent, bool key) {
    std::size_t column = this->column();
    bool spaces = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
      const char c = text[i];
      if (c == ' ') {
        if (!key && !spaces && column > 80 && i + 1 < text.size() && text[i + 1] != ' ') {
          out += "\n";
          out.append(indent + 2, ' ');
          column = indent + 2;
        } else {
          out += c;
          ++column;
        }
        spaces = true;
        continue;
      }
      out += c;
      if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++column;
      spaces = false;
    }
  }

  void literal(const std::string& s, std::size_t indent) {
    // Chomping: "-" strips a missing final newline, "+" keeps several, none keeps one.
    std::string chomp;
    if (s.back() != '\n') {
      chomp = "-";
    } else if (s.size() == 1 || s[s.size() - 2] == '\n') {
      chomp = "+";
    }
    out += "|";
    if (s[0] == ' ' || s[0] == '\n') out += "2";
    out += chomp;
    std::size_t i = 0;
    const std::string body = chomp == "-" ? s : s.substr(0, s.size());
    while (i < body.size()) {
      const std::size_t nl = body.find('\n', i);
      const std::size_t end = nl == std::string::npos ? body.size() : nl;
      out += "\n";
      if (end > i) {
        out.append(indent + 2, ' ');
        out.append(body, i, end - i);
      }
      if (nl == std::string::npos) break;
      i = nl + 1;
      if (i == body.size()) break;
    }
  }
};

}  // namespace

std::string go_yaml(const RawJson& value) {
  YamlWriter w;
  if (value.kind == RawJson::Kind::Object && !value.members.empty()) {
    w.mapping(value, 0, false);
  } else if (value.kind == RawJson::Kind::Array && !value.items.empty()) {
    w.sequence(value, 0);
  } else {
    w.value(value, 0, false);
    w.out.erase(0, 1);
  }
  return w.out;
}

// =====================================================================================================
// [SECTION] Bundle sources
// =====================================================================================================

void RenderSources::add_repository(const FileSource& source, const repo::Discovery& discovery, const std::string& name) {
  for (const repo::CatalogRoot& root : discovery.roots) {
    std::unique_ptr<FileSource> files = repo::root_source(source, discovery, root);
    const ValidationReport report = validate_catalog(*files);
    std::string key = name.empty() ? root.path : root.path.empty() ? name : name + "/" + root.path;
    index_.add_catalog(report.model, key);
    catalogs_.emplace_back(std::move(key), std::move(files));
  }
}

namespace {

std::size_t offset_of(std::string_view text, std::uint32_t line, std::uint32_t column) {
  std::size_t offset = 0;
  for (std::uint32_t l = 1; l < line && offset < text.size(); ++l) {
    const std::size_t nl = text.find('\n', offset);
    if (nl == std::string_view::npos) return text.size();
    offset = nl + 1;
  }
  return std::min(text.size(), offset + (column ? column - 1 : 0));
}

}  // namespace

void RenderSources::add_catalog(const FileSource& source, const std::string& name) {
  const ValidationReport report = validate_catalog(source);
  index_.add_catalog(report.model, name);
  catalogs_.emplace_back(name, std::make_unique<ForwardingFileSource>(source));  // not owned
}

bool RenderSources::bundle_blob(const BundleFacts& facts, RawJson& out, std::string& error) const {
  const auto catalog = std::find_if(catalogs_.begin(), catalogs_.end(), [&](const auto& c) { return c.first == facts.root; });
  if (catalog == catalogs_.end()) {
    error = "no catalog " + facts.root;
    return false;
  }
  std::string bytes;
  if (!catalog->second->read(facts.where.file, bytes, error, std::size_t(1) << 30)) return false;
  if (looks_like_json(bytes)) {
    if (!parse_raw_json(bytes, offset_of(bytes, facts.where.line, facts.where.column), out, error)) {
      error = facts.where.file + ": " + error;
      return false;
    }
    return true;
  }
  for (const YamlItem& item : read_yaml_stream(bytes, 1)) {
    if (item.ok && item.document.position.line == facts.where.line) {
      out = raw_from_json(item.document.value);
      return true;
    }
  }
  error = facts.where.file + ": the bundle " + facts.name + " is no longer at line " + std::to_string(facts.where.line);
  return false;
}

// =====================================================================================================
// [SECTION] The rendered catalog
// =====================================================================================================

namespace {

struct Objects {
  std::vector<std::pair<std::string, RawJson>> packages, channels, bundles, others, deprecations;  ///< (sort name, object)
};

RawJson object(std::vector<std::pair<std::string, RawJson>> members) {
  RawJson r;
  r.kind = RawJson::Kind::Object;
  for (auto& [k, v] : members) r.members.emplace_back("\"" + k + "\"", std::move(v));
  return r;
}

RawJson array(std::vector<RawJson> items) {
  RawJson r;
  r.kind = RawJson::Kind::Array;
  r.items = std::move(items);
  return r;
}

// property.Property {type, value} of each member of a "properties" list.
std::optional<RawJson> properties_of(const RawJson* list) {
  if (!list || list->kind != RawJson::Kind::Array || list->items.empty()) return std::nullopt;
  std::vector<RawJson> out;
  for (const RawJson& p : list->items) {
    const RawJson* type = p.find("type");
    const RawJson* value = p.find("value");
    out.push_back(object({{"type", type ? *type : RawJson::string("")}, {"value", value ? *value : RawJson::literal("null")}}));
  }
  return array(std::move(out));
}

// declcfg.Bundle as Go encodes it, with `image` in place of the catalog's reference (and among
// the related images, where the catalog lists the bundle image itself with an empty name).
RawJson bundle_object(const RawJson& blob, const std::string& image, std::string& package) {
  std::vector<std::pair<std::string, RawJson>> members;
  members.emplace_back("schema", RawJson::string("olm.bundle"));
  const RawJson* name = blob.find("name");
  const RawJson* pkg = blob.find("package");
  const RawJson* catalog_image = blob.find("image");
  const std::string old_image = catalog_image ? unquote(catalog_image->token) : std::string();
  if (name && unquote(name->token) != "") members.emplace_back("name", *name);
  package = pkg ? unquote(pkg->token) : std::string();
  if (!package.empty()) members.emplace_back("package", *pkg);
  members.emplace_back("image", RawJson::string(image));
  if (std::optional<RawJson> props = properties_of(blob.find("properties"))) members.emplace_back("properties", std::move(*props));
  if (const RawJson* related = blob.find("relatedImages"); related && related->kind == RawJson::Kind::Array && !related->items.empty()) {
    std::vector<std::pair<std::string, RawJson>> sorted;
    for (const RawJson& r : related->items) {
      const RawJson* n = r.find("name");
      const RawJson* i = r.find("image");
      std::string ref = i ? unquote(i->token) : std::string();
      const std::string rname = n ? unquote(n->token) : std::string();
      if (rname.empty() && ref == old_image) ref = image;
      sorted.emplace_back(ref, object({{"name", RawJson::string(rname)}, {"image", RawJson::string(ref)}}));
    }
    std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<RawJson> items;
    for (auto& [k, v] : sorted) items.push_back(std::move(v));
    members.emplace_back("relatedImages", array(std::move(items)));
  }
  return object(std::move(members));
}

RawJson package_object(const Skeleton::Package& p, const Json* blob) {
  std::vector<std::pair<std::string, RawJson>> members{{"schema", RawJson::string("olm.package")},
                                                       {"name", RawJson::string(p.name)},
                                                       {"defaultChannel", RawJson::string(p.default_channel)}};
  if (p.icon) members.emplace_back("icon", object({{"base64data", RawJson::string(p.icon->first)}, {"mediatype", RawJson::string(p.icon->second)}}));
  if (!p.description.empty()) members.emplace_back("description", RawJson::string(p.description));
  if (blob) {
    if (const Json* props = go_field(*blob, "properties"); props && props->is_array() && !props->empty()) {
      const RawJson raw = raw_from_json(*props);
      if (auto list = properties_of(&raw)) members.emplace_back("properties", std::move(*list));
    }
  }
  return object(std::move(members));
}

RawJson channel_object(const Skeleton::Channel& c, const Json* blob) {
  std::vector<RawJson> entries;
  for (const Skeleton::Entry& e : c.entries) {
    std::vector<std::pair<std::string, RawJson>> m{{"name", RawJson::string(e.name)}};
    if (!e.replaces.empty()) m.emplace_back("replaces", RawJson::string(e.replaces));
    if (!e.skips.empty()) {
      std::vector<RawJson> skips;
      for (const std::string& s : e.skips) skips.push_back(RawJson::string(s));
      m.emplace_back("skips", array(std::move(skips)));
    }
    if (!e.skip_range.empty()) m.emplace_back("skipRange", RawJson::string(e.skip_range));
    entries.push_back(object(std::move(m)));
  }
  std::vector<std::pair<std::string, RawJson>> members{{"schema", RawJson::string("olm.channel")},
                                                       {"name", RawJson::string(c.name)},
                                                       {"package", RawJson::string(c.package)},
                                                       {"entries", array(std::move(entries))}};
  if (blob) {
    if (const Json* props = go_field(*blob, "properties"); props && props->is_array() && !props->empty()) {
      const RawJson raw = raw_from_json(*props);
      if (auto list = properties_of(&raw)) members.emplace_back("properties", std::move(*list));
    }
  }
  return object(std::move(members));
}

}  // namespace

bool write_rendering(const Template& tmpl, const Rendering& rendering, const RenderSources& sources, OutputFormat format,
                     std::string& out, std::string& error) {
  std::map<std::string, Objects> by_package;
  Objects root_others;
  const LoadResult& load = tmpl.entries_load;
  // Packages, channels and deprecations: the rendering's (with the template's properties).
  for (const Skeleton::Package& p : rendering.skeleton.packages) {
    const Json* blob = nullptr;
    for (const declcfg::Package& d : tmpl.entries.packages) {
      if (d.name == p.name) blob = &load.blobs[d.blob].document.value;
    }
    by_package[p.name].packages.emplace_back(p.name, package_object(p, blob));
  }
  for (const Skeleton::Channel& c : rendering.skeleton.channels) {
    const Json* blob = nullptr;
    for (const declcfg::Channel& d : tmpl.entries.channels) {
      if (d.name == c.name && d.package == c.package) blob = &load.blobs[d.blob].document.value;
    }
    by_package[c.package].channels.emplace_back(c.name, channel_object(c, blob));
  }
  for (const declcfg::Deprecation& d : tmpl.entries.deprecations) {
    std::vector<RawJson> entries;
    for (const declcfg::DeprecationEntry& e : d.entries) {
      std::vector<std::pair<std::string, RawJson>> ref{{"schema", RawJson::string(e.reference.schema)}};
      if (!e.reference.name.empty()) ref.emplace_back("name", RawJson::string(e.reference.name));
      entries.push_back(object({{"reference", object(std::move(ref))}, {"message", RawJson::string(e.message)}}));
    }
    by_package[d.package].deprecations.emplace_back(
        "", object({{"schema", RawJson::string("olm.deprecations")}, {"package", RawJson::string(d.package)}, {"entries", array(std::move(entries))}}));
  }
  for (std::uint32_t i : tmpl.entries.others) {
    const Blob& blob = load.blobs[i];
    (blob.package.empty() ? root_others : by_package[blob.package]).others.emplace_back(blob.schema, raw_from_json(blob.document.value));
  }
  // Bundles: each rendered from its catalog's blob (substitutes: the entries' own bundles as well).
  for (const Rendering::RenderedBundle& b : rendering.bundles) {
    RawJson blob;
    if (b.facts) {
      if (!sources.bundle_blob(*b.facts, blob, error)) return false;
    } else {
      for (const declcfg::Bundle& d : tmpl.entries.bundles) {
        if (d.image == b.image) blob = raw_from_json(load.blobs[d.blob].document.value);
      }
    }
    std::string package;
    RawJson written = bundle_object(blob, b.image, package);
    const RawJson* name = written.find("name");
    by_package[package].bundles.emplace_back(name ? unquote(name->token) : std::string(), std::move(written));
  }
  const auto emit = [&](const RawJson& v) {
    if (format == OutputFormat::Json) {
      out += go_indented_json(v) + "\n";
    } else {
      out += "---\n" + go_yaml(v);
    }
  };
  const auto by_name = [](auto& list) {
    std::stable_sort(list.begin(), list.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  };
  for (auto& [name, objects] : by_package) {
    if (name.empty()) continue;
    for (const auto& o : objects.packages) emit(o.second);
    by_name(objects.channels);
    for (const auto& o : objects.channels) emit(o.second);
    by_name(objects.bundles);
    for (const auto& o : objects.bundles) emit(o.second);
    by_name(objects.others);
    for (const auto& o : objects.others) emit(o.second);
    for (const auto& o : objects.deprecations) emit(o.second);
  }
  for (const auto& o : root_others.others) emit(o.second);
  return true;
}

}  // namespace fbclens::tmpl
