// The selection and the page's calls about it: a new catalog, show(), selectFinding(), and the
// status and graph statistics the page reads back.
//
// [SECTION] Catalog and selection
// [SECTION] What the page reads back
#include <emscripten/emscripten.h>

#include <algorithm>
#include <string>

#include "app_state.h"
#include "shell.h"

// Tells the page which finding is selected (its index in the Summary, -1 = none), so the DOM list
// of findings follows the app's selection.
EM_JS(void, fbclens_finding_selected, (int index), {
  if (Module['onFindingSelected']) Module['onFindingSelected'](index);
});

// Tells the page which package is selected ("" = none), so the DOM views of a package (the
// OperatorHub preview) follow the app's selection.
EM_JS(void, fbclens_package_selected, (const char* package), {
  if (Module['onPackageSelected']) Module['onPackageSelected'](UTF8ToString(package));
});

// Tells the page which channel entry is selected (bundle "" = none), so the DOM text of the
// selected bundle follows the app's selection.
EM_JS(void, fbclens_bundle_selected, (const char* package, const char* channel, const char* bundle), {
  if (Module['onBundleSelected']) Module['onBundleSelected'](UTF8ToString(package), UTF8ToString(channel), UTF8ToString(bundle));
});

namespace fbclens::web {

namespace {

std::string g_status;  // the text of the last status or statistics (valid until the next call)

// =====================================================================================================
// [SECTION] Catalog and selection
// =====================================================================================================

// Selects `channel` of `package` (the whole package when `channel` is ""), and `bundle` when not
// "" and an entry of that channel; false, and nothing changed, when any of them is absent.
bool show(AppState& s, const std::string& package, const std::string& channel, const std::string& bundle) {
  const auto p = std::find_if(s.model.view.package_rows.begin(), s.model.view.package_rows.end(),
                              [&](const PackageRow& row) { return row.name == package; });
  if (p == s.model.view.package_rows.end()) return false;
  if (channel.empty()) {
    if (!bundle.empty()) return false;
  } else {
    const auto c = std::find_if(p->channels.begin(), p->channels.end(), [&](const ChannelRow& row) { return row.name == channel; });
    if (c == p->channels.end()) return false;
    if (!bundle.empty() &&
        std::none_of(c->bundles.begin(), c->bundles.end(), [&](const BundleRow& b) { return b.name == bundle; })) {
      return false;
    }
  }
  select(s, package, channel, bundle);
  if (!bundle.empty()) s.ui.lower_tab_request = UiState::LowerTab::Bundle;
  return true;
}

}  // namespace

std::string package_channel(const CatalogView& view, const std::string& package) {
  for (const auto& p : view.package_rows) {
    if (p.name != package) continue;
    for (const auto& c : p.channels) {
      if (c.name == p.default_channel) return c.name;
    }
    return p.channels.empty() ? std::string() : p.channels.front().name;
  }
  return {};
}

void select(AppState& s, const std::string& package, const std::string& channel, const std::string& bundle) {
  if (package != s.ui.selected_package || s.ui.selected_channel.empty()) {
    s.ui.selected_channel = package_channel(s.model.view, package);
  }
  s.ui.selected_package = package;
  if (!channel.empty()) s.ui.selected_channel = channel;
  s.ui.whole_package = channel.empty();
  s.ui.selected_bundle = bundle;
  s.ui.selected_bundle_channel = channel;
  s.model.scene_dirty = true;
}

void announce_selection(AppState& s) {
  if (s.ui.selected_package != s.ui.package_announced) {
    s.ui.package_announced = s.ui.selected_package;
    fbclens_package_selected(s.ui.package_announced.c_str());
  }
  // The bundle's lane: the channel it was selected in (whole-package view), else the channel shown.
  const std::string& lane = s.ui.selected_bundle_channel.empty() ? s.ui.selected_channel : s.ui.selected_bundle_channel;
  const std::string bundle_key = s.ui.selected_package + '\n' + lane + '\n' + s.ui.selected_bundle;
  if (bundle_key != s.ui.bundle_announced) {
    s.ui.bundle_announced = bundle_key;
    fbclens_bundle_selected(s.ui.selected_package.c_str(), lane.c_str(), s.ui.selected_bundle.c_str());
  }
  const int finding = s.ui.selected_finding >= 0 ? s.model.view.findings[s.ui.selected_finding].index : -1;
  if (finding == s.ui.finding_announced) return;
  s.ui.finding_announced = finding;
  fbclens_finding_selected(finding);
}

}  // namespace fbclens::web

