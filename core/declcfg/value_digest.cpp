#include "declcfg/value_digest.h"

#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace fbclens::declcfg {

namespace {

// 64-bit mixing over 8-byte words (a multiply-xorshift in the style of wyhash/murmur's finaliser):
// fast on the megabytes of base64 a bundle object holds, and the same on every platform.
class Hasher {
 public:
  void bytes(const char* data, std::size_t n) {
    word(n);
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
      std::uint64_t w;
      std::memcpy(&w, data + i, 8);
      word(w);
    }
    std::uint64_t tail = 0;
    for (std::size_t k = 0; i < n; ++i, ++k) tail |= std::uint64_t(static_cast<unsigned char>(data[i])) << (8 * k);
    word(tail);
  }
  void word(std::uint64_t w) {
    h_ ^= w + 0x9e3779b97f4a7c15ULL + (h_ << 6) + (h_ >> 2);
    h_ *= 0xbf58476d1ce4e5b9ULL;
    h_ ^= h_ >> 31;
  }
  std::uint64_t value() const { return h_; }

 private:
  std::uint64_t h_ = 0x84222325cbf29ce4ULL;
};

void scalar(const Json& v, Hasher& h) {
  switch (v.type()) {
    case Json::value_t::string: {
      const std::string& s = v.get_ref<const std::string&>();
      h.bytes(s.data(), s.size());
      break;
    }
    case Json::value_t::boolean: h.word(v.get<bool>() ? 1 : 0); break;
    case Json::value_t::null: break;
    default: {  // numbers, as their JSON text
      const std::string text = v.dump();
      h.bytes(text.data(), text.size());
      break;
    }
  }
}

}  // namespace

std::uint64_t value_digest(const Json& value) {
  Hasher h;
  // Depth-first with an explicit stack (values nest up to kMaxNestingDepth; no recursion).
  struct Frame {
    Json::const_iterator it, end;
    bool object;
  };
  std::vector<Frame> stack;
  const auto enter = [&](const Json& v) {
    h.word(static_cast<std::uint64_t>(v.type()));
    if (v.is_object() || v.is_array()) {
      h.word(v.size());
      stack.push_back({v.cbegin(), v.cend(), v.is_object()});
    } else {
      scalar(v, h);
    }
  };
  enter(value);
  while (!stack.empty()) {
    Frame& top = stack.back();
    if (top.it == top.end) {
      stack.pop_back();
      continue;
    }
    const Json::const_iterator current = top.it++;
    if (top.object) {
      const std::string& key = current.key();
      h.bytes(key.data(), key.size());
    }
    enter(*current);  // may grow the stack: `top` is not used after this
  }
  return h.value();
}

}  // namespace fbclens::declcfg
