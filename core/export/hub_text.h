// The OperatorHub preview as text for people: what `fbclens hub-preview` prints without
// --output json, from the same struct its JSON is written from (hub/hub_preview.h).
#pragma once

#include <string>

#include "hub/hub_preview.h"

namespace fbclens {

/// `hub-preview`'s text: "package P on console C: listed|hidden (reasons)", then, when there is a
/// PackageManifest, the tile (title, provider, badge tooltip), the details (title, badge, the
/// alert's title and messages), the channel and version dropdowns (selected first, deprecated
/// options with their tooltips), the install page's note, and on consoles with lifecycle columns
/// what Installed Operators shows (compatibility, support phase, the phases). Without a
/// PackageManifest one line says so. Unset values print as "-". Lines end with "\n".
std::string render_hub_text(const hub::HubPreview& preview);

}  // namespace fbclens
