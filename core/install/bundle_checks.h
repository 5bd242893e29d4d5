// The checks of operator-framework/api's pkg/validation (at 3048ccdc52d1, 2026-08-03) that need no
// image, run on what a catalog carries of each bundle's CSV and manifests:
//   - internal/csv.go validateInstallModes: installModes present, some mode supported, and
//     AllNamespaces alone when a webhook definition lists conversionCRDs. (Its duplicate check
//     never fires upstream: the set it consults is never filled; OLM Classic refuses duplicates at
//     install instead, install_modes.h.)
//   - internal/csv.go validateMinKubeVersion: minKubeVersion set, and strict SemVer;
//   - internal/operatorhubv2.go validateHubCSVSpecV2 (provider name, maintainers, links, icon) and
//     internal/standardcategories.go / standardcapabilities.go (the metadata the console shows);
//   - internal/removed_apis.go: manifests of olm.bundle.object whose API Kubernetes 1.22, 1.25 or
//     1.26 removed (the validator's three versions).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/model.h"

namespace fbclens::install {

/// csv.go validateInstallModes' errors for `bundle`, in its order ("install modes not found";
/// "only AllNamespaces InstallModeType is supported when conversionCRDs is present" once per such
/// webhook; "none of InstallModeTypes are supported"). Empty without a CSV. The conversionCRDs
/// rule needs the CSV manifest's webhook definitions (olm.bundle.object); without them it is not run.
std::vector<std::string> install_mode_errors(const model::PackageBundle& bundle);

/// csv.go validateMinKubeVersion: "" when minKubeVersion is set and strict SemVer; otherwise the
/// validator's text ("csv.Spec.MinKubeVersion has an invalid value: V", an error there; or, when
/// unset, its warning "csv.Spec.minKubeVersion is not informed. ..."). `missing` tells which.
struct MinKubeVersionCheck {
  std::string message;  ///< "" = passes
  bool missing = false; ///< unset (a warning upstream) rather than invalid (an error upstream)
};
MinKubeVersionCheck min_kube_version_check(const model::PackageBundle& bundle);

/// operatorhubv2.go, standardcategories.go and standardcapabilities.go on a CSV: each problem in
/// the validator's words ("csv.Spec.Provider.Name not specified", "csv.Spec.Maintainers elements
/// should contain both name and email", ...). The icon is judged by core/advice (FBC4301/4302) and
/// spec.version by opm, so neither is repeated here. Empty without a CSV.
std::vector<std::string> hub_metadata_problems(const model::PackageBundle& bundle);

/// Manifests using an API Kubernetes removed, by the removal (removed_apis.go
/// getRemovedAPIsOn1_22From, getRemovedAPIsOn1_25From (objects only), getRemovedAPIsOn1_26From).
struct RemovedApiUse {
  std::string kubernetes;  ///< "1.22", "1.25" or "1.26"
  std::string openshift;   ///< the first OpenShift minor shipping that Kubernetes: "4.9", "4.12", "4.13"
  std::vector<std::string> uses;  ///< "Kind name (apiVersion)", in manifest order
};

/// The removed APIs `bundle`'s olm.bundle.object manifests use, one entry per Kubernetes version,
/// oldest first. A v1beta1 CustomResourceDefinition counts for 1.22, as the validator counts it.
/// A bundle whose olm.maxOpenShiftVersion is below a removal's OpenShift version is not installed
/// there by OLM on OpenShift, so that removal is left out (the community validator's rule,
/// internal/community.go checkMaxOpenShiftVersion). Empty without manifests.
std::vector<RemovedApiUse> removed_api_uses(const model::PackageBundle& bundle);

}  // namespace fbclens::install
