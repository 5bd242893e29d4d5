// Renderers of a repository validation and its version matrix (core/repo/repository.h): the JSON
// of `fbclens validate REPO --output json` and `fbclens matrix REPO --output json` (also the
// worker's answers), their text for people, and SARIF. Each answer's JSON is built here, in one
// function beside its text, so the typed view mapping (core/view) can replace it mechanically.
#pragma once

#include <string>

#include "export/path_style.h"
#include "load/document.h"
#include "load/file_source.h"
#include "repo/repository.h"

namespace fbclens::repo {

/// `fbclens validate REPO --output json`:
///   {"repository": true,
///    "catalogs": [{"root", "ocpVersion", "effectiveOcpVersion", "verdict", "opm", "summary", "findings"}],
///    "templates": [{"file", "schema", "renders", "rendersAlso", "rendered", "findings"}],
///    "findings": [Finding],
///    "summary": {"catalogs", "templates", "verdicts": {"VALID": n, ...}, "findingCounts": {error, warning, info}}}
/// `root` and `file` are relative to the repository ("" = the repository folder itself);
/// `ocpVersion` is the version its folder names ("4.23") or null, `effectiveOcpVersion` what OLM
/// makes of it ("5.0") or null; `opm` is what `opm validate ROOT` prints; `summary` is the root's
/// Summary (export/report_json.h summary_json) without its findings; `renders` is the first root
/// the template renders or null, `rendersAlso` the others; `findings` are finding_json objects,
/// drift among a template's own. Files are named through `paths` (the repository folder as the
/// reader sees it) joined with the root. `findings` at the top are about the repository's layout.
Json repository_json(const RepositoryReport& report, const PathStyle& paths = {});

/// What repository_json says of the templates and of the repository itself, without the catalogs
/// (so without any root's findings, whose analyses may be deferred):
///   {"repository": true, "templates": [...], "findings": [Finding]}
/// each member exactly as repository_json's. For the app, which shows these beside the root it
/// shows (wasm repositoryReport with catalogs: false).
Json repository_templates_json(const RepositoryReport& report, const PathStyle& paths = {});

/// SARIF 2.1.0 with every finding of every catalog and template located (export/sarif.h
/// sarif_log); the run's properties hold {"repository": {"catalogs": [{root, verdict}]}}.
Json repository_sarif(const RepositoryReport& report, const PathStyle& paths = {});

/// The text after the catalogs' own reports (which the caller renders as each root is validated,
/// with export/report_text.h): the templates, each with its findings clang-style (source lines
/// read from `source`, the repository's files), the repository's own findings, and a summary
/// line per catalog and template.
std::string repository_text_tail(const RepositoryReport& report, const FileSource* source, const PathStyle& paths = {});

/// The heading printed before a catalog's own report in the text output:
/// "== catalog ROOT (OpenShift 4.17): VERDICT".
std::string root_heading(const RootOutcome& root, const PathStyle& paths = {});

/// The version matrix as JSON (`fbclens matrix --output json`, the worker's `matrix`):
///   {"columns": [{"root", "ocpVersion", "effectiveOcpVersion", "verdict"}],
///    "packages": [{"name", "cells": [null | {"defaultChannel", "channels": [{"name", "head",
///       "heads", "headMaxOpenShiftVersion", "deprecated", "entries"}], "bundles", "deprecation",
///       "deprecatedChannels", "deprecatedBundles", "maxOpenShiftVersions",
///       "defaultHeadMaxOpenShiftVersion", "blocksClusterUpgrade",
///       "bundleFormat": {"needed", "bundleObject", "csvMetadata", "bundles", "ok"}}]}],
///    "changes": [{"from", "to", "diff"}]}
/// A package's `cells` follow `columns` (null: not in that catalog). `head` is null when the
/// channel has no single head (`heads` then lists them); version texts are null when absent;
/// `deprecation` is the package's deprecation message or null; `bundleFormat.needed` is null for a
/// catalog without a version. `diff` is `fbclens diff FROM TO --output json`'s object.
Json matrix_json(const Matrix& matrix);

/// The matrix for people: per package, a line per catalog (default channel, channels with their
/// heads, deprecations, maxOpenShiftVersion, bundle format), then each catalog's changes against
/// the one before it.
std::string matrix_text(const Matrix& matrix);

}  // namespace fbclens::repo
