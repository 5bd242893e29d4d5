// Validating a catalog repository (issue 22): every root discovery found is validated on its own,
// exactly as `opm validate ROOT` (with the check profiles, its OpenShift version taken from its
// folder), its templates are checked with opm render-template's rules and rendered offline from
// the bundles the catalogs hold, each rendering is compared with the catalogs it renders (drift),
// and the version matrix is built. Roots are validated one at a time and released (only a
// catalog's comparable content, its matrix column and its findings are kept), so peak memory is
// that of the largest root, not of the repository.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "declcfg/bundle_objects.h"
#include "load/document.h"
#include "load/file_source.h"
#include "profiles/profiles.h"
#include "repo/discover.h"
#include "repo/matrix.h"
#include "template/template.h"
#include "validate/validate.h"

namespace fbclens::repo {

/// How one root went.
struct RootOutcome {
  CatalogRoot root;
  Verdict verdict = Verdict::Valid;
  std::string opm_output;  ///< what `opm validate ROOT` prints (ValidationReport::opm_output)
  int exit_status = 0;     ///< validate's exit status for the root alone (core/validate exit_status)
  /// Every finding of the root (files relative to the root), check profiles included.
  std::vector<Finding> findings;
  std::vector<ProfileOutcome> profiles;  ///< the check profiles' outcomes (empty: opm alone)
  std::string ocp_version_from;          ///< where the profiles' version came from ("folder v4.17")
  /// The root's Summary (export/report_json.h summary_json), files named relative to the
  /// repository, without its `findings` (they are `findings` above).
  Json summary;
  tmpl::Skeleton skeleton;  ///< what drift compares
  /// False for every root of a validation with RepositoryOptions::defer_analyses, until
  /// record_root_report is given its completed report (or complete_root runs): its findings,
  /// profiles, exit_status and summary then hold opm's and the check profiles' findings only (a
  /// profile that gates advice codes pending). Its verdict, skeleton and matrix column are whole.
  bool analyses_complete = true;
};

/// How one template went.
struct TemplateOutcome {
  TemplateFile file;
  /// opm render-template's rules, rendering problems, and drift against each root it renders
  /// (files relative to the repository).
  std::vector<Finding> findings;
  bool rendered = false;  ///< rendered completely (every rule held, every image found)
};

/// A catalog whose bundles templates may be rendered from besides the repository's own
/// (`render-template --bundles-from DIR`, `validate REPO --bundles-from DIR`).
struct BundleSource {
  std::string name;              ///< as findings name it (the folder as given)
  const FileSource* source = nullptr;
};

/// Everything a repository validation needs besides the files.
struct RepositoryOptions {
  /// The check profiles' settings from the command line (or the app), laid over each root's own
  /// .fbclens.yaml; their OpenShift version (if any) comes from `settings_origin`, else each
  /// root's version folder.
  profiles::ProfileSettings settings;
  std::string settings_origin = "--ocp-version";
  /// Loader limits and the per-file hook (the app's progress), for each root.
  LoadOptions load;
  std::vector<BundleSource> bundles_from;
  /// Bundle-object manifests read by one root and met again in another (a bundle in several
  /// versions' catalogs) are taken from here instead of being read again (declcfg/bundle_objects.h);
  /// every root's report is the same with or without it. validate_repository makes one for its
  /// roots when this is null; a RepositoryValidation, and validate_root, use the one given (none:
  /// nothing shared). Kept by whoever holds the options, so a root validated later (the app's
  /// selectRoot) takes from it too.
  std::shared_ptr<declcfg::BundleObjectMemo> bundle_objects;
  /// Every root validated without the analyses beyond opm (ValidateOptions::analyses false), for
  /// the app (issue 21): the root it shows has its report taken in on_root, completed when its
  /// analyses are wanted (analyses::complete_report, then record_root_report); any other root only
  /// when the whole repository's report is asked for (complete_root, which validates it again).
  /// Nothing the analyses find changes a verdict, a matrix column or drift, so the load's answer
  /// waits for no root's analyses. False: every root is analysed (the CLI).
  bool defer_analyses = false;
  /// Called once per root, in order, with the root's finished report and its files (valid only
  /// during the call; the report is released afterwards unless the callback takes it, moving the
  /// pointer out, and then it must outlive validate_repository): for renderers that need the
  /// report (text with source excerpts) and for a caller that keeps one root's report (the app's
  /// selected catalog).
  std::function<void(const RootOutcome&, std::unique_ptr<ValidationReport>&, const FileSource&)> on_root;
};

/// The whole repository.
struct RepositoryReport {
  Discovery discovery;
  std::vector<RootOutcome> roots;         ///< in discovery order (by version)
  std::vector<TemplateOutcome> templates;  ///< in discovery order (walk order)
  Matrix matrix;
  /// About the repository itself (FBC72xx: stray catalog content, unreadable files).
  std::vector<Finding> findings;
};

/// The FileSource of one root of `source` (the root's folder, without the template files inside it).
std::unique_ptr<FileSource> root_source(const FileSource& source, const Discovery& discovery, const CatalogRoot& root);

/// A folder dropped or named on the command line, once looked at: a repository (its discovery),
/// or one catalog (its report).
struct FolderOutcome {
  std::optional<Discovery> repository;       ///< set when the folder is a repository; report is then null
  std::unique_ptr<ValidationReport> report;  ///< the catalog's, validated with the options given
  /// Milliseconds spent deciding: discovery, the watch's own reads, and for a repository found
  /// only after a load as one catalog, that load too (its report is dropped).
  double discover_ms = 0;
  /// Whether the deciding came after the catalog's load (a folder that is one catalog by its
  /// paths), so a timeline of the stages puts discover_ms after the load's own stages.
  bool decided_after_load = false;
};

/// Validates the folder in `source` as one catalog with `options`, unless discover_repository
/// would call it a repository: then only its discovery is returned, for validate_repository. The
/// answer is discover_repository's in every case, but a folder whose paths leave only a template
/// to make it a repository (only_a_template_makes_a_repository, most folders) is validated through
/// a TemplateWatch first, and discovery runs only when one of its files names a template schema:
/// each file of a catalog is then read once, not once by discovery and again by the load.
/// `on_root` is discover_repository's (called only for a repository, with the roots discovery is
/// sure of while it reads); discover_ms leaves out the time spent in it.
FolderOutcome validate_folder(const FileSource& source, const ValidateOptions& options, const RootFound& on_root = {});

/// Validates the repository in `source`, whose layout `discovery` found (discover_repository).
/// Never fails: every problem is a finding of a root, a template or the repository. Its roots share
/// options.bundle_objects, or a memo of their own when that is null.
RepositoryReport validate_repository(const FileSource& source, const Discovery& discovery, const RepositoryOptions& options = {});

/// validate_repository's work, for a caller that has the roots one by one while discovery still
/// reads (discover_repository's RootFound): add_root for each root passed, then finish with the
/// whole discovery. The report is validate_repository's with the same options, whichever roots
/// were added before finish: each root is validated once, in Discovery::roots order, and
/// options.on_root is called for each in that order.
class RepositoryValidation {
 public:
  /// `options` must outlive this object.
  explicit RepositoryValidation(const RepositoryOptions& options) : options_(options) {}

