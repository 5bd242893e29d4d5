// Operator lifecycle objects (io.openshift.operators.lifecycles.v1alpha1, issue 24 item 4): how
// console 5.0 reads them (node-semver's coerce, JavaScript dates: expected values printed by
// node's semver 7.8.5 and by `new Date(y, m - 1, d)`), the findings about their shape, and that
// opm's own verdict and output do not change.
#include <catch2/catch.hpp>

#include <algorithm>

#include "lifecycle/lifecycle.h"
#include "support.h"
#include "validate/validate.h"

namespace fbclens::test {
namespace {

TEST_CASE("lifecycle: X.Y as node-semver's coerce gives it", "[lifecycle]") {
  const std::vector<std::pair<std::string, std::optional<std::string>>> cases = {
      {"2.10", "2.10"},        {"v01.2", std::nullopt}, {"1.01", std::nullopt},  {"x1.2.3.4", "1.2"},
      {"latest", std::nullopt}, {"1.12345678901234567", "1.0"}, {"12345678901234567.1", "1.0"},
      {"9007199254740992.1", std::nullopt}, {"9007199254740991.0", "9007199254740991.0"}, {"4.12.0-rc.1", "4.12"},
      {"5.0.3", "5.0"},        {"a5", "5.0"},           {"1.2.3a", "1.2"},        {" 2.0 ", "2.0"}, {"0.22", "0.22"}};
  for (const auto& [in, out] : cases) {
    INFO(in);
    CHECK(lifecycle::coerce_minor(in) == out);
  }
}

TEST_CASE("lifecycle: dates as the console reads them, and strict calendar dates", "[lifecycle]") {
  const std::vector<std::pair<std::string, std::optional<std::int64_t>>> cases = {
      {"2024-01-01", 19723}, {"1970-01-01", 0},        {"2024-02-30", 19783}, {"24-1-1", -16802},
      {"2025-13-01", 20454}, {"2026-00-10", 20432},    {" 2026 -06-01", 20605}, {"2026-06", std::nullopt},
      {"x", std::nullopt},   {"", std::nullopt},       {"2026-06-01-extra", 20605}, {"-5-1-1", -25447},
      {"2026-06-01.5", 20605}};
  for (const auto& [in, out] : cases) {
    INFO(in);
    CHECK(lifecycle::console_day(in) == out);
  }
  CHECK(lifecycle::iso_day("2024-02-29") == 19782);
  CHECK_FALSE(lifecycle::iso_day("2023-02-29"));
  CHECK_FALSE(lifecycle::iso_day("2024-02-30"));
  CHECK_FALSE(lifecycle::iso_day("24-01-01"));
  CHECK_FALSE(lifecycle::iso_day("2024-1-01"));
}

std::vector<const Finding*> with_code(const ValidationReport& report, FindingId id) {
  std::vector<const Finding*> out;
  for (const Finding& f : report.findings) {
    if (f.id == id) out.push_back(&f);
  }
  return out;
}

TEST_CASE("lifecycle: findings on tests/fixtures/validation/f81-advice-lifecycle, beyond opm", "[lifecycle]") {
  DirectoryFileSource source(source_dir() + "/tests/fixtures/validation/f81-advice-lifecycle/catalog");
  const ValidationReport report = validate_catalog(source);
  // opm passes the schema through: its verdict and text stay as without the objects.
  CHECK(report.verdict == Verdict::Valid);
  CHECK(report.opm_output == "VALID");
  for (const Finding& f : report.findings) CHECK_FALSE(f.reported_by_opm);

  const auto shape = with_code(report, FindingId::LifecycleShape);
  REQUIRE(shape.size() == 1);  // name: 1.10, a YAML float
  CHECK(shape[0]->message().find("the number 1.1, not a string") != std::string::npos);
  CHECK(shape[0]->location.line == 83);

  const auto dates = with_code(report, FindingId::LifecycleDate);
  REQUIRE(dates.size() == 2);
  CHECK(dates[0]->message().find("ends (2024-06-30) before it starts (2025-01-01)") != std::string::npos);
  CHECK(dates[1]->message().find("startDate 2026-02-30 is not a YYYY-MM-DD calendar date (the console reads it as another day)") !=
        std::string::npos);

  const auto versions = with_code(report, FindingId::LifecycleVersionUnknown);
  REQUIRE(versions.size() == 3);
  CHECK(versions[0]->message() ==
        "the lifecycle of package \"ops\" describes version \"3.0\", but no bundle of the package has version 3.0.x, so no "
        "installed operator shows it");
  CHECK(versions[1]->message().find("\"2.0.1\", but an earlier entry (2.0) is for the same 2.0 stream") != std::string::npos);
  CHECK(versions[2]->message().find("\"1.1\", but an earlier entry (1.1)") != std::string::npos);

  const auto duplicate = with_code(report, FindingId::LifecycleDuplicate);
  REQUIRE(duplicate.size() == 1);
  CHECK(duplicate[0]->object.package == "twice");
  CHECK(duplicate[0]->message().find("package \"twice\" has 2 lifecycle objects (the first at catalog.yaml:") == 0);

  const auto unknown = with_code(report, FindingId::LifecycleUnknownPackage);
  REQUIRE(unknown.size() == 1);
  CHECK(unknown[0]->message() == "this lifecycle object is for package \"ghost\", which this catalog does not declare");

  // Every object reaches its package's model, the duplicates too; the unknown one none.
  CHECK(report.model.packages.at("ops").lifecycles.size() == 1);
  CHECK(report.model.packages.at("twice").lifecycles.size() == 2);
}

// Konflux's lifecycle objects in the wild (release-engineering/fbc-update-planner's reference
// catalog: lifecycle objects only): opm calls it valid, and every object names a package the
// file does not declare.
const bool registered = [] {
  if (!shared_available()) {
    register_test("lifecycle/(skipped: ../shared/catalogs is absent)", "[lifecycle][shared]", [] { WARN("skipped: ../shared is absent"); });
    return true;
  }
  register_test("lifecycle/fbc-update-planner reference-fbc.yaml", "[lifecycle][shared]", [] {
    std::string error;
    const auto source = open_catalog_path(shared_dir() + "/catalogs/fbc-update-planner-testdata/pkg/fbc/testdata/reference-fbc.yaml", error);
    REQUIRE(source);
    const ValidationReport report = validate_catalog(*source);
    CHECK(report.opm_output == "VALID");
    CHECK(with_code(report, FindingId::LifecycleUnknownPackage).size() == 20);
    CHECK(with_code(report, FindingId::LifecycleShape).empty());
    CHECK(with_code(report, FindingId::LifecycleDate).empty());
  });
  return true;
}();

}  // namespace
}  // namespace fbclens::test
