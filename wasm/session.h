// The state behind the JavaScript API: files handed over by JS, the last validation report and the
// analyses beyond opm computed for it so far. One Session per module instance (the app has one; a
// Web Worker has its own).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analyses/analyses.h"
#include "load/file_source.h"
#include "load/fingerprint.h"
#include "profiles/profiles.h"
#include "validate/validate.h"
#include "view/json_fields.h"
#include "wasm/repository_state.h"
#include "wasm/staged_files.h"

namespace fbclens::wasm {

/// How long one stage of the last load took: {name, milliseconds}. The stages, in the order they
/// ran: "discover" (deciding whether the folder is a repository; for a folder that is one catalog
/// by its paths it comes after "validate": repo::validate_folder; a repository's roots validated
/// while discovery reads are in the stages after it, not in it), "read" (files copied into wasm
/// memory), "parse", "decode", "model", "validate" (opm's rules),
/// "profiles", "analyses" (0 when deferred), "view" (the explorer view built), "serialise" (its
/// JSON text written).
struct StageTime {
  std::string name;
  double ms = 0;
};

inline auto json_fields(const StageTime*) {
  return std::make_tuple(view::field("name", &StageTime::name), view::field("ms", &StageTime::ms));
}

/// The `loadTimings` answer: the last load's stages (a repository's: every root's added up), and how
/// many catalog files (not ignored) and bytes the catalog shown has. JSON: {stages: [{name, ms}],
/// files, bytes}.
struct LoadTimings {
  std::vector<StageTime> stages;
  std::size_t files = 0;
  std::size_t bytes = 0;
};

inline auto json_fields(const LoadTimings*) {
  return std::make_tuple(view::field("stages", &LoadTimings::stages), view::field("files", &LoadTimings::files),
                         view::field("bytes", &LoadTimings::bytes));
}

/// The stages of a load whose catalog (or roots, added up) took `t`, in the order they ran: "read"
/// to "validate", then "profiles", "analyses", "view" and "serialise" (those three but "analyses"
/// set later by whoever times them). "discover" is the caller's to put where it ran.
std::vector<StageTime> stages_of(const ValidationTimings& t);

/// What a file whose size is not known yet (a File the page keeps) counts for in a load's guess at
/// a repository's size (Session::load's shown_first_from): about a real catalog file's, as the
/// worker's read-ahead counts it (ASSUMED_FILE_BYTES in wasm/fbclens-api.js).
constexpr double kAssumedFileBytes = 1 << 20;

/// How far a load has got: files parsed and their bytes, over every root of a repository.
struct LoadProgress {
  std::uint64_t files = 0;
  std::uint64_t bytes = 0;
};

/// A LoadOptions::on_file_loaded that counts each file parsed into `progress` (which must outlive
/// the load) and tells JavaScript (Module.onLoadProgress(files, bytes), when the worker set it).
/// Defined in wasm/api.cpp.
std::function<void(LoadResult&, std::size_t)> progress_hook(LoadProgress& progress);

class Session {
 public:
  /// Starts a new load: forgets pending files and releases the previous catalog and report, so a
  /// load never holds two catalogs at once (the wasm heap only grows: its peak is what counts).
  /// Views keep their own copies of what they draw.
  void reset_files() {
    summary_bytes_ = 0;
    pending_ = std::make_unique<StagedFiles>();
    analyses_.reset();
    report_.reset();
    repository_.reset();
    unfinished_.reset();
    current_.reset();
  }

  /// Adds one file for the next load, its bytes copied in; `path` is relative to the catalog root.
  void add_file(std::string path, std::string bytes) { pending_->add(std::move(path), std::move(bytes)); }
  /// Adds one file for the next load that JavaScript keeps and copies in only while it is read
  /// (StagedFiles::add_ref): `size` bytes, `handle` JavaScript's name for it.
  void add_file_ref(std::string path, double size, int handle) { pending_->add_ref(std::move(path), size, handle); }

