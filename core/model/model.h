// The validated in-memory catalog: package → channels → bundles (spec validation.md §3.1), built
// from the declarative config by convert_to_model (phases A–E) and checked by validate_model
// (phase F). A bundle in N channels is N Bundle values, one per channel entry, as in opm.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "declcfg/declcfg.h"
#include "findings/error_tree.h"
#include "lifecycle/lifecycle.h"
#include "property/property.h"
#include "semver/blang.h"

namespace fbclens::model {

/// A channel entry (name, replaces, skips, skipRange; the one entry type that declcfg, the model,
/// the update logic and the layout share) joined with its olm.bundle blob.
struct Bundle : declcfg::ChannelEntry {
  int bundle_blob = -1;           ///< index into DeclarativeConfig::bundles; -1 = no olm.bundle blob
  std::string image;
  std::uint32_t object_count = 0;
  std::optional<semver::Version> version;  ///< unset when the blob is missing or its version is invalid
  std::string release;                     ///< "" = none
  std::vector<semver::PrereleaseId> release_ids;
  std::optional<std::string> deprecation;  ///< the deprecation message, when deprecated
  SourceLocation where;                    ///< the channel entry ("/entries/N" of its olm.channel)
};

/// An olm.bundle of a package, once (whatever channels list it), with its typed properties and
/// where it is declared: what views and the update logic read about a bundle beyond its entries.
struct PackageBundle {
  std::string name;
  std::string image;
  property::Properties properties;           ///< typed (olm.package, olm.gvk, CSV metadata, ...)
  /// The olm.bundle as declared (raw properties, related images), owned by the report's
  /// declarative config like the rest of the model's text; never null in a described model.
  const declcfg::Bundle* declared = nullptr;
  std::uint32_t object_count = 0;   ///< olm.bundle.object properties
  std::uint64_t object_bytes = 0;   ///< their decoded size
  /// What core/install reads of those manifests (identities, the CSV's webhooks and deployments);
  /// unset for a bundle without olm.bundle.object (then those facts are unknown, never guessed).
  /// On the heap (shared by copies of the model): most bundles of today's catalogs have none.
  std::shared_ptr<const property::BundleManifests> manifests;
  std::optional<std::string> deprecation;  ///< olm.deprecations message for this bundle
  std::vector<std::string> channels;       ///< channels listing it, in the package's channel order
  SourceLocation where;

  /// The olm.package property's version as written ("" when there is none).
  const std::string& version_text() const;
};

/// One entry of a package's olm.deprecations, as declared (also entries the model could not
/// apply, e.g. a bundle that no channel lists): what the OperatorHub preview and its author view read.
struct DeprecationRecord {
  std::string schema;   ///< olm.package, olm.channel or olm.bundle
  std::string name;     ///< "" for olm.package
  std::string message;
  SourceLocation where;
};

struct Channel {
  std::string name;
  int channel_blob = -1;  ///< index into DeclarativeConfig::channels; -1 = synthesised default channel
  std::map<std::string, Bundle> bundles;   ///< by entry name
  std::vector<std::string> entry_order;    ///< entry names in file order
  std::optional<std::string> deprecation;
  SourceLocation where;                    ///< the olm.channel ({} when synthesised)

  /// The entries in file order (pointers into `bundles`, valid while the channel is unchanged).
  std::vector<const Bundle*> entries() const;
};

/// A package icon (olm.package "icon").
struct PackageIcon {
  std::string base64_data;
  std::string media_type;
};

struct Package {
  std::string name;
  int package_blob = -1;            ///< index into DeclarativeConfig::packages
  std::string default_channel;      ///< as declared ("" = unset)
  std::map<std::string, Channel> channels;
  std::optional<std::string> deprecation;
  std::vector<int> bundle_blobs;    ///< indices into DeclarativeConfig::bundles of this package

  // Filled in by describe_model (below), from the declarative config, for consumers that take the
  // model alone (update, layout, export, the OperatorHub preview).
  std::string description;
  std::optional<PackageIcon> icon;
  std::vector<std::string> channel_order;      ///< channel names in file order (the synthesised default last)
  std::vector<PackageBundle> bundles;          ///< olm.bundle objects, in file order
  std::vector<DeprecationRecord> deprecations; ///< the olm.deprecations entries, in file order
  /// Its io.openshift.operators.lifecycles.v1alpha1 objects, in load order (console 5.0 shows
  /// lifecycle data only when there is exactly one); filled by lifecycle::attach_lifecycles.
  std::vector<lifecycle::Lifecycle> lifecycles;
  SourceLocation where;                        ///< the olm.package

  /// The olm.bundle named `name`, or nullptr.
  const PackageBundle* bundle(const std::string& name) const;
};

struct Model {
  std::map<std::string, Package> packages;
};

/// Result of the conversion phases A–E.
struct Conversion {
  Model model;
  /// Phase::Convert findings in opm's order. `reported_by_opm` is set on the one opm prints
  /// (its first fail-fast error), if any.
  std::vector<Finding> findings;
  /// True when opm stops in these phases (then one finding has reported_by_opm set).
  /// Entries without an olm.bundle blob stay in the model with bundle_blob == -1: when opm does
  /// not stop, those are the ones it keeps as empty bundles (the §2.4 quirk).
  bool opm_failed = false;
};

/// DeclarativeConfig → Model, phases A–E of spec §2.1–2.5, continuing past opm's fail-fast
/// points wherever that is sound (later findings have reported_by_opm = false).
Conversion convert_to_model(const declcfg::DeclarativeConfig& cfg, const LoadResult& load);

/// Result of phase F.
struct ModelValidation {
  std::vector<Finding> findings;  ///< Phase::Model findings (package, channel, bundle order)
  ErrorNode opm_tree;             ///< opm's "invalid index" tree (empty group = valid)
};

/// Model.Validate() of spec §2.6–2.7 and §3.2–3.3. `opm_reports` says whether opm gets this far
/// (no load or conversion error); it sets Finding::reported_by_opm.
ModelValidation validate_model(const Model& model, const declcfg::DeclarativeConfig& cfg, const LoadResult& load,
                               bool opm_reports);

/// Fills in what consumers read beyond opm's model (Package::description, icon, channel_order,
/// bundles, deprecations and every `where`), so that they need the model alone. Reads `cfg` and
/// `load` (locations); typed properties are decoded here, once. Each declcfg::Bundle's
/// object_csv and object_manifests are moved into the model (it is read nowhere else, and one copy of every CSV's
/// annotations is what a bundle-object catalog can afford). Never fails.
void describe_model(Model& model, declcfg::DeclarativeConfig& cfg, const LoadResult& load);

/// The replaces-chain check of a non-empty channel (spec §3.3): "" when it passes, else opm's
/// text (no head / multiple heads / cycle / stranded bundles).
std::string replaces_chain_error(const Channel& channel);

/// Channel head per spec §3.2: the entries with no incoming replaces/skips edge from the same
/// channel. Exactly one means a valid head.
std::vector<std::string> channel_heads(const Channel& channel);

}  // namespace fbclens::model
