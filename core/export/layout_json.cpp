#include "export/layout_json.h"

#include <algorithm>

namespace fbclens {

Json layout_json(const ChannelLayout& layout) { return view::write_json(layout); }

ChannelLayout read_layout(const Json& json) {
  ChannelLayout out;
  view::read_json(json, out);
  const int nodes = static_cast<int>(out.nodes.size()), ghosts = static_cast<int>(out.ghosts.size());
  const auto node = [nodes](int i) { return i >= 0 && i < nodes; };
  for (SkipRangeGroup& r : out.ranges) r.from.erase(std::remove_if(r.from.begin(), r.from.end(), [&](int i) { return !node(i); }), r.from.end());
  out.ranges.erase(std::remove_if(out.ranges.begin(), out.ranges.end(), [&](const SkipRangeGroup& r) { return !node(r.to); }),
                   out.ranges.end());
  const int ranges = static_cast<int>(out.ranges.size());
  out.edges.erase(std::remove_if(out.edges.begin(), out.edges.end(), [&](const LayoutEdge& e) { return !node(e.from) || !node(e.to); }),
                  out.edges.end());
  for (LayoutEdge& e : out.edges) {
    if (e.range >= ranges || e.range < -1) e.range = -1;
  }
  out.ghost_edges.erase(std::remove_if(out.ghost_edges.begin(), out.ghost_edges.end(),
                                       [&](const GhostEdge& e) { return e.ghost < 0 || e.ghost >= ghosts || !node(e.to); }),
                        out.ghost_edges.end());
  // Every node and ghost in a band that exists, so the canvas can index bands by them.
  if (out.bands.empty() && (!out.nodes.empty() || !out.ghosts.empty())) {
    LayoutBand band;
    band.channel = out.nodes.empty() ? out.ghosts.front().channel : out.nodes.front().channel;
    band.lanes = std::max(1, out.lanes);
    band.columns = out.layers;
    out.bands.push_back(band);
  }
  const int last_band = std::max(0, static_cast<int>(out.bands.size()) - 1);
  for (LayoutNode& n : out.nodes) n.band = std::clamp(n.band, 0, last_band);
  for (LayoutGhost& g : out.ghosts) {
    g.band = std::clamp(g.band, 0, last_band);
    if (g.names.empty()) g.names.push_back(g.name);
  }
  return out;
}

}  // namespace fbclens
