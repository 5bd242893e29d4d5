#include "findings/error_tree.h"

namespace fbclens {

bool ErrorNode::add_group(ErrorNode child) {
  if (child.empty_group()) return false;
  children.push_back(std::move(child));
  return true;
}

namespace {

// Replaces the last 4 code points of `prefix` (each 1 byte or the 3-byte '│'/'├'/'└'/'─').
std::string drop_last_four_runes(const std::string& prefix) {
  std::size_t end = prefix.size();
  for (int runes = 0; runes < 4 && end > 0; ++runes) {
    do { --end; } while (end > 0 && (static_cast<unsigned char>(prefix[end]) & 0xC0) == 0x80);
  }
  return prefix.substr(0, end);
}

std::size_t rune_count(const std::string& s) {
  std::size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

void render(const ErrorNode& node, const std::string& prefix, bool is_last, std::string& out) {
  out += prefix;
  out += node.message;
  out += node.children.empty() ? "\n" : ":\n";
  for (std::size_t i = 0; i < node.children.size(); ++i) {
    const bool child_last = i + 1 == node.children.size();
    std::string child_prefix = prefix;
    if (rune_count(child_prefix) >= 4) {
      child_prefix = drop_last_four_runes(child_prefix) + (is_last ? "    " : "│   ");
    }
    child_prefix += child_last ? "└── " : "├── ";
    const ErrorNode& child = node.children[i];
    if (child.is_group) {
      render(child, child_prefix, child_last, out);
    } else {
      out += child_prefix + child.message + "\n";
    }
  }
}

}  // namespace

std::string render_error_tree(const ErrorNode& root) {
  if (root.empty_group()) return "";
  std::string out;
  render(root, "", true, out);
  while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
  return out;
}

}  // namespace fbclens
