// hub-preview: the CLI face of core/hub (what OperatorHub shows for a package).
#include <ctime>
#include <iostream>

#include "args.h"
#include "commands.h"
#include "export/hub_json.h"
#include "hub/hub_preview.h"
#include "lifecycle/lifecycle.h"

namespace fbclens::cli {

namespace {

std::string or_dash(const Json& v) { return v.is_null() ? std::string("-") : v.get<std::string>(); }

// The text rendering: one line per surface, messages indented (they may span lines).
void print_text(const Json& p) {
  std::cout << "package " << p["package"].get<std::string>() << " on console " << p["console"].get<std::string>() << ": "
            << (p["visible"].get<bool>() ? "listed" : "hidden");
  if (!p["hiddenReasons"].empty()) std::cout << " (" << join(p["hiddenReasons"].get<std::vector<std::string>>(), ", ") << ")";
  std::cout << "\n";
  const auto badge = [](const Json& b) { return b.is_null() ? std::string() : "  [Deprecated: tooltip \"" + b["tooltip"].get<std::string>() + "\"]"; };
  if (p["tile"].is_null()) {
    std::cout << "no PackageManifest: no tile, details, channels or versions\n";
    return;
  }
  std::cout << "tile: " << p["tile"]["title"].get<std::string>() << ", provider " << or_dash(p["tile"]["provider"])
            << badge(p["tile"]["deprecatedBadge"]) << "\n";
  const Json& d = p["details"];
  std::cout << "details: " << d["title"].get<std::string>() << badge(d["deprecatedBadge"]) << "\n";
  if (!d["alert"].is_null()) {
    std::cout << "  alert \"" << d["alert"]["title"].get<std::string>() << "\":\n";
    for (const Json& m : d["alert"]["messages"]) std::cout << "    " << m.get<std::string>() << "\n";
  }
  std::cout << "channels (selected " << or_dash(p["selectedChannel"]) << "):\n";
  for (const Json& c : p["channels"]) {
    std::cout << "  " << c["name"].get<std::string>() << (c["deprecated"].get<bool>() ? "  [" + c["tooltip"].get<std::string>() + "]" : "") << "\n";
  }
  std::cout << "versions (selected " << or_dash(p["selectedVersion"]) << "):\n";
  for (const Json& v : p["versions"]) {
    std::cout << "  " << v["version"].get<std::string>() << " (" << v["bundle"].get<std::string>() << ")"
              << (v["deprecated"].get<bool>() ? "  [" + v["tooltip"].get<std::string>() + "]" : "") << "\n";
  }
  if (!p["installNote"].is_null()) std::cout << "install page note: " << p["installNote"].get<std::string>() << "\n";
  if (!p.contains("lifecycle")) return;
  const Json& l = p["lifecycle"];
  std::cout << "Installed Operators, with " << l["installedVersion"].get<std::string>() << " installed on OpenShift "
            << l["clusterVersion"].get<std::string>() << (l["date"].is_null() ? "" : " on " + l["date"].get<std::string>())
            << " (" << l["objects"].get<std::size_t>() << (l["objects"] == 1 ? " lifecycle object" : " lifecycle objects")
            << (l["stream"].is_null() ? ", no version stream matches" : ", stream " + l["stream"].get<std::string>()) << "):\n";
  std::cout << "  cluster compatibility: " << l["compatibility"]["text"].get<std::string>() << "\n";
  const Json& s = l["supportPhase"];
  std::cout << "  support phase: " << or_dash(s["text"]) << (s["endDate"].is_null() ? "" : " (ends " + s["endDate"].get<std::string>() + ")")
            << "\n";
  for (const Json& phase : s["phases"]) {
    std::cout << "    " << phase["name"].get<std::string>() << ": " << phase["startDate"].get<std::string>() << " to "
              << phase["endDate"].get<std::string>() << "\n";
  }
}

// Today's local date, YYYY-MM-DD: the console judges the support phase on the browser's clock.
std::string today() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char text[16];
  std::strftime(text, sizeof text, "%Y-%m-%d", &local);
  return text;
}

}  // namespace

int hub_preview_command(int argc, char** argv) {
  const Args args(argc, argv, {"--package", "--channel", "--version", "--console", "--date", "--output"});
  if (!args.error.empty()) return usage_error(args.error);
  if (args.positional.size() != 1) return usage_error("hub-preview needs one CATALOG");
  if (!args.has("--package")) return usage_error("hub-preview needs --package");
  const std::string output = args.get("--output", "text");
  if (output != "text" && output != "json") return usage_error("unknown --output " + output);
  const std::string console = args.get("--console", hub::kDefaultConsole);
  if (!hub::find_console(console)) return usage_error("unknown --console " + console + " (" + hub::console_names_text() + ")");
  const std::string date = args.get("--date", today());
  if (!lifecycle::iso_day(date)) return usage_error("--date " + date + " is not a YYYY-MM-DD date");

  const auto report = load(args.positional[0]);
  if (!report) return 2;
  const hub::PreviewRequest request{args.get("--package"), args.get("--channel"), args.get("--version"), console, date};
  std::string error;
  const std::optional<hub::HubPreview> preview = hub::hub_preview(report->model, request, error);
  if (!preview) {
    std::cerr << "fbclens: " << error << "\n";
    return 2;
  }
  const Json result = hub_preview_json(*preview);
  if (output == "json") std::cout << result.dump(2) << "\n";
  else print_text(result);
  return 0;
}

}  // namespace fbclens::cli
