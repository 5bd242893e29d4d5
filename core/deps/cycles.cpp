#include "deps/cycles.h"

#include <algorithm>
#include <deque>
#include <map>
#include <set>

namespace fbclens::deps {

namespace {

struct Node {
  std::string name;
  std::vector<std::size_t> out;      // indices of the packages it needs, ascending
  std::vector<PackageNeed> needs;    // parallel to out: the first dependency making each need
};

// Tarjan's strongly connected components with an explicit stack (no recursion).
std::vector<std::vector<std::size_t>> components(const std::vector<Node>& nodes) {
  const std::size_t none = static_cast<std::size_t>(-1);
  std::vector<std::size_t> index(nodes.size(), none), low(nodes.size(), 0);
  std::vector<bool> on_stack(nodes.size(), false);
  std::vector<std::size_t> stack;
  std::vector<std::vector<std::size_t>> out;
  std::size_t counter = 0;
  struct Frame {
    std::size_t node, next_edge;
  };
  for (std::size_t root = 0; root < nodes.size(); ++root) {
    if (index[root] != none) continue;
    std::vector<Frame> frames{{root, 0}};
    index[root] = low[root] = counter++;
    stack.push_back(root);
    on_stack[root] = true;
    while (!frames.empty()) {
      Frame& f = frames.back();
      if (f.next_edge < nodes[f.node].out.size()) {
        const std::size_t w = nodes[f.node].out[f.next_edge++];
        if (index[w] == none) {
          index[w] = low[w] = counter++;
          stack.push_back(w);
          on_stack[w] = true;
          frames.push_back({w, 0});
        } else if (on_stack[w]) {
          low[f.node] = std::min(low[f.node], index[w]);
        }
        continue;
      }
      const std::size_t v = f.node;
      frames.pop_back();
      if (!frames.empty()) low[frames.back().node] = std::min(low[frames.back().node], low[v]);
      if (low[v] != index[v]) continue;
      std::vector<std::size_t> component;
      for (;;) {
        const std::size_t w = stack.back();
        stack.pop_back();
        on_stack[w] = false;
        component.push_back(w);
        if (w == v) break;
      }
      if (component.size() > 1) out.push_back(std::move(component));
    }
  }
  return out;
}

}  // namespace

std::vector<PackageCycle> package_cycles(const model::Model& model) {
  // A cycle needs a dependency, and most catalogs declare none: they are answered before a
  // provider is built for each of their bundles (20,000 bundles' providers were 8 MB at the peak
  // of a text report). A bundle has dependencies exactly when a property of a dependency type was
  // read (property::Properties::first_dependency_type; bundle_dependencies reads the same ones).
  std::size_t bundles = 0;
  bool any_dependency = false;
  for (const auto& [name, pkg] : model.packages) {
    bundles += pkg.bundles.size();
    for (const model::PackageBundle& b : pkg.bundles) any_dependency = any_dependency || !b.properties.first_dependency_type.empty();
  }
  if (!any_dependency) return {};
  // Which package each catalog bundle belongs to, as a provider.
  std::vector<std::pair<std::string, Provider>> providers;
  providers.reserve(bundles);
  for (const auto& [name, pkg] : model.packages) {
    for (const model::PackageBundle& b : pkg.bundles) {
      Provider p = provider_of(b);
      if (p.package_name.empty()) p.package_name = name;
      providers.emplace_back(name, std::move(p));
    }
  }
  std::vector<Node> nodes;
  std::map<std::string, std::size_t> index_of;
  for (const auto& [name, pkg] : model.packages) {
    index_of[name] = nodes.size();
    nodes.push_back({name, {}, {}});
  }
  for (const auto& [name, pkg] : model.packages) {
    Node& node = nodes[index_of.at(name)];
    std::map<std::size_t, PackageNeed> needs;  // ascending target, first dependency kept
    for (const model::PackageBundle& b : pkg.bundles) {
      for (const Dependency& d : bundle_dependencies(b)) {
        if (!d.error.empty() || !d.constraint) continue;
        std::set<std::string> satisfiers;
        for (const auto& [owner, p] : providers) {
          if (evaluate(*d.constraint, p) == Verdict::Satisfied) satisfiers.insert(owner);
          if (satisfiers.size() > 1) break;  // several packages: none is forced in
        }
        if (satisfiers.size() != 1 || *satisfiers.begin() == name) continue;
        const std::size_t to = index_of.at(*satisfiers.begin());
        if (needs.count(to)) continue;
        needs[to] = {name, *satisfiers.begin(), b.name, "bundle " + b.name + " requires an operator " + describe(*d.constraint),
                     d.pointer, d.where};
      }
    }
    for (auto& [to, need] : needs) {
      node.out.push_back(to);
      node.needs.push_back(std::move(need));
    }
  }

  std::vector<PackageCycle> cycles;
  for (std::vector<std::size_t>& component : components(nodes)) {
    // Nodes are in name order (the model's packages are a sorted map), so the smallest index is
    // the smallest name. A breadth-first search inside the component finds the shortest way back.
    std::sort(component.begin(), component.end());
    const std::set<std::size_t> members(component.begin(), component.end());
    const std::size_t start = component.front();
    std::map<std::size_t, std::pair<std::size_t, std::size_t>> parent;  // node → (from node, edge index)
    std::deque<std::size_t> queue{start};
    bool closed = false;
    std::pair<std::size_t, std::size_t> last{0, 0};
    while (!queue.empty() && !closed) {
      const std::size_t v = queue.front();
      queue.pop_front();
      for (std::size_t e = 0; e < nodes[v].out.size(); ++e) {
        const std::size_t w = nodes[v].out[e];
        if (!members.count(w)) continue;
        if (w == start) {
          last = {v, e};
          closed = true;
          break;
        }
        if (parent.count(w)) continue;
        parent[w] = {v, e};
        queue.push_back(w);
      }
    }
    if (!closed) continue;  // cannot happen in a strongly connected component
    PackageCycle cycle;
    for (std::pair<std::size_t, std::size_t> at = last;;) {
      cycle.needs.push_back(nodes[at.first].needs[at.second]);
      if (at.first == start) break;
      at = parent.at(at.first);
    }
    std::reverse(cycle.needs.begin(), cycle.needs.end());
    cycles.push_back(std::move(cycle));
  }
  std::sort(cycles.begin(), cycles.end(), [](const PackageCycle& a, const PackageCycle& b) {
    return a.needs.front().from_package < b.needs.front().from_package;
  });
  return cycles;
}

std::string cycle_text(const PackageCycle& cycle) {
  std::string out;
  for (const PackageNeed& n : cycle.needs) out += n.from_package + " -> ";
  return cycle.needs.empty() ? out : out + cycle.needs.front().from_package;
}

}  // namespace fbclens::deps
