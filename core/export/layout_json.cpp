#include "export/layout_json.h"

namespace fbclens {

Json layout_json(const ChannelLayout& layout) {
  Json nodes = Json::array(), edges = Json::array(), ranges = Json::array(), bands = Json::array();
  for (const LayoutNode& n : layout.nodes) {
    nodes.push_back({{"name", n.name}, {"label", n.label}, {"channel", n.channel}, {"x", n.x}, {"y", n.y},
                     {"layer", n.layer}, {"lane", n.lane}, {"head", n.head}, {"deprecated", n.deprecated}});
  }
  for (const LayoutEdge& e : layout.edges) {
    edges.push_back({{"from", e.from}, {"to", e.to}, {"kind", edge_kind_name(e.kind)},
                     {"classicIgnored", e.classic_ignored}, {"range", e.range}});
  }
  for (const SkipRangeGroup& r : layout.ranges) ranges.push_back({{"to", r.to}, {"range", r.range}, {"from", r.from}});
  for (const LayoutBand& b : layout.bands) {
    bands.push_back({{"channel", b.channel}, {"firstLane", b.first_lane}, {"lanes", b.lanes}});
  }
  return {{"layers", layout.layers}, {"lanes", layout.lanes}, {"heads", layout.heads}, {"nodes", std::move(nodes)},
          {"edges", std::move(edges)}, {"ranges", std::move(ranges)}, {"bands", std::move(bands)}};
}

}  // namespace fbclens
