// `opm alpha render-graph` (spec validation.md §4): the upgrade graphs of a catalog as Mermaid
// flowchart text, byte for byte what opm prints for the same catalog and flags, with opm's
// warnings and errors as data (nothing is printed here). The CLI's `render-graph` prints it; the
// app's "Copy Mermaid" asks for one package and gets the same text.
//
// It reads the declarative config (what opm's LoadFS gives render-graph), not the model: opm draws
// without converting or validating, so it draws what the model leaves out or merges (channels of a
// package that has no olm.package, a channel or entry declared twice, a bundle name used in two
// packages), and the order of ties in its unstable sorts comes from the config's load order.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "declcfg/declcfg.h"

namespace fbclens {

/// render-graph's flags.
struct MermaidOptions {
  /// --package-name / -p: draw only this package's channels ("" = every package).
  std::string package_name;
  /// --minimum-edge: a bundle name; edges from bundles older than it are dropped and only the
  /// package of the first channel (in name order) listing it is drawn ("" = no floor).
  std::string minimum_edge;
  /// --draw-v0-semantics: mark OLM Classic's skipped bundles (class `skipped`) and the edges into
  /// them (linkStyle). The CLI's default is false; opm's library default is true.
  bool draw_v0_semantics = false;
};

/// What render-graph prints.
struct MermaidGraph {
  /// stdout: the whole Mermaid text ("" when `error` is set; opm prints nothing then).
  std::string text;
  /// stderr lines without their newline, in opm's order. opm has one kind: "warning: ignoring
  /// invalid SkipRange for package/edge %q/%q: %v", once per drawn entry whose skipRange does not
  /// parse. None with `error` (opm fails before it draws anything).
  std::vector<std::string> warnings;
  /// opm's fatal error text ("" = success): "parse properties for bundle %q: ...", "bundle %q has
  /// multiple \"olm.package\" properties, expected exactly 1", "bundle %q has invalid version %q:
  /// ...", "unknown minimum edge name: %q". opm log.Fatal()s it and exits 1.
  std::string error;
  /// Edge lines in `text` (replace, skip and skipRange arrows): Mermaid's edge count.
  std::size_t edges = 0;
};

/// Draws `cfg` as opm's MermaidWriter.WriteChannels does (spec §4.1), quirks included:
///   - channels are drawn in channel-name order (Go's unstable sort.Slice, reproduced by
///     go_sort_slice, so ties between same-named channels of different packages fall where Go
///     leaves them for this load order), grouped into packages in package-name order;
///   - bundle versions come from the first olm.bundle of each *name*, whatever its package; an
///     entry without one is 0.0.0;
///   - deprecations are matched by name alone: a deprecated channel `stable` or bundle `x` marks
///     every package's `stable` or `x`; only the last deprecated package drawn gets its style line;
///   - linkStyle indices count edges in channel-name order, not in the printed (package) order,
///     so with several packages they can point at other edges than the skipped ones.
/// The loader reads files one by one in walk order, which is one of the orders opm's concurrent
/// loader produces: for a single-file catalog the text is opm's exactly; for several files it is
/// what opm prints when its goroutines finish in walk order, the same on every run.
/// Never throws; hostile input (huge catalogs, odd names) only makes the text long.
MermaidGraph render_mermaid_graph(const declcfg::DeclarativeConfig& cfg, const MermaidOptions& options);

/// Mermaid's default limits (mermaid.js.org/config/schema-docs/config.html; source
/// packages/mermaid/src/schemas/config.schema.yaml). With the defaults a larger diagram is not
/// drawn: mermaidAPI's render() replaces text longer than maxTextSize ("Maximum text size in
/// diagram exceeded"), and the flowchart parser throws "Edge limit exceeded" when adding an edge
/// beyond maxEdges (flowDb addSingleLink keeps an edge only while edges.length < maxEdges).
/// opm's own help text still says 30 000 characters, Mermaid's default before 50 000.
constexpr std::size_t kMermaidMaxTextSize = 50000;
constexpr std::size_t kMermaidMaxEdges = 500;

/// How a Mermaid text measures against those defaults.
struct MermaidLimits {
  /// The text's length as JavaScript counts it (UTF-16 code units; a byte of malformed UTF-8
  /// counts as one). Mermaid 11 measures after dropping `%%` comment lines, older versions the
  /// whole text: this is the whole text, so it never under-reports.
  std::size_t text_size = 0;
  std::size_t edges = 0;
  bool text_too_large = false;  ///< text_size > kMermaidMaxTextSize
  bool too_many_edges = false;  ///< edges > kMermaidMaxEdges
};

/// Measures `graph` (its text and edge count) against Mermaid's default limits.
MermaidLimits mermaid_limits(const MermaidGraph& graph);

}  // namespace fbclens
