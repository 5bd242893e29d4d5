// What the OpenShift console's install page (OperatorHub → Install; "Software Catalog" from 4.20)
// offers for a bundle, per console version 4.16–4.21. Read from openshift/console's
// frontend/packages/operator-lifecycle-manager/src/components/operator-hub/operator-hub-subscribe.tsx
// on release-4.16 (b6de0e4046), release-4.17 (3c3fafbd6f), release-4.18 (b37ef2cc9a), release-4.19
// (8b2e9c98fe), release-4.20 (43d45bcece) and release-4.21 (09b1c90fb6), with
// operator-hub-items.tsx (the install link carries channel and version) and operator-hub-utils.ts
// (getSuggestedNamespaceTemplate, from 4.17). On all six:
//   - the page reads the *selected channel's head* CSV (PackageManifest currentCSVDesc), whatever
//     version is selected: its installModes, its annotations;
//   - two install-mode choices: "All namespaces on the cluster" (AllNamespaces) and "A specific
//     namespace on the cluster" (OwnNamespace), each disabled when the head does not support its
//     mode; AllNamespaces is preselected when supported, else OwnNamespace; SingleNamespace and
//     MultiNamespace are never offered; with neither OwnNamespace nor AllNamespaces the page shows
//     only "<name> can't be installed" (MsgBox up to 4.17, ConsoleEmptyState from 4.18);
//   - the suggested namespace: the suggested-namespace-template's metadata.name, else
//     operatorframework.io/suggested-namespace; the preselected namespace for AllNamespaces is it,
//     else openshift-operators (the global-operators group's namespace); for OwnNamespace the
//     "Operator recommended Namespace" radio appears only with operatorframework.io/suggested-namespace
//     (the template alone does not show it);
//   - update approval: Automatic unless the selected version differs from the head's, which makes
//     it Manual with Automatic disabled (also Manual for clusters with token-based cloud auth,
//     which a catalog cannot know);
//   - the provided APIs listed on the page: the channel's owned CRDs and APIServices.
// Version differences on this page are presentation only (4.20+: breadcrumb "Software Catalog").
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/model.h"

namespace fbclens::install {

/// One install-mode radio of the page.
struct ConsoleModeChoice {
  std::string mode;         ///< "AllNamespaces" or "OwnNamespace"
  std::string label;        ///< "All namespaces on the cluster (default)" / "A specific namespace on the cluster"
  std::string description;  ///< the text under it (the console's descFor)
  bool enabled = false;
};

/// The install page for one package, channel and version on one console version.
struct ConsoleInstallPage {
  std::string console;          ///< "4.16" … "4.21"
  std::string channel;          ///< the selected channel
  std::string version;          ///< the selected version (as the dropdown lists it)
  std::string head;             ///< the channel head whose CSV the page reads
  /// false: the page shows only `cannot_install_title` and `cannot_install_detail`.
  bool installable = false;
  std::string cannot_install_title;
  std::string cannot_install_detail;
  std::vector<ConsoleModeChoice> modes;   ///< AllNamespaces, then OwnNamespace
  std::string preselected_mode;           ///< "AllNamespaces" or "OwnNamespace" ("" when not installable)
  std::optional<std::string> suggested_namespace;  ///< from the template's metadata.name or the annotation
  std::string suggested_namespace_source;          ///< "operatorframework.io/suggested-namespace-template" or "operatorframework.io/suggested-namespace"
  std::string preselected_namespace;      ///< for the preselected mode ("" = the user picks one)
  bool recommended_namespace_radio = false;  ///< OwnNamespace: the "Operator recommended Namespace" radio is shown
  std::string default_approval;           ///< "Automatic" or "Manual"
  bool automatic_disabled = false;        ///< Automatic cannot be chosen (version is not the head's)
  std::vector<std::string> provided_apis; ///< "Kind.version.group" of the head, sorted
  /// When the selected version is not the head: the modes the page offers (from the head) that the
  /// bundle actually installed does not support: choosing one makes the install fail with
  /// UnsupportedOperatorGroup.
  std::vector<std::string> offered_but_unsupported;
  std::string page_title;                 ///< "Install Operator"
  std::string breadcrumb;                 ///< "OperatorHub" (4.16–4.19), "Software Catalog" (4.20+)
};

/// The page the console shows to install `bundle` of `package` on console `console` (a hub/consoles.h row's name): the
/// channel is the package's default channel (as package-server settles it) when it lists the
/// bundle, else the first channel in the console's order that does; the version is the bundle's.
/// Errors (nullopt, `error` says why): unknown package or bundle; a console not in hub/consoles.h; the
/// console cannot offer it (no PackageManifest, no channel offered lists it, or the bundle is left
/// out of the version list by the legacy olm.deprecated property).
std::optional<ConsoleInstallPage> console_install_page(const model::Model& model, const std::string& package,
                                                       const std::string& bundle, const std::string& console, std::string& error);

}  // namespace fbclens::install
