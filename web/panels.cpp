// [SECTION] index
//   - Layout of the one full-window frame (toolbar, explorer | graph / findings)
//   - Summary bar
//   - Explorer panel: packages → channels → bundles
//   - Findings panel
//   - Graph panel: the selected channel, drawn with the shaders in shaders/
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "app_state.h"
#include "imgui.h"
#include "imgui_internal.h"  // ActivateItemByID

namespace fbclens::web {

namespace {

const ImVec4 kRed(0.93f, 0.36f, 0.33f, 1.0f);
const ImVec4 kGreen(0.40f, 0.80f, 0.45f, 1.0f);
const ImVec4 kAmber(0.91f, 0.59f, 0.06f, 1.0f);
const ImVec4 kDim(0.65f, 0.68f, 0.74f, 1.0f);

void select_channel(AppState& s, const std::string& package, const std::string& channel) {
  s.selected_package = package;
  s.selected_channel = channel;
}

// [SECTION] Summary bar
void draw_summary_bar(const AppState& s) {
  const CatalogView& v = s.view;
  const ImVec4 color = v.verdict == "VALID" ? kGreen : kRed;
  ImGui::TextColored(color, "%s", v.verdict.empty() ? "no catalog" : v.verdict.c_str());
  ImGui::SameLine();
  ImGui::TextColored(kDim, "| %zu files  %zu objects  %zu packages  %zu channels  %zu bundles  %zu findings  %.1f KB",
                     v.files, v.blobs, v.packages, v.channels, v.bundles, v.findings.size(), v.bytes / 1024.0);
}

// [SECTION] Explorer panel
void draw_explorer_panel(AppState& s) {
  // '/' activates the search box directly: SetKeyboardFocusHere() (a nav request) does not reach
  // it when the key was handled outside this child window.
  if (s.focus_search) {
    ImGui::ActivateItemByID(ImGui::GetID("##search"));
    s.focus_search = false;
  }
  ImGui::SetNextItemWidth(-1);
  if (ImGui::InputTextWithHint("##search", "Search packages, channels, bundles ( / )", s.search, sizeof s.search)) {
    apply_search(s.view, s.search);
  }
  ImGui::Separator();
  for (const PackageRow& p : s.view.package_rows) {
    if (!p.visible) continue;
    ImGui::PushID(p.name.c_str());
    char label[256];
    std::snprintf(label, sizeof label, "%s%s", p.name.c_str(), p.deprecated ? "  [deprecated]" : "");
    const bool open = ImGui::TreeNodeEx(label, ImGuiTreeNodeFlags_DefaultOpen | ImGuiTreeNodeFlags_SpanAvailWidth);
    if (p.findings) {
      ImGui::SameLine();
      ImGui::TextColored(kRed, "(%d)", p.findings);
    }
    if (ImGui::IsItemHovered() && !p.where.empty()) ImGui::SetTooltip("%s", p.where.c_str());
    if (open) {
      for (const ChannelRow& c : p.channels) {
        ImGui::PushID(c.name.c_str());
        std::snprintf(label, sizeof label, "%s%s%s  (%zu)", c.name.c_str(), c.is_default ? "  [default]" : "",
                      c.deprecated ? "  [deprecated]" : "", c.bundles.size());
        const bool selected = s.selected_package == p.name && s.selected_channel == c.name;
        ImGuiTreeNodeFlags flags = ImGuiTreeNodeFlags_SpanAvailWidth | ImGuiTreeNodeFlags_OpenOnArrow;
        if (selected) flags |= ImGuiTreeNodeFlags_Selected;
        const bool ch_open = ImGui::TreeNodeEx(label, flags);
        if (ImGui::IsItemClicked() && !ImGui::IsItemToggledOpen()) select_channel(s, p.name, c.name);
        if (ImGui::IsItemHovered() && c.deprecated) ImGui::SetTooltip("Deprecated: %s", c.deprecation.c_str());
        if (ch_open) {
          for (const BundleRow& b : c.bundles) {
            if (!b.visible) continue;
            std::snprintf(label, sizeof label, "%s%s%s", b.name.c_str(), b.head ? "  [head]" : "",
                          b.deprecated ? "  [deprecated]" : "");
            if (ImGui::Selectable(label, s.selected_bundle == b.name && selected)) {
              select_channel(s, p.name, c.name);
              s.selected_bundle = b.name;
            }
            if (ImGui::IsItemHovered()) {
              ImGui::SetTooltip("%s\nversion %s\n%s%s%s", b.name.c_str(), b.version.empty() ? "?" : b.version.c_str(),
                                b.where.c_str(), b.deprecated ? "\nDeprecated: " : "", b.deprecation.c_str());
            }
          }
          ImGui::TreePop();
        }
        ImGui::PopID();
      }
      ImGui::TreePop();
    }
    ImGui::PopID();
  }
}

// [SECTION] Findings panel
void draw_finding_excerpt(const AppState& s) {
  const FindingRow& f = s.view.findings[s.selected_finding];
  ImGui::TextColored(kAmber, "%s", f.where.c_str());
  ImGui::Separator();
  for (const auto& [number, text] : s.excerpt) {
    const bool here = number == f.line;
    if (here) {
      const ImVec2 p = ImGui::GetCursorScreenPos();
      ImGui::GetWindowDrawList()->AddRectFilled(p, ImVec2(p.x + ImGui::GetContentRegionAvail().x, p.y + ImGui::GetTextLineHeight()),
                                                IM_COL32(120, 60, 40, 160));
    }
    ImGui::TextColored(here ? ImVec4(1, 1, 1, 1) : kDim, "%5u  %s", number, text.c_str());
    if (here && f.column > 0) ImGui::TextColored(kAmber, "       %*s^", static_cast<int>(std::min<std::uint32_t>(f.column - 1, 200)), "");
  }
  if (s.excerpt.empty()) ImGui::TextColored(kDim, "(no source position for this finding)");
}

void draw_findings_panel(AppState& s) {
  const auto& findings = s.view.findings;
  if (findings.empty()) {
    ImGui::TextColored(kGreen, "No findings: opm validate would pass this catalog.");
    return;
  }
  ImGui::Checkbox("errors", &s.show_severity[0]);
  ImGui::SameLine();
  ImGui::Checkbox("warnings", &s.show_severity[1]);
  ImGui::SameLine();
  ImGui::Checkbox("info", &s.show_severity[2]);
  ImGui::SameLine();
  ImGui::Checkbox("only what opm reports", &s.only_opm);
  const bool excerpt = s.selected_finding >= 0 && s.selected_finding < static_cast<int>(findings.size());
  const float list_w = excerpt ? ImGui::GetContentRegionAvail().x * 0.58f : 0.0f;
  ImGui::BeginChild("finding-list", ImVec2(list_w, 0));
  if (ImGui::BeginTable("findings", 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_Resizable |
                                           ImGuiTableFlags_BordersInnerV)) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("code", ImGuiTableColumnFlags_WidthFixed, 64);
    ImGui::TableSetupColumn("where", ImGuiTableColumnFlags_WidthFixed, 230);
    ImGui::TableSetupColumn("finding", ImGuiTableColumnFlags_WidthStretch, 1.5f);
    ImGui::TableSetupColumn("opm says", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableHeadersRow();
    std::string group;
    for (int i = 0; i < static_cast<int>(findings.size()); ++i) {
      const FindingRow& f = findings[i];
      if (!s.show_severity[std::min(f.severity, 2)] || (s.only_opm && !f.reported_by_opm)) continue;
      if (f.group != group) {  // a heading row per package > channel
        group = f.group;
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(1);
        ImGui::TextColored(kAmber, "%s", group.c_str());
      }
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::PushID(i);
      if (ImGui::Selectable(f.code.c_str(), s.selected_finding == i, ImGuiSelectableFlags_SpanAllColumns)) {
        s.selected_finding = i;
        if (!f.channel.empty()) select_channel(s, f.package, f.channel);
        else s.selected_package = f.package;
        s.selected_bundle = f.bundle;
      }
      ImGui::PopID();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(f.where.c_str());
      ImGui::TableNextColumn();
      ImGui::TextWrapped("%s", f.message.c_str());
      ImGui::TableNextColumn();
      ImGui::PushStyleColor(ImGuiCol_Text, f.reported_by_opm ? kAmber : kDim);
      ImGui::TextWrapped("%s%s", f.reported_by_opm ? "" : "(not reported by opm) ", f.opm_message.c_str());
      ImGui::PopStyleColor();
    }
    ImGui::EndTable();
  }
  ImGui::EndChild();
  if (excerpt) {
    ImGui::SameLine();
    ImGui::BeginChild("finding-source", ImVec2(0, 0), ImGuiChildFlags_Border, ImGuiWindowFlags_HorizontalScrollbar);
    draw_finding_excerpt(s);
    ImGui::EndChild();
  }
}

// [SECTION] Graph panel
void draw_graph_panel(AppState& s) {
  if (s.selected_channel.empty()) {
    ImGui::TextColored(kDim, "Select a channel in the explorer to draw its upgrade graph.");
    return;
  }
  ImGui::Text("%s / %s", s.selected_package.c_str(), s.selected_channel.c_str());  // ASCII: the built-in font has no "›"
  ImGui::SameLine();
  ImGui::TextColored(kDim, "   replaces: solid   skips: red   skipRange: dashed   head: ring   drag: pan, wheel: zoom, F: fit");
  if (!s.upgrade_text.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.55f, 0.80f, 0.95f, 1.0f));
    ImGui::TextWrapped("%s", s.upgrade_text.c_str());
    ImGui::PopStyleColor();
  }
  else ImGui::TextColored(kDim, "Click a bundle to see where OLM Classic and OLM v1 would take it.");
  const ChannelLayout& layout = s.layout;
  if (layout.nodes.empty()) {
    ImGui::TextColored(kAmber, "This channel has no entries (see the findings below).");
    return;
  }
  if (ImGui::SmallButton("Fit")) s.fit_pending = true;
  ImGui::SameLine();
  ImGui::Checkbox("red dashes: edges OLM Classic ignores", &s.show_classic_ignored);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 size = ImGui::GetContentRegionAvail();
  if (s.fit_pending && size.x > 50 && size.y > 50) {
    // Whole graph in view. Long channels wrap into rows ("bands") of columns: choose the zoom from
    // the area the graph needs at the base spacing (150 x 70 px), then as many columns as fit.
    // One row when it stays readable (zoom >= 0.55); otherwise wrap into bands, choosing the zoom
    // from the area the graph needs at the base spacing (150 x 70 px).
    const float width = size.x - 60.0f, height = size.y - 40.0f;
    const float one_row = std::min(width / (std::max(1, layout.layers - 1) * 150.0f + 28.0f),
                                   height / (std::max(1, layout.lanes) * 70.0f));
    if (one_row >= 0.55f) {
      s.zoom = std::min(one_row, 1.5f);
      s.columns_per_row = 0;
    } else {
      const float area = std::max(1, layout.layers) * 150.0f * std::max(1, layout.lanes + 1) * 70.0f;
      s.zoom = std::clamp(0.9f * std::sqrt(width * height / area), 0.2f, 1.5f);
      s.columns_per_row = std::max(1, static_cast<int>(width / (150.0f * s.zoom)));
      if (s.columns_per_row >= layout.layers) s.columns_per_row = 0;
    }
    s.pan_x = 30.0f;
    s.pan_y = 20.0f;
    s.fit_pending = false;
  }
  ImGui::InvisibleButton("canvas", ImVec2(std::max(size.x, 1.0f), std::max(size.y, 1.0f)));
  if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left)) {
    s.pan_x += ImGui::GetIO().MouseDelta.x;
    s.pan_y += ImGui::GetIO().MouseDelta.y;
  }
  if (ImGui::IsItemHovered() && ImGui::IsKeyPressed(ImGuiKey_F)) s.fit_pending = true;
  if (ImGui::IsItemHovered() && ImGui::GetIO().MouseWheel != 0.0f) {
    s.zoom = std::clamp(s.zoom * std::pow(1.15f, ImGui::GetIO().MouseWheel), 0.2f, 4.0f);
  }
  const float spacing_x = 150.0f * s.zoom, spacing_y = 70.0f * s.zoom, radius = 14.0f * s.zoom;
  const int per_row = s.columns_per_row;
  const auto pos = [&](const LayoutNode& n) {
    const int column = per_row ? n.layer % per_row : n.layer;
    const int band = per_row ? n.layer / per_row : 0;
    const float row = n.y + band * static_cast<float>(layout.lanes + 1);
    return ImVec2(origin.x + s.pan_x + column * spacing_x + radius, origin.y + s.pan_y + row * spacing_y + radius);
  };
  // Where an edge runs: from the older node `a` to the newer `b`; edges along one row that jump
  // columns bow upwards through the control point `c` so they do not run through nodes.
  struct Curve {
    ImVec2 a, b, c;
    bool bow;
  };
  const auto edge_curve = [&](const LayoutEdge& e) {
    const ImVec2 a = pos(layout.nodes[e.from]), b = pos(layout.nodes[e.to]);
    const bool bow = a.y == b.y && std::abs(layout.nodes[e.to].layer - layout.nodes[e.from].layer) > 1;
    const float lift = spacing_y * 0.45f * (e.kind == EdgeKind::SkipRange ? 1.4f : 1.0f);
    return Curve{a, b, bow ? ImVec2((a.x + b.x) / 2, a.y - lift) : a, bow};
  };
  std::vector<EdgeInstance> edges;
  for (const LayoutEdge& e : layout.edges) {
    const Curve curve = edge_curve(e);
    const ImVec2 a = curve.a, b = curve.b;
    float color[4] = {0.75f, 0.80f, 0.90f, 0.95f};
    float dash = 0.0f, width = 2.0f;
    if (e.kind == EdgeKind::Skips) { color[0] = 0.93f; color[1] = 0.42f; color[2] = 0.38f; }
    if (e.kind == EdgeKind::SkipRange) { color[0] = 0.55f; color[1] = 0.75f; color[2] = 0.95f; dash = 10.0f; width = 1.5f; }
    const bool touches_selection = !s.selected_bundle.empty() &&
        (layout.nodes[e.from].name == s.selected_bundle || layout.nodes[e.to].name == s.selected_bundle);
    if (touches_selection) {
      width += 1.5f;
      color[0] = std::min(1.0f, color[0] + 0.2f);
      color[1] = std::min(1.0f, color[1] + 0.2f);
      color[2] = std::min(1.0f, color[2] + 0.2f);
    } else if (!s.selected_bundle.empty()) {
      color[3] = 0.45f;  // the rest recedes
    }
    const float overlay[4] = {0.95f, 0.25f, 0.25f, 0.95f};
    const bool ignored = s.show_classic_ignored && e.classic_ignored;
    if (!curve.bow) {
      edges.push_back({a.x, a.y, b.x, b.y, width, {color[0], color[1], color[2], color[3]}, dash});
      if (ignored) edges.push_back({a.x, a.y, b.x, b.y, 1.5f, {overlay[0], overlay[1], overlay[2], overlay[3]}, 7.0f});
    } else {
      // A polyline approximation of the quadratic curve.
      const ImVec2 c = curve.c;
      ImVec2 prev = a;
      for (int k = 1; k <= 12; ++k) {
        const float t = k / 12.0f, u = 1 - t;
        const ImVec2 p(u * u * a.x + 2 * u * t * c.x + t * t * b.x, u * u * a.y + 2 * u * t * c.y + t * t * b.y);
        edges.push_back({prev.x, prev.y, p.x, p.y, width, {color[0], color[1], color[2], color[3]}, dash});
        if (ignored) edges.push_back({prev.x, prev.y, p.x, p.y, 1.5f, {overlay[0], overlay[1], overlay[2], overlay[3]}, 7.0f});
        prev = p;
      }
    }
  }
  std::vector<NodeInstance> nodes;
  for (const LayoutNode& n : layout.nodes) {
    const ImVec2 p = pos(n);
    const bool selected = n.name == s.selected_bundle;
    NodeInstance inst{p.x, p.y, radius, {0.20f, 0.24f, 0.32f, 1.0f}, {0.55f, 0.62f, 0.75f, 1.0f}};
    if (n.deprecated) { inst.fill[0] = 0.91f; inst.fill[1] = 0.59f; inst.fill[2] = 0.06f; }
    if (n.head) { inst.ring[0] = 0.40f; inst.ring[1] = 0.85f; inst.ring[2] = 0.45f; }
    if (selected) { inst.ring[0] = 1.0f; inst.ring[1] = 1.0f; inst.ring[2] = 1.0f; }
    nodes.push_back(inst);
  }
  s.renderer.submit(dl, std::move(edges), std::move(nodes));
  // Arrowheads and labels through ImGui (text needs its font atlas).
  for (const LayoutEdge& e : layout.edges) {
    const Curve curve = edge_curve(e);
    const ImVec2 b = curve.b, from = curve.c;  // the arrowhead follows the curve's last tangent
    float dx = b.x - from.x, dy = b.y - from.y;
    const float len = std::sqrt(dx * dx + dy * dy);
    if (len < 1) continue;
    dx /= len;
    dy /= len;
    const ImVec2 tip(b.x - dx * radius, b.y - dy * radius);
    const float w = 5.0f * s.zoom;
    const ImU32 col = e.kind == EdgeKind::Skips ? IM_COL32(237, 107, 97, 255) : e.kind == EdgeKind::SkipRange ? IM_COL32(140, 191, 242, 255) : IM_COL32(191, 204, 230, 255);
    if (e.kind == EdgeKind::Skips) {  // x-ended
      dl->AddLine(ImVec2(tip.x - w, tip.y - w), ImVec2(tip.x + w, tip.y + w), col, 2.0f);
      dl->AddLine(ImVec2(tip.x - w, tip.y + w), ImVec2(tip.x + w, tip.y - w), col, 2.0f);
    } else if (e.kind == EdgeKind::SkipRange) {  // o-ended
      dl->AddCircle(tip, w * 0.8f, col, 12, 2.0f);
    } else {
      dl->AddTriangleFilled(tip, ImVec2(tip.x - dx * 2 * w - dy * w, tip.y - dy * 2 * w + dx * w),
                            ImVec2(tip.x - dx * 2 * w + dy * w, tip.y - dy * 2 * w - dx * w), col);
    }
  }
  for (const LayoutNode& n : layout.nodes) {
    const ImVec2 p = pos(n);
    const ImVec2 ts = ImGui::CalcTextSize(n.label.c_str());
    if (ts.x < spacing_x * 0.95f) {  // labels only where they do not run into the next column
      dl->AddText(ImVec2(p.x - ts.x / 2, p.y + radius + 4), IM_COL32(220, 225, 235, 255), n.label.c_str());
    }
    if (n.deprecated) dl->AddText(ImVec2(p.x - 3, p.y - 6), IM_COL32(20, 20, 20, 255), "!");
    const float dx = ImGui::GetIO().MousePos.x - p.x, dy = ImGui::GetIO().MousePos.y - p.y;
    if (dx * dx + dy * dy < radius * radius) {
      ImGui::SetTooltip("%s%s%s", n.name.c_str(), n.head ? "\nchannel head" : "", n.deprecated ? "\ndeprecated" : "");
      if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) s.selected_bundle = n.name;
    }
  }
}

