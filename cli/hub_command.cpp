// hub-preview: the CLI face of core/hub (what OperatorHub shows for a package; its text
// export/hub_text.h, its JSON export/hub_json.h).
#include <ctime>
#include <iostream>
#include <memory>

#include "common.h"
#include "export/hub_json.h"
#include "export/hub_text.h"
#include "hub/hub_preview.h"
#include "lifecycle/lifecycle.h"
#include "verb.h"

namespace fbclens::cli {

namespace {

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
  if (s.output == "json") std::cout << hub_preview_json(*preview).dump(2) << "\n";
  else std::cout << render_hub_text(*preview);
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
