// A GraphIndex only saves work: Classic's and OLM v1's answers are the same with one as without,
// on graphs shaped to catch an index that looks entries or bundles up differently (a name listed
// twice in a channel, two bundles of one name, two channels of one name, a cycle, two chains, an
// unparsable skipRange, release metadata, deprecations). Every real catalog is checked through the
// divergence report in update_test.cpp.
#include <catch2/catch.hpp>

#include "update/classic.h"
#include "update/graph_index.h"
#include "update/olm_v1.h"

namespace fbclens::test {
namespace {

using update::ChannelEntry;
using update::GraphBundle;
using update::GraphChannel;
using update::PackageGraph;

ChannelEntry entry(std::string name, std::string replaces = "", std::vector<std::string> skips = {}, std::string range = "") {
  ChannelEntry e;
  e.name = std::move(name);
  e.replaces = std::move(replaces);
  e.skips = std::move(skips);
  e.skip_range = std::move(range);
  return e;
}

GraphBundle bundle(std::string name, std::string version) {
  GraphBundle b;
  b.name = std::move(name);
  b.version = std::move(version);
  return b;
}

// Every question both OLMs can be asked of `g`: from nothing, from each bundle and from a bundle the
// graph lacks, on every channel and on all of them; each answer compared field by field.
void check_same_with_index(const PackageGraph& g) {
  const update::GraphIndex index(g);
  std::vector<update::Installed> installed{{"gone.v0", "0.5.0"}, {"gone.v9", "not-semver"}};
  for (const GraphBundle& b : g.bundles) installed.push_back({b.name, b.version});
  std::vector<std::string> channels{""};
  for (const GraphChannel& c : g.channels) channels.push_back(c.name);
  for (const std::string& channel : channels) {
    const update::ClassicOptions classic{channel, ""};
    update::V1Options v1;
    if (!channel.empty()) v1.channels = {channel};
    for (std::size_t i = 0; i <= installed.size(); ++i) {
      const update::Installed* from = i < installed.size() ? &installed[i] : nullptr;
      INFO("channel \"" << channel << "\", installed " << (from ? from->name : "(none)"));
      const update::ClassicResult plain = update::classic_next(g, from, classic);
      const update::ClassicResult indexed = update::classic_next(g, from, classic, &index);
      CHECK(indexed.sorted == plain.sorted);
      CHECK(indexed.candidates == plain.candidates);
      CHECK(indexed.next == plain.next);
      CHECK(indexed.error == plain.error);
      const update::V1Result v_plain = update::v1_next(g, from, v1);
      const update::V1Result v_indexed = update::v1_next(g, from, v1, &index);
      CHECK(v_indexed.successors == v_plain.successors);
      CHECK(v_indexed.next == v_plain.next);
      CHECK(v_indexed.catalog == v_plain.catalog);
      CHECK(v_indexed.error == v_plain.error);
      if (from) CHECK(update::v1_step(g, *from, v_plain, &index) == update::v1_step(g, *from, v_plain));
    }
  }
}

TEST_CASE("GraphIndex: Classic and v1 answer the same with an index as without", "[update][graph-index]") {
  PackageGraph g;
  g.package = "p";
  g.default_channel = "stable";
  for (auto [name, version] : {std::pair{"p.v1", "1.0.0"}, {"p.v2", "2.0.0"}, {"p.v3", "3.0.0+1.2"}, {"p.v4", "3.0.0+1.10"},
                               {"p.v5", "5.0.0-rc.1"}, {"p.v6", "v6"}}) {
    g.bundles.push_back(bundle(name, version));
  }
  g.bundles[3].olm_deprecated = true;
  g.bundles[4].deprecated = true;

  SECTION("one chain, skips and skipRanges, an unparsable range, release metadata") {
    g.channels.push_back({"stable", {entry("p.v1"), entry("p.v2", "p.v1"), entry("p.v3", "p.v2", {}, ">=1.0.0 <3.0.0"),
                                     entry("p.v4", "p.v3", {"p.v2"}, "not a range"), entry("p.v6", "p.v4")}});
    g.channels.push_back({"fast", {entry("p.v1"), entry("p.v5", "p.v1", {}, ">=0.1.0")}});
    check_same_with_index(g);
  }
  SECTION("a name listed twice in a channel: the last entry of the name is the one read") {
    g.channels.push_back({"stable", {entry("p.v1"), entry("p.v2", "p.v1"), entry("p.v3", "p.v2"), entry("p.v2", "", {}, ">=0.0.1")}});
    check_same_with_index(g);
  }
  SECTION("two bundles of one name: the first is the one read") {
    g.bundles.push_back(bundle("p.v2", "9.0.0"));
    g.channels.push_back({"stable", {entry("p.v1"), entry("p.v2", "p.v1"), entry("p.v3", "p.v2")}});
    check_same_with_index(g);
  }
  SECTION("two channels of one name") {
    g.channels.push_back({"stable", {entry("p.v1"), entry("p.v2", "p.v1")}});
    g.channels.push_back({"stable", {entry("p.v1"), entry("p.v3", "p.v1", {"p.v2"})}});
    check_same_with_index(g);
  }
  SECTION("a cycle, two chains, no head: Classic's errors") {
    g.channels.push_back({"cycle", {entry("p.v1", "p.v2"), entry("p.v2", "p.v1"), entry("p.v3", "p.v2")}});
    g.channels.push_back({"split", {entry("p.v1"), entry("p.v2", "p.v1"), entry("p.v3")}});
    g.channels.push_back({"loop", {entry("p.v1", "p.v2"), entry("p.v2", "p.v1")}});
    check_same_with_index(g);
  }
}

}  // namespace
}  // namespace fbclens::test
