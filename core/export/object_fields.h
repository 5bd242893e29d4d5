// Fields every per-object JSON answer writes the same way (the explorer view, bundle details), so
// the app reads one format for them.
#pragma once

#include <optional>
#include <string>

#include "findings/format.h"
#include "load/document.h"

namespace fbclens {

/// "file:line" of an object's opening (spec validation.md §1.6), "file" when the line is unknown,
/// "" when the object has no source (a package known only from its bundles). An object is named
/// by its line, so the column is left out; the text itself is findings/format.h's location_text.
inline std::string where_text(const SourceLocation& at) { return location_text(SourceLocation{at.file, at.line, 0}); }

/// An object's deprecation as JSON: its message, or null when it is not deprecated.
inline Json deprecation_json(const std::optional<std::string>& message) { return message ? Json(*message) : Json(nullptr); }

}  // namespace fbclens
