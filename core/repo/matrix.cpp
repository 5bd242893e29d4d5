#include "repo/matrix.h"

#include <algorithm>
#include <set>

#include "repo/discover.h"
#include "update/max_openshift.h"

namespace fbclens::repo {

namespace {

// olm.maxOpenShiftVersion as OLM v1 reads it ("X.Y" or a number X.Y), 4.23 written as 5.0; "" when
// it does not read (the advice reports that elsewhere).
std::string max_openshift_of(const model::PackageBundle& b) {
  if (!b.declared) return {};
  for (const declcfg::Property& p : b.declared->properties) {
    if (p.type != "olm.maxOpenShiftVersion" || !p.value || json_deeper_than(*p.value, 2)) continue;
    const std::optional<update::OcpMinor> max = update::v1_parse_max_openshift(p.value->dump());
    if (!max) return {};
    if (max->major == 4 && max->minor == 23) return "5.0";
    return max->to_string();
  }
  return {};
}

bool has_property(const model::PackageBundle& b, const char* type) {
  if (!b.declared) return false;
  return std::any_of(b.declared->properties.begin(), b.declared->properties.end(),
                     [type](const declcfg::Property& p) { return p.type == type; });
}

bool version_less(const std::string& a, const std::string& b) {
  const auto pa = profiles::parse_ocp_version(a), pb = profiles::parse_ocp_version(b);
  if (pa && pb) return pa->major != pb->major ? pa->major < pb->major : pa->minor < pb->minor;
  return a < b;
}

}  // namespace

const MatrixCell* Matrix::cell(std::size_t column, const std::string& package) const {
  if (column >= columns.size()) return nullptr;
  for (const auto& [name, cell] : columns[column].packages) {
    if (name == package) return &cell;
  }
  return nullptr;
}

MatrixColumn matrix_column(const ValidationReport& report, const std::string& root, const std::optional<profiles::OcpVersion>& version) {
  MatrixColumn column;
  column.root = root;
  column.ocp_version = version;
  column.verdict = report.verdict;
  std::optional<profiles::OcpVersion> effective;
  if (version) effective = effective_ocp_version(*version);
  for (const auto& [name, package] : report.model.packages) {
    MatrixCell cell;
    cell.present = true;
    cell.default_channel = package.default_channel;
    cell.bundles = package.bundles.size();
    cell.package_deprecation = package.deprecation;
    std::set<std::string> max_values;
    for (const model::PackageBundle& b : package.bundles) {
      const std::string max = max_openshift_of(b);
      if (!max.empty()) max_values.insert(max);
      if (b.deprecation) cell.deprecated_bundles.push_back(b.name);
      const bool object = has_property(b, "olm.bundle.object"), csv = has_property(b, "olm.csv.metadata");
      cell.format.bundle_object += object;
      cell.format.csv_metadata += csv;
    }
    cell.max_openshift.assign(max_values.begin(), max_values.end());
    std::sort(cell.max_openshift.begin(), cell.max_openshift.end(), version_less);
    cell.format.bundles = package.bundles.size();
    if (effective) {
      const bool csv_era = effective->at_least(4, 17);
      cell.format.needed = csv_era ? "olm.csv.metadata" : "olm.bundle.object";
      const std::size_t have = csv_era ? cell.format.csv_metadata : cell.format.bundle_object;
      const std::size_t other = csv_era ? cell.format.bundle_object : cell.format.csv_metadata;
      cell.format.ok = have == cell.format.bundles && other == 0;
    }
    for (const std::string& channel_name : package.channel_order) {
      const auto ch = package.channels.find(channel_name);
      if (ch == package.channels.end() || ch->second.channel_blob < 0) continue;
      MatrixChannel c;
      c.name = channel_name;
      c.entries = ch->second.bundles.size();
      c.deprecated = ch->second.deprecation.has_value();
      if (c.deprecated) cell.deprecated_channels.push_back(channel_name);
      c.heads = model::channel_heads(ch->second);
      if (c.heads.size() == 1) {
        c.head = c.heads.front();
        c.heads.clear();
        if (const model::PackageBundle* b = package.bundle(c.head)) c.head_max_openshift = max_openshift_of(*b);
      }
      if (channel_name == package.default_channel) cell.default_head_max_openshift = c.head_max_openshift;
      cell.channels.push_back(std::move(c));
    }
    if (effective && !cell.default_head_max_openshift.empty()) {
      const auto max = profiles::parse_ocp_version(cell.default_head_max_openshift);
      profiles::OcpVersion next = effective_ocp_version({effective->major, effective->minor + 1});
      if (max) cell.blocks_cluster_upgrade = !max->at_least(next.major, next.minor);
    }
    column.packages.emplace_back(name, std::move(cell));
  }
  return column;
}

}  // namespace fbclens::repo
