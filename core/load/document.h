// A document read from a catalog file: one decoded JSON/YAML object with source positions.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

// nlohmann/json: a well-kept, exception-free-capable JSON library (parse(..., allow_exceptions=false)),
// so we do not write our own JSON parser; std::map objects give Go's sorted re-encoding for free.
#include <nlohmann/json.hpp>

namespace fbclens {

using Json = nlohmann::json;

/// A 1-based line and column (bytes) in a file; 0 = unknown.
struct TextPosition {
  std::uint32_t line = 0;
  std::uint32_t column = 0;
};

/// Positions of the fields of one document, keyed by JSON-Pointer-like paths such as
/// "/entries/3/skipRange" (object keys in their source spelling). Recorded to depth 4, which
/// reaches every field a validation rule can point at (e.g. "/properties/2/value/version").
struct FieldPositions {
  std::vector<std::pair<std::string, TextPosition>> entries;

  /// The position of `path`, or of its nearest recorded ancestor, or {} if none.
  TextPosition find(std::string_view path) const;
};

/// One decoded document: its value, where it starts, and where its fields are.
struct Document {
  Json value;
  TextPosition position;
  FieldPositions fields;
};

/// The greatest nesting depth accepted, as Go's encoding/json and go-yaml (10000).
constexpr std::size_t kMaxNestingDepth = 10000;

}  // namespace fbclens
