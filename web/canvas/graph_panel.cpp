// The graph canvas: the selected channel, or the package's channels as lanes, drawn with the
// shaders in shaders/, filling the whole canvas. Everything else of the app (the explorer, the
// findings, the bundle, the panels) is the page's DOM (web/shell, web/panels).
//
// [SECTION] index
//   - Graph panel: scene, labels, overlays, navigation, toolbar and key, canvas
//   - The frame: the graph filling the canvas
#include <emscripten/emscripten.h>

#include <algorithm>
#include <cmath>
#include <tuple>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <unordered_map>

#include "app_state.h"
#include "imgui.h"
#include "imgui_internal.h"  // ActivateItemByID, InputEventsQueue
#include "layout/palette.h"
#include "layout/scene_geometry.h"

// Tells the page a ghost node was clicked: the package, the channel it is drawn in, the names it
// stands for (one per line) and the entry naming it ("" = none), so the page shows its finding.
EM_JS(void, fbclens_ghost_clicked, (const char* package, const char* channel, const char* names, const char* declarer), {
  if (Module['onGhost']) Module['onGhost'](UTF8ToString(package), UTF8ToString(channel), UTF8ToString(names), UTF8ToString(declarer));
});

namespace fbclens::web {

namespace {

// Warnings and opm's text: a lighter amber on dark backgrounds, a darker one on light.
ImVec4 amber() {
  const bool light = ImGui::GetStyle().Colors[ImGuiCol_WindowBg].x > 0.5f;
  return light ? ImVec4(0.62f, 0.36f, 0.0f, 1.0f) : ImVec4(0.91f, 0.59f, 0.06f, 1.0f);
}
// Secondary text: the theme's own disabled-text colour, readable on dark and light.
ImVec4 dim() { return ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled); }

// [SECTION] Graph panel
// The geometry the SVG export shares (core/layout/scene_geometry.h).
using scene::kColumn;
using scene::kLane;
using scene::kRadius;
using scene::kBandMinPx;
using scene::Bow;
// Between the canvas's edges and the fitted graph.
constexpr float kMargin = 8.0f;
// The least zoom a fit goes to: below it labels shrink to "..0" and lanes run together, so a graph
// too big to show whole at this zoom is shown from its first lanes, wrapped to the canvas's width,
// and scrolled (drag, or the wheel with Shift) instead.
constexpr float kReadableZoom = 0.5f;

// Colours of the graph per theme: core/layout/palette.h (the SVG export writes the same ones),
// here in the forms the instance records (RGBA 0..1) and ImGui's draw lists (ImU32) take.
struct Palette {
  float replaces[4], skips[4], skip_range[4], ignored[4];
  float node_fill[4], node_ring[4], deprecated_fill[4], head_ring[4], selected_ring[4];
  ImU32 label, band_label, band_line;
  ImU32 band_label_bg;  ///< behind a lane's heading, so edges running under it do not hide it
  float ghost_fill[4], ghost_ring[4];  ///< a name the channel does not list
  float link[4];                       ///< the same bundle in another lane
  float missing_ring[4];               ///< an entry whose olm.bundle is missing
  ImU32 band_bg;                       ///< every other band's background
  ImU32 deprecated_bg;                 ///< a deprecated channel's lane, and deprecated titles
  ImU32 deprecated_text;               ///< text on deprecated_fill's solid form
};

Palette make_palette(const GraphPalette& p) {
  const auto f4 = [](const Rgba& c, float (&out)[4]) { out[0] = c.r, out[1] = c.g, out[2] = c.b, out[3] = c.a; };
  const auto u32 = [](const Rgba& c) { return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, c.a)); };
  Palette out{};
  f4(p.replaces, out.replaces), f4(p.skips, out.skips), f4(p.skip_range, out.skip_range), f4(p.ignored, out.ignored);
  f4(p.node_fill, out.node_fill), f4(p.node_ring, out.node_ring), f4(p.deprecated_fill, out.deprecated_fill);
  f4(p.head_ring, out.head_ring), f4(p.selected_ring, out.selected_ring);
  out.label = u32(p.label), out.band_label = u32(p.band_label), out.band_line = u32(p.band_line);
  out.band_label_bg = u32(p.band_label_bg);
  f4(p.ghost_fill, out.ghost_fill), f4(p.ghost_ring, out.ghost_ring), f4(p.link, out.link);
  f4(p.missing_ring, out.missing_ring);
  out.band_bg = u32(p.band_bg), out.deprecated_bg = u32(p.deprecated_bg), out.deprecated_text = u32(p.deprecated_text);
  return out;
}

const Palette& palette(bool light) {
  static const Palette dark = make_palette(graph_palette(false)), light_ = make_palette(graph_palette(true));
  return light ? light_ : dark;
}

ImU32 to_u32(const float* c) { return ImGui::ColorConvertFloat4ToU32(ImVec4(c[0], c[1], c[2], c[3])); }

// Layout pixels → screen: each band is shifted by its band_shifts entry (GraphRenderer does the same).
struct ScreenMap {
  ImVec2 offset;
  float zoom;
  const std::vector<float>& shifts;
  ImVec2 at(ImVec2 p, int band) const {
    const float shift = shifts.empty() ? 0.0f : shifts[std::min<std::size_t>(band, shifts.size() - 1)];
    return ImVec2(offset.x + p.x * zoom, offset.y + p.y * zoom + shift);
  }
};

// The node the selection points at (-1 = none). In the whole-package view a bundle appears once
// per channel, so the lane's channel decides.
int selected_node(const AppState& s) {
  for (int i = 0; i < static_cast<int>(s.model.layout.nodes.size()); ++i) {
    const LayoutNode& n = s.model.layout.nodes[i];
    if (n.name == s.ui.selected_bundle && n.channel == s.ui.selected_channel) return i;
  }
  return -1;
}

// The user picked node `index`: its bundle, in its lane's channel (announced to the page after
// the frame, announce_selection).
void select_node(AppState& s, int index) {
  const LayoutNode& n = s.model.layout.nodes[index];
  s.ui.selected_bundle = n.name;
  if (!n.channel.empty()) s.ui.selected_channel = n.channel;
  s.model.scene_dirty = true;
}

// scene::bow_of on the canvas's pixel points.
Bow bow_of(const Placement::Point& pa, const Placement::Point& pb, int row_columns, ImVec2 a, ImVec2 b, EdgeKind kind) {
  return scene::bow_of(pa, pb, row_columns, {a.x, a.y}, {b.x, b.y}, kind);
}
ImVec2 to_imvec(scene::Point p) { return ImVec2(p.x, p.y); }

EdgeInstance edge_instance(ImVec2 a, ImVec2 b, const Bow& bow, const float* color, float width, float dash, Marker marker,
                           int band0, int band1) {
  EdgeInstance e{a.x, a.y, bow.control.x, bow.control.y, b.x, b.y, width, dash, {color[0], color[1], color[2], color[3]},
                 static_cast<float>(marker), kRadius};
  e.band0 = static_cast<float>(band0);
  e.band1 = static_cast<float>(band1);
  return e;
}

