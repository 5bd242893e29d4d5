// The selection and the page's calls about it: what to show, a new catalog, the simulator's routes
// and the diff's marks, and the status and graph statistics the page reads back.
//
// [SECTION] Catalog and selection
// [SECTION] What the page reads back
#include <emscripten/emscripten.h>

#include <algorithm>
#include <string>

#include "app_state.h"
#include "shell.h"

// Tells the page the user moved the selection in the graph (a click, arrow keys, the toolbar's
// "whole package"), so the page's store follows it.
EM_JS(void, fbclens_selected, (const char* package, const char* channel, const char* bundle, int whole_package), {
  if (Module['onSelect']) Module['onSelect'](UTF8ToString(package), UTF8ToString(channel), UTF8ToString(bundle), whole_package);
});

namespace fbclens::web {

namespace {

std::string g_status;  // the text of the last status or statistics (valid until the next call)

std::string selection_key(const UiState& ui) {
  return ui.selected_package + '\n' + ui.selected_channel + '\n' + ui.selected_bundle + '\n' + (ui.whole_package ? "1" : "0");
}

}  // namespace

void select(AppState& s, const std::string& package, const std::string& channel, const std::string& bundle,
            bool whole_package) {
  s.ui.selected_package = package;
  s.ui.selected_channel = channel;
  s.ui.whole_package = whole_package;
  s.ui.selected_bundle = bundle;
  s.model.scene_dirty = true;
}

void announce_selection(AppState& s) {
  const std::string key = selection_key(s.ui);
  if (key == s.ui.selection_announced) return;
  s.ui.selection_announced = key;
  fbclens_selected(s.ui.selected_package.c_str(), s.ui.selected_channel.c_str(), s.ui.selected_bundle.c_str(),
                   s.ui.whole_package ? 1 : 0);
}

}  // namespace fbclens::web

