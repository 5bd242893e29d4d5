// Fields every per-object JSON answer writes the same way (the explorer view, bundle details), so
// the app reads one format for them.
#pragma once

#include <optional>
#include <string>

#include "findings/finding.h"
#include "load/document.h"

namespace fbclens {

/// "file:line" of an object's opening (spec validation.md §1.6), "file" when the line is unknown,
/// "" when the object has no source (a package known only from its bundles).
inline std::string where_text(const SourceLocation& at) {
  if (at.file.empty()) return "";
  return at.line ? at.file + ":" + std::to_string(at.line) : at.file;
}

/// An object's deprecation as JSON: its message, or null when it is not deprecated.
inline Json deprecation_json(const std::optional<std::string>& message) { return message ? Json(*message) : Json(nullptr); }

}  // namespace fbclens
