// Dependency cycles between packages (core/deps/cycles.h, FBC4504): which dependencies make a
// package need another, one shortest cycle per group of packages needing each other, and a ring
// of many packages handled without recursion.
#include <catch2/catch.hpp>

#include "deps/cycles.h"
#include "load/file_source.h"
#include "validate/validate.h"

namespace fbclens::test {
namespace {

// A catalog of one-bundle packages: each {name, extra properties}.
ValidationReport catalog(const std::vector<std::pair<std::string, Json>>& packages) {
  std::string text;
  for (const auto& [name, extra] : packages) {
    text += Json{{"schema", "olm.package"}, {"name", name}, {"defaultChannel", "stable"}}.dump() + "\n";
    text += Json{{"schema", "olm.channel"}, {"package", name}, {"name", "stable"}, {"entries", {{{"name", name + ".v1"}}}}}.dump() + "\n";
    Json props = Json::array({Json{{"type", "olm.package"}, {"value", {{"packageName", name}, {"version", "1.0.0"}}}}});
    for (const Json& p : extra) props.push_back(p);
    text += Json{{"schema", "olm.bundle"}, {"package", name}, {"name", name + ".v1"}, {"image", "quay.io/x/" + name},
                 {"properties", props}}.dump() + "\n";
  }
  MemoryFileSource source;
  source.add("catalog.json", text);
  return validate_catalog(source);
}

Json needs(const std::string& pkg) {
  return {{"type", "olm.package.required"}, {"value", {{"packageName", pkg}, {"versionRange", ">=0.0.0"}}}};
}
Json api(const char* type, const std::string& kind) {
  return {{"type", type}, {"value", {{"group", "x.io"}, {"version", "v1"}, {"kind", kind}}}};
}

std::vector<std::string> texts(const std::vector<deps::PackageCycle>& cycles) {
  std::vector<std::string> out;
  for (const auto& c : cycles) out.push_back(deps::cycle_text(c));
  return out;
}

TEST_CASE("package cycles: one shortest cycle per group, from its smallest package", "[deps][cycles]") {
  // c -> a -> b -> c (a three-package ring), and d <-> e through an API only e provides.
  const ValidationReport r = catalog({{"a", Json::array({needs("b")})},
                                      {"b", Json::array({needs("c")})},
                                      {"c", Json::array({needs("a")})},
                                      {"d", Json::array({api("olm.gvk.required", "E"), api("olm.gvk", "D")})},
                                      {"e", Json::array({api("olm.gvk", "E"), api("olm.gvk.required", "D")})},
                                      {"f", Json::array({needs("a")})}});  // needs the ring, not part of it
  const auto cycles = deps::package_cycles(r.model);
  CHECK(texts(cycles) == std::vector<std::string>{"a -> b -> c -> a", "d -> e -> d"});
  REQUIRE(cycles.size() == 2);
  CHECK(cycles[0].needs[0].bundle == "a.v1");
  CHECK(cycles[0].needs[0].clause == "bundle a.v1 requires an operator with package: b and with version in range: >=0.0.0");
  CHECK(cycles[0].needs[0].pointer == "/properties/1/value");
  CHECK(cycles[1].needs[1].clause ==
        "bundle e.v1 requires an operator providing an API with group: x.io, version: v1, kind: D");
}

TEST_CASE("package cycles: no need when several packages, the bundle's own, or none satisfy it", "[deps][cycles]") {
  // a needs API K, which a itself, b and c provide; b and c need a by package. A need only arises
  // when exactly one other package satisfies the dependency, so there is no cycle.
  const ValidationReport r = catalog({{"a", Json::array({api("olm.gvk.required", "K"), api("olm.gvk", "K")})},
                                      {"b", Json::array({api("olm.gvk", "K"), needs("a")})},
                                      {"c", Json::array({api("olm.gvk", "K"), needs("a"), needs("nowhere")})}});
  CHECK(deps::package_cycles(r.model).empty());
}

TEST_CASE("package cycles: a ring of 3000 packages is found without recursion", "[deps][cycles][hostile]") {
  std::vector<std::pair<std::string, Json>> packages;
  const int n = 3000;
  const auto name = [](int i) { return "p" + std::to_string(10000 + i); };
  for (int i = 0; i < n; ++i) packages.push_back({name(i), Json::array({needs(name((i + 1) % n))})});
  const auto cycles = deps::package_cycles(catalog(packages).model);
  REQUIRE(cycles.size() == 1);
  CHECK(cycles[0].needs.size() == static_cast<std::size_t>(n));
  CHECK(cycles[0].needs.front().from_package == name(0));
  CHECK(cycles[0].needs.back().to_package == name(0));
}

}  // namespace
}  // namespace fbclens::test
