// The "invalid index:" error tree that `opm validate` prints for phase-F failures
// (spec validation.md §2.8, upstream alpha/model/error.go). Children are kept in insertion
// order; callers insert them sorted so the output is deterministic (opm's order is random).
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace fbclens {

/// A node of opm's validation error tree: a message and children. A node with no children
/// and `is_group` set is dropped by the renderer (opm drops validation nodes with no errors).
struct ErrorNode {
  std::string message;
  bool is_group = false;  ///< a "validation error" node (package/channel/bundle) vs a plain leaf
  std::vector<ErrorNode> children;

  /// Adds a leaf (a plain error message).
  void add_leaf(std::string text) { children.push_back(ErrorNode{std::move(text), false, {}}); }
  /// Adds a group child if it has any non-empty content; returns whether it was added.
  bool add_group(ErrorNode child);
  /// True when the node is a group with nothing under it.
  bool empty_group() const { return is_group && children.empty(); }
};

/// Renders `root` exactly as opm does: "msg:\n├── child\n│   └── grandchild ...", trimmed.
/// Returns "" for an empty group.
std::string render_error_tree(const ErrorNode& root);

}  // namespace fbclens