extern "C" {

/// Gives the app a newly loaded catalog: `view_json` is the load's answer, the catalog view
/// (core/export/catalog_view_json.h), parsed here once. Selection resets to the first package's
/// default channel.
EMSCRIPTEN_KEEPALIVE void fbclens_app_set_catalog(const char* view_json) {
  using namespace fbclens::web;
  AppState& s = app_state();
  wake();
  const unsigned generation = s.model.view.generation + 1;
  s.model = ViewModel{};
  s.model.view = parse_catalog_view(fbclens::Json::parse(view_json, nullptr, false), generation);
  s.ui.selected_finding = -1;
  s.requests.excerpt_for = -1;
  s.ui.selected_bundle.clear();
  s.ui.selected_package.clear();
  s.ui.selected_channel.clear();
  s.ui.whole_package = false;
  // Start on the first package's channel (package_channel) so the graph is never empty.
  if (!s.model.view.package_rows.empty()) {
    const std::string& first = s.model.view.package_rows.front().name;
    select(s, first, package_channel(s.model.view, first));
  }
  apply_search(s.model.view, s.ui.search);
}

/// Selects what the graph shows (the JS API's show()): `channel` of `package`, or the whole package
/// with its channels as lanes when `channel` is "", and the entry `bundle` of that channel when not
/// "". Returns 1 when they exist, else 0 (the selection is left unchanged).
EMSCRIPTEN_KEEPALIVE int fbclens_app_show(const char* package, const char* channel, const char* bundle) {
  fbclens::web::wake();
  return fbclens::web::show(fbclens::web::app_state(), package, channel, bundle) ? 1 : 0;
}

/// The channel `package` alone stands for (package_channel: its default channel, else its first);
/// "" when there is no such package. Valid until the next call.
EMSCRIPTEN_KEEPALIVE const char* fbclens_app_package_channel(const char* package) {
  using namespace fbclens::web;
  g_status = package_channel(app_state().model.view, package);
  return g_status.c_str();
}

/// The upgrade simulator's routes: `routes_json` is {"classic": [bundle...], "v1": [bundle...]}
/// (each OLM's walk, web/simulator.js), or "" to clear them. The graph draws each walk's steps
/// between the nodes it shows as a highlighter route in that OLM's colour.
EMSCRIPTEN_KEEPALIVE void fbclens_app_set_routes(const char* routes_json) {
  using namespace fbclens::web;
  AppState& s = app_state();
  wake();
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
  wake();
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

/// Selects the finding at `index` in the Summary's findings (as a click in the findings panel does).
/// Returns 1, or 0 when there is no such finding.
EMSCRIPTEN_KEEPALIVE int fbclens_app_select_finding(int index) {
  using namespace fbclens::web;
  AppState& s = app_state();
  wake();
  for (int row = 0; row < static_cast<int>(s.model.view.findings.size()); ++row) {
    if (s.model.view.findings[row].index != index) continue;
    select_finding(s, row);
    return 1;
  }
  return 0;
}

// =====================================================================================================
// [SECTION] What the page reads back
// =====================================================================================================

/// App status for tests and the page: {"frames" (drawn), "ticks" (main-loop iterations; frames are
/// drawn only while something changes), "graphOk", "nodes" (entry nodes drawn; ghosts apart),
/// "edges" (edge instances drawn),
/// "package", "channel", "bundle", "wholePackage", "finding" (index into the findings as grouped,
/// -1 = none), "findingCode", "search", "theme", "sceneTheme" (the theme the graph's scene was
/// last built with), "upgrade" (where each OLM takes the selected bundle, as shown), "pixelRatio",
/// "details" (the bundle whose details the Bundle tab shows, "" = none yet), "detailsProperties",
/// "lowerTab" ("findings" or "bundle"), "explorer" (shown: a narrow window folds it away),
/// "graphOnly" (an embed: the graph alone, fbclens_app_set_graph_only),
/// "graphCanvas": {"width", "height"} (the graph's rectangle, pixels), "fps", "frameMs" (main-thread
/// ms per frame drawn, averaged)}.
/// Valid until the next call.
EMSCRIPTEN_KEEPALIVE const char* fbclens_app_status() {
  using namespace fbclens::web;
  const AppState& s = app_state();
  const fbclens::Json status{
      {"frames", g_shell.frames}, {"ticks", g_shell.ticks}, {"graphOk", s.renderer.ok()},
      {"nodes", s.renderer.last_node_count() - std::min(s.renderer.last_node_count(), s.model.layout.ghosts.size())},
      {"edges", s.renderer.last_edge_count()},
      {"package", s.ui.selected_package}, {"channel", s.ui.selected_channel}, {"bundle", s.ui.selected_bundle},
      {"wholePackage", s.ui.whole_package}, {"finding", s.ui.selected_finding},
      {"findingCode", s.ui.selected_finding >= 0 ? s.model.view.findings[s.ui.selected_finding].code : ""},
      {"search", std::string(s.ui.search)}, {"theme", s.ui.light_theme ? "light" : "dark"},
      {"sceneTheme", s.model.scene.light ? "light" : "dark"}, {"upgrade", s.model.upgrade_text},
      {"details", s.model.details.name}, {"detailsProperties", s.model.details.properties.size()},
      {"lowerTab", s.ui.lower_tab_shown == UiState::LowerTab::Bundle ? "bundle" : "findings"},
      {"explorer", s.ui.explorer_shown}, {"graphOnly", s.ui.graph_only},
      {"graphCanvas", {{"width", s.model.frame.canvas.x}, {"height", s.model.frame.canvas.y}}},
      {"pixelRatio", pixel_ratio()}, {"fps", s.ui.fps}, {"frameMs", g_shell.frame_ms}};
  g_status = status.dump();
  return g_status.c_str();
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
///  "changesMarked" (entries marked by the catalog diff, fbclens_app_set_changes)}.
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
                            {"changesMarked", s.model.scene.changes_marked}};
  g_status = stats.dump();
  return g_status.c_str();
}

}  // extern "C"
