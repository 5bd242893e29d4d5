// semver: whether versions satisfy a range, as blang/semver (OLM Classic's skipRange) or
// Masterminds/semver (OLM v1's version constraints) reads them (core/semver).
#include <iostream>

#include "semver/blang.h"
#include "semver/masterminds.h"
#include "verb.h"

namespace fbclens::cli {

namespace {

struct SemverSettings {
  std::string flavor, range;
  std::vector<std::string> versions;
};

int run_semver(const SemverSettings& s) {
  const std::string& flavor = s.flavor;
  const std::string& range = s.range;
  std::string error;
  std::optional<semver::Range> blang;
  std::optional<semver::masterminds::Constraints> masterminds;
  if (flavor == "blang") blang = semver::parse_range(range, &error);
  else masterminds = semver::masterminds::parse_constraints(range, &error);
  if (!blang && !masterminds) {
    std::cerr << error << "\n";
    return 2;
  }
  int status = 0;
  for (const std::string& version : s.versions) {
    bool match = false;
    if (blang) {
      auto v = semver::parse(version, &error);
      if (!v) {
        std::cerr << "fbclens: version " << version << ": " << error << "\n";
        status = 2;
        continue;
      }
      match = blang->contains(*v);
    } else {
      auto v = semver::masterminds::parse_version(version, &error);
      if (!v) {
        std::cerr << "fbclens: version " << version << ": " << error << "\n";
        status = 2;
        continue;
      }
      match = masterminds->check(*v);
    }
    std::cout << version << " " << (match ? "true" : "false") << "\n";
  }
  return status;
}

}  // namespace

Verb add_semver_verb(CLI::App& fbclens) {
  CLI::App* verb = add_verb(fbclens, "semver",
      "Prints 'VERSION true|false' per version; an invalid range exits 2 with the parser's error.\n\n"
      "Exit status: 0 every version parsed, 2 usage error, an invalid range or a version that does not parse.");
  auto s = std::make_shared<SemverSettings>();
  one_of(verb->add_option("--flavor", s->flavor,
                          "Whose reading: blang/semver v4 (OLM Classic's skipRange) or Masterminds/semver v3 (OLM v1)."),
         {"blang", "masterminds"})
      ->required();
  verb->add_option("--range", s->range, "The range or constraint, e.g. '>=1.0.0 <2.0.0'.")->type_name("RANGE")->required();
  verb->add_option("VERSION", s->versions, "The versions to check.");
  return {verb, [s] { return run_semver(*s); }};
}

}  // namespace fbclens::cli
