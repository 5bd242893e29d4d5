// The upgrade graph of a channel or a whole package as a self-contained SVG 1.1 document, drawn as
// the app's graph panel draws it (web/panels.cpp build_scene and draw_graph_panel): the same
// positions (core/layout place_layout), cell size, node radius, edge bows and end markers (the
// olm-docs legend, spec operatorhub-and-ux.md §2.2: replaces an arrow, skips an x, skipRange a
// ring on a dashed line), head rings, dashed ghosts, deprecation fill with a "!" mark, lane
// headings, and the theme's colours (core/layout/palette.h). For docs pages and issue reports: a
// vector image with its text as text.
#pragma once

#include <string>

#include "export/graph_subject.h"
#include "layout/channel_layout.h"

namespace fbclens {

struct SvgOptions {
  bool light = true;  ///< the light theme's colours, else the dark theme's
  /// Columns per serpentine row (place_layout): 0 = every band in one row; -1 = the wrap that
  /// fits the graph best into a 1600 × 1000 px page (fit_layout), as the app's Fit picks for a
  /// window that size.
  int columns_per_row = -1;
};

/// `layout` as an SVG document (UTF-8, starting with the XML declaration). Sizes are CSS pixels:
/// width, height and the viewBox are the same numbers, one layout column is 150 px and one lane
/// 70 px as in the app at zoom 1, so the file shows at the app's size and scales as a vector.
/// Contents, top to bottom: a <title> (the package and channel, for screen readers and
/// tooltips), the title line (deprecated parts on the deprecation fill with a "!" badge and the
/// word "deprecated"), the legend (replaces, skips, skipRange, channel head, deprecated, not in
/// the channel), then the graph: lane backgrounds and headings (a whole package), edges with
/// their markers, nodes (heads ringed in the head colour, deprecated nodes filled with a "!",
/// ghosts with a dashed ring) and each node's label under it, as <text>. Where a label does not
/// fit beside its neighbours the app's shorter forms are used (short_label, tiny_label) or none;
/// every node and ghost also has a <title> with its full label and bundle name(s).
/// Every catalog string is XML-escaped character data (svg_text), never markup or an attribute.
/// Text is measured as monospace (0.6 em a character), the font the SVG asks for.
/// Deterministic; light and dark differ only in colour and opacity values.
std::string graph_svg(const ChannelLayout& layout, const GraphSubject& subject, const SvgOptions& options = {});

/// `text` as XML character data: & < > " ' as entities; a line break as "&#10;" when
/// `keep_newlines` (a <title>), else as the visible text \x0A; every other control byte, every
/// byte that is not well-formed UTF-8 and the non-characters U+FFFE and U+FFFF (which XML 1.0
/// forbids even as references) as the visible text \xNN per byte (printable_text's form). The
/// result is always well-formed XML text and shows the catalog's text as written.
std::string svg_text(const std::string& text, bool keep_newlines = false);

}  // namespace fbclens
