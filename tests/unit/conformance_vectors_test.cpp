// Data-driven conformance with `opm validate`: every folder of ../shared/spec/validation-vectors
// and of our own tests/fixtures/validation (same layout: catalog/ + expected.txt) is one test case
// named by its id. opm's output must match: verdict line always; the text for VALID/INVALID
// (tree siblings compared order-insensitively).
#include <catch2/catch.hpp>

#include "support.h"
#include "validate/validate.h"

namespace fbclens::test {
namespace {

// Our own fixtures run with the check profiles their .fbclens.yaml selects, which must leave
// opm's output as expected.txt says (profiles never change it); the shared vectors have none.
void register_vector_folder(const std::string& root, const std::string& prefix, const std::string& tags,
                            bool with_profiles) {
  for (const std::string& id : list_dirs(root)) {
    const std::string dir = root + "/" + id;
    register_test(prefix + id, tags, [dir, with_profiles] {
      const std::string expected = read_file(dir + "/expected.txt");
      REQUIRE_FALSE(expected.empty());
      DirectoryFileSource source(dir + "/catalog");
      const ValidationReport report = with_profiles ? validate_fixture_catalog(dir + "/catalog") : validate_catalog(source);
      check_opm_output(expected, report.opm_output);
      // Exactly one load or conversion finding is opm's when opm fails fast.
      if (report.verdict == Verdict::LoadError) {
        CHECK(report.findings.front().reported_by_opm);
      }
    });
  }
}

const bool registered = [] {
  register_vector_folder(source_dir() + "/tests/fixtures/validation", "fixture/", "[conformance][fixture]", true);
  if (shared_available()) {
    register_vector_folder(shared_dir() + "/spec/validation-vectors", "vector/", "[conformance][shared]", false);
  } else {
    register_test("vector/(skipped: ../shared is absent)", "[conformance][shared]", [] {
      WARN("../shared/spec/validation-vectors not found: the shared conformance vectors were skipped");
    });
  }
  return true;
}();

}  // namespace
}  // namespace fbclens::test
