// `validate REPO` for a folder that is a catalog repository (core/repo): each catalog's report as
// it is validated, then the templates and their drift; and what the repository verbs share.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "common.h"
#include "repository.h"
#include "export/path_style.h"
#include "export/report_text.h"
#include "findings/format.h"
#include "profile_options.h"
#include "repo/repository.h"
#include "repo/repository_json.h"
#include "template/write.h"

namespace fbclens::cli {

namespace fs = std::filesystem;

namespace {

PathStyle repository_paths(const std::string& path) {
  std::error_code ec;
  return path_style_for(path, true, fs::current_path(ec).string());
}

// The flags' and config files' profile settings for a repository: profiles and registries as
// `validate` resolves them for the folder; the OpenShift version only when the flags or a config
// file give one (else each root's folder names its own).
bool repository_settings(const std::string& path, const ProfileFlags& flags, repo::RepositoryOptions& options) {
  profiles::ProfileOptions resolved;
  if (!resolve_profile_options(path, flags, resolved)) return false;
  options.settings.profiles = resolved.profiles;
  options.settings.konflux_registries = resolved.konflux_registries;
  if (!resolved.pipelines_registries.empty()) options.settings.pipelines_registries = resolved.pipelines_registries;
  if (resolved.ocp_version && resolved.ocp_version_from.rfind("folder", 0) != 0) {
    options.settings.ocp_version = resolved.ocp_version;
    options.settings_origin = resolved.ocp_version_from;
  }
  return true;
}

}  // namespace

bool open_bundle_sources(const std::vector<std::string>& folders, OpenedSources& out) {
  for (const std::string& folder : folders) {
    std::unique_ptr<FileSource> source = open_catalog(folder);
    if (!source) return false;
    out.list.push_back(repo::BundleSource{folder, source.get()});
    out.sources.push_back(std::move(source));
  }
  return true;
}

int validate_repository(const std::string& path, const FileSource& source, const repo::Discovery& discovery, const std::string& output,
                        const ProfileFlags& flags, const std::vector<std::string>& bundles_from) {
  repo::RepositoryOptions options;
  if (!repository_settings(path, flags, options)) return 2;
  OpenedSources extra;
  if (!open_bundle_sources(bundles_from, extra)) return 2;
  options.bundles_from = extra.list;
  const PathStyle paths = repository_paths(path);
  if (output == "text") {
    // Each catalog's report as soon as it is validated (its report is released afterwards).
    options.on_root = [&paths](const repo::RootOutcome& outcome, std::unique_ptr<ValidationReport>& report, const FileSource& files) {
      PathStyle root_paths = paths;
      if (!outcome.root.path.empty()) root_paths.prefix += outcome.root.path + "/";
      std::cout << repo::root_heading(outcome, paths);
      write_text_report(*report, &files, root_paths, [](std::string_view piece) { std::cout << piece; });
      std::cout << "\n";
      std::cout.flush();
    };
  } else if (output == "opm") {
    options.on_root = [&paths](const repo::RootOutcome& outcome, std::unique_ptr<ValidationReport>&, const FileSource&) {
      std::cout << repo::root_heading(outcome, paths) << outcome.opm_output << "\n";
    };
  }
  const repo::RepositoryReport report = repo::validate_repository(source, discovery, options);
  if (output == "json") {
    std::cout << repo::repository_json(report).dump(2, ' ', false, Json::error_handler_t::replace) << "\n";
  } else if (output == "sarif") {
    std::cout << repo::repository_sarif(report, paths).dump(2, ' ', false, Json::error_handler_t::replace) << "\n";
  } else if (output == "text") {
    std::cout << repo::repository_text_tail(report, &source, paths);
  }
  if (output == "opm") {
    for (const repo::RootOutcome& r : report.roots) {
      if (r.verdict != Verdict::Valid) return 1;
    }
    return 0;
  }
  return repo::exit_status(report);
}

}  // namespace fbclens::cli
