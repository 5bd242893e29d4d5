// Whether OLM v1 (operator-controller) installs a registry+v1 bundle, with operator-controller's
// own reasons, read at operator-framework/operator-controller df2c201d70e8 (2026-08-21):
//   - resolve/validation.go NoDependencyValidation (run on the resolved bundle, cmd/
//     operator-controller/main.go): no olm.package.required, olm.gvk.required or olm.constraint;
//   - applier/provider.go RegistryV1ManifestProvider.Get: no owned APIService; AllNamespaces
//     supported unless the SingleOwnNamespaceInstallSupport gate is on (features/features.go:
//     alpha, off by default), and then OwnNamespace or SingleNamespace with a watchNamespace
//     configuration (render.go validateTargetNamespaces); at least one of All/Single/Own; webhook
//     definitions need a certificate provider (WebhookProviderCertManager and
//     WebhookProviderOpenshiftServiceCA are GA and on, so one is assumed configured);
//   - rukpak/render/registryv1/registryv1.go BundleValidator, the checks of
//     rukpak/render/registryv1/validators/validator.go: unique and DNS-1123 deployment names,
//     unique CRDs, owned CRDs present, conversion webhooks only for AllNamespaces-only bundles,
//     webhooks referring to existing deployments, unique and DNS-1123 webhook names, at most one
//     conversion webhook per CRD, conversion webhooks only for owned CRDs, no webhook rule on the
//     groups "*" or olm.operatorframework.io or on admissionregistration.k8s.io's webhook
//     configurations, and only the object kinds registry+v1 supports (operator-registry
//     pkg/lib/bundle/supported_resources.go).
// What needs the manifests (the validators, the webhooks) is unknown for a bundle that carries
// only olm.csv.metadata: never guessed.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/model.h"

namespace fbclens::install {

/// OLM v1's verdict on one bundle, with operator-controller's default feature gates.
struct V1Installability {
  /// true: every rule passes; false: some rule fails (`reasons`); nullopt: every rule that could be
  /// checked passes, but some need the manifests the catalog does not carry (`unchecked`).
  std::optional<bool> installable;
  /// operator-controller's error texts, in the order it checks (resolution, the manifest provider,
  /// then the bundle validators in registryv1.go's order). Empty when installable is not false.
  std::vector<std::string> reasons;
  /// The rules that could not be checked, by what they need ("webhook definitions", "deployment
  /// names", "manifests"; first "the CSV (install modes, APIServices)" for a bundle the catalog
  /// gives no CSV); empty when the bundle carries its olm.bundle.object manifests.
  std::vector<std::string> unchecked;
  /// True when the only failing rule is the AllNamespaces one and the bundle supports
  /// OwnNamespace or SingleNamespace: it installs with SingleOwnNamespaceInstallSupport enabled
  /// and a watchNamespace in the ClusterExtension's config.
  bool needs_watch_namespace = false;
};

/// Judges `bundle` (of package `package_name`) as operator-controller would. Never fails.
V1Installability v1_installability(const model::PackageBundle& bundle, const std::string& package_name);

/// Kubernetes' IsDNS1123Subdomain errors for `name` (k8s.io/apimachinery pkg/util/validation), in
/// its order; empty when valid.
std::vector<std::string> dns1123_subdomain_errors(const std::string& name);

}  // namespace fbclens::install
