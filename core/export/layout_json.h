// A channel or package layout (core/layout) as JSON, for the UI thread and for exports.
#pragma once

#include "load/document.h"
#include "layout/channel_layout.h"

namespace fbclens {

/// `layout` as {layers, lanes, heads,
///   nodes: [{name, label, channel, x, y, layer, lane, head, deprecated}],
///   edges: [{from, to, kind: "replaces"|"skips"|"skipRange", classicIgnored, range}],
///   ranges: [{to, range, from: [node index]}], bands: [{channel, firstLane, lanes}]}.
/// x/y are in layout units (one node spacing); from/to/range are indices (range -1 = none).
Json layout_json(const ChannelLayout& layout);

}  // namespace fbclens