// The upgrade simulator's walks as highlighter routes under the edges: each step between two nodes
// in view is a wide translucent band in its OLM's colour (the simulator's --route-classic and
// --route-v1), Classic's a little above and v1's a little below, so two walks that agree show both.
// In a whole-package view a bundle sits in several lanes: a step stays in the lane it came from
// when it can. Steps to or from bundles not in view (e.g. an installed bundle pruned from the
// catalog) are left out. Returns the segments drawn per route.
std::pair<int, int> add_routes(const AppState& s, const GraphScene& scene, std::vector<EdgeInstance>& under) {
  const ChannelLayout& layout = s.model.layout;
  const auto node_of = [&layout](const std::string& name, const std::string& prefer_channel) {
    int found = -1;
    for (int i = 0; i < static_cast<int>(layout.nodes.size()); ++i) {
      if (layout.nodes[i].name != name) continue;
      if (layout.nodes[i].channel == prefer_channel) return i;
      if (found < 0) found = i;
    }
    return found;
  };
  const auto draw = [&](const std::vector<std::string>& walk, const float color[4], float shift) {
    int segments = 0;
    std::string channel = s.ui.selected_channel;
    for (std::size_t k = 0; k + 1 < walk.size(); ++k) {
      const int a = node_of(walk[k], channel), b = node_of(walk[k + 1], channel);
      if (a < 0 || b < 0) continue;
      channel = layout.nodes[b].channel;
      const ImVec2 p = scene.positions[a], q = scene.positions[b];
      const float band_color[4] = {color[0], color[1], color[2], 0.55f};
      const Bow straight{false, {(p.x + q.x) / 2, (p.y + q.y) / 2 + shift}};
      under.push_back(edge_instance(ImVec2(p.x, p.y + shift), ImVec2(q.x, q.y + shift), straight, band_color, 9.0f, 0.0f,
                                    Marker::None, layout.nodes[a].band, layout.nodes[b].band));
      ++segments;
    }
    return segments;
  };
  static const float classic_color[4] = {0.91f, 0.59f, 0.06f, 1.0f};  // #e8960f
  static const float v1_color[4] = {0.69f, 0.49f, 0.94f, 1.0f};       // #b07cf0
  return {draw(s.ui.routes.classic, classic_color, -4.0f), draw(s.ui.routes.v1, v1_color, 4.0f)};
}

// The upgrade steps that lose an install mode (UiState::install_risks): a red band under each
// step between two entries of the channel it is in (in a whole-package view, that channel's lane),
// along the edge that gives it (replaces, skips or a skipRange, curved as that edge is: a straight
// band would run over the entries in between). Straight bands go to `straight`, curved ones to
// `curved`. Returns the steps drawn.
// #d82929, translucent: reads as "breaks" on both themes, under the edge's own colour.
constexpr float kInstallRiskColor[4] = {0.85f, 0.16f, 0.16f, 0.55f};

int add_install_risks(const AppState& s, const GraphScene& scene, std::vector<EdgeInstance>& straight,
                      std::vector<EdgeInstance>& curved) {
  const ChannelLayout& layout = s.model.layout;
  const auto node_of = [&layout](const std::string& name, const std::string& channel) {
    for (int i = 0; i < static_cast<int>(layout.nodes.size()); ++i) {
      if (layout.nodes[i].name == name && layout.nodes[i].channel == channel) return i;
    }
    return -1;
  };
  int drawn = 0;
  for (const UiState::UpgradeStep& step : s.ui.install_risks) {
    if (step.package != s.model.layout_package) continue;
    const int a = node_of(step.from, step.channel), b = node_of(step.to, step.channel);
    if (a < 0 || b < 0) continue;
    EdgeKind kind = EdgeKind::Replaces;  // the step's edge: replaces first, else skips, else a skipRange
    int rank = 3;
    for (const LayoutEdge& e : layout.edges) {
      const int r = e.kind == EdgeKind::Replaces ? 0 : e.kind == EdgeKind::Skips ? 1 : 2;
      if (e.from == a && e.to == b && r < rank) kind = e.kind, rank = r;
    }
    const ImVec2 p = scene.positions[a], q = scene.positions[b];
    const int band = layout.nodes[b].band;
    const Bow bow = bow_of(scene.placement.nodes[a], scene.placement.nodes[b], scene.placement.bands[band].columns, p, q, kind);
    (bow.curved ? curved : straight)
        .push_back(edge_instance(p, q, bow, kInstallRiskColor, 9.0f, 0.0f, Marker::None, layout.nodes[a].band, band));
    ++drawn;
  }
  return drawn;
}

// The catalog diff's marks (UiState::changes): a halo on each entry of the layout the older
// catalog did not have (green) or whose replaces / skips / skipRange changed (amber). Colours of
// their own, not the palette's: they must read as "changed" beside every state a node has.
void build_changes(AppState& s, GraphScene& scene) {
  GraphLayer marks;
  if (!s.ui.changes.empty()) {
    static const float kAdded[3] = {0.18f, 0.75f, 0.35f}, kChanged[3] = {0.95f, 0.55f, 0.10f};
    const ChannelLayout& layout = s.model.layout;
    for (const UiState::ChangedEntry& c : s.ui.changes) {
      if (c.package != s.model.layout_package) continue;
      for (int i = 0; i < static_cast<int>(layout.nodes.size()); ++i) {
        const bool whole = c.bundle.empty() && c.channel.empty();
        if (!whole && (layout.nodes[i].name != c.bundle || layout.nodes[i].channel != c.channel)) continue;
        NodeInstance copy = scene.nodes[i];
        copy.style = static_cast<float>(static_cast<unsigned>(copy.style) | kNodeHalo);
        copy.halo[0] = pack_rgb(c.added ? kAdded : kChanged);
        marks.nodes.push_back(copy);
      }
    }
  }
  scene.changes_marked = static_cast<int>(marks.nodes.size());
  s.renderer.set_overlay(Overlay::Changes, marks);
}

