#include "layout/channel_layout.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "model/names.h"
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

const std::map<std::string, model::Channel> kNoChannels;

// A name that replaces/skips give but the channel does not list (or a group of them), while its
// band is laid out.
struct PendingGhost {
  std::vector<std::string> names;
  const model::Bundle* listed = nullptr;  // the entry of another channel listing it (its version); single only
  std::string listed_in;
  const model::Bundle* first_declarer = nullptr;  // the oldest entry naming it
  std::vector<std::string> declarers;             // every entry naming it, oldest first
  bool by_replaces = false;      // some entry's replaces names it
  bool continues_chain = false;  // the replaces target of the lane-0 chain's last entry
};

// More names than this skipped by the same entries, and not otherwise named, become one ghost.
constexpr std::size_t kMaxSeparateGhosts = 3;

// The label of a node for shorten_label's comparisons: its version label, or its name when the
// version is unknown (then it is compared with names).
const std::string& comparable(const LayoutNode& n, bool by_name) { return by_name ? n.name : n.label; }

// Appends `channel`'s nodes, edges, skipRange groups and ghosts to `out` as one band starting at
// `first_lane`, with columns of its own. Returns the number of lanes the band uses.
int lay_out_band(const model::Channel& channel, const model::Package* package, int first_lane, ChannelLayout& out) {
  const std::vector<const model::Bundle*> file_order = channel.entries();
  std::vector<const model::Bundle*> order = file_order;
  std::stable_sort(order.begin(), order.end(), older);
  const int band = static_cast<int>(out.bands.size());

  const std::vector<std::string> heads = model::channel_heads(channel);
  out.heads += static_cast<int>(heads.size());
  // The replaces chain from the head (the newest head, when there are several) sits on lane 0.
  const model::Bundle* chain_head = nullptr;
  for (const std::string& h : heads) {
    const model::Bundle* b = &channel.bundles.at(h);
    if (!chain_head || older(chain_head, b)) chain_head = b;
  }
  std::set<std::string> chain;
  std::string chain_tail;
  for (const model::Bundle* cur = chain_head; cur && chain.insert(cur->name).second;) {
    chain_tail = cur->name;
    auto next = channel.bundles.find(cur->replaces);
    cur = next == channel.bundles.end() ? nullptr : &next->second;
  }
  const std::set<std::string> head_set(heads.begin(), heads.end());

  // Ghosts: names given by replaces or skips that the channel does not list, oldest entry first.
  std::vector<PendingGhost> named_once;  // one per name
  std::map<std::string, int> name_index;
  for (const model::Bundle* b : order) {
    std::vector<std::string> named{b->replaces};
    named.insert(named.end(), b->skips.begin(), b->skips.end());
    for (std::size_t k = 0; k < named.size(); ++k) {
      const std::string& name = named[k];
      if (name.empty() || channel.bundles.count(name)) continue;
      auto [it, added] = name_index.emplace(name, static_cast<int>(named_once.size()));
      if (added) {
        PendingGhost g;
        g.names = {name};
        g.first_declarer = b;
        for (const auto& [other_name, other] : package ? package->channels : kNoChannels) {
          auto found = other.bundles.find(name);
          if (found == other.bundles.end()) continue;
          g.listed = &found->second;  // the package's own map: outlives the layout's construction
          g.listed_in = other_name;
          break;
        }
        named_once.push_back(std::move(g));
      }
      PendingGhost& g = named_once[it->second];
      if (g.declarers.empty() || g.declarers.back() != b->name) g.declarers.push_back(b->name);
      g.by_replaces = g.by_replaces || k == 0;
      if (k == 0 && b->name == chain_tail) g.continues_chain = true;
    }
  }
  // Names only skipped, by the same entries, more than kMaxSeparateGhosts of them: one ghost for
  // the lot (an entry skipping every older bundle of the package would otherwise bury its channel).
  std::map<std::vector<std::string>, std::vector<int>> by_declarers;
  for (std::size_t g = 0; g < named_once.size(); ++g) {
    if (!named_once[g].by_replaces) by_declarers[named_once[g].declarers].push_back(static_cast<int>(g));
  }
  std::vector<PendingGhost> pending;
  std::map<std::string, int> ghost_of;  // name → index into pending
  for (std::size_t g = 0; g < named_once.size(); ++g) {
    const std::vector<int>& group = by_declarers[named_once[g].declarers];
    const bool grouped = !named_once[g].by_replaces && group.size() > kMaxSeparateGhosts;
    if (grouped && group.front() != static_cast<int>(g)) {  // joins its group's ghost
      const int into = ghost_of.at(named_once[group.front()].names.front());
      pending[into].names.push_back(named_once[g].names.front());
      ghost_of[named_once[g].names.front()] = into;
      continue;
    }
    ghost_of[named_once[g].names.front()] = static_cast<int>(pending.size());
    pending.push_back(named_once[g]);
    if (grouped) pending.back().listed = nullptr;  // a group has no one version: before its declarer
  }

  // Columns: one per distinct version among the entries and the ghosts whose version is known
  // (entries of unknown version after them, one column each); then a column just before its
  // oldest declarer for each group of ghosts of unknown version.
  struct Item {
    const model::Bundle* bundle;  // the entry, or the ghost's entry in another channel
    int ghost;                    // -1 = an entry of this channel
  };
  std::vector<Item> items;
  for (const model::Bundle* b : file_order) items.push_back({b, -1});
  for (std::size_t g = 0; g < pending.size(); ++g) {
    if (pending[g].listed && pending[g].listed->version) items.push_back({pending[g].listed, static_cast<int>(g)});
  }
  std::stable_sort(items.begin(), items.end(), [](const Item& a, const Item& b) { return older(a.bundle, b.bundle); });
  std::map<std::string, int> column;           // entry name → provisional column
  std::vector<int> ghost_column(pending.size(), -1);
  int provisional = -1;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i == 0 || !same_version(items[i - 1].bundle, items[i].bundle)) ++provisional;
    if (items[i].ghost < 0) column[items[i].bundle->name] = provisional;
    else ghost_column[items[i].ghost] = provisional;
  }
  std::set<int> before;  // provisional columns that get a ghost column just before them
  for (std::size_t g = 0; g < pending.size(); ++g) {
    if (ghost_column[g] < 0) before.insert(column.at(pending[g].first_declarer->name));
  }
  const auto final_column = [&before](int c) {
    return c + static_cast<int>(std::distance(before.begin(), before.upper_bound(c)));
  };
  for (std::size_t g = 0; g < pending.size(); ++g) {
    ghost_column[g] = ghost_column[g] >= 0 ? final_column(ghost_column[g])
                                           : final_column(column.at(pending[g].first_declarer->name)) - 1;
  }
  const int columns = provisional + 1 + static_cast<int>(before.size());

  const std::size_t first_node = out.nodes.size(), first_edge = out.edges.size(), first_ghost = out.ghosts.size();
  std::map<std::string, int> index;
  std::map<int, int> lanes_used;  // column → off-chain entries placed so far
  for (const model::Bundle* b : order) {
    LayoutNode n;
    n.name = b->name;
    n.label = b->version ? b->version->to_string() + (b->release.empty() ? "" : " (" + b->release + ")") : b->name;
    n.channel = channel.name;
    n.layer = final_column(column.at(b->name));
    n.lane = chain.count(b->name) ? 0 : ++lanes_used[n.layer];
    n.band = band;
    n.head = head_set.count(b->name) > 0;
    n.deprecated = b->deprecation.has_value();
    n.missing_bundle = b->bundle_blob < 0;
    index[b->name] = static_cast<int>(out.nodes.size());
    out.nodes.push_back(std::move(n));
  }

  // Classic's view of the channel: only entries in its sorted order can be picked.
  std::string classic_error;
  const std::vector<std::string> classic_order = update::sort_channel(
      channel.name, std::vector<const declcfg::ChannelEntry*>(file_order.begin(), file_order.end()), "", classic_error);
  const std::set<std::string> classic_entries(classic_order.begin(), classic_order.end());

  std::set<std::tuple<int, int, EdgeKind>> ghost_edges;  // one edge per ghost, entry and kind
  const auto add_ghost_edge = [&](const std::string& name, int to, EdgeKind kind) {
    auto it = ghost_of.find(name);
    if (it == ghost_of.end()) return;
    const int ghost = static_cast<int>(first_ghost) + it->second;
    if (ghost_edges.insert({ghost, to, kind}).second) out.ghost_edges.push_back({ghost, to, kind});
  };
  for (const model::Bundle* b : order) {
    const int to = index[b->name];
    if (auto it = index.find(b->replaces); it != index.end()) out.edges.push_back({it->second, to, EdgeKind::Replaces});
    add_ghost_edge(b->replaces, to, EdgeKind::Replaces);
    for (const std::string& s : b->skips) {
      if (auto it = index.find(s); it != index.end()) out.edges.push_back({it->second, to, EdgeKind::Skips});
      add_ghost_edge(s, to, EdgeKind::Skips);
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
  // Ghosts below the entries of their column (the chain's missing predecessor on lane 0).
  std::map<int, std::set<int>> taken;  // column → lanes in use
  for (std::size_t i = first_node; i < out.nodes.size(); ++i) taken[out.nodes[i].layer].insert(out.nodes[i].lane);
  for (std::size_t g = 0; g < pending.size(); ++g) {
    LayoutGhost ghost;
    ghost.names = pending[g].names;
    ghost.name = ghost.names.front();
    const model::Bundle* listed = pending[g].listed;
    ghost.label = ghost.names.size() > 1 ? std::to_string(ghost.names.size()) + " skipped, not in " + channel.name
                  : listed && listed->version
                      ? listed->version->to_string() + (listed->release.empty() ? "" : " (" + listed->release + ")")
                      : ghost.name;
    ghost.channel = channel.name;
    ghost.listed_in = pending[g].listed_in;
    ghost.layer = ghost_column[g];
    ghost.band = band;
    std::set<int>& lanes = taken[ghost.layer];
    int lane = pending[g].continues_chain ? 0 : 1;
    while (lanes.count(lane)) ++lane;
    lanes.insert(lane);
    ghost.lane = lane;
    out.ghosts.push_back(std::move(ghost));
  }

  // Short labels, each against a neighbour: the node in the column before (lane 0 first), else after.
  std::map<int, const LayoutNode*> in_column;  // column → its topmost node
  for (std::size_t i = first_node; i < out.nodes.size(); ++i) {
    const LayoutNode*& top = in_column[out.nodes[i].layer];
    if (!top || out.nodes[i].lane < top->lane) top = &out.nodes[i];
  }
  const auto neighbour_of = [&in_column](int layer) -> const LayoutNode* {
    auto it = in_column.lower_bound(layer);
    if (it != in_column.begin()) return std::prev(it)->second;
    it = in_column.upper_bound(layer);
    return it == in_column.end() ? nullptr : it->second;
  };
  for (std::size_t i = first_node; i < out.nodes.size(); ++i) {
    LayoutNode& n = out.nodes[i];
    const bool by_name = n.label == n.name;
    const LayoutNode* other = neighbour_of(n.layer);
    const std::string& near = other ? comparable(*other, by_name) : std::string();
    n.short_label = shorten_label(n.label, near, false);
    n.tiny_label = shorten_label(n.label, near, true);
  }
  for (std::size_t g = first_ghost; g < out.ghosts.size(); ++g) {
    LayoutGhost& ghost = out.ghosts[g];
    if (ghost.names.size() > 1) {
      ghost.short_label = std::to_string(ghost.names.size()) + " skipped";
      ghost.tiny_label = "+" + std::to_string(ghost.names.size());
      continue;
    }
    const bool by_name = ghost.label == ghost.name;
    const std::string& declarer = pending[g - first_ghost].first_declarer->name;
    const LayoutNode& d = out.nodes[index.at(declarer)];
    const std::string& near = by_name ? d.name : d.label;
    ghost.short_label = shorten_label(ghost.label, near, false);
    ghost.tiny_label = shorten_label(ghost.label, near, true);
  }

  int lanes = 1;
  for (std::size_t i = first_node; i < out.nodes.size(); ++i) lanes = std::max(lanes, out.nodes[i].lane + 1);
  for (std::size_t g = first_ghost; g < out.ghosts.size(); ++g) lanes = std::max(lanes, out.ghosts[g].lane + 1);
  for (std::size_t i = first_node; i < out.nodes.size(); ++i) {
    LayoutNode& n = out.nodes[i];
    n.lane += first_lane;
    n.x = static_cast<float>(n.layer);
    n.y = static_cast<float>(n.lane);
  }
  for (std::size_t g = first_ghost; g < out.ghosts.size(); ++g) {
    LayoutGhost& ghost = out.ghosts[g];
    ghost.lane += first_lane;
    ghost.x = static_cast<float>(ghost.layer);
    ghost.y = static_cast<float>(ghost.lane);
  }
  LayoutBand record{channel.name, first_lane, lanes, columns, static_cast<int>(heads.size())};
  record.is_default = package && package->default_channel == channel.name;
  record.deprecated = channel.deprecation.has_value();
  out.bands.push_back(record);
  out.layers = std::max(out.layers, columns);
  return lanes;
}

}  // namespace

