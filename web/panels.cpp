// [SECTION] index
//   - Layout of the one full-window frame (toolbar, explorer | graph / findings)
//   - Summary bar
//   - Explorer panel: packages → channels → bundles
//   - Findings panel
//   - Graph panel: the selected channel, drawn with the shaders in shaders/
//   - Bundle tab: the selected channel entry's bundle in full, and the lower panel's tabs
#include <algorithm>
#include <cmath>
#include <tuple>
#include <cstdio>
#include <cstring>

#include "app_state.h"
#include "imgui.h"
#include "imgui_internal.h"  // ActivateItemByID, InputEventsQueue

namespace fbclens::web {

namespace {

const ImVec4 kRed(0.93f, 0.36f, 0.33f, 1.0f);
const ImVec4 kGreen(0.40f, 0.80f, 0.45f, 1.0f);
// Warnings and opm's text: a lighter amber on dark backgrounds, a darker one on light.
ImVec4 amber() {
  const bool light = ImGui::GetStyle().Colors[ImGuiCol_WindowBg].x > 0.5f;
  return light ? ImVec4(0.62f, 0.36f, 0.0f, 1.0f) : ImVec4(0.91f, 0.59f, 0.06f, 1.0f);
}
// Secondary text: the theme's own disabled-text colour, readable on dark and light.
ImVec4 dim() { return ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled); }

// [SECTION] Summary bar
void draw_summary_bar(AppState& s) {
  const CatalogView& v = s.model.view;
  const ImVec4 color = v.verdict == "VALID" ? kGreen : kRed;
  ImGui::TextColored(color, "%s", v.verdict.empty() ? "no catalog" : v.verdict.c_str());
  ImGui::SameLine();
  const bool megabytes = v.bytes >= 1024.0 * 1024.0;  // "57.3 MB", not "58675.2 KB"
  ImGui::TextColored(dim(), "| %zu files  %zu objects  %zu packages  %zu channels  %zu bundles  %zu findings  %.1f %s",
                     v.files, v.blobs, v.packages, v.channels, v.bundles, v.findings.size(),
                     megabytes ? v.bytes / (1024.0 * 1024.0) : v.bytes / 1024.0, megabytes ? "MB" : "KB");
  ImGui::SameLine(ImGui::GetWindowWidth() - 110);
  if (ImGui::SmallButton(s.ui.light_theme ? "Dark theme" : "Light theme")) s.ui.light_theme = !s.ui.light_theme;
}

// [SECTION] Explorer panel
void draw_explorer_panel(AppState& s) {
  // '/' activates the search box directly: SetKeyboardFocusHere() (a nav request) does not reach
  // it when the key was handled outside this child window.
  const bool by_slash = s.ui.focus_search;
  if (s.ui.focus_search) {
    ImGui::ActivateItemByID(ImGui::GetID("##search"));
    s.ui.focus_search = false;
  }
  // The characters before InputText takes them (in the frame it activates, it drops them).
  ImGuiIO& io = ImGui::GetIO();
  const std::vector<ImWchar> typed(io.InputQueueCharacters.begin(), io.InputQueueCharacters.end());
  ImGui::SetNextItemWidth(-1);
  if (ImGui::InputTextWithHint("##search", "Search packages, channels, bundles ( / )", s.ui.search, sizeof s.ui.search)) {
    apply_search(s.model.view, s.ui.search);
  }
  // Enter opens the first match (a single-line box gives up its focus on Enter).
  if (ImGui::IsItemDeactivated() && ImGui::IsKeyPressed(ImGuiKey_Enter, false) && s.ui.search[0] != '\0') {
    const SearchMatch m = first_search_match(s.model.view, s.ui.search);
    if (!m.package.empty()) select(s, m.package, m.channel, m.bundle);
  }
  // The box activates the frame after '/', and InputText drops the characters of the frame it
  // activates in: so what was typed right after '/' (in either frame) would lose its first
  // letters. Hand them to the next frame, less the '/' itself.
  if (by_slash) {
    const auto slash = std::find(typed.begin(), typed.end(), ImWchar('/'));
    s.ui.typed_after_slash.assign(slash == typed.end() ? typed.begin() : slash + 1, typed.end());
  } else if (s.ui.search_activation_pending) {
    if (ImGui::IsItemActivated()) {
      std::vector<ImWchar> again = s.ui.typed_after_slash;
      for (std::size_t i = 0; i < typed.size(); ++i) {
        if (!(i == 0 && typed[i] == '/')) again.push_back(typed[i]);
      }
      // Ahead of what is still queued (ImGui may hold later keys back a frame), so the order stays.
      ImGuiContext& g = *ImGui::GetCurrentContext();
      for (auto c = again.rbegin(); c != again.rend(); ++c) {
        ImGuiInputEvent e;
        e.Type = ImGuiInputEventType_Text;
        e.Source = ImGuiInputSource_Keyboard;
        e.EventId = g.InputEventsNextEventId++;
        e.Text.Char = *c;
        g.InputEventsQueue.insert(g.InputEventsQueue.begin(), e);
      }
    }
    s.ui.typed_after_slash.clear();
  }
  s.ui.search_activation_pending = by_slash;
  ImGui::Separator();
  for (const PackageRow& p : s.model.view.package_rows) {
    if (!p.visible) continue;
    ImGui::PushID(p.name.c_str());
    char label[256];
    std::snprintf(label, sizeof label, "%s%s", p.name.c_str(), p.deprecated ? "  [deprecated]" : "");
    const bool open = ImGui::TreeNodeEx(label, ImGuiTreeNodeFlags_DefaultOpen | ImGuiTreeNodeFlags_SpanAvailWidth);
    if (ImGui::IsItemHovered()) {  // the package row itself: where it is declared
      ImGui::SetTooltip("%s%s%s", p.where.empty() ? "(no olm.package object)" : p.where.c_str(),
                        p.deprecated ? "\nDeprecated: " : "", p.deprecation.c_str());
    }
    if (p.findings) {
      ImGui::SameLine();
      ImGui::TextColored(kRed, "(%d)", p.findings);
    }
    if (open) {
      for (const ChannelRow& c : p.channels) {
        ImGui::PushID(c.name.c_str());
        std::snprintf(label, sizeof label, "%s%s%s  (%zu)", c.name.c_str(), c.is_default ? "  [default]" : "",
                      c.deprecated ? "  [deprecated]" : "", c.bundles.size());
        const bool selected = s.ui.selected_package == p.name && s.ui.selected_channel == c.name && !s.ui.whole_package;
        ImGuiTreeNodeFlags flags = ImGuiTreeNodeFlags_SpanAvailWidth | ImGuiTreeNodeFlags_OpenOnArrow;
        if (selected) flags |= ImGuiTreeNodeFlags_Selected;
        const bool ch_open = ImGui::TreeNodeEx(label, flags);
        if (ImGui::IsItemClicked() && !ImGui::IsItemToggledOpen()) select(s, p.name, c.name);
        if (ImGui::IsItemHovered()) {
          ImGui::SetTooltip("%s%s%s", c.where.empty() ? "(no olm.channel object)" : c.where.c_str(),
                            c.deprecated ? "\nDeprecated: " : "", c.deprecation.c_str());
        }
        if (ch_open) {
          for (const BundleRow& b : c.bundles) {
            if (!b.visible) continue;
            std::snprintf(label, sizeof label, "%s%s%s", b.name.c_str(), b.head ? "  [head]" : "",
                          b.deprecated ? "  [deprecated]" : "");
            if (ImGui::Selectable(label, s.ui.selected_bundle == b.name && selected)) {
              select(s, p.name, c.name, b.name);
              s.ui.lower_tab_request = UiState::LowerTab::Bundle;
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
  const FindingRow& f = s.model.view.findings[s.ui.selected_finding];
  ImGui::TextColored(amber(), "%s", f.where.c_str());
  // The list shows one line of each; here they are whole.
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(f.message.c_str());
  ImGui::PushStyleColor(ImGuiCol_Text, f.reported_by_opm ? amber() : dim());
  if (f.opm_message.empty()) {
    ImGui::TextUnformatted("fbclens's own advice: opm does not check this, and it never changes opm's verdict.");
  } else {
    ImGui::TextUnformatted(f.reported_by_opm ? "opm says:" : "opm does not report this; its text would be:");
    ImGui::TextUnformatted(f.opm_message.c_str());  // not Text(): its format buffer cuts at 3 KB
  }
  ImGui::PopStyleColor();
  ImGui::PopTextWrapPos();
  ImGui::Separator();
  // The source scrolls sideways on its own, so the texts above wrap at the pane's visible width.
  const float lines_height = (s.model.excerpt.size() + 3) * ImGui::GetTextLineHeightWithSpacing();
  ImGui::BeginChild("source-lines", ImVec2(0, std::max(ImGui::GetContentRegionAvail().y, lines_height)), ImGuiChildFlags_None,
                    ImGuiWindowFlags_HorizontalScrollbar);
  for (const auto& [number, text] : s.model.excerpt) {
    const bool here = number == f.line;
    if (here) {
      const ImVec2 p = ImGui::GetCursorScreenPos();
      ImGui::GetWindowDrawList()->AddRectFilled(p, ImVec2(p.x + ImGui::GetContentRegionAvail().x, p.y + ImGui::GetTextLineHeight()),
                                                IM_COL32(120, 60, 40, 160));
    }
    ImGui::TextColored(here ? ImVec4(1, 1, 1, 1) : dim(), "%5u  %s", number, text.c_str());
    if (here && f.column > 0) ImGui::TextColored(amber(), "       %*s^", static_cast<int>(std::min<std::uint32_t>(f.column - 1, 200)), "");
  }
  if (s.model.excerpt.empty()) ImGui::TextColored(dim(), "(no source position for this finding)");
  ImGui::EndChild();
}

// A heading row of the findings list: the group's name across the whole row (a table clips each
// cell to its column, and "package > channel > bundle" is wider than any one column).
void draw_finding_heading(const std::string& group) {
  ImGui::TableSetColumnIndex(0);
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImGui::PushClipRect(at, ImVec2(ImGui::GetCurrentTable()->WorkRect.Max.x, at.y + ImGui::GetTextLineHeightWithSpacing()), false);
  ImGui::TextColored(amber(), "%s", group.c_str());
  ImGui::PopClipRect();
}

// A finding's "file:line:col" in its column: whole when it fits, else with the middle of the path
// elided ("cert-watcher/…/catalog.yaml:46:5"): the line and column, and the file's name, always show;
// the whole location is in the tooltip and the detail pane.
void draw_location(const std::string& where) {
  const float room = ImGui::GetContentRegionAvail().x;
  if (ImGui::CalcTextSize(where.c_str()).x <= room) {
    ImGui::TextUnformatted(where.c_str());
    return;
  }
  const std::size_t last_slash = where.rfind('/');
  const std::string tail = last_slash == std::string::npos ? where : where.substr(last_slash);  // "/file:line:col"
  std::string head = last_slash == std::string::npos ? std::string() : where.substr(0, last_slash);
  std::string shown = "..." + tail;
  while (!head.empty()) {  // as much of the path's start as fits
    const std::string candidate = head + "..." + tail;
    if (ImGui::CalcTextSize(candidate.c_str()).x <= room) {
      shown = candidate;
      break;
    }
    head.pop_back();
  }
  if (ImGui::CalcTextSize(shown.c_str()).x > room) {  // even the file name is too long: keep its end
    std::string end = where;
    while (end.size() > 4 && ImGui::CalcTextSize(("..." + end).c_str()).x > room) end.erase(0, 1);
    shown = "..." + end;
  }
  ImGui::TextUnformatted(shown.c_str());
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_DelayShort)) ImGui::SetTooltip("%s", where.c_str());
}

void draw_finding_row(AppState& s, int i) {
  const FindingRow& f = s.model.view.findings[i];
  ImGui::TableNextColumn();
  ImGui::PushID(i);
  // The code in its severity's colour: errors as text, warnings amber, info dim (the DOM list says it in words).
  const bool tinted = f.severity != 0;
  if (tinted) ImGui::PushStyleColor(ImGuiCol_Text, f.severity == 1 ? amber() : dim());
  if (ImGui::Selectable(f.code.c_str(), s.ui.selected_finding == i, ImGuiSelectableFlags_SpanAllColumns)) select_finding(s, i);
  if (tinted) ImGui::PopStyleColor();
  ImGui::PopID();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_DelayShort) && ImGui::BeginTooltip()) {
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 50);
    ImGui::TextUnformatted(f.message_preview.c_str());
    if (!f.opm_preview.empty()) ImGui::TextColored(amber(), "opm: %s", f.opm_preview.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
  ImGui::TableNextColumn();
  draw_location(f.where);
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(f.message_preview.c_str());
  ImGui::TableNextColumn();
  ImGui::PushStyleColor(ImGuiCol_Text, f.reported_by_opm ? amber() : dim());
  // opm's own text when it reports the finding; otherwise a dash and why (the tooltip and the
  // detail pane give the text opm would print).
  if (f.opm_preview.empty()) ImGui::TextUnformatted("-  beyond opm (fbclens advice)");
  else if (!f.reported_by_opm) ImGui::TextUnformatted("-  not reported by opm");
  else ImGui::TextUnformatted(f.opm_preview.c_str());
  ImGui::PopStyleColor();
}

void draw_findings_panel(AppState& s) {
  const auto& findings = s.model.view.findings;
  if (findings.empty()) {
    ImGui::TextColored(kGreen, "No findings: opm validate would pass this catalog.");
    return;
  }
  bool filters_changed = ImGui::Checkbox("errors", &s.ui.show_severity[0]);
  ImGui::SameLine();
  filters_changed |= ImGui::Checkbox("warnings", &s.ui.show_severity[1]);
  ImGui::SameLine();
  filters_changed |= ImGui::Checkbox("info", &s.ui.show_severity[2]);
  ImGui::SameLine();
  filters_changed |= ImGui::Checkbox("only what opm reports", &s.ui.only_opm);
  if (filters_changed || s.model.finding_rows_generation != s.model.view.generation) {
    s.model.finding_rows = finding_list_rows(s.model.view, s.ui.show_severity, s.ui.only_opm);
    s.model.finding_rows_generation = s.model.view.generation;
    s.model.finding_where_width = 0;
    for (const FindingListRow& row : s.model.finding_rows) {
      if (!row.heading) {
        s.model.finding_where_width =
            std::max(s.model.finding_where_width, ImGui::CalcTextSize(findings[row.finding].where.c_str()).x);
      }
    }
  }
  const bool excerpt = s.ui.selected_finding >= 0 && s.ui.selected_finding < static_cast<int>(findings.size());
  const float list_w = excerpt ? ImGui::GetContentRegionAvail().x * 0.58f : 0.0f;
  ImGui::BeginChild("finding-list", ImVec2(list_w, 0));
  if (ImGui::BeginTable("findings", 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_Resizable |
                                           ImGuiTableFlags_BordersInnerV)) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("code", ImGuiTableColumnFlags_WidthFixed, 64);
    // The location column fits the longest "file:line:col" (measured once per list), up to 40% of
    // the list; longer ones elide the middle of their path (draw_location).
    const float widest = s.model.finding_where_width + ImGui::GetStyle().CellPadding.x * 2;
    ImGui::TableSetupColumn("where", ImGuiTableColumnFlags_WidthFixed,
                            std::clamp(widest, 120.0f, std::max(120.0f, ImGui::GetContentRegionAvail().x * 0.4f)));
    ImGui::TableSetupColumn("finding", ImGuiTableColumnFlags_WidthStretch, 1.5f);
    ImGui::TableSetupColumn("opm says", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableHeadersRow();
    // One line a row, so only the rows in view are drawn: a catalog with 10,000 findings costs a
    // frame what one with 30 does.
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(s.model.finding_rows.size()));
    while (clipper.Step()) {
      for (int r = clipper.DisplayStart; r < clipper.DisplayEnd; ++r) {
        const FindingListRow& row = s.model.finding_rows[r];
        ImGui::TableNextRow();
        if (row.heading) draw_finding_heading(findings[row.finding].group);
        else draw_finding_row(s, row.finding);
      }
    }
    ImGui::EndTable();
  }
  ImGui::EndChild();
  if (excerpt) {
    ImGui::SameLine();
    ImGui::BeginChild("finding-source", ImVec2(0, 0), ImGuiChildFlags_Border);
    draw_finding_excerpt(s);
    ImGui::EndChild();
  }
}

// [SECTION] Graph panel
// Layout pixels at zoom 1: one column per 150 px, one lane per 70 px, nodes of radius 14.
constexpr float kColumn = 150.0f, kLane = 70.0f, kRadius = 14.0f;
// Below this zoom version labels no longer fit their column and nodes shrink under 5 px.
constexpr float kReadableZoom = 0.55f;

// Colours of the graph per theme (RGBA 0..1).
struct Palette {
  float replaces[4], skips[4], skip_range[4], ignored[4];
  float node_fill[4], node_ring[4], deprecated_fill[4], head_ring[4], selected_ring[4];
  ImU32 label, band_label, band_line;
  ImU32 band_label_bg;  ///< behind a lane's heading, so edges running under it do not hide it
};

const Palette& palette(bool light) {
  static const Palette dark{{0.75f, 0.80f, 0.90f, 0.95f}, {0.93f, 0.42f, 0.38f, 0.95f}, {0.55f, 0.75f, 0.95f, 0.95f},
                            {0.95f, 0.25f, 0.25f, 0.95f}, {0.20f, 0.24f, 0.32f, 1.0f},  {0.55f, 0.62f, 0.75f, 1.0f},
                            {0.91f, 0.59f, 0.06f, 1.0f},  {0.40f, 0.85f, 0.45f, 1.0f},  {1.0f, 1.0f, 1.0f, 1.0f},
                            IM_COL32(220, 225, 235, 255), IM_COL32(150, 160, 180, 255), IM_COL32(60, 66, 80, 255),
                            IM_COL32(23, 26, 33, 225)};
  static const Palette light_{{0.25f, 0.30f, 0.40f, 0.95f}, {0.80f, 0.20f, 0.16f, 0.95f}, {0.16f, 0.42f, 0.75f, 0.95f},
                              {0.90f, 0.10f, 0.10f, 0.95f}, {0.88f, 0.90f, 0.94f, 1.0f},  {0.35f, 0.40f, 0.50f, 1.0f},
                              {0.96f, 0.66f, 0.16f, 1.0f},  {0.10f, 0.60f, 0.20f, 1.0f},  {0.05f, 0.05f, 0.05f, 1.0f},
                              IM_COL32(30, 34, 42, 255),    IM_COL32(90, 96, 110, 255),   IM_COL32(200, 204, 212, 255),
                              IM_COL32(240, 240, 242, 225)};
  return light ? light_ : dark;
}

// Where node `n` sits in layout pixels, with long graphs wrapped into rows of `per_row` columns.
ImVec2 world_position(const LayoutNode& n, int per_row, int lanes) {
  const int column = per_row ? n.layer % per_row : n.layer;
  const int band = per_row ? n.layer / per_row : 0;
  const float row = n.y + band * static_cast<float>(lanes + 1);
  return ImVec2(column * kColumn + kRadius, row * kLane + kRadius);
}

// The node the selection points at (-1 = none). In the whole-package view a bundle appears once
// per channel, so the lane's channel decides.
int selected_node(const AppState& s) {
  for (int i = 0; i < static_cast<int>(s.model.layout.nodes.size()); ++i) {
    const LayoutNode& n = s.model.layout.nodes[i];
    if (n.name == s.ui.selected_bundle && (!s.ui.whole_package || n.channel == s.ui.selected_bundle_channel)) return i;
  }
  return -1;
}

void select_node(AppState& s, int index) {
  const LayoutNode& n = s.model.layout.nodes[index];
  s.ui.selected_bundle = n.name;
  s.ui.selected_bundle_channel = n.channel;
  if (!s.ui.whole_package) s.ui.selected_channel = n.channel.empty() ? s.ui.selected_channel : n.channel;
  s.model.scene_dirty = true;
  s.ui.lower_tab_request = UiState::LowerTab::Bundle;
}

// How an edge runs: straight, or bowed through a control point on its left (upwards for edges
// running right). Edges along one row that jump columns bow so they do not run through nodes;
// skipRange edges always bow, higher, so they never hide a replaces edge between the same nodes.
struct Bow {
  bool curved;
  ImVec2 control;
};

Bow bow_of(const ChannelLayout& layout, int from, int to, ImVec2 a, ImVec2 b, EdgeKind kind) {
  const bool jumps = a.y == b.y && std::abs(layout.nodes[to].layer - layout.nodes[from].layer) > 1;
  const ImVec2 mid((a.x + b.x) / 2, (a.y + b.y) / 2);
  if (!jumps && kind != EdgeKind::SkipRange) return {false, mid};
  const float dx = b.x - a.x, dy = b.y - a.y, len = std::max(1.0f, std::sqrt(dx * dx + dy * dy));
  const float lift = kLane * (kind == EdgeKind::SkipRange ? 0.65f : 0.45f);
  return {true, ImVec2(mid.x + dy / len * lift, mid.y - dx / len * lift)};
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
      under.push_back(EdgeInstance{p.x, p.y + shift, (p.x + q.x) / 2, (p.y + q.y) / 2 + shift, q.x, q.y + shift, 9.0f, 0.0f,
                                   {color[0], color[1], color[2], 0.55f}, static_cast<float>(Marker::None), kRadius});
      ++segments;
    }
    return segments;
  };
  static const float classic_color[4] = {0.91f, 0.59f, 0.06f, 1.0f};  // #e8960f
  static const float v1_color[4] = {0.69f, 0.49f, 0.94f, 1.0f};       // #b07cf0
  return {draw(s.ui.routes.classic, classic_color, -4.0f), draw(s.ui.routes.v1, v1_color, 4.0f)};
}

void build_scene(AppState& s, GraphScene& scene) {
  const ChannelLayout& layout = s.model.layout;
  const Palette& pal = palette(s.ui.light_theme);
  const int per_row = s.ui.columns_per_row;
  scene = {};
  scene.light = s.ui.light_theme;
  for (const LayoutNode& n : layout.nodes) {
    scene.positions.push_back(world_position(n, per_row, layout.lanes));
    scene.label_widths.push_back(ImGui::CalcTextSize(n.label.c_str()).x);
  }
  const int selected = selected_node(s);
  std::vector<EdgeInstance> straight, curved;
  const auto add_edge = [&](int from, int to, EdgeKind kind, bool classic_ignored, bool touches_selection) {
    const ImVec2 a = scene.positions[from], b = scene.positions[to];
    const Bow bow = bow_of(layout, from, to, a, b, kind);
    const float* base = kind == EdgeKind::Skips ? pal.skips : kind == EdgeKind::SkipRange ? pal.skip_range : pal.replaces;
    EdgeInstance e{a.x, a.y, bow.control.x, bow.control.y, b.x, b.y, kind == EdgeKind::SkipRange ? 1.5f : 2.0f,
                   kind == EdgeKind::SkipRange ? 10.0f : 0.0f, {base[0], base[1], base[2], base[3]},
                   static_cast<float>(kind == EdgeKind::Skips ? Marker::Cross : kind == EdgeKind::SkipRange ? Marker::Circle : Marker::Arrow),
                   kRadius};
    if (touches_selection) {
      e.width += 1.5f;
      for (int k = 0; k < 3; ++k) e.color[k] = s.ui.light_theme ? e.color[k] * 0.6f : std::min(1.0f, e.color[k] + 0.2f);
    } else if (selected >= 0) {
      e.color[3] = 0.4f;  // the rest recedes
    }
    auto& out = bow.curved ? curved : straight;
    out.push_back(e);
    if (s.ui.show_classic_ignored && classic_ignored) {
      EdgeInstance overlay = e;
      overlay.width = 1.5f;
      std::copy(pal.ignored, pal.ignored + 4, overlay.color);
      overlay.dash = 7.0f;
      overlay.marker = static_cast<float>(Marker::None);
      out.push_back(overlay);
    }
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
      add_edge(g.from.back(), g.to, EdgeKind::SkipRange, range_ignored[r], touches);
      if (g.from.size() > 1) {  // named at the top of its arc
        const ImVec2 a = scene.positions[g.from.back()], b = scene.positions[g.to];
        const Bow bow = bow_of(layout, g.from.back(), g.to, a, b, EdgeKind::SkipRange);
        scene.range_labels.push_back({ImVec2(0.25f * a.x + 0.5f * bow.control.x + 0.25f * b.x,
                                             0.25f * a.y + 0.5f * bow.control.y + 0.25f * b.y),
                                      std::to_string(g.from.size()) + " in " + g.range});
      }
    }
  }
  std::vector<NodeInstance> nodes;
  for (int i = 0; i < static_cast<int>(layout.nodes.size()); ++i) {
    const LayoutNode& n = layout.nodes[i];
    const float* fill = n.deprecated ? pal.deprecated_fill : pal.node_fill;
    const float* ring = i == selected ? pal.selected_ring : n.head ? pal.head_ring : pal.node_ring;
    NodeInstance inst{scene.positions[i].x, scene.positions[i].y, kRadius, n.deprecated ? 1.0f : 0.0f,
                      {fill[0], fill[1], fill[2], fill[3]}, {ring[0], ring[1], ring[2], ring[3]}};
    nodes.push_back(inst);
  }
  std::vector<EdgeInstance> routes;
  std::tie(scene.route_segments_classic, scene.route_segments_v1) = add_routes(s, scene, routes);
  straight.insert(straight.begin(), routes.begin(), routes.end());  // drawn first: under the edges
  s.renderer.set_scene(straight, curved, nodes);
}

