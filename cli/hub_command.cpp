// hub-preview: the CLI face of core/hub (what OperatorHub shows for a package).
#include <ctime>
#include <iostream>
#include <memory>

#include "common.h"
#include "export/hub_json.h"
#include "hub/hub_preview.h"
#include "lifecycle/lifecycle.h"
#include "verb.h"

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

struct HubPreviewSettings {
  std::string catalog, package, channel, version, console = hub::kDefaultConsole, date, output = "text";
};

int run_hub_preview(const HubPreviewSettings& s) {
  const std::string date = s.date.empty() ? today() : s.date;
  const auto report = load(s.catalog);
  if (!report) return 2;
  const hub::PreviewRequest request{s.package, s.channel, s.version, s.console, date};
  std::string error;
  const std::optional<hub::HubPreview> preview = hub::hub_preview(report->model, request, error);
  if (!preview) {
    std::cerr << "fbclens: " << error << "\n";
    return 2;
  }
  const Json result = hub_preview_json(*preview);
  if (s.output == "json") std::cout << result.dump(2) << "\n";
  else print_text(result);
  return 0;
}

}  // namespace

Verb add_hub_preview_verb(CLI::App& fbclens) {
  CLI::App* verb = add_verb(fbclens, "hub-preview",
      "What the OpenShift console's OperatorHub shows: listed or hidden (and why), tile, details alert, channel and "
      "version dropdowns, and on consoles that have them the Installed Operators lifecycle columns (support phase "
      "judged on --date). Channel and version default to the console's picks.\n\n"
      "Exit status: 0 shown, 2 usage or I/O error, or a package, channel or version not in the catalog.");
  auto s = std::make_shared<HubPreviewSettings>();
  verb->add_option("CATALOG", s->catalog, "The catalog folder or file.")->required();
  verb->add_option("--package", s->package, "The package to preview.")->type_name("PKG")->required();
  verb->add_option("--channel", s->channel, "The channel picked in the dropdown (default: the console's pick).")->type_name("CH");
  verb->add_option("--version", s->version, "The version picked in the dropdown (default: the console's pick).")
      ->type_name("VERSION");
  // The console versions are the rows of core/hub/consoles.h, oldest first.
  std::vector<std::string> consoles;
  for (const hub::ConsoleVersion& c : hub::kConsoles) consoles.push_back(c.name);
  one_of(verb->add_option("--console", s->console, "The OpenShift console version whose OperatorHub to show."), consoles)
      ->type_name(consoles.front() + ".." + consoles[consoles.size() - 2] + "|" + consoles.back())
      ->capture_default_str();
  verb->add_option("--date", s->date,
                   "The day a lifecycle support phase is judged on (default: today, as the console uses the browser's clock).")
      ->type_name("YYYY-MM-DD")
      ->check([](const std::string& value) {
        return lifecycle::iso_day(value) ? std::string() : value + " is not a YYYY-MM-DD date";
      });
  one_of(verb->add_option("--output", s->output, "text for people, json for tools."), {"text", "json"})->capture_default_str();
  return {verb, [s] { return run_hub_preview(*s); }};
}

}  // namespace fbclens::cli
