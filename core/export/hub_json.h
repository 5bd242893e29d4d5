// The OperatorHub preview as JSON: one shape for the CLI (`fbclens hub-preview --output json`)
// and the protocol's hubPreview. (The console versions it models are view/consoles.h.)
#pragma once

#include "hub/hub_preview.h"
#include "load/document.h"

namespace fbclens {

/// {"package": str, "console": "4.21", "visible": bool, "hiddenReasons": [str],
///  "tile": null|{"title", "provider": str|null, "deprecatedBadge": null|{"text", "tooltip"},
///          "icon": null|{"mediatype", "base64data"}},
///  "details": null|{"title", "deprecatedBadge": null|{..}, "alert": null|{"title", "messages": [str]}},
///  "channels": [{"name", "deprecated", "tooltip": str|null}], "selectedChannel": str|null,
///  "versions": [{"bundle", "version", "deprecated", "tooltip": str|null}],
///  "selectedVersion": str|null, "installNote": str|null}
/// and, only when the console has the lifecycle columns (hub::LifecyclePreview):
///  "lifecycle": {"objects": int, "installedVersion": str, "clusterVersion": str, "date": str|null,
///                "stream": str|null,
///                "compatibility": {"status": "compatible"|"incompatible"|"no-data", "text": str},
///                "supportPhase": {"status": "active"|"self-support"|"no-data"|null, "text": str|null,
///                                 "endDate": str|null,
///                                 "phases": [{"name", "startDate", "endDate"}]}}
/// Unset optionals render as null; a preview without a PackageManifest has null tile, details and
/// selections and empty lists (hub::HubPreview guarantees that). Never fails.
Json hub_preview_json(const hub::HubPreview& preview);
}  // namespace fbclens