void build_scene(AppState& s, GraphScene& scene) {
  const ChannelLayout& layout = s.model.layout;
  const Palette& pal = palette(s.ui.light_theme);
  scene = {};
  scene.light = s.ui.light_theme;
  scene.placement = place_layout(layout, s.ui.columns_per_row);
  s.model.frame.label_zoom = -1;  // labels and links follow the new scene
  s.model.frame.links_for[0] = s.model.frame.links_for[1] = -2;
  const auto cell = [](const Placement::Point& p) { return to_imvec(scene::cell_centre(p)); };
  for (const Placement::Point& p : scene.placement.nodes) scene.positions.push_back(cell(p));
  for (const Placement::Point& p : scene.placement.ghosts) scene.ghost_positions.push_back(cell(p));
  const int selected = selected_node(s);

  // Labels: under every node and ghost, in three lengths.
  const auto label = [](ImVec2 at, int band, const std::string& full, const std::string& shorter, const std::string& tiny) {
    GraphLabel l{at, band, true, {full, shorter.empty() ? full : shorter, tiny.empty() ? full : tiny}};
    for (int t = 0; t < 3; ++t) l.width[t] = ImGui::CalcTextSize(l.text[t].c_str()).x;
    return l;
  };
  for (std::size_t i = 0; i < layout.nodes.size(); ++i) {
    const LayoutNode& n = layout.nodes[i];
    scene.labels.push_back(label(scene.positions[i], n.band, n.label, n.short_label, n.tiny_label));
  }
  for (std::size_t g = 0; g < layout.ghosts.size(); ++g) {
    const LayoutGhost& n = layout.ghosts[g];
    scene.labels.push_back(label(scene.ghost_positions[g], n.band, n.label, n.short_label, n.tiny_label));
  }

  GraphLayer out;
  const auto add_edge = [&](int from, int to, EdgeKind kind, bool classic_ignored, bool touches_selection) {
    const ImVec2 a = scene.positions[from], b = scene.positions[to];
    const int band = layout.nodes[to].band;
    const Bow bow = bow_of(scene.placement.nodes[from], scene.placement.nodes[to], scene.placement.bands[band].columns, a,
                           b, kind);
    const float* base = kind == EdgeKind::Skips ? pal.skips : kind == EdgeKind::SkipRange ? pal.skip_range : pal.replaces;
    EdgeInstance e = edge_instance(a, b, bow, base, kind == EdgeKind::SkipRange ? 1.5f : 2.0f,
                                   kind == EdgeKind::SkipRange ? 10.0f : 0.0f,
                                   kind == EdgeKind::Skips ? Marker::Cross : kind == EdgeKind::SkipRange ? Marker::Circle : Marker::Arrow,
                                   layout.nodes[from].band, band);
    if (touches_selection) {
      e.width += 1.5f;
      for (int k = 0; k < 3; ++k) e.color[k] = s.ui.light_theme ? e.color[k] * 0.6f : std::min(1.0f, e.color[k] + 0.2f);
    } else if (selected >= 0) {
      e.color[3] = 0.4f;  // the rest recedes
    }
    auto& list = bow.curved ? out.curved : out.straight;
    list.push_back(e);
    if (s.ui.show_classic_ignored && classic_ignored) {
      EdgeInstance overlay = e;
      overlay.width = 1.5f;
      std::copy(pal.ignored, pal.ignored + 4, overlay.color);
      overlay.dash = 7.0f;
      overlay.marker = static_cast<float>(Marker::None);
      list.push_back(overlay);
    }
    return bow;
  };
  for (const LayoutEdge& e : layout.edges) {
    if (e.kind == EdgeKind::SkipRange && s.ui.collapse_ranges && e.range >= 0) continue;
    add_edge(e.from, e.to, e.kind, e.classic_ignored, selected >= 0 && (e.from == selected || e.to == selected));
  }
  if (s.ui.collapse_ranges) {
    // One edge per skipRange, from the newest entry it matches; Classic ignores it if it ignores
    // any of the range's edges (they share the declaring entry, so all or none).
    std::vector<bool> range_ignored(layout.ranges.size(), false);
    for (const LayoutEdge& e : layout.edges) {
      if (e.range >= 0) range_ignored[e.range] = range_ignored[e.range] || e.classic_ignored;
    }
    for (std::size_t r = 0; r < layout.ranges.size(); ++r) {
      const SkipRangeGroup& g = layout.ranges[r];
      if (g.from.empty()) continue;
      bool touches = selected == g.to;
      for (int f : g.from) touches = touches || f == selected;
      const Bow bow = add_edge(g.from.back(), g.to, EdgeKind::SkipRange, range_ignored[r], touches);
      if (g.from.size() > 1) {  // named at the top of its arc
        const ImVec2 a = scene.positions[g.from.back()], b = scene.positions[g.to];
        const std::string text = std::to_string(g.from.size()) + " in " + g.range;
        GraphLabel l{to_imvec(scene::range_label_at({a.x, a.y}, {b.x, b.y}, bow, 0.0f)), layout.nodes[g.to].band, false,
                     {text, std::to_string(g.from.size()), ""}};
        l.width[0] = ImGui::CalcTextSize(l.text[0].c_str()).x;
        l.width[1] = ImGui::CalcTextSize(l.text[1].c_str()).x;
        scene.labels.push_back(std::move(l));
      }
    }
  }
  // Ghost edges: dashed, in their kind's colour, from the missing name to the entry naming it.
  for (const GhostEdge& e : layout.ghost_edges) {
    const ImVec2 a = scene.ghost_positions[e.ghost], b = scene.positions[e.to];
    const int band = layout.nodes[e.to].band;
    const Bow bow = bow_of(scene.placement.ghosts[e.ghost], scene.placement.nodes[e.to], scene.placement.bands[band].columns,
                           a, b, e.kind);
    const float* base = e.kind == EdgeKind::Skips ? pal.skips : pal.replaces;
    EdgeInstance edge = edge_instance(a, b, bow, base, 1.5f, 6.0f, e.kind == EdgeKind::Skips ? Marker::Cross : Marker::Arrow,
                                      band, band);
    edge.color[3] = selected >= 0 && e.to != selected ? 0.3f : 0.7f;
    (bow.curved ? out.curved : out.straight).push_back(edge);
  }

  // Nodes: every head ringed; the selection gets a halo, so it never hides the head ring.
  const float halo = pack_rgb(pal.selected_ring);
  for (int i = 0; i < static_cast<int>(layout.nodes.size()); ++i) {
    const LayoutNode& n = layout.nodes[i];
    // An entry whose olm.bundle is missing is hollow with a dashed red ring: never like any other.
    const float* fill = n.missing_bundle ? pal.ghost_fill : n.deprecated ? pal.deprecated_fill : pal.node_fill;
    const float* ring = n.missing_bundle ? pal.missing_ring : n.head ? pal.head_ring : pal.node_ring;
    NodeInstance inst{scene.positions[i].x, scene.positions[i].y, kRadius, n.deprecated ? 1.0f : 0.0f,
                      {fill[0], fill[1], fill[2], fill[3]}, {ring[0], ring[1], ring[2], ring[3]}};
    inst.band = static_cast<float>(n.band);
    inst.style = static_cast<float>((i == selected ? kNodeHalo : 0u) | (n.missing_bundle ? kNodeGhost : 0u));
    inst.halo[0] = halo;
    scene.heads_ringed += n.head && ring == pal.head_ring;
    scene.missing_marked += n.missing_bundle;
    out.nodes.push_back(inst);
  }
  for (std::size_t g = 0; g < layout.ghosts.size(); ++g) {
    NodeInstance inst{scene.ghost_positions[g].x, scene.ghost_positions[g].y, kRadius * 0.85f, 0.0f,
                      {pal.ghost_fill[0], pal.ghost_fill[1], pal.ghost_fill[2], pal.ghost_fill[3]},
                      {pal.ghost_ring[0], pal.ghost_ring[1], pal.ghost_ring[2], pal.ghost_ring[3]}};
    inst.band = static_cast<float>(layout.ghosts[g].band);
    inst.style = kNodeGhost;
    out.nodes.push_back(inst);
  }
  std::vector<EdgeInstance> routes;
  std::tie(scene.route_segments_classic, scene.route_segments_v1) = add_routes(s, scene, routes);
  std::vector<EdgeInstance> curved_risks;
  scene.install_risks_marked = add_install_risks(s, scene, routes, curved_risks);
  out.straight.insert(out.straight.begin(), routes.begin(), routes.end());  // drawn first: under the edges
  out.curved.insert(out.curved.begin(), curved_risks.begin(), curved_risks.end());
  scene.nodes = out.nodes;
  s.renderer.set_scene(out);
  build_changes(s, scene);

  // Which labels get room first: the selection, the heads, the other entries by band and row from
  // the left, the ghosts, then the skipRange counts.
  const auto rank = [&](int i) {
    const int nodes = static_cast<int>(layout.nodes.size()), ghosts = static_cast<int>(layout.ghosts.size());
    if (i == selected) return 0;
    if (i < nodes) return layout.nodes[i].head ? 1 : 2;
    return i < nodes + ghosts ? 3 : 4;
  };
  for (int i = 0; i < static_cast<int>(scene.labels.size()); ++i) scene.label_order.push_back(i);
  std::stable_sort(scene.label_order.begin(), scene.label_order.end(), [&](int a, int b) {
    const GraphLabel &la = scene.labels[a], &lb = scene.labels[b];
    return std::make_tuple(rank(a), la.band, la.at.y, la.at.x) < std::make_tuple(rank(b), lb.band, lb.at.y, lb.at.x);
  });
}