ChannelLayout layout_channel(const model::Channel& channel, const model::Package* package) {
  ChannelLayout out;
  if (package) {
    out.package = package->name;
    out.package_deprecated = package->deprecation.has_value();
  }
  out.lanes = lay_out_band(channel, package, 0, out);
  return out;
}

ChannelLayout layout_package(const model::Package& package) {
  std::vector<const model::Channel*> channels;
  for (const auto& [name, ch] : package.channels) {
    if (name != package.default_channel) channels.push_back(&ch);
  }
  std::stable_sort(channels.begin(), channels.end(),
                   [](const model::Channel* a, const model::Channel* b) { return natural_less(a->name, b->name); });
  if (auto it = package.channels.find(package.default_channel); it != package.channels.end()) {
    channels.insert(channels.begin(), &it->second);
  }
  ChannelLayout out;
  out.package = package.name;
  out.package_deprecated = package.deprecation.has_value();
  for (const model::Channel* ch : channels) out.lanes += lay_out_band(*ch, &package, out.lanes, out);
  return out;
}

std::string shorten_label(const std::string& label, const std::string& neighbour, bool tiny) {
  const auto separator = [](char c) { return c == '.' || c == '-' || c == '+' || c == ' ' || c == '('; };
  std::size_t start = 0;
  if (!neighbour.empty()) {
    std::size_t i = 0;
    while (i < label.size() && i < neighbour.size() && label[i] == neighbour[i]) ++i;
    start = i >= label.size() ? 0 : i;  // a prefix of its neighbour: nothing to drop
    while (start > 0 && !separator(label[start - 1])) --start;
    // A version whose M.m.p equals its neighbour's: from its pre-release (or build, or release).
    const std::size_t core_end = label.find_first_of("-+ ");
    const bool version = !label.empty() && label[0] >= '0' && label[0] <= '9';
    if (version && core_end != std::string::npos && start > core_end) start = core_end + 1;
  }
  std::string rest = label.substr(start);
  while (!rest.empty() && (rest[0] == '(' || rest[0] == ' ')) rest.erase(0, 1);
  if (tiny) {
    // The differing part alone when it is one of M.m.p; else what precedes pre-release and build.
    const std::size_t core_end = label.find_first_of("-+ ");
    const bool in_core = start > 0 && (core_end == std::string::npos || start < core_end);
    const std::size_t cut = rest.find_first_of(in_core ? ".-+ " : "-+ ", 1);
    if (cut != std::string::npos) rest.resize(cut);
  }
  std::string out = start > 0 ? ".." + rest : rest;
  return !out.empty() && out.size() < label.size() ? out : label;
}

