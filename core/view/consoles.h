// The console versions the OperatorHub preview models (hub/consoles.h), as the page's console
// picker reads them: the protocol's `consoles` answer.
#pragma once

#include <string>
#include <vector>

#include "hub/consoles.h"
#include "view/json_fields.h"

namespace fbclens::view {

/// One console version (a hub::ConsoleVersion row). JSON (json_fields below):
///   {name, branch, revision, ocpVersion, catalogName, badgeTooltip: "prefixed"|"raw", badgeStyle,
///    alertTitle, toggleIcon, archFilter: "items-without-arch-default"|"items"|"label-selectors",
///    provider: "package-manifest"|"csv-first", lifecycle, changes}
struct ConsoleInfo {
  std::string name, branch, revision, ocp_version, catalog_name;
  std::string badge_tooltip;  ///< "prefixed" ("Deprecated: {message}") or "raw"
  std::string badge_style, alert_title;
  bool toggle_icon = false;
  hub::ArchFilter arch_filter = hub::ArchFilter::LabelSelectors;
  hub::ProviderSource provider = hub::ProviderSource::CsvFirst;
  bool lifecycle = false;
  std::string changes;
};

/// Every console version, oldest first, and the one shown by default. JSON: {default, consoles}.
struct ConsoleList {
  std::string default_console;
  std::vector<ConsoleInfo> consoles;
};

}  // namespace fbclens::view

namespace fbclens::hub {

inline auto json_enum(const ArchFilter*) {
  return std::array{std::pair{ArchFilter::ItemsWithoutArchDefault, "items-without-arch-default"},
                    std::pair{ArchFilter::Items, "items"}, std::pair{ArchFilter::LabelSelectors, "label-selectors"}};
}
inline auto json_enum(const ProviderSource*) {
  return std::array{std::pair{ProviderSource::PackageManifest, "package-manifest"},
                    std::pair{ProviderSource::CsvFirst, "csv-first"}};
}

}  // namespace fbclens::hub

namespace fbclens::view {

inline auto json_fields(const ConsoleInfo*) {
  using C = ConsoleInfo;
  return std::make_tuple(field("name", &C::name), field("branch", &C::branch), field("revision", &C::revision),
                         field("ocpVersion", &C::ocp_version), field("catalogName", &C::catalog_name),
                         field("badgeTooltip", &C::badge_tooltip), field("badgeStyle", &C::badge_style),
                         field("alertTitle", &C::alert_title), field("toggleIcon", &C::toggle_icon),
                         field("archFilter", &C::arch_filter), field("provider", &C::provider),
                         field("lifecycle", &C::lifecycle), field("changes", &C::changes));
}
inline auto json_fields(const ConsoleList*) {
  return std::make_tuple(field("default", &ConsoleList::default_console), field("consoles", &ConsoleList::consoles));
}

/// The rows of hub::kConsoles, oldest first, with hub::kDefaultConsole. Never fails.
ConsoleList console_list();

}  // namespace fbclens::view
