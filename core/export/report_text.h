// The report for people, clang-style: findings under their group (package > channel > bundle),
// each as "file:line:col: error[CODE]: message", opm's text when it differs, the source line with
// a caret, then its notes ("file:line:col: note: ...") with their own source lines.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "export/path_style.h"
#include "validate/validate.h"

namespace fbclens {

/// Receives the text report piece by piece, in order (each piece a whole number of lines).
using TextSink = std::function<void(std::string_view)>;

/// Writes `report` as text to `sink`, a finding (with its excerpts and notes) at a time, so a
/// report of tens of thousands of findings is never held whole (the CLI writes to stdout).
/// `source` (optional) supplies file contents for source excerpts; files are named through
/// `paths` (compilers' style: relative to where the command ran).
void write_text_report(const ValidationReport& report, const FileSource* source, const PathStyle& paths,
                       const TextSink& sink);

/// write_text_report into one string.
std::string render_text_report(const ValidationReport& report, const FileSource* source, const PathStyle& paths = {});

}  // namespace fbclens
