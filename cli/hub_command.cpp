// hub-preview: the CLI face of core/hub (what OperatorHub shows for a package).
#include <iostream>

#include "common.h"
#include "export/hub_json.h"
#include "hub/hub_preview.h"
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
}

struct HubPreviewSettings {
  std::string catalog, package, channel, version, console = hub::console_version_text(hub::kNewestConsole), output = "text";
};

int run_hub_preview(const HubPreviewSettings& s) {
  const std::string& output = s.output;
  const std::optional<int> minor = hub::parse_console_version(s.console);
  const auto report = load(s.catalog);
  if (!report) return 2;
  const hub::PreviewRequest request{s.package, s.channel, s.version, *minor};
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

}  // namespace

Verb add_hub_preview_verb(CLI::App& fbclens) {
  CLI::App* verb = add_verb(fbclens, "hub-preview",
      "What the OpenShift console's OperatorHub shows: listed or hidden (and why), tile, details alert, channel and "
      "version dropdowns. Console defaults to " + hub::console_version_text(hub::kNewestConsole) +
      "; channel and version to the console's picks.\n\n"
      "Exit status: 0 shown, 2 usage or I/O error, or a package, channel or version not in the catalog.");
  auto s = std::make_shared<HubPreviewSettings>();
  verb->add_option("CATALOG", s->catalog, "The catalog folder or file.")->required();
  verb->add_option("--package", s->package, "The package to preview.")->type_name("PKG")->required();
  verb->add_option("--channel", s->channel, "The channel picked in the dropdown (default: the console's pick).")->type_name("CH");
  verb->add_option("--version", s->version, "The version picked in the dropdown (default: the console's pick).")
      ->type_name("VERSION");
  std::vector<std::string> consoles;
  for (int minor = hub::kOldestConsole; minor <= hub::kNewestConsole; ++minor) consoles.push_back(hub::console_version_text(minor));
  one_of(verb->add_option("--console", s->console, "The OpenShift console version whose OperatorHub to show."), consoles)
      ->type_name(consoles.front() + ".." + consoles.back())
      ->capture_default_str();
  one_of(verb->add_option("--output", s->output, "text for people, json for tools."), {"text", "json"})->capture_default_str();
  return {verb, [s] { return run_hub_preview(*s); }};
}

}  // namespace fbclens::cli