// The selected bundle's details, in the graph's lower-left corner.
void draw_bundle_details(const AppState& s) {
  for (const PackageRow& p : s.view.package_rows) {
    if (p.name != s.selected_package) continue;
    for (const ChannelRow& c : p.channels) {
      if (c.name != s.selected_channel) continue;
      for (const BundleRow& b : c.bundles) {
        if (b.name != s.selected_bundle) continue;
        const ImVec2 max = ImGui::GetWindowPos();
        const ImVec2 size = ImGui::GetWindowSize();
        ImGui::SetCursorScreenPos(ImVec2(max.x + 8, max.y + size.y - 96));
        ImGui::BeginChild("bundle-details", ImVec2(std::min(560.0f, size.x - 16), 88), ImGuiChildFlags_Border);
        ImGui::Text("%s%s", b.name.c_str(), b.head ? "   (channel head)" : "");
        ImGui::TextColored(kDim, "version %s   image %s", b.version.empty() ? "?" : b.version.c_str(),
                           b.image.empty() ? "(none)" : b.image.c_str());
        ImGui::TextColored(kDim, "%zu properties, %zu related images, %zu bundle objects   %s", b.properties,
                           b.related_images, b.bundle_objects, b.where.c_str());
        if (b.deprecated) ImGui::TextColored(kAmber, "Deprecated: %s", b.deprecation.c_str());
        ImGui::EndChild();
        return;
      }
    }
  }
}

}  // namespace

// [SECTION] Layout of the one full-window frame
void draw_app(AppState& s) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->WorkPos);
  ImGui::SetNextWindowSize(vp->WorkSize);
  ImGui::Begin("fbclens", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus);
  if (ImGui::IsKeyPressed(ImGuiKey_Slash) && !ImGui::GetIO().WantTextInput) s.focus_search = true;
  draw_summary_bar(s);
  const float explorer_w = std::max(260.0f, vp->WorkSize.x * 0.28f);
  ImGui::BeginChild("explorer", ImVec2(explorer_w, 0), ImGuiChildFlags_Border);
  draw_explorer_panel(s);
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginGroup();
  const float graph_h = std::max(160.0f, ImGui::GetContentRegionAvail().y * 0.58f);
  ImGui::BeginChild("graph", ImVec2(0, graph_h), ImGuiChildFlags_Border, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  draw_graph_panel(s);
  if (!s.selected_bundle.empty()) draw_bundle_details(s);
  ImGui::EndChild();
  ImGui::BeginChild("findings", ImVec2(0, 0), ImGuiChildFlags_Border);
  draw_findings_panel(s);
  ImGui::EndChild();
  ImGui::EndGroup();
  ImGui::End();
}

}  // namespace fbclens::web
