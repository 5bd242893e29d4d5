#include "view/consoles.h"

namespace fbclens::view {

ConsoleList console_list() {
  ConsoleList out;
  out.default_console = hub::kDefaultConsole;
  for (const hub::ConsoleVersion& c : hub::kConsoles) {
    out.consoles.push_back({c.name, c.branch, c.revision, c.ocp_version, c.catalog_name,
                            c.raw_badge_tooltip ? "raw" : "prefixed", c.badge_style, c.alert_title, c.toggle_icon,
                            c.arch_filter, c.provider, c.lifecycle, c.changes});
  }
  return out;
}

}  // namespace fbclens::view
