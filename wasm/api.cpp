// The C functions JavaScript calls (see wasm/fbclens-api.js for the documented JS surface).
// Exported with -sEXPORTED_FUNCTIONS; strings cross as UTF-8 pointers owned by the callee.
#include <emscripten/emscripten.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>

#include "export/bundle_details_json.h"
#include "export/catalog_view_json.h"
#include "export/layout_json.h"
#include "export/report_json.h"
#include "export/upgrade_json.h"
#include "load/source_excerpt.h"
#include "sample_catalog_embedded.h"
#include "wasm/session.h"

// Tells JavaScript how far a load has got: calls Module.onLoadProgress(files, bytes) when the page
// (or worker) set it. Called once per file parsed, from inside the synchronous load.
EM_JS(void, fbclens_report_load_progress, (double files, double bytes), {
  if (Module['onLoadProgress']) Module['onLoadProgress'](files, bytes);
});

namespace fbclens::wasm {

const std::string& Session::load() {
  report_.reset();  // before building the next one (see reset_files)
  current_ = std::move(pending_);
  pending_ = std::make_unique<MemoryFileSource>();
  LoadOptions options;
  std::uint64_t bytes = 0;
  options.on_file_loaded = [&bytes](LoadResult& result, std::size_t) {
    bytes += result.files.empty() ? 0 : result.files.back().bytes;
    fbclens_report_load_progress(static_cast<double>(result.files.size()), static_cast<double>(bytes));
  };
  report_ = std::make_unique<ValidationReport>(validate_catalog(*current_, options));
  summary_json_ = ::fbclens::summary_json(*report_).dump();
  ++generation_;
  return summary_json_;
}

const std::string& Session::load_sample() {
  reset_files();
  for (const auto& f : sample::kFiles) add_file(f.path, f.contents);
  return load();
}

Session& session() {
  static Session s;
  return s;
}

}  // namespace fbclens::wasm

