// render-graph: `opm alpha render-graph` (core/export/mermaid.h). stdout is opm's Mermaid text byte
// for byte; stderr has opm's warnings verbatim and, on failure, opm's error text.
//
// Exit status, as opm where opm decides it: 0 drawn; 1 when opm fails (log.Fatal exits 1): the
// catalog does not load, a bundle's version cannot be read, --minimum-edge names no bundle, or the
// folder is a bundle directory. 2 for fbclens's own usage and I/O errors (opm would try to pull a
// path that does not exist as an image). opm's fatal lines carry a date and time; ours carry
// "fbclens: " and then opm's message. One difference on purpose: CATALOG may also be a single
// file (read as a folder holding just it, as `validate` does); opm refuses anything but a folder.
#include <filesystem>
#include <iostream>

#include "common.h"
#include "export/mermaid.h"
#include "findings/go_format.h"
#include "verb.h"

namespace fbclens::cli {

namespace {

// Go's strconv.ParseBool, as cobra reads --draw-v0-semantics=VALUE.
bool parse_go_bool(const std::string& s, bool& out) {
  for (const char* t : {"1", "t", "T", "true", "TRUE", "True"}) {
    if (s == t) return out = true;
  }
  for (const char* f : {"0", "f", "F", "false", "FALSE", "False"}) {
    if (s == f) {
      out = false;
      return true;
    }
  }
  return false;
}

// opm's render refuses a folder holding both a manifests/ and a metadata/ folder: it is a bundle
// directory, which render-graph does not accept ("cannot render bundle directory %q: not allowed").
bool is_bundle_directory(const std::string& path) {
  std::error_code ec;
  return std::filesystem::is_directory(path + "/manifests", ec) && std::filesystem::is_directory(path + "/metadata", ec);
}

struct RenderGraphSettings {
  std::string catalog;
  std::string draw_v0_semantics;  // "true" for the bare flag, else the =VALUE given
  MermaidOptions options;
};

int run_render_graph(const RenderGraphSettings& s) {
  MermaidOptions options = s.options;
  if (!s.draw_v0_semantics.empty()) parse_go_bool(s.draw_v0_semantics, options.draw_v0_semantics);

  const std::string& path = s.catalog;
  // opm names the reference as given, Go-quoted, in front of any load error.
  const std::string reference = "render reference " + go_quote(path) + ": ";
  if (is_bundle_directory(path)) {
    std::cerr << "fbclens: " << reference << "cannot render bundle directory " << go_quote(path) << ": not allowed\n";
    return 1;
  }
  const auto report = load(path);
  if (!report) return 2;
  if (report->verdict == Verdict::LoadError) {
    std::cerr << "fbclens: " << reference << report->findings.front().opm_message() << "\n";
    return 1;
  }
  const MermaidGraph graph = render_mermaid_graph(report->config, options);
  for (const std::string& w : graph.warnings) std::cerr << w << "\n";
  if (!graph.error.empty()) {
    std::cerr << "fbclens: " << graph.error << "\n";
    return 1;
  }
  std::cout << graph.text;
  std::cout.flush();
  return std::cout ? 0 : 2;
}

}  // namespace

Verb add_render_graph_verb(CLI::App& fbclens) {
  CLI::App* verb = add_verb(fbclens, "render-graph",
      "The upgrade graphs as Mermaid, byte for byte what `opm alpha render-graph` prints, with its warnings on "
      "stderr. Exits 1 where opm fails (catalog does not load, bad bundle version, unknown --minimum-edge).\n\n"
      "Exit status: 0 drawn, 1 where opm fails, 2 usage or I/O error.");
  auto s = std::make_shared<RenderGraphSettings>();
  verb->add_option("CATALOG", s->catalog, "The catalog folder (or, unlike opm, a single file).")->required();
  // -p is --package-name's short form, as in opm.
  verb->add_option("--package-name,-p", s->options.package_name, "Only this package's graph.")->type_name("PKG");
  verb->add_option("--minimum-edge", s->options.minimum_edge, "Drop the edges from bundles older than this bundle, and draw only the package of the first channel (by name) listing it.")
      ->type_name("BUNDLE");
  // A bool flag as cobra reads one: bare means true; --draw-v0-semantics=VALUE takes Go's
  // strconv.ParseBool spellings.
  verb->add_flag("--draw-v0-semantics{true}", s->draw_v0_semantics, "Mark the bundles OLM Classic skips (class skipped) and the edges into them; =false (or any Go ParseBool spelling) turns it off.")
      ->check(CLI::Validator(
          [](std::string& value) {
            bool b = false;
            return parse_go_bool(value, b) ? std::string() : "invalid value " + value + " (true or false)";
          },
          ""));
  return {verb, [s] { return run_render_graph(*s); }};
}

}  // namespace fbclens::cli