// The box label `l` takes with text `t` when its anchor is at `p` (screen, or relative: boxes are
// only compared with each other) and nodes have radius `radius` on screen.
// A node's label sits under it; a skipRange's count sits just above its arc's apex, never on the
// dashed line (where "17" would read "-17").
ImVec4 label_box(const GraphLabel& l, int t, ImVec2 p, float radius) {
  const float h = ImGui::GetTextLineHeight();
  if (l.under_node) return ImVec4(p.x - l.width[t] / 2, p.y + radius + 2, p.x + l.width[t] / 2, p.y + radius + 2 + h);
  return ImVec4(p.x - l.width[t] / 2, p.y - h - 3, p.x + l.width[t] / 2, p.y - 3);
}

bool overlap(const ImVec4& a, const ImVec4& b) { return a.x < b.z && b.x < a.z && a.y < b.w && b.y < a.w; }

// The vertical extent of band `b` on screen at `zoom`, relative to the graph's origin: its lanes
// (at least band_px tall, centred in that room) and half the gap to each neighbour. Labels stay
// inside it, so they never spill into a neighbouring lane.
std::pair<float, float> band_span(const Placement& placement, std::size_t b, float zoom, const std::vector<float>& shifts,
                                  float band_px) {
  const Placement::Band& pb = placement.bands[b];
  const float natural = pb.height * kLane * zoom, room = std::max(natural, band_px);
  const float top = pb.top * kLane * zoom + (b < shifts.size() ? shifts[b] : 0.0f) - (room - natural) / 2;
  const float gap = Placement::kBandGap * kLane * zoom / 2;
  return {top - gap, top + room + gap};
}

// Chooses each label's text for `zoom`: in label_order, the longest of its texts whose box
// overlaps no node and no label placed before it (with a few pixels between labels) and stays
// within `min_x`..`max_x` (the graph's width, relative to its left edge, so a fitted graph cuts
// no label); none when even the shortest does not fit. So labels never overlap, and every zoom
// shows as many as fit. Called when the zoom or the scene changes, not per frame: a grid of 64 px
// cells keeps it linear in the labels.
void place_labels(const GraphScene& scene, float zoom, const std::vector<float>& shifts, float min_x, float max_x,
                  float band_px, std::vector<signed char>& tier) {
  constexpr float kCell = 64.0f, kGap = 3.0f;
  const ScreenMap map{ImVec2(0, 0), zoom, shifts};
  std::unordered_map<std::int64_t, std::vector<ImVec4>> grid;
  const auto cells = [&](const ImVec4& box, auto&& visit) {
    const int x0 = static_cast<int>(std::floor(box.x / kCell)), x1 = static_cast<int>(std::floor(box.z / kCell));
    const int y0 = static_cast<int>(std::floor(box.y / kCell)), y1 = static_cast<int>(std::floor(box.w / kCell));
    for (int y = y0; y <= y1; ++y) {
      for (int x = x0; x <= x1; ++x) {
        if (visit(grid[(static_cast<std::int64_t>(y) << 32) ^ static_cast<std::uint32_t>(x)])) return true;
      }
    }
    return false;
  };
  const auto add = [&](const ImVec4& box) { cells(box, [&](std::vector<ImVec4>& c) { c.push_back(box); return false; }); };
  const float radius = std::max(kRadius * zoom, 2.0f);
  for (const NodeInstance& n : scene.nodes) {
    const ImVec2 p = map.at(ImVec2(n.x, n.y), static_cast<int>(n.band));
    add(ImVec4(p.x - radius, p.y - radius, p.x + radius, p.y + radius));
  }
  tier.assign(scene.labels.size(), -1);
  for (int i : scene.label_order) {
    const GraphLabel& l = scene.labels[i];
    const ImVec2 p = map.at(l.at, l.band);
    for (int t = 0; t < 3; ++t) {
      if (l.text[t].empty() || (t > 0 && l.text[t] == l.text[t - 1])) continue;
      const ImVec4 text_box = label_box(l, t, p, radius);
      const ImVec4 box(text_box.x - kGap, text_box.y, text_box.z + kGap, text_box.w);
      if (box.x < min_x || box.z > max_x) continue;
      if (scene.placement.bands.size() > 1 && l.band >= 0 && l.band < static_cast<int>(scene.placement.bands.size())) {
        const auto [top, bottom] = band_span(scene.placement, l.band, zoom, shifts, band_px);
        if (box.y < top || box.w > bottom) continue;
      }
      const bool taken = cells(box, [&](std::vector<ImVec4>& c) {
        return std::any_of(c.begin(), c.end(), [&](const ImVec4& other) { return overlap(box, other); });
      });
      if (taken) continue;
      tier[i] = static_cast<signed char>(t);
      add(box);
      break;
    }
  }
}

// The Links overlay: in the whole-package view, the hovered and the selected node joined to the
// same bundle in the other lanes by dashed curves, those copies haloed. Rebuilt when either changes.
void build_links(AppState& s, int hovered, int selected) {
  GraphFrame& f = s.model.frame;
  if (f.links_for[0] == hovered && f.links_for[1] == selected) return;
  f.links_for[0] = hovered;
  f.links_for[1] = selected;
  GraphLayer links;
  const ChannelLayout& layout = s.model.layout;
  const GraphScene& scene = s.model.scene;
  const Palette& pal = palette(s.ui.light_theme);
  std::vector<int> sources;
  for (int from : {selected, hovered}) {
    if (from >= 0 && s.ui.whole_package && std::find(sources.begin(), sources.end(), from) == sources.end()) sources.push_back(from);
  }
  for (int from : sources) {
    for (int to = 0; to < static_cast<int>(layout.nodes.size()); ++to) {
      if (to == from || layout.nodes[to].name != layout.nodes[from].name) continue;
      const ImVec2 a = scene.positions[from], b = scene.positions[to];
      // Bowed to the right, so a link between lanes stacked in one column passes beside them.
      const Bow bow{true, {(a.x + b.x) / 2 + kColumn * 0.5f, (a.y + b.y) / 2}};
      links.curved.push_back(edge_instance(a, b, bow, pal.link, 2.0f, 6.0f, Marker::None, layout.nodes[from].band,
                                           layout.nodes[to].band));
      NodeInstance copy = scene.nodes[to];
      copy.style = static_cast<float>(static_cast<unsigned>(copy.style) | kNodeHalo);
      copy.halo[0] = pack_rgb(pal.link);
      links.nodes.push_back(copy);
    }
  }
  s.renderer.set_overlay(Overlay::Links, links);
}