extern "C" {

/// Drops files added since the last load.
EMSCRIPTEN_KEEPALIVE void fbclens_reset() { fbclens::wasm::session().reset_files(); }

/// Adds a file for the next load. `path`: UTF-8, relative to the catalog root, '/'-separated.
/// `data`/`size`: the file's bytes (copied). Returns 0.
EMSCRIPTEN_KEEPALIVE int fbclens_add_file(const char* path, const unsigned char* data, unsigned size) {
  fbclens::wasm::session().add_file(path, std::string(reinterpret_cast<const char*>(data), size));
  return 0;
}

/// Validates the added files; returns the Summary JSON (UTF-8, valid until the next load).
EMSCRIPTEN_KEEPALIVE const char* fbclens_load() { return fbclens::wasm::session().load().c_str(); }

/// Loads the built-in sample catalog; returns its Summary JSON.
EMSCRIPTEN_KEEPALIVE const char* fbclens_load_sample() { return fbclens::wasm::session().load_sample().c_str(); }

/// What OLM Classic and OLM v1 pick for the last loaded catalog. `request_json`:
/// {package, installedBundle?, installedVersion? (default: that bundle's version), subscriptionChannel?, startingCsv?, channels?: [..],
///  version?, policy?: "CatalogProvided"|"SelfCertified"}. Returns the CLI's upgrade-path JSON
/// (see export/upgrade_json.h), or {"requestError": TEXT} for a malformed request or unknown package.
/// The string is valid until the next call.
EMSCRIPTEN_KEEPALIVE const char* fbclens_upgrade_path(const char* request_json) {
  static std::string out;
  const auto fail = [](const std::string& message) -> const char* {
    out = fbclens::Json{{"requestError", message}}.dump();
    return out.c_str();
  };
  const fbclens::ValidationReport* report = fbclens::wasm::session().report();
  if (!report) return fail("no catalog is loaded");
  fbclens::update::UpgradeFields fields;
  std::string error = fbclens::update::upgrade_fields_from_json(fbclens::Json::parse(request_json, nullptr, false), fields);
  if (!error.empty()) return fail(error);
  const auto request = fbclens::update::make_upgrade_request(fields, report->model, error);
  if (!request) return fail(error);
  const auto graph = fbclens::update::package_graph(report->model.packages.at(request->package));
  out = fbclens::upgrade_path_json(fbclens::update::answer_upgrade(graph, *request)).dump();
  return out.c_str();
}

/// The allocator's high-water mark in bytes (sbrk top; dlmalloc does not give memory back), for
/// benchmarks: unlike the wasm memory size it excludes growth slack.
EMSCRIPTEN_KEEPALIVE double fbclens_heap_high_water() { return static_cast<double>(reinterpret_cast<std::uintptr_t>(sbrk(0))); }

/// The explorer view of the last load (export/catalog_view_json.h), or {"requestError"} before the
/// first. Valid until the next call.
EMSCRIPTEN_KEEPALIVE const char* fbclens_catalog_view() {
  static std::string out;
  const fbclens::ValidationReport* report = fbclens::wasm::session().report();
  out = report ? fbclens::catalog_view_json(*report).dump()
               : fbclens::Json{{"requestError", "no catalog is loaded"}}.dump();
  return out.c_str();
}

/// The layout (export/layout_json.h) of `channel` in `package`, or of the whole package with its
/// channels as lanes when `channel` is "". {"requestError"} for an unknown package or channel.
/// Valid until the next call.
EMSCRIPTEN_KEEPALIVE const char* fbclens_layout(const char* package, const char* channel) {
  static std::string out;
  const fbclens::ValidationReport* report = fbclens::wasm::session().report();
  const auto fail = [](const std::string& message) -> const char* {
    out = fbclens::Json{{"requestError", message}}.dump();
    return out.c_str();
  };
  if (!report) return fail("no catalog is loaded");
  auto pkg = report->model.packages.find(package);
  if (pkg == report->model.packages.end()) return fail(std::string("package ") + package + " is not in the catalog");
  if (*channel == '\0') {
    out = fbclens::layout_json(fbclens::layout_package(pkg->second)).dump();
    return out.c_str();
  }
  auto ch = pkg->second.channels.find(channel);
  if (ch == pkg->second.channels.end()) return fail(std::string("package ") + package + " has no channel " + channel);
  out = fbclens::layout_json(fbclens::layout_channel(ch->second)).dump();
  return out.c_str();
}

/// One channel entry's bundle in full (export/bundle_details_json.h): `bundle` as an entry of
/// `channel` in `package` of the last load, or {"requestError"} when there is no such entry or no
/// catalog. Valid until the next call.
EMSCRIPTEN_KEEPALIVE const char* fbclens_bundle_details(const char* package, const char* channel, const char* bundle) {
  static std::string out;
  const fbclens::ValidationReport* report = fbclens::wasm::session().report();
  out = report ? fbclens::bundle_details_json(report->model, package, channel, bundle).dump(-1, ' ', false, fbclens::Json::error_handler_t::replace)
               : fbclens::Json{{"requestError", "no catalog is loaded"}}.dump();
  return out.c_str();
}

/// Lines `line` ± `context` of catalog file `file` (1-based lines) of the last load:
/// {"file", "line", "lines": [[number, text], ...]}, or {"requestError"} when the file is not in it.
/// Valid until the next call.
EMSCRIPTEN_KEEPALIVE const char* fbclens_source_excerpt(const char* file, unsigned line, int context) {
  static std::string out;
  const fbclens::MemoryFileSource* source = fbclens::wasm::session().source();
  std::string text, error;
  if (!source || !source->read(file, text, error, std::size_t(1) << 30)) {
    out = fbclens::Json{{"requestError", std::string("no file ") + file + " in the catalog"}}.dump();
    return out.c_str();
  }
  fbclens::Json lines = fbclens::Json::array();
  for (auto& [number, content] : fbclens::source_excerpt(text, line, std::clamp(context, 0, 50))) {
    lines.push_back({number, std::move(content)});
  }
  out = fbclens::Json{{"file", file}, {"line", line}, {"lines", std::move(lines)}}.dump();
  return out.c_str();
}

/// The Summary JSON of the last load, or "null".
EMSCRIPTEN_KEEPALIVE const char* fbclens_summary_json() { return fbclens::wasm::session().summary_json().c_str(); }

}  // extern "C"
