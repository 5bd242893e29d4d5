// The upgrade answers as text for people: what `fbclens upgrade-path` and `fbclens divergence`
// print without --output json, from the same structs their JSON is written from
// (update/upgrade_view.h, update/divergence_view.h).
#pragma once

#include <string>

#include "update/divergence_view.h"
#include "update/upgrade_view.h"

namespace fbclens {

/// `upgrade-path`'s text: Classic's answer (next or "stays" or its error, candidates head first,
/// walk), what its pick installs along and the candidates it skipped for unmet dependencies (or
/// "dependencies: ignored"), v1's answer (the bundle it resolves to or its error, successors,
/// walk), then, for each side that has steps, "Why, step by step": each step's summary, every
/// bundle considered with its verdict, reason and edges, how many more, and the
/// olm.maxOpenShiftVersion note. Lines end with "\n".
std::string render_upgrade_text(const update::UpgradeView& answer);

/// `divergence`'s text for one package: a count line ("package P: N installed bundles checked, D
/// where Classic and v1 differ, S stranded by Classic"), then each row that differs or is
/// stranded with both walks and errors. Lines end with "\n".
std::string render_divergence_text(const update::DivergenceView& report);

}  // namespace fbclens
