// blang/semver v4.0.0, as opm uses it (spec validation.md §5): strict Parse for bundle versions,
// NewPRVersion for release segments, ParseRange for skipRange. Error texts are blang's, verbatim.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fbclens::semver {

/// One pre-release identifier: numeric or alphanumeric.
struct PrereleaseId {
  std::string text;
  bool numeric = false;
  std::uint64_t number = 0;
};

/// A SemVer 2.0.0 version.
struct Version {
  std::uint64_t major = 0, minor = 0, patch = 0;
  std::vector<PrereleaseId> pre;
  std::vector<std::string> build;

  /// "M.m.p[-pre][+build]", as blang's Version.String().
  std::string to_string() const;
};

/// SemVer precedence of two dot-separated identifier lists (pre-release rules: numeric < alphanumeric,
/// numbers compared as integers, a shorter list is lower when it is a prefix): <0, 0, >0.
int compare_identifiers(const std::vector<PrereleaseId>& a, const std::vector<PrereleaseId>& b);

/// Full SemVer precedence (build metadata ignored): <0, 0, >0.
int compare(const Version& a, const Version& b);

/// blang semver.Parse: strict, no "v" prefix, no trimming. On failure returns nullopt and sets
/// `error` to blang's message (e.g. "No Major.Minor.Patch elements found").
std::optional<Version> parse(std::string_view s, std::string* error = nullptr);

/// blang semver.ParseTolerant: trims spaces and a leading "v", drops leading zeros, fills a
/// missing minor/patch with 0 (a short version may not carry "-" or "+"), then Parse.
std::optional<Version> parse_tolerant(std::string_view s, std::string* error = nullptr);

/// blang semver.NewPRVersion: one pre-release identifier. Returns false with blang's message.
bool parse_prerelease_id(std::string_view s, PrereleaseId& out, std::string* error = nullptr);

/// A parsed blang range: an OR of AND-groups of comparisons.
class Range {
 public:
  enum class Op { Eq, Ne, Gt, Ge, Lt, Le };
  struct Comparator {
    Op op;
    Version version;
  };

  /// True when `v` satisfies some AND-group.
  bool contains(const Version& v) const;
  const std::vector<std::vector<Comparator>>& groups() const { return groups_; }

  friend std::optional<Range> parse_range(std::string_view s, std::string* error);

 private:
  std::vector<std::vector<Comparator>> groups_;
};

/// blang semver.ParseRange, including its tokenizer quirks (one-character tokens dropped, spaces
/// after an operator joined, "x" wildcard rewriting). Returns nullopt with blang's message.
std::optional<Range> parse_range(std::string_view s, std::string* error = nullptr);

}  // namespace fbclens::semver
