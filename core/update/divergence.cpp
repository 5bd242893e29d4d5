#include "update/divergence.h"

namespace fbclens::update {

DivergenceReport divergence(const PackageGraph& graph) {
  DivergenceReport report;
  report.package = graph.package;
  for (const GraphChannel& channel : graph.channels) {
    std::string error;
    const std::vector<std::string> order = sort_channel(channel, graph.package, error);
    const std::string head = order.empty() ? "" : order.front();
    const ClassicOptions classic{channel.name, ""};
    V1Options v1;
    v1.channels = {channel.name};
    for (const ChannelEntry& e : channel.entries) {
      const GraphBundle* b = graph.bundle(e.name);
      DivergenceRow row;
      row.channel = channel.name;
      row.installed = e.name;
      row.installed_version = b ? b->version : "";
      const Installed installed{e.name, row.installed_version};
      const ClassicResult c = classic_next(graph, &installed, classic);
      row.classic_next = c.next;
      row.classic_error = c.error;
      row.classic_walk = classic_walk(graph, installed, classic);
      const V1Result v = v1_next(graph, &installed, v1);
      row.v1_error = v.error;
      // v1 re-selecting the installed version is staying.
      const bool v1_stays = v.next.empty() || v.next == e.name ||
                            (graph.bundle(v.next) && compare(version_release(graph.bundle(v.next)->version),
                                                             version_release(row.installed_version)) == 0);
      row.v1_next = v1_stays ? "" : v.next;
      row.v1_walk = v1_walk(graph, installed, v1);
      row.differs = row.classic_next != row.v1_next || row.classic_walk.back() != row.v1_walk.back();
      row.classic_stranded = c.error.empty() && !head.empty() && row.classic_walk.back() != head;
      report.differing += row.differs;
      report.stranded += row.classic_stranded;
      report.rows.push_back(std::move(row));
    }
  }
  return report;
}

}  // namespace fbclens::update
