// The app's shell: the WebGL2 context on this instance's canvas, input from that canvas only, the
// frame loop and the theme. Requests to the worker are in requests.cpp, the selection and the
// page's calls in selection.cpp, the panels in panels.cpp.
//
// Why not Emscripten's GLFW (and imgui_impl_glfw): its JS glue listens for keys on `window`, so
// keys reach the app wherever focus is (Tab never gets to the page's controls, two instances both
// react to one key press), and ImGui's GLFW backend adds a wheel listener on `document`, which
// Chromium makes passive ("Unable to preventDefault inside passive event listener" on every zoom).
// Neither can be scoped to one canvas. So the shell creates the context with Emscripten's html5
// API (emscripten_webgl_create_context, on this module's canvas) and listens with its own few
// lines of JS on the canvas only (pointer events with capture, so a drag that leaves the canvas
// still ends; a non-passive wheel listener; keys only while the canvas has focus), feeding ImGui's
// io directly. Tab and Shift+Tab are left to the browser, so focus moves in and out of the canvas.
//
// [SECTION] Frame pacing
// [SECTION] Canvas, context and input (JS side)
// [SECTION] Input (C side)
// [SECTION] Theme and frame
// [SECTION] Start and stop
#include <GLES3/gl3.h>
#include <emscripten/emscripten.h>
#include <emscripten/html5.h>

#include <algorithm>
#include <cfloat>
#include <cstdio>

#include "app_state.h"
#include "imgui.h"
#include "imgui_impl_opengl3.h"
#include "imgui_internal.h"  // InputEventsQueue: is there new input?
#include "shell.h"

namespace fbclens::web {

// =====================================================================================================
// [SECTION] Frame pacing
// =====================================================================================================

namespace {

// The picture only changes with input, answers from the worker and calls from the page, so the
// app draws for a short while after each (hover states and tooltips settle) and then stops drawing,
// and stops costing CPU, until the next one.
constexpr double kDrawSecondsAfterActivity = 0.5;
constexpr int kMinFramesAfterActivity = 3;
double g_draw_until = 0;
int g_frames_to_draw = kMinFramesAfterActivity;
// Whether the frame loop is paused: with nothing to draw it stops asking for animation frames, so
// the browser makes none for the page. (A loop that asked for every frame and drew nothing still
// cost the idle page 100-150 ms of CPU a second under SwiftShader, measured by process:
// tests/bench/README.md.) Everything that can change the picture calls wake() or redraw().
bool g_paused = false;
// How long the loop goes on ticking (drawing nothing) before it pauses. Pausing as soon as nothing
// was left to draw made a union load in the page 0.03-0.07 s slower (seven alternations; the
// renderer's other threads spent 60-100 ms more, each answer of the worker starting the loop
// again); after 2 s the loads were as fast as with a loop that never paused.
constexpr double kPauseAfterIdleSeconds = 2.0;

void resume_frames() {
  if (!g_paused) return;
  g_paused = false;
  emscripten_resume_main_loop();
}

AppState* g_state = nullptr;
float g_pixel_ratio = 1.0f;  // device pixels per CSS pixel: ImGui works in CSS pixels
ImVec4 g_clear_color;        // set per theme by apply_theme
ImGuiMouseCursor g_cursor = ImGuiMouseCursor_Arrow;

}  // namespace

void wake() {
  g_draw_until = emscripten_get_now() / 1000.0 + kDrawSecondsAfterActivity;
  g_frames_to_draw = kMinFramesAfterActivity;
  resume_frames();
}

void redraw() {
  g_frames_to_draw = std::max(g_frames_to_draw, kMinFramesAfterActivity);
  resume_frames();
}

ShellStats g_shell;

AppState& app_state() { return *g_state; }

}  // namespace fbclens::web

// =====================================================================================================
// [SECTION] Canvas, context and input (JS side)
// =====================================================================================================

