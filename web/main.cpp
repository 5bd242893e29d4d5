// The fbclens web app: a GLFW (Emscripten emulation) window on a WebGL2 canvas, Dear ImGui panels,
// and the graph pass from shaders/. The catalog lives in a Web Worker (wasm/fbclens-worker.js);
// web/page.js hands this module the worker's answers (fbclens_app_set_catalog, fbclens_app_receive)
// and carries its questions to the worker (fbclens_request → Module.fbclensRequest).
#include <GLES3/gl3.h>
#include <GLFW/glfw3.h>
#include <emscripten/emscripten.h>
#include <emscripten/html5.h>

#include <cfloat>
#include <cstdio>
#include <string>

#include "app_state.h"
#include "imgui.h"
#include "imgui_internal.h"  // InputEventsQueue: is there new input?
#include "imgui_impl_glfw.h"
#include "imgui_impl_opengl3.h"

namespace {

GLFWwindow* g_window = nullptr;
fbclens::web::AppState* g_state = nullptr;
unsigned g_frames = 0;  // frames drawn
unsigned g_ticks = 0;   // main-loop iterations, drawn or not
// The picture only changes with input, answers from the worker and calls from the page, so the
// app draws for a short while after each (hover states and tooltips settle) and then stops drawing,
// and stops costing CPU, until the next one.
constexpr double kDrawSecondsAfterActivity = 0.5;
constexpr int kMinFramesAfterActivity = 3;
double g_draw_until = 0;
int g_frames_to_draw = kMinFramesAfterActivity;

void wake() {
  g_draw_until = emscripten_get_now() / 1000.0 + kDrawSecondsAfterActivity;
  g_frames_to_draw = kMinFramesAfterActivity;
}
std::string g_status;
// Main-thread time to build and submit a frame (ImGui, the graph pass's draw calls), in ms: a
// moving average over about the last 20 frames drawn. What the GPU (or SwiftShader) then spends
// is not in it; fps is the whole pipeline.
double g_frame_ms = 0;
float g_pixel_ratio = 1.0f;  // device pixels per CSS pixel: ImGui works in CSS pixels

// Resizes the canvas's pixel buffer to its CSS box × devicePixelRatio without GLFW's fullscreen
// branch (toolchain.md pitfall 8: glfwSetWindowSize calls requestFullscreen when the size equals the
// screen's, as in headless). Emscripten 3.1.6's GLFW knows nothing of HiDPI, so the window is the
// device-pixel buffer and ImGui is told the CSS size and the scale (see frame()).
EM_JS(void, fbclens_fit_canvas, (double ratio), {
  const canvas = Module['canvas'];
  if (!canvas) return;
  const rect = canvas.getBoundingClientRect();
  const w = Math.max(1, Math.round(rect.width * ratio)), h = Math.max(1, Math.round(rect.height * ratio));
  if (canvas.width !== w || canvas.height !== h) Module['setCanvasSize'](w, h);
});

// Asks the page to get something from the worker; the answer comes back through fbclens_app_receive.
EM_JS(void, fbclens_request, (const char* kind, const char* args), {
  if (Module['fbclensRequest']) Module['fbclensRequest'](UTF8ToString(kind), JSON.parse(UTF8ToString(args)));
});

// Tells the page which theme the app shows, so the page around the canvas matches it.
EM_JS(void, fbclens_theme_changed, (int light), {
  if (Module['onThemeChanged']) Module['onThemeChanged'](light ? 'light' : 'dark');
});

// Tells the page which finding is selected (its index in the Summary, -1 = none), so the DOM list
// of findings follows the app's selection.
EM_JS(void, fbclens_finding_selected, (int index), {
  if (Module['onFindingSelected']) Module['onFindingSelected'](index);
});

EM_BOOL on_resize(int, const EmscriptenUiEvent*, void*) {
  fbclens_fit_canvas(g_pixel_ratio);
  wake();
  return EM_FALSE;
}

// GLFW reports the cursor in canvas pixels; ImGui wants CSS pixels.
void on_cursor_pos(GLFWwindow* window, double x, double y) {
  ImGui_ImplGlfw_CursorPosCallback(window, x / g_pixel_ratio, y / g_pixel_ratio);
}

// Leaving the canvas clears the mouse position but keeps ImGui's backend from falling back to the
// unscaled glfwGetCursorPos (it does that while it thinks no window is hovered).
void on_cursor_enter(GLFWwindow* window, int entered) {
  ImGui_ImplGlfw_CursorEnterCallback(window, 1);
  if (!entered) ImGui::GetIO().AddMousePosEvent(-FLT_MAX, -FLT_MAX);
}

std::string key_of(unsigned generation, const std::string& a, const std::string& b = "", const std::string& c = "") {
  return std::to_string(generation) + "\n" + a + "\n" + b + "\n" + c;
}

void request(const char* kind, const fbclens::Json& args) { fbclens_request(kind, args.dump().c_str()); }

// The selected bundle in full, for the lower panel's Bundle tab (asked with the same key as its
// upgrade paths: both follow the selected bundle and the channel it is selected in).
void request_bundle_details(fbclens::web::AppState& s, const std::string& key, const std::string& channel) {
  if (key == s.details_requested) return;
  s.details_requested = key;
  s.details = {};
  if (s.selected_bundle.empty() || channel.empty()) return;
  request("bundle", {{"key", key},
                     {"request", {{"package", s.selected_package}, {"channel", channel}, {"bundle", s.selected_bundle}}}});
}

// Asks the worker for what the current selection needs and the app does not have yet.
void request_what_is_missing(fbclens::web::AppState& s) {
  const unsigned gen = s.view.generation;
  const std::string channel = s.whole_package ? "" : s.selected_channel;
  const std::string layout_key = key_of(gen, s.selected_package, channel);
  if (!s.selected_package.empty() && layout_key != s.layout_requested) {
    s.layout_requested = layout_key;
    request("layout", {{"key", layout_key}, {"package", s.selected_package}, {"channel", channel}});
  }
  // Source lines around the selected finding.
  if (s.selected_finding != s.excerpt_for) {
    s.excerpt_for = s.selected_finding;
    s.excerpt.clear();
    if (s.selected_finding >= 0 && s.selected_finding < static_cast<int>(s.view.findings.size())) {
      const auto& f = s.view.findings[s.selected_finding];
      if (!f.file.empty() && f.line > 0) {
        s.excerpt_requested = key_of(gen, std::to_string(s.selected_finding));
        request("excerpt", {{"key", s.excerpt_requested}, {"file", f.file}, {"line", f.line}});
      }
    }
  }
  // What each OLM does when the selected bundle is installed and its channel is followed.
  const std::string bundle_channel = s.whole_package ? s.selected_bundle_channel : s.selected_channel;
  const std::string upgrade_key = key_of(gen, s.selected_package, bundle_channel, s.selected_bundle);
  if (upgrade_key != s.upgrade_requested) {
    s.upgrade_requested = upgrade_key;
    s.upgrade_text.clear();
    if (!s.selected_bundle.empty() && !bundle_channel.empty()) {
      request("upgrade", {{"key", upgrade_key},
                          {"request", {{"package", s.selected_package}, {"installedBundle", s.selected_bundle},
                                       {"subscriptionChannel", bundle_channel}, {"channels", {bundle_channel}}}}});
    }
  }
  request_bundle_details(s, upgrade_key, bundle_channel);
}

std::string describe_upgrade(const std::string& bundle, const fbclens::Json& r) {
  const auto describe = [](const fbclens::Json& side) -> std::string {
    if (!side.is_object()) return "?";
    if (side.contains("error") && side["error"].is_string()) return "error: " + side["error"].get<std::string>();
    const fbclens::Json walk = side.value("walk", fbclens::Json::array());
    const std::string next = side.contains("next") && side["next"].is_string() ? side["next"].get<std::string>() : "";
    if (walk.size() <= 1) return next.empty() ? std::string("stays") : "stays (re-selects " + next + ")";
    return "next " + walk[1].get<std::string>() + ", ends at " + walk.back().get<std::string>() + " (" +
           std::to_string(walk.size() - 1) + " step" + (walk.size() == 2 ? "" : "s") + ")";
  };
  return "If " + bundle + " is installed:\n  OLM Classic " + describe(r.value("classic", fbclens::Json())) +
         "\n  OLM v1      " + describe(r.value("v1", fbclens::Json()));
}

// The canvas's clear colour, set per theme by apply_theme. The one full-window ImGui window draws
// no background of its own, so this is what shows behind the panels.
ImVec4 g_clear_color;

void apply_theme(fbclens::web::AppState& s) {
  if (s.light_theme) ImGui::StyleColorsLight();
  else ImGui::StyleColorsDark();
  ImGuiStyle& style = ImGui::GetStyle();
  style.WindowRounding = 0.0f;
  // The clear paints the background, in the page's own --bg (index.html) so the canvas and the
  // page around it are one surface; a full-window quad on top of it would be a second pass over
  // every pixel, which under SwiftShader (CPU WebGL) costs ~6 ms a frame at 1280×800.
  g_clear_color = s.light_theme ? ImVec4(0.941f, 0.941f, 0.949f, 1.0f) : ImVec4(0.090f, 0.102f, 0.129f, 1.0f);
  style.Colors[ImGuiCol_WindowBg] = ImVec4(g_clear_color.x, g_clear_color.y, g_clear_color.z, 0.0f);
  s.theme_applied = s.light_theme;
  s.scene_dirty = true;  // the graph's colours are per theme
  fbclens_theme_changed(s.light_theme);
}

void frame() {
  ++g_ticks;
  glfwPollEvents();
  auto& s = *g_state;
  if (s.theme_applied != s.light_theme) apply_theme(s);
  request_what_is_missing(s);
  if (!ImGui::GetCurrentContext()->InputEventsQueue.empty() || s.scene_dirty) wake();
  if (g_frames_to_draw <= 0 && emscripten_get_now() / 1000.0 > g_draw_until) return;  // the canvas keeps its picture
  --g_frames_to_draw;
  const double frame_start = emscripten_get_now();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGuiIO& io = ImGui::GetIO();
  // The GLFW window is the device-pixel buffer; ImGui lays out in CSS pixels at this scale.
  int fb_w = 0, fb_h = 0;
  glfwGetFramebufferSize(g_window, &fb_w, &fb_h);
  io.DisplaySize = ImVec2(fb_w / g_pixel_ratio, fb_h / g_pixel_ratio);
  io.DisplayFramebufferScale = ImVec2(g_pixel_ratio, g_pixel_ratio);
  ImGui::NewFrame();
  s.fps = io.Framerate;
  fbclens::web::draw_app(s);
  const int finding = s.selected_finding >= 0 ? s.view.findings[s.selected_finding].index : -1;
  if (finding != s.finding_announced) {
    s.finding_announced = finding;
    fbclens_finding_selected(finding);
  }
  ImGui::Render();
  glViewport(0, 0, fb_w, fb_h);
  glClearColor(g_clear_color.x, g_clear_color.y, g_clear_color.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  ++g_frames;
  g_frame_ms += (emscripten_get_now() - frame_start - g_frame_ms) * (g_frames == 1 ? 1.0 : 0.05);
}

// Selects `channel` of `package` (the whole package when `channel` is ""); false when absent.
bool select(fbclens::web::AppState& s, const std::string& package, const std::string& channel) {
  for (const auto& p : s.view.package_rows) {
    if (p.name != package) continue;
    if (channel.empty()) {
      s.selected_package = package;
      if (s.selected_channel.empty() && !p.channels.empty()) s.selected_channel = p.default_channel;
      s.whole_package = true;
      s.selected_bundle.clear();
      return true;
    }
    for (const auto& c : p.channels) {
      if (c.name != channel) continue;
      s.selected_package = package;
      s.selected_channel = channel;
      s.whole_package = false;
      s.selected_bundle.clear();
      return true;
    }
  }
  return false;
}

}  // namespace

extern "C" {

/// Gives the app a newly loaded catalog: `view_json` is the worker's catalog view
/// (core/export/catalog_view_json.h). Selection resets to the first package's default channel.
EMSCRIPTEN_KEEPALIVE void fbclens_app_set_catalog(const char* view_json) {
  auto& s = *g_state;
  wake();
  const fbclens::Json view = fbclens::Json::parse(view_json, nullptr, false);
  s.view = fbclens::web::parse_catalog_view(view, s.view.generation + 1);
  s.selected_finding = -1;
  s.excerpt_for = -1;
  s.excerpt.clear();
  s.selected_bundle.clear();
  s.selected_package.clear();
  s.selected_channel.clear();
  s.whole_package = false;
  s.layout = {};
  s.layout_package.clear();
  s.layout_channel.clear();
  // Start on the first package's default channel (or first channel) so the graph is never empty.
  if (!s.view.package_rows.empty()) {
    const auto& p = s.view.package_rows.front();
    s.selected_package = p.name;
    for (const auto& c : p.channels) {
      if (c.is_default || s.selected_channel.empty()) s.selected_channel = c.name;
    }
  }
  fbclens::web::apply_search(s.view, s.search);
}

/// An answer from the worker to a fbclens_request: `kind` "layout" (layout JSON), "upgrade"
/// (upgrade-path JSON), "bundle" (bundle details JSON) or "excerpt" ({file, line, lines}); `key`
/// is the request's key. Answers to requests that were superseded (another selection, another
/// catalog) are dropped. An answer {"requestError": TEXT} is shown in place of the result.
EMSCRIPTEN_KEEPALIVE void fbclens_app_receive(const char* kind, const char* key, const char* json) {
  auto& s = *g_state;
  wake();
  const std::string k = kind;
  const fbclens::Json answer = fbclens::Json::parse(json, nullptr, false);
  const std::string error = answer.is_object() && answer.contains("requestError") && answer["requestError"].is_string()
                                ? answer["requestError"].get<std::string>() : "";
  if (k == "layout" && key == s.layout_requested) {
    s.layout = error.empty() ? fbclens::web::parse_layout(answer) : fbclens::ChannelLayout{};
    s.layout_error = error;
    s.layout_package = s.selected_package;
    s.layout_channel = s.whole_package ? "" : s.selected_channel;
    s.band_titles = fbclens::web::band_titles(s.view, s.layout_package, s.layout);
    s.scene_dirty = true;
    s.pan_x = 40.0f;
    s.pan_y = 40.0f;
    s.fit_pending = true;
  } else if (k == "upgrade" && key == s.upgrade_requested) {
    s.upgrade_text = error.empty() ? describe_upgrade(s.selected_bundle, answer) : "Upgrade paths unavailable: " + error;
  } else if (k == "bundle" && key == s.details_requested) {
    s.details = fbclens::web::parse_bundle_details(answer);
  } else if (k == "excerpt" && key == s.excerpt_requested) {
    s.excerpt.clear();
    for (const auto& line : answer.value("lines", fbclens::Json::array())) {
      if (line.is_array() && line.size() == 2 && line[0].is_number() && line[1].is_string()) {
        s.excerpt.emplace_back(line[0].get<std::uint32_t>(), line[1].get<std::string>());
      }
    }
  }
}

/// App status for tests and the page: {"frames" (drawn), "ticks" (main-loop iterations; frames are
/// drawn only while something changes), "graphOk", "nodes", "edges" (instances drawn),
/// "package", "channel", "bundle", "wholePackage", "finding" (index into the findings as grouped,
/// -1 = none), "findingCode", "search", "theme", "sceneTheme" (the theme the graph's scene was
/// last built with), "upgrade" (where each OLM takes the selected bundle, as shown), "pixelRatio",
/// "details" (the bundle whose details the Bundle tab shows, "" = none yet), "detailsProperties",
/// "lowerTab" ("findings" or "bundle"), "fps", "frameMs" (main-thread ms per frame drawn, averaged)}.
EMSCRIPTEN_KEEPALIVE const char* fbclens_app_status() {
  const auto& s = *g_state;
  const fbclens::Json status{{"frames", g_frames}, {"ticks", g_ticks}, {"graphOk", s.renderer.ok()}, {"nodes", s.renderer.last_node_count()},
                             {"edges", s.renderer.last_edge_count()}, {"package", s.selected_package},
                             {"channel", s.selected_channel}, {"bundle", s.selected_bundle},
                             {"wholePackage", s.whole_package}, {"finding", s.selected_finding},
                             {"findingCode", s.selected_finding >= 0 ? s.view.findings[s.selected_finding].code : ""},
                             {"search", std::string(s.search)}, {"theme", s.light_theme ? "light" : "dark"},
                             {"sceneTheme", s.scene.light ? "light" : "dark"}, {"upgrade", s.upgrade_text},
                             {"details", s.details.name}, {"detailsProperties", s.details.properties.size()},
                             {"lowerTab", s.lower_tab_shown == fbclens::web::AppState::LowerTab::Bundle ? "bundle" : "findings"},
                             {"pixelRatio", g_pixel_ratio}, {"fps", s.fps}, {"frameMs", g_frame_ms}};
  g_status = status.dump();
  return g_status.c_str();
}

/// Selects what the graph shows (the JS API's show()): `channel` of `package`, or the whole package
/// with its channels as lanes when `channel` is "". Returns 1 when it exists, else 0 (the
/// selection is left unchanged).
EMSCRIPTEN_KEEPALIVE int fbclens_app_show(const char* package, const char* channel) {
  wake();
  return select(*g_state, package, channel) ? 1 : 0;
}

/// Selects the finding at `index` in the Summary's findings (as a click in the findings panel does).
/// Returns 1, or 0 when there is no such finding.
EMSCRIPTEN_KEEPALIVE int fbclens_app_select_finding(int index) {
  auto& s = *g_state;
  wake();
  for (int row = 0; row < static_cast<int>(s.view.findings.size()); ++row) {
    if (s.view.findings[row].index != index) continue;
    fbclens::web::select_finding(s, row);
    return 1;
  }
  return 0;
}

/// Switches between the dark (0) and light (1) theme.
EMSCRIPTEN_KEEPALIVE void fbclens_app_set_theme(int light) {
  g_state->light_theme = light != 0;
  wake();
}

/// Statistics of the graph in view (the JS API's graphStats()):
/// {"package", "channel" ("" = whole package), "nodes", "edges": {"replaces", "skips", "skipRange"},
///  "skipRangeDrawn" (skipRange edges drawn: one per range when collapsed), "heads", "fps", "frames"}.
EMSCRIPTEN_KEEPALIVE const char* fbclens_app_graph_stats() {
  const auto& s = *g_state;
  int replaces = 0, skips = 0, skip_range = 0;
  for (const auto& e : s.layout.edges) {
    replaces += e.kind == fbclens::EdgeKind::Replaces;
    skips += e.kind == fbclens::EdgeKind::Skips;
    skip_range += e.kind == fbclens::EdgeKind::SkipRange;
  }
  const fbclens::Json stats{{"package", s.layout_package}, {"channel", s.layout_channel},
                            {"nodes", s.layout.nodes.size()},
                            {"edges", {{"replaces", replaces}, {"skips", skips}, {"skipRange", skip_range}}},
                            {"skipRangeDrawn", s.collapse_ranges ? static_cast<int>(s.layout.ranges.size()) : skip_range},
                            {"heads", s.layout.heads}, {"fps", s.fps}, {"frames", g_frames}};
  g_status = stats.dump();
  return g_status.c_str();
}

}  // extern "C"

int main() {
  if (!glfwInit()) {
    std::fprintf(stderr, "fbclens: glfwInit failed\n");
    return 1;
  }
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  // An opaque colour buffer only: ImGui and the graph need no depth or stencil, and an alpha
  // channel would make the compositor blend the canvas over the page. Each costs per pixel per
  // frame under SwiftShader (measured together: ~3 ms at 1280×800).
  glfwWindowHint(GLFW_ALPHA_BITS, 0);
  glfwWindowHint(GLFW_DEPTH_BITS, 0);
  glfwWindowHint(GLFW_STENCIL_BITS, 0);
  g_window = glfwCreateWindow(1280, 800, "fbclens", nullptr, nullptr);
  if (!g_window) {
    std::fprintf(stderr, "fbclens: glfwCreateWindow failed (no WebGL2?)\n");
    return 1;
  }
  glfwMakeContextCurrent(g_window);
  g_pixel_ratio = static_cast<float>(std::max(1.0, emscripten_get_device_pixel_ratio()));
  fbclens_fit_canvas(g_pixel_ratio);
  emscripten_set_resize_callback(EMSCRIPTEN_EVENT_TARGET_WINDOW, nullptr, EM_FALSE, on_resize);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // no localStorage writes; the layout is computed each frame
  io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  // The font is rasterised at device resolution and drawn at 1/ratio, so text stays sharp on HiDPI.
  ImFontConfig font;
  font.SizePixels = 13.0f * g_pixel_ratio;
  io.Fonts->AddFontDefault(&font);
  io.FontGlobalScale = 1.0f / g_pixel_ratio;
  ImGui_ImplGlfw_InitForOpenGL(g_window, true);
  glfwSetCursorPosCallback(g_window, on_cursor_pos);  // replace the backend's own, which we forward to
  glfwSetCursorEnterCallback(g_window, on_cursor_enter);
  ImGui_ImplGlfw_CursorEnterCallback(g_window, 1);
  ImGui_ImplOpenGL3_Init("#version 300 es");

  static fbclens::web::AppState state;
  g_state = &state;
  state.light_theme = EM_ASM_INT({ return window.matchMedia && matchMedia('(prefers-color-scheme: light)').matches ? 1 : 0; });
  apply_theme(state);
  if (!state.renderer.init()) std::fprintf(stderr, "fbclens: graph shaders unavailable; graph not drawn\n");
  emscripten_set_main_loop(frame, 0, true);
  return 0;
}
