// Findings beyond opm (core/advice, core/lifecycle): each code on its fixture (tests/fixtures/validation/f56–f72),
// located at the object that causes it; never in opm's verdict; not given for packages opm
// already rejects; and, on a real catalog, one FBC4001 for every bundle the divergence report
// says OLM Classic strands.
#include <catch2/catch.hpp>
#include <map>
#include <set>

#include "advice/advice.h"
#include "export/report_json.h"
#include "findings/format.h"
#include "support.h"
#include "update/divergence.h"
#include "update/package_graph.h"
#include "validate/validate.h"

namespace fbclens::test {
namespace {

ValidationReport fixture(const std::string& id) {
  DirectoryFileSource source(source_dir() + "/tests/fixtures/validation/" + id + "/catalog");
  return validate_catalog(source);
}

// code → "file:line:col group" of each advice finding, in order.
std::multimap<std::string, std::string> advice_of(const ValidationReport& report) {
  std::multimap<std::string, std::string> out;
  for (const Finding& f : report.findings) {
    if (f.info().phase != Phase::Advice) continue;
    CHECK_FALSE(f.reported_by_opm);
    CHECK(f.info().severity != Severity::Error);
    CHECK(f.opm_message().empty());
    out.emplace(std::string(f.info().code), location_text(f.location) + " " + group_path(f.object));
  }
  return out;
}

using Expected = std::multimap<std::string, std::string>;

TEST_CASE("advice: each code on its fixture, at the object that causes it, opm's verdict untouched", "[advice]") {
  const std::map<std::string, Expected> cases = {
      {"f56-advice-classic-strands",
       {{"FBC4001", "catalog.json:15:5 package \"demo\" > channel \"stable\" > bundle \"demo.v1.0.0\""},
        {"FBC4002", "catalog.json:10:1 package \"demo\" > channel \"stable\""}}},
      {"f57-advice-hub-no-csv", {{"FBC4101", "catalog.json:1:1 package \"demo\""}}},
      {"f67-advice-no-catalog-content", {{"FBC4000", " catalog"}}},
      {"f58-advice-hub-non-standalone", {{"FBC4102", "catalog.json:48:1 package \"demo\" > bundle \"demo.v2.0.0\""}}},
      {"f59-advice-hub-os-arch", {{"FBC4103", "catalog.json:48:1 package \"demo\" > bundle \"demo.v2.0.0\""}}},
      {"f60-advice-deprecated-default-channel", {{"FBC4201", "catalog.json:76:5 package \"demo\" > channel \"stable\""}}},
      {"f61-advice-deprecated-head",
       {{"FBC4002", "catalog.json:10:1 package \"demo\" > channel \"stable\""},
        {"FBC4202", "catalog.json:76:5 package \"demo\" > channel \"stable\" > bundle \"demo.v2.0.0\""}}},
      {"f62-advice-legacy-deprecations",
       {{"FBC4203", "catalog.json:24:1 package \"demo\" > bundle \"demo.v1.0.0\""},
        {"FBC4204", "catalog.json:52:1 package \"demo\" > channel \"stable\" > bundle \"demo.v2.0.0\""},
        {"FBC4205", "catalog.json:52:1 package \"demo\" > channel \"stable\" > bundle \"demo.v2.0.0\""}}},
      {"f63-advice-icon-missing", {{"FBC4301", "catalog.json:1:1 package \"demo\""}}},
      {"f64-advice-icon-unusable", {{"FBC4302", "catalog.json:1:1 package \"demo\""}}},
      {"f65-advice-deprecation-markdown", {{"FBC4401", "catalog.json:76:5 package \"demo\""}}},
      {"f68-advice-dependency-constraint-too-large", {{"FBC4501", "catalog.json:20:1 package \"demo\" > bundle \"demo.v1.0.0\""}}},
      {"f69-advice-dependency-unreadable", {{"FBC4502", "catalog.json:20:1 package \"demo\" > bundle \"demo.v1.0.0\""}}},
      {"f70-advice-dependency-unsatisfiable",
       {{"FBC4503", "catalog.json:20:1 package \"demo\" > bundle \"demo.v1.0.0\""},
        {"FBC4503", "catalog.json:20:1 package \"demo\" > bundle \"demo.v1.0.0\""}}},
      {"f71-advice-dependency-cycle", {{"FBC4504", "catalog.json:20:1 package \"alpha\" > bundle \"alpha.v1.0.0\""}}},
      {"f81-advice-lifecycle",
       {{"FBC4705", "catalog.yaml:120:1 package \"ghost\""},
        // Its CSVs have no provider, which the install checks note (info) too.
        {"FBC4632", "catalog.yaml:37:1 package \"ops\" > channel \"stable\" > bundle \"ops.v2.0.0\""},
        {"FBC4702", "catalog.yaml:52:9 package \"ops\""},
        {"FBC4702", "catalog.yaml:79:9 package \"ops\""},
        {"FBC4701", "catalog.yaml:83:11 package \"ops\""},
        {"FBC4703", "catalog.yaml:77:11 package \"ops\""},
        {"FBC4703", "catalog.yaml:82:11 package \"ops\""},
        {"FBC4703", "catalog.yaml:83:11 package \"ops\""},
        {"FBC4632", "catalog.yaml:96:1 package \"twice\" > channel \"stable\" > bundle \"twice.v1.0.0\""},
        {"FBC4704", "catalog.yaml:115:1 package \"twice\""}}},
      {"f66-advice-deprecation-hidden-bundle",
       {{"FBC4203", "catalog.json:24:1 package \"demo\" > bundle \"demo.v1.0.0\""},
        {"FBC4402", "catalog.json:80:5 package \"demo\" > bundle \"demo.v1.0.0\""}}},
  };
  for (const auto& [id, expected] : cases) {
    INFO(id);
    const ValidationReport report = fixture(id);
    CHECK(report.verdict == Verdict::Valid);
    CHECK(report.opm_output == "VALID");
    CHECK(advice_of(report) == expected);
  }
}

TEST_CASE("advice: the messages say what happens and what to write instead", "[advice]") {
  const ValidationReport strands = fixture("f56-advice-classic-strands");
  const auto message = [](const ValidationReport& r, FindingId id) {
    for (const Finding& f : r.findings) {
      if (f.id == id) return f.message();
    }
    return std::string();
  };
  CHECK(message(strands, FindingId::ClassicStrandsBundle) ==
        "with \"demo.v1.0.0\" installed, OLM Classic stays on it and never reaches the head \"demo.v2.0.0\" of channel "
        "\"stable\": no entry Classic can pick (entries that others skip are out of its reach) replaces, skips or "
        "skipRanges \"demo.v1.0.0\". Make an entry on the replaces chain from the head replace or skip it");
  CHECK(message(strands, FindingId::UpdateDivergence).find("demo.v1.0.0 (Classic: stays, v1: demo.v2.0.0)") !=
        std::string::npos);
  const ValidationReport legacy = fixture("f62-advice-legacy-deprecations");
  CHECK(message(legacy, FindingId::LegacyDeprecatedProperty).find("{schema: olm.bundle, name: demo.v1.0.0}") !=
        std::string::npos);
  CHECK(message(fixture("f69-advice-dependency-unreadable"), FindingId::DependencyUnreadable)
            .find(": Last element in range is '||'. Every resolution") != std::string::npos);
  CHECK(message(fixture("f70-advice-dependency-unsatisfiable"), FindingId::DependencyUnsatisfiable)
            .find("requires an operator providing an API with group: cert-manager.io, version: v1, kind: Certificate") !=
        std::string::npos);
  CHECK(message(fixture("f68-advice-dependency-constraint-too-large"), FindingId::DependencyConstraintTooLarge)
            .find("is 131176 bytes, over OLM Classic's limit of 131072 bytes") != std::string::npos);
  CHECK(message(fixture("f71-advice-dependency-cycle"), FindingId::DependencyCycle) ==
        "packages alpha -> beta -> alpha need each other: bundle \"alpha.v1.0.0\" starts the cycle (bundle alpha.v1.0.0 "
        "requires an operator with package: beta and with version in range: >=1.0.0, at /properties/3/value), and each "
        "package on it is satisfied by no other package in this catalog. OLM Classic installs them together or not at all; "
        "break the cycle by moving the shared APIs into one package or dropping one direction of the dependency");
  CHECK(message(fixture("f65-advice-deprecation-markdown"), FindingId::DeprecationMarkdown)
            .find("the deprecation message of package \"demo\" looks like Markdown (emphasis)") == 0);
}

TEST_CASE("advice: none for a package opm rejects, none at all when a file does not load", "[advice]") {
  // f48: opm reports the stranded bundle itself (StrandedBundles); no advice repeats it.
  const ValidationReport stranded = fixture("f48-stranded");
  CHECK(stranded.verdict == Verdict::Invalid);
  CHECK(advice_of(stranded).empty());
  CHECK(advice_of(fixture("f02-load-json-syntax")).empty());
  // f10: the only olm.package does not decode, so the model is empty, but the catalog is not.
  CHECK(advice_of(fixture("f10-load-typed-decode")).empty());
  CHECK(exit_status(fixture("f10-load-typed-decode")) == 1);
  CHECK(exit_status(fixture("f67-advice-no-catalog-content")) == 3);
  CHECK(exit_status(fixture("f56-advice-classic-strands")) == 0);  // warnings never change it
  // f15: the error is about an unknown package; package "demo" itself is sound and gets its advice.
  CHECK(advice_of(fixture("f15-ch-unknown-package")).count("FBC4101") == 1);
}

TEST_CASE("advice in SARIF: warnings are warnings, info is a note (SARIF has no info level)", "[advice][sarif]") {
  const Json results = sarif_json(fixture("f65-advice-deprecation-markdown"))["runs"][0]["results"];
  REQUIRE(results.size() == 1);
  CHECK(results[0]["ruleId"] == "FBC4401");
  CHECK(results[0]["level"] == "note");
  CHECK(results[0]["properties"]["reportedByOpm"] == false);
  CHECK(sarif_json(fixture("f57-advice-hub-no-csv"))["runs"][0]["results"][0]["level"] == "warning");
}

TEST_CASE("markdown_construct: the constructs the console would show as written", "[advice]") {
  CHECK(advice::markdown_construct("Use the new channel.") == "");
  CHECK(advice::markdown_construct("# Deprecated\nUse stable.") == "a heading");
  CHECK(advice::markdown_construct("Reasons:\n  - slow\n  - old") == "a list item or quote");
  CHECK(advice::markdown_construct("1. upgrade\n2. switch") == "a numbered list");
  CHECK(advice::markdown_construct("**Deprecated.** Move on.") == "emphasis");
  CHECK(advice::markdown_construct("Run `oc apply`") == "code");
  CHECK(advice::markdown_construct("See [the docs](https://example.com).") == "a link");
  CHECK(advice::markdown_construct("Version 2 * 3 is not a list") == "");
  CHECK(advice::markdown_construct("C++ - not a list") == "");
}

const bool registered = [] {
  const std::string root = shared_dir() + "/catalogs/community-operators-prod-v4.21/catalogs/v4.21";
  if (!shared_available()) {
    register_test("advice/(skipped: ../shared/catalogs is absent)", "[advice][shared]", [] { WARN("skipped"); });
    return true;
  }
  register_test("advice: community v4.21: one FBC4001 per bundle Classic strands, as the divergence report says",
                "[advice][shared]", [root] {
                  std::string error;
                  const std::unique_ptr<FileSource> source = open_catalog_path(root, error);
                  REQUIRE(source);
                  const ValidationReport report = validate_catalog(*source);
                  std::multiset<std::string> stranded, advised;
                  for (const auto& [name, pkg] : report.model.packages) {
                    for (const update::DivergenceRow& row : update::divergence(update::package_graph(pkg)).rows) {
                      if (row.classic_stranded) stranded.insert(name + "/" + row.channel + "/" + row.installed);
                    }
                  }
                  for (const Finding& f : report.findings) {
                    if (f.id == FindingId::ClassicStrandsBundle) {
                      advised.insert(f.object.package + "/" + f.object.channel + "/" + f.object.bundle);
                    }
                  }
                  CHECK(stranded.size() == 7);  // clusterpulse fast-v0: v0.1.1 … (its successors are all skipped)
                  CHECK(advised == stranded);
                  CHECK(stranded.count("clusterpulse/fast-v0/clusterpulse.v0.2.0") == 1);
                });
  return true;
}();

}  // namespace
}  // namespace fbclens::test