  /// Validates the pending files and returns the report (valid until the next load). The
  /// pending files become the current catalog (kept for source excerpts). The check profiles
  /// (core/profiles) are `over` (the load's arguments) laid over the catalog's own .fbclens.yaml;
  /// `folder` (the catalog folder's name or path, "" = unknown) may name the OpenShift version
  /// (vX.Y). With `defer_analyses`, the analyses beyond opm (core/analyses) of the catalog shown
  /// are not run: the `analyses` operation runs them per package, and complete_report all of them.
  /// For a repository no root's are run (complete_repository runs the others', validating each
  /// again, when the whole repository's report is asked for). With `defer_analyses`, a catalog
  /// whose files come to fewer than `complete_under_bytes` bytes (StagedFiles::known_bytes: after
  /// the load, every file given) has them run before returning, and its report is then that of a
  /// load without `defer_analyses` (of a repository, the root shown has them run, and every other
  /// root's stay deferred): the page need not know a catalog's size before it is read to leave
  /// only a big one's analyses for later. A folder whose paths make it a repository of version
  /// folders answers with the root it shows first alone (repo::find_shown_root: its newest
  /// version's, read from its folders only) when the files outside those folders come to
  /// `shown_first_from` bytes or more (negative: never; a file of unknown size counts as
  /// kAssumedFileBytes): the repository's overview is then `pending`, and finish_repository
  /// validates the rest (its analyses, fingerprint and the small-repository rule wait for that).
  /// Under it, nothing is read first (the rest is judged by paths) and the load is as without it.
  /// Returns nullptr
  /// with `error` set when that .fbclens.yaml does not parse (the report is kept, without profiles).
  const ValidationReport* load(const profiles::ProfileSettings& over, const std::string& folder, bool defer_analyses,
                               double complete_under_bytes, double shown_first_from, std::string& error);

  /// After a load with shown_first_from that answered with a repository's newest root alone (its
  /// overview `pending`): discovers and validates the rest of the repository as that load would
  /// have (the root shown is not validated again: its report is given to the validation), and
  /// returns the report of the root shown then (the same one, unless discovery disagrees with
  /// find_shown_root, which it must not). The fingerprint, the timings (the whole repository's,
  /// the root shown counted once) and the small-repository rule (`complete_under_bytes`) are then
  /// the load's. Does nothing but return the report when nothing is pending. Defined in
  /// wasm/repository_ops.cpp.
  const ValidationReport* finish_repository();

  /// Loads the built-in sample catalog (samples/catalog, embedded at build time), opm alone.
  const ValidationReport& load_sample();

  /// Adds one file of the catalog the next `compare` compares the current one with ("Compare
  /// with…"); `path` is relative to that catalog's root.
  void add_compare_file(std::string path, std::string bytes) { compare_->add(std::move(path), std::move(bytes)); }
  /// Takes the files add_compare_file staged, leaving none staged.
  std::unique_ptr<MemoryFileSource> take_compare_files() {
    std::unique_ptr<MemoryFileSource> files = std::move(compare_);
    compare_ = std::make_unique<MemoryFileSource>();
    return files;
  }

  /// The content fingerprint of the last catalog (or repository) loaded (core/load/fingerprint.h),
  /// "" before one.
  const std::string& fingerprint() const { return fingerprint_; }

  /// The last report, or nullptr before the first load. For a repository: the selected root's. Its
  /// analyses may be pending (ValidationReport::analyses_complete); analyses() has what was computed
  /// of them.
  const ValidationReport* report() const { return report_.get(); }
  /// The last report with every analysis in it, computing what is missing (for what prints every
  /// finding: the report and export operations); nullptr before the first load. For a repository,
  /// the selected root's outcome is then recorded again (repo::record_root_report), so the
  /// repository's report and overview are those of a load that deferred nothing.
  const ValidationReport* complete_report();
  /// The analyses of the last report, computed so far (nullptr before the first load).
  analyses::Cache* analyses() { return analyses_.get(); }
  /// The files of the last report (for a repository: the selected root's, paths relative to it).
  const FileSource* source() const {
    if (repository_ && repository_->current_files) return repository_->current_files.get();
    return current_.get();
  }
  /// All files loaded (for a repository: the whole repository, paths relative to it).
  const FileSource* files() const { return current_.get(); }

  /// The repository loaded, or nullptr when the last load was one catalog (wasm/repository_state.h).
  const RepositoryState* repository() const { return repository_.get(); }
  /// Makes root `path` of the loaded repository the catalog the other operations answer about,
  /// validating it again (with the load's check profiles) unless it is the one selected. False with
  /// `error` when nothing is loaded as a repository or it has no such root. Defined in
  /// wasm/repository_ops.cpp.
  bool select_root(const std::string& path, std::string& error);
  /// For a repository whose shown root's outcome still lacks its deferred analyses (a load with
  /// deferAnalyses defers every root's): runs them on the shown root's report (complete_report),
  /// so its outcome is a whole load's. Does nothing otherwise. Defined in wasm/repository_ops.cpp.
  void complete_shown_root();
  /// For a repository: makes every root's outcome a whole load's (complete_shown_root, then
  /// repo::complete_root, which validates again each other root still lacking its deferred
  /// analyses, one at a time), so repository_json is the CLI's report. Costs a load of each such
  /// root, once: for the explicit request of the whole report. Defined in wasm/repository_ops.cpp.
  void complete_repository();

