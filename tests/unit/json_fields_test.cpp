// The one JSON mapping of view structs (core/view/json_fields.h): what write_json writes, read_json
// reads back unchanged, and a malformed answer reads as defaults without throwing.
#include <catch2/catch.hpp>

#include "view/bundle_details.h"
#include "view/json_fields.h"

namespace fbclens::view::test {

enum class Tone { Quiet, Loud };
inline auto json_enum(const Tone*) { return std::array{std::pair{Tone::Quiet, "quiet"}, std::pair{Tone::Loud, "loud"}}; }

struct Inner {
  std::string name;
  std::uint8_t small = 0;
};
inline auto json_fields(const Inner*) { return std::make_tuple(field("name", &Inner::name), field("small", &Inner::small)); }

struct Outer {
  bool on = false;
  int count = 0;
  double ratio = 0;
  Tone tone = Tone::Quiet;
  std::optional<std::string> note;
  std::vector<Inner> items;
  std::map<std::string, int> counts;
  Json raw;
};
inline auto json_fields(const Outer*) {
  return std::make_tuple(field("on", &Outer::on), field("count", &Outer::count), field("ratio", &Outer::ratio),
                         field("tone", &Outer::tone), field("note", &Outer::note), field("items", &Outer::items),
                         field("counts", &Outer::counts), field("raw", &Outer::raw));
}

TEST_CASE("json_fields: write_json writes each listed field under its JSON name") {
  Outer o{true, -3, 0.5, Tone::Loud, std::nullopt, {{"a", 7}}, {{"x", 1}}, Json{{"k", 2}}};
  CHECK(write_json(o).dump() ==
        R"({"count":-3,"counts":{"x":1},"items":[{"name":"a","small":7}],"note":null,"on":true,"ratio":0.5,"raw":{"k":2},"tone":"loud"})");
  o.note = "hi";
  CHECK(write_json(o)["note"] == "hi");
}

TEST_CASE("json_fields: read_json reads back what write_json wrote") {
  const Outer o{true, 42, 1.25, Tone::Loud, std::string("n"), {{"a", 1}, {"b", 255}}, {{"x", 1}, {"y", 2}}, Json::array({1})};
  Outer back;
  REQUIRE(read_json(write_json(o), back));
  CHECK(write_json(back) == write_json(o));
}

TEST_CASE("json_fields: a malformed answer keeps defaults where it is wrong and reads the rest") {
  Outer back;
  back.count = 5;
  const Json j = Json::parse(R"({"on": "yes", "count": 9, "tone": "shouting", "items": [{"name": 3, "small": 300}], "note": 1})");
  CHECK_FALSE(read_json(j, back));
  CHECK_FALSE(back.on);             // mistyped: default kept
  CHECK(back.count == 9);           // well typed: read
  CHECK(back.tone == Tone::Quiet);  // unknown enum name
  REQUIRE(back.items.size() == 1);
  CHECK(back.items[0].name.empty());
  CHECK(back.items[0].small == 0);  // 300 does not fit a uint8_t
  CHECK_FALSE(read_json(Json::parse("null"), back));
  CHECK_FALSE(read_json(Json::parse("[1,2]"), back));
  int negative_into_unsigned_ok = 0;
  unsigned u = 1;
  CHECK_FALSE(read_json(Json(-1), u));
  CHECK(u == 1);
  CHECK(read_json(Json(-1), negative_into_unsigned_ok));
}

TEST_CASE("json_fields: BundleDetails round-trips through its mapping") {
  BundleDetails d;
  d.package = "p";
  d.skip_range = ">=1.0.0 <2.0.0";
  d.deprecation = "use q";
  d.properties = {{"olm.package", "{}", false}};
  d.bundle_object_bytes = 1ULL << 40;
  const Json j = write_json(d);
  CHECK(j["skipRange"] == ">=1.0.0 <2.0.0");
  CHECK(j["bundleObjectBytes"] == 1ULL << 40);
  BundleDetails back;
  REQUIRE(read_json(j, back));
  CHECK(write_json(back) == j);
}

}  // namespace fbclens::view::test