// Keyboard navigation along the edges: Right/Left follow an out-/in-edge (replaces first, then
// skips, then skipRange; the nearest column first), Up/Down move between lanes of a column, and
// past a band's edge to the next band (the same bundle there when it has it); Home goes to the
// channel head. With nothing selected, any of them selects the head.
void navigate(AppState& s, ImGuiKey key) {
  const ChannelLayout& layout = s.model.layout;
  const int current = selected_node(s);
  int best = -1;
  if (current < 0 || key == ImGuiKey_Home) {
    for (int i = 0; i < static_cast<int>(layout.nodes.size()); ++i) {
      const bool same_band = current < 0 || layout.nodes[i].channel == layout.nodes[current].channel;
      if (layout.nodes[i].head && same_band) { best = i; break; }
    }
    if (best < 0 && !layout.nodes.empty()) best = static_cast<int>(layout.nodes.size()) - 1;
  } else if (key == ImGuiKey_RightArrow || key == ImGuiKey_LeftArrow) {
    const bool forward = key == ImGuiKey_RightArrow;
    std::tuple<int, int, int> best_key{};
    for (const LayoutEdge& e : layout.edges) {
      if ((forward ? e.from : e.to) != current) continue;
      const int other = forward ? e.to : e.from;
      const int distance = std::abs(layout.nodes[other].layer - layout.nodes[current].layer);
      const std::tuple<int, int, int> k{static_cast<int>(e.kind), distance, layout.nodes[other].lane};
      if (best < 0 || k < best_key) best = other, best_key = k;
    }
  } else {
    const int step = key == ImGuiKey_DownArrow ? 1 : -1;
    const LayoutNode& c = layout.nodes[current];
    for (int i = 0; i < static_cast<int>(layout.nodes.size()); ++i) {
      const LayoutNode& n = layout.nodes[i];
      if (n.band != c.band || n.layer != c.layer || (n.lane - c.lane) * step <= 0) continue;
      if (best < 0 || std::abs(n.lane - c.lane) < std::abs(layout.nodes[best].lane - c.lane)) best = i;
    }
    const int next_band = c.band + step;
    for (int i = 0; best < 0 && i < static_cast<int>(layout.nodes.size()); ++i) {
      if (layout.nodes[i].band == next_band && layout.nodes[i].name == c.name) best = i;
    }
    for (int i = 0; best < 0 && i < static_cast<int>(layout.nodes.size()); ++i) {
      if (layout.nodes[i].band == next_band && layout.nodes[i].head) best = i;
    }
  }
  if (best >= 0) select_node(s, best);
}

// Puts the next item, `width` pixels wide, on the current line when it fits, else on the next:
// the toolbar and the key wrap instead of running out of the pane.
void flow(float width) {
  ImGui::SameLine();
  if (ImGui::GetCursorPosX() + width > ImGui::GetContentRegionMax().x) ImGui::NewLine();
}

float checkbox_width(const char* label) {
  return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label).x;
}

// The "!" badge of deprecation at `centre`: as deprecated nodes are drawn (the mark dark on the
// deprecation fill), or `inverted` (the mark in the fill on a dark disc) where it sits on the fill.
void deprecation_badge(ImDrawList* dl, ImVec2 centre, float radius, const Palette& pal, bool inverted = false) {
  const ImU32 disc = inverted ? pal.deprecated_text : to_u32(pal.deprecated_fill);
  const ImU32 mark = inverted ? to_u32(pal.deprecated_fill) : pal.deprecated_text;
  dl->AddCircleFilled(centre, radius, disc);
  dl->AddLine(ImVec2(centre.x, centre.y - radius * 0.6f), ImVec2(centre.x, centre.y + radius * 0.2f), mark,
              std::max(1.5f, radius * 0.26f));
  dl->AddCircleFilled(ImVec2(centre.x, centre.y + radius * 0.55f), std::max(1.0f, radius * 0.16f), mark);
}

// A title line; a deprecated one on the deprecation fill with the "!" badge (never colour alone:
// the text says "deprecated" too).
void graph_title(const std::string& text, bool deprecated, const Palette& pal) {
  if (!deprecated) {
    ImGui::TextUnformatted(text.c_str());
    return;
  }
  const std::string shown = text.find("deprecated") == std::string::npos ? text + "  (deprecated)" : text;
  const ImVec2 at = ImGui::GetCursorScreenPos(), size = ImGui::CalcTextSize(shown.c_str());
  const float h = ImGui::GetTextLineHeight();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(ImVec2(at.x, at.y - 1), ImVec2(at.x + h + 6 + size.x + 4, at.y + h + 1), to_u32(pal.deprecated_fill), 3.0f);
  deprecation_badge(dl, ImVec2(at.x + 2 + h / 2, at.y + h / 2), h / 2 - 1, pal, true);
  ImGui::Dummy(ImVec2(h + 6, h));
  ImGui::SameLine(0, 0);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(pal.deprecated_text));
  ImGui::TextUnformatted(shown.c_str());
  ImGui::PopStyleColor();
}