// Keyboard navigation along the edges: Right/Left follow an out-/in-edge (replaces first, then
// skips, then skipRange; the nearest column first), Up/Down move between lanes of a column, Home
// goes to the channel head. With nothing selected, any of them selects the head.
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
    for (int i = 0; i < static_cast<int>(layout.nodes.size()); ++i) {
      const LayoutNode &n = layout.nodes[i], &c = layout.nodes[current];
      if (n.layer != c.layer || (n.lane - c.lane) * step <= 0) continue;
      if (best < 0 || std::abs(n.lane - c.lane) < std::abs(layout.nodes[best].lane - c.lane)) best = i;
    }
  }
  if (best >= 0) select_node(s, best);
}

void draw_graph_panel(AppState& s) {
  GraphScene& scene = s.model.scene;
  const Palette& pal = palette(s.ui.light_theme);
  if (s.ui.selected_package.empty()) {
    ImGui::TextColored(dim(), "Select a channel in the explorer to draw its upgrade graph.");
    return;
  }
  // ASCII separators: the built-in font has no "›".
  if (s.model.layout_channel.empty()) ImGui::Text("%s (all channels)", s.model.layout_package.c_str());
  else ImGui::Text("%s / %s", s.model.layout_package.c_str(),  // the channel's title names it default, deprecated
                   s.model.band_titles.size() == 1 ? s.model.band_titles[0].c_str() : s.model.layout_channel.c_str());
  ImGui::SameLine();
  ImGui::TextColored(dim(), "   replaces: arrow   skips: x   skipRange: o, dashed   head: green ring   deprecated: !");
  if (!s.model.upgrade_text.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, s.ui.light_theme ? ImVec4(0.05f, 0.35f, 0.60f, 1.0f) : ImVec4(0.55f, 0.80f, 0.95f, 1.0f));
    ImGui::TextWrapped("%s", s.model.upgrade_text.c_str());
    ImGui::PopStyleColor();
  } else {
    ImGui::TextColored(dim(), "Click a bundle to see where OLM Classic and OLM v1 would take it. Arrow keys follow edges.");
  }
  const ChannelLayout& layout = s.model.layout;
  bool changed = false;
  if (ImGui::SmallButton("Fit")) s.ui.fit_pending = true;
  ImGui::SameLine();
  changed |= ImGui::Checkbox("whole package", &s.ui.whole_package);
  ImGui::SameLine();
  changed |= ImGui::Checkbox("collapse skipRange", &s.ui.collapse_ranges);
  ImGui::SameLine();
  changed |= ImGui::Checkbox("red dashes: edges OLM Classic ignores", &s.ui.show_classic_ignored);
  if (changed) s.model.scene_dirty = true;
  if (layout.nodes.empty()) {
    if (!s.model.layout_error.empty()) ImGui::TextColored(amber(), "%s", s.model.layout_error.c_str());
    else if (s.model.layout_package.empty()) ImGui::TextColored(dim(), "Laying out...");
    else ImGui::TextColored(amber(), "This channel has no entries (see the findings below).");
    s.renderer.set_scene({}, {}, {});
    return;
  }
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 size = ImGui::GetContentRegionAvail();
  if (s.ui.fit_pending && size.x > 50 && size.y > 50) {
    // Whole graph in view: one row when it stays readable (zoom >= kReadableZoom); otherwise wrap
    // long channels into rows of columns, choosing the zoom from the area the graph needs. A whole
    // package cannot wrap (each band is a channel, its columns shared with the others): it keeps a
    // readable zoom and opens on its newest versions, where the channel heads are.
    const float width = size.x - 60.0f, height = size.y - 40.0f;
    const float graph_width = std::max(1, layout.layers - 1) * kColumn + 2 * kRadius;
    const float fit_height = height / (std::max(1, layout.lanes) * kLane);
    const float one_row = std::min(width / graph_width, fit_height);
    const int before = s.ui.columns_per_row;
    s.ui.pan_x = 30.0f;
    if (one_row >= kReadableZoom) {
      s.ui.zoom = std::clamp(one_row, 0.05f, 1.5f);
      s.ui.columns_per_row = 0;
    } else if (s.ui.whole_package) {
      s.ui.zoom = std::clamp(fit_height, kReadableZoom, 1.0f);
      s.ui.columns_per_row = 0;
      s.ui.pan_x = std::min(30.0f, size.x - 30.0f - graph_width * s.ui.zoom);  // the last column at the right edge
    } else {
      const float area = std::max(1, layout.layers) * kColumn * std::max(1, layout.lanes + 1) * kLane;
      s.ui.zoom = std::clamp(0.9f * std::sqrt(width * height / area), 0.05f, 1.5f);
      s.ui.columns_per_row = std::max(1, static_cast<int>(width / (kColumn * s.ui.zoom)));
      if (s.ui.columns_per_row >= layout.layers) s.ui.columns_per_row = 0;
    }
    s.model.scene_dirty = s.model.scene_dirty || before != s.ui.columns_per_row;
    s.ui.pan_y = 20.0f + 0.5f * kLane * s.ui.zoom;  // room for the arcs over the top row
    s.ui.fit_pending = false;
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
  if (hovered && ImGui::GetIO().MouseWheel != 0.0f) {
    // Zoom about the mouse: the layout point under it stays under it.
    const ImVec2 m = ImGui::GetIO().MousePos;
    const float old_zoom = s.ui.zoom;
    s.ui.zoom = std::clamp(s.ui.zoom * std::pow(1.15f, ImGui::GetIO().MouseWheel), 0.05f, 4.0f);
    const float k = s.ui.zoom / old_zoom;
    s.ui.pan_x = m.x - origin.x - (m.x - origin.x - s.ui.pan_x) * k;
    s.ui.pan_y = m.y - origin.y - (m.y - origin.y - s.ui.pan_y) * k;
  }
  // Tab into the canvas gives the graph its keys without a click first (graph_keys).
  const bool tabbed_in = s.ui.graph_keys && !ImGui::GetIO().WantTextInput && !ImGui::IsAnyItemActive();
  if (hovered || tabbed_in || ImGui::IsItemFocused() || ImGui::IsItemActive()) {
    for (ImGuiKey key : {ImGuiKey_LeftArrow, ImGuiKey_RightArrow, ImGuiKey_UpArrow, ImGuiKey_DownArrow, ImGuiKey_Home}) {
      ImGui::SetKeyOwner(key, canvas_id);  // not ImGui's own keyboard navigation
      if (ImGui::IsKeyPressed(key, canvas_id, ImGuiInputFlags_Repeat)) navigate(s, key);
    }
  }
  if (s.model.scene_dirty) {  // navigation changed the selection
    build_scene(s, scene);
    s.model.scene_dirty = false;
  }
  const ImVec2 offset(origin.x + s.ui.pan_x, origin.y + s.ui.pan_y);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  s.renderer.submit(dl, offset.x, offset.y, s.ui.zoom);

  // Over the instances, through ImGui (text needs its font atlas): labels of the nodes in view.
  const ImVec2 clip_min = origin, clip_max(origin.x + size.x, origin.y + size.y);
  const auto on_screen = [&](ImVec2 p, float margin) {
    return p.x > clip_min.x - margin && p.x < clip_max.x + margin && p.y > clip_min.y - margin && p.y < clip_max.y + margin;
  };
  const float spacing_x = kColumn * s.ui.zoom, radius = kRadius * s.ui.zoom;
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  for (std::size_t b = 0; b < layout.bands.size() && layout.bands.size() >= 2 && b < s.model.band_titles.size(); ++b) {
    const LayoutBand& band = layout.bands[b];
    const float y = offset.y + band.first_lane * kLane * s.ui.zoom - 0.5f * kLane * s.ui.zoom + radius;
    if (y > clip_min.y - 20 && y < clip_max.y) {
      dl->AddLine(ImVec2(clip_min.x, y), ImVec2(clip_max.x, y), pal.band_line);
      const std::string& title = s.model.band_titles[b];
      const ImVec2 at(clip_min.x + 4, y + 2), extent = ImGui::CalcTextSize(title.c_str());
      dl->AddRectFilled(ImVec2(at.x - 2, at.y), ImVec2(at.x + extent.x + 2, at.y + extent.y), pal.band_label_bg);
      dl->AddText(at, pal.band_label, title.c_str());
    }
  }
  for (const auto& label : scene.range_labels) {
    const ImVec2 p(offset.x + label.at.x * s.ui.zoom, offset.y + label.at.y * s.ui.zoom);
    const float w = ImGui::CalcTextSize(label.text.c_str()).x;
    if (s.ui.zoom >= 0.5f && on_screen(p, 0)) dl->AddText(ImVec2(p.x - w / 2, p.y - 16), pal.band_label, label.text.c_str());
  }
  int clicked = -1;
  for (int i = 0; i < static_cast<int>(layout.nodes.size()); ++i) {
    const LayoutNode& n = layout.nodes[i];
    const ImVec2 p(offset.x + scene.positions[i].x * s.ui.zoom, offset.y + scene.positions[i].y * s.ui.zoom);
    if (!on_screen(p, spacing_x)) continue;
    if (scene.label_widths[i] < spacing_x * 0.95f) {  // labels only where they do not run into the next column
      dl->AddText(ImVec2(p.x - scene.label_widths[i] / 2, p.y + radius + 4), pal.label, n.label.c_str());
    }
    const float dx = mouse.x - p.x, dy = mouse.y - p.y;
    if (hovered && dx * dx + dy * dy < std::max(radius, 4.0f) * std::max(radius, 4.0f)) {
      ImGui::SetTooltip("%s%s%s%s%s", n.name.c_str(), n.channel.empty() ? "" : "\nchannel ", n.channel.c_str(),
                        n.head ? "\nchannel head" : "", n.deprecated ? "\ndeprecated" : "");
      if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) clicked = i;
    }
  }
  if (clicked >= 0) select_node(s, clicked);
}

