// The C functions JavaScript calls: files in, then every operation of the protocol through one
// entry point (fbclens_call; the operations are the table in protocol.cpp). Exported with
// -sEXPORTED_FUNCTIONS; strings cross as UTF-8 pointers, owned by the callee.
#include <emscripten/emscripten.h>

#include <algorithm>
#include <cstdint>

#include "export/report_json.h"
#include "sample_catalog_embedded.h"
#include "wasm/protocol.h"
#include "wasm/session.h"

// Tells JavaScript how far a load has got: calls Module.onLoadProgress(files, bytes) when the page
// (or worker) set it. Called once per file parsed, from inside the synchronous load.
EM_JS(void, fbclens_report_load_progress, (double files, double bytes), {
  if (Module['onLoadProgress']) Module['onLoadProgress'](files, bytes);
});

namespace fbclens::wasm {

const ValidationReport* Session::load(const profiles::ProfileSettings& over, const std::string& folder, bool defer_analyses,
                                      double complete_under_bytes, double shown_first_from, std::string& error) {
  analyses_.reset();  // before building the next report (see reset_files)
  unfinished_.reset();
  summary_bytes_ = 0;
  report_.reset();
  current_ = std::move(pending_);
  pending_ = std::make_unique<StagedFiles>();
  timings_ = {{"discover", 0}, {"read", 0}, {"parse", 0}, {"decode", 0}, {"model", 0}, {"validate", 0},
              {"profiles", 0}, {"analyses", 0}, {"view", 0}, {"serialise", 0}};
  ValidateOptions options;
  options.analyses = !defer_analyses;
  options.release_documents = true;  // the worker reads the model, findings and properties only
  // Files and bytes parsed so far, over every root of a repository (each root has its own LoadResult).
  LoadProgress progress;
  options.load.on_file_loaded = progress_hook(progress);
  repository_.reset();
  // A big repository of version folders, shown root first: its newest root is found and validated
  // from its own folders, and the load answers with it; finish_repository does the rest. (A small
  // one answers whole: the page showing a catalog while the rest is validated costs the rest's
  // validation CPU on 2 cores, and the page's thread reads the worker's files.)
  if (shown_first_from >= 0) {
    const double start = emscripten_get_now();
    std::vector<SourceError> listing_errors;
    std::optional<repo::ShownRoot> shown;
    // Only when the rest is big: a repository of one big catalog (community-operators-prod-v4.21,
    // its catalog in catalogs/v4.21) would be read once more and answered twice, 0.1 s later.
    const auto big_rest = [&](const std::vector<std::string>& rest) {
      return current_->estimated_bytes(kAssumedFileBytes, &rest) >= shown_first_from;
    };
    if (!repo::only_a_template_makes_a_repository(current_->list_files(listing_errors))) {
      shown = repo::find_shown_root(*current_, big_rest);
    }
    if (shown) {
      return load_shown_root(over, options.load, defer_analyses, complete_under_bytes, std::move(*shown),
                             emscripten_get_now() - start);
    }
  }
  // A folder of several catalogs (one per OpenShift version) and templates: a repository, whose
  // roots are validated one by one (deferAnalyses applies to every root). One
  // catalog is read once (validate_folder), as discovery reading each file first cost as much as
  // the load's own reading (each read copies a File into the worker).
  // Its roots are validated as discovery finds them, while the browser still reads the rest. The
  // repository's load starts with the first root passed (or after discovery, if none was), and
  // from then on progress counts the repository's roots, not a load as one catalog dropped.
  std::unique_ptr<RepositoryLoad> repository;
  const auto start_repository = [&] {
    if (repository) return;
    progress = {};
    repository = start_repository_load(over, options.load, defer_analyses);
  };
  const auto on_root = [&](const repo::CatalogRoot& root, const repo::Discovery& so_far, const FileSource& files, bool ahead) {
    start_repository();
    repository->validation->take_root(files, so_far, root, ahead);
  };
  repo::FolderOutcome folder_outcome = repo::validate_folder(*current_, options, on_root);
  if (folder_outcome.repository) {
    start_repository();
    const ValidationReport* report = finish_repository_load(*repository, *folder_outcome.repository);
    timings_.insert(timings_.begin(), StageTime{"discover", folder_outcome.discover_ms});
    settle_repository_load(defer_analyses, complete_under_bytes);
    return report;
  }
  report_ = std::move(folder_outcome.report);
  // The files were read (and hashed) while they were parsed; the fingerprint reads only the others.
  fingerprint_ = catalog_fingerprint(current_->hashes());
  start_analyses();
  const ValidationTimings& t = report_->timings;
  timings_ = stages_of(t);
  // The stages in the order they ran (the page lays them end to end): the deciding before the load,
  // or, for a folder that is one catalog by its paths, after its validation.
  const auto validate = std::find_if(timings_.begin(), timings_.end(), [](const StageTime& s) { return s.name == "validate"; });
  timings_.insert(folder_outcome.decided_after_load ? validate + 1 : timings_.begin(),
                  StageTime{"discover", folder_outcome.discover_ms});
  const double start = emscripten_get_now();
  profiles::ProfileOptions profile_options;
  if (!profiles::catalog_options(*current_, report_->load, over, "the ocpVersion argument", folder, profile_options, error)) {
    return nullptr;
  }
  profiles::apply_profiles(*report_, profile_options);
  add_stage_time("profiles", emscripten_get_now() - start);
  if (analyses_now(defer_analyses, complete_under_bytes)) {
    const double analyses_start = emscripten_get_now();
    complete_report();
    add_stage_time("analyses", emscripten_get_now() - analyses_start);
  }
  return report_.get();
}

std::vector<StageTime> stages_of(const ValidationTimings& t) {
  return {{"read", t.read}, {"parse", t.parse}, {"decode", t.decode}, {"model", t.model}, {"validate", t.validate},
          {"profiles", 0}, {"analyses", t.analyses}, {"view", 0}, {"serialise", 0}};
}

std::function<void(LoadResult&, std::size_t)> progress_hook(LoadProgress& progress) {
  return [&progress](LoadResult& result, std::size_t) {
    progress.bytes += result.files.empty() ? 0 : result.files.back().bytes;
    fbclens_report_load_progress(static_cast<double>(++progress.files), static_cast<double>(progress.bytes));
  };
}

bool Session::analyses_now(bool defer_analyses, double complete_under_bytes) const {
  return defer_analyses && current_->known_bytes() < complete_under_bytes;
}

void Session::add_stage_time(const char* name, double ms) {
  for (StageTime& stage : timings_) {
    if (stage.name == name) stage.ms += ms;
  }
}

void Session::start_analyses() {
  analyses_.reset();
  if (report_) analyses_ = std::make_unique<analyses::Cache>(report_->model, report_->findings, !report_->config.others.empty(),
                                                     &report_->lifecycle_findings);
}

const ValidationReport* Session::complete_report() {
  if (!report_ || report_->analyses_complete) return report_.get();
  analyses::complete_report(*report_, *analyses_);
  if (repository_) {
    for (repo::RootOutcome& root : repository_->report.roots) {
      if (root.root.path == repository_->current) repo::record_root_report(root, *report_);
    }
  }
  return report_.get();
}

const ValidationReport& Session::load_sample() {
  reset_files();
  for (const auto& f : sample::kFiles) add_file(f.path, f.contents);
  std::string error;
  return *load({}, "", false, 0, -1, error);  // the sample has no .fbclens.yaml
}

Session& session() {
  static Session s;
  return s;
}

}  // namespace fbclens::wasm

