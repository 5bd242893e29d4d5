#include "update/divergence.h"

#include <map>

namespace fbclens::update {

DivergenceReport divergence(const PackageGraph& graph) {
  DivergenceReport report;
  report.package = graph.package;
  report.default_channel = graph.default_channel;
  // Every resolution below reads the same versions, skipRanges and channel orders: parsed and
  // sorted once for the package, not once per entry (the answers are the same).
  const GraphIndex index(graph);
  const auto find = [&index](const std::string& name) { return index.bundle(name); };
  for (const GraphChannel& channel : graph.channels) {
    const std::vector<std::string>& order = index.classic_order(channel).sorted;
    const std::string head = order.empty() ? "" : order.front();
    const ClassicOptions classic{channel.name, ""};
    V1Options v1;
    v1.channels = {channel.name};
    // Every walk step is "installed X at its own version", so each OLM's step from each bundle is
    // computed once and the walks follow those steps: O(entries) resolutions per channel instead of
    // one per step of every walk.
    std::map<std::string, std::string> classic_steps, v1_steps;
    const auto installed_as = [&index](const std::string& name) {
      const GraphBundle* b = index.bundle(name);
      return Installed{name, b ? b->version : ""};
    };
    const auto classic_from = [&](const Installed& cur) {
      auto it = classic_steps.find(cur.name);
      if (it == classic_steps.end()) it = classic_steps.emplace(cur.name, classic_step(graph, cur, classic, &index)).first;
      return it->second;
    };
    const auto v1_from = [&](const Installed& cur) {
      auto it = v1_steps.find(cur.name);
      if (it == v1_steps.end()) it = v1_steps.emplace(cur.name, v1_step(graph, cur, v1_next(graph, &cur, v1, &index), &index)).first;
      return it->second;
    };
    for (const ChannelEntry& e : channel.entries) {
      DivergenceRow row;
      row.channel = channel.name;
      row.installed = e.name;
      const Installed installed = installed_as(e.name);
      row.installed_version = installed.version;
      const ClassicResult c = classic_next(graph, &installed, classic, &index);
      row.classic_next = c.next;
      row.classic_error = c.error;
      classic_steps.emplace(e.name, c.error.empty() ? c.next : std::string());
      const V1Result v = v1_next(graph, &installed, v1, &index);
      row.v1_error = v.error;
      row.v1_next = v1_step(graph, installed, v, &index);  // v1 re-selecting the installed version is staying
      v1_steps.emplace(e.name, row.v1_next);
      report.rows.push_back(std::move(row));
    }
    const std::size_t first_row = report.rows.size() - channel.entries.size();
    for (std::size_t i = first_row; i < report.rows.size(); ++i) {
      DivergenceRow& row = report.rows[i];
      const Installed installed = installed_as(row.installed);
      row.classic_walk = walk_from(graph, installed, classic_from, find);
      row.v1_walk = walk_from(graph, installed, v1_from, find);
      row.differs = row.classic_next != row.v1_next || row.classic_walk.back() != row.v1_walk.back();
      row.classic_stranded = row.classic_error.empty() && !head.empty() && row.classic_walk.back() != head;
      report.differing += row.differs;
      report.stranded += row.classic_stranded;
    }
  }
  return report;
}

}  // namespace fbclens::update
