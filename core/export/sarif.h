// SARIF 2.1.0 as GitHub code scanning reads it, for any list of findings: `validate --output
// sarif` (report_json.h sarif_json) and `diff --output sarif` (diff_sarif.h) both build on this.
// Spec: OASIS SARIF 2.1.0 (the sections cited below); GitHub's reading of it: the
// github/codeql-action upload-sarif action (src/fingerprints.ts addFingerprints, which adds a
// primaryLocationLineHash only to results with a line whose file it can read).
#pragma once

#include <string>
#include <vector>

#include "export/path_style.h"
#include "findings/finding.h"
#include "load/document.h"

namespace fbclens {

/// One result to write: a finding and how its files are named (a diff names OLD's and NEW's
/// files through different styles). Both pointers must outlive the call.
struct SarifItem {
  const Finding* finding = nullptr;
  const PathStyle* paths = nullptr;
};

/// SARIF's reportingDescriptor (§3.49) for a codes.def row: {id: code, name,
/// shortDescription: the explanation's first sentence, fullDescription: the whole explanation,
/// help: {text} (the explanation, who reports it (opm, fbclens advice, a check profile, a diff) and
/// our message's template), defaultConfiguration: {level}, properties: {tags: ["fbc", phase]}}.
Json sarif_rule(const FindingInfo& info);

/// The partialFingerprint of a result, written as both "primaryLocationLineHash" (what GitHub
/// combines with the rule and file path to match alerts across runs; upload-sarif leaves a value
/// it finds in place, logging a warning where its own line hash differs) and "fbclensObject/v1"
/// (the same value under a name that says what it is): a 16-hex-digit FNV-1a-64 hash of the code,
/// the file as the report names it (relative to SRCROOT, the repository root when run there), the
/// object (package, channel, bundle) and the finding's ordinal among results with the same code,
/// file and object, then ":" and that ordinal. Lines, columns and message texts are left out on
/// purpose, so moving, reformatting or editing other lines of an object does not close and reopen
/// GitHub alerts; a renamed file or object does.
std::string sarif_fingerprint(const Finding& finding, const std::string& file, std::size_t ordinal);

/// A SARIF log with one run of tool "fbclens": one rule per code used (sarif_rule, in code order)
/// and one result per item, in order. Each result has ruleId, ruleIndex, level, message,
/// locations (the finding's file and region; a finding about no file is located at the catalog
/// folder, with no region, since GitHub requires a location), logicalLocations (the group
/// path), relatedLocations (the notes, ids from 1), partialFingerprints (sarif_fingerprint) and
/// properties {opmMessage, reportedByOpm}. When an item's style has a srcroot_uri, its URIs are
/// relative to uriBaseId SRCROOT, declared in originalUriBaseIds (§3.14.14; the first such
/// style's). `run_properties` (an object, or null for none) becomes the run's property bag.
Json sarif_log(const std::vector<SarifItem>& items, const Json& run_properties = nullptr);

}  // namespace fbclens
