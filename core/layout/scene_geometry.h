// The graph's geometry at zoom 1, shared by the app's canvas (web/canvas/graph_panel.cpp) and the
// SVG export (core/export/svg.cpp), so the two draw the same picture: the size of a column and a
// lane, a node's radius, the least height of a band, and how an edge runs between two nodes.
#pragma once

#include <algorithm>
#include <cmath>

#include "layout/channel_layout.h"
#include "update/entry_edges.h"

namespace fbclens::scene {

/// Pixels (CSS pixels at zoom 1) of one column across and one lane down, and a node's radius.
inline constexpr float kColumn = 150.0f, kLane = 70.0f, kRadius = 14.0f;
/// On screen a band (a channel's lanes in the whole-package view) is never shorter than this: the
/// room its heading needs, so lanes never shrink to hairlines (band_shifts).
inline constexpr float kBandMinPx = 18.0f;

/// A point in pixels.
struct Point {
  float x = 0, y = 0;
};

/// The centre of a placed node's cell, in pixels at zoom 1 (before its band's shift).
inline Point cell_centre(const Placement::Point& p) { return {(p.x + 0.5f) * kColumn, (p.y + 0.5f) * kLane}; }

/// How an edge runs: straight, or a quadratic curve through `control`.
struct Bow {
  bool curved = false;
  Point control;
};

/// The route of an edge from placed node `pa` (at pixel `a`) to `pb` (at `b`) of kind `kind`, in a
/// band whose rows have `row_columns` columns. Edges along a row that jump columns bow upwards so
/// they do not run through nodes; an edge turning from one row of a serpentine into the next bows
/// outwards, past the lanes below the row's end; skipRange edges always bow, higher, so they never
/// hide a replaces edge between the same nodes.
inline Bow bow_of(const Placement::Point& pa, const Placement::Point& pb, int row_columns, Point a, Point b, EdgeKind kind) {
  const Point mid{(a.x + b.x) / 2, (a.y + b.y) / 2};
  const float lift = kLane * (kind == EdgeKind::SkipRange ? 0.65f : 0.45f);
  if (pa.row == pb.row && a.y == b.y) {
    if (std::abs(pa.x - pb.x) > 1.5f || kind == EdgeKind::SkipRange) return {true, {mid.x, mid.y - lift}};
    return {false, mid};
  }
  if (pa.row != pb.row && pa.x == pb.x) {  // a turn of the serpentine (or a lane change in one column)
    const float side = pa.x == 0 && row_columns > 1 ? -1.0f : 1.0f;
    return {true, {mid.x + side * kColumn * (kind == EdgeKind::SkipRange ? 0.6f : 0.45f), mid.y}};
  }
  if (kind != EdgeKind::SkipRange) return {false, mid};
  const float dx = b.x - a.x, dy = b.y - a.y, len = std::max(1.0f, std::sqrt(dx * dx + dy * dy));
  return {true, {mid.x + dy / len * lift, mid.y - dx / len * lift}};
}

/// Where a collapsed skipRange's count is written: on the curve's apex side, lifted above the arc by
/// `above` pixels so the text never sits on the dashed line ("17" read as "-17").
inline Point range_label_at(Point a, Point b, const Bow& bow, float above) {
  const Point apex{0.25f * a.x + 0.5f * bow.control.x + 0.25f * b.x, 0.25f * a.y + 0.5f * bow.control.y + 0.25f * b.y};
  return {apex.x, apex.y - above};
}

}  // namespace fbclens::scene
