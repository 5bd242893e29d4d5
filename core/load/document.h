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

/// Whether `value` nests deeper than `limit` levels (a scalar is depth 0, `[]` depth 1), found
/// without recursion. nlohmann's dump() and copies recurse once per level; a catalog may nest a
/// property value up to the loader's 10000 levels, which overflows the JavaScript stack under
/// WebAssembly, so code that dumps or walks arbitrary property values asks this first.
inline bool json_deeper_than(const Json& value, std::size_t limit) {
  std::vector<std::pair<const Json*, std::size_t>> stack{{&value, 0}};
  while (!stack.empty()) {
    const auto [node, depth] = stack.back();
    stack.pop_back();
    if (!node->is_structured()) continue;
    if (depth + 1 > limit) return true;
    for (const Json& child : *node) stack.emplace_back(&child, depth + 1);
  }
  return false;
}

/// A 1-based line and column (bytes) in a file; 0 = unknown.
struct TextPosition {
  std::uint32_t line = 0;
  std::uint32_t column = 0;
};

/// Positions of the fields of one document, keyed by JSON-Pointer-like paths such as
/// "/entries/3/skipRange" (object keys in their source spelling). Recorded to depth 4, which
/// reaches every field a validation rule can point at (e.g. "/properties/2/value/version").
/// Stored as one string holding every path and 16 bytes per field, so recording a field
/// allocates nothing of its own (a catalog has millions).
class FieldPositions {
 public:
  /// Records `path` at `position`, after those recorded before.
  void add(std::string_view path, TextPosition position) {
    paths_.append(path.data(), path.size());
    entries_.push_back(Entry{paths_.size(), position});
  }
  /// The position of `path`, or of its nearest recorded ancestor, or {} if none. A path recorded
  /// more than once is found at its first record.
  TextPosition find(std::string_view path) const;

  bool empty() const { return entries_.empty(); }
  std::size_t size() const { return entries_.size(); }
  /// The path and position of record `i` (0 ≤ i < size()), in the order they were added.
  std::string_view path(std::size_t i) const {
    const std::size_t begin = i ? entries_[i - 1].end : 0;
    return std::string_view(paths_).substr(begin, entries_[i].end - begin);
  }
  TextPosition position(std::size_t i) const { return entries_[i].position; }
  /// Gives back the unused capacity (once a document is complete).
  void shrink_to_fit() {
    paths_.shrink_to_fit();
    entries_.shrink_to_fit();
  }

 private:
  struct Entry {
    std::size_t end;  ///< where the path ends in paths_ (it starts where the previous one ends)
    TextPosition position;
  };
  std::string paths_;
  std::vector<Entry> entries_;
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