// Sizes the canvas's pixel buffer to its CSS box × ratio; returns width * 65536 + height. The box
// is the one the ResizeObserver last reported (fbclens_listen), so no frame forces a layout.
EM_JS(int, fbclens_fit_canvas, (double ratio), {
  const canvas = Module['canvas'];
  const size = Module['fbclensSize'];
  const w = Math.max(1, Math.round(size[0] * ratio)), h = Math.max(1, Math.round(size[1] * ratio));
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  return w * 65536 + h;
});

// Makes Module.canvas findable by the html5 API as "!canvas" (it looks targets up by selector, and
// a page with two apps has two canvases the selector could not tell apart).
EM_JS(void, fbclens_register_canvas, (), { specialHTMLTargets["!canvas"] = Module['canvas']; });

// The listeners, all on this module's canvas. Key codes are DOM keyCodes (mapped in key_of);
// characters come from keydown's `key`, so the first one typed after a focus change is not lost
// to a separate keypress event. Pointer positions are the events' offsetX/Y (the canvas has no
// border or padding; with pointer capture they stay relative to it); the canvas's CSS size comes
// from a ResizeObserver: neither reads the layout per event or per frame.
EM_JS(void, fbclens_listen, (), {
  const canvas = Module['canvas'];
  const on = (type, fn, options) => {
    canvas.addEventListener(type, fn, options);
    (Module['fbclensListeners'] = Module['fbclensListeners'] || []).push([type, fn, options]);
  };
  const at = (e) => Module['_fbclens_input_mouse_pos'](e.offsetX, e.offsetY);
  let pointerDown = false;  // a focus right after a press is the pointer's, not Tab's
  on('pointermove', at);
  on('pointerdown', (e) => {
    pointerDown = true;
    setTimeout(() => { pointerDown = false; }, 0);
    canvas.setPointerCapture(e.pointerId);  // a drag that leaves the canvas still ends here
    at(e);
    Module['_fbclens_input_mouse_button'](e.button, 1);
  });
  on('pointerup', (e) => {
    at(e);
    Module['_fbclens_input_mouse_button'](e.button, 0);
    if (canvas.hasPointerCapture(e.pointerId)) canvas.releasePointerCapture(e.pointerId);
  });
  on('pointerleave', (e) => { if (!canvas.hasPointerCapture(e.pointerId)) Module['_fbclens_input_mouse_pos'](-1e30, -1e30); });
  // Not passive: the wheel zooms the graph instead of scrolling the page.
  // In an embed (Module.fbclensWheelNeedsFocus) the wheel scrolls the host page past the graph
  // unless the canvas has focus or Ctrl is held, as embedded maps do.
  on('wheel', (e) => {
    if (Module['fbclensWheelNeedsFocus'] && !e.ctrlKey && document.activeElement !== canvas) return;
    e.preventDefault();
    const scale = e.deltaMode === 0 ? 1 / 100 : e.deltaMode === 1 ? 1 / 3 : 80;  // as SDL: 100 px or 3 lines a step
    at(e);
    Module['_fbclens_input_wheel'](-e.deltaX * scale, -e.deltaY * scale, e.shiftKey ? 1 : 0);
  }, { passive: false });
  const key = (down) => (e) => {
    if (e.key === 'Tab') return;  // the browser's: focus moves on through the page
    const mods = (e.ctrlKey ? 1 : 0) | (e.shiftKey ? 2 : 0) | (e.altKey ? 4 : 0) | (e.metaKey ? 8 : 0);
    Module['_fbclens_input_key'](e.keyCode, down ? 1 : 0, mods);
    const chars = [...(e.key || "")];
    if (down && chars.length === 1 && !e.ctrlKey && !e.metaKey) Module['_fbclens_input_char'](chars[0].codePointAt(0));
    // Keep what the app uses from the page (scrolling, quick find, history); leave the rest.
    if (!e.ctrlKey && !e.metaKey && !e.altKey && (chars.length === 1 || /^(Arrow|Page|Home|End|Backspace|Delete|Enter|Escape)/.test(e.key))) {
      e.preventDefault();
    }
  };
  on('keydown', key(true));
  on('keyup', key(false));
  on('focus', () => Module['_fbclens_input_focus'](pointerDown ? 1 : 2));
  on('blur', () => Module['_fbclens_input_focus'](0));
  Module['fbclensSize'] = [canvas.clientWidth, canvas.clientHeight];  // until the observer reports
  const observer = new ResizeObserver((entries) => {
    const box = entries[entries.length - 1].contentRect;
    Module['fbclensSize'] = [box.width, box.height];
    Module['_fbclens_shell_resized']();
  });
  observer.observe(canvas);
  Module['fbclensObserver'] = observer;
  // Focused before the app started (an embed's placeholder hands its focus on): as if Tab came in.
  if (document.activeElement === canvas) Module['_fbclens_input_focus'](2);
});

