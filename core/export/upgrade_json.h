// The upgrade-path and divergence answers as JSON: one shape for the CLI (`fbclens upgrade-path
// --output json`, `fbclens divergence --output json`) and the JS API (`fbclens.upgradePath`).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "load/document.h"
#include "update/divergence.h"
#include "update/upgrade_request.h"

namespace fbclens {

/// {"classic": {"candidates": [..], "next": NAME|null, "error": TEXT|null, "walk": [..],
///              "dependencies": BOOL (whether the answer resolved dependencies),
///              "resolution": deps::resolution_json of the first pick's candidates | null},
///  "v1": {"successors": [..], "next": NAME|null, "error": TEXT|null, "walk": [..],
///         "nextInstallable": {"installable": BOOL|null, "reasons": [..], "unchecked": [..],
///                             "needsWatchNamespace": BOOL} | null}}
/// Classic's next is null when it stays; resolution is null when dependencies were ignored or the
/// graph alone already failed; v1's next is the bundle v1 resolves to (possibly the
/// installed one); nextInstallable is OLM v1's verdict on installing it (install/olm_v1_install.h),
/// null when v1 stays or fails or the answer had no model. Walks as in update::UpgradeAnswer. When the answer was explained, each side
/// also has "steps": steps_json of its explanations.
Json upgrade_path_json(const update::UpgradeAnswer& answer);

/// [{"from": NAME|null (null: a fresh install), "fromVersion", "to": NAME|null (null: stays or
///   fails), "error": TEXT|null, "summary": TEXT, "considered": [{"bundle", "version", "verdict"
///   (update::verdict_name), "edges": [TEXT], "reason": TEXT, "unmet": [deps::unmet_json]}],
///   "more": N (considered left out), "maxOpenShiftVersion": RAW JSON TEXT|null,
///   "installsAlong": [deps::installed_json]}] (update/explain.h).
Json steps_json(const std::vector<update::StepExplanation>& steps);

/// {"package", "defaultChannel", "differing", "stranded", "rows": [{channel, installed, installedVersion, classic:
/// {next, error, walk}, v1: {next, error, walk}, differs, classicStranded}]}
Json divergence_json(const update::DivergenceReport& report);

}  // namespace fbclens
