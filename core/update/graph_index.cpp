#include "update/graph_index.h"

#include "update/classic.h"

namespace fbclens::update {

GraphIndex::GraphIndex(const PackageGraph& graph) : graph_(&graph) {
  bundles_.reserve(graph.bundles.size());
  versions_.reserve(graph.bundles.size());
  for (const GraphBundle& b : graph.bundles) {
    bundles_.emplace(b.name, &b);  // keeps the first of a name, as PackageGraph::bundle finds it
    versions_.push_back(version_release(b.version));
  }
  channels_.resize(graph.channels.size());
  for (std::size_t i = 0; i < graph.channels.size(); ++i) {
    const GraphChannel& c = graph.channels[i];
    Channel& out = channels_[i];
    out.edges.reserve(c.entries.size());
    for (std::size_t j = 0; j < c.entries.size(); ++j) {
      out.edges.emplace_back(c.entries[j]);
      out.last[c.entries[j].name] = j;
    }
    out.order.sorted = sort_channel(c, graph.package, out.order.error);
  }
}

const GraphBundle* GraphIndex::bundle(std::string_view name) const {
  const auto it = bundles_.find(name);
  return it == bundles_.end() ? nullptr : it->second;
}

const EntryEdges* GraphIndex::last_entry(const GraphChannel& channel, std::string_view name) const {
  const Channel& c = channels_[at(channel)];
  const auto it = c.last.find(name);
  return it == c.last.end() ? nullptr : &c.edges[it->second];
}

}  // namespace fbclens::update
