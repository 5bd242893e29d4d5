// Every finding code in core/findings/codes.def is produced by at least one of our own fixtures
// (tests/fixtures/validation, run with the check profiles each one's .fbclens.yaml selects), so
// the suite covers every rule even without ../shared. The few
// codes a fixture folder cannot express are covered by named unit tests instead.
#include <catch2/catch.hpp>
#include <set>

#include "support.h"
#include "validate/validate.h"

namespace fbclens {
namespace {

TEST_CASE("every finding code is exercised by a fixture", "[coverage]") {
  // Codes a committed folder cannot produce: covered in hostile_input_test.cpp.
  const std::set<std::string> elsewhere = {"FileUnreadable", "InputLimit", "SymlinkNotFollowed"};
  std::set<std::string> seen;
  const std::string root = test::source_dir() + "/tests/fixtures/validation";
  for (const std::string& id : test::list_dirs(root)) {
    // With the check profiles the fixture's .fbclens.yaml selects (the FBC5xxx fixtures).
    for (const Finding& f : test::validate_fixture_catalog(root + "/" + id + "/catalog").findings) {
      seen.insert(std::string(f.info().name));
    }
  }
  for (const FindingInfo& info : all_finding_infos()) {
    const std::string name(info.name);
    // Diff codes come from fixture pairs (tests/fixtures/diff, diff_sarif_test.cpp); repository
    // codes from tests/fixtures/repository (repository_test.cpp).
    if (elsewhere.count(name) || info.phase == Phase::Diff || info.phase == Phase::Repository) continue;
    INFO("finding " << info.code << " " << name << " has no fixture in tests/fixtures/validation");
    CHECK(seen.count(name) == 1);
  }
}

}  // namespace
}  // namespace fbclens