// [SECTION] Bundle tab: the selected channel entry's bundle in full
// "replaces a   skips b, c   skipRange >=1.0.0 <2.0.0": what the entry declares in this channel.
std::string entry_edges(const BundleDetails& d) {
  std::string out = d.replaces.empty() ? "replaces nothing" : "replaces " + d.replaces;
  if (!d.skips.empty()) {
    out += "   skips ";
    for (std::size_t i = 0; i < d.skips.size(); ++i) out += (i ? ", " : "") + d.skips[i];
  }
  if (!d.skip_range.empty()) out += "   skipRange " + d.skip_range;
  return out;
}

void draw_bundle_tab(const AppState& s) {
  const BundleDetails& d = s.model.details;
  if (!d.error.empty()) {
    ImGui::TextColored(amber(), "%s", d.error.c_str());
    return;
  }
  if (d.name != s.ui.selected_bundle) {
    ImGui::TextColored(dim(), "Reading %s...", s.ui.selected_bundle.c_str());
    return;
  }
  ImGui::Text("%s%s", d.name.c_str(), d.head ? "   (channel head)" : "");
  ImGui::SameLine();
  ImGui::TextColored(dim(), "  version %s%s%s   channel %s   %s", d.version.empty() ? "?" : d.version.c_str(),
                     d.release.empty() ? "" : "   release ", d.release.c_str(), d.channel.c_str(),
                     d.where.empty() ? "(no olm.bundle object)" : d.where.c_str());
  ImGui::TextUnformatted(entry_edges(d).c_str());
  if (d.deprecated) ImGui::TextColored(amber(), "Deprecated: %s", d.deprecation.c_str());
  // Image references run long (registry/org/name@sha256:...): wrap, never cut.
  ImGui::PushStyleColor(ImGuiCol_Text, dim());
  ImGui::TextWrapped("image %s", d.image.empty() ? "(none)" : d.image.c_str());
  ImGui::PopStyleColor();
  const ImGuiTableFlags table = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp;
  ImGui::SeparatorText(("Properties (" + std::to_string(d.properties.size()) + ")").c_str());
  if (ImGui::BeginTable("properties", 2, table)) {
    ImGui::TableSetupColumn("type", ImGuiTableColumnFlags_WidthFixed, 190);
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);
    for (const BundleDetails::Property& p : d.properties) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextColored(dim(), "%s", p.type.c_str());
      ImGui::TableNextColumn();
      ImGui::TextWrapped("%s%s", p.value.c_str(), p.truncated ? " ... (cut)" : "");
    }
    ImGui::EndTable();
  }
  ImGui::SeparatorText(("Related images (" + std::to_string(d.related_images.size()) + ")").c_str());
  if (ImGui::BeginTable("related-images", 2, table)) {
    ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthFixed, 190);
    ImGui::TableSetupColumn("image", ImGuiTableColumnFlags_WidthStretch);
    for (const auto& [name, image] : d.related_images) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextColored(dim(), "%s", name.empty() ? "(unnamed)" : name.c_str());
      ImGui::TableNextColumn();
      ImGui::TextWrapped("%s", image.c_str());
    }
    ImGui::EndTable();
  }
  if (d.bundle_objects) {
    ImGui::TextColored(dim(), "%zu olm.bundle.object manifests, %llu bytes decoded", d.bundle_objects,
                       static_cast<unsigned long long>(d.bundle_object_bytes));
  }
}

