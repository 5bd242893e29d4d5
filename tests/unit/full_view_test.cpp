// The full view goes past opm's fail-fast points without cascades: one problem, one finding.
#include <catch2/catch.hpp>

#include "validate/validate.h"

namespace fbclens {
namespace {

TEST_CASE("full view: a bundle that fails to decode is not also an entry without a bundle", "[fullview]") {
  MemoryFileSource source;
  source.add("catalog.yaml",
             "---\nschema: olm.package\nname: demo\ndefaultChannel: stable\n"
             "---\nschema: olm.channel\npackage: demo\nname: stable\nentries:\n  - name: demo.v1.0.0\n"
             "---\nschema: olm.bundle\npackage: demo\nname: demo.v1.0.0\nimage: 5\n"  // image must be a string
             "properties:\n  - {type: olm.package, value: {packageName: demo, version: 1.0.0}}\n");
  const ValidationReport report = validate_catalog(source);
  CHECK(report.verdict == Verdict::LoadError);
  int decode = 0, missing = 0;
  for (const Finding& f : report.findings) {
    decode += f.id == FindingId::TypedDecode;
    missing += f.id == FindingId::EntryWithoutBundle;
  }
  CHECK(decode == 1);
  CHECK(missing == 0);
}

}  // namespace
}  // namespace fbclens