// The key: one glyph per mark, as the graph draws it, and its meaning; wraps to the pane's width.
void draw_key(const AppState& s, const Palette& pal) {
  enum Glyph { Arrow, Cross, Ring, Head, Selected, Deprecated, Ghost, Missing, Ignored, Link, Risk };
  struct Item {
    Glyph glyph;
    const char* text;
  };
  std::vector<Item> items{{Arrow, "replaces"}, {Cross, "skips"}, {Ring, "skipRange"}, {Head, "channel head"},
                          {Selected, "selected"}, {Deprecated, "deprecated"}, {Ghost, "not in the channel"}};
  if (std::any_of(s.model.layout.nodes.begin(), s.model.layout.nodes.end(), [](const LayoutNode& n) { return n.missing_bundle; })) {
    items.push_back({Missing, "no olm.bundle"});
  }
  if (s.ui.show_classic_ignored) items.push_back({Ignored, "OLM Classic ignores"});
  if (s.ui.whole_package) items.push_back({Link, "same bundle, other lane"});
  if (s.model.scene.install_risks_marked > 0) items.push_back({Risk, "loses an install mode"});
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float h = ImGui::GetTextLineHeight(), w = 26.0f;
  bool first = true;
  for (const Item& item : items) {
    const float width = w + 4 + ImGui::CalcTextSize(item.text).x;
    if (first) first = false;
    else flow(width);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const ImVec2 l(p.x + 1, p.y + h / 2), r(p.x + w - 4, p.y + h / 2), c(p.x + w / 2, p.y + h / 2);
    const float rad = h / 2 - 1;
    switch (item.glyph) {
      case Arrow:
      case Cross:
      case Ring:
      case Ignored:
      case Link: {
        const float* col = item.glyph == Arrow ? pal.replaces : item.glyph == Cross ? pal.skips : item.glyph == Ring ? pal.skip_range
                           : item.glyph == Ignored ? pal.ignored : pal.link;
        const bool dashed = item.glyph == Ring || item.glyph == Ignored || item.glyph == Link;
        for (float x = l.x; x < r.x - 3; x += dashed ? 6 : r.x) dl->AddLine(ImVec2(x, l.y), ImVec2(std::min(x + (dashed ? 3.5f : r.x - l.x), r.x - 3), l.y), to_u32(col), 2.0f);
        if (item.glyph == Arrow) dl->AddTriangleFilled(ImVec2(r.x + 2, r.y), ImVec2(r.x - 5, r.y - 4), ImVec2(r.x - 5, r.y + 4), to_u32(col));
        if (item.glyph == Cross) {
          dl->AddLine(ImVec2(r.x - 4, r.y - 4), ImVec2(r.x + 2, r.y + 4), to_u32(col), 2.0f);
          dl->AddLine(ImVec2(r.x - 4, r.y + 4), ImVec2(r.x + 2, r.y - 4), to_u32(col), 2.0f);
        }
        if (item.glyph == Ring) dl->AddCircle(ImVec2(r.x - 1, r.y), 3.5f, to_u32(col), 0, 2.0f);
        break;
      }
      case Risk:
        dl->AddLine(l, ImVec2(r.x - 3, r.y), to_u32(kInstallRiskColor), 7.0f);
        break;
      case Head:
        dl->AddCircleFilled(c, rad, to_u32(pal.node_fill));
        dl->AddCircle(c, rad - 1, to_u32(pal.head_ring), 0, 2.5f);
        break;
      case Selected:
        dl->AddCircleFilled(c, rad - 2, to_u32(pal.node_fill));
        dl->AddCircle(c, rad - 2, to_u32(pal.node_ring), 0, 1.5f);
        dl->AddCircle(c, rad + 0.5f, to_u32(pal.selected_ring), 0, 1.5f);
        break;
      case Deprecated:
        deprecation_badge(dl, c, rad, pal);
        break;
      case Ghost:
      case Missing:
        for (int k = 0; k < 8; ++k) {
          const float a0 = k * 6.2831853f / 8, a1 = a0 + 0.45f;
          dl->PathArcTo(c, rad - 1, a0, a1, 4);
          dl->PathStroke(to_u32(item.glyph == Ghost ? pal.ghost_ring : pal.missing_ring), 0, 1.5f);
        }
        break;
    }
    ImGui::Dummy(ImVec2(w, h));
    ImGui::SameLine(0, 4);
    ImGui::TextColored(dim(), "%s", item.text);
  }
  const char* hint = "| click a bundle: where each OLM takes it; arrow keys follow edges";
  flow(ImGui::CalcTextSize(hint).x);
  ImGui::TextColored(dim(), "%s", hint);
}

// The toolbar: Fit, the view options and the key's toggle, wrapping to the pane's width. Returns
// whether the mouse is over the key's toggle.
bool draw_graph_toolbar(AppState& s) {
  bool changed = false;
  flow(ImGui::CalcTextSize("Fit").x + 2 * ImGui::GetStyle().FramePadding.x + 12);
  if (ImGui::SmallButton("Fit")) s.ui.fit_pending = true;
  const char* options[] = {"whole package", "collapse skipRange", "Classic-ignored edges", "key"};
  bool* values[] = {&s.ui.whole_package, &s.ui.collapse_ranges, &s.ui.show_classic_ignored, &s.ui.show_key};
  for (int i = 0; i < 4; ++i) {
    flow(checkbox_width(options[i]));
    const bool option_changed = ImGui::Checkbox(options[i], values[i]);
    changed |= option_changed && i < 3;
  }
  if (changed) s.model.scene_dirty = true;
  return ImGui::IsItemHovered();
}

// A band's heading in the gutter left of the lanes: its title, on the deprecation fill with the
// "!" badge when the channel is deprecated; cut with ".." to the gutter (whole on hover).
void draw_band_heading(ImDrawList* dl, const ImVec4& box, const std::string& title, bool deprecated, bool odd,
                       const Palette& pal, bool hovered) {
  dl->AddRectFilled(ImVec2(box.x, box.y), ImVec2(box.z, box.w),
                    deprecated ? to_u32(pal.deprecated_fill) : odd ? pal.band_label_bg : pal.band_bg);
  const float h = ImGui::GetTextLineHeight();
  float x = box.x + 4;
  const float y = (box.y + box.w) / 2 - h / 2;
  if (deprecated) {
    deprecation_badge(dl, ImVec2(x + h / 2, y + h / 2), h / 2 - 1, pal, true);
    x += h + 3;
  }
  std::string shown = title;
  const float room = box.z - x - 4;
  while (shown.size() > 1 && ImGui::CalcTextSize(shown.c_str()).x > room) shown.pop_back();
  if (shown.size() < title.size() && shown.size() > 2) shown.replace(shown.size() - 2, 2, "..");
  dl->AddText(ImVec2(x, y), deprecated ? pal.deprecated_text : pal.label, shown.c_str());
  if (hovered) ImGui::SetTooltip("%s", title.c_str());
}