// The lower panel: the findings, and the selected bundle's details once one is selected.
void draw_lower_panel(AppState& s) {
  if (!ImGui::BeginTabBar("lower")) return;
  const auto flags_for = [&s](UiState::LowerTab tab) {
    return s.ui.lower_tab_request == tab ? ImGuiTabItemFlags_SetSelected : ImGuiTabItemFlags_None;
  };
  char label[160];
  std::snprintf(label, sizeof label, "Findings (%zu)###findings", s.model.view.findings.size());
  if (ImGui::BeginTabItem(label, nullptr, flags_for(UiState::LowerTab::Findings))) {
    s.ui.lower_tab_shown = UiState::LowerTab::Findings;
    draw_findings_panel(s);
    ImGui::EndTabItem();
  }
  if (!s.ui.selected_bundle.empty()) {
    std::snprintf(label, sizeof label, "Bundle %.120s###bundle", s.ui.selected_bundle.c_str());
    if (ImGui::BeginTabItem(label, nullptr, flags_for(UiState::LowerTab::Bundle))) {
      s.ui.lower_tab_shown = UiState::LowerTab::Bundle;
      ImGui::BeginChild("bundle-details");
      draw_bundle_tab(s);
      ImGui::EndChild();
      ImGui::EndTabItem();
    }
  } else {
    s.ui.lower_tab_shown = UiState::LowerTab::Findings;
  }
  s.ui.lower_tab_request = UiState::LowerTab::Keep;
  ImGui::EndTabBar();
}

}  // namespace

void select_finding(AppState& s, int row) {
  if (row < 0 || row >= static_cast<int>(s.model.view.findings.size())) return;
  s.ui.selected_finding = row;
  const FindingRow& f = s.model.view.findings[row];
  if (!f.package.empty()) select(s, f.package, f.channel, f.channel.empty() ? "" : f.bundle);
  s.ui.lower_tab_request = UiState::LowerTab::Findings;
}

// [SECTION] Layout of the one full-window frame
void draw_app(AppState& s) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->WorkPos);
  ImGui::SetNextWindowSize(vp->WorkSize);
  ImGui::Begin("fbclens", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus);
  if (ImGui::IsKeyPressed(ImGuiKey_Slash) && !ImGui::GetIO().WantTextInput) s.ui.focus_search = true;
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
  ImGui::EndChild();
  ImGui::BeginChild("lower", ImVec2(0, 0), ImGuiChildFlags_Border);
  draw_lower_panel(s);
  ImGui::EndChild();
  ImGui::EndGroup();
  ImGui::End();
}

}  // namespace fbclens::web
