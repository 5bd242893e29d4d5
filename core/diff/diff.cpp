// [SECTION] sorting helpers
// [SECTION] graph equality (which packages need their upgrades recomputed)
// [SECTION] changed bundles (bundles are immutable)
// [SECTION] diff_models
// [SECTION] the pruning profile
#include "diff/diff.h"

#include <algorithm>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <tuple>

#include "update/divergence.h"
#include "update/package_graph.h"

namespace fbclens::diff {

namespace {

// [SECTION] sorting helpers

auto tie(const ChannelKey& k) { return std::tie(k.package, k.channel); }
auto tie(const EntryKey& k) { return std::tie(k.package, k.channel, k.bundle); }
auto tie(const BundleKey& k) { return std::tie(k.package, k.bundle); }
auto tie(const BundleChange& k) { return std::tie(k.package, k.bundle); }
auto tie(const DeprecationKey& k) { return std::tie(k.package, k.schema, k.name, k.message); }
auto tie(const DefaultChannelChange& k) { return std::tie(k.package); }
auto tie(const EdgeChange& k) { return std::tie(k.package, k.channel, k.bundle, k.field); }
auto tie(const UpgradeChange& k) { return std::tie(k.package, k.channel, k.installed); }

template <typename T>
void sort_unique(std::vector<T>& v) {
  std::sort(v.begin(), v.end(), [](const T& a, const T& b) { return tie(a) < tie(b); });
  v.erase(std::unique(v.begin(), v.end(), [](const T& a, const T& b) { return tie(a) == tie(b); }), v.end());
}

void sort_unique(std::vector<std::string>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

// Elements of `a` not in `b` (both sorted, unique), then of `b` not in `a`.
template <typename T>
void set_differences(const std::vector<T>& a, const std::vector<T>& b, std::vector<T>& only_a, std::vector<T>& only_b) {
  const auto less = [](const T& x, const T& y) { return tie(x) < tie(y); };
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(only_a), less);
  std::set_difference(b.begin(), b.end(), a.begin(), a.end(), std::back_inserter(only_b), less);
}

// Channels the catalog declares (not the model's synthesised default channel).
std::vector<const model::Channel*> declared_channels(const model::Package& p) {
  std::vector<const model::Channel*> out;
  for (const auto& [name, channel] : p.channels) {
    if (channel.channel_blob >= 0) out.push_back(&channel);
  }
  return out;
}

std::vector<std::string> sorted_skips(const std::vector<std::string>& skips) {
  std::vector<std::string> s = skips;
  sort_unique(s);
  return s;
}

// [SECTION] graph equality (which packages need their upgrades recomputed)

bool same_entry(const update::ChannelEntry& a, const update::ChannelEntry& b) {
  return a.name == b.name && a.replaces == b.replaces && a.skips == b.skips && a.skip_range == b.skip_range;
}

bool same_bundle(const update::GraphBundle& a, const update::GraphBundle& b) {
  return a.name == b.name && a.version == b.version && a.deprecated == b.deprecated &&
         a.olm_deprecated == b.olm_deprecated && a.dependency_property == b.dependency_property &&
         a.max_openshift == b.max_openshift;
}

// Everything classic_next / v1_next read, in the order they read it (catalog order matters to
// both: Classic's channel order ties, v1's catalog-order tie-break).
bool same_graph(const update::PackageGraph& a, const update::PackageGraph& b) {
  if (a.default_channel != b.default_channel || a.channels.size() != b.channels.size() ||
      a.bundles.size() != b.bundles.size()) {
    return false;
  }
  for (std::size_t i = 0; i < a.channels.size(); ++i) {
    const update::GraphChannel& x = a.channels[i];
    const update::GraphChannel& y = b.channels[i];
    if (x.name != y.name || x.entries.size() != y.entries.size()) return false;
    for (std::size_t j = 0; j < x.entries.size(); ++j) {
      if (!same_entry(x.entries[j], y.entries[j])) return false;
    }
  }
  for (std::size_t i = 0; i < a.bundles.size(); ++i) {
    if (!same_bundle(a.bundles[i], b.bundles[i])) return false;
  }
  return true;
}

OlmOutcome classic_outcome(const update::DivergenceRow& r) {
  return {r.classic_next, r.classic_walk.empty() ? r.installed : r.classic_walk.back(), r.classic_error};
}

OlmOutcome v1_outcome(const update::DivergenceRow& r) {
  return {r.v1_next, r.v1_walk.empty() ? r.installed : r.v1_walk.back(), r.v1_error};
}

// Upgrade outcomes of the entries present in both graphs (same channel, same name).
void diff_upgrades(const update::PackageGraph& old_graph, const update::PackageGraph& new_graph,
                   std::vector<UpgradeChange>& out) {
  const update::DivergenceReport old_report = update::divergence(old_graph);
  const update::DivergenceReport new_report = update::divergence(new_graph);
  std::map<std::pair<std::string, std::string>, const update::DivergenceRow*> old_rows;
  for (const update::DivergenceRow& r : old_report.rows) old_rows.emplace(std::make_pair(r.channel, r.installed), &r);
  for (const update::DivergenceRow& n : new_report.rows) {
    const auto it = old_rows.find({n.channel, n.installed});
    if (it == old_rows.end()) continue;
    const update::DivergenceRow& o = *it->second;
    UpgradeChange c{old_graph.package, n.channel, n.installed, classic_outcome(o), classic_outcome(n),
                    v1_outcome(o), v1_outcome(n), o.classic_stranded, n.classic_stranded};
    if (c.classic_old != c.classic_new || c.v1_old != c.v1_new || c.stranded_old != c.stranded_new) {
      out.push_back(std::move(c));
    }
  }
}

// [SECTION] changed bundles (bundles are immutable)
//
// The FBC guideline issue 24 cites: once released, a bundle's image and metadata stay as they are;
// a fix is a new bundle with an upgrade edge.

// An image reference split at "@": the repository and the digest ("" when the reference has none).
std::pair<std::string, std::string> split_digest(const std::string& image) {
  const std::size_t at = image.find('@');
  if (at == std::string::npos) return {image, ""};
  return {image.substr(0, at), image.substr(at + 1)};
}

std::string joined(const std::vector<std::string>& names) {
  std::string s;
  for (const std::string& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

// The property types whose values differ between two bundles (added, removed or changed), sorted.
std::vector<std::string> changed_property_types(const declcfg::Bundle& o, const declcfg::Bundle& n) {
  std::map<std::string, std::multiset<std::uint64_t>> old_values, new_values;
  for (const declcfg::Property& p : o.properties) old_values[p.type].insert(p.digest);
  for (const declcfg::Property& p : n.properties) new_values[p.type].insert(p.digest);
  std::set<std::string> types;
  for (const auto& [type, values] : old_values) {
    const auto it = new_values.find(type);
    if (it == new_values.end() || it->second != values) types.insert(type);
  }
  for (const auto& [type, values] : new_values) {
    if (!old_values.count(type)) types.insert(type);
  }
  return {types.begin(), types.end()};
}

// A related image as people read it: "name (image)", or the image alone when unnamed.
std::string related_text(const declcfg::RelatedImage& r) { return r.name.empty() ? r.image : r.name + " (" + r.image + ")"; }

// What changed in a bundle present in both catalogs; nullopt when nothing did.
std::optional<BundleChange> bundle_change(const std::string& pkg, const model::PackageBundle& ob, const model::PackageBundle& nb) {
  if (!ob.declared || !nb.declared) return std::nullopt;
  const declcfg::Bundle& o = *ob.declared;
  const declcfg::Bundle& n = *nb.declared;
  BundleChange c{pkg, nb.name, "info", {}};
  bool only_moves = true;
  if (o.image != n.image) {
    const auto [old_repo, old_digest] = split_digest(o.image);
    const auto [new_repo, new_digest] = split_digest(n.image);
    if (!old_digest.empty() && old_digest == new_digest) {
      c.changes.push_back("image moved from " + old_repo + " to " + new_repo + " (same digest " + new_digest + ")");
    } else {
      only_moves = false;
      if (!old_digest.empty() && !new_digest.empty()) {
        c.changes.push_back("image digest changed from " + old_digest + " to " + new_digest +
                            (old_repo == new_repo ? "" : " (and moved from " + old_repo + " to " + new_repo + ")"));
      } else {
        c.changes.push_back("image changed from " + (o.image.empty() ? std::string("(none)") : o.image) + " to " +
                            (n.image.empty() ? std::string("(none)") : n.image));
      }
    }
  }
  const std::vector<std::string> types = changed_property_types(o, n);
  if (!types.empty()) {
    only_moves = false;
    // olm.bundle.object replaced by olm.csv.metadata is how a catalog migrates (opm render
    // --migrate-level=bundle-object-to-csv-metadata); say so, as it explains most such changes.
    const auto has = [](const declcfg::Bundle& b, const char* type) {
      return std::any_of(b.properties.begin(), b.properties.end(), [&](const declcfg::Property& p) { return p.type == type; });
    };
    const bool migrated = has(o, "olm.bundle.object") && !has(o, "olm.csv.metadata") && has(n, "olm.csv.metadata") &&
                          !has(n, "olm.bundle.object");
    c.changes.push_back("properties changed: " + joined(types) +
                        (migrated ? " (olm.bundle.object replaced by olm.csv.metadata, as a catalog migration writes it)" : ""));
  }
  // Related images as multisets of (name, image); a removed and an added one with the same name
  // and digest in another repository moved.
  const auto key = [](const declcfg::RelatedImage& r) { return std::make_pair(r.name, r.image); };
  std::multiset<std::pair<std::string, std::string>> old_related, new_related;
  for (const declcfg::RelatedImage& r : o.related_images) old_related.insert(key(r));
  for (const declcfg::RelatedImage& r : n.related_images) new_related.insert(key(r));
  std::vector<std::pair<std::string, std::string>> removed, added;
  std::set_difference(old_related.begin(), old_related.end(), new_related.begin(), new_related.end(), std::back_inserter(removed));
  std::set_difference(new_related.begin(), new_related.end(), old_related.begin(), old_related.end(), std::back_inserter(added));
  for (auto r = removed.begin(); r != removed.end();) {
    const auto [old_repo, old_digest] = split_digest(r->second);
    const auto a = std::find_if(added.begin(), added.end(), [&, &old_digest = old_digest](const auto& x) {
      return x.first == r->first && !old_digest.empty() && split_digest(x.second).second == old_digest;
    });
    if (a == added.end()) {
      ++r;
      continue;
    }
    c.changes.push_back("related image " + (r->first.empty() ? std::string("(unnamed)") : r->first) + " moved from " + old_repo +
                        " to " + split_digest(a->second).first + " (same digest " + old_digest + ")");
    added.erase(a);
    r = removed.erase(r);
  }
  const auto texts = [](const std::vector<std::pair<std::string, std::string>>& list) {
    std::vector<std::string> out;
    for (const auto& [name, image] : list) out.push_back(related_text({name, image}));
    return out;
  };
  if (!added.empty()) c.changes.push_back("related images added: " + joined(texts(added)));
  if (!removed.empty()) c.changes.push_back("related images removed: " + joined(texts(removed)));
  if (!added.empty() || !removed.empty()) only_moves = false;
  if (c.changes.empty()) return std::nullopt;
  c.severity = only_moves ? "info" : "warning";
  return c;
}

// Every declared channel of `p` and its entries, as added or removed `within` the package.
void list_package_content(const model::Package& p, std::vector<ChannelKey>& channels, std::vector<EntryKey>& entries) {
  for (const model::Channel* c : declared_channels(p)) {
    channels.push_back({p.name, c->name, "package"});
    for (const auto& [entry, b] : c->bundles) entries.push_back({p.name, c->name, entry, "package"});
  }
}

// Everything inside one package present in both catalogs.
void diff_package(const model::Package& o, const model::Package& n, CatalogDiff& d) {
  const std::string& pkg = n.name;
  if (o.default_channel != n.default_channel) d.default_channels.push_back({pkg, o.default_channel, n.default_channel});

  // Channels, entries and their edges.
  std::map<std::string, const model::Channel*> old_channels, new_channels;
  for (const model::Channel* c : declared_channels(o)) old_channels[c->name] = c;
  for (const model::Channel* c : declared_channels(n)) new_channels[c->name] = c;
  for (const auto& [name, oc] : old_channels) {
    const auto it = new_channels.find(name);
    if (it == new_channels.end()) {
      d.channels_removed.push_back({pkg, name, ""});
      for (const auto& [entry, b] : oc->bundles) d.entries_removed.push_back({pkg, name, entry, "channel"});
      continue;
    }
    const model::Channel& nc = *it->second;
    for (const auto& [entry, ob] : oc->bundles) {
      const auto nb = nc.bundles.find(entry);
      if (nb == nc.bundles.end()) {
        d.entries_removed.push_back({pkg, name, entry, ""});
        continue;
      }
      if (ob.replaces != nb->second.replaces) {
        d.edges.push_back({pkg, name, entry, "replaces", ob.replaces, nb->second.replaces, {}, {}});
      }
      std::vector<std::string> old_skips = sorted_skips(ob.skips), new_skips = sorted_skips(nb->second.skips);
      if (old_skips != new_skips) {
        d.edges.push_back({pkg, name, entry, "skips", "", "", std::move(old_skips), std::move(new_skips)});
      }
      if (ob.skip_range != nb->second.skip_range) {
        d.edges.push_back({pkg, name, entry, "skipRange", ob.skip_range, nb->second.skip_range, {}, {}});
      }
    }
    for (const auto& [entry, nb] : nc.bundles) {
      if (!oc->bundles.count(entry)) d.entries_added.push_back({pkg, name, entry, ""});
    }
  }
  for (const auto& [name, nc] : new_channels) {
    if (old_channels.count(name)) continue;
    d.channels_added.push_back({pkg, name, ""});
    for (const auto& [entry, b] : nc->bundles) d.entries_added.push_back({pkg, name, entry, "channel"});
  }

  // Bundles.
  std::vector<BundleKey> old_bundles, new_bundles;
  for (const model::PackageBundle& b : o.bundles) old_bundles.push_back({pkg, b.name});
  for (const model::PackageBundle& b : n.bundles) new_bundles.push_back({pkg, b.name});
  sort_unique(old_bundles);
  sort_unique(new_bundles);
  set_differences(old_bundles, new_bundles, d.bundles_removed, d.bundles_added);
  std::map<std::string, const model::PackageBundle*> old_by_name;
  for (const model::PackageBundle& b : o.bundles) old_by_name.emplace(b.name, &b);  // the first of a name, as opm's model
  std::set<std::string> compared;
  for (const model::PackageBundle& b : n.bundles) {
    const auto it = old_by_name.find(b.name);
    if (it == old_by_name.end() || !compared.insert(b.name).second) continue;
    if (std::optional<BundleChange> c = bundle_change(pkg, *it->second, b)) d.bundles_changed.push_back(std::move(*c));
  }

  // Deprecations.
  std::vector<DeprecationKey> old_dep, new_dep;
  for (const model::DeprecationRecord& r : o.deprecations) old_dep.push_back({pkg, r.schema, r.name, r.message});
  for (const model::DeprecationRecord& r : n.deprecations) new_dep.push_back({pkg, r.schema, r.name, r.message});
  sort_unique(old_dep);
  sort_unique(new_dep);
  set_differences(old_dep, new_dep, d.deprecations_removed, d.deprecations_added);

  // Upgrade outcomes, only where the graphs differ.
  const update::PackageGraph old_graph = update::package_graph(o);
  const update::PackageGraph new_graph = update::package_graph(n);
  if (!same_graph(old_graph, new_graph)) diff_upgrades(old_graph, new_graph, d.upgrades);
}

}  // namespace

// [SECTION] diff_models

bool CatalogDiff::empty() const { return count() == 0; }

std::size_t CatalogDiff::count() const {
  const auto own = [](const auto& list) {
    return static_cast<std::size_t>(std::count_if(list.begin(), list.end(), [](const auto& k) { return k.within.empty(); }));
  };
  return packages_added.size() + packages_removed.size() + own(channels_added) + own(channels_removed) +
         own(entries_added) + own(entries_removed) + bundles_added.size() + bundles_removed.size() +
         bundles_changed.size() + default_channels.size() + edges.size() + deprecations_added.size() +
         deprecations_removed.size() + upgrades.size();
}

CatalogDiff diff_models(const model::Model& old_model, const model::Model& new_model) {
  CatalogDiff d;
  for (const auto& [name, o] : old_model.packages) {
    const auto n = new_model.packages.find(name);
    if (n == new_model.packages.end()) {
      d.packages_removed.push_back(name);
      list_package_content(o, d.channels_removed, d.entries_removed);
    } else {
      diff_package(o, n->second, d);
    }
  }
  for (const auto& [name, n] : new_model.packages) {
    if (old_model.packages.count(name)) continue;
    d.packages_added.push_back(name);
    list_package_content(n, d.channels_added, d.entries_added);
  }
  sort_unique(d.packages_added);
  sort_unique(d.packages_removed);
  sort_unique(d.channels_added);
  sort_unique(d.channels_removed);
  sort_unique(d.entries_added);
  sort_unique(d.entries_removed);
  sort_unique(d.bundles_added);
  sort_unique(d.bundles_removed);
  sort_unique(d.bundles_changed);
  sort_unique(d.default_channels);
  sort_unique(d.edges);
  sort_unique(d.deprecations_added);
  sort_unique(d.deprecations_removed);
  sort_unique(d.upgrades);
  return d;
}

// [SECTION] the pruning profile
//
// Konflux's rule, read in konflux-ci/konflux-operator-tasks,
// task/fbc-target-index-pruning-check/0.1/fbc-target-index-pruning-check.yaml at revision
// 082e189e984f963f793525a87eb5b392d9e716a9 (step run-pruning-check): for each package both the
// fragment and the target index have, every olm.channel of the index missing from the fragment,
// and every entry of a channel both have missing from the fragment's channel, is a failure unless
// the channel name matches the bash ERE `.*(dev-preview|pre-ga|candidate).*`. Packages only in
// the index are not tested. Where we differ on purpose: the task tests membership with
// `grep -Fw` over the space-joined names, so a channel or entry removed while another name
// containing it as a whole word remains (e.g. "stable" while "stable-v2" stays) passes there;
// here names are compared exactly.

bool pruning_allowed(const std::string& channel) {
  for (const char* word : {"dev-preview", "pre-ga", "candidate"}) {
    if (channel.find(word) != std::string::npos) return true;
  }
  return false;
}

std::vector<PruningViolation> pruning_violations(const CatalogDiff& diff, const model::Model* old_model) {
  // Where OLD declares the channel (bundle "") or the entry; {} when it is not there.
  const auto where = [old_model](const std::string& package, const std::string& channel, const std::string& bundle) {
    if (!old_model) return SourceLocation{};
    const auto p = old_model->packages.find(package);
    if (p == old_model->packages.end()) return SourceLocation{};
    const auto c = p->second.channels.find(channel);
    if (c == p->second.channels.end()) return SourceLocation{};
    if (bundle.empty()) return c->second.where;
    const auto b = c->second.bundles.find(bundle);
    return b == c->second.bundles.end() ? SourceLocation{} : b->second.where;
  };
  std::vector<PruningViolation> out;
  // Removed packages are not tested, and an entry that went with its channel is the channel's.
  for (const ChannelKey& c : diff.channels_removed) {
    if (c.within.empty() && !pruning_allowed(c.channel)) out.push_back({c.package, c.channel, "", where(c.package, c.channel, "")});
  }
  for (const EntryKey& e : diff.entries_removed) {
    if (e.within.empty() && !pruning_allowed(e.channel)) {
      out.push_back({e.package, e.channel, e.bundle, where(e.package, e.channel, e.bundle)});
    }
  }
  return out;
}

}  // namespace fbclens::diff
