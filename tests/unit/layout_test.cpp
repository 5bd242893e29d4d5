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

int node_index(const ChannelLayout& l, const std::string& name) {
  for (std::size_t i = 0; i < l.nodes.size(); ++i) {
    if (l.nodes[i].name == name) return static_cast<int>(i);
  }
  FAIL("no node " << name);
  return 0;
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
  // Each band has columns of its own (compact): stable 1.0.0 1.1.0 (ghost 1.1.1) 1.2.0 2.0.0,
  // alpha 1.0.0, fast 1.2.0 2.0.0 2.1.0-rc.1; the widest sets `layers`.
  CHECK(l.bands[0].columns == 5);
  CHECK(l.bands[1].columns == 1);
  CHECK(l.bands[2].columns == 3);
  CHECK(l.layers == 5);
  CHECK(l.heads == 3);
  CHECK(l.bands[0].is_default);
  CHECK_FALSE(l.bands[2].is_default);
  CHECK(node_named(l, "cert-watcher.v1.2.0", "stable").layer == 3);
  CHECK(node_named(l, "cert-watcher.v1.2.0", "fast").layer == 0);
  CHECK(node_named(l, "cert-watcher.v1.0.0", "alpha").layer == 0);
  // Every band starts at column 0 and leaves no column empty.
  for (std::size_t b = 0; b < l.bands.size(); ++b) {
    std::set<int> used;
    for (const LayoutNode& n : l.nodes) {
      if (n.band == static_cast<int>(b)) used.insert(n.layer);
    }
    for (const LayoutGhost& g : l.ghosts) {
      if (g.band == static_cast<int>(b)) used.insert(g.layer);
    }
    INFO(l.bands[b].channel);
    CHECK(static_cast<int>(used.size()) == l.bands[b].columns);
    CHECK(*used.begin() == 0);
    CHECK(*used.rbegin() == l.bands[b].columns - 1);
  }
  std::set<std::pair<float, float>> places;
  for (const LayoutNode& n : l.nodes) {
    CHECK(places.insert({n.x, n.y}).second);
    CHECK(l.bands[n.band].channel == n.channel);
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

namespace fbclens::test {
namespace {

// A package "s" from channel bodies ("name: stable\nentries: ...") and bundles (name, version).
ValidationReport package_of(const std::vector<std::string>& channels,
                            const std::vector<std::pair<std::string, std::string>>& bundles, const std::string& extra = "") {
  std::string yaml = "---\nschema: olm.package\nname: s\ndefaultChannel: stable\n";
  for (const std::string& c : channels) yaml += "---\nschema: olm.channel\npackage: s\n" + c;
  for (const auto& [name, version] : bundles) {
    yaml += "---\nschema: olm.bundle\npackage: s\nname: " + name + "\nimage: quay.io/x/s:" + version +
            "\nproperties:\n  - {type: olm.package, value: {packageName: s, version: \"" + version + "\"}}\n";
  }
  MemoryFileSource source;
  source.add("catalog.yaml", yaml + extra);
  return validate_catalog(source);
}

TEST_CASE("layout: every head of a channel with several heads is a head, the newest one's chain is lane 0", "[layout]") {
  const ValidationReport r = package_of({"name: stable\nentries:\n  - name: s.a\n  - name: s.b\n    replaces: s.a\n"
                                         "  - name: s.c\n  - name: s.d\n    replaces: s.c\n"},
                                        {{"s.a", "1.0.0"}, {"s.b", "1.1.0"}, {"s.c", "2.0.0"}, {"s.d", "2.1.0"}});
  const ChannelLayout l = layout_channel(r.model.packages.at("s").channels.at("stable"));
  CHECK(l.heads == 2);
  CHECK(l.bands.at(0).heads == 2);
  CHECK(node_named(l, "s.b").head);
  CHECK(node_named(l, "s.d").head);
  CHECK_FALSE(node_named(l, "s.a").head);
  CHECK(node_named(l, "s.d").lane == 0);
  CHECK(node_named(l, "s.c").lane == 0);
  CHECK(node_named(l, "s.b").lane == 1);
}

TEST_CASE("layout: names replaces/skips give outside the channel become ghosts", "[layout]") {
  // stable-2: b.v2 replaces b.v1 (listed in stable-1, so its version is known) and skips gone.v0
  // (in no channel: a ghost column just before b.v2); b.v3 replaces b.v2 and skips gone.v0 too.
  const ValidationReport r = package_of(
      {"name: stable\nentries:\n  - name: s.v2\n    replaces: s.v1\n    skips: [s.gone]\n"
       "  - name: s.v3\n    replaces: s.v2\n    skips: [s.gone]\n",
       "name: old\nentries:\n  - name: s.v1\n"},
      {{"s.v1", "1.0.0"}, {"s.v2", "2.0.0"}, {"s.v3", "3.0.0"}});
  const model::Package& pkg = r.model.packages.at("s");
  const ChannelLayout l = layout_channel(pkg.channels.at("stable"), &pkg);
  REQUIRE(l.nodes.size() == 2);
  REQUIRE(l.ghosts.size() == 2);
  const auto ghost = [&l](const std::string& name) -> const LayoutGhost& {
    for (const LayoutGhost& g : l.ghosts) {
      if (g.name == name) return g;
    }
    FAIL("no ghost " << name);
    return l.ghosts.front();
  };
  const LayoutGhost &v1 = ghost("s.v1"), &gone = ghost("s.gone");
  CHECK(v1.label == "1.0.0");
  CHECK(v1.listed_in == "old");
  CHECK(gone.label == "s.gone");
  CHECK(gone.listed_in.empty());
  // Columns: v1 (by its version), then gone (just before its oldest declarer v2), v2, v3.
  CHECK(v1.layer == 0);
  CHECK(gone.layer == 1);
  CHECK(node_named(l, "s.v2").layer == 2);
  CHECK(node_named(l, "s.v3").layer == 3);
  CHECK(l.bands[0].columns == 4);
  // The chain's missing predecessor continues lane 0; the skipped one sits below.
  CHECK(v1.lane == 0);
  CHECK(gone.lane == 1);
  // One edge per naming: v1 -> v2 (replaces), gone -> v2 and gone -> v3 (skips).
  std::multiset<std::string> edges;
  for (const GhostEdge& e : l.ghost_edges) {
    edges.insert(l.ghosts[e.ghost].name + "->" + l.nodes[e.to].name + ":" + edge_kind_name(e.kind));
  }
  CHECK(edges == std::multiset<std::string>{"s.v1->s.v2:replaces", "s.gone->s.v2:skips", "s.gone->s.v3:skips"});
  // Ghost edges are not entry edges: the channel's own counts stay those of its entries.
  CHECK(l.edges.size() == 1);
  // Without the package, the version of v1 is unknown: it gets a column before v2 too.
  const ChannelLayout alone = layout_channel(pkg.channels.at("stable"));
  CHECK(alone.ghosts.size() == 2);
  for (const LayoutGhost& g : alone.ghosts) CHECK(g.layer == 0);
  CHECK(alone.bands[0].columns == 3);
}

TEST_CASE("layout: many names skipped by the same entries are one ghost", "[layout]") {
  // v3 skips g1..g5 (in no channel) and v1; v2 skips g1 too. g2..g5 share their declarers (v3
  // alone): one ghost for the four. g1 (v2 and v3) and v1 (named by replaces) stay single.
  const ValidationReport r = package_of(
      {"name: stable\nentries:\n  - name: s.v2\n    replaces: s.v1\n    skips: [s.g1]\n"
       "  - name: s.v3\n    replaces: s.v2\n    skips: [s.g1, s.g2, s.g3, s.g4, s.g5, s.v1]\n"},
      {{"s.v2", "2.0.0"}, {"s.v3", "3.0.0"}});
  const model::Package& pkg = r.model.packages.at("s");
  const ChannelLayout l = layout_channel(pkg.channels.at("stable"), &pkg);
  REQUIRE(l.ghosts.size() == 3);
  std::map<std::string, const LayoutGhost*> by_name;
  for (const LayoutGhost& g : l.ghosts) by_name[g.name] = &g;
  REQUIRE(by_name.count("s.g2"));
  const LayoutGhost& group = *by_name.at("s.g2");
  CHECK(group.names == std::vector<std::string>{"s.g2", "s.g3", "s.g4", "s.g5"});
  CHECK(group.label == "4 skipped, not in stable");
  CHECK(group.tiny_label == "+4");
  CHECK(by_name.at("s.g1")->names.size() == 1);
  CHECK(by_name.at("s.v1")->names.size() == 1);
  // One edge from the group to v3, not four.
  int group_edges = 0;
  for (const GhostEdge& e : l.ghost_edges) group_edges += l.ghosts[e.ghost].name == "s.g2";
  CHECK(group_edges == 1);
  CHECK(l.ghost_edges.size() == 1 + 2 + 2);  // group→v3; g1→v2, g1→v3; v1→v2 (replaces), v1→v3 (skips)
}

TEST_CASE("layout: labels shortened against their neighbour", "[layout]") {
  CHECK(shorten_label("1.2.4360-de169dd", "1.2.4355-e5f809f", false) == "..4360-de169dd");
  CHECK(shorten_label("1.2.4360-de169dd", "1.2.4355-e5f809f", true) == "..4360");
  CHECK(shorten_label("13.10.0", "13.9.3", false) == "..10.0");
  CHECK(shorten_label("3.10.0", "3.9.3", false) == "3.10.0");  // "..10.0" is no shorter
  CHECK(shorten_label("3.10.0-1", "3.9.3", true) == "..10");
  CHECK(shorten_label("1.1.10", "1.1.9", true) == "..10");
  CHECK(shorten_label("2.1.0-rc.2", "2.1.0-rc.1", false) == "..rc.2");
  CHECK(shorten_label("1.0.0 (2)", "1.0.0 (1)", false) == "..2)");
  CHECK(shorten_label("2.0.0", "1.0.0", false) == "2.0.0");  // nothing to gain
  CHECK(shorten_label("1.2.4355-e5f809f", "", true) == "1.2.4355");
  CHECK(shorten_label("s.v1.1.1", "s.v1.2.0", false) == "..1.1");
  CHECK(shorten_label("1.0.0", "1.0.0-rc.1", false) == "1.0.0");
  CHECK(shorten_label("", "1.0.0", false).empty());
}

TEST_CASE("layout: label tiers in a layout", "[layout]") {
  const ValidationReport r = package_of({"name: stable\nentries:\n  - name: s.a\n  - name: s.b\n    replaces: s.a\n"},
                                        {{"s.a", "1.2.4355-e5f809f"}, {"s.b", "1.2.4360-de169dd"}});
  const ChannelLayout l = layout_channel(r.model.packages.at("s").channels.at("stable"));
  CHECK(node_named(l, "s.b").label == "1.2.4360-de169dd");
  CHECK(node_named(l, "s.b").short_label == "..4360-de169dd");
  CHECK(node_named(l, "s.b").tiny_label == "..4360");
  CHECK(node_named(l, "s.a").short_label == "..4355-e5f809f");  // against the column after it
}

// A channel of `n` entries, each replacing the one before, versions 1.0.0 .. n.0.0.
ValidationReport chain_of(int n) {
  std::string channel = "name: stable\nentries:\n";
  std::vector<std::pair<std::string, std::string>> bundles;
  for (int i = 1; i <= n; ++i) {
    channel += "  - name: s.v" + std::to_string(i) + "\n";
    if (i > 1) channel += "    replaces: s.v" + std::to_string(i - 1) + "\n";
    bundles.emplace_back("s.v" + std::to_string(i), std::to_string(i) + ".0.0");
  }
  return package_of({channel}, bundles);
}

TEST_CASE("layout: a long channel placed as a serpentine", "[layout]") {
  const ValidationReport r = chain_of(25);
  const ChannelLayout l = layout_channel(r.model.packages.at("s").channels.at("stable"));
  const Placement p = place_layout(l, 10);
  REQUIRE(p.nodes.size() == 25);
  REQUIRE(p.bands.size() == 1);
  CHECK(p.bands[0].rows == 3);
  CHECK(p.width == 10);
  CHECK(p.height == Approx(3 + 2 * Placement::kRowGap));
  // Row 0 left to right, row 1 right to left, row 2 left to right again.
  CHECK(p.nodes[node_index(l, "s.v1")].x == 0);
  CHECK(p.nodes[node_index(l, "s.v10")].x == 9);
  CHECK(p.nodes[node_index(l, "s.v11")].x == 9);
  CHECK(p.nodes[node_index(l, "s.v11")].reversed);
  CHECK(p.nodes[node_index(l, "s.v20")].x == 0);
  CHECK(p.nodes[node_index(l, "s.v21")].x == 0);
  // Every edge joins neighbours: one column apart in a row, or straight down at a turn. No edge
  // runs back across the graph.
  for (const LayoutEdge& e : l.edges) {
    const Placement::Point &a = p.nodes[e.from], &b = p.nodes[e.to];
    INFO(l.nodes[e.from].name << " -> " << l.nodes[e.to].name);
    if (a.row == b.row) CHECK(std::abs(a.x - b.x) == 1);
    else CHECK((a.x == b.x && b.row == a.row + 1));
  }
  std::set<std::pair<float, float>> places;
  for (const Placement::Point& pt : p.nodes) CHECK(places.insert({pt.x, pt.y}).second);
  // No wrap: one row.
  const Placement one = place_layout(l, 0);
  CHECK(one.bands[0].rows == 1);
  CHECK(one.width == 25);
}

TEST_CASE("layout: fit wraps a long channel and keeps a short one in one row", "[layout]") {
  FitArea area;
  area.width = 900;
  area.height = 400;
  const ValidationReport long_one = chain_of(74);
  const ChannelLayout l = layout_channel(long_one.model.packages.at("s").channels.at("stable"));
  const Fit fit = fit_layout(l, area);
  CHECK(fit.columns_per_row > 1);
  CHECK(fit.columns_per_row < 74);
  CHECK(fit.zoom > 0.3f);  // one row would need 74 columns in 900 px: zoom 0.08
  // The whole placement fits the area at that zoom.
  const Placement p = place_layout(l, fit.columns_per_row);
  CHECK(p.width * area.column_px * fit.zoom <= area.width + 0.5f);
  CHECK(p.height * area.lane_px * fit.zoom <= area.height + 0.5f);
  // And no other wrap does better.
  for (int per_row = 1; per_row <= 74; ++per_row) {
    const Placement q = place_layout(l, per_row);
    const float zoom = std::min(area.width / (q.width * area.column_px), area.height / (q.height * area.lane_px));
    CHECK(std::min(zoom, area.max_zoom) <= fit.zoom * 1.001f);
  }
  const ValidationReport short_one = chain_of(4);
  const Fit small = fit_layout(layout_channel(short_one.model.packages.at("s").channels.at("stable")), area);
  CHECK(small.columns_per_row == 0);
  CHECK(small.zoom == area.max_zoom);
  CHECK(fit_layout(ChannelLayout{}, area).zoom == area.max_zoom);
}

TEST_CASE("layout: real packages, every band compact and placed inside the fitted area", "[layout][shared]") {
  const std::string dir = shared_dir() + "/catalogs/community-operators-prod-v4.21/catalogs/v4.21";
  if (!shared_available()) {
    WARN("../shared/catalogs is absent: skipped");
    return;
  }
  DirectoryFileSource source(dir);
  const ValidationReport report = validate_catalog(source);
  for (const char* name : {"hive-operator", "project-quay", "aws-neuron-operator"}) {
    INFO(name);
    const model::Package& pkg = report.model.packages.at(name);
    const ChannelLayout l = layout_package(pkg);
    REQUIRE(l.bands.size() == pkg.channels.size());
    CHECK(l.bands[0].channel == pkg.default_channel);
    if (std::string(name) == "project-quay") {  // natural order after the default channel
      std::vector<std::string> order;
      for (const LayoutBand& b : l.bands) order.push_back(b.channel);
      CHECK(order == std::vector<std::string>{"stable-3.17", "stable-3.6", "stable-3.7", "stable-3.8", "stable-3.9",
                                              "stable-3.10", "stable-3.11", "stable-3.12", "stable-3.13", "stable-3.14",
                                              "stable-3.15", "stable-3.16"});
    }
    for (const LayoutBand& b : l.bands) CHECK(b.columns > 0);
    FitArea area;
    area.width = 860;
    area.height = 300;
    area.band_px = 22;
    const Fit fit = fit_layout(l, area);
    const Placement p = place_layout(l, fit.columns_per_row);
    CHECK(p.width * area.column_px * fit.zoom <= area.width + 0.5f);
    const std::vector<float> shifts = band_shifts(p, fit.zoom, area.lane_px, area.band_px);
    REQUIRE(shifts.size() == l.bands.size() + 1);
    CHECK(shifts.back() <= area.height + 0.5f);
    // Each band at least band_px tall, in order, none overlapping the next.
    for (std::size_t b = 0; b + 1 < l.bands.size(); ++b) {
      const float top = p.bands[b].top * area.lane_px * fit.zoom + shifts[b];
      const float next = p.bands[b + 1].top * area.lane_px * fit.zoom + shifts[b + 1];
      CHECK(next - top >= std::min(area.band_px, p.bands[b].height * area.lane_px * fit.zoom) - 0.01f);
      CHECK(next - top >= p.bands[b].height * area.lane_px * fit.zoom);
    }
    CHECK(fit.zoom > 0.1f);
    // Every band has a node in its first column.
    for (std::size_t b = 0; b < l.bands.size(); ++b) {
      bool first = false;
      for (const LayoutNode& n : l.nodes) first = first || (n.band == static_cast<int>(b) && n.layer == 0);
      for (const LayoutGhost& g : l.ghosts) first = first || (g.band == static_cast<int>(b) && g.layer == 0);
      CHECK(first);
    }
  }
  // hive-operator alpha: 74 entries; its oldest names a replaces target that is not in the package.
  const ChannelLayout alpha = layout_channel(report.model.packages.at("hive-operator").channels.at("alpha"),
                                             &report.model.packages.at("hive-operator"));
  CHECK(alpha.nodes.size() == 74);
  REQUIRE(alpha.ghosts.size() == 1);
  CHECK(alpha.ghosts[0].name == "hive-operator.v1.2.4351-9dd47f8");
  CHECK(alpha.ghosts[0].lane == 0);
  CHECK(alpha.ghosts[0].layer == 0);
  // project-quay stable-3.17: 3.17.0 replaces 3.16.2, which stable-3.16 lists.
  const model::Package& quay = report.model.packages.at("project-quay");
  const ChannelLayout s317 = layout_channel(quay.channels.at("stable-3.17"), &quay);
  REQUIRE(s317.ghosts.size() == 1);
  CHECK(s317.ghosts[0].label == "3.16.2");
  CHECK(!s317.ghosts[0].listed_in.empty());
}

}  // namespace
}  // namespace fbclens::test