Placement place_layout(const ChannelLayout& layout, int columns_per_row) {
  Placement p;
  p.columns_per_row = columns_per_row;
  float top = 0;
  for (const LayoutBand& band : layout.bands) {
    const int columns = std::max(1, band.columns);
    const int per_row = columns_per_row > 0 ? std::min(columns_per_row, columns) : columns;
    Placement::Band b;
    b.top = top;
    b.rows = (columns + per_row - 1) / per_row;
    b.columns = per_row;
    b.height = b.rows * static_cast<float>(band.lanes) + (b.rows - 1) * Placement::kRowGap;
    p.bands.push_back(b);
    p.width = std::max(p.width, static_cast<float>(per_row));
    top += b.height + Placement::kBandGap;
  }
  p.height = p.bands.empty() ? 0 : p.bands.back().top + p.bands.back().height;
  const auto place = [&](int band, int layer, int lane) {
    Placement::Point pt;
    if (band < 0 || band >= static_cast<int>(p.bands.size())) return pt;
    const Placement::Band& b = p.bands[band];
    const LayoutBand& lb = layout.bands[band];
    pt.row = layer / b.columns;
    pt.reversed = pt.row % 2 == 1;
    const int k = layer % b.columns;
    pt.x = static_cast<float>(pt.reversed ? b.columns - 1 - k : k);
    pt.y = b.top + pt.row * (lb.lanes + Placement::kRowGap) + static_cast<float>(lane - lb.first_lane);
    return pt;
  };
  for (const LayoutNode& n : layout.nodes) p.nodes.push_back(place(n.band, n.layer, n.lane));
  for (const LayoutGhost& g : layout.ghosts) p.ghosts.push_back(place(g.band, g.layer, g.lane));
  return p;
}

