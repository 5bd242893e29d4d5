// export-graph: the upgrade graph of a package or channel as DOT, SVG or the layout's JSON
// (core/export/graph_export.h), the same text the app's graphExport operation gives.
#include <cstdlib>
#include <iostream>

#include "args.h"
#include "commands.h"
#include "export/graph_export.h"

namespace fbclens::cli {

int export_graph_command(int argc, char** argv) {
  const Args args(argc, argv, {"--package", "--channel", "--format", "--theme", "--columns-per-row"});
  if (!args.error.empty()) return usage_error(args.error);
  if (args.positional.size() != 1) return usage_error("export-graph needs one CATALOG");
  if (!args.has("--package")) return usage_error("export-graph needs --package");
  if (!args.has("--format")) return usage_error("export-graph needs --format dot|svg|json");
  GraphExportRequest request;
  request.package = args.get("--package");
  request.channel = args.get("--channel");
  if (args.has("--channel") && request.channel.empty()) return usage_error("--channel needs a channel name");
  if (!parse_graph_format(args.get("--format"), request.format)) return usage_error("unknown --format " + args.get("--format"));
  const std::string theme = args.get("--theme", "light");
  if (theme != "light" && theme != "dark") return usage_error("unknown --theme " + theme + " (light|dark)");
  request.light = theme == "light";
  if (args.has("--columns-per-row")) {
    const std::string text = args.get("--columns-per-row");
    char* end = nullptr;
    const long n = std::strtol(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || n < 0 || n > 100000) return usage_error("--columns-per-row needs a number >= 0");
    request.columns_per_row = static_cast<int>(n);
  }

  const auto report = load(args.positional[0]);
  if (!report) return 2;
  const GraphExport result = export_graph(report->model, request);
  if (!result.error.empty()) {
    std::cerr << "fbclens: " << result.error << "\n";
    return 2;
  }
  std::cout << result.text;
  return 0;
}

}  // namespace fbclens::cli