  /// Validates `root`, the next root in Discovery::roots order, from `files` (the repository's
  /// files: the root is read through root_source(files, so_far, root)), unless validate_ahead
  /// validated it: its report is then taken as it is.
  void add_root(const FileSource& files, const Discovery& so_far, const CatalogRoot& root);
  /// Validates `root` before its turn (a root discover_repository passed ahead) and keeps its
  /// report for add_root. Only one is kept: while one is, this does nothing (add_root validates
  /// the root in its turn). A root kept that never gets its turn is dropped by finish.
  void validate_ahead(const FileSource& files, const Discovery& so_far, const CatalogRoot& root);
  /// Takes `report`, the validation of `root` (validate_root with this object's options, which
  /// gave `ocp_version_from`) made before discovery passed the root (the app shows the root
  /// find_shown_root finds before it discovers the rest), so that add_root uses it in the root's
  /// turn instead of validating the root again. One at a time: a second replaces the first. A report
  /// given for a root that never gets its turn is dropped by finish.
  void give_report(const CatalogRoot& root, std::unique_ptr<ValidationReport> report, std::string ocp_version_from);
  /// Passes discover_repository's RootFound on: validate_ahead for a root passed ahead, else add_root.
  void take_root(const FileSource& files, const Discovery& so_far, const CatalogRoot& root, bool ahead) {
    ahead ? validate_ahead(files, so_far, root) : add_root(files, so_far, root);
  }

