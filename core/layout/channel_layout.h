// Where to draw the entries of a channel, or of a whole package with its channels as lanes: a
// deterministic layered layout, older bundles to the left, newer to the right, edges pointing from
// the older (replaced/skipped) entry to the newer one as `opm alpha render-graph` draws them (spec
// validation.md §4; the vocabulary of operatorhub-and-ux.md §2).
//
// Positions depend only on the channel's content (entries, versions, replaces/skips/skipRange), so
// any filter or display option the UI applies (search, severity, collapsing skipRange edges)
// leaves every node where it was.
#pragma once

#include <string>
#include <vector>

#include "model/model.h"
#include "update/entry_edges.h"

namespace fbclens {

struct LayoutNode {
  std::string name;     ///< the channel entry's bundle name
  std::string label;    ///< version (and release), or the name when the version is unknown
  std::string channel;  ///< the channel whose lane it sits in
  float x = 0, y = 0;   ///< centre, in layout units (1 unit = one node spacing)
  int layer = 0;        ///< column: 0 = oldest
  int lane = 0;         ///< row (in a package layout, counted from the top of the first band)
  bool head = false;    ///< the channel head
  bool deprecated = false;
};

struct LayoutEdge {
  int from = 0;  ///< index into nodes: the older entry
  int to = 0;    ///< the newer entry (the one declaring the edge)
  EdgeKind kind = EdgeKind::Replaces;
  /// OLM Classic never takes this edge: the entry declaring it is not in Classic's channel order
  /// (it is skipped by some entry, or not on the replaces chain from the head; successors.md §1.2).
  bool classic_ignored = false;
  int range = -1;  ///< for skipRange edges: index into ChannelLayout::ranges
};

/// One entry's skipRange with every entry it matched: drawn as one edge when collapsed.
struct SkipRangeGroup {
  int to = 0;              ///< the entry declaring the skipRange
  std::string range;       ///< its text, e.g. ">=1.0.0 <1.3.0"
  std::vector<int> from;   ///< the entries whose version the range contains, oldest first
};

/// A channel's horizontal band of lanes (one per channel; a channel layout has one band).
struct LayoutBand {
  std::string channel;
  int first_lane = 0;
  int lanes = 1;
};

struct ChannelLayout {
  std::vector<LayoutNode> nodes;
  std::vector<LayoutEdge> edges;
  std::vector<SkipRangeGroup> ranges;
  std::vector<LayoutBand> bands;
  int layers = 0;
  int lanes = 0;
  int heads = 0;  ///< entries with no incoming replaces/skips edge, summed over the bands
};

/// Lays out `channel`: one column per distinct version (by SemVer precedence; entries without a
/// known version after the others, in file order), lane 0 for the replaces chain from the head,
/// other entries in the lanes below, ordered within their column to reduce edge crossings
/// (barycentre sweeps, ties by file order). skipRange edges go from every entry whose version the
/// range contains. Deterministic: the same channel always gives the same layout.
ChannelLayout layout_channel(const model::Channel& channel);

/// Lays out every channel of `package` as its own band of lanes, the default channel first, then
/// by name. Columns are shared: one per distinct version in the package, so a version sits in the
/// same column in every band. A bundle in several channels appears once per channel.
ChannelLayout layout_package(const model::Package& package);

/// Edge crossings of `layout` drawn with straight segments between node centres (for tests and
/// the crossing-reduction benchmark): pairs of edges with no shared node whose segments intersect.
std::size_t count_crossings(const ChannelLayout& layout);

}  // namespace fbclens
