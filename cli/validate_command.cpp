// validate: opm validate's verdict and every finding, with the check profiles (core/validate, core/profiles).
#include <filesystem>
#include <iostream>

#include "common.h"
#include "export/report_json.h"
#include "profile_options.h"
#include "export/report_text.h"
#include "validate/validate.h"
#include "repo/discover.h"
#include "repository.h"
#include "verb.h"

namespace fbclens::cli {

namespace {

struct ValidateSettings {
  std::string path, output = "text";
  // The check-profile flags, as typed; ProfileFlags reads them after parsing.
  std::vector<std::string> profiles, konflux_registries, pipelines_registries;
  std::string ocp_version, config;
  bool single_catalog = false;             // --single-catalog: one catalog even where a repository is found
  std::vector<std::string> bundles_from;   // --bundles-from: more bundle content for the templates
};

int run_validate(const CLI::App& verb, const ValidateSettings& s) {
  const std::string& path = s.path;
  const std::string& output = s.output;
  ProfileFlags profile_flags;
  std::string error;
  for (const std::string& v : s.profiles) {
    if (!profile_flags.take("--profile", v, error)) return usage_error(verb, error);
  }
  if (verb.count("--ocp-version") > 0 && !profile_flags.take("--ocp-version", s.ocp_version, error)) return usage_error(verb, error);
  profile_flags.config = s.config;
  for (const std::string& v : s.konflux_registries) profile_flags.take("--konflux-registries", v, error);
  for (const std::string& v : s.pipelines_registries) profile_flags.take("--operator-pipelines-registries", v, error);
  const std::unique_ptr<FileSource> source = open_catalog(path);
  if (!source) return 2;
  // The settings first, so a broken config file stops the command before any validation (a
  // repository resolves the same settings again for its roots, with the same verdict on them).
  profiles::ProfileOptions profile_options;
  if (!resolve_profile_options(path, profile_flags, profile_options)) return 2;
  // opm's output needs nothing beyond opm: no analysis, no profile (which never change it).
  ValidateOptions options;
  options.analyses = output != "opm";
  options.release_documents = true;  // nothing below reads the documents beyond the model and properties
  // A folder of several catalogs (one per OpenShift version) and their templates is validated as
  // a repository; a folder that is one catalog exactly as before (and always with --single-catalog).
  std::unique_ptr<ValidationReport> validated;
  std::error_code dir_ec;
  if (!s.single_catalog && std::filesystem::is_directory(path, dir_ec)) {
    repo::FolderOutcome folder = repo::validate_folder(*source, options);
    if (folder.repository) return validate_repository(path, *source, *folder.repository, output, profile_flags, s.bundles_from);
    validated = std::move(folder.report);
  }
  if (!validated) validated = std::make_unique<ValidationReport>(validate_catalog(*source, options));
  ValidationReport& report = *validated;
  // Profiles add findings and gates; opm's own output and verdict stay as they are.
  if (output != "opm") profiles::apply_profiles(report, profile_options);
  // Files are named as compilers name them: relative to the current directory when the catalog is
  // under it (SARIF's SRCROOT is then that directory), else by their absolute path.
  std::error_code ec;
  const PathStyle paths = path_style_for(path, std::filesystem::is_directory(path, ec), std::filesystem::current_path(ec).string());
  if (output == "opm") {
    std::cout << report.opm_output << "\n";
  } else if (output == "json") {
    write_summary_text(std::cout, report, paths, 2);
    std::cout << "\n";
  } else if (output == "sarif") {
    std::cout << sarif_json(report, paths).dump(2) << "\n";
  } else {
    release_catalog(report);  // the report reads findings and files only; the catalog's memory goes first
    write_text_report(report, source.get(), paths, [](std::string_view piece) { std::cout << piece; });
  }
  // opm's own output keeps opm's status too (VALID is 0 even for an empty folder; profiles never
  // change it).
  if (output == "opm") return report.verdict == Verdict::Valid ? 0 : 1;
  return exit_status(report);
}

std::string profile_names() {
  std::string names;
  for (const profiles::Profile p : profiles::kAllProfiles) names += (names.empty() ? "" : "|") + std::string(profiles::profile_name(p));
  return names + "[,...]";
}

}  // namespace

Verb add_validate_verb(CLI::App& fbclens) {
  CLI::App* verb = add_verb(fbclens, "validate",
      "Validates a catalog as opm validate does, and reports every finding with its file, line and column. "
      "Check profiles add the catalog checks of Konflux's validate-fbc, the operator pipelines and OperatorHub, and "
      "fail the run (1) when theirs fail; opm always runs. Settings also come from .fbclens.yaml in the catalog's "
      "folder or above; the OpenShift version also from a vX.Y folder. A folder holding several catalogs (one per "
      "OpenShift version: v4.16/catalog, catalog/v4.17/<pkg>, catalogs/v4.18, catalog-4-14) or catalog templates is "
      "validated as a repository: each catalog on its own (its version from its folder), each template with opm "
      "render-template's rules, rendered offline from the bundles the catalogs (and --bundles-from) hold and compared "
      "with the catalog it renders (drift).\n\n"
      "Exit status: 0 valid, 1 invalid or a selected check profile failed, 2 usage or I/O error (also an unknown "
      "profile, a bad --ocp-version, a config file that does not parse), 3 valid but no catalog content (an empty "
      "folder, or only objects of other schemas); with --output opm the status is opm's (0 there).");
  auto s = std::make_shared<ValidateSettings>();
  verb->add_option("PATH", s->path, "A catalog folder, or a single file (validated as a folder holding just it).")->required();
  one_of(verb->add_option("-o,--output", s->output,
                          "text: findings for people, grouped, with source excerpts; json: every finding and the summary; "
                          "sarif: SARIF 2.1.0 for code scanning; opm: exactly opm's VALID / INVALID: / LOAD ERROR: text."),
         {"text", "json", "sarif", "opm"})
      ->capture_default_str();
  repeatable(verb->add_option("--profile", s->profiles, "Check profiles to run besides opm (a comma list)."))
      ->type_name(profile_names());
  verb->add_option("--ocp-version", s->ocp_version, "The OpenShift version the catalog is for (e.g. 4.17).")->type_name("X.Y");
  verb->add_option("--config", s->config, "The settings file (default: the first .fbclens.yaml in the catalog's folder or above).")
      ->type_name("FILE");
  repeatable(verb->add_option("--konflux-registries", s->konflux_registries,
                              "Image registry prefixes Konflux's profile allows, replacing its defaults (a comma list)."))
      ->type_name("PREFIX,...");
  repeatable(verb->add_option("--operator-pipelines-registries", s->pipelines_registries,
                              "Image registry prefixes the operator-pipelines profile allows (a comma list)."))
      ->type_name("PREFIX,...");
  verb->add_flag("--single-catalog", s->single_catalog, "Validate the folder as one catalog, as opm would, even where it holds several.");
  repeatable(verb->add_option("--bundles-from", s->bundles_from,
                              "A catalog or repository folder whose bundles render the templates' images (repositories only)."))
      ->type_name("DIR");
  return {verb, [verb, s] { return run_validate(*verb, *s); }};
}

}  // namespace fbclens::cli
