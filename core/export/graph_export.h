// One entry point for exporting an upgrade graph in a chosen format, shared by the CLI's
// export-graph and the wasm protocol's graphExport, so both give the same text for the same
// catalog and request.
#pragma once

#include <string>

#include "model/model.h"

namespace fbclens {

enum class GraphFormat { Dot, Svg, Json };

/// "dot", "svg" or "json" into `format`; false (format unchanged) for anything else.
bool parse_graph_format(const std::string& text, GraphFormat& format);

struct GraphExportRequest {
  std::string package;
  std::string channel;  ///< "" = the whole package, a lane per channel (layout_package)
  GraphFormat format = GraphFormat::Svg;
  bool light = true;    ///< theme of DOT and SVG colours (core/layout/palette.h); JSON has none
  int columns_per_row = -1;  ///< SVG only: SvgOptions::columns_per_row (-1 = fitted to a page)
};

/// What export_graph gives: the document, or why there is none.
struct GraphExport {
  std::string text;   ///< the document: DOT (graph_dot), SVG (graph_svg) or JSON (layout_json, 2-space indented), ending in "\n"
  std::string error;  ///< "" on success; else "package P is not in the catalog" / "package P has no channel C"
};

/// Lays out the package or channel `request` names in `model` (layout_package / layout_channel, as
/// the app's layout operation does) and writes it in `request.format`. The package's deprecation
/// is marked in the DOT and SVG titles. Never throws; invalid UTF-8 in the JSON is replaced
/// (U+FFFD), as the protocol's answers are.
GraphExport export_graph(const model::Model& model, const GraphExportRequest& request);

}  // namespace fbclens
