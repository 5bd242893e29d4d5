#include "export/layout_json.h"

namespace fbclens {

Json layout_json(const ChannelLayout& layout) {
  Json nodes = Json::array(), edges = Json::array(), ranges = Json::array(), bands = Json::array();
  Json ghosts = Json::array(), ghost_edges = Json::array();
  for (const LayoutNode& n : layout.nodes) {
    nodes.push_back({{"name", n.name}, {"label", n.label}, {"shortLabel", n.short_label}, {"tinyLabel", n.tiny_label},
                     {"channel", n.channel}, {"x", n.x}, {"y", n.y}, {"layer", n.layer}, {"lane", n.lane},
                     {"band", n.band}, {"head", n.head}, {"deprecated", n.deprecated}});
  }
  for (const LayoutGhost& g : layout.ghosts) {
    ghosts.push_back({{"name", g.name}, {"names", g.names}, {"label", g.label}, {"shortLabel", g.short_label}, {"tinyLabel", g.tiny_label},
                      {"channel", g.channel}, {"listedIn", g.listed_in}, {"x", g.x}, {"y", g.y}, {"layer", g.layer},
                      {"lane", g.lane}, {"band", g.band}});
  }
  for (const GhostEdge& e : layout.ghost_edges) {
    ghost_edges.push_back({{"ghost", e.ghost}, {"to", e.to}, {"kind", edge_kind_name(e.kind)}});
  }
  for (const LayoutEdge& e : layout.edges) {
    edges.push_back({{"from", e.from}, {"to", e.to}, {"kind", edge_kind_name(e.kind)},
                     {"classicIgnored", e.classic_ignored}, {"range", e.range}});
  }
  for (const SkipRangeGroup& r : layout.ranges) ranges.push_back({{"to", r.to}, {"range", r.range}, {"from", r.from}});
  for (const LayoutBand& b : layout.bands) {
    bands.push_back({{"channel", b.channel}, {"firstLane", b.first_lane}, {"lanes", b.lanes}, {"columns", b.columns},
                     {"heads", b.heads}, {"isDefault", b.is_default}, {"deprecated", b.deprecated}});
  }
  return {{"layers", layout.layers}, {"lanes", layout.lanes}, {"heads", layout.heads}, {"nodes", std::move(nodes)},
          {"edges", std::move(edges)}, {"ranges", std::move(ranges)}, {"bands", std::move(bands)},
          {"ghosts", std::move(ghosts)}, {"ghostEdges", std::move(ghost_edges)}};
}

}  // namespace fbclens
