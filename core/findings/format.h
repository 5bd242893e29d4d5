// The one place a finding's object and position become text. Every renderer (text report, JSON,
// SARIF, the explorer's "where" fields) calls these, and the web app shows the strings JSON
// carries ("group", "where") instead of formatting its own.
#pragma once

#include <string>

#include "findings/finding.h"

namespace fbclens {

/// The group a finding belongs to, outermost first, each name Go-quoted (names may hold any
/// character): `package "a" > channel "b" > bundle "c"`. ASCII ">" rather than "›": the app's
/// built-in ImGui font has only Latin-1 glyphs, and every surface shows this same string. Empty members are left out, so a bundle
/// outside any channel reads `package "a" > bundle "c"`. An empty path (a load error, a package
/// without a name) is "catalog": the finding is about the catalog's files, not one object.
std::string group_path(const ObjectPath& object);

/// A position as compilers print it: "file:line:col", "file:line" when the column is unknown,
/// "file" when the line is too, "" when there is no file (e.g. the catalog folder itself).
std::string location_text(const SourceLocation& at);

}  // namespace fbclens
