#include "update/package_graph.h"

#include <algorithm>
#include <set>

#include "model/names.h"

namespace fbclens::update {

const GraphBundle* PackageGraph::bundle(const std::string& name) const {
  for (const GraphBundle& b : bundles) {
    if (b.name == name) return &b;
  }
  return nullptr;
}

VersionRelease version_release(const std::string& version_text) {
  VersionRelease vr;
  vr.version = semver::parse(version_text);
  if (!vr.version || vr.version->build.empty()) return vr;
  std::string build;
  for (std::size_t i = 0; i < vr.version->build.size(); ++i) build += (i ? "." : "") + vr.version->build[i];
  std::string error;
  std::vector<semver::PrereleaseId> release;
  if (parse_release(build, release, error)) {
    vr.release = std::move(release);
    vr.has_release = true;
    vr.version->build.clear();
  }
  return vr;
}

int compare(const VersionRelease& a, const VersionRelease& b) {
  if (!a.version || !b.version) return a.version ? 1 : b.version ? -1 : 0;
  if (int c = semver::compare(*a.version, *b.version)) return c;
  if (a.has_release != b.has_release) return a.has_release ? 1 : -1;
  return semver::compare_identifiers(a.release, b.release);
}

std::vector<std::string> walk_from(const PackageGraph& graph, const Installed& installed,
                                   const std::function<std::string(const Installed&)>& step,
                                   const std::function<const GraphBundle*(const std::string&)>& find) {
  std::vector<std::string> walk{installed.name};
  std::set<std::string> seen{installed.name};
  Installed cur = installed;
  while (true) {
    const std::string next = step(cur);
    if (next.empty() || !seen.insert(next).second) break;
    const GraphBundle* b = find ? find(next) : graph.bundle(next);
    cur = Installed{next, b ? b->version : ""};
    walk.push_back(next);
  }
  return walk;
}

PackageGraph package_graph(const model::Package& package) {
  PackageGraph g;
  g.package = package.name;
  g.default_channel = package.default_channel;
  for (const std::string& name : package.channel_order) {
    const model::Channel& channel = package.channels.at(name);
    if (channel.channel_blob < 0) continue;
    GraphChannel gc;
    gc.name = name;
    for (const model::Bundle* e : channel.entries()) gc.entries.push_back(*e);  // the entry part
    g.channels.push_back(std::move(gc));
  }
  for (const model::PackageBundle& b : package.bundles) {
    GraphBundle gb;
    gb.name = b.name;
    gb.version = b.version_text();
    gb.deprecated = b.deprecation && !b.deprecation->empty();
    gb.olm_deprecated = b.properties.legacy_deprecated;
    gb.dependency_property = b.properties.first_dependency_type;
    if (b.declared) {
      for (const declcfg::Property& p : b.declared->properties) {
        if (p.type == "olm.maxOpenShiftVersion" && p.value) {
          gb.max_openshift = p.value->dump();
          break;
        }
      }
    }
    g.bundles.push_back(std::move(gb));
  }
  return g;
}

std::optional<PackageGraph> package_graph(const model::Model& model, const std::string& package) {
  auto it = model.packages.find(package);
  if (it == model.packages.end()) return std::nullopt;
  return package_graph(it->second);
}

}  // namespace fbclens::update
