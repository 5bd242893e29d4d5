// diff: the CLI face of core/diff (README "Catalog diff").
#include <filesystem>
#include <iostream>

#include "args.h"
#include "commands.h"
#include "diff/diff.h"
#include "export/diff_json.h"
#include "export/diff_sarif.h"
#include "findings/format.h"

namespace fbclens::cli {

int diff_command(int argc, char** argv) {
  const Args args(argc, argv, {"--output", "--profile"});
  if (!args.error.empty()) return usage_error(args.error);
  if (args.positional.size() != 2) return usage_error("diff needs OLD and NEW catalogs");
  const std::string output = args.get("--output", "text");
  if (output != "text" && output != "json" && output != "sarif") return usage_error("unknown --output " + output + " (diff: text|json|sarif)");
  const std::string profile = args.get("--profile");
  if (args.has("--profile") && profile != "pruning") return usage_error("unknown diff --profile " + profile + " (diff: pruning)");

  const auto old_report = load(args.positional[0]);
  if (!old_report) return 2;
  const auto new_report = load(args.positional[1]);
  if (!new_report) return 2;
  // A catalog opm rejects is still compared as far as it loaded; say so, since the diff then
  // reflects only part of it.
  for (const auto* r : {old_report.get(), new_report.get()}) {
    if (r->verdict == Verdict::Valid) continue;
    const std::string& path = args.positional[r == old_report.get() ? 0 : 1];
    std::cerr << "fbclens: warning: " << path << " is " << verdict_name(r->verdict)
              << " (see fbclens validate); comparing what loaded\n";
  }
  const diff::CatalogDiff d = diff::diff_models(old_report->model, new_report->model);
  const bool pruning = profile == "pruning";
  const std::vector<diff::PruningViolation> violations = pruning ? diff::pruning_violations(d, &old_report->model) : std::vector<diff::PruningViolation>{};
  // Removals are located in OLD, named as `validate` names files (relative to the current
  // directory when OLD is under it).
  std::error_code ec;
  const PathStyle old_paths = path_style_for(args.positional[0], std::filesystem::is_directory(args.positional[0], ec),
                                             std::filesystem::current_path(ec).string());
  if (output == "sarif") {
    // Additions are located in NEW, named the same way.
    const PathStyle new_paths = path_style_for(args.positional[1], std::filesystem::is_directory(args.positional[1], ec),
                                               std::filesystem::current_path(ec).string());
    std::cout << diff_sarif_json(d, old_report->model, new_report->model, old_paths, new_paths, pruning).dump(2) << "\n";
  } else if (output == "json") {
    Json out = diff_json(d);
    if (pruning) out["pruning"] = pruning_json(violations, old_paths);
    std::cout << out.dump(2) << "\n";
  } else {
    std::cout << diff_text(d);
    if (pruning) {
      for (const diff::PruningViolation& v : violations) {
        const std::string at = location_text(old_paths.located(v.where));
        std::cout << (at.empty() ? "" : at + ": ") << "pruning: " << (v.bundle.empty() ? "removes channel " + v.package + "/" + v.channel
                                                       : "removes " + v.bundle + " from channel " + v.package + "/" + v.channel)
                  << "\n";
      }
      std::cout << "Profile pruning: " << (violations.empty() ? "passed" : "failed (" + std::to_string(violations.size()) + (violations.size() == 1 ? " removal)" : " removals)"))
                << "\n";
    }
  }
  return violations.empty() ? 0 : 1;
}

}  // namespace fbclens::cli
