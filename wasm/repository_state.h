// A catalog repository loaded in the worker (issue 22 item 6): the files dropped were a folder of
// several catalogs (one per OpenShift version) and templates. Every root is validated at load, one
// at a time (its findings, Summary, matrix column and drift input kept; its report released), so a
// repository loads at the same cost per byte as one catalog; the selected root's report is the
// Session's report, which every catalog operation (layout, bundle, upgradePath, hubPreview, ...)
// answers about. Another root is validated again when it is selected (selectRoot).
#pragma once

#include <memory>
#include <string>

#include "load/document.h"
#include "repo/repository.h"

namespace fbclens::wasm {

struct RepositoryState {
  repo::RepositoryReport report;
  /// The load's check-profile settings, for roots selected later (and validated again by
  /// complete_repository); defer_analyses set when the load deferred the analyses, of every root.
  repo::RepositoryOptions options;
  std::string current;              ///< the selected root's path
  std::unique_ptr<FileSource> current_files;  ///< its files (a view of the Session's files)
  /// True after a load with shownFirstFrom that answered with its newest root alone (repo::find_shown_root):
  /// `report` then holds that root's outcome and the discovery of its folders only, until
  /// Session::finish_repository validates the rest.
  bool pending = false;
};

/// A repository's load while discovery still reads it (Session::load, wasm/repository_ops.cpp):
/// the state being built, and the validation that takes each root as discovery is sure of it
/// (repo::RootFound), so the roots' parsing overlaps the browser's reading of the rest.
struct RepositoryLoad {
  std::unique_ptr<RepositoryState> state = std::make_unique<RepositoryState>();
  repo::RepositoryOptions run;  ///< state's options, with this load's progress hook and on_root
  std::unique_ptr<repo::RepositoryValidation> validation;  ///< over `run`
  /// Every root's stages added up (the load's loadTimings).
  ValidationTimings total;
  /// The root shown first, as far as the roots so far say: the newest OpenShift version's (the last
  /// versioned root), else the first root. Its report is kept; the others' are released.
  std::string shown;
  std::unique_ptr<ValidationReport> shown_report;

  RepositoryLoad() = default;
  RepositoryLoad(const RepositoryLoad&) = delete;  // `validation` refers to `run`
  RepositoryLoad& operator=(const RepositoryLoad&) = delete;
};

/// The `repository` member of load's and selectRoot's answers:
///   {"roots": [{"root", "ocpVersion", "effectiveOcpVersion", "verdict", "counts": {"packages",
///     "channels", "bundles", "findingCounts": {error, warning, info}}, "analysesComplete"}],
///    "templates": [{"file", "schema", "renders", "rendersAlso", "rendered", "findingCounts"}],
///    "findingCounts": {error, warning, info} (the repository's own, FBC72xx), "current": root,
///    "pending": bool}
/// Roots in version order (as `validate REPO`); `renders` the first root a template renders or
/// null; findingCounts of a template include its drift. After a load with deferAnalyses,
/// analysesComplete is false for every root (its findingCounts are then opm's and the check
/// profiles' only) until its analyses have run: the root shown's once the analyses operation has
/// run them all, every root's once the whole repositoryReport was asked for. `pending` true (a load
/// with shownFirstFrom, before finishRepository): `roots` holds the root shown alone, `templates` is
/// empty and findingCounts counts nothing yet.
Json repository_overview_json(const RepositoryState& state);

}  // namespace fbclens::wasm
