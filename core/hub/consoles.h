// The OpenShift console versions the OperatorHub preview models, declared once: one row per
// console release branch with everything that differs between them. hub_preview reads a row, the
// CLI's --console and its usage text list the rows, and the browser's console picker is built
// from them (view/consoles.h, the `consoles` protocol op).
//
// Read in openshift/console, frontend/packages/operator-lifecycle-manager (and console-shared's
// catalog components), at the branch heads named in each row; package-server in
// operator-framework/operator-lifecycle-manager pkg/package-server/provider (registry.go,
// labels.go) at 992bb09774. release-4.23 and release-5.0 are one commit (OpenShift 4.23 ships as
// 5.0), so 4.23 is the row "5.0". release-5.1 and release-5.2 point at main's commit (da1f132490)
// and are not released, so they have no row.
#pragma once

#include <string>

namespace fbclens::hub {

/// How a console decides from the PackageManifest's labels whether a cluster of linux/amd64
/// nodes lists a package (package-server first adds operatorframework.io/os.linux and
/// arch.amd64 = supported when no label key starts with operatorframework.io/os resp. /arch).
enum class ArchFilter {
  /// 4.16's filterByArchAndOS (operator-hub-items.tsx): labels whose key contains
  /// "operatorframework.io/os." / "arch." with value "supported" are collected; with no OS label
  /// linux is assumed, but the arch default is only added when the (already filled) OS list is
  /// empty, i.e. never: a package needs arch.amd64 = supported to be listed.
  ItemsWithoutArchDefault,
  /// 4.17–4.19's filterByArchAndOS: as above, and amd64 is assumed when no arch label is supported.
  Items,
  /// 4.20 and later (utils/packagemanifests.ts operatorHubPackageFilter): a package with any label
  /// key starting with the OS (arch) prefix needs os.linux (arch.amd64) = supported.
  LabelSelectors,
};

/// Where the tile's "provided by" comes from.
enum class ProviderSource {
  PackageManifest,  ///< status.provider.name, else the provider label (before 4.20)
  CsvFirst,         ///< the default channel head CSV's provider.name, else status.provider (4.20+)
};

/// One console release (a release-X.Y branch of openshift/console).
struct ConsoleVersion {
  const char* name;          ///< "4.16" … "4.22", "5.0": what --console and the protocol take
  const char* branch;        ///< the openshift/console branch read
  const char* revision;      ///< its head commit when read (abbreviated)
  const char* catalog_name;  ///< where the console lists operators: "OperatorHub" or "Software Catalog"
  ArchFilter arch_filter;
  ProviderSource provider;
  /// Tile and details-header badge tooltip: false = "Deprecated: {message}", true = the raw
  /// message (the Software Catalog's generic badges, 4.20+). Dropdown icons always prefix.
  bool raw_badge_tooltip;
  const char* alert_title;   ///< the details' inline alert: "Deprecated warnings" / "Deprecation warnings"
  const char* badge_style;   ///< how the tile's "Deprecated" label is drawn (PatternFly)
  /// Whether the channel and version dropdown toggles show the deprecation icon of a deprecated
  /// selection (options always do).
  bool toggle_icon;
  /// Whether the Installed Operators list has the "Cluster compatibility" and "Support phase"
  /// columns read from the package's io.openshift.operators.lifecycles.v1alpha1 object (shown when
  /// the console's olmLifecycleMetadata flag is on: the OLMLifecycleAndCompatibility feature gate).
  bool lifecycle;
  const char* ocp_version;   ///< the OpenShift release it ships in, as a cluster version "X.Y"
  const char* changes;       ///< what differs from the row before it, for people
};

/// Every console version the preview models, oldest first. The order is release order.
inline constexpr ConsoleVersion kConsoles[] = {
    {"4.16", "release-4.16", "b6de0e4046", "OperatorHub", ArchFilter::ItemsWithoutArchDefault,
     ProviderSource::PackageManifest, false, "Deprecated warnings", "orange label, yellow exclamation-triangle icon",
     false, false, "4.16",
     "first console with deprecation UI (backport, console PR #14095); its OS/arch filter never assumes amd64"},
    {"4.17", "release-4.17", "3c3fafbd6f", "OperatorHub", ArchFilter::Items, ProviderSource::PackageManifest, false,
     "Deprecated warnings", "orange label, yellow exclamation-triangle icon", false, false, "4.17",
     "the OS/arch filter assumes amd64 when no arch label is supported"},
    {"4.18", "release-4.18", "b37ef2cc9a", "OperatorHub", ArchFilter::Items, ProviderSource::PackageManifest, false,
     "Deprecated warnings", "orange label, yellow exclamation-triangle icon", true, false, "4.18",
     "the channel and version dropdown toggles show the deprecation icon too"},
    {"4.19", "release-4.19", "8b2e9c98fe", "OperatorHub", ArchFilter::Items, ProviderSource::PackageManifest, false,
     "Deprecated warnings", "PatternFly 6 warning-status outline label", true, false, "4.19",
     "PatternFly 6: the badge is a warning-status outline label"},
    {"4.20", "release-4.20", "43d45bcece", "Software Catalog", ArchFilter::LabelSelectors, ProviderSource::CsvFirst, true,
     "Deprecation warnings", "orange outline catalog badge, exclamation-circle icon", true, false, "4.20",
     "OperatorHub moves into the Software Catalog: catalog badges with the raw message as tooltip, alert title "
     "\"Deprecation warnings\", OS/arch by label selectors, provider read from the CSV first"},
    {"4.21", "release-4.21", "09b1c90fb6", "Software Catalog", ArchFilter::LabelSelectors, ProviderSource::CsvFirst, true,
     "Deprecation warnings", "orange outline catalog badge, exclamation-circle icon", true, false, "4.21",
     "nothing the preview shows"},
    {"4.22", "release-4.22", "6fd62e5317", "Software Catalog", ArchFilter::LabelSelectors, ProviderSource::CsvFirst, true,
     "Deprecation warnings", "orange outline catalog badge, exclamation-circle icon", true, false, "4.22",
     "nothing the preview shows (React and i18n refactors only)"},
    {"5.0", "release-5.0", "f5e6f3680d", "Software Catalog", ArchFilter::LabelSelectors, ProviderSource::CsvFirst, true,
     "Deprecation warnings", "orange outline catalog badge, Red Hat error-fill icon", true, true, "5.0",
     "OpenShift 4.23 ships as 5.0; the tile badge's icon is Red Hat UI's error-fill; Installed Operators gains the "
     "lifecycle columns (Cluster compatibility, Support phase) behind the OLMLifecycleAndCompatibility feature gate"},
};

/// The console the preview shows when none is asked for (the CLI's and the page's default).
inline constexpr const char* kDefaultConsole = "4.21";

/// The row named `name` ("4.16" … "5.0"), or nullptr.
const ConsoleVersion* find_console(const std::string& name);

/// The default row (kDefaultConsole).
const ConsoleVersion& default_console();

/// The rows' names joined for people, oldest first: "4.16, 4.17, …, 5.0" (usage text, errors).
std::string console_names_text();

}  // namespace fbclens::hub
