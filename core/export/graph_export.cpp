#include "export/graph_export.h"

#include "export/dot.h"
#include "export/layout_json.h"
#include "export/svg.h"
#include "layout/channel_layout.h"

namespace fbclens {

bool parse_graph_format(const std::string& text, GraphFormat& format) {
  if (text == "dot") format = GraphFormat::Dot;
  else if (text == "svg") format = GraphFormat::Svg;
  else if (text == "json") format = GraphFormat::Json;
  else return false;
  return true;
}

GraphExport export_graph(const model::Model& model, const GraphExportRequest& request) {
  const auto pkg = model.packages.find(request.package);
  if (pkg == model.packages.end()) return {"", "package " + request.package + " is not in the catalog"};
  ChannelLayout layout;
  if (request.channel.empty()) {
    layout = layout_package(pkg->second);
  } else {
    const auto ch = pkg->second.channels.find(request.channel);
    if (ch == pkg->second.channels.end()) return {"", "package " + request.package + " has no channel " + request.channel};
    layout = layout_channel(ch->second, &pkg->second);
  }
  const GraphSubject subject{request.package, request.channel, pkg->second.deprecation.has_value()};
  switch (request.format) {
    case GraphFormat::Dot: return {graph_dot(layout, subject, request.light), ""};
    case GraphFormat::Svg: {
      SvgOptions options;
      options.light = request.light;
      options.columns_per_row = request.columns_per_row;
      return {graph_svg(layout, subject, options), ""};
    }
    case GraphFormat::Json: break;
  }
  return {layout_json(layout).dump(2, ' ', false, Json::error_handler_t::replace) + "\n", ""};
}

}  // namespace fbclens
