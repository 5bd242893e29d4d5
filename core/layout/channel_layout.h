// Where to draw the entries of a channel, or of a whole package with its channels as lanes: a
// deterministic layered layout, older bundles to the left, newer to the right, edges pointing from
// the older (replaced/skipped) entry to the newer one as `opm alpha render-graph` draws them (spec
// validation.md §4; the vocabulary of operatorhub-and-ux.md §2).
//
// Positions depend only on the channel's content (entries, versions, replaces/skips/skipRange), so
// any filter or display option the UI applies (search, severity, collapsing skipRange edges)
// leaves every node where it was. How a long channel wraps into rows to fit a window (a serpentine,
// place_layout) and the zoom that fits it (fit_layout) are separate, pure functions of a layout.
#pragma once

#include <string>
#include <vector>

#include "model/model.h"
#include "update/entry_edges.h"

namespace fbclens {

struct LayoutNode {
  std::string name;     ///< the channel entry's bundle name
  std::string label;    ///< version (and release), or the name when the version is unknown
  /// Shorter labels for when `label` does not fit (see shorten_label): the label from the first
  /// part that differs from its neighbour in the band ("..4360-de169dd" beside 1.2.4355-e5f809f),
  /// and the same without pre-release, build or release ("..4360"). Either may equal `label`.
  std::string short_label, tiny_label;
  std::string channel;  ///< the channel whose lane it sits in
  float x = 0, y = 0;   ///< centre, in layout units (1 unit = one node spacing), rows not wrapped
  int layer = 0;        ///< column within its band: 0 = oldest
  int lane = 0;         ///< row (in a package layout, counted from the top of the first band)
  int band = 0;         ///< index into ChannelLayout::bands
  bool head = false;    ///< a channel head (every head is one, also when a channel has several)
  bool deprecated = false;
  /// The channel lists the entry but the catalog has no olm.bundle of that name (opm reports it);
  /// drawn hollow and marked, so a missing bundle never looks like any other entry.
  bool missing_bundle = false;
};

/// A bundle that an entry's `replaces` or `skips` names but the channel does not list: drawn as a
/// dashed "ghost" node so the edge is not lost. One per missing name and channel, except that more
/// than three names that only `skips` give, all skipped by the same entries, are one ghost for
/// the lot (an entry that skips every older bundle of its package would bury its channel).
struct LayoutGhost {
  std::string name;       ///< the missing bundle name (of a group: its first)
  std::vector<std::string> names;  ///< every name it stands for (one, or a group's, in entry order)
  std::string label;      ///< its version when another channel of the package lists it, else the
                          ///< name; a group: "N skipped, not in <channel>"
  std::string short_label, tiny_label;  ///< as LayoutNode's
  std::string channel;    ///< the channel whose lane it is drawn in
  std::string listed_in;  ///< the first channel of the package (by name) that lists it; "" = none (or a group)
  float x = 0, y = 0;     ///< centre, layout units, as LayoutNode
  int layer = 0, lane = 0, band = 0;
};

/// An edge from a ghost to the entry that names it.
struct GhostEdge {
  int ghost = 0;  ///< index into ChannelLayout::ghosts
  int to = 0;     ///< index into ChannelLayout::nodes: the entry naming it
  EdgeKind kind = EdgeKind::Replaces;  ///< Replaces or Skips
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

/// A channel's horizontal band of lanes (one per channel; a channel layout has one band). Each band
/// has its own columns (a compact layout per channel), so no band is empty where another is full.
struct LayoutBand {
  std::string channel;
  int first_lane = 0;
  int lanes = 1;
  int columns = 0;         ///< distinct columns it uses (layers 0 .. columns-1)
  int heads = 0;           ///< its channel heads
  bool is_default = false; ///< the package's default channel
  bool deprecated = false; ///< the channel is deprecated (olm.deprecations)
};

struct ChannelLayout {
  std::string package;              ///< the package laid out ("" when no package was given)
  bool package_deprecated = false;  ///< it is deprecated (olm.deprecations)
  std::vector<LayoutNode> nodes;
  std::vector<LayoutEdge> edges;
  std::vector<SkipRangeGroup> ranges;
  std::vector<LayoutBand> bands;
  std::vector<LayoutGhost> ghosts;
  std::vector<GhostEdge> ghost_edges;
  int layers = 0;  ///< the widest band's columns
  int lanes = 0;
  int heads = 0;  ///< entries with no incoming replaces/skips edge, summed over the bands
};

/// Lays out `channel`: one column per distinct version (by SemVer precedence; entries without a
/// known version after the others, in file order), lane 0 for the replaces chain from the head
/// (the newest head's, when there are several), other entries in the lanes below, ordered within
/// their column to reduce edge crossings (barycentre sweeps, ties by file order). skipRange edges
/// go from every entry whose version the range contains. Names that replaces/skips give but the
/// channel does not list become ghosts (LayoutGhost, which groups the many names one entry may
/// skip): in their version's column when `package` lists them in another channel, else (and a
/// group always) in a column of their own just before the oldest entry naming them; a
/// replaces target of the chain's last entry continues lane 0, others go below. `package` (may be
/// null) is where the channel comes from; it also marks the band default or deprecated.
/// Deterministic: the same channel always gives the same layout.
ChannelLayout layout_channel(const model::Channel& channel, const model::Package* package = nullptr);

/// Lays out every channel of `package` as its own band of lanes, the default channel first, then
/// by name in natural order (numbers in names compared as numbers: stable-3.9 before
/// stable-3.10), each as layout_channel does: a band's columns are its own versions only, so every band
/// is compact. A bundle in several channels appears once per channel.
ChannelLayout layout_package(const model::Package& package);

/// `label` shortened for a tight spot beside `neighbour` (the label of the node next to it in its
/// band; "" = none): ".." and the label from the first dot-, dash-, plus- or space-separated part
/// where the two differ ("1.2.4360-de169dd" beside "1.2.4355-e5f809f" gives "..4360-de169dd";
/// when only the pre-release differs, from the pre-release: "2.1.0-rc.2" gives "..rc.2"). With
/// `tiny`, that part alone when it is one of major.minor.patch ("..4360"; "..10" for 3.10.0
/// beside 3.9.3), else without what follows a '-', '+' or ' '. Returns `label` when shortening
/// gains nothing.
std::string shorten_label(const std::string& label, const std::string& neighbour, bool tiny);

/// Where a layout is drawn when each band's columns wrap into rows of at most `columns_per_row`
/// (a serpentine: even rows run left to right, odd rows right to left, so consecutive versions
/// stay side by side and a row turns into the next with a short vertical edge, never a return edge
/// across the graph). Units are layout units (1 = one column across, one lane down); bands are
/// stacked top to bottom with kBandGap between them, rows of a band with kRowGap.
struct Placement {
  static constexpr float kRowGap = 0.6f;   ///< lanes between two rows of a band
  static constexpr float kBandGap = 0.25f;  ///< lanes between two bands
  struct Point {
    float x = 0, y = 0;  ///< centre
    int row = 0;         ///< row of its band (0 = first)
    bool reversed = false;  ///< its row runs right to left
  };
  struct Band {
    float top = 0;       ///< y of its first lane
    float height = 1;    ///< lanes it spans, rows and row gaps included
    int rows = 1;
    int columns = 0;     ///< columns per row it uses (its widest row)
  };
  int columns_per_row = 0;  ///< as asked (0 = no wrap)
  std::vector<Point> nodes, ghosts;  ///< parallel to ChannelLayout::nodes and ::ghosts
  std::vector<Band> bands;           ///< parallel to ChannelLayout::bands
  float width = 0;   ///< columns of the widest row
  float height = 0;  ///< lanes from the first band's top lane to the last band's bottom lane, + 1
};

/// Places `layout` with rows of at most `columns_per_row` columns (0 = every band in one row).
Placement place_layout(const ChannelLayout& layout, int columns_per_row);

/// What fit_layout fits into: the area in pixels, the pixels of one column and one lane at zoom 1,
/// the least pixels a band takes at any zoom (room for its heading; 0 = none), and the zoom bounds.
struct FitArea {
  float width = 0, height = 0;
  float column_px = 150, lane_px = 70, band_px = 0;
  float min_zoom = 0.05f, max_zoom = 1.5f;
};

/// Pixels to add to the y of each band of `placement` (after scaling by lane_px × zoom) so that
/// every band is at least `band_px` tall on screen: a band shorter than that is centred in
/// band_px, and the bands below it move down by the difference. So lanes never shrink to
/// hairlines and each band keeps room for its heading, at any zoom. Parallel to placement.bands;
/// the last element is followed by the total height in pixels (size = bands + 1).
std::vector<float> band_shifts(const Placement& placement, float zoom, float lane_px, float band_px);

/// The wrap and zoom that show the whole of `layout` in `area` as large as possible: the
/// columns_per_row (0 = no wrap) whose placement (a cell per column and lane, each band at least
/// band_px tall as band_shifts makes it) allows the largest zoom (up to max_zoom; on a tie the
/// longer rows win). Every band's nodes are then in view. An empty layout gives {0, max_zoom}.
struct Fit {
  int columns_per_row = 0;
  float zoom = 1;
};
Fit fit_layout(const ChannelLayout& layout, const FitArea& area);

/// Edge crossings of `layout` drawn with straight segments between node centres (for tests and
/// the crossing-reduction benchmark): pairs of edges with no shared node whose segments intersect.
std::size_t count_crossings(const ChannelLayout& layout);

}  // namespace fbclens
