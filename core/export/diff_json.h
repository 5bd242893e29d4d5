// A catalog diff (core/diff/diff.h) as JSON and as text for people: `fbclens diff --output json`
// and its default text output. The JSON shape is issue 14's, which tests and other tools read.
#pragma once

#include <string>
#include <vector>

#include "diff/diff.h"
#include "export/path_style.h"
#include "load/document.h"

namespace fbclens {

/// {"packages": {"added": [str], "removed": [str]},
///  "channels": {"added": [{package, channel, within}], "removed": [...]},
///  "entries": {"added": [{package, channel, bundle, within}], "removed": [...]},
///  "bundles": {"added": [{package, bundle}], "removed": [...],
///              "changed": [{package, bundle, severity: "warning"|"info", changes: [str]}]},
///  "defaultChannels": [{package, old, new}],
///  "edges": [{package, channel, bundle, field, old, new}],
///  "deprecations": {"added": [{package, schema, name, message}], "removed": [...]},
///  "upgrades": [{package, channel, installed, classic: {old, new}, v1: {old, new},
///                stranded: {old, new}}]}
/// `within` is null for a channel or entry added or removed by itself, "package" or "channel" for
/// one that came or went with its package or channel (diff.h's scope rule). Unset values (a
/// default channel, replaces, skipRange, a next step, an error) are null. An
/// edge's old/new is a string for replaces and skipRange, a sorted array for skips. classic and
/// v1's old/new are {next: str|null, end: str, error: str|null} (diff::OlmOutcome); stranded's
/// are booleans. Lists keep the diff's order (sorted), so equal diffs print the same bytes.
Json diff_json(const diff::CatalogDiff& diff);

/// {"passed": bool, "violations": [{package, channel, bundle (null = the whole channel), where}]}:
/// the `pruning` profile's verdict (diff::pruning_violations). `where` is the removed object's
/// "file:line:col" in the old catalog (format.h location_text, files named through `paths`),
/// null when unknown.
Json pruning_json(const std::vector<diff::PruningViolation>& violations, const PathStyle& paths = {});

/// One line per difference, grouped as in the JSON ("+ package p", "- entry p/ch/b",
/// "- entry p/ch/b (with its channel)", "~ bundle p/b changed (warning): ...",
/// "~ replaces p/ch/b: old -> new", "~ upgrade p/ch from b: Classic ..."), then a count line
/// (CatalogDiff::count(); "no differences" when empty).
std::string diff_text(const diff::CatalogDiff& diff);

}  // namespace fbclens
