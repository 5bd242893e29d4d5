// The C functions JavaScript calls (see wasm/fbclens-api.js for the documented JS surface).
// Exported with -sEXPORTED_FUNCTIONS; strings cross as UTF-8 pointers owned by the callee.
#include <emscripten/emscripten.h>

#include "export/report_json.h"
#include "sample_catalog_embedded.h"
#include "wasm/session.h"

namespace fbclens::wasm {

const std::string& Session::load() {
  report_.reset();  // before building the next one (see reset_files)
  current_ = std::move(pending_);
  pending_ = std::make_unique<MemoryFileSource>();
  report_ = std::make_unique<ValidationReport>(validate_catalog(*current_));
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

/// The Summary JSON of the last load, or "null".
EMSCRIPTEN_KEEPALIVE const char* fbclens_summary_json() { return fbclens::wasm::session().summary_json().c_str(); }

}  // extern "C"
