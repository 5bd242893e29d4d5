// The graph canvas's state in three parts (ImGui style: the panel is a function of it): the view
// model built from the worker's layout, what the page and the user set, and the requests in flight.
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
  int install_risks_marked = 0;  ///< upgrade steps marked as losing an install mode (UiState::install_risks)
  int missing_marked = 0;  ///< entries drawn as missing their olm.bundle
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
  int labels_outside_band = 0;        ///< of those, labels crossing out of their lane's band (whole package)
  int range_labels_on_arc = 0;        ///< skipRange counts drawn over their arc's apex (so "17" reads "-17")
  bool key_shown = false;             ///< the key was drawn in the last frame
  int settled_frames = 0;             ///< frames drawn since the layout arrived and was fitted
  ImVec2 canvas{0, 0};                ///< the graph's rectangle (without the lane headings), pixels
  int hovered = -1;                   ///< the node under the mouse (-1 = none)
  int links_for[2] = {-2, -2};        ///< the nodes (hovered, selected) the Links overlay shows
};

/// What the canvas draws, built from the worker's layout answer (never per frame).
struct ViewModel {
  unsigned generation = 0;          ///< increases with every catalog (fbclens_app_new_catalog)
  ChannelLayout layout;             ///< layout of the graph in view
  std::string layout_error;         ///< why there is no layout (the worker's failure message)
  std::string layout_package, layout_channel;  ///< what `layout` shows ("" channel = whole package)
  std::vector<std::string> band_titles;  ///< per layout band: "stable  [default]" (view_model.h)
  GraphScene scene;                 ///< built from `layout` when scene_dirty
  GraphFrame frame;                 ///< what the last frames drawn worked out
  bool scene_dirty = true;          ///< the graph's scene must be rebuilt (not per frame)
};

/// What the page asked the canvas to show, and how the user set the graph.
struct UiState {
  std::string selected_package;
  std::string selected_channel;     ///< the lane the selection is in (also with the whole package)
  std::string selected_bundle;      ///< "" = none
  bool whole_package = false;       ///< every channel of the package as lanes
  std::string selection_announced;  ///< the selection last told to the page (onSelect)
  bool graph_keys = false;          ///< Tab brought focus into the canvas: arrows and Home go to the graph
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
  /// The upgrade steps that lose an install mode (the Install panel's installPreview upgradeRisks,
  /// fbclens_app_set_install_risks): each drawn as a red band under its edge. Empty = none.
  struct UpgradeStep {
    std::string package, channel, from, to;
  };
  std::vector<UpgradeStep> install_risks;
  bool collapse_ranges = true;       ///< one edge per skipRange instead of one per entry it matches
  bool fit_pending = true;          ///< fit the graph to the canvas on the next frame
  int columns_per_row = 0;          ///< bands wrap into serpentine rows of this many columns (0 = no wrap)
  bool show_key = true;             ///< the graph's key (legend) is open
  float pan_x = 40.0f, pan_y = 40.0f;
  bool light_theme = false;
  bool theme_applied = false;       ///< the theme ImGui's style currently has
  float fps = 0.0f;
};

/// What was asked of the worker (requests.cpp); answers to older keys are dropped.
struct RequestBook {
  std::string layout;
};

/// The whole app: its three parts and the graph's GPU pass.
struct AppState {
  ViewModel model;
  UiState ui;
  RequestBook requests;
  GraphRenderer renderer;
};

/// Selects what the graph shows: `channel` of `package` (the lane the selection is in), the whole
/// package with its channels as lanes when `whole_package`, and the entry `bundle` ("" = none).
/// Checks nothing: the page checked the names against the catalog (web/shell/catalog-index.js).
void select(AppState& state, const std::string& package, const std::string& channel, const std::string& bundle,
            bool whole_package);

/// Draws one frame: the graph filling the canvas (graph_panel.cpp).
void draw_app(AppState& state);

/// Asks the worker for the layout the selection needs when it changed (requests.cpp). Called
/// before each frame drawn (a change of selection or catalog wakes the loop).
void request_what_is_missing(AppState& state);

/// Tells the page when the user moved the selection in the graph (selection.cpp), after a frame.
void announce_selection(AppState& state);

}  // namespace fbclens::web
