// `fbclens diff --output sarif` (diff/diff_findings.h, export/diff_sarif.h) on the fixture pair
// tests/fixtures/diff/d01-every-change, which makes every kind of difference: each result's
// code, level and place (NEW's object, OLD's for a removal), with and without the pruning profile.
#include <catch2/catch.hpp>
#include <set>

#include "diff/diff_findings.h"
#include "export/diff_sarif.h"
#include "support.h"

namespace fbclens::test {
namespace {

struct Pair {
  ValidationReport old_report, new_report;
  diff::CatalogDiff diff;
};

Pair load_pair(const std::string& id) {
  const std::string root = source_dir() + "/tests/fixtures/diff/" + id;
  DirectoryFileSource old_source(root + "/old"), new_source(root + "/new");
  Pair pair{validate_catalog(old_source), validate_catalog(new_source), {}};
  REQUIRE(pair.old_report.verdict == Verdict::Valid);
  REQUIRE(pair.new_report.verdict == Verdict::Valid);
  pair.diff = diff::diff_models(pair.old_report.model, pair.new_report.model);
  return pair;
}

// "code level side/file:line" of each result; files relative to the fixture (OLD and NEW are
// named as if run from the fixture folder).
std::vector<std::string> results(const Pair& pair, bool pruning) {
  const PathStyle old_paths{"old/", "file:///fixture/"}, new_paths{"new/", "file:///fixture/"};
  const Json log = diff_sarif_json(pair.diff, pair.old_report.model, pair.new_report.model, old_paths, new_paths, pruning);
  std::vector<std::string> out;
  for (const Json& r : log["runs"][0]["results"]) {
    const Json& at = r["locations"][0]["physicalLocation"];
    CHECK(at["artifactLocation"]["uriBaseId"] == "SRCROOT");
    CHECK(r["partialFingerprints"].contains("fbclensObject/v1"));
    out.push_back(r["ruleId"].get<std::string>() + " " + r["level"].get<std::string>() + " " +
                  at["artifactLocation"]["uri"].get<std::string>() + ":" + at["region"]["startLine"].dump());
  }
  return out;
}

const std::vector<std::string> kWithPruning = {
    "FBC6001 note new/r/catalog.yaml:2",         // package r added
    "FBC6002 warning old/q/catalog.yaml:2",      // package q removed
    "FBC6003 note new/p/catalog.yaml:34",        // channel alpha added
    "FBC6101 error old/p/catalog.yaml:26",       // channel beta removed: pruning fails
    "FBC6005 note new/p/catalog.yaml:14",        // p.v4 added to stable
    "FBC6006 warning old/p/catalog.yaml:36",     // p.v1 leaves candidate-1: pruning exempts it
    "FBC6102 error old/p/catalog.yaml:10",       // p.v1 leaves stable: pruning fails
    "FBC6007 note new/p/catalog.yaml:70",        // bundle p.v4 added
    "FBC6008 warning old/p/catalog.yaml:46",     // bundle p.old removed
    "FBC6009 note new/p/catalog.yaml:2",         // default channel stable -> fast
    "FBC6010 note new/p/catalog.yaml:32",        // candidate-1 p.v2 replaces p.v1 -> none
    "FBC6010 note new/p/catalog.yaml:24",        // fast p.v3 replaces p.v2 -> p.v1
    "FBC6011 note new/p/catalog.yaml:24",        // fast p.v3 skips [] -> [p.v2]
    "FBC6010 note new/p/catalog.yaml:10",        // stable p.v2 replaces p.v1 -> none
    "FBC6012 note new/p/catalog.yaml:11",        // stable p.v3 skipRange none -> <0.5.0
    "FBC6013 note new/p/catalog.yaml:43",        // channel fast deprecated
    "FBC6014 note old/p/catalog.yaml:43",        // p.v1's deprecation gone
    "FBC6015 note new/p/catalog.yaml:21",        // from p.v1 in fast: straight to p.v3
    "FBC6016 warning new/p/catalog.yaml:10",     // p.v2 in stable: Classic stops at p.v3 (p.v4 olm.deprecated)
    "FBC6016 warning new/p/catalog.yaml:11",     // p.v3 likewise
};

TEST_CASE("diff SARIF: every kind of difference at its object, pruning failures as errors", "[diff][sarif]") {
  const Pair pair = load_pair("d01-every-change");
  CHECK(results(pair, true) == kWithPruning);
  // Without the profile the same removals are warnings.
  std::vector<std::string> without = kWithPruning;
  without[3] = "FBC6004 warning old/p/catalog.yaml:26";
  without[6] = "FBC6006 warning old/p/catalog.yaml:10";
  CHECK(results(pair, false) == without);

  const PathStyle paths;
  const Json with = diff_sarif_json(pair.diff, pair.old_report.model, pair.new_report.model, paths, paths, true);
  CHECK(with["runs"][0]["properties"] == Json::parse(R"({"differences": 20, "pruning": {"passed": false}})"));
  const Json plain = diff_sarif_json(pair.diff, pair.old_report.model, pair.new_report.model, paths, paths, false);
  CHECK(plain["runs"][0]["properties"] == Json::parse(R"({"differences": 20})"));
  // The message names the object and what changed.
  CHECK(with["runs"][0]["results"][11]["message"]["text"] ==
        "\"p.v3\" in channel \"fast\" of package \"p\" now replaces \"p.v1\" (it replaced \"p.v2\")");
  // Rules: one per code used, with the help of codes.def.
  CHECK(with["runs"][0]["tool"]["driver"]["rules"].size() == 17);
}

TEST_CASE("diff SARIF: no difference is an empty run, and pruning passes", "[diff][sarif]") {
  const Pair pair = load_pair("d01-every-change");
  const diff::CatalogDiff none = diff::diff_models(pair.new_report.model, pair.new_report.model);
  const PathStyle paths;
  const Json log = diff_sarif_json(none, pair.new_report.model, pair.new_report.model, paths, paths, true);
  CHECK(log["runs"][0]["results"].empty());
  CHECK(log["runs"][0]["tool"]["driver"]["rules"].empty());
  CHECK(log["runs"][0]["properties"]["pruning"]["passed"] == true);
}

TEST_CASE("every diff code is exercised by a diff fixture", "[diff][coverage]") {
  std::set<std::string> seen;
  const std::string root = source_dir() + "/tests/fixtures/diff";
  for (const std::string& id : list_dirs(root)) {
    const Pair pair = load_pair(id);
    for (bool pruning : {false, true}) {
      for (const auto& f : diff::diff_findings(pair.diff, pair.old_report.model, pair.new_report.model, pruning)) {
        seen.insert(std::string(f.finding.info().name));
      }
    }
  }
  for (const FindingInfo& info : all_finding_infos()) {
    if (info.phase != Phase::Diff) continue;
    INFO("diff code " << info.code << " " << info.name << " has no fixture in tests/fixtures/diff");
    CHECK(seen.count(std::string(info.name)) == 1);
  }
}

}  // namespace
}  // namespace fbclens::test
