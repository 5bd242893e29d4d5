// render-graph (core/export/mermaid.h) byte for byte against opm's output: every expected-*.mmd /
// expected-*.stderr of ../shared/spec/validation-fixtures/render-graph (opm's own output) and of
// tests/fixtures/render-graph (upstream's MermaidWriter run on our catalogs; README there). The
// file name says the flags: "default", or "+"-joined "draw-v0-semantics", "minimum-edge-BUNDLE",
// "package-name-PKG". One test case per catalog and flag set.
#include <catch2/catch.hpp>

#include <filesystem>
#include <set>

#include "export/mermaid.h"
#include "support.h"
#include "validate/validate.h"

namespace fbclens::test {
namespace {

namespace fs = std::filesystem;

// "minimum-edge-a.v1.1.0+draw-v0-semantics" → options; false for a name this test cannot read.
bool options_from_key(const std::string& key, MermaidOptions& options) {
  std::size_t start = 0;
  while (start <= key.size()) {
    const std::size_t end = std::min(key.find('+', start), key.size());
    const std::string part = key.substr(start, end - start);
    const auto value = [&](const char* prefix) { return part.substr(std::string(prefix).size()); };
    if (part == "default") {
    } else if (part == "draw-v0-semantics") {
      options.draw_v0_semantics = true;
    } else if (part.rfind("minimum-edge-", 0) == 0) {
      options.minimum_edge = value("minimum-edge-");
    } else if (part.rfind("package-name-", 0) == 0) {
      options.package_name = value("package-name-");
    } else {
      return false;
    }
    start = end + 1;
  }
  return true;
}

// opm's stderr for one run: the warnings, then the fatal message (log.Fatal's, without its date).
std::string stderr_text(const MermaidGraph& graph) {
  std::string out;
  for (const std::string& w : graph.warnings) out += w + "\n";
  if (!graph.error.empty()) out += graph.error + "\n";
  return out;
}

MermaidGraph render(const std::string& catalog, const MermaidOptions& options) {
  DirectoryFileSource source(catalog);
  const ValidationReport report = validate_catalog(source);
  REQUIRE(report.verdict != Verdict::LoadError);  // render-graph needs a catalog that loads
  return render_mermaid_graph(report.config, options);
}

int register_sample_folder(const std::string& root, const std::string& prefix) {
  int registered = 0;
  for (const std::string& id : list_dirs(root)) {
    const std::string dir = root + "/" + id;
    std::set<std::string> keys;
    for (const auto& entry : fs::directory_iterator(dir)) {
      const std::string name = entry.path().filename().string();
      const std::string ext = entry.path().extension().string();
      if (name.rfind("expected-", 0) == 0 && (ext == ".mmd" || ext == ".stderr")) {
        keys.insert(name.substr(9, name.size() - 9 - ext.size()));
      }
    }
    for (const std::string& key : keys) {
      register_test(prefix + id + "/" + key, "[mermaid][render-graph]", [dir, key] {
        MermaidOptions options;
        REQUIRE(options_from_key(key, options));
        const MermaidGraph graph = render(dir + "/catalog", options);
        // A missing file means opm prints nothing there.
        CHECK(graph.text == read_file(dir + "/expected-" + key + ".mmd"));
        CHECK(stderr_text(graph) == read_file(dir + "/expected-" + key + ".stderr"));
        CHECK(graph.text.empty() == !graph.error.empty());
      });
      ++registered;
    }
  }
  return registered;
}

const bool registered = [] {
  register_sample_folder(source_dir() + "/tests/fixtures/render-graph", "render-graph/");
  if (shared_available()) {
    register_sample_folder(shared_dir() + "/spec/validation-fixtures/render-graph", "render-graph/spec/");
  } else {
    register_test("render-graph/spec/(skipped: ../shared is absent)", "[mermaid][render-graph]", [] {
      WARN("../shared/spec/validation-fixtures/render-graph not found: the spec's samples were skipped");
    });
  }
  return true;
}();

TEST_CASE("render-graph: the spec's sample covers all four flag sets it was made with", "[mermaid]") {
  if (!shared_available()) return;
  const std::string dir = shared_dir() + "/spec/validation-fixtures/render-graph/sample";
  for (const char* key : {"default", "draw-v0-semantics", "minimum-edge-foo.v1.1.0", "package-name-bar"}) {
    CHECK_FALSE(read_file(dir + "/expected-" + std::string(key) + ".mmd").empty());
  }
}

TEST_CASE("render-graph: each edge line is counted, and drawing is the same on every run", "[mermaid]") {
  const std::string catalog = source_dir() + "/tests/fixtures/render-graph/channel-ties/catalog";
  const MermaidGraph first = render(catalog, {});
  std::size_t arrows = 0;
  for (std::size_t at = first.text.find("-->"); at != std::string::npos; at = first.text.find("-->", at + 3)) ++arrows;
  CHECK(first.edges == arrows);
  CHECK(first.edges == 48);  // 24 channels, two skips each
  CHECK(render(catalog, {}).text == first.text);
}

TEST_CASE("render-graph: opm's render moves bundle objects and CSV metadata last, validate does not", "[mermaid]") {
  // The same bundle: validate reports the olm.csv.metadata at property[0]; render-graph, which
  // parses the reordered list, the olm.gvk at property[1] (expected-default.stderr there).
  DirectoryFileSource source(source_dir() + "/tests/fixtures/render-graph/error-property-order/catalog");
  const ValidationReport report = validate_catalog(source);
  CHECK(report.opm_output.find("parse property[0] of type \"olm.csv.metadata\"") != std::string::npos);
  const MermaidGraph graph = render_mermaid_graph(report.config, {});
  CHECK(graph.error.find("parse property[1] of type \"olm.gvk\"") != std::string::npos);
}

TEST_CASE("mermaid_limits: Mermaid's defaults, 50000 UTF-16 units of text and 500 edges", "[mermaid]") {
  MermaidGraph graph;
  graph.text = std::string(kMermaidMaxTextSize, 'x');
  graph.edges = kMermaidMaxEdges;
  MermaidLimits limits = mermaid_limits(graph);
  CHECK(limits.text_size == 50000);
  CHECK_FALSE(limits.text_too_large);
  CHECK_FALSE(limits.too_many_edges);

  graph.edges = 501;  // Mermaid refuses the 501st edge
  CHECK(mermaid_limits(graph).too_many_edges);

  // "é" is one UTF-16 unit in two bytes, "𝄞" two units in four bytes, a stray byte one unit.
  graph.text = std::string(49990, 'x') + "é" + "𝄞" + "\xff";
  CHECK(mermaid_limits(graph).text_size == 49990 + 1 + 2 + 1);
  graph.text += std::string(7, 'x');
  CHECK(mermaid_limits(graph).text_size == 50001);
  CHECK(mermaid_limits(graph).text_too_large);
}

}  // namespace
}  // namespace fbclens::test
