// install-preview: the CLI face of core/install (what installing the catalog's bundles takes).
#include <iostream>

#include "args.h"
#include "commands.h"
#include "export/install_text.h"
#include "install/install_preview.h"

namespace fbclens::cli {

int install_preview_command(int argc, char** argv) {
  const Args args(argc, argv, {"--package", "--bundle", "--console", "--output"});
  if (!args.error.empty()) return usage_error(args.error);
  if (args.positional.size() != 1) return usage_error("install-preview needs one CATALOG");
  if (args.has("--bundle") && !args.has("--package")) return usage_error("install-preview: --bundle needs --package");
  const std::string output = args.get("--output", "text");
  if (output != "text" && output != "json") return usage_error("unknown --output " + output);
  const std::string console = args.get("--console", hub::console_version_text(hub::kNewestConsole));
  const std::optional<int> minor = hub::parse_console_version(console);
  if (!minor) return usage_error("unknown --console " + console + " (4.16 … 4.21)");

  const auto report = load(args.positional[0]);
  if (!report) return 2;
  std::string error;
  const std::optional<install::InstallPreview> preview =
      install::install_preview(report->model, {args.get("--package"), args.get("--bundle"), *minor}, error);
  if (!preview) {
    std::cerr << "fbclens: " << error << "\n";
    return 2;
  }
  if (output == "json") std::cout << install::install_preview_json(*preview).dump(2) << "\n";
  else std::cout << install_preview_text(*preview);
  return 0;
}

}  // namespace fbclens::cli
