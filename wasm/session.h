// The state behind the JavaScript API: files handed over by JS, and the last validation report.
// One Session per module instance (the app has one; a Web Worker will have its own).
#pragma once

#include <memory>
#include <string>

#include "load/file_source.h"
#include "load/fingerprint.h"
#include "profiles/profiles.h"
#include "validate/validate.h"
#include "wasm/repository_state.h"

namespace fbclens::wasm {

class Session {
 public:
  /// Starts a new load: forgets pending files and releases the previous catalog and report, so a
  /// load never holds two catalogs at once (the wasm heap only grows: its peak is what counts).
  /// Views keep their own copies of what they draw.
  void reset_files() {
    pending_ = std::make_unique<MemoryFileSource>();
    pending_hashes_.clear();
    report_.reset();
    repository_.reset();
    current_.reset();
  }

  /// Adds one file for the next load; `path` is relative to the catalog root.
  void add_file(std::string path, std::string bytes) {
    pending_hashes_.emplace_back(path, content_hash(bytes));
    pending_->add(std::move(path), std::move(bytes));
  }

  /// Validates the pending files and returns the report (valid until the next load). The
  /// pending files become the current catalog (kept for source excerpts). The check profiles
  /// (core/profiles) are `over` (the load's arguments) laid over the catalog's own .fbclens.yaml;
  /// `folder` (the catalog folder's name or path, "" = unknown) may name the OpenShift version
  /// (vX.Y). Returns nullptr with `error` set when that .fbclens.yaml does not parse (the report
  /// is kept, without profiles).
  const ValidationReport* load(const profiles::ProfileSettings& over, const std::string& folder, std::string& error);

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

  /// The last report, or nullptr before the first load. For a repository: the selected root's.
  const ValidationReport* report() const { return report_.get(); }
  /// The files of the last report (for a repository: the selected root's, paths relative to it).
  const FileSource* source() const {
    if (repository_ && repository_->current_files) return repository_->current_files.get();
    return current_.get();
  }
  /// All files loaded (for a repository: the whole repository, paths relative to it).
  const MemoryFileSource* files() const { return current_.get(); }

  /// The repository loaded, or nullptr when the last load was one catalog (wasm/repository_state.h).
  const RepositoryState* repository() const { return repository_.get(); }
  /// Makes root `path` of the loaded repository the catalog the other operations answer about,
  /// validating it again (with the load's check profiles) unless it is the one selected. False with
  /// `error` when nothing is loaded as a repository or it has no such root. Defined in
  /// wasm/repository_ops.cpp.
  bool select_root(const std::string& path, std::string& error);

 private:
  std::unique_ptr<MemoryFileSource> pending_ = std::make_unique<MemoryFileSource>();
  std::unique_ptr<MemoryFileSource> current_;
  std::unique_ptr<MemoryFileSource> compare_ = std::make_unique<MemoryFileSource>();
  std::unique_ptr<ValidationReport> report_;
  std::vector<std::pair<std::string, std::uint64_t>> pending_hashes_;  ///< path, content_hash of the pending files
  std::string fingerprint_;
  std::unique_ptr<RepositoryState> repository_;

  /// Load of a folder discovery found to be a repository (wasm/repository_ops.cpp): every root
  /// validated, the newest version's kept as report_.
  const ValidationReport* load_repository(const repo::Discovery& discovery, const profiles::ProfileSettings& over,
                                          const LoadOptions& options);
};

/// The module's one session (the JS API is a set of C functions, so it needs a place to live).
Session& session();

}  // namespace fbclens::wasm
