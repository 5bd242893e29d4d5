// The channel graph layout (core/layout): deterministic, no two nodes in one place, older versions
// to the left, every edge between two distinct laid-out nodes.
#include <catch2/catch.hpp>
#include <map>
#include <set>

#include "layout/channel_layout.h"
#include "support.h"
#include "validate/validate.h"

namespace fbclens::test {
namespace {

void check_layouts(const ValidationReport& report) {
  for (const auto& [pname, pkg] : report.model.packages) {
    for (const auto& [cname, ch] : pkg.channels) {
      INFO(pname << " / " << cname);
      const ChannelLayout a = layout_channel(ch), b = layout_channel(ch);
      REQUIRE(a.nodes.size() == ch.bundles.size());
      // Deterministic.
      REQUIRE(a.nodes.size() == b.nodes.size());
      for (std::size_t i = 0; i < a.nodes.size(); ++i) {
        CHECK(a.nodes[i].name == b.nodes[i].name);
        CHECK(a.nodes[i].x == b.nodes[i].x);
        CHECK(a.nodes[i].y == b.nodes[i].y);
      }
      CHECK(a.edges.size() == b.edges.size());
      // No overlapping nodes.
      std::set<std::pair<float, float>> places;
      for (const LayoutNode& n : a.nodes) CHECK(places.insert({n.x, n.y}).second);
      // Older versions to the left.
      for (const LayoutNode& n : a.nodes) {
        for (const LayoutNode& m : a.nodes) {
          const auto& vn = ch.bundles.at(n.name).version;
          const auto& vm = ch.bundles.at(m.name).version;
          if (vn && vm && semver::compare(*vn, *vm) < 0) CHECK(n.x < m.x);
        }
      }
      // Edges join two distinct nodes of the layout.
      for (const LayoutEdge& e : a.edges) {
        REQUIRE(e.from >= 0);
        REQUIRE(e.to >= 0);
        REQUIRE(static_cast<std::size_t>(e.from) < a.nodes.size());
        REQUIRE(static_cast<std::size_t>(e.to) < a.nodes.size());
        CHECK(e.from != e.to);
      }
      CHECK(a.heads == static_cast<int>(model::channel_heads(ch).size()));
    }
  }
}

TEST_CASE("layout: the sample catalog", "[layout]") {
  DirectoryFileSource source(source_dir() + "/samples/catalog");
  const ValidationReport report = validate_catalog(source);
  check_layouts(report);
  // cert-watcher/stable: 4 entries, 3 replaces, 1 skips target outside the channel, a skipRange
  // covering 1.0.0, 1.1.0 and 1.2.0.
  const ChannelLayout l = layout_channel(report.model.packages.at("cert-watcher").channels.at("stable"));
  int replaces = 0, skips = 0, ranges = 0;
  for (const LayoutEdge& e : l.edges) {
    replaces += e.kind == EdgeKind::Replaces;
    skips += e.kind == EdgeKind::Skips;
    ranges += e.kind == EdgeKind::SkipRange;
  }
  CHECK(replaces == 3);
  CHECK(skips == 0);
  CHECK(ranges == 3);
  CHECK(l.heads == 1);
}

TEST_CASE("layout: every channel of a real catalog with 80-entry chains", "[layout][shared]") {
  const std::string dir = shared_dir() + "/catalogs/community-operators-prod-v4.16/catalogs/v4.16";
  if (read_file(dir + "/../../_SOURCE.txt").empty() && !shared_available()) {
    WARN("../shared/catalogs is absent: skipped");
    return;
  }
  DirectoryFileSource source(dir);
  check_layouts(validate_catalog(source));
}

}  // namespace
}  // namespace fbclens::test

