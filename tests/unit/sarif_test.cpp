// SARIF for GitHub code scanning (export/sarif.h): every rule's metadata from codes.def, the
// fields SARIF 2.1.0's schema requires of what we write, results at the catalog folder when they
// are about no file, and partialFingerprints that survive moved lines but tell objects apart.
#include <catch2/catch.hpp>
#include <set>

#include "export/report_json.h"
#include "export/sarif.h"
#include "profiles/profiles.h"
#include "support.h"
#include "validate/validate.h"

namespace fbclens::test {
namespace {

// Package p with two bundles whose images are tags, not digests: the konflux profile reports
// FBC5107 (not pinned) and FBC5108 (registry) on each, and the advice FBC4301 (no icon) on p.
// `comments` go at the top of the first document, moving every line.
ValidationReport konflux_report(const std::string& comments) {
  std::string text = "---\n" + comments + "schema: olm.package\nname: p\ndefaultChannel: stable\n"
                                "---\nschema: olm.channel\npackage: p\nname: stable\nentries:\n"
                                "  - name: p.v1\n  - name: p.v2\n    replaces: p.v1\n";
  for (const char* v : {"1", "2"}) {
    text += std::string("---\nschema: olm.bundle\npackage: p\nname: p.v") + v + "\nimage: quay.io/x/p-bundle:v" + v +
            "\nproperties:\n  - type: olm.package\n    value: {packageName: p, version: " + v + ".0.0}\n" +
            "  - type: olm.csv.metadata\n    value: {provider: {name: P}}\n";
  }
  MemoryFileSource source;
  source.add("p/catalog.yaml", text);
  ValidationReport report = validate_catalog(source);
  profiles::ProfileOptions options;
  options.profiles = {profiles::Profile::Konflux};
  options.ocp_version = profiles::OcpVersion{4, 17};
  options.konflux_registries = profiles::konflux_default_registries();
  profiles::apply_profiles(report, options);
  return report;
}

// The catalog under "catalogs/v4.17/" of a repository checked out at /repo.
PathStyle repo_paths() { return path_style_for("catalogs/v4.17", true, "/repo"); }

TEST_CASE("SARIF rules: every code has GitHub's rule metadata from codes.def", "[sarif]") {
  for (const FindingInfo& info : all_finding_infos()) {
    INFO(info.code);
    const Json rule = sarif_rule(info);
    CHECK(rule["id"] == info.code);
    CHECK(rule["name"] == info.name);
    CHECK(rule["fullDescription"]["text"] == info.explanation);
    const std::string short_text = rule["shortDescription"]["text"];
    CHECK_FALSE(short_text.empty());
    CHECK(std::string(info.explanation).rfind(short_text, 0) == 0);  // its first sentence
    const std::string help = rule["help"]["text"];
    CHECK(help.rfind(std::string(info.explanation), 0) == 0);
    CHECK(help.find("fbclens says: ") != std::string::npos);
    const std::string level = rule["defaultConfiguration"]["level"];
    CHECK(level == (info.severity == Severity::Info ? "note" : severity_name(info.severity)));
    CHECK(rule["properties"]["tags"] == Json::array({"fbc", phase_name(info.phase)}));
  }
  // The help says who reports it: a profile rule names the check profiles.
  const Json rule = sarif_rule(finding_info(FindingId::ProfileConfigInCatalog));
  CHECK(rule["help"]["text"].get<std::string>().find("check profile") != std::string::npos);
}

TEST_CASE("SARIF log: the fields the SARIF 2.1.0 schema requires, relative to SRCROOT", "[sarif]") {
  const ValidationReport report = konflux_report("");
  const PathStyle paths = repo_paths();
  const Json log = sarif_json(report, paths);
  REQUIRE(log["version"] == "2.1.0");  // sarifLog: version and runs
  REQUIRE(log["runs"].size() == 1);
  const Json& run = log["runs"][0];
  CHECK(run["tool"]["driver"]["name"] == "fbclens");  // run.tool.driver.name
  CHECK(run["originalUriBaseIds"]["SRCROOT"]["uri"] == "file:///repo/");
  const Json& rules = run["tool"]["driver"]["rules"];
  std::set<std::string> codes;
  for (const Json& result : run["results"]) {
    const std::string code = result["ruleId"];
    codes.insert(code);
    CHECK(rules[result["ruleIndex"].get<std::size_t>()]["id"] == code);  // reportingDescriptor.id
    CHECK_FALSE(result["message"]["text"].get<std::string>().empty());  // result.message
    const Json& artifact = result["locations"][0]["physicalLocation"]["artifactLocation"];
    CHECK(artifact["uri"] == "catalogs/v4.17/p/catalog.yaml");  // no leading '/' or file:  // repository-relative
    CHECK(artifact["uriBaseId"] == "SRCROOT");
    CHECK(result["locations"][0]["physicalLocation"]["region"]["startLine"].get<int>() > 0);
    CHECK(result["partialFingerprints"]["fbclensObject/v1"] == result["partialFingerprints"]["primaryLocationLineHash"]);
  }
  CHECK(codes == std::set<std::string>{"FBC4301", "FBC5107", "FBC5108"});
  CHECK(rules.size() == 3);
}

TEST_CASE("SARIF fingerprints: moved lines keep them, other objects and repeats change them", "[sarif]") {
  const PathStyle paths = repo_paths();
  const auto fingerprints = [&paths](const ValidationReport& report) {
    std::vector<std::pair<std::string, std::string>> out;  // (fingerprint, startLine)
    const Json log = sarif_json(report, paths);
    for (const Json& r : log["runs"][0]["results"]) {
      out.emplace_back(r["partialFingerprints"]["fbclensObject/v1"].get<std::string>(),
                       r["locations"][0]["physicalLocation"]["region"]["startLine"].dump());
    }
    return out;
  };
  const auto before = fingerprints(konflux_report(""));
  const auto after = fingerprints(konflux_report("# three\n# new\n# lines\n"));
  REQUIRE(before.size() == 5);
  REQUIRE(after.size() == before.size());
  std::set<std::string> distinct;
  for (std::size_t i = 0; i < before.size(); ++i) {
    CHECK(before[i].first == after[i].first);    // the same alert
    CHECK(before[i].second != after[i].second);  // on another line
    distinct.insert(before[i].first);
  }
  CHECK(distinct.size() == 5);  // two codes on two bundles, one on the package
  // Repeats of a code on one object are told apart by their ordinal; the file is part of it.
  const Finding f = make_finding(FindingId::KonfluxNoPackage, {}, {}, {});
  CHECK(sarif_fingerprint(f, "a.yaml", 0) != sarif_fingerprint(f, "a.yaml", 1));
  CHECK(sarif_fingerprint(f, "a.yaml", 1).substr(16) == ":1");
  CHECK(sarif_fingerprint(f, "a.yaml", 0) != sarif_fingerprint(f, "b.yaml", 0));
  CHECK(sarif_fingerprint(f, "a.yaml", 0) == sarif_fingerprint(f, "a.yaml", 0));
}

TEST_CASE("SARIF: a finding about no file is located at the catalog folder, with no region", "[sarif]") {
  ValidationReport report;
  report.findings.push_back(make_finding(FindingId::KonfluxNoPackage, {}, {}, {}));
  const PathStyle paths = repo_paths();
  const Json location = sarif_json(report, paths)["runs"][0]["results"][0]["locations"][0]["physicalLocation"];
  CHECK(location == Json::parse(R"({"artifactLocation": {"uri": "catalogs/v4.17/", "uriBaseId": "SRCROOT"}})"));
  // The catalog is the repository itself: "./".
  const PathStyle root = path_style_for("/repo", true, "/repo");
  CHECK(sarif_json(report, root)["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "./");
}

}  // namespace
}  // namespace fbclens::test
