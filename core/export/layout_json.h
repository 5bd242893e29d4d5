// A channel or package layout (core/layout) as JSON, for the UI thread and for exports.
#pragma once

#include "load/document.h"
#include "layout/channel_layout.h"

namespace fbclens {

/// `layout` as {layers, lanes, heads,
///   nodes: [{name, label, shortLabel, tinyLabel, channel, x, y, layer, lane, band, head, deprecated}],
///   edges: [{from, to, kind: "replaces"|"skips"|"skipRange", classicIgnored, range}],
///   ranges: [{to, range, from: [node index]}],
///   bands: [{channel, firstLane, lanes, columns, heads, isDefault, deprecated}],
///   ghosts: [{name, names, label, shortLabel, tinyLabel, channel, listedIn, x, y, layer, lane, band}],
///   ghostEdges: [{ghost, to, kind: "replaces"|"skips"}]}.
/// x/y are in layout units (one node spacing); from/to/range/band/ghost are indices (range -1 = none).
Json layout_json(const ChannelLayout& layout);

}  // namespace fbclens
