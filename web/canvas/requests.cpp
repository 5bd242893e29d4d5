// The canvas's one request to the catalog's worker: the layout of what it shows. The operation is
// the protocol table's `layout` (wasm/protocol.cpp); the page carries the arguments' and the
// answer's JSON text through unparsed (web/shell/canvas.js), and the answer is read here once,
// through its one mapping (core/export/layout_json.h).
#include <emscripten/emscripten.h>

#include <string>

#include "app_state.h"
#include "export/layout_json.h"
#include "shell.h"

// Asks the page to run protocol operation `op` with the arguments `args` (JSON text); the answer
// comes back through fbclens_app_receive with the same `key`.
EM_JS(void, fbclens_request, (const char* op, const char* key, const char* args), {
  if (Module['fbclensRequest']) Module['fbclensRequest'](UTF8ToString(op), UTF8ToString(key), UTF8ToString(args));
});

namespace fbclens::web {

namespace {

// The channel whose layout the selection shows ("" = the whole package, channels as lanes).
std::string layout_channel(const AppState& s) { return s.ui.whole_package ? "" : s.ui.selected_channel; }

// The key of the layout the selection shows: the catalog's generation, the package and the
// channel, one per line.
std::string layout_key(const AppState& s) {
  return std::to_string(s.model.generation) + "\n" + s.ui.selected_package + "\n" + layout_channel(s);
}

void receive_layout(AppState& s, const std::string& failure, const Json& answer) {
  s.model.layout = failure.empty() ? read_layout(answer) : ChannelLayout{};
  s.model.layout_error = failure;
  s.model.layout_package = s.ui.selected_package;
  s.model.layout_channel = s.ui.whole_package ? "" : s.ui.selected_channel;
  s.model.band_titles = band_titles(s.model.layout);
  s.model.frame = GraphFrame{};
  s.model.scene_dirty = true;
  s.ui.pan_x = 40.0f;
  s.ui.pan_y = 40.0f;
  s.ui.fit_pending = true;
}

}  // namespace

void request_what_is_missing(AppState& s) {
  if (s.ui.selected_package.empty()) return;
  const std::string key = layout_key(s);
  if (key == s.requests.layout) return;
  s.requests.layout = key;
  const Json args{{"package", s.ui.selected_package}, {"channel", layout_channel(s)}};
  fbclens_request("layout", key.c_str(), args.dump().c_str());
}

}  // namespace fbclens::web

extern "C" {

/// The answer to a request (fbclens_request): `op` and `key` as asked; `failure` 0 with `text` the
/// answer's JSON, or a failure of the protocol (1 bad request, 2 no catalog, 3 not found, as
/// wasm/protocol.h) with `text` its message, shown in place of the graph. Answers to requests
/// that were superseded (another selection, another catalog) are dropped unread: also one that
/// arrives after the selection moved but before the next frame asked for the new layout (it
/// would be drawn, and reported by fbclens_app_graph_stats, under the new selection's name).
EMSCRIPTEN_KEEPALIVE void fbclens_app_receive(const char* op, const char* key, const char* text, int failure) {
  using namespace fbclens::web;
  AppState& s = app_state();
  redraw();
  if (std::string(op) != "layout" || key != s.requests.layout) return;
  if (key != layout_key(s)) {
    s.requests.layout.clear();  // the next frame asks for what is selected now (even if it is this again)
    return;
  }
  receive_layout(s, failure != 0 ? std::string(text) : std::string(),
                 failure == 0 ? fbclens::Json::parse(text, nullptr, false) : fbclens::Json());
}

}  // extern "C"
