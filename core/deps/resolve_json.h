// JSON view of a dependency resolution (deps/resolve.h), for `fbclens resolve --output json`
// and, later, the app.
#pragma once

#include "deps/resolve.h"
#include "load/document.h"

namespace fbclens::deps {

/// {"ok", "error", "installs": [{package, channel, bundle, requiredBy, constraint,
/// failureMessage, property}], "notes": [{bundle, constraint, detail}], "candidates": [{channel,
/// bundle, tried, chosen, unmet: [{bundle, constraint, failureMessage, property, file, line,
/// reason}]}]}. Never fails.
Json resolution_json(const Resolution& r);

}  // namespace fbclens::deps
