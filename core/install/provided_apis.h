// The APIs a bundle provides, read the two ways OLM Classic reads them:
//   - as an OperatorGroup's olm.providedAPIs annotation lists them: the CSV's owned CRDs
//     ("plural.group" names, version, kind) and owned APIServices, each as "Kind.version.group",
//     sorted and comma-joined (operator-lifecycle-manager 992bb09774,
//     pkg/controller/operators/olm/labeler.go apiSurfaceOfCSV;
//     pkg/controller/registry/resolver/cache/operators.go APISet.String). Two OperatorGroups whose
//     namespaces intersect and whose provided APIs intersect make the second CSV fail with
//     InterOperatorGroupOwnerConflict (olm/groups.go ReconcileAPIIntersection);
//   - as the resolver reads them: the bundle's olm.gvk properties; no two bundles that provide one
//     GVK are installed into one namespace (resolver/resolver.go addInvariants,
//     NewSingleAPIProviderVariable).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "model/model.h"

namespace fbclens::install {

/// A bundle's provided APIs as its OperatorGroup's olm.providedAPIs would list them.
struct ProvidedApis {
  std::vector<std::string> apis;  ///< "Kind.version.group", sorted, unique
  /// Owned CRD names that are not "plural.group": OLM cannot read the CSV's API surface
  /// ("error parsing crd name: NAME") and stops syncing the CSV, which never installs.
  std::vector<std::string> unreadable_crd_names;
};

/// The provided APIs of `bundle`'s CSV (none without a CSV).
ProvidedApis provided_apis_of(const model::PackageBundle& bundle);

/// "group/version/Kind" (core's spelling of a GVK, as --cluster-provides takes it).
std::string gvk_text(const std::string& group, const std::string& version, const std::string& kind);

/// Every GVK a bundle provides by either reading: its olm.gvk properties (the resolver's) and its
/// CSV's owned CRDs and APIServices (the OperatorGroup's), as "group/version/Kind", sorted, unique.
std::vector<std::string> owned_gvks_of(const model::PackageBundle& bundle);

/// One GVK that bundles of two or more packages provide.
struct ApiConflict {
  std::string gvk;                    ///< "group/version/Kind"
  std::vector<std::string> packages;  ///< sorted
};

/// Which packages of a model own each GVK (a package owns what any of its bundles provides,
/// owned_gvks_of), built once: O(bundles × provided APIs).
class ApiOwners {
 public:
  explicit ApiOwners(const model::Model& model);
  /// The GVKs owned by more than one package, sorted by GVK; with `package` non-empty, only those
  /// that package owns.
  std::vector<ApiConflict> conflicts(const std::string& package = "") const;

 private:
  std::map<std::string, std::vector<std::string>> owners_;  ///< gvk → packages, sorted
};

/// ApiOwners(model).conflicts(package).
std::vector<ApiConflict> api_conflicts(const model::Model& model, const std::string& package = "");

}  // namespace fbclens::install