namespace fbclens::test {
namespace {

TEST_CASE("layout: edges OLM Classic ignores (olm-docs#243 graph)", "[layout]") {
  // v4 replaces v3, v3 skips v2, v2 replaces v1: Classic's order is [v4, v3]; v2 is skipped, so the
  // v1 -> v2 replaces edge (declared by v2) is never taken by Classic (users stay on v1).
  std::string yaml = "---\nschema: olm.package\nname: s\ndefaultChannel: stable\n---\nschema: olm.channel\npackage: s\n"
                     "name: stable\nentries:\n  - name: s.v1\n  - name: s.v2\n    replaces: s.v1\n  - name: s.v3\n"
                     "    skips: [s.v2]\n  - name: s.v4\n    replaces: s.v3\n";
  for (const char* v : {"1", "2", "3", "4"}) {
    yaml += std::string("---\nschema: olm.bundle\npackage: s\nname: s.v") + v + "\nimage: quay.io/x/s:v" + v +
            "\nproperties:\n  - {type: olm.package, value: {packageName: s, version: \"" + v + ".0.0\"}}\n";
  }
  MemoryFileSource source;
  source.add("catalog.yaml", yaml);
  const ValidationReport report = validate_catalog(source);
  const ChannelLayout l = layout_channel(report.model.packages.at("s").channels.at("stable"));
  std::map<std::string, bool> ignored;
  for (const LayoutEdge& e : l.edges) ignored[l.nodes[e.from].name + "->" + l.nodes[e.to].name] = e.classic_ignored;
  CHECK(ignored.size() == 3);
  CHECK(ignored.at("s.v1->s.v2") == true);
  CHECK(ignored.at("s.v2->s.v3") == false);
  CHECK(ignored.at("s.v3->s.v4") == false);
}

}  // namespace
}  // namespace fbclens::test

