#include "update/entry_edges.h"

#include <algorithm>

namespace fbclens {

const char* edge_kind_name(EdgeKind kind) {
  switch (kind) {
    case EdgeKind::Replaces: return "replaces";
    case EdgeKind::Skips: return "skips";
    case EdgeKind::SkipRange: return "skipRange";
  }
  return "replaces";
}

namespace update {

EntryEdges::EntryEdges(const declcfg::ChannelEntry& entry) : entry_(&entry) {
  if (!entry.skip_range.empty()) range_ = semver::parse_range(entry.skip_range);
}

std::optional<EdgeKind> EntryEdges::reaches(const std::string& name, const std::optional<semver::Version>& version) const {
  if (!entry_->replaces.empty() && entry_->replaces == name) return EdgeKind::Replaces;
  if (std::find(entry_->skips.begin(), entry_->skips.end(), name) != entry_->skips.end()) return EdgeKind::Skips;
  if (version && range_contains(*version)) return EdgeKind::SkipRange;
  return std::nullopt;
}

}  // namespace update
}  // namespace fbclens
