// The report for people: findings grouped by package › channel › bundle, each with file:line:col,
// our message, opm's text when it differs, and the source line with a caret.
#pragma once

#include <string>

#include "validate/validate.h"

namespace fbclens {

/// Renders `report` as text. `source` (optional) supplies file contents for source excerpts.
std::string render_text_report(const ValidationReport& report, const FileSource* source);

}  // namespace fbclens
