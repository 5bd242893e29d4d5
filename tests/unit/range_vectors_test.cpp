// Data-driven: every range vector of ../shared/spec/successor-vectors.yaml (range_vectors.masterminds
// for OLM v1's version field, range_vectors.blang for skipRange), one test case per range string.
#include <catch2/catch.hpp>

#include "load/yaml_stream.h"
#include "semver/blang.h"
#include "semver/masterminds.h"
#include "support.h"

namespace fbclens::test {
namespace {

std::string text_of(const Json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

const bool registered = [] {
  const std::string text = read_file(shared_dir() + "/spec/successor-vectors.yaml");
  Json vectors;
  std::string error;
  if (text.empty() || !yaml_to_json(text, vectors, error, YamlSchema::Core12)) {
    register_test("range/(skipped: ../shared/spec/successor-vectors.yaml is absent)", "[ranges][shared]",
                  [] { WARN("successor-vectors.yaml not found: range vectors skipped"); });
    return true;
  }
  for (const char* flavor : {"masterminds", "blang"}) {
    if (!vectors["range_vectors"].contains(flavor) || vectors["range_vectors"][flavor].empty()) {
      register_test(std::string("range/section missing: ") + flavor, "[ranges][shared]", [flavor] { FAIL("no range_vectors." << flavor); });
    }
    for (const Json& v : vectors["range_vectors"][flavor]) {
      const std::string range = text_of(v["range"]);
      register_test(std::string("range/") + flavor + "/'" + range + "'", "[ranges][shared]", [flavor, v, range] {
        const bool is_blang = std::string(flavor) == "blang";
        std::string err;
        if (v.contains("parse_error")) {
          const bool parsed = is_blang ? semver::parse_range(range, &err).has_value()
                                       : semver::masterminds::parse_constraints(range, &err).has_value();
          CHECK_FALSE(parsed);
          CHECK(err == text_of(v["parse_error"]));
          return;
        }
        for (const char* key : {"match", "no_match"}) {
          if (!v.contains(key)) continue;
          for (const Json& version : v[key]) {
            const std::string ver = text_of(version);
            INFO(flavor << " range '" << range << "' version " << ver);
            bool ok = false;
            if (is_blang) {
              auto r = semver::parse_range(range, &err);
              REQUIRE(r);
              auto parsed = semver::parse(ver, &err);
              REQUIRE(parsed);
              ok = r->contains(*parsed);
            } else {
              auto c = semver::masterminds::parse_constraints(range, &err);
              REQUIRE(c);
              auto parsed = semver::masterminds::parse_version(ver, &err);
              REQUIRE(parsed);
              ok = c->check(*parsed);
            }
            CHECK(ok == (std::string(key) == "match"));
          }
        }
      });
    }
  }
  return true;
}();

}  // namespace
}  // namespace fbclens::test
