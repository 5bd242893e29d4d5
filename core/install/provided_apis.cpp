#include "install/provided_apis.h"

#include <algorithm>

namespace fbclens::install {

namespace {

void sort_unique(std::vector<std::string>& list) {
  std::sort(list.begin(), list.end());
  list.erase(std::unique(list.begin(), list.end()), list.end());
}

}  // namespace

std::string gvk_text(const std::string& group, const std::string& version, const std::string& kind) {
  return group + "/" + version + "/" + kind;
}

ProvidedApis provided_apis_of(const model::PackageBundle& bundle) {
  ProvidedApis out;
  if (!bundle.properties.csv) return out;
  const property::CsvMetadata& csv = *bundle.properties.csv;
  for (const property::OwnedCrd& crd : csv.owned_crds) {
    // strings.SplitN(name, ".", 2): the group is everything after the first dot.
    const std::size_t dot = crd.name.find('.');
    if (dot == std::string::npos) {
      out.unreadable_crd_names.push_back(crd.name);
      continue;
    }
    out.apis.push_back(crd.kind + "." + crd.version + "." + crd.name.substr(dot + 1));
  }
  for (const property::OwnedApiService& api : csv.owned_api_services) out.apis.push_back(api.kind + "." + api.version + "." + api.group);
  sort_unique(out.apis);
  return out;
}

std::vector<std::string> owned_gvks_of(const model::PackageBundle& bundle) {
  std::vector<std::string> out;
  for (const property::Gvk& g : bundle.properties.provided_gvks) out.push_back(gvk_text(g.group, g.version, g.kind));
  if (bundle.properties.csv) {
    for (const property::OwnedCrd& crd : bundle.properties.csv->owned_crds) {
      const std::size_t dot = crd.name.find('.');
      if (dot != std::string::npos) out.push_back(gvk_text(crd.name.substr(dot + 1), crd.version, crd.kind));
    }
    for (const property::OwnedApiService& api : bundle.properties.csv->owned_api_services) {
      out.push_back(gvk_text(api.group, api.version, api.kind));
    }
  }
  sort_unique(out);
  return out;
}

ApiOwners::ApiOwners(const model::Model& model) {
  for (const auto& [name, pkg] : model.packages) {  // name order, so each list comes out sorted
    for (const model::PackageBundle& b : pkg.bundles) {
      for (const std::string& gvk : owned_gvks_of(b)) {
        std::vector<std::string>& packages = owners_[gvk];
        if (packages.empty() || packages.back() != name) packages.push_back(name);
      }
    }
  }
}

std::vector<ApiConflict> ApiOwners::conflicts(const std::string& package) const {
  std::vector<ApiConflict> out;
  for (const auto& [gvk, packages] : owners_) {
    if (packages.size() < 2) continue;
    if (!package.empty() && !std::binary_search(packages.begin(), packages.end(), package)) continue;
    out.push_back({gvk, packages});
  }
  return out;
}

std::vector<ApiConflict> api_conflicts(const model::Model& model, const std::string& package) {
  return ApiOwners(model).conflicts(package);
}

}  // namespace fbclens::install
