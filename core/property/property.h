// Typed properties: every property type fbclens knows, decoded once from its JSON value into a
// struct (as operator-registry's alpha/property does with property.Parse), so the model, the update
// logic and the views ask a bundle for "its version" or "its CSV display name" instead of reading
// JSON. Decoding never fails: values that do not decode are reported by the validator (finding
// PropertyInvalid, spec validation.md §2.9) and are simply absent here.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "load/document.h"
#include "load/json_stream.h"

namespace fbclens::declcfg {
struct Property;
}

namespace fbclens::property {

/// olm.package: the package a bundle belongs to and its version (spec §2.9, olm.package).
struct Package {
  std::string package_name;
  std::string version;  ///< as written; parsed by the model (strict SemVer)
  std::string release;  ///< "" = none
};

/// olm.gvk (provided API) and olm.gvk.required (required API): a group/version/kind.
struct Gvk {
  std::string group;
  std::string version;
  std::string kind;
};

/// olm.package.required: another package, in a blang/semver version range.
struct PackageRequired {
  std::string package_name;
  std::string version_range;
};

/// olm.constraint: a dependency in OLM's generic constraint form (package, gvk, cel, all, any,
/// not). Kept as data until the dependency resolver reads it: its compact JSON text and its
/// failureMessage.
struct Constraint {
  std::string failure_message;
  std::string json;  ///< the whole value, compact JSON
};

/// An icon of a CSV (spec.icon[]) or package (olm.package icon): base64 data and its media type.
/// The data is shared between the bundles of a catalog that carry the same icon.
struct Icon {
  std::shared_ptr<const std::string> base64_data;  ///< never null
  std::string media_type;                          ///< "" = not given (the console cannot show it)
};

/// One install mode of a CSV (OwnNamespace, SingleNamespace, MultiNamespace, AllNamespaces).
struct InstallMode {
  std::string type;
  bool supported = false;
};

/// An owned CRD of a CSV (spec.customresourcedefinitions.owned[], olm.csv.metadata's
/// crdDescriptions.owned[]): what OLM reads of it for an OperatorGroup's olm.providedAPIs
/// (OLM pkg/controller/operators/olm/labeler.go apiSurfaceOfCSV): `name` is "plural.group".
struct OwnedCrd {
  std::string name;
  std::string version;
  std::string kind;
};

/// An owned APIService of a CSV (spec.apiservicedefinitions.owned[], olm.csv.metadata's
/// apiServiceDefinitions.owned[]).
struct OwnedApiService {
  std::string group;
  std::string version;
  std::string kind;
  std::string name;
};

/// The owned CRDs and APIServices of a CSV (what the install analyses read of its API definitions).
struct OwnedApis {
  std::vector<OwnedCrd> crds;
  std::vector<OwnedApiService> api_services;
};

/// A name and e-mail (spec.maintainers[]) or a name and URL (spec.links[]) of a CSV.
struct NamedText {
  std::string name;
  std::string text;  ///< the e-mail of a maintainer, the URL of a link
};

/// What OperatorHub and the update logic read from a ClusterServiceVersion: from the
/// olm.csv.metadata property (the "olm.csv.metadata era", OCP 4.17+), or from the CSV manifest
/// inside an olm.bundle.object property (earlier catalogs). Long texts are shared between bundles
/// that carry the same text (descriptions repeat across a package's versions).
struct CsvMetadata {
  std::string display_name;
  std::string provider;  ///< spec.provider.name
  std::shared_ptr<const std::string> description;  ///< never null
  std::vector<Icon> icons;
  /// metadata.annotations whose value is at most kMaxAnnotationBytes; longer ones (alm-examples in
  /// practice: whole example manifests) are listed in `long_annotations` with their size in bytes.
  /// Sorted by key. (Sorted vectors, not maps: a CSV has dozens of annotations, and a catalog of
  /// the bundle-object era keeps one CSV per bundle; map nodes cost a third more memory.)
  std::vector<std::pair<std::string, std::string>> annotations;
  std::vector<std::pair<std::string, std::size_t>> long_annotations;
  std::vector<std::pair<std::string, std::string>> labels;

  /// The annotation `key`'s value, or nullptr (also for a long annotation).
  const std::string* annotation(std::string_view key) const;
  /// The label `key`'s value, or nullptr.
  const std::string* label(std::string_view key) const;
  std::vector<std::string> keywords;
  std::string maturity;
  std::string min_kube_version;
  std::vector<InstallMode> install_modes;  ///< as listed (duplicates and unknown types kept)
  bool install_modes_declared = false;     ///< the CSV has an installModes list (maybe empty)
  std::vector<OwnedCrd> owned_crds;
  std::vector<OwnedApiService> owned_api_services;
  std::vector<NamedText> maintainers;      ///< {name, email}
  std::vector<NamedText> links;            ///< {name, url}
  std::string replaces;  ///< spec.replaces (only in a CSV manifest; csv.metadata has no such field)
  std::string version;   ///< spec.version as written (only in a CSV manifest; csv.metadata has none)
  bool from_bundle_object = false;  ///< read from an olm.bundle.object CSV, not olm.csv.metadata

