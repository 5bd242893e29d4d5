// What both OLMs' resolutions read from a package graph again for every installed bundle, worked
// out once per graph: each bundle found by name and its version parsed, each channel entry's edges
// with its skipRange parsed, and each channel's Classic order. A resolution from one installed
// bundle (the simulator) does not need it; the divergence analysis resolves from every entry of
// every channel, and without it each of those resolutions parsed every version and skipRange of
// the package and sorted its channel again: the analysis was quadratic in a channel's entries and
// the largest part of the analyses beyond opm (issue 21). The answers are the same with or without
// an index (classic.h, olm_v1.h take one as an optional shortcut).
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "update/entry_edges.h"
#include "update/package_graph.h"

namespace fbclens::update {

/// A channel's order as Classic sorts it (sort_channel): entry names head first, or OLM's error.
struct ClassicOrder {
  std::vector<std::string> sorted;
  std::string error;  ///< "" = sorted
};

/// One package graph, indexed. Refers to `graph`, which must outlive it and not change.
class GraphIndex {
 public:
  explicit GraphIndex(const PackageGraph& graph);

  /// The first bundle named `name` (PackageGraph::bundle's answer), or nullptr.
  const GraphBundle* bundle(std::string_view name) const;

  /// `bundle`'s version as OLM v1 reads it (version_release). `bundle` must be one of the graph's.
  const VersionRelease& version(const GraphBundle& bundle) const { return versions_[&bundle - graph_->bundles.data()]; }

  /// The edges of `channel`'s entries, in entry order. `channel` must be one of the graph's.
  const std::vector<EntryEdges>& edges(const GraphChannel& channel) const { return channels_[at(channel)].edges; }

  /// The edges of the last entry of `channel` named `name` (the one Classic's lookups end on when a
  /// channel lists a name twice), or nullptr when it has none.
  const EntryEdges* last_entry(const GraphChannel& channel, std::string_view name) const;

  /// sort_channel(channel, graph.package), computed once. `channel` must be one of the graph's.
  const ClassicOrder& classic_order(const GraphChannel& channel) const { return channels_[at(channel)].order; }

 private:
  struct Channel {
    std::vector<EntryEdges> edges;
    std::unordered_map<std::string_view, std::size_t> last;  ///< entry name -> its last entry's place
    ClassicOrder order;
  };
  std::size_t at(const GraphChannel& channel) const { return &channel - graph_->channels.data(); }

  const PackageGraph* graph_;
  std::unordered_map<std::string_view, const GraphBundle*> bundles_;  ///< name -> its first bundle
  std::vector<VersionRelease> versions_;                               ///< graph.bundles' order
  std::vector<Channel> channels_;                                      ///< graph.channels' order
};

}  // namespace fbclens::update
