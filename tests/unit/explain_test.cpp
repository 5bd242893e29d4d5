// The upgrade simulator's explanations (core/update/explain.h): each step names the edges that made
// its target a candidate and why every other candidate lost, and the explained walks are exactly
// the walks classic_walk and v1_walk take (an explanation never disagrees with its answer).
#include <catch2/catch.hpp>
#include <algorithm>
#include <set>

#include "support.h"
#include "update/explain.h"
#include "validate/validate.h"

namespace fbclens::test {
namespace {

using update::Verdict;

std::vector<std::string> walk_of(const std::vector<update::StepExplanation>& steps, const std::string& start) {
  std::vector<std::string> walk;
  if (!start.empty()) walk.push_back(start);
  for (const update::StepExplanation& s : steps) {  // a step back into the walk (a cycle) ends it
    if (!s.to.empty() && std::find(walk.begin(), walk.end(), s.to) == walk.end()) walk.push_back(s.to);
  }
  return walk;
}

update::ChannelEntry entry(const std::string& name, const std::string& replaces = "",
                           std::vector<std::string> skips = {}, const std::string& skip_range = "") {
  update::ChannelEntry e;
  e.name = name;
  e.replaces = replaces;
  e.skips = std::move(skips);
  e.skip_range = skip_range;
  return e;
}

update::GraphBundle bundle(const std::string& name, const std::string& version) {
  update::GraphBundle b;
  b.name = name;
  b.version = version;
  return b;
}

TEST_CASE("explain: the seed example, Classic strands 1.0.0 because its channel order drops v2", "[update][explain]") {
  DirectoryFileSource source(source_dir() + "/tests/fixtures/update/seed");
  const ValidationReport report = validate_catalog(source);
  const auto graph = update::package_graph(report.model, "example");
  REQUIRE(graph);
  const update::Installed installed{"example.v1.0.0", "1.0.0"};

  const auto classic = update::explain_classic_walk(*graph, &installed, {"stable", ""});
  REQUIRE(classic.size() == 1);
  CHECK(classic[0].to.empty());
  CHECK(classic[0].summary ==
        "OLM Classic stays on example.v1.0.0: no entry in its channel order (\"stable\") replaces, skips or skipRanges it");
  REQUIRE(classic[0].considered.size() == 1);
  const update::Considered& v2 = classic[0].considered[0];
  CHECK(v2.bundle == "example.v2.0.0");
  CHECK(v2.verdict == Verdict::OffChain);
  CHECK(v2.edges == std::vector<std::string>{"channel \"stable\": skipRange \">=1.0.0 <2.0.0\" contains 1.0.0"});
  CHECK(v2.reason.find("skipped by example.v3.0.0") == 0);

  const auto v1 = update::explain_v1_walk(*graph, &installed, {});
  REQUIRE(v1.size() == 3);  // 1.0.0 -> 2.0.0 -> 3.0.0, then stays
  CHECK(walk_of(v1, installed.name) == std::vector<std::string>{"example.v1.0.0", "example.v2.0.0", "example.v3.0.0"});
  REQUIRE(v1[0].considered.size() == 2);
  CHECK(v1[0].considered[0].bundle == "example.v2.0.0");
  CHECK(v1[0].considered[0].verdict == Verdict::Chosen);
  CHECK(v1[0].considered[1].bundle == "example.v3.0.0");
  CHECK(v1[0].considered[1].verdict == Verdict::NotSuccessor);
  CHECK(v1[1].considered[0].edges == std::vector<std::string>{"channel \"stable\": skips example.v2.0.0"});
  CHECK(v1[1].considered[1].verdict == Verdict::LowerVersion);  // 2.0.0 itself: the installed version
  CHECK(v1[2].to.empty());
  CHECK(v1[2].summary == "OLM v1 stays on example.v3.0.0: nothing newer passes its filters");
}

TEST_CASE("explain: why candidates lose, for each rule of each OLM", "[update][explain]") {
  update::PackageGraph g;
  g.package = "p";
  g.default_channel = "stable";
  // stable: 1 <- 2 <- 3 <- 4, where 3 and 4 also skipRange over 1.x; 4 carries olm.deprecated.
  g.channels.push_back({"stable", {entry("p.v1"), entry("p.v2", "p.v1"), entry("p.v3", "p.v2", {}, ">=1.0.0 <2.0.0"),
                                   entry("p.v4", "p.v3", {}, ">=1.0.0 <2.0.0")}});
  g.channels.push_back({"fast", {entry("p.v1"), entry("p.v5", "p.v1")}});
  for (auto [name, version] : {std::pair{"p.v1", "1.0.0"}, {"p.v2", "2.0.0"}, {"p.v3", "3.0.0"}, {"p.v4", "4.0.0"},
                               {"p.v5", "5.0.0"}}) {
    g.bundles.push_back(bundle(name, version));
  }
  g.bundles[3].olm_deprecated = true;  // p.v4: Classic never installs it
  g.bundles[2].deprecated = true;      // p.v3: olm.deprecations
  g.bundles[2].max_openshift = "\"4.16\"";
  const update::Installed v1_0{"p.v1", "1.0.0"};

  SECTION("Classic, all channels: default channel first, the legacy-deprecated head passed over") {
    const auto steps = update::explain_classic_walk(g, &v1_0, {});
    const update::StepExplanation& s = steps.at(0);
    CHECK(s.to == "p.v3");
    CHECK(s.max_openshift == "\"4.16\"");
    std::vector<std::pair<std::string, Verdict>> got;
    for (const auto& c : s.considered) got.emplace_back(c.bundle, c.verdict);
    CHECK(got == std::vector<std::pair<std::string, Verdict>>{{"p.v3", Verdict::Chosen},
                                                              {"p.v4", Verdict::LegacyDeprecated},
                                                              {"p.v2", Verdict::FartherFromHead},
                                                              {"p.v5", Verdict::FartherFromHead}});
    CHECK(s.considered[3].reason ==
          "in channel \"fast\", which Classic considers after channel \"stable\" (the default channel)");
    CHECK(s.considered[0].edges == std::vector<std::string>{"channel \"stable\": skipRange \">=1.0.0 <2.0.0\" contains 1.0.0"});
    CHECK(walk_of(steps, v1_0.name) == update::classic_walk(g, v1_0, {}));
  }
  SECTION("v1: the non-deprecated highest version wins; filters say why the rest are out") {
    update::V1Options o;
    o.channels = {"stable"};
    o.version = "<4.5.0";
    const auto steps = update::explain_v1_walk(g, &v1_0, o);
    const update::StepExplanation& s = steps.at(0);
    CHECK(s.to == "p.v4");
    std::vector<std::pair<std::string, Verdict>> got;
    for (const auto& c : s.considered) got.emplace_back(c.bundle, c.verdict);
    CHECK(got == std::vector<std::pair<std::string, Verdict>>{{"p.v4", Verdict::Chosen},
                                                              {"p.v2", Verdict::LowerVersion},
                                                              {"p.v1", Verdict::LowerVersion},
                                                              {"p.v3", Verdict::Deprecated},
                                                              {"p.v5", Verdict::NotInChannels}});
    o.channels.clear();
    o.version = "<5.0.0";
    const auto ranged = update::explain_v1_walk(g, &v1_0, o);
    CHECK(ranged.at(0).considered.back().bundle == "p.v5");
    CHECK(ranged.at(0).considered.back().verdict == Verdict::OutsideRange);
    CHECK(ranged.at(0).considered.back().reason == "version 5.0.0 is outside the range \"<5.0.0\"");
    CHECK(walk_of(steps, v1_0.name) == update::v1_walk(g, v1_0, {{"stable"}, "<4.5.0"}));
  }
  SECTION("a fresh install: Classic installs the default channel's installable head") {
    const auto steps = update::explain_classic_walk(g, nullptr, {});
    REQUIRE_FALSE(steps.empty());
    CHECK(steps[0].from.empty());
    CHECK(steps[0].to == "p.v3");
    CHECK(steps[0].summary == "OLM Classic installs p.v3");
    CHECK(steps[0].considered.at(0).reason.find("the head of channel \"stable\" (the default channel)") == 0);
  }
}

TEST_CASE("OLM v1 refuses an installed version that is not strict SemVer, as operator-controller does", "[update][explain]") {
  update::PackageGraph g;
  g.package = "p";
  g.channels.push_back({"stable", {entry("p.v1"), entry("p.v2", "p.v1")}});
  g.bundles = {bundle("p.v1", "1.0.0"), bundle("p.v2", "2.0.0")};
  const std::string prefix =
      "error walking catalogs: error finding upgrade edges: failed to get version and release of installed bundle: ";
  const std::pair<const char*, const char*> cases[] = {
      {"1.0", "No Major.Minor.Patch elements found"},
      {"v1.0.0", "Invalid character(s) found in major number \"v1\""},
      {"01.0.0", "Major number must not contain leading zeroes \"01\""},
      {"", "Version string empty"},
  };
  for (const auto& [version, error] : cases) {
    INFO(version);
    const update::Installed installed{"p.v1", version};
    CHECK(update::v1_next(g, &installed, {}).error == prefix + error);
    update::V1Options self_certified;
    self_certified.self_certified = true;  // no successor predicate: the installed version is never parsed
    CHECK(update::v1_next(g, &installed, self_certified).error.empty());
  }
}

// Every real catalog root (but the two 57 MB certified ones, whose walks the divergence test
// already covers): for each channel entry installed, the explained walks are the walks.
const bool registered = [] {
  const std::string catalogs = shared_dir() + "/catalogs";
  const Json expected = Json::parse(read_file(catalogs + "/expected.json"), nullptr, false);
  if (!expected.is_object()) {
    register_test("explain/walks agree/(skipped: ../shared/catalogs is absent)", "[explain][shared]", [] { WARN("skipped"); });
    return true;
  }
  for (auto it = expected.begin(); it != expected.end(); ++it) {
    const std::string root = it.key();
    if (root.rfind("certified-operators", 0) == 0) continue;
    register_test("explain/walks agree/" + root, "[update][explain][shared]", [catalogs, root] {
      std::string error;
      const std::unique_ptr<FileSource> source = open_catalog_path(catalogs + "/" + root, error);
      REQUIRE(source);
      const ValidationReport report = validate_catalog(*source);
      for (const auto& [name, pkg] : report.model.packages) {
        const auto graph = update::package_graph(report.model, name);
        REQUIRE(graph);
        for (const update::GraphChannel& c : graph->channels) {
          for (const update::ChannelEntry& e : c.entries) {
            const update::GraphBundle* b = graph->bundle(e.name);
            const update::Installed installed{e.name, b ? b->version : ""};
            const update::ClassicOptions classic{c.name, ""};
            update::V1Options v1;
            v1.channels = {c.name};
            INFO(name << " / " << c.name << " / " << e.name);
            CHECK(walk_of(update::explain_classic_walk(*graph, &installed, classic), e.name) ==
                  update::classic_walk(*graph, installed, classic));
            CHECK(walk_of(update::explain_v1_walk(*graph, &installed, v1), e.name) ==
                  update::v1_walk(*graph, installed, v1));
          }
        }
      }
    });
  }
  return true;
}();

}  // namespace
}  // namespace fbclens::test