  static constexpr std::size_t kMaxAnnotationBytes = 1024;
  /// The console reads operatorframework.io/suggested-namespace-template (a whole Namespace
  /// manifest) on its install page, so it is kept up to this size rather than kMaxAnnotationBytes.
  static constexpr std::size_t kMaxNamespaceTemplateBytes = 64 * 1024;
};

/// What the install analyses (core/install) read from a bundle's olm.bundle.object manifests,
/// extracted while the payloads are checked at load, before they are released: every manifest's
/// apiVersion, kind and name, and from the CSV manifest its webhook definitions and deployment
/// names (olm.csv.metadata carries neither, so a bundle without bundle objects has no
/// BundleManifests and those facts are unknown). Small: a few short strings per manifest.
struct BundleManifests {
  struct Object {
    std::string api_version;
    std::string kind;
    std::string name;  ///< metadata.name
  };
  /// A webhook rule: the API groups and resources it matches (operations are not kept).
  struct WebhookRule {
    std::vector<std::string> api_groups;
    std::vector<std::string> resources;
  };
  /// spec.webhookdefinitions[] of the CSV.
  struct Webhook {
    std::string type;             ///< ValidatingAdmissionWebhook, MutatingAdmissionWebhook, ConversionWebhook
    std::string generate_name;
    std::string deployment_name;
    std::vector<std::string> conversion_crds;
    std::vector<WebhookRule> rules;
  };
  std::vector<Object> objects;           ///< every decoded manifest, in property order (the CSV too)
  bool has_csv = false;                  ///< a ClusterServiceVersion manifest was found and read
  std::vector<Webhook> webhooks;         ///< of the first CSV manifest
  std::vector<std::string> deployments;  ///< spec.install.spec.deployments[].name of the first CSV manifest
};

/// Reads the webhook definitions and deployment names of a CSV manifest (parsed with
/// csv_member_filter) into `out`. Mistyped fields are left out; never fails.
void read_csv_manifest_facts(const Json& csv, BundleManifests& out);

/// The apiVersion, kind and metadata.name of a JSON manifest, read by a SAX pass that stops as
/// soon as all three are seen (Go's marshalling writes them first, so a CRD of megabytes costs a few
/// hundred bytes of scanning). Fields absent or not strings are "". Never fails.
BundleManifests::Object scan_manifest_identity(const std::string& json_text);


/// Shares identical long strings (descriptions, icon data) between the bundles of one catalog, so
/// typed properties cost little more memory than the JSON they came from. Not thread-safe.
class TextPool {
 public:
  /// Returns a shared copy of `text`, reusing an earlier equal one.
  std::shared_ptr<const std::string> intern(std::string text);

 private:
  // Keyed by a view of the shared string itself, so each distinct text is stored once.
  std::map<std::string_view, std::shared_ptr<const std::string>> pool_;
};

/// The member filter (for parse_json_value) that keeps, of a ClusterServiceVersion manifest, only
/// what csv_metadata_from_manifest and read_csv_manifest_facts read (apiVersion, kind,
/// metadata.name/annotations/labels, the spec fields OperatorHub shows, installModes, the owned
/// CRDs' and APIServices' names, versions and kinds, webhookdefinitions and the install strategy's
/// deployment names), so a CSV's deployment specs, permissions and CRD descriptors are never built
/// in memory, and mostly not even lexed. Keys match case-folded (ASCII), as Go's encoding/json
/// matches them when OLM decodes the CSV.
const JsonMemberFilter& csv_member_filter();

/// Reads CSV metadata from a ClusterServiceVersion manifest (`csv`: the whole object with
/// metadata and spec). Missing or mistyped fields are left empty; never fails.
CsvMetadata csv_metadata_from_manifest(const Json& csv, TextPool& pool);

/// Reads CSV metadata from an olm.csv.metadata property value. Never fails.
CsvMetadata csv_metadata_from_property(const Json& value, TextPool& pool);

/// Every typed property of one bundle (or package or channel), in the order declared. Properties
/// whose value did not decode (declcfg::Property::error set) are left out; unknown types are
/// counted in `other_types`.
struct Properties {
  std::optional<Package> package;           ///< the first olm.package
  std::vector<Gvk> provided_gvks;           ///< olm.gvk
  std::vector<Gvk> required_gvks;           ///< olm.gvk.required
  std::vector<PackageRequired> required_packages;  ///< olm.package.required
  std::vector<Constraint> constraints;      ///< olm.constraint
  /// olm.csv.metadata, else the bundle-object CSV; null when there is neither. On the heap (and
  /// shared by copies): a CsvMetadata is large and a catalog may have many bundles without one.
  std::shared_ptr<const CsvMetadata> csv;
  bool legacy_deprecated = false;           ///< the legacy olm.deprecated property (OLM Classic prohibits it)
  std::vector<std::string> channels;        ///< legacy olm.channel properties' channel names
  std::vector<std::string> other_types;     ///< types fbclens does not decode (passed through)

  /// The first dependency property's type ("olm.package.required", "olm.gvk.required",
  /// "olm.constraint"), or "" when the bundle declares none (OLM v1 refuses bundles that do).
  std::string first_dependency_type;
};

/// Decodes `list` (a bundle's, package's or channel's properties). `bundle_object_csv` is the CSV
/// read from the bundle's olm.bundle.object manifests, used (moved from) when no
/// olm.csv.metadata is present. `metadata_owned`: the owned APIs of the olm.csv.metadata, taken
/// at load before its descriptions were released (declcfg::Bundle::metadata_owned); when given
/// they replace what the (released) value still says. `metadata_csv`: the first valid
/// olm.csv.metadata, read at load before its value was released (declcfg::Bundle::metadata_csv),
/// used in place of reading it from the value.
Properties decode_properties(const std::vector<declcfg::Property>& list, TextPool& pool,
                             std::optional<CsvMetadata> bundle_object_csv = std::nullopt,
                             std::optional<OwnedApis> metadata_owned = std::nullopt,
                             std::unique_ptr<CsvMetadata> metadata_csv = nullptr);

}  // namespace fbclens::property
