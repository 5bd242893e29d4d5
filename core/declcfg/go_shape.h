// Checking a JSON value against the shape of a Go struct the way Go's encoding/json decodes it
// (case-insensitive field match with exact match preferred, unknown fields ignored, null = zero
// value, wrong JSON type = error). opm decodes every olm.* object and typed property this way, and
// its error texts ("json: cannot unmarshal number into Go struct field Package.version of type
// string") are part of what `opm validate` prints.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "load/document.h"

namespace fbclens {

/// The shape of a Go type, as far as JSON decoding cares.
struct GoShape {
  enum class Kind { String, Bool, Int32, Any, Bytes, Struct, Slice, Map };
  Kind kind = Kind::Any;
  std::string go_type;  ///< as Go prints it: "string", "[]declcfg.RelatedImage", "property.Package"
  std::vector<std::pair<std::string, const GoShape*>> fields;  ///< Struct: JSON name → shape
  const GoShape* element = nullptr;                            ///< Slice / Map element
};

/// Finds the member of object `obj` that Go would decode into field `name`: the exact key if
/// present, else the first key equal under ASCII case folding. Returns nullptr if none.
/// `key_out` (optional) receives the key as spelled in the document.
const Json* go_field(const Json& obj, std::string_view name, std::string* key_out = nullptr);

/// Checks `value` against `shape` as Go's json.Unmarshal into that type would. Returns "" when
/// decoding succeeds, else Go's error text. `field_path_out` (optional) receives the document
/// path of the offending member (e.g. "/entries/2/skips/0"), for locating the finding.
std::string go_decode_check(const Json& value, const GoShape& shape, std::string* field_path_out = nullptr);

/// Decodes standard base64 with padding, ignoring '\r' and '\n' (Go's base64.StdEncoding as used
/// by encoding/json for []byte). Returns false with Go's "illegal base64 data at input byte N".
/// `out` is replaced (its buffer reused; unspecified on failure); with `out` null it only
/// validates (no allocation). O(n).
bool go_base64_decode(std::string_view in, std::string* out, std::string& error);

/// Shapes of the declarative-config types (alpha/declcfg) and typed properties (alpha/property).
namespace shapes {
const GoShape& package();      ///< declcfg.Package
const GoShape& channel();      ///< declcfg.Channel
const GoShape& bundle();       ///< declcfg.Bundle
const GoShape& deprecation();  ///< declcfg.Deprecation
const GoShape& property_package();           ///< property.Package (olm.package)
const GoShape& property_package_required();  ///< property.PackageRequired
const GoShape& property_gvk();               ///< property.GVK
const GoShape& property_gvk_required();      ///< property.GVKRequired
const GoShape& property_bundle_object();     ///< property.BundleObject
const GoShape& property_csv_metadata();      ///< property.CSVMetadata
const GoShape& property_channel();           ///< property.Channel
}  // namespace shapes

}  // namespace fbclens
