#include "layout/channel_layout.h"

#include "update/classic.h"

#include <algorithm>
#include <map>
#include <set>

namespace fbclens {

ChannelLayout layout_channel(const model::Channel& channel) {
  ChannelLayout out;
  // Order entries: known versions by precedence, then unknown ones in file order.
  std::vector<const model::Bundle*> order;
  for (const std::string& name : channel.entry_order) order.push_back(&channel.bundles.at(name));
  std::stable_sort(order.begin(), order.end(), [](const model::Bundle* a, const model::Bundle* b) {
    if (a->version && b->version) return semver::compare(*a->version, *b->version) < 0;
    return a->version.has_value() && !b->version.has_value();
  });

  const std::vector<std::string> heads = model::channel_heads(channel);
  out.heads = static_cast<int>(heads.size());
  // The replaces chain from a single head sits on lane 0.
  std::set<std::string> chain;
  if (heads.size() == 1) {
    const model::Bundle* cur = &channel.bundles.at(heads[0]);
    while (cur && chain.insert(cur->name).second) {
      auto next = channel.bundles.find(cur->replaces);
      cur = next == channel.bundles.end() ? nullptr : &next->second;
    }
  }

  std::map<std::string, int> index;
  int layer = -1;
  const model::Bundle* previous = nullptr;
  std::map<int, int> lanes_used;  // layer → next free lane below the chain
  for (const model::Bundle* b : order) {
    const bool same_version = previous && previous->version && b->version &&
                              semver::compare(*previous->version, *b->version) == 0;
    if (!same_version) ++layer;
    previous = b;
    LayoutNode n;
    n.name = b->name;
    n.label = b->version ? b->version->to_string() + (b->release.empty() ? "" : " (" + b->release + ")") : b->name;
    n.layer = layer;
    n.lane = chain.count(b->name) ? 0 : ++lanes_used[layer];
    n.head = heads.size() == 1 && heads[0] == b->name;
    n.deprecated = b->deprecation.has_value();
    n.x = static_cast<float>(layer);
    n.y = static_cast<float>(n.lane);
    index[b->name] = static_cast<int>(out.nodes.size());
    out.nodes.push_back(std::move(n));
    out.lanes = std::max(out.lanes, out.nodes.back().lane + 1);
  }
  out.layers = layer + 1;

  // Classic's view of the channel: only entries in its sorted order can be picked.
  update::GraphChannel graph_channel{channel.name, {}};
  for (const std::string& name : channel.entry_order) {
    const model::Bundle& b = channel.bundles.at(name);
    graph_channel.entries.push_back({b.name, b.replaces, b.skips, b.skip_range});
  }
  std::string classic_error;
  const std::vector<std::string> classic_order = update::sort_channel(graph_channel, "", classic_error);
  const std::set<std::string> classic_entries(classic_order.begin(), classic_order.end());
  const std::size_t first_edge = out.edges.size();

  for (const model::Bundle* b : order) {
    const int to = index[b->name];
    if (auto it = index.find(b->replaces); it != index.end()) out.edges.push_back({it->second, to, EdgeKind::Replaces});
    for (const std::string& s : b->skips) {
      if (auto it = index.find(s); it != index.end()) out.edges.push_back({it->second, to, EdgeKind::Skips});
    }
    if (!b->skip_range.empty()) {
      if (auto range = semver::parse_range(b->skip_range)) {
        for (const model::Bundle* other : order) {
          if (other != b && other->version && range->contains(*other->version)) {
            out.edges.push_back({index[other->name], to, EdgeKind::SkipRange});
          }
        }
      }
    }
  }
  // With a Classic error (several heads, a cycle) Classic resolves nothing in the channel at all.
  for (std::size_t i = first_edge; i < out.edges.size(); ++i) {
    out.edges[i].classic_ignored = !classic_error.empty() || !classic_entries.count(out.nodes[out.edges[i].to].name);
  }
  return out;
}

}  // namespace fbclens