  /// The stages of the last load (StageTime); `view` and `serialise` are set by the load operation
  /// once it has built its answer.
  std::vector<StageTime>& timings() { return timings_; }

  /// Bytes of the last Summary of the current report written as JSON text (0 before one, and again
  /// after a load, a root selected or the files reset): what the next one of the same report takes,
  /// so it is written into a string of that size from the start (the module's heap never shrinks,
  /// and growing a 10 MB string by doubling holds 8 + 16 MB at once).
  std::size_t summary_bytes() const { return summary_bytes_; }
  /// Records the size of a Summary of the current report just written (see summary_bytes).
  void remember_summary_bytes(std::size_t bytes) { summary_bytes_ = bytes; }

 private:
  std::size_t summary_bytes_ = 0;
  std::unique_ptr<StagedFiles> pending_ = std::make_unique<StagedFiles>();
  std::unique_ptr<StagedFiles> current_;
  std::unique_ptr<MemoryFileSource> compare_ = std::make_unique<MemoryFileSource>();
  std::unique_ptr<ValidationReport> report_;
  std::unique_ptr<analyses::Cache> analyses_;
  std::vector<StageTime> timings_;
  std::string fingerprint_;
  std::unique_ptr<RepositoryState> repository_;
  /// The rest of a repository whose newest root a load with shown_first_from answered with alone, until
  /// finish_repository: the load (its validation, settings and progress), that root and the
  /// ocp_version_from its validation gave, and the load's analyses arguments.
  struct Unfinished {
    std::unique_ptr<RepositoryLoad> load;
    repo::CatalogRoot root;
    std::string ocp_version_from;
    bool defer_analyses = false;
    double complete_under_bytes = 0;
  };
  std::optional<Unfinished> unfinished_;

  /// A fresh analyses::Cache for report_ (after a load or a root selected).
  void start_analyses();
  /// Whether a load with these arguments (load's) is small enough to have its deferred analyses
  /// run before it answers: known once every file has been read (the fingerprint reads them all).
  bool analyses_now(bool defer_analyses, double complete_under_bytes) const;
  /// Adds `ms` to the last load's stage `name` (timings).
  void add_stage_time(const char* name, double ms);
  /// The load of a folder that may be a repository (wasm/repository_ops.cpp), before discovery:
  /// its add_root validates each root discovery passes (repo::RootFound) as validate_repository
  /// would, with `over` and `options` (the progress hook included), every root's analyses deferred
  /// with `defer_analyses`. Nothing is validated unless discovery passes a root.
  std::unique_ptr<RepositoryLoad> start_repository_load(const profiles::ProfileSettings& over, const LoadOptions& options,
                                                        bool defer_analyses);
  /// Once discovery found `discovery`, a repository: the rest of `load`'s roots validated, its
  /// templates checked, the newest version's root kept as report_ (its analyses left for later with
  /// `defer_analyses`, and so are those of a root selected later; every other root's run).
  const ValidationReport* finish_repository_load(RepositoryLoad& load, const repo::Discovery& discovery);
  /// A repository's load once its roots are validated: the fingerprint, a fresh analyses::Cache,
  /// and, with `defer_analyses` and under `complete_under_bytes` of files, the shown root's
  /// analyses run now (timed as the "analyses" stage).
  void settle_repository_load(bool defer_analyses, double complete_under_bytes);
  /// The first answer of a load with shown_first_from (see load): `shown` validated with the load's
  /// settings as the repository's only root so far, the rest kept in unfinished_.
  const ValidationReport* load_shown_root(const profiles::ProfileSettings& over, const LoadOptions& options, bool defer_analyses,
                                          double complete_under_bytes, repo::ShownRoot shown, double discover_ms);
};

/// The module's one session (the JS API is a set of C functions, so it needs a place to live).
Session& session();

}  // namespace fbclens::wasm
