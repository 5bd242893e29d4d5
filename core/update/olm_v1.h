// OLM v1 (operator-controller) bundle resolution for a ClusterExtension (spec successors.md §2).
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "semver/masterminds.h"
#include "update/graph_index.h"
#include "update/package_graph.h"

namespace fbclens::update {

/// ClusterExtension spec.source.catalog fields v1 reads.
struct V1Options {
  std::vector<std::string> channels;  ///< empty = all channels (the default channel plays no role)
  std::string version;                ///< Masterminds range; "" = none
  bool self_certified = false;        ///< upgradeConstraintPolicy: SelfCertified (no successor filter)
  /// Catalog selector: matchLabels (each ClusterCatalog has olm.operatorframework.io/metadata.name).
  std::map<std::string, std::string> match_labels;
  /// matchExpressions as {key, operator, values}; operators In, NotIn, Exists, DoesNotExist.
  struct Expression {
    std::string key, op;
    std::vector<std::string> values;
  };
  std::vector<Expression> match_expressions;
};

/// OLM v1's per-bundle filters in one catalog (operator-controller's CatalogResolver, spec §2.3–2.5),
/// shared by v1_resolve and the simulator's explanations (explain.h) so both judge a bundle alike.
/// Refers to `graph`, `installed` and `range`, which must outlive it.
class V1Filters {
 public:
  /// `installed` = nullptr on a fresh install; `range` = the parsed version range (nullptr = none);
  /// `index` = `graph`'s index, whose parsed versions and skipRanges are then used (nullptr = none:
  /// parsed here). The filters answer the same either way.
  V1Filters(const PackageGraph& graph, const Installed* installed, const V1Options& options,
            const semver::masterminds::Constraints* range, const GraphIndex* index = nullptr);

  /// The bundle's version + release, parsed once.
  const VersionRelease& version(const GraphBundle& bundle) const {
    return index_ ? index_->version(bundle) : versions_.at(&bundle);
  }
  /// Whether the installed bundle's version parsed (always true on a fresh install).
  bool installed_version_ok() const { return !installed_ || installed_version_.version.has_value(); }
  const VersionRelease& installed_version() const { return installed_version_; }
  /// An entry of some channel the ClusterExtension names (all channels when it names none).
  bool in_channels(const GraphBundle& bundle) const;
  /// Its version is inside the version range (true when there is none).
  bool in_range(const GraphBundle& bundle) const;
  /// Successor of the installed bundle by some entry of those channels, or the same version.
  bool successor_or_same(const GraphBundle& bundle) const;
  /// Passes every filter: channels, range and (CatalogProvided, installed) successor-or-same.
  bool candidate(const GraphBundle& bundle) const;
  /// The channels the ClusterExtension names (all when none), in catalog order.
  const std::vector<const GraphChannel*>& channels() const { return channels_; }

 private:
  const Installed* installed_;
  const V1Options& options_;
  const semver::masterminds::Constraints* range_;
  const GraphIndex* index_;
  std::vector<const GraphChannel*> channels_;
  std::map<const GraphBundle*, VersionRelease> versions_;  ///< without an index
  VersionRelease installed_version_;
  // Names of the entries of channels_ (when the ClusterExtension names channels), and of the entries
  // that reach the installed bundle (is_successor). Both are found in one pass over the entries here:
  // asked per bundle, a scan of every entry made a resolution quadratic in the package's size (the
  // divergence analysis resolves from every bundle). Views into `graph`'s entries.
  std::unordered_set<std::string_view> entry_names_;
  std::unordered_set<std::string_view> successor_names_;
};

/// One ClusterCatalog.
struct V1Catalog {
  std::string name;
  int priority = 0;
  bool available = true;               ///< availabilityMode != Unavailable
  const PackageGraph* graph = nullptr; ///< the package in this catalog; nullptr = absent
  const GraphIndex* index = nullptr;   ///< `graph`'s index, when the caller keeps one (saves work only)
};

struct V1Result {
  /// Bundles that pass the successor-or-same-version predicate in the resolving (or only) catalog,
  /// before channel and range filtering, in catalog order. Empty on a fresh install.
  std::vector<std::string> successors;
  std::string next;     ///< the bundle v1 resolves to (may be the installed one); "" on error
  std::string catalog;  ///< the catalog it came from
  std::string error;    ///< operator-controller's exact text; "" = none
};

/// Resolves `package` across `catalogs` as operator-controller's CatalogResolver does
/// (spec §2.2–2.9). `installed` = nullptr for a fresh install.
V1Result v1_resolve(const std::vector<V1Catalog>& catalogs, const std::string& package, const Installed* installed,
                    const V1Options& options);

/// Single-catalog convenience; `index` as in V1Catalog.
V1Result v1_next(const PackageGraph& graph, const Installed* installed, const V1Options& options,
                 const GraphIndex* index = nullptr);

/// One step of v1's walk: the bundle v1 resolves to from `result` (v1_next's answer for
/// `installed`), or "" when it fails, stays, or re-selects the installed version (possibly under
/// another name), which is staying. `index` (of `graph`; nullptr = none) only saves work.
std::string v1_step(const PackageGraph& graph, const Installed& installed, const V1Result& result,
                    const GraphIndex* index = nullptr);

/// Repeated resolution from `installed` until v1 stays, fails or repeats (bundle names).
std::vector<std::string> v1_walk(const PackageGraph& graph, const Installed& installed, const V1Options& options);

/// True when some entry of `channels` named `bundle` replaces/skips `installed.name` or has a
/// skipRange (blang) containing its version (operator-controller successors.go).
bool is_successor(const std::vector<const GraphChannel*>& channels, const std::string& bundle, const Installed& installed);

}  // namespace fbclens::update