extern "C" {

/// A new catalog replaced the previous one: the layout shown is forgotten (and asked again for the
/// next selection, which the page sends next).
EMSCRIPTEN_KEEPALIVE void fbclens_app_new_catalog() {
  using namespace fbclens::web;
  AppState& s = app_state();
  redraw();
  ++s.model.generation;
  s.model.layout = {};
  s.model.layout_package.clear();
  s.model.frame = GraphFrame{};  // the frames drawn of the previous catalog's layout do not count
  s.model.scene_dirty = true;
  s.requests.layout.clear();
}

/// Selects what the graph shows (the page's store): `channel` of `package` (the lane the selection
/// is in), every channel as lanes when `whole_package` is 1, and the entry `bundle` ("" = none).
/// The page checked the names; a selection the page sends is never announced back to it.
EMSCRIPTEN_KEEPALIVE void fbclens_app_show(const char* package, const char* channel, const char* bundle, int whole_package) {
  using namespace fbclens::web;
  AppState& s = app_state();
  redraw();
  select(s, package, channel, bundle, whole_package != 0);
  s.ui.selection_announced = selection_key(s.ui);
}

/// Fits the graph to the canvas on the next frame (as the toolbar's Fit).
EMSCRIPTEN_KEEPALIVE void fbclens_app_fit() {
  fbclens::web::app_state().ui.fit_pending = true;
  fbclens::web::redraw();
}

/// The upgrade simulator's routes: `routes_json` is {"classic": [bundle...], "v1": [bundle...]}
/// (each OLM's walk, web/simulator.js), or "" to clear them. The graph draws each walk's steps
/// between the nodes it shows as a highlighter route in that OLM's colour.
EMSCRIPTEN_KEEPALIVE void fbclens_app_set_routes(const char* routes_json) {
  using namespace fbclens::web;
  AppState& s = app_state();
  redraw();
  s.ui.routes = {};
  const fbclens::Json j = fbclens::Json::parse(routes_json, nullptr, false);
  if (j.is_object()) {
    for (auto [key, out] : {std::pair{"classic", &s.ui.routes.classic}, {"v1", &s.ui.routes.v1}}) {
      if (!j.contains(key) || !j[key].is_array()) continue;
      for (const fbclens::Json& name : j[key]) {
        if (name.is_string()) out->push_back(name.get<std::string>());
      }
    }
  }
  s.model.scene_dirty = true;
  // The routes in view: the panel that asked for them may have just taken room from the canvas.
  if (!s.ui.routes.classic.empty() || !s.ui.routes.v1.empty()) s.ui.fit_pending = true;
}

/// Marks a catalog diff on the graph ("Compare with…"): `changes_json` is {"packages": [name],
/// "added": [{package, channel, bundle}], "changed": [{package, channel, bundle}]} (the diff's
/// packages and entries added, and the entries whose edges changed); "" or anything else clears
/// the marks.
EMSCRIPTEN_KEEPALIVE void fbclens_app_set_changes(const char* changes_json) {
  using namespace fbclens::web;
  AppState& s = app_state();
  redraw();
  s.ui.changes.clear();
  const fbclens::Json j = fbclens::Json::parse(changes_json, nullptr, false);
  if (j.is_object()) {
    for (auto [key, added] : {std::pair{"added", true}, {"changed", false}}) {
      if (!j.contains(key) || !j[key].is_array()) continue;
      for (const fbclens::Json& e : j[key]) {
        if (!e.is_object()) continue;
        const auto text = [&](const char* field) { return e.contains(field) && e[field].is_string() ? e[field].get<std::string>() : ""; };
        s.ui.changes.push_back({text("package"), text("channel"), text("bundle"), added});
      }
    }
    if (j.contains("packages") && j["packages"].is_array()) {  // a package the older catalog lacks: all of it
      for (const fbclens::Json& p : j["packages"]) {
        if (p.is_string()) s.ui.changes.push_back({p.get<std::string>(), "", "", true});
      }
    }
  }
  s.model.scene_dirty = true;
}

// =====================================================================================================
// [SECTION] What the page reads back
// =====================================================================================================

/// The canvas's status for the page and tests: {"frames" (drawn), "ticks" (main-loop iterations;
/// frames are drawn only while something changes), "graphOk", "nodes" (entry nodes drawn; ghosts
/// apart), "edges" (edge instances drawn), "canvasPackage", "canvasChannel", "canvasBundle",
/// "canvasWholePackage" (what the canvas was last told or moved to), "sceneTheme" (the theme the
/// graph's scene was last built with), "pixelRatio", "graphCanvas": {"width", "height"} (the
/// graph's rectangle, pixels), "fps", "frameMs" (main-thread ms per frame drawn, averaged)}.
/// Valid until the next call.
EMSCRIPTEN_KEEPALIVE const char* fbclens_app_status() {
  using namespace fbclens::web;
  const AppState& s = app_state();
  const fbclens::Json status{
      {"frames", g_shell.frames}, {"ticks", g_shell.ticks}, {"graphOk", s.renderer.ok()},
      {"nodes", s.renderer.last_node_count() - std::min(s.renderer.last_node_count(), s.model.layout.ghosts.size())},
      {"edges", s.renderer.last_edge_count()},
      {"canvasPackage", s.ui.selected_package}, {"canvasChannel", s.ui.selected_channel},
      {"canvasBundle", s.ui.selected_bundle}, {"canvasWholePackage", s.ui.whole_package},
      {"sceneTheme", s.model.scene.light ? "light" : "dark"},
      {"graphCanvas", {{"width", s.model.frame.canvas.x}, {"height", s.model.frame.canvas.y}}},
      {"pixelRatio", pixel_ratio()}, {"fps", s.ui.fps}, {"frameMs", g_shell.frame_ms}};
  g_status = status.dump();
  return g_status.c_str();
}

/// The upgrade steps that lose an install mode: `risks_json` is [{package, channel, from, to}]
/// (installPreview's upgradeRisks, core/install/install_view.h), or "" (anything not a list) to
/// clear them. The graph draws each step between the entries it shows as a red band under its edge.
EMSCRIPTEN_KEEPALIVE void fbclens_app_set_install_risks(const char* risks_json) {
  using namespace fbclens::web;
  AppState& s = app_state();
  redraw();
  s.ui.install_risks.clear();
  const fbclens::Json j = fbclens::Json::parse(risks_json, nullptr, false);
  if (j.is_array()) {
    for (const fbclens::Json& e : j) {
      if (!e.is_object()) continue;
      const auto text = [&](const char* field) { return e.contains(field) && e[field].is_string() ? e[field].get<std::string>() : ""; };
      s.ui.install_risks.push_back({text("package"), text("channel"), text("from"), text("to")});
    }
  }
  s.model.scene_dirty = true;
}

/// Statistics of the graph in view (the JS API's graphStats()):
/// {"package", "channel" ("" = whole package), "nodes", "edges": {"replaces", "skips", "skipRange"},
///  "skipRangeDrawn" (skipRange edges drawn: one per range when collapsed), "heads", "headsRinged"
///  (nodes drawn with the head ring), "ghosts" (ghost nodes drawn: names replaces/skips give outside
///  their channel, many names one entry skips as one), "ghostNames" (the names they stand for), "lanes": [{"channel", "nodes", "visibleNodes"}] (per band, one for a
///  single channel; visibleNodes = entries whose centre is inside the graph's rectangle in the last
///  frame drawn), "labelsDrawn" (node and edge labels drawn in that frame), "labelsOverlapping"
///  (pairs of them whose boxes intersect), "zoom", "columnsPerRow" (0 = rows not wrapped),
///  "settledFrames" (frames drawn since the layout arrived and was fitted: the numbers above are
///  measured after the view settles once it is at least 1), "fps", "frames",
///  "routes": {"classic", "v1"} (segments of the upgrade simulator's walks drawn),
///  "changesMarked" (entries marked by the catalog diff, fbclens_app_set_changes), "installRisksMarked"
///  (upgrade steps marked as losing an install mode, fbclens_app_set_install_risks), "missingBundles"
///  (entries drawn as missing their olm.bundle), "labelsOutsideLane" (labels drawn across their
///  lane's band: 0 unless something is wrong), "rangeLabelsOnArc" (skipRange counts drawn over their
///  arc's apex), "keyShown" (the key was drawn)}.
/// Valid until the next call.
EMSCRIPTEN_KEEPALIVE const char* fbclens_app_graph_stats() {
  using namespace fbclens::web;
  const AppState& s = app_state();
  int replaces = 0, skips = 0, skip_range = 0;
  for (const auto& e : s.model.layout.edges) {
    replaces += e.kind == fbclens::EdgeKind::Replaces;
    skips += e.kind == fbclens::EdgeKind::Skips;
    skip_range += e.kind == fbclens::EdgeKind::SkipRange;
  }
  fbclens::Json lanes = fbclens::Json::array();
  for (const GraphFrame::Lane& lane : s.model.frame.lanes) {
    lanes.push_back({{"channel", lane.channel}, {"nodes", lane.nodes}, {"visibleNodes", lane.visible}});
  }
  std::size_t ghost_names = 0;
  for (const auto& g : s.model.layout.ghosts) ghost_names += g.names.size();
  const std::vector<ImVec4>& boxes = s.model.frame.drawn_labels;
  int overlapping = 0;
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    for (std::size_t j = i + 1; j < boxes.size(); ++j) {
      overlapping += boxes[i].x < boxes[j].z && boxes[j].x < boxes[i].z && boxes[i].y < boxes[j].w && boxes[j].y < boxes[i].w;
    }
  }
  const fbclens::Json stats{{"package", s.model.layout_package}, {"channel", s.model.layout_channel},
                            {"nodes", s.model.layout.nodes.size()},
                            {"edges", {{"replaces", replaces}, {"skips", skips}, {"skipRange", skip_range}}},
                            {"skipRangeDrawn", s.ui.collapse_ranges ? static_cast<int>(s.model.layout.ranges.size()) : skip_range},
                            {"heads", s.model.layout.heads}, {"headsRinged", s.model.scene.heads_ringed},
                            {"ghosts", s.model.layout.ghosts.size()}, {"ghostNames", ghost_names}, {"lanes", std::move(lanes)},
                            {"labelsDrawn", boxes.size()}, {"labelsOverlapping", overlapping}, {"zoom", s.ui.zoom},
                            {"columnsPerRow", s.ui.columns_per_row}, {"settledFrames", s.model.frame.settled_frames},
                            {"fps", s.ui.fps}, {"frames", g_shell.frames},
                            {"routes", {{"classic", s.model.scene.route_segments_classic},
                                        {"v1", s.model.scene.route_segments_v1}}},
                            {"changesMarked", s.model.scene.changes_marked},
                            {"installRisksMarked", s.model.scene.install_risks_marked},
                            {"missingBundles", s.model.scene.missing_marked},
                            {"labelsOutsideLane", s.model.frame.labels_outside_band},
                            {"rangeLabelsOnArc", s.model.frame.range_labels_on_arc},
                            {"keyShown", s.model.frame.key_shown}};
  g_status = stats.dump();
  return g_status.c_str();
}

}  // extern "C"
