// Go's encoding/json as opm meets it (core/declcfg/go_shape.h): the error text names the innermost
// struct and the JSON field names from the top (Go's FieldStack), and the finding is located at the
// offending member's document path, through slices, maps, and keys matched without regard to case.
#include <catch2/catch.hpp>

#include "declcfg/go_shape.h"

namespace fbclens::test {
namespace {

using K = GoShape::Kind;

TEST_CASE("go_decode_check: field stacks and document paths through nested values", "[declcfg][go]") {
  const GoShape string{K::String, "string"};
  const GoShape int32{K::Int32, "int32"};
  const GoShape skips{K::Slice, "[]string", {}, &string};
  const GoShape entry{K::Struct, "declcfg.ChannelEntry", {{"name", &string}, {"skips", &skips}}};
  const GoShape entries{K::Slice, "[]declcfg.ChannelEntry", {}, &entry};
  const GoShape weights{K::Map, "map[string]int32", {}, &int32};
  const GoShape channel{K::Struct, "declcfg.Channel", {{"entries", &entries}, {"weights", &weights}}};

  std::string path;
  CHECK(go_decode_check(Json::parse(R"({"entries":[{"name":"a","skips":["x"]}],"weights":{"a":1}})"), channel, &path).empty());
  CHECK(path.empty());

  // A key spelled in another case decodes into the field; the path keeps the document's spelling.
  CHECK(go_decode_check(Json::parse(R"({"Entries":[{"name":"a"},{"NAME":"b","skips":["x",3]}]})"), channel, &path) ==
        "json: cannot unmarshal number into Go struct field ChannelEntry.entries.skips of type string");
  CHECK(path == "/Entries/1/skips/1");

  CHECK(go_decode_check(Json::parse(R"({"entries":[{"name":{}}]})"), channel, &path) ==
        "json: cannot unmarshal object into Go struct field ChannelEntry.entries.name of type string");
  CHECK(path == "/entries/0/name");

  // Through a map, whose keys are path steps but not fields.
  CHECK(go_decode_check(Json::parse(R"({"weights":{"a":1,"b":1.5}})"), channel, &path) ==
        "json: cannot unmarshal number 1.5 into Go struct field Channel.weights of type int32");
  CHECK(path == "/weights/b");

  // At the top, no struct to name.
  CHECK(go_decode_check(Json::parse("7"), channel, &path) == "json: cannot unmarshal number into Go value of type declcfg.Channel");
  CHECK(path.empty());
}

}  // namespace
}  // namespace fbclens::test
