// A catalog diff (diff.h) as findings (codes.def FBC60xx/FBC61xx), so `fbclens diff --output
// sarif` reports it the way `validate` reports a catalog: one finding per difference, at the
// object it is about.
#pragma once

#include <vector>

#include "diff/diff.h"
#include "findings/finding.h"

namespace fbclens::diff {

/// A difference as a finding, and which catalog its location is in.
struct DiffFinding {
  Finding finding;
  bool in_old = false;  ///< located in OLD (a removal) rather than NEW
};

/// One finding per element of `diff`'s lists, in the diff's order (packages, channels, entries,
/// bundles, changed bundles, default channels, edges, deprecations, upgrades; added before
/// removed), but none for a channel or entry listed `within` its package or channel (that one's
/// finding stands for it), each located
/// at NEW's object, or OLD's for a removal ({} when the model has no location for it; a package's
/// channel entry at its entry, an upgrade at the installed bundle's entry). With `pruning`, a
/// removed channel or entry that pruning_violations reports is the error FBC6101/FBC6102
/// instead of the warning FBC6004/FBC6006. An upgrade change where Classic newly strands the
/// bundle is FBC6016 (warning), any other FBC6015 (note). A changed bundle is FBC6017 (warning),
/// or FBC6018 (note) when it only moved registry with the same digest, at NEW's olm.bundle. Never
/// fails.
std::vector<DiffFinding> diff_findings(const CatalogDiff& diff, const model::Model& old_model, const model::Model& new_model,
                                       bool pruning);

}  // namespace fbclens::diff
