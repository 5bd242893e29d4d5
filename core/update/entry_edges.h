// The upgrade edges a channel entry declares (replaces, skips, skipRange), read one way for every
// consumer: OLM Classic's candidates, OLM v1's successors and the graph layout all ask an
// EntryEdges "does this entry upgrade from bundle X at version V, and by which edge?", so the
// skipRange (a blang/semver range, spec successors.md §1.4 and §2.3) is expanded in one place.
#pragma once

#include <optional>
#include <string>

#include "declcfg/declcfg.h"
#include "semver/blang.h"

namespace fbclens {

/// The three kinds of upgrade edge (olm-docs legend: replaces solid, skips x-ended, skipRange o-ended).
enum class EdgeKind { Replaces, Skips, SkipRange };

/// "replaces", "skips" or "skipRange".
const char* edge_kind_name(EdgeKind kind);

namespace update {

/// A channel entry's declared edges with its skipRange parsed once. Refers to `entry`, which must
/// outlive it.
class EntryEdges {
 public:
  explicit EntryEdges(const declcfg::ChannelEntry& entry);

  /// Which of the entry's edges reaches the bundle `name` whose version is `version` (nullopt =
  /// unknown or unparsable): replaces first, then skips, then skipRange. An unparsable skipRange
  /// reaches nothing, as in both OLMs (opm reports it as SkipRangeInvalid). nullopt = none.
  std::optional<EdgeKind> reaches(const std::string& name, const std::optional<semver::Version>& version) const;

  /// Whether the entry's skipRange parses and contains `version`.
  bool range_contains(const semver::Version& version) const { return range_ && range_->contains(version); }

  const declcfg::ChannelEntry& entry() const { return *entry_; }

 private:
  const declcfg::ChannelEntry* entry_;
  std::optional<semver::Range> range_;
};

}  // namespace update
}  // namespace fbclens
