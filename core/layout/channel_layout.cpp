#include "layout/channel_layout.h"

#include <algorithm>
#include <map>
#include <set>

#include "update/classic.h"

namespace fbclens {

namespace {

// Older first: known versions by SemVer precedence, unknown versions after them.
bool older(const model::Bundle* a, const model::Bundle* b) {
  if (a->version && b->version) return semver::compare(*a->version, *b->version) < 0;
  return a->version.has_value() && !b->version.has_value();
}

bool same_version(const model::Bundle* a, const model::Bundle* b) {
  return a->version && b->version && semver::compare(*a->version, *b->version) == 0;
}

// The column of every entry of `channels`, by bundle name: one per distinct version, oldest first;
// entries without a known version get a column each after the others, in the order first met.
std::map<std::string, int> columns_of(const std::vector<const model::Channel*>& channels) {
  std::vector<const model::Bundle*> order;
  std::set<std::string> seen;
  for (const model::Channel* ch : channels) {
    for (const std::string& name : ch->entry_order) {
      if (seen.insert(name).second) order.push_back(&ch->bundles.at(name));
    }
  }
  std::stable_sort(order.begin(), order.end(), older);
  std::map<std::string, int> column;
  int current = -1;
  const model::Bundle* previous = nullptr;
  for (const model::Bundle* b : order) {
    if (!previous || !same_version(previous, b)) ++current;
    previous = b;
    column[b->name] = current;
  }
  return column;
}

// Orders the entries off the replaces chain within each column by the mean lane of their
// neighbours (the barycentre heuristic), so edges cross less. `nodes[first..]` are one band.
void reduce_crossings(ChannelLayout& out, std::size_t first_node, std::size_t first_edge) {
  std::map<int, std::vector<int>> off_chain;  // column → node indices, in their current lane order
  for (std::size_t i = first_node; i < out.nodes.size(); ++i) {
    if (out.nodes[i].lane > 0) off_chain[out.nodes[i].layer].push_back(static_cast<int>(i));
  }
  std::vector<std::vector<int>> neighbours(out.nodes.size());
  for (std::size_t e = first_edge; e < out.edges.size(); ++e) {
    neighbours[out.edges[e].from].push_back(out.edges[e].to);
    neighbours[out.edges[e].to].push_back(out.edges[e].from);
  }
  for (int sweep = 0; sweep < 4; ++sweep) {
    for (auto& [column, members] : off_chain) {
      if (members.size() < 2) continue;
      std::vector<std::pair<double, int>> keyed;
      for (int i : members) {
        double sum = 0;
        int count = 0;
        for (int n : neighbours[i]) {
          if (out.nodes[n].layer != column) sum += out.nodes[n].lane, ++count;
        }
        keyed.push_back({count ? sum / count : out.nodes[i].lane, i});
      }
      // Stable on ties, so the previous order (initially file order) decides.
      std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
      for (std::size_t k = 0; k < keyed.size(); ++k) {
        members[k] = keyed[k].second;
        out.nodes[members[k]].lane = static_cast<int>(k) + 1;
      }
    }
  }
}

// Appends `channel`'s nodes, edges and skipRange groups to `out` as one band starting at
// `first_lane`, with columns from `column`. Returns the number of lanes the band uses.
int lay_out_band(const model::Channel& channel, const std::map<std::string, int>& column, int first_lane,
                 ChannelLayout& out) {
  const std::vector<const model::Bundle*> file_order = channel.entries();
  std::vector<const model::Bundle*> order = file_order;
  std::stable_sort(order.begin(), order.end(), older);

  const std::vector<std::string> heads = model::channel_heads(channel);
  out.heads += static_cast<int>(heads.size());
  // The replaces chain from a single head sits on the band's first lane.
  std::set<std::string> chain;
  if (heads.size() == 1) {
    const model::Bundle* cur = &channel.bundles.at(heads[0]);
    while (cur && chain.insert(cur->name).second) {
      auto next = channel.bundles.find(cur->replaces);
      cur = next == channel.bundles.end() ? nullptr : &next->second;
    }
  }

  const std::size_t first_node = out.nodes.size(), first_edge = out.edges.size();
  std::map<std::string, int> index;
  std::map<int, int> lanes_used;  // column → off-chain entries placed so far
  for (const model::Bundle* b : order) {
    LayoutNode n;
    n.name = b->name;
    n.label = b->version ? b->version->to_string() + (b->release.empty() ? "" : " (" + b->release + ")") : b->name;
    n.channel = channel.name;
    n.layer = column.at(b->name);
    n.lane = chain.count(b->name) ? 0 : ++lanes_used[n.layer];
    n.head = heads.size() == 1 && heads[0] == b->name;
    n.deprecated = b->deprecation.has_value();
    index[b->name] = static_cast<int>(out.nodes.size());
    out.nodes.push_back(std::move(n));
  }

  // Classic's view of the channel: only entries in its sorted order can be picked.
  std::string classic_error;
  const std::vector<std::string> classic_order = update::sort_channel(
      channel.name, std::vector<const declcfg::ChannelEntry*>(file_order.begin(), file_order.end()), "", classic_error);
  const std::set<std::string> classic_entries(classic_order.begin(), classic_order.end());

  for (const model::Bundle* b : order) {
    const int to = index[b->name];
    if (auto it = index.find(b->replaces); it != index.end()) out.edges.push_back({it->second, to, EdgeKind::Replaces});
    for (const std::string& s : b->skips) {
      if (auto it = index.find(s); it != index.end()) out.edges.push_back({it->second, to, EdgeKind::Skips});
    }
    if (b->skip_range.empty()) continue;
    const update::EntryEdges edges(*b);
    SkipRangeGroup group{to, b->skip_range, {}};
    for (const model::Bundle* other : order) {  // oldest first
      if (other != b && other->version && edges.range_contains(*other->version)) group.from.push_back(index[other->name]);
    }
    if (group.from.empty()) continue;
    const int group_index = static_cast<int>(out.ranges.size());
    for (int from : group.from) out.edges.push_back({from, to, EdgeKind::SkipRange, false, group_index});
    out.ranges.push_back(std::move(group));
  }
  // With a Classic error (several heads, a cycle) Classic resolves nothing in the channel at all.
  for (std::size_t i = first_edge; i < out.edges.size(); ++i) {
    out.edges[i].classic_ignored = !classic_error.empty() || !classic_entries.count(out.nodes[out.edges[i].to].name);
  }

  reduce_crossings(out, first_node, first_edge);
  int lanes = 1;
  for (std::size_t i = first_node; i < out.nodes.size(); ++i) {
    LayoutNode& n = out.nodes[i];
    lanes = std::max(lanes, n.lane + 1);
    n.lane += first_lane;
    n.x = static_cast<float>(n.layer);
    n.y = static_cast<float>(n.lane);
  }
  out.bands.push_back({channel.name, first_lane, lanes});
  return lanes;
}

int columns_used(const std::map<std::string, int>& column) {
  int layers = 0;
  for (const auto& [name, c] : column) layers = std::max(layers, c + 1);
  return layers;
}

}  // namespace

ChannelLayout layout_channel(const model::Channel& channel) {
  ChannelLayout out;
  const std::map<std::string, int> column = columns_of({&channel});
  out.lanes = lay_out_band(channel, column, 0, out);
  out.layers = columns_used(column);
  return out;
}

ChannelLayout layout_package(const model::Package& package) {
  std::vector<const model::Channel*> channels;
  if (auto it = package.channels.find(package.default_channel); it != package.channels.end()) channels.push_back(&it->second);
  for (const auto& [name, ch] : package.channels) {
    if (name != package.default_channel) channels.push_back(&ch);
  }
  ChannelLayout out;
  const std::map<std::string, int> column = columns_of(channels);
  for (const model::Channel* ch : channels) out.lanes += lay_out_band(*ch, column, out.lanes, out);
  out.layers = columns_used(column);
  return out;
}

std::size_t count_crossings(const ChannelLayout& layout) {
  const auto orientation = [](const LayoutNode& a, const LayoutNode& b, const LayoutNode& c) {
    const double v = static_cast<double>(b.x - a.x) * (c.y - a.y) - static_cast<double>(b.y - a.y) * (c.x - a.x);
    return (v > 0) - (v < 0);
  };
  std::size_t crossings = 0;
  for (std::size_t i = 0; i < layout.edges.size(); ++i) {
    const LayoutEdge& e = layout.edges[i];
    for (std::size_t j = i + 1; j < layout.edges.size(); ++j) {
      const LayoutEdge& f = layout.edges[j];
      if (e.from == f.from || e.from == f.to || e.to == f.from || e.to == f.to) continue;
      const LayoutNode &p1 = layout.nodes[e.from], &p2 = layout.nodes[e.to];
      const LayoutNode &q1 = layout.nodes[f.from], &q2 = layout.nodes[f.to];
      const int o1 = orientation(p1, p2, q1), o2 = orientation(p1, p2, q2);
      const int o3 = orientation(q1, q2, p1), o4 = orientation(q1, q2, p2);
      crossings += o1 * o2 < 0 && o3 * o4 < 0;  // proper intersections only
    }
  }
  return crossings;
}

}  // namespace fbclens
