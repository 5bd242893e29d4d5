// Go's fmt verbs as opm's messages print decoded JSON values (core/findings/go_format.h): %v and %t
// of interface{} values, slices and maps included (fmt prints a map's keys sorted and applies the
// verb to keys and values alike; a %t of anything but a bool is "%!t(TYPE=VALUE)").
#include <catch2/catch.hpp>

#include "findings/go_format.h"

namespace fbclens {
namespace {

TEST_CASE("go_format_v: scalars, slices and maps as fmt's %v prints them", "[findings][go]") {
  CHECK(go_format_v(Json(nullptr)) == "<nil>");
  CHECK(go_format_v(Json(5)) == "5");
  CHECK(go_format_v(Json(1e21)) == "1e+21");
  CHECK(go_format_v(Json::parse(R"([1, "a b", true, null, []])")) == "[1 a b true <nil> []]");
  CHECK(go_format_v(Json::parse(R"({"b": 1, "a": [2, {"c": false}]})")) == "map[a:[2 map[c:false]] b:1]");
  CHECK(go_format_v(Json::object()) == "map[]");
}

TEST_CASE("go_format_t: a bool as itself, anything else as %!t(TYPE=VALUE), keys included", "[findings][go]") {
  CHECK(go_format_t(Json(true)) == "true");
  CHECK(go_format_t(Json(nullptr)) == "%!t(<nil>)");
  CHECK(go_format_t(Json(1.5)) == "%!t(float64=1.5)");
  CHECK(go_format_t(Json::parse(R"([1.5, true, "x"])")) == "[%!t(float64=1.5) true %!t(string=x)]");
  CHECK(go_format_t(Json::parse(R"({"a": "x", "b": [false]})")) == "map[%!t(string=a):%!t(string=x) %!t(string=b):[false]]");
}

}  // namespace
}  // namespace fbclens
