// The install preview's answer (`fbclens install-preview --output json`, the worker's
// installPreview op): plain structs, each with its one JSON mapping (core/view/json_fields.h), so
// the page and the app can read the answer back with view::read_json.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "install/console_install.h"
#include "load/document.h"
#include "view/json_fields.h"

namespace fbclens::install {

/// {"OwnNamespace", "SingleNamespace", "MultiNamespace", "AllNamespaces"}: supported or not, as
/// OLM Classic reads the list (a type left out is unsupported).
struct InstallModesView {
  bool own_namespace = false;
  bool single_namespace = false;
  bool multi_namespace = false;
  bool all_namespaces = false;
};

/// "olmV1": olm_v1_install.h V1Installability.
struct OlmV1View {
  std::optional<bool> installable;         ///< "installable": true | false | null (unknown)
  std::vector<std::string> reasons;        ///< "reasons"
  std::vector<std::string> unchecked;      ///< "unchecked": what needs manifests the catalog lacks
  bool needs_watch_namespace = false;      ///< "needsWatchNamespace"
};

/// One bundle ("bundles"[]).
struct BundleInstallView {
  std::string package;                      ///< "package"
  std::string bundle;                       ///< "bundle"
  std::string csv_source;                   ///< "csvSource": "olm.csv.metadata", "olm.bundle.object" or "" (no CSV)
  InstallModesView install_modes;           ///< "installModes"
  std::vector<std::string> install_mode_problems;  ///< "installModeProblems": duplicates, none listed, unknown types
  std::vector<std::string> provided_apis;   ///< "providedAPIs": "Kind.version.group", sorted
  OlmV1View olm_v1;                         ///< "olmV1"
};

/// One upgrade edge whose target drops modes its source supports ("upgradeRisks"[]).
struct UpgradeRiskView {
  std::string package;                   ///< "package"
  std::string channel;                   ///< "channel"
  std::string from;                      ///< "from": the installed (older) entry
  std::string to;                        ///< "to": the entry declaring the edge
  std::vector<std::string> via;          ///< "via": "replaces", "skips", "skipRange" (those that link them)
  std::vector<std::string> lost_modes;   ///< "lostModes": in kModes order
  bool classic = false;                  ///< "classic": OLM Classic can take this step (`to` is in its channel order)
};

/// A GVK owned by two or more packages ("apiConflicts"[]).
struct ApiConflictView {
  std::string gvk;                       ///< "gvk": "group/version/Kind"
  std::vector<std::string> packages;     ///< "packages", sorted
};

/// One OperatorGroup shape ("operatorGroups"[], with a bundle).
struct OperatorGroupView {
  std::string shape;                          ///< "shape": OwnNamespace, SingleNamespace, MultiNamespace, AllNamespaces
  std::string operator_namespace;             ///< "operatorNamespace": the example's
  std::vector<std::string> target_namespaces; ///< "targetNamespaces": status.namespaces ("" = all)
  bool joins = false;                         ///< "joins"
  std::string reason;                         ///< "reason": CSV status reason when it cannot ("" when it joins)
  std::string message;                        ///< "message": OLM's text ("" when it joins)
};

/// The whole answer. Lists are sorted: bundles by (package, bundle), upgradeRisks by (package,
/// channel, from, to), apiConflicts by gvk.
struct InstallPreview {
  std::vector<BundleInstallView> bundles;
  std::vector<UpgradeRiskView> upgrade_risks;
  std::vector<ApiConflictView> api_conflicts;
  bool with_bundle = false;                        ///< a bundle was asked for: the two fields below are written
  std::vector<OperatorGroupView> operator_groups;  ///< "operatorGroups"
  std::optional<ConsoleInstallPage> console;       ///< "console": the page, or null when the console offers none
  std::string console_error;                       ///< "consoleError": why there is none ("" otherwise)
};

inline auto json_fields(const InstallModesView*) {
  using T = InstallModesView;
  return std::make_tuple(view::field("OwnNamespace", &T::own_namespace), view::field("SingleNamespace", &T::single_namespace),
                         view::field("MultiNamespace", &T::multi_namespace), view::field("AllNamespaces", &T::all_namespaces));
}
inline auto json_fields(const OlmV1View*) {
  using T = OlmV1View;
  return std::make_tuple(view::field("installable", &T::installable), view::field("reasons", &T::reasons),
                         view::field("unchecked", &T::unchecked), view::field("needsWatchNamespace", &T::needs_watch_namespace));
}
inline auto json_fields(const BundleInstallView*) {
  using T = BundleInstallView;
  return std::make_tuple(view::field("package", &T::package), view::field("bundle", &T::bundle),
                         view::field("csvSource", &T::csv_source), view::field("installModes", &T::install_modes),
                         view::field("installModeProblems", &T::install_mode_problems),
                         view::field("providedAPIs", &T::provided_apis), view::field("olmV1", &T::olm_v1));
}
inline auto json_fields(const UpgradeRiskView*) {
  using T = UpgradeRiskView;
  return std::make_tuple(view::field("package", &T::package), view::field("channel", &T::channel), view::field("from", &T::from),
                         view::field("to", &T::to), view::field("via", &T::via), view::field("lostModes", &T::lost_modes),
                         view::field("classic", &T::classic));
}
inline auto json_fields(const ApiConflictView*) {
  return std::make_tuple(view::field("gvk", &ApiConflictView::gvk), view::field("packages", &ApiConflictView::packages));
}
inline auto json_fields(const OperatorGroupView*) {
  using T = OperatorGroupView;
  return std::make_tuple(view::field("shape", &T::shape), view::field("operatorNamespace", &T::operator_namespace),
                         view::field("targetNamespaces", &T::target_namespaces), view::field("joins", &T::joins),
                         view::field("reason", &T::reason), view::field("message", &T::message));
}
inline auto json_fields(const ConsoleModeChoice*) {
  using T = ConsoleModeChoice;
  return std::make_tuple(view::field("mode", &T::mode), view::field("label", &T::label), view::field("description", &T::description),
                         view::field("enabled", &T::enabled));
}
inline auto json_fields(const ConsoleInstallPage*) {
  using T = ConsoleInstallPage;
  return std::make_tuple(
      view::field("console", &T::console), view::field("channel", &T::channel), view::field("version", &T::version),
      view::field("head", &T::head), view::field("installable", &T::installable),
      view::field("cannotInstallTitle", &T::cannot_install_title), view::field("cannotInstallDetail", &T::cannot_install_detail),
      view::field("modes", &T::modes), view::field("preselectedMode", &T::preselected_mode),
      view::field("suggestedNamespace", &T::suggested_namespace),
      view::field("suggestedNamespaceSource", &T::suggested_namespace_source),
      view::field("preselectedNamespace", &T::preselected_namespace),
      view::field("recommendedNamespaceRadio", &T::recommended_namespace_radio),
      view::field("defaultApproval", &T::default_approval), view::field("automaticDisabled", &T::automatic_disabled),
      view::field("providedAPIs", &T::provided_apis), view::field("offeredButUnsupported", &T::offered_but_unsupported),
      view::field("pageTitle", &T::page_title), view::field("breadcrumb", &T::breadcrumb));
}
/// The three fields with a bundle are written too (with_bundle is not: it says whether they apply).
inline auto json_fields(const InstallPreview*) {
  using T = InstallPreview;
  return std::make_tuple(view::field("bundles", &T::bundles), view::field("upgradeRisks", &T::upgrade_risks),
                         view::field("apiConflicts", &T::api_conflicts), view::field("operatorGroups", &T::operator_groups),
                         view::field("console", &T::console), view::field("consoleError", &T::console_error));
}

/// The answer as JSON (view::write_json): {"bundles", "upgradeRisks", "apiConflicts"} and, with a
/// bundle, "operatorGroups", "console" (null when the console offers no page) and "consoleError".
Json install_preview_json(const InstallPreview& preview);

}  // namespace fbclens::install
