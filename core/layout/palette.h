// The upgrade graph's colours per theme, in one place: the app's graph panel (web/panels.cpp
// palette()) draws with them and the SVG export (core/export/svg.h) writes them, so an exported
// graph has the colours of the app's theme. Plain RGBA, 0..1, no drawing library's types.
//
// Two colours live elsewhere and are copied here for the export: the canvas background is the
// clear colour of web/shell.cpp apply_theme() (the page's --bg in web/page.js), and the "!" of a
// deprecated node is drawn in shaders/graph_node.frag as (0.08, 0.08, 0.08).
#pragma once

namespace fbclens {

/// A colour: red, green, blue and opacity, each 0..1.
struct Rgba {
  float r = 0, g = 0, b = 0, a = 1;
};

/// The graph's colours for one theme. Edges by kind follow the olm-docs legend's vocabulary (spec
/// operatorhub-and-ux.md §2.2: replaces solid with an arrow, skips an x-ended link, skipRange an
/// o-ended dashed link); deprecation is a fill with a "!" mark, never colour alone.
struct GraphPalette {
  Rgba replaces, skips, skip_range;  ///< edges (and their markers) by kind
  Rgba ignored;                      ///< the overlay on edges OLM Classic never takes
  Rgba node_fill, node_ring;         ///< a channel entry
  Rgba deprecated_fill;              ///< a deprecated entry's fill (also lane headings, titles)
  Rgba head_ring;                    ///< a channel head's ring
  Rgba selected_ring;                ///< the selection's halo
  Rgba label;                        ///< node labels
  Rgba band_label;                   ///< labels on edges (a collapsed skipRange's count)
  Rgba band_line;                    ///< the line under each lane (whole-package view)
  Rgba band_label_bg;                ///< behind a lane's heading on odd lanes
  Rgba ghost_fill, ghost_ring;       ///< a name the channel does not list
  Rgba link;                         ///< the same bundle in another lane
  Rgba band_bg;                      ///< every other lane's background
  Rgba deprecated_bg;                ///< a deprecated channel's lane
  Rgba deprecated_text;              ///< text and marks on deprecated_fill
  Rgba background;                   ///< the canvas behind the graph (web/shell.cpp's clear colour)
  Rgba deprecated_mark;              ///< the "!" on a deprecated node (shaders/graph_node.frag)
  Rgba missing_ring;                 ///< the dashed ring of an entry whose olm.bundle is missing
};

/// The palette of the light (`light` true) or dark theme. Values are constants; the returned
/// reference lives for the program.
inline const GraphPalette& graph_palette(bool light) {
  // Byte colours (0..255) as the app first wrote them with IM_COL32.
  constexpr auto u8 = [](int r, int g, int b, int a) {
    return Rgba{r / 255.0f, g / 255.0f, b / 255.0f, a / 255.0f};
  };
  static const GraphPalette dark{
      {0.75f, 0.80f, 0.90f, 0.95f}, {0.93f, 0.42f, 0.38f, 0.95f}, {0.55f, 0.75f, 0.95f, 0.95f},
      {0.95f, 0.25f, 0.25f, 0.95f}, {0.20f, 0.24f, 0.32f, 1.0f},  {0.55f, 0.62f, 0.75f, 1.0f},
      {0.91f, 0.59f, 0.06f, 1.0f},  {0.40f, 0.85f, 0.45f, 1.0f},  {1.0f, 1.0f, 1.0f, 1.0f},
      u8(220, 225, 235, 255),       u8(150, 160, 180, 255),       u8(60, 66, 80, 255),
      u8(23, 26, 33, 225),
      {0.20f, 0.24f, 0.32f, 0.25f}, {0.62f, 0.68f, 0.80f, 0.95f}, {0.98f, 0.80f, 0.30f, 0.95f},
      u8(255, 255, 255, 9),         u8(232, 150, 15, 36),         u8(20, 20, 20, 255),
      {0.090f, 0.102f, 0.129f, 1.0f}, {0.08f, 0.08f, 0.08f, 1.0f}, {0.93f, 0.36f, 0.33f, 1.0f}};
  static const GraphPalette light_{
      {0.25f, 0.30f, 0.40f, 0.95f}, {0.80f, 0.20f, 0.16f, 0.95f}, {0.16f, 0.42f, 0.75f, 0.95f},
      {0.90f, 0.10f, 0.10f, 0.95f}, {0.88f, 0.90f, 0.94f, 1.0f},  {0.35f, 0.40f, 0.50f, 1.0f},
      {0.96f, 0.66f, 0.16f, 1.0f},  {0.10f, 0.60f, 0.20f, 1.0f},  {0.05f, 0.05f, 0.05f, 1.0f},
      u8(30, 34, 42, 255),          u8(90, 96, 110, 255),         u8(200, 204, 212, 255),
      u8(240, 240, 242, 225),
      {0.88f, 0.90f, 0.94f, 0.35f}, {0.35f, 0.40f, 0.50f, 0.95f}, {0.72f, 0.42f, 0.0f, 0.95f},
      u8(0, 0, 0, 10),              u8(245, 168, 40, 48),         u8(20, 20, 20, 255),
      {0.941f, 0.941f, 0.949f, 1.0f}, {0.08f, 0.08f, 0.08f, 1.0f}, {0.75f, 0.19f, 0.16f, 1.0f}};
  return light ? light_ : dark;
}

}  // namespace fbclens
