// install-preview: the CLI face of core/install (what installing the catalog's bundles takes).
#include <iostream>
#include <memory>

#include "common.h"
#include "export/install_text.h"
#include "install/install_preview.h"
#include "verb.h"

namespace fbclens::cli {

namespace {

struct InstallPreviewSettings {
  std::string catalog, package, bundle, console = hub::kDefaultConsole, output = "text";
};

int run_install_preview(const InstallPreviewSettings& s) {
  const auto report = load(s.catalog);
  if (!report) return 2;
  std::string error;
  const std::optional<install::InstallPreview> preview =
      install::install_preview(report->model, {s.package, s.bundle, s.console}, error);
  if (!preview) {
    std::cerr << "fbclens: " << error << "\n";
    return 2;
  }
  if (s.output == "json") std::cout << install::install_preview_json(*preview).dump(2) << "\n";
  else std::cout << install_preview_text(*preview);
  return 0;
}

}  // namespace

Verb add_install_preview_verb(CLI::App& fbclens) {
  CLI::App* verb = add_verb(fbclens, "install-preview",
      "What installing takes: each bundle's install modes and provided APIs, whether OLM v1 can install it, the "
      "upgrade edges that drop an install mode, APIs two packages own; with --bundle also the OperatorGroups OLM "
      "Classic accepts for it and the console's install page.\n\n"
      "Exit status: 0 shown, 2 usage or I/O error, or a package, bundle or console not in the catalog.");
  auto s = std::make_shared<InstallPreviewSettings>();
  verb->add_option("CATALOG", s->catalog, "The catalog folder or file.")->required();
  verb->add_option("--package", s->package, "Only this package (default: every package).")->type_name("PKG");
  CLI::Option* bundle = verb->add_option("--bundle", s->bundle, "One bundle of --package, with its OperatorGroups and install page.")
                            ->type_name("BUNDLE");
  bundle->needs(verb->get_option("--package"));
  // The console versions are the rows of core/hub/consoles.h, oldest first.
  std::vector<std::string> consoles;
  for (const hub::ConsoleVersion& c : hub::kConsoles) consoles.push_back(c.name);
  one_of(verb->add_option("--console", s->console, "The OpenShift console version whose install page to show."), consoles)
      ->type_name(consoles.front() + ".." + consoles[consoles.size() - 2] + "|" + consoles.back())
      ->capture_default_str();
  one_of(verb->add_option("--output", s->output, "text for people, json for tools."), {"text", "json"})->capture_default_str();
  return {verb, [s] { return run_install_preview(*s); }};
}

}  // namespace fbclens::cli
