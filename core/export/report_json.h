// Renderers of a ValidationReport as data: the Summary the JS API returns, the full JSON view,
// and SARIF 2.1.0 for code-scanning. (Text for people is in report_text.h.)
#pragma once

#include <iosfwd>
#include <string>

#include "export/path_style.h"
#include "validate/validate.h"

namespace fbclens {

/// The Summary of the JS API and `--output json`'s header:
/// {files, ignoredFiles, bytes, blobs, schemas: {schema: count}, packages, channels, bundles,
///  deprecations, verdict, opm, findingCounts: {error, warning, info}, findings: [Finding]} where
/// findingCounts counts the findings by severity (warnings and info are fbclens's advice, never
/// in opm's verdict), packages/channels/bundles count the distinct packages, channels (per
/// package) and bundles (per package) declared by olm.package/olm.channel/olm.bundle objects, so
/// one declared twice counts once (the duplicate is a finding; `schemas` counts the objects), and
/// `files` counts files parsed (not ignored).
/// Findings' files are named through `paths` (default: catalog-relative, as the app needs them).
/// When check profiles ran (ValidationReport::profiles), the Summary also has `profiles`
/// (profiles_json); with opm alone it has no such key, so its bytes are as before profiles.
/// While the analyses beyond opm are deferred (ValidationReport::analyses_complete false), it also
/// has `analyses: {complete: false}`, and its findings and counts are opm's and the profiles' only.
Json summary_json(const ValidationReport& report, const PathStyle& paths = {});

/// summary_json(report, paths).dump(indent, ' ', false, handler)'s text, byte for byte, written
/// without holding every finding's JSON at once (each is built, written and dropped in turn): what
/// a report of many findings prints (indent -1: compact). The members of `extra` (an object) are
/// added to the Summary's, replacing any of the same name (the worker's `fingerprint`).
std::string summary_text(const ValidationReport& report, const PathStyle& paths, int indent,
                         Json::error_handler_t handler, const Json& extra = Json::object());
/// summary_text appended to `text` as it is built (the worker's load answer: one copy of a Summary
/// of many findings, not a second one to append).
void append_summary_text(std::string& text, const ValidationReport& report, const PathStyle& paths, int indent,
                         Json::error_handler_t handler, const Json& extra = Json::object());
/// The same text written to `out` as it is built (error handler strict, as dump's default; the CLI).
void write_summary_text(std::ostream& out, const ValidationReport& report, const PathStyle& paths, int indent);

/// The check profiles of a run: {results: [{name, failures, passed}], ocpVersion, ocpVersionFrom},
/// (while the analyses are deferred, a profile gating advice codes is {name, failures: null,
/// passed: null, pending: true}),
/// "opm" first, then the selected profiles (core/profiles/profiles.h); ocpVersion is "4.17" or ""
/// when unknown, ocpVersionFrom "--ocp-version", "ocpVersion in FILE" or "folder v4.17".
Json profiles_json(const ValidationReport& report);

/// One finding as JSON: {code, name, severity, phase, message, opmMessage, reportedByOpm, file,
/// line, column, package, channel, bundle, group, where, notes}. line/column are 1-based, 0 when
/// unknown. `group` and `where` are preformatted (group_path, location_text in
/// findings/format.h) so the web app shows them as they are; `notes` is
/// [{message, file, line, column, where}], the finding's notes in order. `file` and `where`
/// name the file through `paths`.
Json finding_json(const Finding& finding, const PathStyle& paths = {});

/// SARIF 2.1.0 for GitHub code scanning (export/sarif.h sarif_log): one run, one rule per finding
/// code used, with codes.def's help; one result per finding with a stable partialFingerprint; its
/// group path is the result's logical location and its notes are relatedLocations (ids from 1).
/// Artifact URIs are the files named through `paths`, percent-encoded; with `paths.srcroot_uri`
/// they are relative to uriBaseId SRCROOT, which the run declares in originalUriBaseIds (SARIF
/// §3.14.14), so GitHub code scanning maps them onto repository files; an absolute prefix gives
/// file: URIs. When check profiles ran, the run's property bag holds `profiles` (profiles_json).
Json sarif_json(const ValidationReport& report, const PathStyle& paths = {});

}  // namespace fbclens
