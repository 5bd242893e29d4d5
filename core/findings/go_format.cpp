#include "findings/go_format.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace fbclens {

std::string go_quote(std::string_view s) {
  std::string out = "\"";
  static const char* hex = "0123456789abcdef";
  for (std::size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      case '\a': out += "\\a"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\v': out += "\\v"; break;
      default:
        if (c < 0x20 || c == 0x7f) {
          out += "\\x";
          out += hex[c >> 4];
          out += hex[c & 15];
        } else if (c >= 0x80) {
          // Pass valid UTF-8 through; escape invalid bytes as Go does (\xNN).
          int len = (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
          bool valid = len > 0 && i + len <= s.size();
          for (int k = 1; valid && k < len; ++k) valid = (static_cast<unsigned char>(s[i + k]) & 0xC0) == 0x80;
          if (valid) {
            out.append(s.data() + i, len);
            i += len - 1;
          } else {
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
          }
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  out += '"';
  return out;
}

std::string go_format_float(double f) {
  if (std::isnan(f)) return "NaN";
  if (std::isinf(f)) return f > 0 ? "+Inf" : "-Inf";
  // Shortest round-tripping digits.
  char buf[40];
  int precision = 1;
  for (; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*e", precision - 1, f);
    if (std::strtod(buf, nullptr) == f) break;
  }
  // buf = d.ddddde±XX ; decide between %e and %f like Go's 'g' with shortest (eprec = 6, or more digits).
  const char* e = std::strchr(buf, 'e');
  const int exp = std::atoi(e + 1);
  int eprec = precision > 6 ? precision : 6;
  if (exp < -4 || exp >= eprec) {
    std::string mant(static_cast<const char*>(buf), e);
    char ebuf[16];
    std::snprintf(ebuf, sizeof ebuf, "e%c%02d", exp < 0 ? '-' : '+', std::abs(exp));
    return mant + ebuf;
  }
  const int decimals = precision - 1 - exp > 0 ? precision - 1 - exp : 0;
  std::snprintf(buf, sizeof buf, "%.*f", decimals, f);
  return buf;
}

namespace {

// A JSON array as Go prints a slice ("[a b]") or an object as a map ("map[k:v k2:v2]", in the
// object's key order), each element by `element` and each key by `key`.
template <typename KeyFormat>
std::string go_format_container(const Json& value, std::string (*element)(const Json&), KeyFormat key) {
  std::string out = value.is_object() ? "map[" : "[";
  bool first = true;
  for (auto it = value.begin(); it != value.end(); ++it) {
    if (!first) out += ' ';
    first = false;
    if (value.is_object()) out += key(it.key()) + ":";
    out += element(it.value());
  }
  return out + "]";
}

}  // namespace

std::string go_format_v(const Json& value) {
  switch (value.type()) {
    case Json::value_t::null: return "<nil>";
    case Json::value_t::boolean: return value.get<bool>() ? "true" : "false";
    case Json::value_t::string: return value.get_ref<const std::string&>();
    case Json::value_t::number_integer: return go_format_float(static_cast<double>(value.get<std::int64_t>()));
    case Json::value_t::number_unsigned: return go_format_float(static_cast<double>(value.get<std::uint64_t>()));
    case Json::value_t::number_float: return go_format_float(value.get<double>());
    case Json::value_t::array:
    case Json::value_t::object: return go_format_container(value, go_format_v, [](const std::string& key) { return key; });
    default: return "?";
  }
}

std::string go_format_t(const Json& value) {
  switch (value.type()) {
    case Json::value_t::null: return "%!t(<nil>)";
    case Json::value_t::boolean: return value.get<bool>() ? "true" : "false";
    case Json::value_t::string: return "%!t(string=" + value.get_ref<const std::string&>() + ")";
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
    case Json::value_t::number_float: return "%!t(float64=" + go_format_v(value) + ")";
    case Json::value_t::array:
    case Json::value_t::object:
      return go_format_container(value, go_format_t, [](const std::string& key) { return "%!t(string=" + key + ")"; });
    default: return "?";
  }
}

std::string go_string_slice(const std::vector<std::string>& items) {
  std::string out = "[";
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) out += ' ';
    out += items[i];
  }
  return out + "]";
}

}  // namespace fbclens