EM_JS(void, fbclens_unlisten, (), {
  const canvas = Module['canvas'];
  (Module['fbclensListeners'] || []).forEach((l) => canvas.removeEventListener(l[0], l[1], l[2]));
  Module['fbclensListeners'] = [];
  if (Module['fbclensObserver']) Module['fbclensObserver'].disconnect();
});

// Gives the canvas's WebGL context back to the browser now (not when the canvas is collected).
EM_JS(void, fbclens_lose_context, (), {
  const gl = Module['canvas'].getContext('webgl2');
  const lose = gl && gl.getExtension('WEBGL_lose_context');
  if (lose) lose.loseContext();
});

// Tells the page that main() has set the app up: the module's promise can resolve before main
// runs (its instantiation is the page's, shared between instances), and the page's calls need
// the app's state.
EM_JS(void, fbclens_started, (), { if (Module['onStarted']) Module['onStarted'](); });

EM_JS(void, fbclens_set_cursor, (const char* cursor), { Module['canvas'].style.cursor = UTF8ToString(cursor); });


// =====================================================================================================
// [SECTION] Input (C side)
// =====================================================================================================

namespace {

using fbclens::web::wake;

// DOM keyCode → ImGuiKey, for the keys the app and ImGui's widgets use.
ImGuiKey key_of(int code) {
  if (code >= 65 && code <= 90) return static_cast<ImGuiKey>(ImGuiKey_A + (code - 65));
  if (code >= 48 && code <= 57) return static_cast<ImGuiKey>(ImGuiKey_0 + (code - 48));
  if (code >= 112 && code <= 123) return static_cast<ImGuiKey>(ImGuiKey_F1 + (code - 112));
  switch (code) {
    case 8: return ImGuiKey_Backspace;
    case 13: return ImGuiKey_Enter;
    case 16: return ImGuiKey_LeftShift;
    case 17: return ImGuiKey_LeftCtrl;
    case 18: return ImGuiKey_LeftAlt;
    case 27: return ImGuiKey_Escape;
    case 32: return ImGuiKey_Space;
    case 33: return ImGuiKey_PageUp;
    case 34: return ImGuiKey_PageDown;
    case 35: return ImGuiKey_End;
    case 36: return ImGuiKey_Home;
    case 37: return ImGuiKey_LeftArrow;
    case 38: return ImGuiKey_UpArrow;
    case 39: return ImGuiKey_RightArrow;
    case 40: return ImGuiKey_DownArrow;
    case 45: return ImGuiKey_Insert;
    case 46: return ImGuiKey_Delete;
    case 91: return ImGuiKey_LeftSuper;
    case 186: return ImGuiKey_Semicolon;
    case 187: return ImGuiKey_Equal;
    case 188: return ImGuiKey_Comma;
    case 189: return ImGuiKey_Minus;
    case 190: return ImGuiKey_Period;
    case 191: return ImGuiKey_Slash;
    case 192: return ImGuiKey_GraveAccent;
    case 219: return ImGuiKey_LeftBracket;
    case 220: return ImGuiKey_Backslash;
    case 221: return ImGuiKey_RightBracket;
    case 222: return ImGuiKey_Apostrophe;
    default: return ImGuiKey_None;
  }
}

const char* css_cursor(ImGuiMouseCursor cursor) {
  switch (cursor) {
    case ImGuiMouseCursor_TextInput: return "text";
    case ImGuiMouseCursor_ResizeAll: return "move";
    case ImGuiMouseCursor_ResizeNS: return "ns-resize";
    case ImGuiMouseCursor_ResizeEW: return "ew-resize";
    case ImGuiMouseCursor_ResizeNESW: return "nesw-resize";
    case ImGuiMouseCursor_ResizeNWSE: return "nwse-resize";
    case ImGuiMouseCursor_Hand: return "pointer";
    case ImGuiMouseCursor_NotAllowed: return "not-allowed";
    case ImGuiMouseCursor_None: return "none";
    default: return "default";
  }
}

}  // namespace

