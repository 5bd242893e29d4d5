// The report for people, clang-style: findings under their group (package > channel > bundle),
// each as "file:line:col: error[CODE]: message", opm's text when it differs, the source line with
// a caret, then its notes ("file:line:col: note: ...") with their own source lines.
#pragma once

#include <string>

#include "export/path_style.h"
#include "validate/validate.h"

namespace fbclens {

/// Renders `report` as text. `source` (optional) supplies file contents for source excerpts;
/// files are named through `paths` (compilers' style: relative to where the command ran).
std::string render_text_report(const ValidationReport& report, const FileSource* source, const PathStyle& paths = {});

}  // namespace fbclens
