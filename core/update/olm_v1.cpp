#include "update/olm_v1.h"

#include <algorithm>
#include <map>

#include "findings/go_format.h"
#include "update/entry_edges.h"
#include "semver/masterminds.h"

namespace fbclens::update {

bool is_successor(const std::vector<const GraphChannel*>& channels, const std::string& bundle, const Installed& installed) {
  const std::optional<semver::Version> version = semver::parse(installed.version);
  for (const GraphChannel* c : channels) {
    for (const ChannelEntry& e : c->entries) {
      if (e.name == bundle && EntryEdges(e).reaches(installed.name, version)) return true;
    }
  }
  return false;
}


V1Filters::V1Filters(const PackageGraph& graph, const Installed* installed, const V1Options& options,
                     const semver::masterminds::Constraints* range, const GraphIndex* index)
    : installed_(installed), options_(options), range_(range), index_(index) {
  for (const GraphChannel& c : graph.channels) {
    if (options.channels.empty() ||
        std::find(options.channels.begin(), options.channels.end(), c.name) != options.channels.end()) {
      channels_.push_back(&c);
    }
  }
  if (!index) {
    for (const GraphBundle& b : graph.bundles) versions_.emplace(&b, version_release(b.version));
  }
  if (installed) installed_version_ = version_release(installed->version);
  // What in_channels and is_successor(channels_, name, *installed) answer for every name, in one
  // pass (each set only when it is asked).
  const std::optional<semver::Version> version = installed ? semver::parse(installed->version) : std::nullopt;
  for (const GraphChannel* c : channels_) {
    for (std::size_t i = 0; i < c->entries.size(); ++i) {
      const ChannelEntry& e = c->entries[i];
      if (!options.channels.empty()) entry_names_.insert(e.name);
      if (!installed) continue;
      const bool reaches = index ? index->edges(*c)[i].reaches(installed->name, version).has_value()
                                 : EntryEdges(e).reaches(installed->name, version).has_value();
      if (reaches) successor_names_.insert(e.name);
    }
  }
}

bool V1Filters::in_channels(const GraphBundle& bundle) const {
  return options_.channels.empty() || entry_names_.count(bundle.name) > 0;
}

bool V1Filters::in_range(const GraphBundle& bundle) const {
  if (!range_) return true;
  const VersionRelease& v = version(bundle);
  if (!v.version) return false;
  const auto mv = semver::masterminds::parse_version(v.version->to_string());
  return mv && range_->check(*mv);
}

bool V1Filters::successor_or_same(const GraphBundle& bundle) const {
  if (!installed_) return true;
  return successor_names_.count(bundle.name) > 0 || compare(version(bundle), installed_version_) == 0;
}

bool V1Filters::candidate(const GraphBundle& bundle) const {
  return in_channels(bundle) && in_range(bundle) && (options_.self_certified || successor_or_same(bundle));
}

namespace {

struct CatalogPick {
  const GraphBundle* bundle;
  std::string catalog;
  int priority;
  std::vector<std::string> successors;
};

bool selector_matches(const V1Options& o, const std::string& catalog) {
  const std::map<std::string, std::string> labels{{"olm.operatorframework.io/metadata.name", catalog}};
  for (const auto& [k, v] : o.match_labels) {
    auto it = labels.find(k);
    if (it == labels.end() || it->second != v) return false;
  }
  for (const V1Options::Expression& e : o.match_expressions) {
    auto it = labels.find(e.key);
    const bool has = it != labels.end();
    const bool in = has && std::find(e.values.begin(), e.values.end(), it->second) != e.values.end();
    if ((e.op == "In" && !in) || (e.op == "NotIn" && in) || (e.op == "Exists" && !has) || (e.op == "DoesNotExist" && has)) {
      return false;
    }
  }
  return true;
}

std::string no_bundles_error(const std::string& package, const Installed* installed, const V1Options& o, bool found,
                             const std::vector<std::string>& ambiguous) {
  std::string s;
  if (installed) s += "error upgrading from currently installed version " + go_quote(installed->version) + ": ";
  s += (found ? "found bundles for package " : "no bundles found for package ") + go_quote(package) + " ";
  if (!o.version.empty()) s += "matching version " + go_quote(o.version) + " ";
  if (!o.channels.empty()) s += "in channels " + go_string_slice(o.channels) + " ";
  if (!ambiguous.empty()) s += "in multiple catalogs with the same priority " + go_string_slice(ambiguous) + " ";
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

}  // namespace

V1Result v1_resolve(const std::vector<V1Catalog>& catalogs, const std::string& package, const Installed* installed,
                    const V1Options& o) {
  V1Result r;
  std::optional<semver::masterminds::Constraints> range;
  if (!o.version.empty()) {
    std::string error;
    range = semver::masterminds::parse_constraints(o.version, &error);
    if (!range) {
      r.error = "desired version range " + go_quote(o.version) + " is invalid: " + error;
      return r;
    }
  }
  for (const V1Options::Expression& e : o.match_expressions) {
    if (e.op != "In" && e.op != "NotIn" && e.op != "Exists" && e.op != "DoesNotExist") {
      r.error = "desired catalog selector is invalid: " + go_quote(e.op) + " is not a valid label selector operator";
      return r;
    }
  }
  // operator-controller builds its successor predicate (CatalogProvided only) by parsing the
  // installed bundle's version as a legacy registry+v1 VersionRelease (strict blang SemVer), in
  // each catalog that has the package, and fails the whole resolution when it cannot: an installed
  // version like "1.0", "v1.0.0", "01.0.0" or "" is an error, not a walk by name.
  std::string installed_version_error;
  if (installed && !o.self_certified) semver::parse(installed->version, &installed_version_error);
  std::vector<CatalogPick> results;
  bool seen_package = false;
  for (const V1Catalog& cat : catalogs) {
    if (!cat.available || !cat.graph || !selector_matches(o, cat.name)) continue;
    const PackageGraph& g = *cat.graph;
    if (!installed_version_error.empty()) {
      r.error = "error walking catalogs: error finding upgrade edges: failed to get version and release of installed "
                "bundle: " + installed_version_error;
      return r;
    }
    const V1Filters filters(g, installed, o, range ? &*range : nullptr, cat.index);
    std::vector<std::string> successors;
    if (installed) {
      for (const GraphBundle& b : g.bundles) if (filters.successor_or_same(b)) successors.push_back(b.name);
    }
    if (!seen_package) r.successors = successors;  // reported on error: the first catalog's set
    seen_package = true;
    std::vector<const GraphBundle*> candidates;
    for (const GraphBundle& b : g.bundles) {
      if (filters.candidate(b)) candidates.push_back(&b);
    }
    if (candidates.empty()) continue;
    std::stable_sort(candidates.begin(), candidates.end(), [&filters](const GraphBundle* a, const GraphBundle* b) {
      if (a->deprecated != b->deprecated) return !a->deprecated;
      return compare(filters.version(*a), filters.version(*b)) > 0;
    });
    const GraphBundle* best = candidates.front();
    if (!results.empty()) {
      const bool last_deprecated = results.back().bundle->deprecated;
      if (best->deprecated && !last_deprecated) continue;
      if (!best->deprecated && last_deprecated) results.clear();
    }
    results.push_back({best, cat.name, cat.priority, std::move(successors)});
  }
  if (results.size() > 1) {
    std::stable_sort(results.begin(), results.end(), [](const CatalogPick& a, const CatalogPick& b) { return a.priority > b.priority; });
    if (results[0].priority != results[1].priority) results.resize(1);
  }
  if (results.size() != 1) {
    std::vector<std::string> names;
    for (const CatalogPick& p : results) names.push_back(p.catalog);
    std::sort(names.begin(), names.end());
    r.error = no_bundles_error(package, installed, o, results.size() > 1, names);
    return r;
  }
  const GraphBundle* chosen = results[0].bundle;
  if (!chosen->dependency_property.empty()) {
    r.error = "validating bundle " + go_quote(chosen->name) + ": bundle " + go_quote(chosen->name) +
              " has a dependency declared via property " + go_quote(chosen->dependency_property) +
              " which is currently not supported";
    return r;
  }
  r.next = chosen->name;
  r.catalog = results[0].catalog;
  r.successors = results[0].successors;
  return r;
}

V1Result v1_next(const PackageGraph& graph, const Installed* installed, const V1Options& options, const GraphIndex* index) {
  return v1_resolve({V1Catalog{"catalog", 0, true, &graph, index}}, graph.package, installed, options);
}

std::string v1_step(const PackageGraph& graph, const Installed& installed, const V1Result& r, const GraphIndex* index) {
  if (!r.error.empty() || r.next.empty()) return "";
  const GraphBundle* b = index ? index->bundle(r.next) : graph.bundle(r.next);
  const VersionRelease next_version = b && index ? index->version(*b) : version_release(b ? b->version : "");
  if (compare(next_version, version_release(installed.version)) == 0) return "";
  return r.next;
}

std::vector<std::string> v1_walk(const PackageGraph& graph, const Installed& installed, const V1Options& options) {
  return walk_from(graph, installed, [&](const Installed& cur) { return v1_step(graph, cur, v1_next(graph, &cur, options)); });
}

}  // namespace fbclens::update
