// The app's requests to the catalog's worker, and their answers. The operations are the protocol
// table (wasm/protocol.cpp); the app names them, the page carries the arguments' and the answers'
// JSON text through unparsed (web/page.js), and each answer is parsed here once.
//
// [SECTION] Asking
// [SECTION] Answers
#include <emscripten/emscripten.h>

#include <string>

#include "app_state.h"
#include "shell.h"

// Asks the page to run protocol operation `op` with the arguments `args` (JSON text); the answer
// comes back through fbclens_app_receive with the same `key`.
EM_JS(void, fbclens_request, (const char* op, const char* key, const char* args), {
  if (Module['fbclensRequest']) Module['fbclensRequest'](UTF8ToString(op), UTF8ToString(key), UTF8ToString(args));
});

namespace fbclens::web {

namespace {

// =====================================================================================================
// [SECTION] Asking
// =====================================================================================================

std::string key_of(unsigned generation, const std::string& a, const std::string& b = "", const std::string& c = "") {
  return std::to_string(generation) + "\n" + a + "\n" + b + "\n" + c;
}

void request(const char* op, const std::string& key, const Json& args) { fbclens_request(op, key.c_str(), args.dump().c_str()); }

// The source lines around the selected finding.
void request_excerpt(AppState& s) {
  if (s.ui.selected_finding == s.requests.excerpt_for) return;
  s.requests.excerpt_for = s.ui.selected_finding;
  s.model.excerpt.clear();
  if (s.ui.selected_finding < 0 || s.ui.selected_finding >= static_cast<int>(s.model.view.findings.size())) return;
  const auto& f = s.model.view.findings[s.ui.selected_finding];
  if (f.file.empty() || f.line == 0) return;
  s.requests.excerpt = key_of(s.model.view.generation, std::to_string(s.ui.selected_finding));
  request("excerpt", s.requests.excerpt, {{"file", f.file}, {"line", f.line}, {"context", 4}});
}

// Where each OLM goes when the selected bundle is installed and its channel followed, and the
// bundle in full for the Bundle tab: both follow the selected bundle and the channel it is in.
void request_bundle(AppState& s) {
  const std::string channel = s.ui.whole_package ? s.ui.selected_bundle_channel : s.ui.selected_channel;
  const std::string key = key_of(s.model.view.generation, s.ui.selected_package, channel, s.ui.selected_bundle);
  if (key == s.requests.bundle) return;
  s.requests.bundle = key;
  s.model.upgrade_text.clear();
  s.model.dependencies_text.clear();
  s.model.details = {};
  if (s.ui.selected_bundle.empty() || channel.empty()) return;
  request("upgradePath", key,
          {{"package", s.ui.selected_package}, {"installedBundle", s.ui.selected_bundle},
           {"subscriptionChannel", channel}, {"channels", {channel}}});
  request("bundle", key, {{"package", s.ui.selected_package}, {"channel", channel}, {"bundle", s.ui.selected_bundle}});
}

// =====================================================================================================
// [SECTION] Answers
// =====================================================================================================

std::string describe_upgrade(const std::string& bundle, const Json& r) {
  const auto describe = [](const Json& side) -> std::string {
    if (!side.is_object()) return "?";
    if (side.contains("error") && side["error"].is_string()) return "error: " + side["error"].get<std::string>();
    const Json walk = side.value("walk", Json::array());
    const std::string next = side.contains("next") && side["next"].is_string() ? side["next"].get<std::string>() : "";
    if (walk.size() <= 1) return next.empty() ? std::string("stays") : "stays (re-selects " + next + ")";
    return "next " + walk[1].get<std::string>() + ", ends at " + walk.back().get<std::string>() + " (" +
           std::to_string(walk.size() - 1) + " step" + (walk.size() == 2 ? "" : "s") + ")";
  };
  return "If " + bundle + " is installed:\n  OLM Classic " + describe(r.value("classic", Json())) +
         "\n  OLM v1      " + describe(r.value("v1", Json()));
}

// The Bundle tab's "Dependencies" text from the upgradePath answer's classic.resolution
// (core/deps/resolve_json.h): the bundles installed along (indented under what required them)
// and the candidates skipped for unmet constraints; "" when Classic resolved none.
std::string describe_dependencies(const Json& r) {
  const Json classic = r.value("classic", Json());
  if (!classic.is_object() || !classic.contains("resolution") || !classic["resolution"].is_object()) return "";
  const Json& res = classic["resolution"];
  const auto text = [](const Json& j, const char* key) { return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string(); };
  std::string out;
  for (const Json& c : res.value("candidates", Json::array())) {
    if (!c.is_object() || !c.value("tried", false) || c.value("chosen", false)) continue;
    out += "skipped " + text(c, "bundle") + ":\n";
    for (const Json& u : c.value("unmet", Json::array())) {
      out += "  unmet: " + text(u, "constraint") + (text(u, "failureMessage").empty() ? "" : " (" + text(u, "failureMessage") + ")") + "\n";
    }
  }
  for (const Json& i : res.value("installs", Json::array())) {
    if (!i.is_object() || text(i, "requiredBy").empty()) continue;  // the pick itself
    out += "installs along: " + text(i, "bundle") + " (package " + text(i, "package") + "), required by " + text(i, "requiredBy") +
           (text(i, "constraint").empty() ? "" : ": " + text(i, "constraint")) + "\n";
  }
  if (!text(res, "error").empty()) out += "error: " + text(res, "error") + "\n";
  return out.empty() ? "No dependencies to resolve." : out;
}

void receive_layout(AppState& s, const std::string& failure, const Json& answer) {
  s.model.layout = failure.empty() ? parse_layout(answer) : ChannelLayout{};
  s.model.layout_error = failure;
  s.model.layout_package = s.ui.selected_package;
  s.model.layout_channel = s.ui.whole_package ? "" : s.ui.selected_channel;
  s.model.band_titles = band_titles(s.model.view, s.model.layout_package, s.model.layout);
  s.model.package_deprecated = false;
  for (const PackageRow& p : s.model.view.package_rows) {
    if (p.name == s.model.layout_package) s.model.package_deprecated = p.deprecated;
  }
  s.model.frame = GraphFrame{};
  s.model.scene_dirty = true;
  s.ui.pan_x = 40.0f;
  s.ui.pan_y = 40.0f;
  s.ui.fit_pending = true;
}

void receive_excerpt(AppState& s, const Json& answer) {
  s.model.excerpt.clear();
  for (const auto& line : answer.value("lines", Json::array())) {
    if (line.is_array() && line.size() == 2 && line[0].is_number() && line[1].is_string()) {
      s.model.excerpt.emplace_back(line[0].get<std::uint32_t>(), line[1].get<std::string>());
    }
  }
}

}  // namespace

void request_what_is_missing(AppState& s) {
  const std::string channel = s.ui.whole_package ? "" : s.ui.selected_channel;
  const std::string layout_key = key_of(s.model.view.generation, s.ui.selected_package, channel);
  if (!s.ui.selected_package.empty() && layout_key != s.requests.layout) {
    s.requests.layout = layout_key;
    request("layout", layout_key, {{"package", s.ui.selected_package}, {"channel", channel}});
  }
  request_excerpt(s);
  request_bundle(s);
}

}  // namespace fbclens::web