namespace {
std::string g_answer;  // the text of the last fbclens_call (answer or message)
std::string g_protocol;
}  // namespace

extern "C" {

/// Drops files added since the last load.
EMSCRIPTEN_KEEPALIVE void fbclens_reset() { fbclens::wasm::session().reset_files(); }

/// Adds a file for the next load. `path`: UTF-8, relative to the catalog root, '/'-separated.
/// `data`/`size`: the file's bytes (copied). Returns 0.
EMSCRIPTEN_KEEPALIVE int fbclens_add_file(const char* path, const unsigned char* data, unsigned size) {
  fbclens::wasm::session().add_file(path, std::string(reinterpret_cast<const char*>(data), size));
  return 0;
}

/// Names a file for the next load without copying it in: `size` bytes that JavaScript copies into
/// wasm memory only while the loader reads the file, and again for a source excerpt, through
/// Module.fbclensReadFile(handle, pointer, size) (wasm/staged_files.h); a negative `size` is
/// unknown, learned from the bytes (StagedFiles::add_ref). Returns 0.
EMSCRIPTEN_KEEPALIVE int fbclens_add_file_ref(const char* path, double size, int handle) {
  fbclens::wasm::session().add_file_ref(path, size, handle);
  return 0;
}

/// Adds a file of the catalog the protocol's `compare` compares the loaded one with; as
/// fbclens_add_file otherwise. Returns 0.
EMSCRIPTEN_KEEPALIVE int fbclens_add_compare_file(const char* path, const unsigned char* data, unsigned size) {
  fbclens::wasm::session().add_compare_file(path, std::string(reinterpret_cast<const char*>(data), size));
  return 0;
}

/// Runs protocol operation `op` (a name from the table in protocol.cpp) with `args_json` (a JSON
/// object's text, "" = {}). Returns the Failure as a number: 0 when the answer is there, else
/// 1 bad request, 2 no catalog, 3 not found. Read the answer's JSON text (or, on failure, the
/// message) with fbclens_answer.
EMSCRIPTEN_KEEPALIVE int fbclens_call(const char* op, const char* args_json) {
  // The last answer is given back first: a load's answer and the Summary the page asks for next
  // are 10 MB each for 20,000 findings, and the module's heap never shrinks.
  g_answer = std::string();
  fbclens::wasm::Answer answer = fbclens::wasm::call(fbclens::wasm::session(), op, args_json);
  g_answer = std::move(answer.text);
  return static_cast<int>(answer.failure);
}

/// The text of the last fbclens_call: the answer's JSON, or the failure's message. Valid until
/// the next call.
EMSCRIPTEN_KEEPALIVE const char* fbclens_answer() { return g_answer.c_str(); }

/// The protocol table as JSON (protocol.h protocol_json): {"ops": [{name, args, answer, loads}],
/// "failures": [..]}. Valid for the module's lifetime.
EMSCRIPTEN_KEEPALIVE const char* fbclens_protocol() {
  if (g_protocol.empty()) g_protocol = fbclens::wasm::protocol_json().dump();
  return g_protocol.c_str();
}

}  // extern "C"