extern "C" {

/// Input from the canvas's listeners (fbclens_listen): positions in CSS pixels from the canvas's
/// top left; -1e30 = the pointer left.
EMSCRIPTEN_KEEPALIVE void fbclens_input_mouse_pos(double x, double y) {
  ImGui::GetIO().AddMousePosEvent(x < -1e29 ? -FLT_MAX : static_cast<float>(x), y < -1e29 ? -FLT_MAX : static_cast<float>(y));
  wake();
}
/// A DOM mouse button (0 left, 1 middle, 2 right) went down (1) or up (0).
EMSCRIPTEN_KEEPALIVE void fbclens_input_mouse_button(int button, int down) {
  const int imgui_button = button == 1 ? 2 : button == 2 ? 1 : button;  // ImGui: 0 left, 1 right, 2 middle
  if (imgui_button >= 0 && imgui_button < ImGuiMouseButton_COUNT) ImGui::GetIO().AddMouseButtonEvent(imgui_button, down != 0);
  fbclens::web::app_state().ui.graph_keys = false;  // from now on the widget clicked has the keys
  wake();
}
/// Wheel steps (positive = up / left, as ImGui counts).
/// The wheel turned by (x, y) steps; `shift` 1 while Shift is held (the wheel event says so: keys
/// reach the canvas only while it has focus, and Shift+wheel scrolls the graph wherever the mouse is).
EMSCRIPTEN_KEEPALIVE void fbclens_input_wheel(double x, double y, int shift) {
  ImGuiIO& io = ImGui::GetIO();
  if ((shift != 0) != io.KeyShift) io.AddKeyEvent(ImGuiMod_Shift, shift != 0);
  io.AddMouseWheelEvent(static_cast<float>(x), static_cast<float>(y));
  wake();
}
/// A key (DOM keyCode) went down or up; `mods`: 1 ctrl, 2 shift, 4 alt, 8 meta.
EMSCRIPTEN_KEEPALIVE void fbclens_input_key(int code, int down, int mods) {
  ImGuiIO& io = ImGui::GetIO();
  io.AddKeyEvent(ImGuiMod_Ctrl, (mods & 1) != 0);
  io.AddKeyEvent(ImGuiMod_Shift, (mods & 2) != 0);
  io.AddKeyEvent(ImGuiMod_Alt, (mods & 4) != 0);
  io.AddKeyEvent(ImGuiMod_Super, (mods & 8) != 0);
  if (const ImGuiKey key = key_of(code); key != ImGuiKey_None) io.AddKeyEvent(key, down != 0);
  wake();
}
/// A character typed (a Unicode code point).
EMSCRIPTEN_KEEPALIVE void fbclens_input_char(unsigned codepoint) {
  ImGui::GetIO().AddInputCharacter(codepoint);
  wake();
}
/// The canvas gained focus from the pointer (1) or the keyboard (2), or lost it (0); losing it
/// releases every key, gaining it from the keyboard gives the graph's keys to the graph until the
/// next click.
EMSCRIPTEN_KEEPALIVE void fbclens_input_focus(int focused) {
  ImGui::GetIO().AddFocusEvent(focused != 0);
  fbclens::web::app_state().ui.graph_keys = focused == 2;
  wake();
}
/// The canvas's CSS box changed size.
// A resize needs the picture drawn again at the new size (and ImGui's layout settled), not the
// half-second of hover and tooltip frames that input gets: the header changing height, or a window
// being dragged wider, then costs a few frames each, not dozens.
EMSCRIPTEN_KEEPALIVE void fbclens_shell_resized() { fbclens::web::redraw(); }

}  // extern "C"

