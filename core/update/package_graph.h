// The upgrade graph of one package in one catalog, as both OLMs read it: channels of entries
// (replaces / skips / skipRange, in catalog order) and the package's bundles (spec successors.md
// §1.1, §2.1). Built from the model alone, or directly by tests.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "model/model.h"
#include "semver/blang.h"

namespace fbclens::update {

/// A channel entry: the one entry type declcfg, the model, the update logic and the layout share.
using ChannelEntry = declcfg::ChannelEntry;

struct GraphChannel {
  std::string name;
  std::vector<ChannelEntry> entries;  ///< catalog order
};

struct GraphBundle {
  std::string name;
  std::string version;               ///< the olm.package version, as written
  bool deprecated = false;           ///< listed in olm.deprecations (schema olm.bundle)
  bool olm_deprecated = false;       ///< carries the legacy olm.deprecated property (Classic prohibits it)
  std::string dependency_property;   ///< first olm.package.required / olm.gvk.required / olm.constraint ("" = none; v1 rejects)
  std::string max_openshift;         ///< the first olm.maxOpenShiftVersion property's value as JSON text ("" = none)
};

struct PackageGraph {
  std::string package;
  std::string default_channel;
  std::vector<GraphChannel> channels;  ///< catalog order
  std::vector<GraphBundle> bundles;    ///< catalog (bundle list) order

  const GraphBundle* bundle(const std::string& name) const;
};

/// The installed bundle: its name (for replaces/skips) and version text (for skipRange and v1).
struct Installed {
  std::string name;
  std::string version;
};

/// Version + release as OLM v1 reads a registry+v1 bundle (spec §2.7): when the build metadata
/// parses as a release (dot-separated pre-release identifiers, ≤ 20 chars) it moves into `release`.
struct VersionRelease {
  std::optional<semver::Version> version;  ///< nullopt when the text is not strict SemVer
  std::vector<semver::PrereleaseId> release;
  bool has_release = false;
};

/// Splits `version_text` by the legacy registry+v1 rule above.
VersionRelease version_release(const std::string& version_text);

/// VersionRelease.Compare: SemVer precedence, then any release > none, then release identifiers.
/// Unparsable versions sort below everything. Returns <0, 0, >0.
int compare(const VersionRelease& a, const VersionRelease& b);

/// The one-step-at-a-time walk both OLMs make (successors.md §1.6): from `installed`, apply `step`
/// (the next bundle's name, or "" when the OLM stays or fails) until it stays or a bundle repeats,
/// so malformed catalogs cannot loop. Returns the bundle names, starting with `installed.name`.
/// `find` looks a bundle up by name (nullptr = PackageGraph::bundle; a GraphIndex's is faster).
std::vector<std::string> walk_from(const PackageGraph& graph, const Installed& installed,
                                   const std::function<std::string(const Installed&)>& step,
                                   const std::function<const GraphBundle*(const std::string&)>& find = nullptr);

/// The package graph of `package` (channels and bundles in file order; a channel the model
/// synthesised for an undeclared default channel is left out, as it has no entries).
PackageGraph package_graph(const model::Package& package);

/// The package graph of the package named `package` in `model`, or nullopt when there is none.
std::optional<PackageGraph> package_graph(const model::Model& model, const std::string& package);

}  // namespace fbclens::update