  /// The report of the repository in `source`: validates the roots of `discovery` not added yet,
  /// then the templates and the repository's own findings. Roots added that are not the first
  /// roots of `discovery`, in its order (a caller's mistake), are validated again in order, and
  /// on_root is called for them again.
  RepositoryReport finish(const FileSource& source, const Discovery& discovery);

 private:
  const RepositoryOptions& options_;
  RepositoryReport out_;
  tmpl::BundleIndex index_;
  /// The previous root's report (for the matrix's diff), owned here unless on_root took it.
  std::unique_ptr<ValidationReport> previous_;
  const model::Model* previous_model_ = nullptr;
  /// The root validated ahead of its turn (validate_ahead) and its report, until add_root takes it.
  CatalogRoot ahead_root_;
  std::string ahead_ocp_version_from_;
  std::unique_ptr<ValidationReport> ahead_report_;
  /// The report given for a root (give_report), until add_root takes it.
  CatalogRoot given_root_;
  std::string given_ocp_version_from_;
  std::unique_ptr<ValidationReport> given_report_;
};

/// Validates one root as part of a repository: the root's catalog, with the check profiles
/// (`options.settings` over its .fbclens.yaml, its version from its folder), and with the analyses
/// beyond opm unless `analyses` is false (the report's analyses_complete is then false). Used by
/// validate_repository and by the app when it shows one root.
ValidationReport validate_root(const FileSource& root_files, const CatalogRoot& root, const RepositoryOptions& options,
                               std::string& ocp_version_from, bool analyses = true);

/// Sets what `outcome` (its `root` already set) keeps of its root's `report`: verdict, opm_output,
/// exit_status, findings, profiles, the Summary (files relative to the repository) and
/// analyses_complete. validate_repository calls it for each root; a caller that deferred a root's
/// analyses calls it again once analyses::complete_report has run, and the outcome is then the
/// one validate_repository gives without deferring. Leaves skeleton alone (the analyses do not
/// change the model).
void record_root_report(RootOutcome& outcome, const ValidationReport& report);

/// Makes `outcome`, a root's from a validate_repository over `source` and `discovery` with
/// options.defer_analyses, the outcome of a validation that deferred nothing: validates the root
/// again with the analyses (validate_root over root_source) and records that report
/// (record_root_report). The outcome's analyses_complete is then true; an outcome already
/// complete is left alone. Costs a load of the root (its report is released before returning);
/// for a caller that no longer holds the root's report (the app's roots not shown).
void complete_root(const FileSource& source, const Discovery& discovery, const RepositoryOptions& options, RootOutcome& outcome);

/// The exit status of `validate REPO`: 1 when a root is invalid (or fails a selected profile) or a
/// template has an error (a rule opm enforces, an image no catalog holds, drift), else 3 when no
/// root holds catalog content, else 0. Warnings and info never change it.
int exit_status(const RepositoryReport& report);

}  // namespace fbclens::repo
