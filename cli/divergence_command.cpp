// divergence: for every channel and installed bundle, where OLM Classic and OLM v1 differ and
// where Classic strands it (core/update/divergence.h; the answer as update/divergence_view.h, its
// text export/upgrade_text.h).
#include <iostream>

#include "common.h"
#include "export/upgrade_text.h"
#include "update/divergence_view.h"
#include "verb.h"

namespace fbclens::cli {

namespace {

struct DivergenceSettings {
  std::string catalog, output = "text";
  std::string package;  // with --package; else every package
  bool report_only = false;
};

int run_divergence(const CLI::App& verb, const DivergenceSettings& s) {
  std::size_t stranded = 0;  // exit 1 when Classic strands a bundle, unless --report-only
  const std::string& output = s.output;
  const auto report = load(s.catalog);
  if (!report) return 2;
  std::vector<std::string> packages;
  if (verb.count("--package") > 0) packages.push_back(s.package);
  else for (const auto& [name, pkg] : report->model.packages) packages.push_back(name);
  std::vector<update::DivergenceView> all;  // with --output json: printed together, as one array
  for (const std::string& package : packages) {
    const std::optional<update::PackageGraph> graph = update::package_graph(report->model, package);
    if (!graph) {
      std::cerr << "fbclens: package " << package << " is not in the catalog\n";
      return 2;
    }
    update::DivergenceView d = update::divergence_view(update::divergence(*graph));
    stranded += d.stranded;
    if (output == "json") all.push_back(std::move(d));
    else std::cout << render_divergence_text(d);
  }
  if (output == "json") std::cout << view::write_json(all).dump(2) << "\n";
  return stranded > 0 && !s.report_only ? 1 : 0;
}

}  // namespace

Verb add_divergence_verb(CLI::App& fbclens) {
  CLI::App* verb = add_verb(fbclens, "divergence",
      "For every channel and installed bundle: where Classic and v1 differ, and where Classic strands it. "
      "Exits 1 when Classic strands a bundle, unless --report-only.\n\n"
      "Exit status: 0 nothing stranded (or --report-only), 1 Classic strands a bundle, 2 usage or I/O error (also a "
      "package not in the catalog).");
  auto s = std::make_shared<DivergenceSettings>();
  verb->add_option("CATALOG", s->catalog, "The catalog folder or file.")->required();
  verb->add_option("--package", s->package, "Only this package (default: every package).")->type_name("PKG");
  one_of(verb->add_option("--output", s->output, "text for people, json for tools."), {"text", "json"})->capture_default_str();
  verb->add_flag("--report-only", s->report_only, "Exit 0 even when Classic strands a bundle.");
  return {verb, [verb, s] { return run_divergence(*verb, *s); }};
}

}  // namespace fbclens::cli
