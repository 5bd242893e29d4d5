#include "update/package_graph.h"

#include <algorithm>
#include <set>

#include "declcfg/go_shape.h"
#include "model/names.h"
#include "validate/validate.h"

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
                                   const std::function<std::string(const Installed&)>& step) {
  std::vector<std::string> walk{installed.name};
  std::set<std::string> seen{installed.name};
  Installed cur = installed;
  while (true) {
    const std::string next = step(cur);
    if (next.empty() || !seen.insert(next).second) break;
    const GraphBundle* b = graph.bundle(next);
    cur = Installed{next, b ? b->version : ""};
    walk.push_back(next);
  }
  return walk;
}

std::optional<PackageGraph> package_graph(const ValidationReport& report, const std::string& package) {
  const declcfg::DeclarativeConfig& cfg = report.config;
  PackageGraph g;
  g.package = package;
  bool found = false;
  for (const declcfg::Package& p : cfg.packages) {
    if (p.name == package && !found) {
      found = true;
      g.default_channel = p.default_channel;
    }
  }
  if (!found) return std::nullopt;
  for (const declcfg::Channel& c : cfg.channels) {
    if (c.package != package) continue;
    GraphChannel gc;
    gc.name = c.name;
    for (const declcfg::ChannelEntry& e : c.entries) gc.entries.push_back({e.name, e.replaces, e.skips, e.skip_range});
    g.channels.push_back(std::move(gc));
  }
  std::vector<std::string> deprecated;
  for (const declcfg::Deprecation& d : cfg.deprecations) {
    if (d.package != package) continue;
    for (const declcfg::DeprecationEntry& e : d.entries) {
      if (e.reference.schema == "olm.bundle" && !e.message.empty()) deprecated.push_back(e.reference.name);
    }
  }
  for (const declcfg::Bundle& b : cfg.bundles) {
    if (b.package != package) continue;
    GraphBundle gb;
    gb.name = b.name;
    for (const declcfg::Property& p : b.properties) {
      if (p.type == "olm.package" && p.value && gb.version.empty()) {
        if (const Json* v = go_field(*p.value, "version"); v && v->is_string()) gb.version = v->get<std::string>();
      }
      gb.olm_deprecated = gb.olm_deprecated || p.type == "olm.deprecated";
      if (gb.dependency_property.empty() &&
          (p.type == "olm.package.required" || p.type == "olm.gvk.required" || p.type == "olm.constraint")) {
        gb.dependency_property = p.type;
      }
    }
    gb.deprecated = std::find(deprecated.begin(), deprecated.end(), b.name) != deprecated.end();
    g.bundles.push_back(std::move(gb));
  }
  return g;
}

}  // namespace fbclens::update
