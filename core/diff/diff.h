// What changed between two catalogs (issue 14 item 2, `fbclens diff OLD NEW`): packages,
// channels, channel entries and bundles added and removed; default channels; the upgrade edges
// (replaces / skips / skipRange) of entries in both; deprecations; bundles changed after release
// (image, properties, related images: the FBC guidelines hold bundles immutable, issue 24 item 6);
// and, for every entry in both, whether OLM Classic's and OLM v1's next step and walk end changed
// and whether Classic now strands it (core/update/divergence.h). Model in, data out;
// export/diff_json.h renders it.
//
// Scope rule: edges, bundles, deprecations and upgrades are compared inside packages present in
// both catalogs, entries inside channels present in both. The channels and entries of an added or
// removed package, and the entries of an added or removed channel, are listed too (issue 24 item
// 5), marked `within` the package or channel that carries them, so a consumer counting what
// disappeared needs not expand them; count() and the pruning profile count them with their
// package or channel, not again. Channels the model synthesised for an undeclared default channel
// (model::Channel::channel_blob < 0) are not channels of the catalog and are left out.
#pragma once

#include <string>
#include <vector>

#include "model/model.h"

namespace fbclens::diff {

/// A channel of a package. `within`: "" when the channel itself was added or removed, "package"
/// when it came or went with its package.
struct ChannelKey {
  std::string package, channel;
  std::string within;
};

/// An entry of a channel. `within`: "" when the entry itself was added or removed, "channel" or
/// "package" when it came or went with its channel or package.
struct EntryKey {
  std::string package, channel, bundle;
  std::string within;
};

/// An olm.bundle of a package (whatever channels list it).
struct BundleKey {
  std::string package, bundle;
};

/// An olm.bundle present in both catalogs (same package, same name) whose image, properties or
/// related images changed. `changes` names each change for people, in this order: the image
/// ("image digest changed from sha256:… to sha256:…", "image moved from quay.io/a to
/// registry.redhat.io/b (same digest sha256:…)", "image changed from X to Y" for references
/// without a digest), the property types whose values changed, were added or were removed
/// ("properties changed: olm.csv.metadata, olm.gvk"; values compared by declcfg::value_digest,
/// whatever their order in the list; a bundle whose olm.bundle.object properties gave way to
/// olm.csv.metadata says so, as that is how a catalog migration looks), then related images ("related image N moved from … to …
/// (same digest …)", "related images added: …", "related images removed: …", each named by its
/// name and image). `severity` is "info" when every change is an image that moved registry with
/// the same digest, else "warning".
struct BundleChange {
  std::string package, bundle;
  std::string severity;
  std::vector<std::string> changes;
};

/// A package whose declared defaultChannel changed ("" = unset).
struct DefaultChannelChange {
  std::string package, old_channel, new_channel;
};

/// One changed upgrade field of an entry present in both catalogs (same package, channel, name).
/// `field` is "replaces", "skips" or "skipRange". replaces / skipRange use old_text / new_text
/// ("" = unset); skips uses old_skips / new_skips (sorted, each name once: the order of skips
/// means nothing to either OLM, so a reordering is no change).
struct EdgeChange {
  std::string package, channel, bundle, field;
  std::string old_text, new_text;
  std::vector<std::string> old_skips, new_skips;
};

/// An olm.deprecations entry (model::DeprecationRecord without its location). A changed message
/// is the old entry removed and the new one added.
struct DeprecationKey {
  std::string package, schema, name, message;
};

/// What one OLM does for an installed bundle following one channel (divergence.h's rows).
struct OlmOutcome {
  std::string next;   ///< the bundle of the first step; "" = stays or fails
  std::string end;    ///< the last bundle of the walk (the installed one when it stays)
  std::string error;  ///< the OLM's error text; "" = none
  bool operator==(const OlmOutcome& o) const { return next == o.next && end == o.end && error == o.error; }
  bool operator!=(const OlmOutcome& o) const { return !(*this == o); }
};

/// An entry present in both catalogs (in the same channel) whose upgrade outcome changed: a
/// subscription / ClusterExtension following `channel` with `installed` installed.
struct UpgradeChange {
  std::string package, channel, installed;
  OlmOutcome classic_old, classic_new, v1_old, v1_new;
  bool stranded_old = false, stranded_new = false;  ///< divergence.h classic_stranded
};

/// The whole diff. Every list is sorted by its fields in declaration order (byte-wise), each
/// element once, so two runs on the same catalogs give the same data.
struct CatalogDiff {
  std::vector<std::string> packages_added, packages_removed;
  std::vector<ChannelKey> channels_added, channels_removed;
  std::vector<EntryKey> entries_added, entries_removed;
  std::vector<BundleKey> bundles_added, bundles_removed;
  std::vector<BundleChange> bundles_changed;
  std::vector<DefaultChannelChange> default_channels;
  std::vector<EdgeChange> edges;
  std::vector<DeprecationKey> deprecations_added, deprecations_removed;
  std::vector<UpgradeChange> upgrades;

  /// True when nothing differs.
  bool empty() const;
  /// How many differences the lists hold in all, a channel or entry listed `within` its package
  /// or channel not counted again.
  std::size_t count() const;
};

/// Compares `old_model` with `new_model`. Upgrade outcomes are computed only for packages whose
/// upgrade graph (update::package_graph: channels, entries, edges, bundle versions and the
/// properties the OLMs read) differs, since equal graphs give equal outcomes; so two
/// renderings of one catalog cost two loads and no walks. Never fails; walks always end.
CatalogDiff diff_models(const model::Model& old_model, const model::Model& new_model);

/// One removal the `pruning` profile fails on: a whole channel (bundle == "") or one entry.
struct PruningViolation {
  std::string package, channel, bundle;
  SourceLocation where;  ///< the removed olm.channel or entry in the old catalog ({} when unknown)
};

/// Whether Konflux's fbc-target-index-pruning-check allows removals in `channel`: its name
/// contains "dev-preview", "pre-ga" or "candidate" (case-sensitive, anywhere in the name).
bool pruning_allowed(const std::string& channel);

/// The `pruning` profile: every removed channel and channel entry of a package present in both
/// catalogs, except in channels pruning_allowed exempts, in the diff's order (channels, then
/// entries); an entry listed within its removed channel is that channel's violation, not one of
/// its own. Removed packages are not violations: the Konflux check tests only packages the new
/// catalog (its FBC fragment) configures. Empty = the profile passes. With `old_model` (the
/// model `diff` was computed from), each violation is located where OLD declares it.
std::vector<PruningViolation> pruning_violations(const CatalogDiff& diff, const model::Model* old_model = nullptr);

}  // namespace fbclens::diff
