// A catalog diff as SARIF 2.1.0 (`fbclens diff OLD NEW --output sarif`), for GitHub code scanning
// on a pull request that changes a catalog: each difference is a result at the object it is
// about (export/sarif.h, diff/diff_findings.h).
#pragma once

#include "diff/diff.h"
#include "export/path_style.h"
#include "load/document.h"

namespace fbclens {

/// The SARIF log of diff::diff_findings(diff, old_model, new_model, pruning): results located in
/// NEW are named through `new_paths`, removals (in OLD) through `old_paths`. The run's property
/// bag holds {"differences": diff.count()} and, with `pruning`, {"pruning": {"passed": bool}}.
/// Levels: the pruning profile's failures are errors; removals and stranded installs warnings;
/// everything else notes.
Json diff_sarif_json(const diff::CatalogDiff& diff, const model::Model& old_model, const model::Model& new_model,
                     const PathStyle& old_paths, const PathStyle& new_paths, bool pruning);

}  // namespace fbclens
