// describe_model: what the model holds beyond opm's (see model.h), so that the update logic, the
// layout, the exports and the OperatorHub preview read the model alone.
#include <algorithm>

#include "declcfg/go_shape.h"
#include "model/model.h"

namespace fbclens::model {

std::vector<const Bundle*> Channel::entries() const {
  std::vector<const Bundle*> out;
  out.reserve(entry_order.size());
  for (const std::string& name : entry_order) out.push_back(&bundles.at(name));
  return out;
}

const std::string& PackageBundle::version_text() const {
  static const std::string kNone;
  return properties.package ? properties.package->version : kNone;
}

const PackageBundle* Package::bundle(const std::string& name) const {
  for (const PackageBundle& b : bundles) {
    if (b.name == name) return &b;
  }
  return nullptr;
}

namespace {

std::optional<PackageIcon> package_icon(const Json& package_value) {
  const Json* icon = go_field(package_value, "icon");
  if (!icon || !icon->is_object()) return std::nullopt;
  PackageIcon out;
  if (const Json* data = go_field(*icon, "base64data"); data && data->is_string()) out.base64_data = data->get<std::string>();
  if (const Json* type = go_field(*icon, "mediatype"); type && type->is_string()) out.media_type = type->get<std::string>();
  return out;
}

}  // namespace

void describe_model(Model& model, declcfg::DeclarativeConfig& cfg, const LoadResult& load) {
  const auto at = [&load](std::uint32_t blob, const std::string& field = "") { return load.locate(load.blobs[blob], field); };
  property::TextPool pool;
  for (auto& [name, pkg] : model.packages) {
    if (pkg.package_blob >= 0) {
      const declcfg::Package& p = cfg.packages[pkg.package_blob];
      pkg.description = p.description;
      pkg.icon = package_icon(load.blobs[p.blob].document.value);
      pkg.where = at(p.blob);
    }
    // Channels in file order; a synthesised default channel (no olm.channel) last.
    for (auto& [cname, ch] : pkg.channels) {
      if (ch.channel_blob < 0) continue;
      const std::uint32_t blob = cfg.channels[ch.channel_blob].blob;
      ch.where = at(blob);
      for (auto& [ename, entry] : ch.bundles) entry.where = at(blob, "/entries/" + std::to_string(entry.index));
    }
    std::vector<const Channel*> by_file;
    for (const auto& [cname, ch] : pkg.channels) by_file.push_back(&ch);
    std::stable_sort(by_file.begin(), by_file.end(), [](const Channel* a, const Channel* b) {
      const unsigned ia = static_cast<unsigned>(a->channel_blob), ib = static_cast<unsigned>(b->channel_blob);
      return ia < ib;  // -1 (synthesised) becomes the largest
    });
    for (const Channel* ch : by_file) pkg.channel_order.push_back(ch->name);

    pkg.bundles.reserve(pkg.bundle_blobs.size());  // PackageBundle is large: no regrowth copies
    for (int index : pkg.bundle_blobs) {
      declcfg::Bundle& b = cfg.bundles[index];
      PackageBundle pb;
      pb.name = b.name;
      pb.image = b.image;
      std::optional<property::CsvMetadata> object_csv;
      if (b.object_csv) object_csv = std::move(*b.object_csv);
      b.object_csv.reset();
      std::optional<property::OwnedApis> metadata_owned;
      if (b.metadata_owned) metadata_owned = std::move(*b.metadata_owned);
      pb.properties = property::decode_properties(b.properties, pool, std::move(object_csv), std::move(metadata_owned),
                                                  std::move(b.metadata_csv));
      b.metadata_owned.reset();
      b.metadata_csv.reset();
      pb.declared = &b;
      pb.object_count = b.object_count;
      pb.object_bytes = b.object_bytes;
      pb.manifests = std::shared_ptr<const property::BundleManifests>(std::move(b.object_manifests));
      pb.where = at(b.blob);
      for (const std::string& cname : pkg.channel_order) {
        const Channel& ch = pkg.channels.at(cname);
        auto entry = ch.bundles.find(b.name);
        if (entry == ch.bundles.end()) continue;
        pb.channels.push_back(cname);
      }
      pkg.bundles.push_back(std::move(pb));
    }
  }
  // Every olm.deprecations entry as declared, also those the model could not apply (a bundle that
  // no channel lists still carries its deprecation).
  for (const declcfg::Deprecation& d : cfg.deprecations) {
    auto pkg = model.packages.find(d.package);
    if (pkg == model.packages.end()) continue;
    for (const declcfg::DeprecationEntry& e : d.entries) {
      pkg->second.deprecations.push_back({e.reference.schema, e.reference.name, e.message,
                                          at(d.blob, "/entries/" + std::to_string(e.index))});
      if (e.reference.schema != "olm.bundle") continue;
      for (PackageBundle& b : pkg->second.bundles) {
        if (b.name == e.reference.name && !b.deprecation) b.deprecation = e.message;
      }
    }
  }
}

}  // namespace fbclens::model
