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

#include "args.h"
#include "commands.h"
#include "export/mermaid.h"
#include "findings/go_format.h"

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

}  // namespace

int render_graph_command(int argc, char** argv) {
  // -p is --package-name's short form, as in opm.
  std::vector<std::string> storage(argv, argv + argc);
  for (std::string& a : storage) {
    if (a == "-p") a = "--package-name";
    else if (a.rfind("-p=", 0) == 0) a = "--package-name=" + a.substr(3);
  }
  std::vector<char*> args_v;
  for (std::string& a : storage) args_v.push_back(a.data());
  const Args args(static_cast<int>(args_v.size()), args_v.data(), {"--package-name", "--minimum-edge", "--draw-v0-semantics"},
                  {"--draw-v0-semantics"});
  if (!args.error.empty()) return usage_error(args.error);
  if (args.positional.size() != 1) return usage_error("render-graph needs one CATALOG");
  MermaidOptions options;
  options.package_name = args.get("--package-name");
  options.minimum_edge = args.get("--minimum-edge");
  if (args.has("--draw-v0-semantics")) {
    const std::string value = args.get("--draw-v0-semantics");
    options.draw_v0_semantics = true;
    if (!value.empty() && !parse_go_bool(value, options.draw_v0_semantics)) {
      return usage_error("invalid value " + value + " for --draw-v0-semantics (true or false)");
    }
  }

  const std::string& path = args.positional[0];
  // opm names the reference as given, Go-quoted, in front of any load error.
  const std::string reference = "render reference " + go_quote(path) + ": ";
  if (is_bundle_directory(path)) {
    std::cerr << "fbclens: " << reference << "cannot render bundle directory " << go_quote(path) << ": not allowed\n";
    return 1;
  }
  const auto report = load(path);
  if (!report) return 2;
  if (report->verdict == Verdict::LoadError) {
    std::cerr << "fbclens: " << reference << report->findings.front().opm_message << "\n";
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

}  // namespace fbclens::cli