void draw_graph_panel(AppState& s) {
  GraphScene& scene = s.model.scene;
  GraphFrame& frame = s.model.frame;
  const Palette& pal = palette(s.ui.light_theme);
  if (s.ui.selected_package.empty()) {
    ImGui::TextColored(dim(), "Select a package or a channel in the explorer to draw its upgrade graph.");
    return;
  }
  const ChannelLayout& layout = s.model.layout;
  // The title says what is drawn: the package (deprecated or not), and the channel unless every
  // channel is a lane. ASCII separators: the built-in font has no "›".
  const bool one_band = !s.model.layout_channel.empty();
  graph_title(s.model.layout_package + (one_band ? "" : " (all channels)"), layout.package_deprecated, pal);
  if (one_band) {
    flow(ImGui::CalcTextSize(s.model.layout_channel.c_str()).x + 40);
    ImGui::TextUnformatted("/");
    ImGui::SameLine();
    const bool deprecated = !layout.bands.empty() && layout.bands[0].deprecated;
    graph_title(s.model.band_titles.size() == 1 ? s.model.band_titles[0] : s.model.layout_channel, deprecated, pal);
  }
  draw_graph_toolbar(s);
  frame.key_shown = s.ui.show_key;
  if (s.ui.show_key) draw_key(s, pal);  // checked: always shown, wrapped to the canvas's width
  if (layout.nodes.empty()) {
    if (!s.model.layout_error.empty()) ImGui::TextColored(amber(), "%s", s.model.layout_error.c_str());
    else if (s.model.layout_package.empty()) ImGui::TextColored(dim(), "Laying out...");
    else ImGui::TextColored(amber(), "This channel has no entries (see the findings).");
    s.renderer.set_scene(GraphLayer{});
    s.renderer.set_overlay(Overlay::Links, GraphLayer{});
    frame.lanes.clear();
    frame.drawn_labels.clear();
    // Nothing to fit: settled as it is once a layout has come (an empty channel, a failure), but
    // not while a new catalog's first one is on its way ("Laying out...").
    if (!s.model.layout_package.empty()) ++frame.settled_frames;
    return;
  }

  // The canvas: a gutter of lane headings (whole package), then the graph, clipped to its own
  // rectangle so nodes never draw over the toolbar, the key or the headings.
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 size = ImGui::GetContentRegionAvail();
  const bool lanes = layout.bands.size() > 1;
  float gutter = 0;
  if (lanes) {
    for (const std::string& t : s.model.band_titles) gutter = std::max(gutter, ImGui::CalcTextSize(t.c_str()).x);
    gutter = std::clamp(gutter + ImGui::GetTextLineHeight() + 14, 60.0f, std::max(60.0f, std::min(220.0f, size.x * 0.3f)));
  }
  const ImVec2 graph_min(origin.x + gutter, origin.y), graph_max(origin.x + size.x, origin.y + size.y);
  frame.canvas = ImVec2(graph_max.x - graph_min.x, graph_max.y - graph_min.y);
  const float band_px = lanes ? kBandMinPx : 0.0f;
  if (s.ui.fit_pending && size.x > 50 && size.y > 50) {
    // The whole graph in view, as large as it fits: long bands wrap into serpentine rows.
    FitArea area;
    area.width = graph_max.x - graph_min.x - 2 * kMargin;
    area.height = size.y - 2 * kMargin;
    area.column_px = kColumn;
    area.lane_px = kLane;
    area.band_px = band_px;
    Fit fit = fit_layout(layout, area);
    const bool too_big = fit.zoom < kReadableZoom;
    if (too_big) {  // shown from its first lanes, rows wrapped to the width, at a zoom labels read at
      fit.zoom = kReadableZoom;
      const int columns = std::max(1, static_cast<int>(area.width / (kColumn * kReadableZoom)));
      fit.columns_per_row = columns >= layout.layers ? 0 : columns;
    }
    s.model.scene_dirty = s.model.scene_dirty || fit.columns_per_row != s.ui.columns_per_row || scene.placement.nodes.empty();
    s.ui.columns_per_row = fit.columns_per_row;
    s.ui.zoom = fit.zoom;
    // Centred across; a single channel also centred down (lanes stay at the top, by their headings).
    const Placement placed = place_layout(layout, fit.columns_per_row);
    const std::vector<float> shifts = band_shifts(placed, fit.zoom, kLane, band_px);
    s.ui.pan_x = kMargin + std::max(0.0f, (area.width - placed.width * kColumn * fit.zoom) / 2);
    s.ui.pan_y = kMargin + (lanes || too_big ? 0.0f : std::max(0.0f, (area.height - shifts.back()) / 2));
    s.ui.fit_pending = false;
    frame.settled_frames = 0;
  }
  if (s.model.scene_dirty) {
    build_scene(s, scene);
    s.model.scene_dirty = false;
  }
  ImGui::InvisibleButton("canvas", ImVec2(std::max(size.x, 1.0f), std::max(size.y, 1.0f)));
  const ImGuiID canvas_id = ImGui::GetItemID();
  const bool hovered = ImGui::IsItemHovered();
  if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left)) {
    s.ui.pan_x += ImGui::GetIO().MouseDelta.x;
    s.ui.pan_y += ImGui::GetIO().MouseDelta.y;
  }
  if (hovered && ImGui::IsKeyPressed(ImGuiKey_F)) s.ui.fit_pending = true;
  // Shift+wheel (or a sideways wheel) scrolls, so a graph larger than the canvas can be walked.
  if (hovered && (ImGui::GetIO().KeyShift || ImGui::GetIO().MouseWheelH != 0.0f)) {
    // Browsers turn Shift+wheel into a sideways wheel on some systems: with Shift, the wheel's one
    // motion scrolls the graph up and down, whichever axis it came on.
    const ImGuiIO& io = ImGui::GetIO();
    if (io.KeyShift) s.ui.pan_y += (io.MouseWheel != 0.0f ? io.MouseWheel : io.MouseWheelH) * 40.0f;
    else s.ui.pan_x += io.MouseWheelH * 40.0f;
  } else if (hovered && ImGui::GetIO().MouseWheel != 0.0f) {
    // Zoom about the mouse: the layout point under it stays under it (bands' shifts aside).
    const ImVec2 m = ImGui::GetIO().MousePos;
    const float old_zoom = s.ui.zoom;
    s.ui.zoom = std::clamp(s.ui.zoom * std::pow(1.15f, ImGui::GetIO().MouseWheel), 0.05f, 4.0f);
    const float k = s.ui.zoom / old_zoom;
    s.ui.pan_x = m.x - graph_min.x - (m.x - graph_min.x - s.ui.pan_x) * k;
    s.ui.pan_y = m.y - graph_min.y - (m.y - graph_min.y - s.ui.pan_y) * k;
  }
  // Tab into the canvas gives the graph its keys without a click first (graph_keys).
  const bool tabbed_in = s.ui.graph_keys && !ImGui::GetIO().WantTextInput && !ImGui::IsAnyItemActive();
  if (hovered || tabbed_in || ImGui::IsItemFocused() || ImGui::IsItemActive()) {
    for (ImGuiKey key : {ImGuiKey_LeftArrow, ImGuiKey_RightArrow, ImGuiKey_UpArrow, ImGuiKey_DownArrow, ImGuiKey_Home}) {
      ImGui::SetKeyOwner(key, canvas_id);  // the graph's keys, not any other widget's
      if (ImGui::IsKeyPressed(key, canvas_id, ImGuiInputFlags_Repeat)) navigate(s, key);
    }
  }
  if (s.model.scene_dirty) {  // navigation changed the selection
    build_scene(s, scene);
    s.model.scene_dirty = false;
  }
  const float zoom = s.ui.zoom;
  frame.band_shifts = band_shifts(scene.placement, zoom, kLane, band_px);
  const ScreenMap map{ImVec2(graph_min.x + s.ui.pan_x, graph_min.y + s.ui.pan_y), zoom, frame.band_shifts};
  ImDrawList* dl = ImGui::GetWindowDrawList();

  // Behind the graph: each band's background, so lanes read apart at any zoom.
  const auto band_box = [&](std::size_t b) {
    const Placement::Band& pb = scene.placement.bands[b];
    const float natural = pb.height * kLane * zoom, room = std::max(natural, band_px);
    const float top = map.offset.y + pb.top * kLane * zoom + frame.band_shifts[b] - (room - natural) / 2;
    const float gap = Placement::kBandGap * kLane * zoom / 2;
    return ImVec4(origin.x, top - gap, graph_max.x, top + room + gap);
  };
  dl->PushClipRect(origin, graph_max, true);
  for (std::size_t b = 0; lanes && b < scene.placement.bands.size(); ++b) {
    const ImVec4 box = band_box(b);
    if (box.w < origin.y || box.y > graph_max.y) continue;
    const bool deprecated = layout.bands[b].deprecated;
    if (deprecated || b % 2 == 1) dl->AddRectFilled(ImVec2(graph_min.x, box.y), ImVec2(box.z, box.w), deprecated ? pal.deprecated_bg : pal.band_bg);
    dl->AddLine(ImVec2(graph_min.x, box.w), ImVec2(box.z, box.w), pal.band_line);
  }
  dl->PopClipRect();

  // The graph itself, then its labels, clipped to the graph's rectangle.
  dl->PushClipRect(graph_min, graph_max, true);
  s.renderer.submit(dl, map.offset.x, map.offset.y, zoom, frame.band_shifts);
  if (frame.label_zoom != zoom) {
    place_labels(scene, zoom, frame.band_shifts, -kMargin, scene.placement.width * kColumn * zoom + kMargin, band_px, frame.tier);
    frame.label_zoom = zoom;
  }
  const float radius = std::max(kRadius * zoom, 2.0f);
  const auto on_screen = [&](ImVec2 p, float margin) {
    return p.x > graph_min.x - margin && p.x < graph_max.x + margin && p.y > graph_min.y - margin && p.y < graph_max.y + margin;
  };
  frame.drawn_labels.clear();
  frame.labels_outside_band = frame.range_labels_on_arc = 0;
  for (std::size_t i = 0; i < scene.labels.size(); ++i) {
    const int t = i < frame.tier.size() ? frame.tier[i] : -1;
    if (t < 0) continue;
    const GraphLabel& l = scene.labels[i];
    const ImVec2 anchor = map.at(l.at, l.band);
    const ImVec4 box = label_box(l, t, anchor, radius);
    if (box.z < graph_min.x || box.x > graph_max.x || box.w < graph_min.y || box.y > graph_max.y) continue;
    dl->AddText(ImVec2(box.x, box.y), l.under_node ? pal.label : pal.band_label, l.text[t].c_str());
    frame.drawn_labels.push_back(box);
    // What graphStats reports, so tests see what a reader would: a label in a neighbour's lane, a
    // skipRange count sitting on its own arc.
    if (lanes && l.band >= 0 && l.band < static_cast<int>(scene.placement.bands.size())) {
      const auto [top, bottom] = band_span(scene.placement, l.band, zoom, frame.band_shifts, band_px);
      frame.labels_outside_band += box.y < map.offset.y + top - 0.5f || box.w > map.offset.y + bottom + 0.5f;
    }
    frame.range_labels_on_arc += !l.under_node && anchor.x >= box.x && anchor.x <= box.z && anchor.y >= box.y && anchor.y <= box.w;
  }

  // What is under the mouse, and which nodes each lane shows.
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const bool mouse_in_graph = hovered && mouse.x >= graph_min.x;
  const float pick = std::max(radius, 5.0f);
  int hovered_node = -1, hovered_ghost = -1;
  frame.lanes.assign(layout.bands.size(), {});
  for (std::size_t b = 0; b < layout.bands.size(); ++b) frame.lanes[b].channel = layout.bands[b].channel;
  for (int i = 0; i < static_cast<int>(layout.nodes.size()); ++i) {
    const LayoutNode& n = layout.nodes[i];
    const ImVec2 p = map.at(scene.positions[i], n.band);
    GraphFrame::Lane& lane = frame.lanes[n.band];
    ++lane.nodes;
    if (!on_screen(p, 0)) continue;
    ++lane.visible;
    const float dx = mouse.x - p.x, dy = mouse.y - p.y;
    if (mouse_in_graph && dx * dx + dy * dy < pick * pick) hovered_node = i;
  }
  for (int g = 0; g < static_cast<int>(layout.ghosts.size()) && hovered_node < 0 && mouse_in_graph; ++g) {
    const ImVec2 p = map.at(scene.ghost_positions[g], layout.ghosts[g].band);
    const float dx = mouse.x - p.x, dy = mouse.y - p.y;
    if (dx * dx + dy * dy < pick * pick) hovered_ghost = g;
  }
  dl->PopClipRect();

  // Lane headings in the gutter, beside their bands at every zoom.
  if (lanes) {
    dl->PushClipRect(origin, ImVec2(graph_min.x, graph_max.y), true);
    for (std::size_t b = 0; b < layout.bands.size() && b < s.model.band_titles.size(); ++b) {
      const ImVec4 box = band_box(b);
      if (box.w < origin.y || box.y > graph_max.y) continue;
      // The part in view, so a band taller than the canvas keeps its heading in sight.
      const ImVec4 cell(origin.x, std::max(box.y + 1, origin.y), graph_min.x - 2, std::min(box.w - 1, graph_max.y));
      const bool over = hovered && mouse.x < graph_min.x && mouse.y >= cell.y && mouse.y < cell.w;
      draw_band_heading(dl, cell, s.model.band_titles[b], layout.bands[b].deprecated, b % 2 == 1, pal, over);
    }
    dl->PopClipRect();
  }

  // The same bundle in other lanes, for the node hovered and the one selected.
  const int selected = selected_node(s);
  build_links(s, hovered_node, selected);
  frame.hovered = hovered_node;

  if (hovered_node >= 0) {
    const LayoutNode& n = layout.nodes[hovered_node];
    std::string also;
    for (const LayoutNode& m : layout.nodes) {
      if (m.name == n.name && m.channel != n.channel) also += (also.empty() ? "\nalso in " : ", ") + m.channel;
    }
    ImGui::SetTooltip("%s\nversion %s%s%s%s%s%s%s", n.name.c_str(), n.label.c_str(), n.channel.empty() ? "" : "\nchannel ",
                      n.channel.c_str(), n.head ? "\nchannel head" : "", n.deprecated ? "\ndeprecated" : "",
                      n.missing_bundle ? "\nno olm.bundle in the catalog (opm reports it)" : "", also.c_str());
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) select_node(s, hovered_node);
  } else if (hovered_ghost >= 0) {
    const LayoutGhost& g = layout.ghosts[hovered_ghost];
    std::string named_by;
    int declarer = -1;
    for (const GhostEdge& e : layout.ghost_edges) {
      if (e.ghost != hovered_ghost) continue;
      if (declarer < 0) declarer = e.to;
      named_by += std::string(named_by.empty() ? "" : ", ") + layout.nodes[e.to].name + " (" + edge_kind_name(e.kind) + ")";
    }
    std::string names;
    for (std::size_t k = 0; k < g.names.size() && k < 20; ++k) names += (k ? "\n" : "") + g.names[k];
    if (g.names.size() > 20) names += "\n... and " + std::to_string(g.names.size() - 20) + " more";
    const std::string where = g.names.size() > 1 ? "skipped, not in channel " + g.channel
                              : "not in channel " + g.channel + (g.listed_in.empty() ? " (in no channel of this package)"
                                                                                     : " (listed in channel " + g.listed_in + ")");
    ImGui::SetTooltip("%s\n%s\nnamed by %s\nclick: its finding (or the entry naming it)", names.c_str(), where.c_str(),
                      named_by.c_str());
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
      // The page finds the finding (it holds the findings); the entry naming the ghost otherwise.
      std::string all;
      for (const std::string& n : g.names) all += n + "\n";
      fbclens_ghost_clicked(s.model.layout_package.c_str(), g.channel.c_str(), all.c_str(),
                            declarer >= 0 ? layout.nodes[declarer].name.c_str() : "");
    }
  }
  ++frame.settled_frames;
}

}  // namespace

// [SECTION] The frame: the graph filling the canvas
void draw_app(AppState& s) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->WorkPos);
  ImGui::SetNextWindowSize(vp->WorkSize);
  ImGui::Begin("fbclens", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  draw_graph_panel(s);
  ImGui::End();
}

}  // namespace fbclens::web
