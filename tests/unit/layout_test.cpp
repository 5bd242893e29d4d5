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
