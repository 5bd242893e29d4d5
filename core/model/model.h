// The validated in-memory catalog: package → channels → bundles (spec validation.md §3.1), built
// from the declarative config by convert_to_model (phases A–E) and checked by validate_model
// (phase F). A bundle in N channels is N Bundle values, one per channel entry, as in opm.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "declcfg/declcfg.h"
#include "findings/error_tree.h"
#include "semver/blang.h"

namespace fbclens::model {

/// A channel entry joined with its olm.bundle blob.
struct Bundle {
  std::string name;
  std::string replaces;
  std::vector<std::string> skips;
  std::string skip_range;
  std::uint32_t entry_index = 0;  ///< index in the channel's entries list

  int bundle_blob = -1;           ///< index into DeclarativeConfig::bundles; -1 = no olm.bundle blob
  std::string image;
  std::uint32_t object_count = 0;
  std::optional<semver::Version> version;  ///< unset when the blob is missing or its version is invalid
  std::string release;                     ///< "" = none
  std::vector<semver::PrereleaseId> release_ids;
  std::optional<std::string> deprecation;  ///< the deprecation message, when deprecated
};

struct Channel {
  std::string name;
  int channel_blob = -1;  ///< index into DeclarativeConfig::channels; -1 = synthesised default channel
  std::map<std::string, Bundle> bundles;   ///< by entry name
  std::vector<std::string> entry_order;    ///< entry names in file order
  std::optional<std::string> deprecation;
};

struct Package {
  std::string name;
  int package_blob = -1;            ///< index into DeclarativeConfig::packages
  std::string default_channel;      ///< as declared ("" = unset)
  std::map<std::string, Channel> channels;
  std::optional<std::string> deprecation;
  std::vector<int> bundle_blobs;    ///< indices into DeclarativeConfig::bundles of this package
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

/// The replaces-chain check of a non-empty channel (spec §3.3): "" when it passes, else opm's
/// text (no head / multiple heads / cycle / stranded bundles).
std::string replaces_chain_error(const Channel& channel);

/// Channel head per spec §3.2: the entries with no incoming replaces/skips edge from the same
/// channel. Exactly one means a valid head.
std::vector<std::string> channel_heads(const Channel& channel);

}  // namespace fbclens::model
