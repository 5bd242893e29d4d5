#include "view/bundle_details.h"

#include "export/object_fields.h"
#include "load/utf8.h"

namespace fbclens::view {

namespace {

BundleProperty property_row(const declcfg::Property& p, const model::PackageBundle& blob) {
  std::string value;
  if (p.type == "olm.bundle.object") {
    // Every such property shares one count and size (the payloads are gone once checked).
    value = "(a base64 manifest, checked at load and not kept; the bundle has " + std::to_string(blob.object_count) +
            (blob.object_count == 1 ? " object, " : " objects, ") + std::to_string(blob.object_bytes) + " bytes decoded)";
  } else if (p.released_text) {
    value = *p.released_text;  // the beginning of the value's text: more than is shown of it
  } else if (!p.value) {
    value = "(no value)";
  } else {
    // replace: a value from a broken file may hold invalid UTF-8; dump must not throw on it.
    value = p.value->dump(-1, ' ', false, Json::error_handler_t::replace);
  }
  const bool truncated = value.size() > kPropertyValueTextLimit;
  if (truncated) value.resize(utf8_cut_point(value, kPropertyValueTextLimit));
  return {p.type, std::move(value), truncated};
}

}  // namespace

std::optional<BundleDetails> bundle_details(const model::Model& model, const std::string& package,
                                            const std::string& channel, const std::string& bundle, std::string& error) {
  const auto fail = [&error](std::string message) -> std::optional<BundleDetails> {
    error = std::move(message);
    return std::nullopt;
  };
  const auto pkg = model.packages.find(package);
  if (pkg == model.packages.end()) return fail("package " + package + " is not in the catalog");
  const auto ch = pkg->second.channels.find(channel);
  if (ch == pkg->second.channels.end()) return fail("package " + package + " has no channel " + channel);
  const auto entry = ch->second.bundles.find(bundle);
  if (entry == ch->second.bundles.end()) return fail("channel " + channel + " has no entry " + bundle);
  const model::Bundle& b = entry->second;
  const std::vector<std::string> heads = model::channel_heads(ch->second);

  BundleDetails d;
  d.package = package;
  d.channel = channel;
  d.name = b.name;
  d.version = b.version ? b.version->to_string() : "";
  d.release = b.release;
  d.image = b.image;
  d.head = heads.size() == 1 && heads[0] == b.name;
  d.deprecation = b.deprecation;
  d.replaces = b.replaces;
  d.skips = b.skips;
  d.skip_range = b.skip_range;
  const model::PackageBundle* blob = pkg->second.bundle(b.name);
  if (b.bundle_blob < 0 || !blob) return d;  // an entry without an olm.bundle (a finding says so)
  d.where = where_text(blob->where);
  for (const declcfg::Property& p : blob->declared->properties) d.properties.push_back(property_row(p, *blob));
  for (const declcfg::RelatedImage& r : blob->declared->related_images) d.related_images.push_back({r.name, r.image});
  d.bundle_objects = blob->object_count;
  d.bundle_object_bytes = blob->object_bytes;
  return d;
}

}  // namespace fbclens::view
