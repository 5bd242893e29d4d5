#include "install/install_preview.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "install/install_modes.h"
#include "install/olm_v1_install.h"
#include "install/provided_apis.h"
#include "update/classic.h"
#include "update/entry_edges.h"

namespace fbclens::install {

namespace {

InstallModesView modes_view(const InstallModes& m) {
  return {m.supports(Mode::OwnNamespace), m.supports(Mode::SingleNamespace), m.supports(Mode::MultiNamespace),
          m.supports(Mode::AllNamespaces)};
}

}  // namespace

std::vector<ChannelEdge> channel_edges(const model::Package& pkg) {
  std::vector<ChannelEdge> out;
  for (const std::string& name : pkg.channel_order) {
    const model::Channel& channel = pkg.channels.at(name);
    const std::vector<const model::Bundle*> entries = channel.entries();
    std::string classic_error;
    const std::vector<std::string> order = update::sort_channel(
        name, std::vector<const declcfg::ChannelEntry*>(entries.begin(), entries.end()), pkg.name, classic_error);
    const std::set<std::string> classic_entries(order.begin(), order.end());
    for (const model::Bundle* to : entries) {
      // Edges into `to`, keyed by source, kinds in replaces/skips/skipRange order.
      std::map<std::string, std::vector<std::string>> from;
      std::vector<std::string> sources;
      const auto add = [&](const std::string& source, const char* kind) {
        if (source == to->name || !channel.bundles.count(source)) return;
        std::vector<std::string>& kinds = from[source];
        if (kinds.empty()) sources.push_back(source);
        if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end()) kinds.push_back(kind);
      };
      if (!to->replaces.empty()) add(to->replaces, "replaces");
      for (const std::string& s : to->skips) add(s, "skips");
      if (!to->skip_range.empty()) {
        const update::EntryEdges edges(*to);
        for (const model::Bundle* other : entries) {
          if (other != to && other->version && edges.range_contains(*other->version)) add(other->name, "skipRange");
        }
      }
      for (const std::string& s : sources) {
        out.push_back({name, s, to->name, from[s], classic_error.empty() && classic_entries.count(to->name) > 0});
      }
    }
  }
  return out;
}

std::vector<UpgradeRiskView> upgrade_risks(const model::Package& pkg) {
  std::vector<UpgradeRiskView> out;
  std::map<std::string, InstallModes> modes;  // by bundle name, read once
  const auto modes_of = [&](const std::string& name) -> const InstallModes* {
    auto it = modes.find(name);
    if (it == modes.end()) {
      const model::PackageBundle* b = pkg.bundle(name);
      if (!b) return nullptr;
      it = modes.emplace(name, install_modes_of(*b)).first;
    }
    return &it->second;
  };
  for (const ChannelEdge& e : channel_edges(pkg)) {
    const InstallModes* from = modes_of(e.from);
    const InstallModes* to = modes_of(e.to);
    if (!from || !to || !from->has_csv || !to->has_csv) continue;  // nothing known to compare
    UpgradeRiskView risk{pkg.name, e.channel, e.from, e.to, e.via, {}, e.classic};
    for (Mode m : kModes) {
      if (from->supports(m) && !to->supports(m)) risk.lost_modes.push_back(mode_name(m));
    }
    if (!risk.lost_modes.empty()) out.push_back(std::move(risk));
  }
  return out;
}

BundleInstallView bundle_install_view(const model::Package& pkg, const model::PackageBundle& bundle) {
  BundleInstallView v;
  v.package = pkg.name;
  v.bundle = bundle.name;
  const InstallModes modes = install_modes_of(bundle);
  if (bundle.properties.csv) v.csv_source = bundle.properties.csv->from_bundle_object ? "olm.bundle.object" : "olm.csv.metadata";
  v.install_modes = modes_view(modes);
  if (!modes.has_csv) {
    v.install_mode_problems.push_back("the bundle has no CSV (neither olm.csv.metadata nor a ClusterServiceVersion in olm.bundle.object)");
  } else if (!modes.declared || bundle.properties.csv->install_modes.empty()) {
    v.install_mode_problems.push_back("the CSV lists no installModes: every OperatorGroup refuses it");
  }
  for (const std::string& d : modes.duplicates) {
    v.install_mode_problems.push_back("installModes lists " + d + " more than once: OLM Classic fails the CSV with InvalidInstallModes");
  }
  for (const std::string& u : modes.unknown_types) {
    v.install_mode_problems.push_back("installModes lists the unknown type \"" + u + "\", which OLM ignores");
  }
  const ProvidedApis apis = provided_apis_of(bundle);
  v.provided_apis = apis.apis;
  for (const std::string& n : apis.unreadable_crd_names) {
    v.install_mode_problems.push_back("owned CRD name \"" + n + "\" is not plural.group: OLM Classic cannot read the CSV's APIs and never installs it");
  }
  const V1Installability v1 = v1_installability(bundle, pkg.name);
  v.olm_v1 = {v1.installable, v1.reasons, v1.unchecked, v1.needs_watch_namespace};
  return v;
}

std::optional<InstallPreview> install_preview(const model::Model& model, const PreviewRequest& request, std::string& error) {
  if (!hub::find_console(request.console)) {
    error = "console " + request.console + " is not one of " + hub::console_names_text();
    return std::nullopt;
  }
  if (!request.bundle.empty() && request.package.empty()) {
    error = "a bundle needs its package";
    return std::nullopt;
  }
  std::vector<const model::Package*> packages;
  if (request.package.empty()) {
    for (const auto& [name, pkg] : model.packages) packages.push_back(&pkg);
  } else {
    const auto it = model.packages.find(request.package);
    if (it == model.packages.end()) {
      error = "package " + request.package + " is not in the catalog";
      return std::nullopt;
    }
    packages.push_back(&it->second);
  }
  InstallPreview out;
  const model::PackageBundle* selected = nullptr;
  if (!request.bundle.empty()) {
    selected = packages[0]->bundle(request.bundle);
    if (!selected) {
      error = "bundle " + request.bundle + " is not in package " + request.package;
      return std::nullopt;
    }
  }
  for (const model::Package* pkg : packages) {
    for (const model::PackageBundle& b : pkg->bundles) {
      if (!selected || &b == selected) out.bundles.push_back(bundle_install_view(*pkg, b));
    }
    for (UpgradeRiskView& r : upgrade_risks(*pkg)) {
      if (!selected || r.from == selected->name || r.to == selected->name) out.upgrade_risks.push_back(std::move(r));
    }
  }
  for (ApiConflict& c : ApiOwners(model).conflicts(request.package)) out.api_conflicts.push_back({c.gvk, std::move(c.packages)});
  if (selected) {
    out.with_bundle = true;
    for (const GroupVerdict& g : operator_group_verdicts(install_modes_of(*selected))) {
      out.operator_groups.push_back({shape_name(g.shape), g.operator_namespace, g.target_namespaces, g.joins, g.reason, g.message});
    }
    out.console = console_install_page(model, request.package, request.bundle, request.console, out.console_error);
    if (out.console) out.console_error.clear();
  }
  std::sort(out.bundles.begin(), out.bundles.end(), [](const BundleInstallView& a, const BundleInstallView& b) {
    return a.package != b.package ? a.package < b.package : a.bundle < b.bundle;
  });
  std::stable_sort(out.upgrade_risks.begin(), out.upgrade_risks.end(), [](const UpgradeRiskView& a, const UpgradeRiskView& b) {
    return std::tie(a.package, a.channel, a.from, a.to) < std::tie(b.package, b.channel, b.from, b.to);
  });
  return out;
}

}  // namespace fbclens::install
