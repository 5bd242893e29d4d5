#include "export/bundle_details_json.h"

#include "export/object_fields.h"
#include "load/utf8.h"

namespace fbclens {

namespace {

Json property_row(const declcfg::Property& p, const model::PackageBundle& blob) {
  std::string value;
  if (p.type == "olm.bundle.object") {
    // Every such property shares one count and size (the payloads are gone once checked).
    value = "(a base64 manifest, checked at load and not kept; the bundle has " + std::to_string(blob.object_count) +
            (blob.object_count == 1 ? " object, " : " objects, ") + std::to_string(blob.object_bytes) + " bytes decoded)";
  } else if (!p.value) {
    value = "(no value)";
  } else {
    // replace: a value from a broken file may hold invalid UTF-8; dump must not throw on it.
    value = p.value->dump(-1, ' ', false, Json::error_handler_t::replace);
  }
  const bool truncated = value.size() > kPropertyValueTextLimit;
  return {{"type", p.type}, {"value", value.substr(0, utf8_cut_point(value, kPropertyValueTextLimit))},
          {"truncated", truncated}};
}

}  // namespace

std::optional<Json> bundle_details_json(const model::Model& model, const std::string& package, const std::string& channel,
                                        const std::string& bundle, std::string& error) {
  const auto fail = [&error](std::string message) -> std::optional<Json> {
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

  Json details{{"package", package},
               {"channel", channel},
               {"name", b.name},
               {"version", b.version ? b.version->to_string() : ""},
               {"release", b.release},
               {"image", b.image},
               {"where", ""},  // set below from the olm.bundle
               {"head", heads.size() == 1 && heads[0] == b.name},
               {"deprecation", deprecation_json(b.deprecation)},
               {"replaces", b.replaces},
               {"skips", b.skips},
               {"skipRange", b.skip_range},
               {"properties", Json::array()},
               {"relatedImages", Json::array()},
               {"bundleObjects", 0},
               {"bundleObjectBytes", 0}};
  const model::PackageBundle* blob = pkg->second.bundle(b.name);
  if (b.bundle_blob < 0 || !blob) return details;  // an entry without an olm.bundle (a finding says so)
  details["where"] = where_text(blob->where);
  for (const declcfg::Property& p : blob->declared->properties) details["properties"].push_back(property_row(p, *blob));
  for (const declcfg::RelatedImage& r : blob->declared->related_images) {
    details["relatedImages"].push_back({{"name", r.name}, {"image", r.image}});
  }
  details["bundleObjects"] = blob->object_count;
  details["bundleObjectBytes"] = blob->object_bytes;
  return details;
}

}  // namespace fbclens
