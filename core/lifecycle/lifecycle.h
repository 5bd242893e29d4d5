// The operator lifecycle objects of a catalog (schema io.openshift.operators.lifecycles.v1alpha1)
// and how the OpenShift console reads them. opm passes objects of this schema through unchecked
// (a schema it does not know is a declcfg.Meta, served as is); `opm serve` answers them through
// the registry's experimental custom-schema call (operator-registry pkg/server/server.go
// ExperimentalListPackageCustomSchemas, pkg/cache meta keys: schema + the object's "package"), and
// console 5.0's backend (openshift/console release-5.0 pkg/olm/lifecycle.go) asks it for the one
// object of a package and hands it to the Installed Operators page, which shows "Cluster
// compatibility" and "Support phase" (frontend/packages/operator-lifecycle-manager/src/components/
// operator-lifecycle-status.tsx, hooks/useOperatorLifecycle.ts). Konflux adds these objects to
// catalogs for OpenShift 5.0 and later.
//
// The object, as the console types it (LifecycleData):
//   {schema, package, versions: [{name, platformCompatibility?: [{name, versions: [str]}],
//                                 phases?: [{name, startDate, endDate}]}]}
// `name` of a version is an X.Y stream ("2.10"), matched against the installed CSV's spec.version
// by major.minor; dates are "YYYY-MM-DD", read as local days.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "declcfg/declcfg.h"
#include "findings/finding.h"
#include "load/loader.h"

namespace fbclens::model {
struct Model;
}

namespace fbclens::lifecycle {

inline constexpr const char* kSchema = "io.openshift.operators.lifecycles.v1alpha1";

/// A support phase of a version stream ("Full support", "Maintenance support", ...).
struct Phase {
  std::string name;
  std::string start_date, end_date;  ///< as written ("" when absent or not a string)
};

/// The platforms a version stream runs on; the console reads the one named "openshift".
struct Platform {
  std::string name;
  std::vector<std::string> versions;  ///< cluster versions "X.Y" (non-strings left out)
  bool versions_is_list = false;      ///< "versions" is a JSON array
};

/// One entry of `versions`.
struct Version {
  std::string name;                    ///< "" when absent or not a string
  std::vector<Platform> platforms;     ///< platformCompatibility (non-objects left out)
  bool platforms_is_list = false;
  std::vector<Phase> phases;           ///< phases (non-objects left out)
  bool phases_is_list = false;
};

/// One lifecycle object, read leniently as the console's JavaScript reads it: a value of the wrong
/// type counts as absent (read_lifecycles reports it).
struct Lifecycle {
  std::string package;                 ///< the object's "package" ("" when absent)
  std::vector<Version> versions;
  bool versions_is_list = false;
  std::uint32_t blob = 0;              ///< index into LoadResult::blobs
  SourceLocation where;                ///< the object
};

/// Every lifecycle object of the catalog (cfg.others whose schema is kSchema), in load order,
/// with the Advice findings about their shape: LifecycleShape (a field of the wrong type, a
/// version without a name, an OpenShift version the console cannot read) and LifecycleDate (a
/// date that is not a YYYY-MM-DD calendar date, a phase that ends before it starts), each located
/// at the field, or at the phase or version holding it where the loader records no deeper
/// position. Never fails.
std::vector<Lifecycle> read_lifecycles(const declcfg::DeclarativeConfig& cfg, const LoadResult& load,
                                       std::vector<Finding>& findings);

/// The Advice findings that need the model: LifecycleDuplicate (a package with several objects,
/// at each one after the first), LifecycleUnknownPackage (an object for no package of the
/// catalog), LifecycleVersionUnknown (a version whose X.Y no bundle of the package has, by its CSV
/// version or else its olm.package version, or that an earlier entry of the same X.Y hides).
/// `load` locates them. Never fails.
std::vector<Finding> check_lifecycles(const std::vector<Lifecycle>& lifecycles, const model::Model& model,
                                      const LoadResult& load);

/// Moves each object into its package's model::Package::lifecycles (load order); objects for no
/// package of the model are dropped.
void attach_lifecycles(std::vector<Lifecycle> lifecycles, model::Model& model);

/// node-semver's coerce (semver 7.8.5, what console 5.0 bundles) reduced to "major.minor", as the
/// console's parseMinorVersion: the first run of at most 16 digits, then ".digits" twice at most;
/// nullopt when there is none, when a part has a leading zero (coerce's strict parse refuses
/// "01.2") or exceeds 2^53 - 1. "v2.10.3-rc" → "2.10", "latest" → nullopt.
std::optional<std::string> coerce_minor(const std::string& version);

/// The local day a date string stands for in the console (`dateStr.split('-').map(Number)` passed
/// to JavaScript's `new Date(y, m - 1, d)`): days since 1970-01-01, with JavaScript's rules (a year
/// 0–99 means 19xx, months and days roll over, "" is 0); nullopt where JavaScript gets NaN (a part
/// that is no decimal number, a missing day). Number() forms beyond an optionally signed decimal
/// with surrounding whitespace (hex, exponents) are read as NaN.
std::optional<std::int64_t> console_day(const std::string& date);

/// A strict "YYYY-MM-DD" calendar date as days since 1970-01-01; nullopt otherwise.
std::optional<std::int64_t> iso_day(const std::string& date);

/// What the Installed Operators page shows for an installed version (operator-lifecycle-status.tsx
/// getClusterCompatibility and getSupportPhase).
struct Status {
  /// The versions[] entry matched: the first whose name has the installed version's major.minor;
  /// with no installed version, the first entry. nullopt when none matches.
  std::optional<std::size_t> entry;
  /// "compatible", "incompatible" or "no-data" (no lifecycle, no cluster version, no "openshift"
  /// platform with versions on the entry).
  std::string compatibility = "no-data";
  /// "active" (a phase spans `today`), "self-support" (phases, none spanning today: the console's
  /// "Unsupported" label) or "no-data" (no entry or no phases).
  std::string support = "no-data";
  std::optional<std::size_t> current_phase;  ///< index into the entry's phases when active
  /// The entry's phases in the console's order (by end date, ascending; phases whose end date the
  /// console cannot read last, in their written order, where the console's order is unspecified).
  std::vector<std::size_t> phase_order;
};

/// Status of `lifecycle` (nullptr: the console got none, e.g. no object or several) for the
/// installed version `installed_version` ("" = unknown) on a cluster of version `cluster_version`
/// ("X.Y…"), on day `today` (days since 1970-01-01, as iso_day gives). Never fails.
Status status(const Lifecycle* lifecycle, const std::string& installed_version, const std::string& cluster_version,
              std::int64_t today);

}  // namespace fbclens::lifecycle
