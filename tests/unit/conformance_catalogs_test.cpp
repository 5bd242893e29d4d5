// Conformance on real public catalogs: every root listed in ../shared/catalogs/expected.json must
// get opm's verdict and text (tree siblings order-insensitive). One test case per root.
// Skips with a visible message when ../shared is absent.
#include <catch2/catch.hpp>

#include "load/document.h"
#include "support.h"
#include "validate/validate.h"

namespace fbclens::test {
namespace {

const bool registered = [] {
  const std::string catalogs = shared_dir() + "/catalogs";
  const std::string expected_text = read_file(catalogs + "/expected.json");
  if (expected_text.empty()) {
    register_test("catalog/(skipped: ../shared/catalogs is absent)", "[catalogs][shared]",
                  [] { WARN("../shared/catalogs/expected.json not found: real-catalog conformance skipped"); });
    return true;
  }
  const Json expected = Json::parse(expected_text, nullptr, false);
  for (auto it = expected.begin(); it != expected.end(); ++it) {
    const std::string root = it.key();
    const std::string verdict = it.value().value("verdict", "");
    std::string output;
    for (const Json& line : it.value()["output"]) output += line.get<std::string>() + "\n";
    register_test("catalog/" + root, "[catalogs][shared]", [catalogs, root, output] {
      std::string error;
      const std::unique_ptr<FileSource> source = open_catalog_path(catalogs + "/" + root, error);
      REQUIRE(source);
      const ValidationReport report = validate_catalog(*source);
      check_opm_output(output, report.opm_output);
    });
  }
  return true;
}();

}  // namespace
}  // namespace fbclens::test
