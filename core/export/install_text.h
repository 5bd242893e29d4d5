// The install preview for people (`fbclens install-preview --output text`): the same answer as
// install_preview_json (core/install/install_view.h), one section per list.
#pragma once

#include <string>

#include "install/install_view.h"

namespace fbclens {

/// The text rendering: per package its bundles (source of the CSV, supported modes, provided APIs,
/// OLM v1's verdict and reasons), the upgrade steps that lose a mode, the APIs owned twice, and with
/// a bundle its OperatorGroup shapes and the console's install page. Ends with a newline.
std::string install_preview_text(const install::InstallPreview& preview);

}  // namespace fbclens
