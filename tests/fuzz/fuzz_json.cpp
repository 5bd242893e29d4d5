// libFuzzer target: arbitrary bytes as one JSON value through parse_json_value, which cuts the
// values of members a filter drops before nlohmann parses the rest, against nlohmann's own parse
// with the same filter: the CSV manifest's filter, one that drops every member whose key starts
// with 'd' (easy for the fuzzer to reach), and none. Any difference traps.
//   build: scripts/fuzz.sh (clang, -fsanitize=fuzzer,address,undefined)
#include <cstddef>
#include <cstdint>
#include <string>

#include "load/json_stream.h"
#include "property/property.h"

namespace {

bool keep_unless_d(const std::vector<std::string>& path) { return path.back().empty() || path.back()[0] != 'd'; }

void check(const std::string& text, const fbclens::JsonMemberFilter* filter) {
  const fbclens::Json fast = fbclens::parse_json_value(text, filter);
  const fbclens::Json reference =
      fbclens::Json::parse(text, filter ? fbclens::member_filter_callback(*filter) : nullptr, /*allow_exceptions=*/false);
  if (fast.is_discarded() != reference.is_discarded()) __builtin_trap();
  // As text too: nlohmann's == takes 0 for 0.0 and -0.0, and a stand-in 0 left behind must show.
  if (!fast.is_discarded() && (fast != reference || fast.dump() != reference.dump())) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const fbclens::JsonMemberFilter kDropD{keep_unless_d, 8};
  const std::string text(reinterpret_cast<const char*>(data), size);
  check(text, &fbclens::property::csv_member_filter());
  check(text, &kDropD);
  check(text, nullptr);
  return 0;
}
