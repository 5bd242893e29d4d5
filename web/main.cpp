// The fbclens web app: a GLFW (Emscripten emulation) window on a WebGL2 canvas, Dear ImGui panels,
// and the graph pass from shaders/. JavaScript (web/page.js) feeds files through the C API in
// wasm/api.cpp; each frame checks whether a new load happened and rebuilds the view model then.
#include <GLES3/gl3.h>
#include <GLFW/glfw3.h>
#include <emscripten/emscripten.h>
#include <emscripten/html5.h>

#include <cstdio>
#include <string>

#include "app_state.h"
#include "export/upgrade_json.h"
#include "imgui.h"
#include "imgui_impl_glfw.h"
#include "imgui_impl_opengl3.h"
#include "wasm/session.h"

namespace {

GLFWwindow* g_window = nullptr;
fbclens::web::AppState* g_state = nullptr;
unsigned g_frames = 0;
std::string g_status;

// Resizes the canvas to its CSS box without GLFW's fullscreen branch (toolchain.md pitfall 8:
// glfwSetWindowSize calls requestFullscreen when the size equals the screen's, as in headless).
EM_JS(void, fbclens_fit_canvas, (), {
  const canvas = Module['canvas'];
  if (!canvas) return;
  const rect = canvas.getBoundingClientRect();
  const w = Math.max(1, Math.floor(rect.width)), h = Math.max(1, Math.floor(rect.height));
  if (canvas.width !== w || canvas.height !== h) Module['setCanvasSize'](w, h);
});

EM_BOOL on_resize(int, const EmscriptenUiEvent*, void*) {
  fbclens_fit_canvas();
  return EM_FALSE;
}

void sync_with_session(fbclens::web::AppState& s) {
  const auto& session = fbclens::wasm::session();
  if (session.report() && session.generation() != s.view.generation) {
    s.view = fbclens::web::build_catalog_view(*session.report(), session.generation());
    s.selected_finding = -1;
    s.selected_bundle.clear();
    // Start on the first package's default channel (or first channel) so the graph is never empty.
    s.selected_package.clear();
    s.selected_channel.clear();
    if (!s.view.package_rows.empty()) {
      const auto& p = s.view.package_rows.front();
      s.selected_package = p.name;
      for (const auto& c : p.channels) {
        if (c.is_default || s.selected_channel.empty()) s.selected_channel = c.name;
      }
    }
    s.layout_package.clear();
    fbclens::web::apply_search(s.view, s.search);
  }
  if (session.report() && (s.layout_package != s.selected_package || s.layout_channel != s.selected_channel)) {
    s.layout = fbclens::web::build_channel_layout(*session.report(), s.selected_package, s.selected_channel);
    s.layout_package = s.selected_package;
    s.layout_channel = s.selected_channel;
    s.pan_x = 40.0f;
    s.pan_y = 40.0f;
    s.fit_pending = true;
  }
  // Source lines around the selected finding (read once per selection).
  if (s.selected_finding != s.excerpt_for) {
    s.excerpt_for = s.selected_finding;
    s.excerpt.clear();
    if (s.selected_finding >= 0 && s.selected_finding < static_cast<int>(s.view.findings.size()) && session.source()) {
      const auto& f = s.view.findings[s.selected_finding];
      std::string text, error;
      if (session.source()->read(f.file, text, error, std::size_t(64) << 20)) {
        s.excerpt = fbclens::web::source_excerpt(text, f.line, 4);
      }
    }
  }
  // What each OLM does when the selected bundle is installed and this channel is followed.
  const std::string key = s.selected_package + "/" + s.selected_channel + "/" + s.selected_bundle;
  if (session.report() && key != s.upgrade_bundle) {
    s.upgrade_bundle = key;
    s.upgrade_text.clear();
    const auto graph = fbclens::update::package_graph(*session.report(), s.selected_package);
    const fbclens::update::GraphBundle* b = graph ? graph->bundle(s.selected_bundle) : nullptr;
    if (b) {
      fbclens::UpgradeRequest request;
      request.package = s.selected_package;
      request.installed = fbclens::update::Installed{b->name, b->version};
      request.subscription_channel = s.selected_channel;
      request.v1.channels = {s.selected_channel};
      const fbclens::Json r = fbclens::upgrade_path_json(*graph, request);
      const auto describe = [](const fbclens::Json& side) {
        if (!side["error"].is_null()) return "error: " + side["error"].get<std::string>();
        const auto& walk = side["walk"];
        const std::string next = side["next"].is_null() ? "" : side["next"].get<std::string>();
        if (walk.size() <= 1) return next.empty() ? std::string("stays") : "stays (re-selects " + next + ")";
        return "next " + walk[1].get<std::string>() + ", ends at " + walk.back().get<std::string>() + " (" +
               std::to_string(walk.size() - 1) + " step" + (walk.size() == 2 ? "" : "s") + ")";
      };
      s.upgrade_text = "If " + b->name + " is installed:\n  OLM Classic " + describe(r["classic"]) + "\n  OLM v1      " +
                       describe(r["v1"]);
    }
  }
}

void frame() {
  glfwPollEvents();
  sync_with_session(*g_state);
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGui::NewFrame();
  g_state->fps = ImGui::GetIO().Framerate;
  fbclens::web::draw_app(*g_state);
  ImGui::Render();
  int w = 0, h = 0;
  glfwGetFramebufferSize(g_window, &w, &h);
  glViewport(0, 0, w, h);
  glClearColor(0.09f, 0.10f, 0.13f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  ++g_frames;
}

}  // namespace

extern "C" {

/// App status for tests and the page: {"frames", "graphOk", "nodes", "edges", "package", "channel",
/// "bundle", "finding" (index into the Summary's findings order after grouping, -1 = none),
/// "search" (the explorer's search text), "fps"}.
EMSCRIPTEN_KEEPALIVE const char* fbclens_app_status() {
  const auto& s = *g_state;
  const fbclens::Json status{{"frames", g_frames}, {"graphOk", s.renderer.ok()}, {"nodes", s.renderer.last_node_count()},
                             {"edges", s.renderer.last_edge_count()}, {"package", s.selected_package},
                             {"channel", s.selected_channel}, {"bundle", s.selected_bundle},
                             {"finding", s.selected_finding},
                             {"findingCode", s.selected_finding >= 0 ? s.view.findings[s.selected_finding].code : ""},
                             {"search", std::string(s.search)},
                             {"fps", s.fps}};
  g_status = status.dump();
  return g_status.c_str();
}

/// Selects what the graph shows (the JS API's show()). Returns 1 when the package has that
/// channel, else 0 (the selection is left unchanged).
EMSCRIPTEN_KEEPALIVE int fbclens_app_show(const char* package, const char* channel) {
  auto& s = *g_state;
  for (const auto& p : s.view.package_rows) {
    if (p.name != package) continue;
    for (const auto& c : p.channels) {
      if (c.name != channel) continue;
      s.selected_package = package;
      s.selected_channel = channel;
      s.selected_bundle.clear();
      return 1;
    }
  }
  return 0;
}

/// Statistics of the graph in view (the JS API's graphStats()):
/// {"package", "channel", "nodes", "edges": {"replaces", "skips", "skipRange"}, "heads", "fps", "frames"}.
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
  g_window = glfwCreateWindow(1280, 800, "fbclens", nullptr, nullptr);
  if (!g_window) {
    std::fprintf(stderr, "fbclens: glfwCreateWindow failed (no WebGL2?)\n");
    return 1;
  }
  glfwMakeContextCurrent(g_window);
  fbclens_fit_canvas();
  emscripten_set_resize_callback(EMSCRIPTEN_EVENT_TARGET_WINDOW, nullptr, EM_FALSE, on_resize);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // no localStorage writes; the layout is computed each frame
  io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  ImGui::StyleColorsDark();
  ImGui::GetStyle().WindowRounding = 0.0f;
  ImGui_ImplGlfw_InitForOpenGL(g_window, true);
  ImGui_ImplOpenGL3_Init("#version 300 es");

  static fbclens::web::AppState state;
  g_state = &state;
  if (!state.renderer.init()) std::fprintf(stderr, "fbclens: graph shaders unavailable; graph not drawn\n");
  emscripten_set_main_loop(frame, 0, true);
  return 0;
}
