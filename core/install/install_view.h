// The install preview's answer (`fbclens install-preview --output json`, the worker's
// installPreview op): plain structs, written as JSON by install_preview_json (one function, to
// become a json_fields mapping when core/view lands). Field names below are the JSON names.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "install/console_install.h"
#include "load/document.h"

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

/// The answer as JSON: {"bundles", "upgradeRisks", "apiConflicts"} and, with a bundle,
/// "operatorGroups", "console" and "consoleError" (see each struct for the members).
Json install_preview_json(const InstallPreview& preview);

}  // namespace fbclens::install
