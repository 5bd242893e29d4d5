// libFuzzer target: semver version and range parsing (blang and Masterminds flavours) on arbitrary text.
#include <cstddef>
#include <cstdint>
#include <string>

#include "semver/blang.h"
#include "semver/masterminds.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::string error;
  if (auto range = fbclens::semver::parse_range(text, &error)) {
    if (auto v = fbclens::semver::parse("1.2.3-rc.1")) (void)range->contains(*v);
  }
  (void)fbclens::semver::parse(text, &error);
  (void)fbclens::semver::parse_tolerant(text, &error);
  if (auto c = fbclens::semver::masterminds::parse_constraints(text, &error)) {
    if (auto v = fbclens::semver::masterminds::parse_version("1.2.3-rc.1")) (void)c->check(*v);
  }
  (void)fbclens::semver::masterminds::parse_version(text, &error);
  return 0;
}
