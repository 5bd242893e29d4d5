// .indexignore: gitignore-style exclusion of catalog files, exactly as opm applies it
// (spec validation.md §1.3: joelanford/ignore over go-git's gitignore matcher).
#pragma once

#include <string>
#include <vector>

namespace fbclens {

/// The ignore rules of a whole catalog tree, gathered from every `.indexignore` file.
class IndexIgnore {
 public:
  /// Adds the patterns of one `.indexignore` file found at `ignore_file_path` (relative to the
  /// root, '/'-separated). Files must be added in walk order (root first). Blank lines and
  /// lines starting with '#' are skipped; each line is whitespace-trimmed.
  void add_file(const std::string& ignore_file_path, const std::string& contents);

  /// True when `path` (a file, relative to the root) is ignored. Later patterns (deeper files,
  /// later lines) win; a leading '!' re-includes. Directories are never tested.
  bool ignored(const std::string& path) const;

  /// Number of patterns gathered (for summaries and tests).
  std::size_t pattern_count() const { return patterns_.size(); }

 private:
  struct Pattern {
    std::vector<std::string> domain;  ///< directory holding the .indexignore, as components
    std::vector<std::string> parts;   ///< pattern split on '/'
    bool inclusion = false;           ///< '!' prefix
    bool dir_only = false;            ///< trailing '/'
    bool glob = false;                ///< contains '/': anchored at the domain
  };
  static bool matches(const Pattern& p, const std::vector<std::string>& path);
  std::vector<Pattern> patterns_;
};

/// Go's path/filepath.Match for one path component: '*', '?', '[...]' (ranges, '^' negation),
/// '\' escapes. A malformed pattern never matches.
bool glob_match_component(const std::string& pattern, const std::string& name);

}  // namespace fbclens
