// diff: the CLI face of core/diff (README "Catalog diff").
#include <filesystem>
#include <iostream>

#include "common.h"
#include "declcfg/bundle_objects.h"
#include "diff/diff.h"
#include "export/diff_json.h"
#include "export/diff_sarif.h"
#include "findings/format.h"
#include "verb.h"

namespace fbclens::cli {

namespace {

struct DiffSettings {
  std::string old_path, new_path, output = "text", profile;
};

int run_diff(const DiffSettings& s) {
  const std::string& output = s.output;
  const std::string& profile = s.profile;
  const std::string* const paths[] = {&s.old_path, &s.new_path};
  // Two versions of a catalog hold mostly the same bundles: their bundle-object manifests are read once.
  declcfg::BundleObjectMemo bundle_objects;
  const auto old_report = load(s.old_path, &bundle_objects);
  if (!old_report) return 2;
  const auto new_report = load(s.new_path, &bundle_objects);
  if (!new_report) return 2;
  // A catalog opm rejects is still compared as far as it loaded; say so, since the diff then
  // reflects only part of it.
  for (const auto* r : {old_report.get(), new_report.get()}) {
    if (r->verdict == Verdict::Valid) continue;
    const std::string& path = *paths[r == old_report.get() ? 0 : 1];
    std::cerr << "fbclens: warning: " << path << " is " << verdict_name(r->verdict)
              << " (see fbclens validate); comparing what loaded\n";
  }
  const diff::CatalogDiff d = diff::diff_models(old_report->model, new_report->model);
  const bool pruning = profile == "pruning";
  const std::vector<diff::PruningViolation> violations = pruning ? diff::pruning_violations(d, &old_report->model) : std::vector<diff::PruningViolation>{};
  // Removals are located in OLD, named as `validate` names files (relative to the current
  // directory when OLD is under it).
  std::error_code ec;
  const PathStyle old_paths = path_style_for(s.old_path, std::filesystem::is_directory(s.old_path, ec),
                                             std::filesystem::current_path(ec).string());
  if (output == "sarif") {
    // Additions are located in NEW, named the same way.
    const PathStyle new_paths = path_style_for(s.new_path, std::filesystem::is_directory(s.new_path, ec),
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

}  // namespace

Verb add_diff_verb(CLI::App& fbclens) {
  CLI::App* verb = add_verb(fbclens, "diff",
      "What changed from catalog OLD to NEW: packages, channels, entries, bundles, default channels, "
      "replaces/skips/skipRange, deprecations, and entries whose OLM Classic / OLM v1 next step or walk end changed or "
      "that Classic now strands. --profile pruning exits 1 when a channel or channel entry is removed outside "
      "dev-preview/pre-ga/candidate channels (Konflux's rule).\n\n"
      "Exit status: 0 compared (differences alone never fail), 1 the pruning profile found a removal, 2 usage or I/O "
      "error. A catalog opm rejects is compared as far as it loaded, with a warning on stderr.");
  auto s = std::make_shared<DiffSettings>();
  verb->add_option("OLD", s->old_path, "The older catalog folder or file.")->required();
  verb->add_option("NEW", s->new_path, "The newer catalog folder or file.")->required();
  one_of(verb->add_option("--output", s->output,
                          "text for people; json for tools; sarif: SARIF 2.1.0 with each change located in OLD or NEW."),
         {"text", "json", "sarif"})
      ->capture_default_str();
  one_of(verb->add_option("--profile", s->profile, "pruning: fail on removals Konflux forbids."), {"pruning"});
  return {verb, [s] { return run_diff(*s); }};
}

}  // namespace fbclens::cli
