// A channel or package layout (core/layout) as JSON: what the worker sends the graph canvas, what
// `fbclens export-graph --format json` prints, and what the canvas reads back, through one
// declared mapping (core/view/json_fields.h).
#pragma once

#include "layout/channel_layout.h"
#include "load/document.h"
#include "view/json_fields.h"

namespace fbclens {

// The mapping. JSON:
//   {package, packageDeprecated, layers, lanes, heads,
//    nodes: [{name, label, shortLabel, tinyLabel, channel, x, y, layer, lane, band, head, deprecated, missingBundle}],
//    edges: [{from, to, kind: "replaces"|"skips"|"skipRange", classicIgnored, range}],
//    ranges: [{to, range, from: [node index]}],
//    bands: [{channel, firstLane, lanes, columns, heads, isDefault, deprecated}],
//    ghosts: [{name, names, label, shortLabel, tinyLabel, channel, listedIn, x, y, layer, lane, band}],
//    ghostEdges: [{ghost, to, kind: "replaces"|"skips"}]}
// x/y are in layout units (one node spacing); from/to/range/band/ghost are indices (range -1 = none).
inline auto json_enum(const EdgeKind*) {
  return std::array{std::pair{EdgeKind::Replaces, "replaces"}, std::pair{EdgeKind::Skips, "skips"},
                    std::pair{EdgeKind::SkipRange, "skipRange"}};
}
inline auto json_fields(const LayoutNode*) {
  using view::field;
  using N = LayoutNode;
  return std::make_tuple(field("name", &N::name), field("label", &N::label), field("shortLabel", &N::short_label),
                         field("tinyLabel", &N::tiny_label), field("channel", &N::channel), field("x", &N::x),
                         field("y", &N::y), field("layer", &N::layer), field("lane", &N::lane), field("band", &N::band),
                         field("head", &N::head), field("deprecated", &N::deprecated),
                         field("missingBundle", &N::missing_bundle));
}
inline auto json_fields(const LayoutGhost*) {
  using view::field;
  using G = LayoutGhost;
  return std::make_tuple(field("name", &G::name), field("names", &G::names), field("label", &G::label),
                         field("shortLabel", &G::short_label), field("tinyLabel", &G::tiny_label),
                         field("channel", &G::channel), field("listedIn", &G::listed_in), field("x", &G::x),
                         field("y", &G::y), field("layer", &G::layer), field("lane", &G::lane), field("band", &G::band));
}
inline auto json_fields(const GhostEdge*) {
  using view::field;
  return std::make_tuple(field("ghost", &GhostEdge::ghost), field("to", &GhostEdge::to), field("kind", &GhostEdge::kind));
}
inline auto json_fields(const LayoutEdge*) {
  using view::field;
  using E = LayoutEdge;
  return std::make_tuple(field("from", &E::from), field("to", &E::to), field("kind", &E::kind),
                         field("classicIgnored", &E::classic_ignored), field("range", &E::range));
}
inline auto json_fields(const SkipRangeGroup*) {
  using view::field;
  using R = SkipRangeGroup;
  return std::make_tuple(field("to", &R::to), field("range", &R::range), field("from", &R::from));
}
inline auto json_fields(const LayoutBand*) {
  using view::field;
  using B = LayoutBand;
  return std::make_tuple(field("channel", &B::channel), field("firstLane", &B::first_lane), field("lanes", &B::lanes),
                         field("columns", &B::columns), field("heads", &B::heads), field("isDefault", &B::is_default),
                         field("deprecated", &B::deprecated));
}
inline auto json_fields(const ChannelLayout*) {
  using view::field;
  using L = ChannelLayout;
  return std::make_tuple(field("package", &L::package), field("packageDeprecated", &L::package_deprecated),
                         field("layers", &L::layers), field("lanes", &L::lanes), field("heads", &L::heads),
                         field("nodes", &L::nodes), field("edges", &L::edges), field("ranges", &L::ranges),
                         field("bands", &L::bands), field("ghosts", &L::ghosts), field("ghostEdges", &L::ghost_edges));
}

/// `layout` as JSON (the mapping above).
Json layout_json(const ChannelLayout& layout);

/// The layout a JSON text of layout_json describes, made safe to draw whatever the text held:
/// missing or mistyped fields read as empty (view::read_json); edges, ranges, ghost edges whose
/// indices name no node or ghost are dropped, a range index naming no range becomes -1, and every
/// node and ghost is put in a band that exists (one band is made when none is given). Never fails.
ChannelLayout read_layout(const Json& json);

}  // namespace fbclens
