// export-graph: the upgrade graph of a package or channel as DOT, SVG or the layout's JSON
// (core/export/graph_export.h), the same text the app's graphExport operation gives.
#include <cstdlib>
#include <iostream>

#include "common.h"
#include "export/graph_export.h"
#include "verb.h"

namespace fbclens::cli {

namespace {

struct ExportGraphSettings {
  std::string catalog, format, theme = "light";
  std::string columns_per_row;  // as typed; parse_columns reads it
  GraphExportRequest request;
};

// --columns-per-row: a decimal number from 0 to 100000 (0 = no wrap).
bool parse_columns(const std::string& text, int& out) {
  char* end = nullptr;
  const long n = std::strtol(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || n < 0 || n > 100000) return false;
  out = static_cast<int>(n);
  return true;
}

int run_export_graph(const CLI::App& verb, ExportGraphSettings& s) {
  GraphExportRequest& request = s.request;
  if (verb.count("--channel") > 0 && request.channel.empty()) return usage_error(verb, "--channel needs a channel name");
  parse_graph_format(s.format, request.format);
  request.light = s.theme == "light";
  if (verb.count("--columns-per-row") > 0) parse_columns(s.columns_per_row, request.columns_per_row);

  const auto report = load(s.catalog);
  if (!report) return 2;
  const GraphExport result = export_graph(report->model, request);
  if (!result.error.empty()) {
    std::cerr << "fbclens: " << result.error << "\n";
    return 2;
  }
  std::cout << result.text;
  return 0;
}

}  // namespace

Verb add_export_graph_verb(CLI::App& fbclens) {
  CLI::App* verb = add_verb(fbclens, "export-graph",
      "The upgrade graph of a channel, or of the whole package with a lane per channel, as Graphviz DOT, a "
      "self-contained SVG as the app draws it (legend included), or the layout's JSON. The SVG wraps long channels to "
      "fit a 1600x1000 page unless --columns-per-row (0 = no wrap). Unknown package or channel exits 2.\n\n"
      "Exit status: 0 exported, 2 usage or I/O error, or a package or channel not in the catalog.");
  auto s = std::make_shared<ExportGraphSettings>();
  verb->add_option("CATALOG", s->catalog, "The catalog folder or file.")->required();
  verb->add_option("--package", s->request.package, "The package to draw.")->type_name("PKG")->required();
  verb->add_option("--channel", s->request.channel, "Only this channel (default: the whole package, a lane per channel).")
      ->type_name("CH");
  one_of(verb->add_option("--format", s->format, "Graphviz DOT, the SVG the app draws, or the layout's JSON."),
         {"dot", "svg", "json"})
      ->required();
  one_of(verb->add_option("--theme", s->theme, "The SVG's colours."), {"light", "dark"})->capture_default_str();
  verb->add_option("--columns-per-row", s->columns_per_row, "Wrap the SVG after N columns (0 = no wrap; default: fit the page).")
      ->type_name("N")
      ->check(CLI::Validator(
          [](std::string& text) {
            int n = 0;
            return parse_columns(text, n) ? std::string() : std::string("needs a number >= 0");
          },
          ""));
  return {verb, [verb, s] { return run_export_graph(*verb, *s); }};
}

}  // namespace fbclens::cli
