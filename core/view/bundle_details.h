// One channel entry's bundle in full, as the Bundle panel shows it when a graph node is selected:
// what the entry declares (replaces, skips, skipRange), what the olm.bundle declares (image,
// properties, related images) and where. Asked for one bundle at a time, so the explorer view
// can stay small for catalogs of thousands of bundles.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/model.h"
#include "view/json_fields.h"

namespace fbclens::view {

/// Longest property value text in a details answer, in bytes; longer values are cut at a UTF-8
/// character boundary and marked `truncated` (a csv.metadata description can be kilobytes).
constexpr std::size_t kPropertyValueTextLimit = 240;
// A released value keeps more of its text than is shown (and one byte to tell it was cut).
static_assert(kPropertyValueTextLimit + 4 < declcfg::kReleasedValueTextBytes);

/// One property of the bundle, as declared (file order).
struct BundleProperty {
  std::string type;
  std::string value;       ///< compact JSON text, cut at kPropertyValueTextLimit when `truncated`
  bool truncated = false;
};

/// One related image (name, image reference).
struct BundleRelatedImage {
  std::string name, image;
};

/// The bundle of one channel entry. JSON (json_fields below):
///   {package, channel, name, version, release, image, where ("file:line" of the olm.bundle, ""
///    without one), head (the channel's single head; false when the channel has several),
///    deprecation: TEXT|null, replaces, skips: [..], skipRange,
///    properties: [{type, value, truncated}], relatedImages: [{name, image}], bundleObjects,
///    bundleObjectBytes}.
struct BundleDetails {
  std::string package, channel, name;
  std::string version;                     ///< "" when unknown
  std::string release, image, where;
  bool head = false;
  std::optional<std::string> deprecation;  ///< the deprecation message; nullopt = not deprecated
  std::string replaces;
  std::vector<std::string> skips;
  std::string skip_range;
  std::vector<BundleProperty> properties;
  std::vector<BundleRelatedImage> related_images;
  std::size_t bundle_objects = 0;
  std::uint64_t bundle_object_bytes = 0;
};

inline auto json_fields(const BundleProperty*) {
  return std::make_tuple(field("type", &BundleProperty::type), field("value", &BundleProperty::value),
                         field("truncated", &BundleProperty::truncated));
}
inline auto json_fields(const BundleRelatedImage*) {
  return std::make_tuple(field("name", &BundleRelatedImage::name), field("image", &BundleRelatedImage::image));
}
inline auto json_fields(const BundleDetails*) {
  using D = BundleDetails;
  return std::make_tuple(field("package", &D::package), field("channel", &D::channel), field("name", &D::name),
                         field("version", &D::version), field("release", &D::release), field("image", &D::image),
                         field("where", &D::where), field("head", &D::head), field("deprecation", &D::deprecation),
                         field("replaces", &D::replaces), field("skips", &D::skips), field("skipRange", &D::skip_range),
                         field("properties", &D::properties), field("relatedImages", &D::related_images),
                         field("bundleObjects", &D::bundle_objects), field("bundleObjectBytes", &D::bundle_object_bytes));
}

/// The entry `bundle` of `channel` in `package` of `model`. Properties keep their file order.
/// olm.bundle.object values are described, not dumped: their payloads are checked at load and then
/// released (declcfg/decode.cpp), so only their count and decoded size remain. olm.csv.metadata
/// shows its value without crdDescriptions and apiServiceDefinitions, released the same way.
/// Errors: nullopt, with `error` naming the package, channel or entry that is not in the model.
std::optional<BundleDetails> bundle_details(const model::Model& model, const std::string& package,
                                            const std::string& channel, const std::string& bundle, std::string& error);

}  // namespace fbclens::view