extern "C" {

/// The answer to a request (fbclens_request): `op` and `key` as asked; `failure` 0 with `text` the
/// answer's JSON, or a failure of the protocol (1 bad request, 2 no catalog, 3 not found, as
/// wasm/protocol.h) with `text` its message, shown in place of the result. Answers to requests
/// that were superseded (another selection, another catalog) are dropped.
EMSCRIPTEN_KEEPALIVE void fbclens_app_receive(const char* op, const char* key, const char* text, int failure) {
  using namespace fbclens::web;
  AppState& s = app_state();
  wake();
  const std::string o = op;
  const std::string error = failure != 0 ? std::string(text) : std::string();
  // Parsed only for an answer still wanted (its key is the one asked last).
  const auto answer = [&] { return failure == 0 ? fbclens::Json::parse(text, nullptr, false) : fbclens::Json(); };
  if (o == "layout" && key == s.requests.layout) {
    receive_layout(s, error, answer());
  } else if (o == "upgradePath" && key == s.requests.bundle) {
    s.model.upgrade_text = error.empty() ? describe_upgrade(s.ui.selected_bundle, answer()) : "Upgrade paths unavailable: " + error;
    s.model.dependencies_text = error.empty() ? describe_dependencies(answer()) : "";
  } else if (o == "bundle" && key == s.requests.bundle) {
    s.model.details = error.empty() ? parse_bundle_details(answer()) : BundleDetails{};
    s.model.details.error = error;
  } else if (o == "excerpt" && key == s.requests.excerpt) {
    receive_excerpt(s, answer());
  }
}

}  // extern "C"
