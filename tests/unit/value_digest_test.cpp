// value_digest: equal values digest alike and changed ones do not, including in the long strings
// that are hashed four 8-byte lanes at a time (a change in any lane, in the tail, or blocks swapped).
#include <catch2/catch.hpp>

#include "declcfg/value_digest.h"

namespace fbclens::declcfg {
namespace {

TEST_CASE("value digest: the order keys were written in does not matter", "[digest]") {
  CHECK(value_digest(Json::parse(R"({"a":1,"b":[true,null,"x"]})")) == value_digest(Json::parse(R"({"b":[true,null,"x"],"a":1})")));
  CHECK(value_digest(Json::parse(R"({"a":1})")) != value_digest(Json::parse(R"({"a":1.0})")));
  CHECK(value_digest(Json::parse(R"({"a":"1"})")) != value_digest(Json::parse(R"({"a":1})")));
}

TEST_CASE("value digest: a long string's every byte and block order count", "[digest]") {
  std::string base(32 * 40 + 13, 'A');  // 40 blocks of four lanes, then a 5-byte word and an 8-byte one
  for (std::size_t i = 0; i < base.size(); ++i) base[i] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef0123456789+/"[i * 7 % 44];
  const std::uint64_t digest = value_digest(Json(base));
  CHECK(value_digest(Json(base)) == digest);
  for (std::size_t at : {std::size_t(0), std::size_t(9), std::size_t(17), std::size_t(31), std::size_t(32 * 20 + 26),
                         base.size() - 13, base.size() - 1}) {
    std::string changed = base;
    changed[at] = changed[at] == '=' ? '-' : '=';
    INFO("byte " << at);
    CHECK(value_digest(Json(changed)) != digest);
  }
  std::string swapped = base;  // the first two 32-byte blocks exchanged
  std::swap_ranges(swapped.begin(), swapped.begin() + 32, swapped.begin() + 32);
  CHECK(swapped != base);
  CHECK(value_digest(Json(swapped)) != digest);
  CHECK(value_digest(Json(base + "A")) != digest);
}

}  // namespace
}  // namespace fbclens::declcfg