// =====================================================================================================
// [SECTION] Theme and frame
// =====================================================================================================

namespace fbclens::web {

namespace {

void apply_theme(AppState& s) {
  if (s.ui.light_theme) ImGui::StyleColorsLight();
  else ImGui::StyleColorsDark();
  ImGuiStyle& style = ImGui::GetStyle();
  style.WindowRounding = 0.0f;
  // The clear paints the background, in the page's own --bg (web/shell/shell.css) so the canvas and the page
  // around it are one surface; a full-window quad on top of it would be a second pass over every
  // pixel, which under SwiftShader (CPU WebGL) costs ~6 ms a frame at 1280×800.
  g_clear_color = s.ui.light_theme ? ImVec4(0.941f, 0.941f, 0.949f, 1.0f) : ImVec4(0.090f, 0.102f, 0.129f, 1.0f);
  style.Colors[ImGuiCol_WindowBg] = ImVec4(g_clear_color.x, g_clear_color.y, g_clear_color.z, 0.0f);
  s.ui.theme_applied = s.ui.light_theme;
  s.model.scene_dirty = true;  // the graph's colours are per theme
}

void frame() {
  ++g_shell.ticks;
  AppState& s = *g_state;
  if (s.ui.theme_applied != s.ui.light_theme) apply_theme(s);
  if (!ImGui::GetCurrentContext()->InputEventsQueue.empty()) wake();
  if (s.model.scene_dirty) redraw();
  if (g_frames_to_draw <= 0 && emscripten_get_now() / 1000.0 > g_draw_until) {  // the canvas keeps its picture
    if (emscripten_get_now() / 1000.0 > g_draw_until + kPauseAfterIdleSeconds) {
      g_paused = true;
      emscripten_pause_main_loop();
    }
    return;
  }
  request_what_is_missing(s);  // only what changed can need a request, and every change wakes
  --g_frames_to_draw;
  const double frame_start = emscripten_get_now();
  const int size = fbclens_fit_canvas(g_pixel_ratio);
  const int fb_w = size / 65536, fb_h = size % 65536;  // the canvas's pixel buffer
  ImGuiIO& io = ImGui::GetIO();
  // The canvas is the device-pixel buffer; ImGui lays out in CSS pixels at this scale.
  io.DisplaySize = ImVec2(static_cast<float>(fb_w) / g_pixel_ratio, static_cast<float>(fb_h) / g_pixel_ratio);
  io.DisplayFramebufferScale = ImVec2(g_pixel_ratio, g_pixel_ratio);
  const double now = emscripten_get_now() / 1000.0;
  static double last = now;
  io.DeltaTime = now > last ? static_cast<float>(now - last) : 1.0f / 60.0f;
  last = now;
  ImGui_ImplOpenGL3_NewFrame();
  ImGui::NewFrame();
  s.ui.fps = io.Framerate;
  draw_app(s);
  announce_selection(s);
  if (const ImGuiMouseCursor cursor = ImGui::GetMouseCursor(); cursor != g_cursor) {
    g_cursor = cursor;
    fbclens_set_cursor(css_cursor(cursor));
  }
  ImGui::Render();
  glViewport(0, 0, fb_w, fb_h);
  glClearColor(g_clear_color.x, g_clear_color.y, g_clear_color.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  ++g_shell.frames;
  g_shell.frame_ms += (emscripten_get_now() - frame_start - g_shell.frame_ms) * (g_shell.frames == 1 ? 1.0 : 0.05);
}

}  // namespace

float pixel_ratio() { return g_pixel_ratio; }

}  // namespace fbclens::web

// =====================================================================================================
// [SECTION] Start and stop
// =====================================================================================================

extern "C" {

/// Sets the theme: dark (0) or light (1). The page decides ('system' follows prefers-color-scheme
/// there).
EMSCRIPTEN_KEEPALIVE void fbclens_app_set_theme(int light) {
  fbclens::web::app_state().ui.light_theme = light != 0;
  fbclens::web::redraw();
}

/// Stops the frame loop, removes the canvas's listeners and releases ImGui (its GL backend and
/// context) and the WebGL context (the page's unmount). The page's read-backs (status, graph
/// statistics) still answer afterwards; nothing draws again.
EMSCRIPTEN_KEEPALIVE void fbclens_app_stop() {
  emscripten_cancel_main_loop();
  fbclens::web::g_paused = false;  // nothing resumes a loop that was cancelled
  fbclens_unlisten();
  if (!ImGui::GetCurrentContext()) return;  // stopped already
  ImGui_ImplOpenGL3_Shutdown();
  ImGui::DestroyContext();
  const EMSCRIPTEN_WEBGL_CONTEXT_HANDLE context = emscripten_webgl_get_current_context();
  emscripten_webgl_make_context_current(0);
  if (context > 0) emscripten_webgl_destroy_context(context);
  fbclens_lose_context();
}

}  // extern "C"

int main() {
  using namespace fbclens::web;
  fbclens_register_canvas();
  EmscriptenWebGLContextAttributes attributes;
  emscripten_webgl_init_context_attributes(&attributes);
  attributes.majorVersion = 2;
  attributes.minorVersion = 0;
  // An opaque colour buffer only: ImGui and the graph need no depth or stencil, and an alpha
  // channel would make the compositor blend the canvas over the page. Each costs per pixel per
  // frame under SwiftShader (measured together: ~3 ms at 1280×800).
  attributes.alpha = EM_FALSE;
  attributes.depth = EM_FALSE;
  attributes.stencil = EM_FALSE;
  attributes.antialias = EM_FALSE;
  const EMSCRIPTEN_WEBGL_CONTEXT_HANDLE context = emscripten_webgl_create_context("!canvas", &attributes);
  if (context <= 0) {
    std::fprintf(stderr, "fbclens: no WebGL2 context on the canvas\n");
    return 1;
  }
  emscripten_webgl_make_context_current(context);
  g_pixel_ratio = static_cast<float>(std::max(1.0, emscripten_get_device_pixel_ratio()));

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // no localStorage writes; the layout is computed each frame
  io.BackendPlatformName = "fbclens_shell";
  // No ImGuiConfigFlags_NavEnableKeyboard: the canvas's keys are the graph's (graph_panel.cpp's
  // arrows, Home, F) and Tab is the browser's. With ImGui's own keyboard navigation on, a key
  // pressed before the canvas drew a frame with its focus (so before the graph claimed the key)
  // also went to ImGui, which moved its focus to a toolbar button and then ignored the mouse's
  // hover until the pointer moved inside the canvas: the wheel did not zoom there (a CI failure of
  // mount.e2e; tests/browser/app.e2e "keyboard first, then the mouse").
  // The font is rasterised at device resolution and drawn at 1/ratio, so text stays sharp on HiDPI.
  ImFontConfig font;
  font.SizePixels = 13.0f * g_pixel_ratio;
  io.Fonts->AddFontDefault(&font);
  io.FontGlobalScale = 1.0f / g_pixel_ratio;
  ImGui_ImplOpenGL3_Init("#version 300 es");

  static AppState state;
  g_state = &state;
  apply_theme(state);
  if (!state.renderer.init()) std::fprintf(stderr, "fbclens: graph shaders unavailable; graph not drawn\n");
  fbclens_listen();
  fbclens_started();
  emscripten_set_main_loop(frame, 0, true);
  return 0;
}
