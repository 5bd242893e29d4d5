// Data-driven: max_openshift_vectors of ../shared/spec/successor-vectors.yaml (OLM Classic's and
// OLM v1's olm.maxOpenShiftVersion checks), one test case per vector.
#include <catch2/catch.hpp>

#include "load/yaml_stream.h"
#include "support.h"
#include "update/max_openshift.h"

namespace fbclens::test {
namespace {

using update::ClassicMaxOcp;

std::string str(const Json& v) { return v.is_string() ? v.get<std::string>() : v.is_null() ? "" : v.dump(); }

const char* kind_name(ClassicMaxOcp::Kind k) {
  switch (k) {
    case ClassicMaxOcp::Kind::Compatible: return "compatible";
    case ClassicMaxOcp::Kind::Incompatible: return "incompatible";
    case ClassicMaxOcp::Kind::Invalid: return "invalid";
    case ClassicMaxOcp::Kind::Error: return "error";
  }
  return "?";
}

void check_classic(const Json& v, const std::vector<std::string>& values, const std::string& cluster, const std::string& result) {
  const ClassicMaxOcp r = update::classic_max_openshift(values, cluster);
  INFO("kind=" << kind_name(r.kind) << " max=" << r.max << " error=" << r.error);
  CHECK(std::string(kind_name(r.kind)) == result);
  if (v.contains("error") && result != "error") CHECK(r.error == str(v["error"]));
  if (v.contains("error_prefix")) CHECK(r.error.rfind(str(v["error_prefix"]), 0) == 0);
  if (v.contains("reported_max")) CHECK(r.max == str(v["reported_max"]));
}

const bool registered = [] {
  static Json all;
  const std::string text = read_file(shared_dir() + "/spec/successor-vectors.yaml");
  std::string error;
  if (text.empty() || !yaml_to_json(text, all, error, YamlSchema::Core12)) {
    register_test("max-openshift/(skipped: successor-vectors.yaml is absent)", "[maxocp][shared]", [] { WARN("skipped"); });
    return true;
  }
  if (!all.contains("max_openshift_version_vectors")) {
    register_test("max-openshift/section missing", "[maxocp][shared]", [] { FAIL("no max_openshift_version_vectors in the vector file"); });
    return true;
  }
  for (const Json& v : all["max_openshift_version_vectors"]["classic"]) {
    const std::string id = str(v["id"]);
    register_test("max-openshift/classic/" + id, "[maxocp][shared]", [v, id] {
      const std::string cluster = str(v["cluster"]);
      const std::string value = str(v.value("value", Json("")));
      if (v.contains("values")) {
        for (auto it = v["values"].begin(); it != v["values"].end(); ++it) {
          INFO("value " << it.key());
          check_classic(v, {it.key()}, cluster, str(it.value()));
        }
      } else if (id == "MAX-C18") {        // an unquoted X.Y number equal to the cluster's major.minor
        check_classic(v, {"4.9"}, "4.9.19", str(v["result"]));
      } else if (id == "MAX-C19") {        // two properties
        check_classic(v, {"\"4.9\"", "\"4.10\""}, "4.9.19", str(v["result"]));
      } else if (value == "no property") {
        check_classic(v, {}, cluster, str(v["result"]));
      } else {
        check_classic(v, {value}, cluster, str(v["result"]));
      }
    });
  }
  std::size_t k = 0;
  for (const Json& v : all["max_openshift_version_vectors"]["olmv1_openshift"]["parse"]) {
    register_test("max-openshift/v1/parse " + std::to_string(++k) + " " + str(v["value"]), "[maxocp][shared]", [v] {
      std::string err;
      const auto parsed = update::v1_parse_max_openshift(str(v["value"]), &err);
      if (str(v["result"]) == "error") {
        CHECK_FALSE(parsed);
      } else {
        REQUIRE(parsed);
        CHECK(parsed->to_string() == str(v["result"]));
      }
    });
  }
  k = 0;
  for (const Json& v : all["max_openshift_version_vectors"]["olmv1_openshift"]["compatible"]) {
    register_test("max-openshift/v1/compatible " + std::to_string(++k), "[maxocp][shared]", [v] {
      const auto max = update::v1_parse_max_openshift("\"" + str(v["max"]) + "\"");
      const auto current = update::v1_parse_max_openshift("\"" + str(v["current"]) + "\"");
      REQUIRE(max);
      REQUIRE(current);
      CHECK(update::v1_max_openshift_compatible(*max, *current) == v["result"].get<bool>());
    });
  }
  return true;
}();

}  // namespace
}  // namespace fbclens::test
