// The analyses beyond opm as a table computed on demand (core/analyses, issue 21 §2): per package in
// any order they give exactly what the CLI reports; a report whose analyses were deferred and then
// completed prints byte for byte what a full validation prints (with and without profiles); without
// the analyses, opm's verdict and findings are the same and nothing beyond opm is computed.
#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>
#include <set>

#include "analyses/analyses.h"
#include "export/report_json.h"
#include "export/report_text.h"
#include "profiles/profiles.h"
#include "support.h"
#include "validate/validate.h"

namespace fbclens::test {
namespace {

ValidationReport validate_dir(const std::string& dir, bool analyses) {
  std::string error;
  const std::unique_ptr<FileSource> source = open_catalog_path(dir, error);
  REQUIRE(source);
  ValidateOptions options;
  options.analyses = analyses;
  return validate_catalog(*source, options);
}

std::vector<std::string> codes(const std::vector<Finding>& findings) {
  std::vector<std::string> out;
  for (const Finding& f : findings) {
    out.push_back(std::string(f.info().code) + " " + f.object.package + "/" + f.object.channel + "/" + f.object.bundle);
  }
  return out;
}

// What the deferred path must reproduce: every analysis fixture, and a catalog opm rejects.
const char* const kFixtures[] = {"f56-advice-classic-strands", "f57-advice-hub-no-csv", "f61-advice-deprecated-head",
                                 "f63-advice-icon-missing", "f65-advice-deprecation-markdown",
                                 "f67-advice-no-catalog-content", "f70-advice-dependency-unsatisfiable",
                                 "f15-ch-unknown-package", "f48-stranded", "f02-load-json-syntax"};

}  // namespace

TEST_CASE("analyses: the table's rows, each with a name, what it reports and what it needs", "[analyses]") {
  std::set<std::string> names;
  bool catalog_rows_last = true, seen_catalog = false;
  for (const analyses::Analysis& row : analyses::table()) {
    CHECK(names.insert(row.name).second);
    CHECK(std::string(row.reports).find("FBC4") != std::string::npos);
    CHECK((row.needs == analyses::Needs::Catalog) == (row.catalog != nullptr));
    CHECK((row.package != nullptr) != (row.catalog != nullptr));
    if (row.catalog) seen_catalog = true;
    else if (seen_catalog) catalog_rows_last = false;
  }
  CHECK(catalog_rows_last);
  CHECK(names.count("updates") == 1);
  CHECK(names.count("dependencies") == 1);
}

TEST_CASE("analyses: deferred, then per package in any order, then completed: what validate_catalog reports", "[analyses]") {
  for (const char* id : kFixtures) {
    INFO(id);
    const std::string dir = source_dir() + "/tests/fixtures/validation/" + id + "/catalog";
    const ValidationReport full = validate_dir(dir, true);
    ValidationReport deferred = validate_dir(dir, false);
    CHECK_FALSE(deferred.analyses_complete);
    CHECK(full.analyses_complete);
    // opm's verdict and findings do not wait for the analyses.
    CHECK(deferred.opm_output == full.opm_output);
    CHECK(std::none_of(deferred.findings.begin(), deferred.findings.end(),
                       [](const Finding& f) { return f.info().phase == Phase::Advice; }));
    analyses::Cache cache(deferred.model, deferred.findings, !deferred.config.others.empty(), &deferred.lifecycle_findings);
    // Backwards by name: the order they are computed in does not change the report's order.
    std::vector<std::string> names;
    for (const auto& [name, pkg] : deferred.model.packages) names.push_back(name);
    std::reverse(names.begin(), names.end());
    for (const std::string& name : names) cache.compute(name);
    CHECK(cache.complete());
    CHECK(cache.pending() == 0);
    analyses::complete_report(deferred, cache);
    CHECK(deferred.analyses_complete);
    CHECK(codes(deferred.findings) == codes(full.findings));
    CHECK(summary_json(deferred).dump(2) == summary_json(full).dump(2));
  }
}

TEST_CASE("analyses: a deferred load's Summary says so, and completed, profiles recount the gates", "[analyses][profiles]") {
  const std::string dir = source_dir() + "/tests/fixtures/validation/f57-advice-hub-no-csv/catalog";
  profiles::ProfileOptions options;
  options.profiles = {profiles::Profile::OperatorHub};
  ValidationReport full = validate_dir(dir, true);
  profiles::apply_profiles(full, options);
  ValidationReport deferred = validate_dir(dir, false);
  profiles::apply_profiles(deferred, options);
  const Json pending = summary_json(deferred);
  CHECK(pending["analyses"] == Json{{"complete", false}});
  CHECK(pending["profiles"]["results"][1] == Json{{"name", "operatorhub"}, {"failures", nullptr}, {"passed", nullptr}, {"pending", true}});
  CHECK(pending["profiles"]["results"][0]["passed"] == true);  // opm's own gate is known
  analyses::Cache cache(deferred.model, deferred.findings, !deferred.config.others.empty(), &deferred.lifecycle_findings);
  analyses::complete_report(deferred, cache);
  CHECK(summary_json(deferred).dump(2) == summary_json(full).dump(2));
  CHECK(sarif_json(deferred).dump(2) == sarif_json(full).dump(2));
  CHECK(render_text_report(deferred, nullptr) == render_text_report(full, nullptr));
  CHECK(full.profiles[1].failures == 1);  // FBC4101: OperatorHub would not list it
  CHECK(exit_status(deferred) == 1);
}

TEST_CASE("analyses: a package opm rejects is never analysed, and an error about no file disables them all", "[analyses]") {
  const ValidationReport rejected = validate_dir(source_dir() + "/tests/fixtures/validation/f15-ch-unknown-package/catalog", false);
  analyses::Cache cache(rejected.model, rejected.findings, false);
  CHECK(cache.analysed("demo"));
  cache.compute("demo");
  CHECK(cache.findings(nullptr).size() == 1);  // FBC4101 for demo
  const ValidationReport broken = validate_dir(source_dir() + "/tests/fixtures/validation/f02-load-json-syntax/catalog", false);
  analyses::Cache none(broken.model, broken.findings, false);
  none.compute_all();
  CHECK(none.complete());
  CHECK(none.findings(nullptr).empty());
}

TEST_CASE("summary_text: the Summary's text as nlohmann writes it, findings streamed", "[analyses][report]") {
  for (const char* id : kFixtures) {
    INFO(id);
    const ValidationReport r = validate_dir(source_dir() + "/tests/fixtures/validation/" + id + "/catalog", true);
    for (int indent : {-1, 2}) {
      CHECK(summary_text(r, {}, indent, Json::error_handler_t::replace) == summary_json(r).dump(indent, ' ', false, Json::error_handler_t::replace));
    }
  }
}

}  // namespace fbclens::test
