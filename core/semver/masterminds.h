// Masterminds/semver v3 constraints, as OLM v1 evaluates ClusterExtension
// spec.source.catalog.version (spec successors.md §2.5, range_vectors.masterminds).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fbclens::semver::masterminds {

/// A Masterminds version: loose parsing (optional "v", missing minor/patch are 0).
struct Version {
  std::uint64_t major = 0, minor = 0, patch = 0;
  std::string pre;       ///< "" or the pre-release without '-'
  std::string metadata;  ///< build metadata without '+'
};

/// Masterminds NewVersion (loose). Returns nullopt with `error` on failure.
std::optional<Version> parse_version(std::string_view s, std::string* error = nullptr);

/// Version.Compare: -1, 0, 1 (build metadata ignored; pre-release by SemVer rules).
int compare(const Version& a, const Version& b);

/// A parsed constraint set: OR of AND-groups.
class Constraints {
 public:
  /// Constraints.Check with default settings (IncludePrerelease = false): a pre-release version
  /// matches only in an OR-group where some comparison carries a pre-release.
  bool check(const Version& v) const;

  struct Constraint {
    std::string op;  ///< "", "=", "!=", ">", "<", ">=", "=>", "<=", "=<", "~", "~>", "^"
    Version version;
    bool dirty = false, minor_dirty = false, patch_dirty = false;
  };
  std::vector<std::vector<Constraint>> groups;
  std::vector<bool> group_has_pre;
};

/// NewConstraint. Errors as Masterminds words them: `improper constraint: "<segment>"`.
std::optional<Constraints> parse_constraints(std::string_view s, std::string* error = nullptr);

}  // namespace fbclens::semver::masterminds
