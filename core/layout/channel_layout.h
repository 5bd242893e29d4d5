// Where to draw the entries of one channel: a deterministic layered layout, older bundles to the
// left, newer to the right, edges pointing from the older (replaced/skipped) entry to the newer
// one as `opm alpha render-graph` draws them (spec validation.md §4).
#pragma once

#include <string>
#include <vector>

#include "model/model.h"

namespace fbclens {

/// The three kinds of upgrade edge (olm-docs legend: replaces solid, skips x-ended, skipRange o-ended).
enum class EdgeKind { Replaces, Skips, SkipRange };

struct LayoutNode {
  std::string name;     ///< the channel entry's bundle name
  std::string label;    ///< version (and release), or the name when the version is unknown
  float x = 0, y = 0;   ///< centre, in layout units (1 unit = one node spacing)
  int layer = 0;        ///< column: 0 = oldest
  int lane = 0;         ///< row within the column
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
};

struct ChannelLayout {
  std::vector<LayoutNode> nodes;
  std::vector<LayoutEdge> edges;
  int layers = 0;
  int lanes = 0;
  int heads = 0;  ///< entries with no incoming replaces/skips edge (1 in a valid channel)
};

/// Lays out `channel`: one column per distinct version (by SemVer precedence; entries without a
/// known version after the others, in file order), lane 0 for the replaces chain from the head,
/// other entries in the lanes below. skipRange edges go from every entry whose version the range
/// contains. Deterministic: the same channel always gives the same layout.
ChannelLayout layout_channel(const model::Channel& channel);

}  // namespace fbclens
