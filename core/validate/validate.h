// The whole `opm validate` pipeline (spec validation.md §0.1): load → declarative config → model
// → Model.Validate, with two views of one run:
//   - the opm view: exactly what opm prints (VALID / INVALID: / LOAD ERROR: + text);
//   - the full view: every finding, located, each marked if it is (part of) what opm prints.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "declcfg/declcfg.h"
#include "model/model.h"

namespace fbclens {

/// opm's verdict for a catalog.
enum class Verdict { Valid, Invalid, LoadError };

/// "VALID", "INVALID" or "LOAD ERROR".
const char* verdict_name(Verdict v);

/// How one check profile went (core/profiles/profiles.h apply_profiles): its name and how many
/// findings fail it. A profile passes when it has none.
struct ProfileOutcome {
  std::string name;          ///< "opm", "konflux", "operator-pipelines" or "operatorhub"
  std::size_t failures = 0;  ///< opm: its Error findings (load, convert, model); others: their rules' findings
};

/// Where a validation's time went, in milliseconds of a steady clock: for the benchmarks and the
/// browser's account of a load's stages (the worker's loadTimings operation).
struct ValidationTimings {
  double read = 0;      ///< reading files through the FileSource (the browser: into the worker's memory)
  double parse = 0;     ///< JSON and YAML text → documents with positions (core/load)
  double decode = 0;    ///< documents → declarative config: typed objects, bundle objects checked (core/declcfg)
  double model = 0;     ///< declarative config → model: conversion phases A–E and describe_model (core/model)
  double validate = 0;  ///< opm's model rules, phase F (core/model validate_model)
  double analyses = 0;  ///< the analyses beyond opm (core/analyses); 0 while they are deferred
};

/// How validate_catalog runs.
struct ValidateOptions {
  LoadOptions load;
  /// Runs the analyses beyond opm (core/analyses: advice, FBC4xxx) and puts their findings in the
  /// report. False: none runs (`validate --output opm`, the commands that print no findings, the
  /// browser's deferred load) and the report's analyses_complete is false until
  /// analyses::complete_report adds them.
  bool analyses = true;
  /// Releases most of each olm.* object's JSON once decoded (declcfg::ConfigBuilder::release_decoded):
  /// for callers that read the report's model, findings and properties only (the CLI's validate, the
  /// worker), not its documents' other keys (templates and repositories do).
  bool release_documents = false;
  /// Shared with other validations (the roots of one repository): bundle-object manifests they read
  /// are not read again (declcfg::ConfigBuilder::share_bundle_objects). The report is the same with
  /// or without it. nullptr: nothing shared.
  declcfg::BundleObjectMemo* bundle_objects = nullptr;
};

/// Everything fbclens knows about one catalog after validation. Move-only: the config and model
/// refer into `load`.
struct ValidationReport {
  LoadResult load;
  declcfg::DeclarativeConfig config;
  model::Model model;
  /// All findings: load (walk order), conversion (opm's phase order), model (package > channel >
  /// bundle, sorted), then the analyses beyond opm (core/analyses, when analyses_complete), then the
  /// check profiles' (core/profiles). Exactly the opm-reported ones have reported_by_opm set.
  std::vector<Finding> findings;
  Verdict verdict = Verdict::Valid;
  /// What opm prints, in the format of the vectors' expected.txt: "VALID", or "INVALID:" /
  /// "LOAD ERROR:" followed by a newline and opm's message (the tree for phase-F failures).
  std::string opm_output;
  /// The check profiles of the run when any beyond opm's own was selected (core/profiles fills
  /// it): "opm" first, then each selected profile. Empty when only opm's checks ran, and then
  /// every renderer prints exactly what it printed before profiles existed.
  std::vector<ProfileOutcome> profiles;
  /// The OpenShift version the profiles checked against ("4.17") and where it came from
  /// ("--ocp-version", "ocpVersion in .fbclens.yaml", "folder v4.17"); "" when unknown.
  std::string ocp_version, ocp_version_from;
  /// Whether the analyses beyond opm are in `findings` (ValidateOptions::analyses). While false, the
  /// operatorhub profile's count (which gates advice codes) is not known either.
  bool analyses_complete = true;
  /// The findings about the catalog's operator lifecycle objects (FBC47xx, core/lifecycle), found
  /// while validating; they are the analyses' `lifecycles` row, so `findings` has them only once
  /// the analyses are complete.
  std::vector<Finding> lifecycle_findings;
  /// Where the time went.
  ValidationTimings timings;

  ValidationReport() = default;
  ValidationReport(ValidationReport&&) = default;
  ValidationReport& operator=(ValidationReport&&) = default;
  ValidationReport(const ValidationReport&) = delete;
  ValidationReport& operator=(const ValidationReport&) = delete;
};

/// Validates the catalog in `source` as `opm validate` does, reporting every finding (and, unless
/// options.analyses is false, the analyses beyond opm). Never throws; problems with the input
/// (unreadable, malformed, hostile) are findings.
ValidationReport validate_catalog(const FileSource& source, const ValidateOptions& options);
/// validate_catalog with every analysis and these load options.
ValidationReport validate_catalog(const FileSource& source, const LoadOptions& options = {});

/// Frees what only the model's readers need: the declarative config, the model, and each object's
/// document and meta fields (load.blobs keeps its size, so the number of objects still reads from
/// it). Keeps what a findings report reads: findings, verdict, opm_output, profiles, the OpenShift
/// version, load.files and load.findings. For a caller that writes the findings next and exits: the
/// CLI's text report reads each file again for its excerpts, and with the catalog still held, a
/// 6.6 MB file of 20,000 findings peaked 8 MB higher than its load (tests/bench/README.md).
void release_catalog(ValidationReport& report);

/// The CLI's exit status for `validate` (README): 0 valid, 1 invalid or not loadable or a
/// selected check profile failed (ValidationReport::profiles), 2 usage or I/O error (the CLI's
/// own), 3 valid but holding no catalog content (FBC4000; opm says VALID).
int exit_status(const ValidationReport& report);

}  // namespace fbclens