namespace fbclens::test {
namespace {

const LayoutNode& node_named(const ChannelLayout& l, const std::string& name, const std::string& channel = "") {
  for (const LayoutNode& n : l.nodes) {
    if (n.name == name && (channel.empty() || n.channel == channel)) return n;
  }
  FAIL("no node " << name << " in channel '" << channel << "'");
  return l.nodes.front();
}

TEST_CASE("layout: crossing reduction orders entries within a column", "[layout]") {
  // Two columns of two off-chain entries each, declared so that file order makes their skips edges
  // cross: b1 and b2 (2.0.0+1/+2) are skipped by c2 and c1 (3.0.0+2/+1) respectively.
  std::string yaml = "---\nschema: olm.package\nname: s\ndefaultChannel: stable\n---\nschema: olm.channel\npackage: s\n"
                     "name: stable\nentries:\n  - name: s.a\n  - name: s.b1\n  - name: s.b2\n"
                     "  - name: s.c1\n    skips: [s.b2]\n  - name: s.c2\n    skips: [s.b1]\n"
                     "  - name: s.d\n    replaces: s.a\n    skips: [s.c1, s.c2]\n";
  for (const auto& [name, version] : std::vector<std::pair<std::string, std::string>>{
           {"a", "1.0.0"}, {"b1", "2.0.0+1"}, {"b2", "2.0.0+2"}, {"c1", "3.0.0+1"}, {"c2", "3.0.0+2"}, {"d", "4.0.0"}}) {
    yaml += "---\nschema: olm.bundle\npackage: s\nname: s." + name + "\nimage: quay.io/x/s:" + name +
            "\nproperties:\n  - {type: olm.package, value: {packageName: s, version: \"" + version + "\"}}\n";
  }
  MemoryFileSource source;
  source.add("catalog.yaml", yaml);
  const ValidationReport report = validate_catalog(source);
  const ChannelLayout l = layout_channel(report.model.packages.at("s").channels.at("stable"));
  REQUIRE(l.nodes.size() == 6);
  CHECK(count_crossings(l) == 0);
  // b2 moved above b1 (its neighbour c1 is nearer the chain than c2 is).
  CHECK(node_named(l, "s.b2").lane == 1);
  CHECK(node_named(l, "s.b1").lane == 2);
  CHECK(node_named(l, "s.c1").lane == 1);
  CHECK(node_named(l, "s.c2").lane == 2);
  CHECK(node_named(l, "s.d").lane == 0);
  CHECK(node_named(l, "s.a").lane == 0);
}

TEST_CASE("layout: count_crossings counts proper intersections only", "[layout]") {
  ChannelLayout l;
  const auto add = [&l](float x, float y) {
    LayoutNode n;
    n.x = x;
    n.y = y;
    l.nodes.push_back(n);
  };
  add(0, 0), add(1, 1), add(0, 1), add(1, 0), add(2, 0);
  l.edges = {{0, 1}, {2, 3}};  // an X
  CHECK(count_crossings(l) == 1);
  l.edges = {{0, 1}, {1, 4}};  // sharing a node is not a crossing
  CHECK(count_crossings(l) == 0);
}

TEST_CASE("layout: skipRange groups keep every matched entry", "[layout]") {
  DirectoryFileSource source(source_dir() + "/samples/catalog");
  const ValidationReport report = validate_catalog(source);
  const ChannelLayout l = layout_channel(report.model.packages.at("cert-watcher").channels.at("stable"));
  REQUIRE(l.ranges.size() == 1);
  const SkipRangeGroup& g = l.ranges[0];
  CHECK(l.nodes[g.to].name == "cert-watcher.v2.0.0");
  CHECK(g.range == ">=1.0.0 <2.0.0");
  std::vector<std::string> from;
  for (int i : g.from) from.push_back(l.nodes[i].name);
  CHECK(from == std::vector<std::string>{"cert-watcher.v1.0.0", "cert-watcher.v1.1.0", "cert-watcher.v1.2.0"});
  for (const LayoutEdge& e : l.edges) CHECK((e.kind == EdgeKind::SkipRange) == (e.range == 0));
}

TEST_CASE("layout: a whole package with its channels as lanes", "[layout]") {
  DirectoryFileSource source(source_dir() + "/samples/catalog");
  const ValidationReport report = validate_catalog(source);
  const model::Package& pkg = report.model.packages.at("cert-watcher");
  const ChannelLayout l = layout_package(pkg);
  // The default channel's band first, then the others by name.
  REQUIRE(l.bands.size() == 3);
  CHECK(l.bands[0].channel == "stable");
  CHECK(l.bands[1].channel == "alpha");
  CHECK(l.bands[2].channel == "fast");
  CHECK(l.nodes.size() == 4 + 1 + 3);
  CHECK(l.layers == 5);  // 1.0.0 1.1.0 1.2.0 2.0.0 2.1.0-rc.1
  CHECK(l.heads == 3);
  // A version sits in the same column in every band; each node sits inside its channel's band.
  CHECK(node_named(l, "cert-watcher.v1.2.0", "stable").layer == node_named(l, "cert-watcher.v1.2.0", "fast").layer);
  CHECK(node_named(l, "cert-watcher.v1.0.0", "alpha").layer == 0);
  std::set<std::pair<float, float>> places;
  for (const LayoutNode& n : l.nodes) {
    CHECK(places.insert({n.x, n.y}).second);
    const auto band = std::find_if(l.bands.begin(), l.bands.end(), [&n](const LayoutBand& b) { return b.channel == n.channel; });
    REQUIRE(band != l.bands.end());
    CHECK(n.lane >= band->first_lane);
    CHECK(n.lane < band->first_lane + band->lanes);
  }
  // Edges stay inside a channel.
  for (const LayoutEdge& e : l.edges) CHECK(l.nodes[e.from].channel == l.nodes[e.to].channel);
  // The same as each channel's own layout, edge for edge.
  std::size_t edges = 0;
  for (const auto& [name, ch] : pkg.channels) edges += layout_channel(ch).edges.size();
  CHECK(l.edges.size() == edges);
}

}  // namespace
}  // namespace fbclens::test
