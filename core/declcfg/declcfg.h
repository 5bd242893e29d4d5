// The declarative config: typed olm.package / olm.channel / olm.bundle / olm.deprecations objects,
// decoded from blobs as opm's alpha/declcfg does (spec validation.md §1.6). Values that a rule may
// point at keep the index of their blob so findings can name file:line:column.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "declcfg/go_shape.h"
#include "load/loader.h"
#include "property/property.h"

namespace fbclens::declcfg {

class BundleObjectMemo;  // bundle_objects.h

/// A property of a package, channel or bundle: its type and its raw value.
struct Property {
  std::string type;
  const Json* value = nullptr;  ///< points into the blob; nullptr when "value" is absent
  std::uint32_t index = 0;      ///< position in the properties list
  /// For typed properties (spec §2.9), the Go decoding error of the value ("" = decodes), checked
  /// when the blob is decoded; conversion phase C reports it in opm's order. `error_path` is the
  /// offending member below "/properties/<index>/value".
  std::string error;
  std::string error_path;
  /// For an olm.bundle's properties, value_digest of the value as declared, taken before its heavy
  /// parts are released (0 for other objects' properties and for a property without a value):
  /// what the diff compares to tell a changed bundle.
  std::uint64_t digest = 0;
  /// Set when the value was released once decoded (ConfigBuilder::release_decoded; `value` is then
  /// nullptr): the first kReleasedValueTextBytes bytes of its compact JSON text (compact_json_prefix),
  /// all of it when shorter, which is as much of a value as any view shows.
  std::optional<std::string> released_text;
};

/// How much of a released property value's JSON text is kept (Property::released_text): more than
/// the bundle details show of a value (240 bytes), so they show the same text as before.
constexpr std::size_t kReleasedValueTextBytes = 256;

struct Package {
  std::uint32_t blob = 0;
  std::string name;
  std::string default_channel;
  std::string description;
  bool has_icon = false;
  std::vector<Property> properties;
};

/// One entry of a channel: a bundle name and its upgrade edges.
struct ChannelEntry {
  std::string name;
  std::string replaces;
  std::vector<std::string> skips;
  std::string skip_range;
  std::uint32_t index = 0;  ///< position in the channel's entries list
};

struct Channel {
  std::uint32_t blob = 0;
  std::string name;
  std::string package;
  std::vector<ChannelEntry> entries;
  std::vector<Property> properties;
};

struct RelatedImage {
  std::string name;
  std::string image;
};

struct Bundle {
  std::uint32_t blob = 0;
  std::string name;
  std::string package;
  std::string image;
  std::vector<Property> properties;
  std::vector<RelatedImage> related_images;
  std::uint32_t object_count = 0;  ///< olm.bundle.object properties that decoded (opm's Objects)
  std::uint64_t object_bytes = 0;  ///< their decoded size; the payloads themselves are released after checking
  /// The ClusterServiceVersion among the olm.bundle.object manifests, read before the payloads are
  /// released (OperatorHub's fields for catalogs without olm.csv.metadata). Moved into the model
  /// by model::describe_model, which leaves it empty. On the heap: most bundles have none, and the
  /// config holds every bundle.
  std::unique_ptr<property::CsvMetadata> object_csv;
  /// The first valid olm.csv.metadata, read when its value was released (ConfigBuilder::
  /// release_decoded), for decode_properties; moved into the model by model::describe_model.
  std::unique_ptr<property::CsvMetadata> metadata_csv;
  /// What core/install reads of the olm.bundle.object manifests (identities, the CSV's webhooks and
  /// deployment names), taken before the payloads are released; unset when the bundle has none.
  /// Moved into the model by model::describe_model, like object_csv. On the heap, like it.
  std::unique_ptr<property::BundleManifests> object_manifests;
  /// The owned CRDs and APIServices of the first olm.csv.metadata, taken before its descriptions
  /// are released (property::CsvMetadata::owned_crds / owned_api_services); moved into the model.
  /// On the heap: only bundles with an olm.csv.metadata have it.
  std::unique_ptr<property::OwnedApis> metadata_owned;
};

/// A reference inside a package: {schema, name}.
struct PackageScopedReference {
  std::string schema;
  std::string name;
};

struct DeprecationEntry {
  PackageScopedReference reference;
  std::string message;
  std::uint32_t index = 0;
};

struct Deprecation {
  std::uint32_t blob = 0;
  std::string package;
  std::vector<DeprecationEntry> entries;
};

/// Everything a catalog declares, in load (walk) order.
struct DeclarativeConfig {
  std::vector<Package> packages;
  std::vector<Channel> channels;
  std::vector<Bundle> bundles;
  std::vector<Deprecation> deprecations;
  std::vector<std::uint32_t> others;  ///< blobs of any other schema (kept opaque, never validated)
};

/// Builds the declarative config blob by blob, so it can run while files load (see
/// LoadOptions::on_blobs_added): each blob is decoded into typed objects (Go encoding/json rules,
/// §1.6), its bundle objects read (base64, YAML→JSON) and its typed properties checked. A blob that
/// fails becomes a Phase::Load finding appended to `load.findings` (opm: "parse bundle: ...", "read
/// bundle objects: ...") and is left out. Once checked, the heavy parts nothing reads afterwards are
/// released from the blob: olm.bundle.object payloads (their sizes are kept; what core/install reads
/// of them is kept as object_manifests) and the crdDescriptions / apiServiceDefinitions of
/// olm.csv.metadata (their owned entries' identities kept as metadata_owned). The config refers into
/// `load.blobs`, which must outlive it.
class ConfigBuilder {
 public:
  /// Decodes load.blobs[first, end) into the config built so far. `load` must be the same
  /// LoadResult (or one moved from it) on every call: the config refers into its blobs.
  void add_blobs(LoadResult& load, std::size_t first);
  /// The config built so far, its vectors without spare capacity (they live as long as the report).
  DeclarativeConfig take();
  /// With `release` (off by default), once an olm.package, olm.channel, olm.bundle or
  /// olm.deprecations object is decoded its JSON keeps only what validation reads later (its
  /// properties, a package's icon): most of a catalog's JSON. A bundle's olm.csv.metadata values
  /// that decode go too, once read into Bundle::metadata_csv (nothing else reads them; the views
  /// show Property::released_text): on a catalog of the olm.csv.metadata era they are most of what
  /// was left (alm-examples, descriptions). Only for callers that read nothing else of the documents
  /// (validate_catalog with ValidateOptions::release_documents); templates and repositories read
  /// keys' spellings.
  void release_decoded(bool release) { release_ = release; }
  /// Bundle-object manifests read by other decodings sharing `memo` (the roots of one repository)
  /// are taken from it instead of being read again, and those read here are kept in it
  /// (bundle_objects.h). The config built is the same with or without it. nullptr (the default):
  /// nothing shared. `memo` must outlive the builder's add_blobs calls.
  void share_bundle_objects(BundleObjectMemo* memo) { bundle_objects_ = memo; }

 private:
  bool release_ = false;
  BundleObjectMemo* bundle_objects_ = nullptr;
  DeclarativeConfig config_;
  property::TextPool text_pool_;  ///< shares CSV descriptions and icons between bundles
};

/// Decodes every blob of `load` at once (ConfigBuilder over all blobs).
DeclarativeConfig decode_declarative_config(LoadResult& load);

/// The Go shape of a typed property's value (olm.package, olm.gvk, olm.csv.metadata, ...), or
/// nullptr for types opm keeps raw (spec §2.9). olm.bundle.object is read at load time instead.
const GoShape* typed_property_shape(const std::string& type);

}  // namespace fbclens::declcfg
