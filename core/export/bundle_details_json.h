// One channel entry's bundle in full, as the app's details box shows it when a graph node is
// selected: what the entry declares (replaces, skips, skipRange), what the olm.bundle declares
// (image, properties, related images) and where. Asked for one bundle at a time, so the explorer
// view (catalog_view_json.h) can stay small for catalogs of thousands of bundles.
#pragma once

#include <optional>
#include <string>

#include "load/document.h"
#include "model/model.h"

namespace fbclens {

/// Longest property value text in a details answer, in bytes; longer values are cut at a UTF-8
/// character boundary and marked `truncated` (a csv.metadata description can be kilobytes).
constexpr std::size_t kPropertyValueTextLimit = 240;

/// The entry `bundle` of `channel` in `package` of `model`:
///   {package, channel, name, version, release, image, where ("file:line" of the olm.bundle, ""
///    without one), head (the channel's single head; false when the channel has several),
///    deprecation: TEXT|null, replaces, skips: [..], skipRange,
///    properties: [{type, value: compact JSON text, truncated: bool}],
///    relatedImages: [{name, image}], bundleObjects, bundleObjectBytes}.
/// Properties keep their file order. olm.bundle.object values are described, not dumped: their
/// payloads are checked at load and then released (declcfg/decode.cpp), so only their count and
/// decoded size remain. olm.csv.metadata shows its value without crdDescriptions and
/// apiServiceDefinitions, released the same way.
/// Errors: nullopt, with `error` naming the package, channel or entry that is not in the model.
std::optional<Json> bundle_details_json(const model::Model& model, const std::string& package, const std::string& channel,
                                        const std::string& bundle, std::string& error);

}  // namespace fbclens
