// JSON view of a dependency resolution (deps/resolve.h), for `fbclens resolve --output json`
// `fbclens upgrade-path` (Classic's dependency view), the JS API's resolve and upgradePath.
#pragma once

#include "deps/resolve.h"
#include "load/document.h"

namespace fbclens::deps {

/// {"ok", "error", "installs": [{package, channel, bundle, requiredBy, constraint,
/// failureMessage, property}], "notes": [{bundle, constraint, detail}], "candidates": [{channel,
/// bundle, tried, chosen, unmet: [{bundle, constraint, failureMessage, property, file, line,
/// reason}]}]}. Never fails.
Json resolution_json(const Resolution& r);

/// Reads the JS API's resolve request {package, channel?, startingBundle?, installedBundle?,
/// installedVersion?, clusterProvides?: [..]} (the CLI's resolve flags) into `out`. Returns "" on
/// success, else the error: "request needs a package", "request field K must be a string" (an
/// array of strings for clusterProvides), "give startingBundle or installedBundle, not both", or
/// parse_cluster_provides's error. Unknown keys are ignored.
std::string install_request_from_json(const Json& request, InstallRequest& out);

/// One install as in resolution_json's "installs".
Json installed_json(const Installed& i);

/// One unmet constraint as in resolution_json's candidates' "unmet".
Json unmet_json(const Unmet& u);

}  // namespace fbclens::deps