std::vector<float> band_shifts(const Placement& placement, float zoom, float lane_px, float band_px) {
  std::vector<float> shifts;
  float extra = 0, bottom = 0;
  for (const Placement::Band& b : placement.bands) {
    const float natural = b.height * lane_px * zoom, room = std::max(natural, band_px);
    shifts.push_back(extra + (room - natural) / 2);
    extra += room - natural;
    bottom = b.top * lane_px * zoom + extra + natural;
  }
  shifts.push_back(bottom);
  return shifts;
}

Fit fit_layout(const ChannelLayout& layout, const FitArea& area) {
  Fit best{0, area.max_zoom};
  if (layout.bands.empty()) return best;
  int widest = 1;
  for (const LayoutBand& band : layout.bands) widest = std::max(widest, band.columns);
  best.zoom = -1;
  std::vector<float> heights;  // lanes of each band, rows and row gaps included
  for (int per_row = 1; per_row <= widest; ++per_row) {
    heights.clear();
    for (const LayoutBand& band : layout.bands) {
      const int columns = std::max(1, band.columns), in_row = std::min(per_row, columns);
      const int rows = (columns + in_row - 1) / in_row;
      heights.push_back(rows * static_cast<float>(band.lanes) + (rows - 1) * Placement::kRowGap);
    }
    // Pixels the bands take at `zoom` (as band_shifts lays them out): grows with the zoom.
    const auto pixels = [&](float zoom) {
      float total = (heights.size() - 1) * Placement::kBandGap * area.lane_px * zoom;
      for (float h : heights) total += std::max(h * area.lane_px * zoom, area.band_px);
      return total;
    };
    float by_height = area.max_zoom;
    if (pixels(area.max_zoom) > area.height) {
      float lo = area.min_zoom, hi = area.max_zoom;
      for (int k = 0; k < 32; ++k) {
        const float mid = (lo + hi) / 2;
        (pixels(mid) <= area.height ? lo : hi) = mid;
      }
      by_height = lo;
    }
    const float by_width = area.width / (static_cast<float>(per_row) * area.column_px);
    const float zoom = std::clamp(std::min(by_width, by_height), area.min_zoom, area.max_zoom);
    if (zoom >= best.zoom * 0.999f) best = {per_row == widest ? 0 : per_row, zoom};
  }
  return best;
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
