// divergence: for every channel and installed bundle, where OLM Classic and OLM v1 differ and
// where Classic strands it (core/update/divergence.h).
#include <iostream>

#include "common.h"
#include "export/upgrade_json.h"
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
  Json all = Json::array();
  for (const std::string& package : packages) {
    const std::optional<update::PackageGraph> graph = update::package_graph(report->model, package);
    if (!graph) {
      std::cerr << "fbclens: package " << package << " is not in the catalog\n";
      return 2;
    }
    const update::DivergenceReport d = update::divergence(*graph);
    stranded += d.stranded;
    if (output == "json") {
      all.push_back(divergence_json(d));
      continue;
    }
    std::cout << "package " << package << ": " << d.rows.size() << " installed bundles checked, " << d.differing
              << " where Classic and v1 differ, " << d.stranded << " stranded by Classic\n";
    for (const update::DivergenceRow& r : d.rows) {
      if (!r.differs && !r.classic_stranded) continue;
      std::cout << "  " << r.channel << " / " << r.installed << ":"
                << (r.classic_stranded ? " [stranded by Classic]" : "") << "\n"
                << "    Classic: " << join(r.classic_walk, " -> ") << (r.classic_error.empty() ? "" : "  (" + r.classic_error + ")") << "\n"
                << "    v1:      " << join(r.v1_walk, " -> ") << (r.v1_error.empty() ? "" : "  (" + r.v1_error + ")") << "\n";
    }
  }
  if (output == "json") std::cout << all.dump(2) << "\n";
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
