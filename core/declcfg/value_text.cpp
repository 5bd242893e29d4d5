#include "declcfg/value_text.h"

#include "load/utf8.h"

namespace fbclens::declcfg {

namespace {

// Appends to `out` until it holds `limit` bytes (it may hold a few more); returns false once full.
class PrefixWriter {
 public:
  PrefixWriter(std::string& out, std::size_t limit) : out_(out), limit_(limit) {}

  bool value(const Json& v) {
    if (full()) return false;
    switch (v.type()) {
      case Json::value_t::object: {
        out_ += '{';
        bool first = true;
        for (auto it = v.begin(); it != v.end(); ++it) {
          if (!first) out_ += ',';
          first = false;
          if (!string(it.key()) || full()) return false;
          out_ += ':';
          if (!value(it.value())) return false;
        }
        out_ += '}';
        return !full();
      }
      case Json::value_t::array: {
        out_ += '[';
        bool first = true;
        for (const Json& item : v) {
          if (!first) out_ += ',';
          first = false;
          if (!value(item)) return false;
        }
        out_ += ']';
        return !full();
      }
      case Json::value_t::string:
        return string(v.get_ref<const std::string&>());
      default:
        out_ += v.dump(-1, ' ', false, Json::error_handler_t::replace);
        return !full();
    }
  }

 private:
  bool full() const { return out_.size() >= limit_; }

  // A string's escaped text. Escaping only lengthens text, so the escaped form of the first
  // `limit_` bytes (cut where a character starts) covers what is still missing of the prefix.
  bool string(const std::string& s) {
    const std::size_t wanted = limit_ - out_.size() + 4;
    std::size_t cut = utf8_cut_point(s, wanted);
    if (cut + 4 < wanted && cut < s.size()) cut = s.size();  // a run of stray continuation bytes: all of it
    out_ += Json(cut == s.size() ? s : s.substr(0, cut)).dump(-1, ' ', false, Json::error_handler_t::replace);
    if (cut < s.size()) out_.pop_back();  // the closing quote of the part, not of the string
    return !full();
  }

  std::string& out_;
  std::size_t limit_;
};

}  // namespace

std::string compact_json_prefix(const Json& value, std::size_t bytes) {
  std::string out;
  PrefixWriter(out, bytes).value(value);
  if (out.size() > bytes) out.resize(bytes);
  return out;
}

}  // namespace fbclens::declcfg
