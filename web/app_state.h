// The app's state in three parts (ImGui style: panels are functions of it): the view model built
// from the worker's answers, the UI state the user sets, and the bookkeeping of requests in flight.
#pragma once

#include <string>

#include "graph_renderer.h"
#include "imgui.h"
#include "view_model.h"

namespace fbclens::web {

/// A text the graph draws under a node (its version) or on an edge (a collapsed skipRange's count),
/// in up to three lengths; place_labels picks the longest that overlaps nothing drawn before it.
struct GraphLabel {
  ImVec2 at;                          ///< layout pixels: the node's centre, or the text's centre
  int band = 0;
  bool under_node = true;             ///< drawn below a node's rim, else centred on `at`
  std::string text[3];                ///< full, short, tiny (LayoutNode::label, short_label, tiny_label)
  float width[3] = {0, 0, 0};         ///< pixels
};

/// What the graph draws that changes only with the layout, the wrap, the selection and the options
/// (never per frame): where nodes and ghosts sit, their labels, the instances (on the GPU:
/// GraphRenderer::set_scene; the nodes also here, for overlays that restyle a few of them).
struct GraphScene {
  Placement placement;                ///< the layout wrapped into rows (core place_layout)
  std::vector<ImVec2> positions;      ///< per node, layout pixels (before its band's shift)
  std::vector<ImVec2> ghost_positions;  ///< per ghost, layout pixels
  std::vector<GraphLabel> labels;     ///< nodes', then ghosts', then range labels
  std::vector<int> label_order;       ///< indices into labels, most wanted first
  std::vector<NodeInstance> nodes;    ///< as uploaded, nodes then ghosts
  int heads_ringed = 0;               ///< nodes drawn with the head ring
  bool light = false;                 ///< built with the light theme's palette
  /// Route segments drawn for the upgrade simulator's walks (UiState::routes), per OLM.
  int route_segments_classic = 0, route_segments_v1 = 0;
  int changes_marked = 0;  ///< entries marked by the catalog diff (UiState::changes)
};

/// What the graph worked out while drawing (per frame, or when the zoom changes), for the next
/// frames and for graphStats.
struct GraphFrame {
  float label_zoom = -1;              ///< the zoom `tier` was chosen for (-1 = choose again)
  std::vector<signed char> tier;      ///< per GraphScene label: 0 full, 1 short, 2 tiny, -1 none
  std::vector<float> band_shifts;     ///< core band_shifts() at the current zoom
  struct Lane {
    std::string channel;
    int nodes = 0, visible = 0;       ///< entries, and those whose centre is in the canvas
  };
  std::vector<Lane> lanes;            ///< per band, measured in the last frame drawn
  std::vector<ImVec4> drawn_labels;   ///< boxes (x0, y0, x1, y1) of the labels drawn in the last frame
  int settled_frames = 0;             ///< frames drawn since the layout arrived and was fitted
  ImVec2 canvas{0, 0};                ///< the graph's rectangle (without the lane headings), pixels
  int hovered = -1;                   ///< the node under the mouse (-1 = none)
  int links_for[2] = {-2, -2};        ///< the nodes (hovered, selected) the Links overlay shows
};

/// What the panels draw, built from the worker's answers (never per frame): the catalog view, the
/// layout in view and what hangs off the selection.
struct ViewModel {
  CatalogView view;                 ///< replaced by fbclens_app_set_catalog
  std::vector<FindingListRow> finding_rows;    ///< the findings list as filtered (finding_list_rows)
  unsigned finding_rows_generation = 0;        ///< the view generation finding_rows was built for
  float finding_where_width = 0;               ///< pixels of the widest location in finding_rows
  std::vector<std::pair<std::uint32_t, std::string>> excerpt;  ///< source around the selected finding
  BundleDetails details;            ///< the selected bundle in full (the lower panel's Bundle tab)
  ChannelLayout layout;             ///< layout of the graph in view
  std::string layout_error;         ///< why there is no layout (the worker's failure message)
  std::string layout_package, layout_channel;  ///< what `layout` shows ("" channel = whole package)
  std::vector<std::string> band_titles;  ///< per layout band: "stable  [default]" (band_titles())
  std::string upgrade_text;         ///< "if installed: Classic ... / OLM v1 ..." for the selected bundle
  /// OLM Classic's dependencies for that upgrade (the upgradePath answer's classic.resolution):
  /// what installs along, by which constraint, and each skipped candidate's unmet constraints.
  std::string dependencies_text;
  bool package_deprecated = false;  ///< the package of `layout` is deprecated (its title says so)
  GraphScene scene;                 ///< built from `layout` when scene_dirty
  GraphFrame frame;                 ///< what the last frames drawn worked out
  bool scene_dirty = true;          ///< the graph's scene must be rebuilt (not per frame)
};

/// What the user chose and how the panels are set: selection, filters, search, graph view, theme.
struct UiState {
  std::string selected_package;
  std::string selected_channel;
  std::string selected_bundle;
  std::string selected_bundle_channel;  ///< the lane the selected node is in (whole-package view)
  bool whole_package = false;       ///< the graph shows every channel of the package as lanes
  int selected_finding = -1;
  int finding_announced = -1;       ///< the Summary index last told to the page
  std::string package_announced;    ///< the selected package last told to the page
  std::string bundle_announced;     ///< "package\nchannel\nbundle" last told to the page (onBundleSelected)
  bool show_severity[3] = {true, true, true};  ///< findings filter: errors, warnings, info
  bool only_opm = false;                       ///< findings filter: only what opm reports
  char search[128] = "";            ///< explorer filter (package/channel/bundle names)
  bool focus_search = false;        ///< '/' focuses the search box
  bool search_activation_pending = false;  ///< the box was asked to activate last frame
  bool graph_keys = false;          ///< Tab brought focus into the canvas: arrows and Home go to the graph
  std::vector<ImWchar> typed_after_slash;  ///< typed in the frame '/' was pressed, for the search box
  /// The lower panel's tab to bring forward on the next frame: selecting a bundle shows its
  /// details, selecting a finding shows the findings.
  enum class LowerTab { Keep, Findings, Bundle } lower_tab_request = LowerTab::Keep;
  LowerTab lower_tab_shown = LowerTab::Findings;  ///< the tab drawn last frame
  float zoom = 1.0f;
  bool show_classic_ignored = true;  ///< overlay the edges OLM Classic never takes
  /// The upgrade simulator's walks (bundle names, installed first; fbclens_app_set_routes), drawn
  /// as two highlighter routes under the edges. Empty = none.
  struct Routes {
    std::vector<std::string> classic, v1;
  } routes;
  /// A catalog diff drawn on the graph ("Compare with…", fbclens_app_set_changes): the channel
  /// entries of the catalog shown that the older one lacks, and those whose replaces, skips or
  /// skipRange changed. Empty = none.
  struct ChangedEntry {
    std::string package, channel, bundle;  ///< channel and bundle "" = every entry of the package
    bool added = false;  ///< else its edges changed
  };
  std::vector<ChangedEntry> changes;
  bool collapse_ranges = true;       ///< one edge per skipRange instead of one per entry it matches
  bool fit_pending = true;          ///< fit the graph to the canvas on the next frame
  int columns_per_row = 0;          ///< bands wrap into serpentine rows of this many columns (0 = no wrap)
  bool show_key = true;             ///< the graph's key (legend) is open
  bool show_explorer = false;       ///< in a narrow window, the explorer is shown beside the graph
  /// An embed showing the graph alone (fbclens_app_set_graph_only): no summary bar, explorer or
  /// lower panel; the graph's toolbar and key stay.
  bool graph_only = false;
  bool explorer_shown = true;       ///< the explorer was drawn in the last frame
  float pan_x = 40.0f, pan_y = 40.0f;
  bool light_theme = false;
  bool theme_applied = false;       ///< the theme ImGui's style currently has
  float fps = 0.0f;
};

/// What was asked of the worker (the keys of requests.cpp); answers to older keys are dropped.
struct RequestBook {
  std::string layout, excerpt;
  std::string bundle;               ///< the selected bundle's key: its upgradePath and bundle requests
  int excerpt_for = -1;             ///< the finding the excerpt was asked for
};

/// The whole app: its three parts and the graph's GPU pass.
struct AppState {
  ViewModel model;
  UiState ui;
  RequestBook requests;
  GraphRenderer renderer;
};

/// Selects `channel` of `package` for the graph, and the entry `bundle` of it ("" = none); ""
/// channel selects the whole package with its channels as lanes. Whenever the package changes, its
/// channel becomes package_channel()'s (so the explorer never keeps another package's channel).
/// Checks nothing: callers pass names from the view (selection.cpp).
void select(AppState& state, const std::string& package, const std::string& channel, const std::string& bundle = "");

/// The channel a package alone stands for: its default channel when that is one of its channels,
/// else its first ("" = no such package, or no channels). The one place this is decided.
std::string package_channel(const CatalogView& view, const std::string& package);

/// Selects finding `row` (index into view.findings) and the object it is about: its channel (or
/// the whole package for a package-level finding) and its bundle.
void select_finding(AppState& state, int row);

/// Draws one frame of the whole UI into the current ImGui frame (panels.cpp).
void draw_app(AppState& state);

/// Asks the worker for what the selection needs and the app does not have yet (requests.cpp).
/// Called before each frame drawn (a change of selection or catalog wakes the loop); asks only
/// when a key changes.
void request_what_is_missing(AppState& state);

/// Tells the page when the selected finding changed (selection.cpp), after a frame is drawn.
void announce_selection(AppState& state);

}  // namespace fbclens::web
