// The CLI's repository commands (issue 22): `validate REPO` for a folder that is a catalog
// repository (core/repo), `matrix REPO` and `render-template TEMPLATE`.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "args.h"
#include "commands.h"
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

struct OpenedSources {
  std::vector<std::unique_ptr<FileSource>> sources;
  std::vector<repo::BundleSource> list;
};

bool open_bundle_sources(const std::vector<std::string>& folders, OpenedSources& out) {
  for (const std::string& folder : folders) {
    std::unique_ptr<FileSource> source = open_catalog(folder);
    if (!source) return false;
    out.list.push_back(repo::BundleSource{folder, source.get()});
    out.sources.push_back(std::move(source));
  }
  return true;
}

}  // namespace

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
      std::cout << repo::root_heading(outcome, paths) << render_text_report(*report, &files, root_paths) << "\n";
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

int matrix_command(int argc, char** argv) {
  Args args(argc, argv, {"--output"});
  if (!args.error.empty()) return usage_error(args.error);
  if (args.positional.size() != 1) return usage_error("matrix needs one REPO folder");
  const std::string output = args.get("--output", "text");
  if (output != "text" && output != "json") return usage_error("unknown --output " + output + " (text or json)");
  const std::string path = args.positional.front();
  const std::unique_ptr<FileSource> source = open_catalog(path);
  if (!source) return 2;
  const repo::Discovery discovery = repo::discover_repository(*source);
  const repo::RepositoryReport report = repo::validate_repository(*source, discovery);
  if (output == "json") {
    std::cout << repo::matrix_json(report.matrix).dump(2, ' ', false, Json::error_handler_t::replace) << "\n";
  } else {
    std::cout << repo::matrix_text(report.matrix);
  }
  return 0;
}

int render_template_command(int argc, char** argv) {
  Args args(argc, argv, {"--bundles-from", "--output"});
  if (!args.error.empty()) return usage_error(args.error);
  if (args.positional.size() != 1) return usage_error("render-template needs one TEMPLATE file");
  const std::string output = args.get("--output", "json");
  if (output != "json" && output != "yaml") return usage_error("unknown --output " + output + " (json or yaml)");
  const fs::path file = args.positional.front();
  std::string bytes, error;
  {
    const std::unique_ptr<FileSource> single = open_catalog(file.string());
    if (!single) return 2;
    std::vector<SourceError> ignored;
    const std::vector<std::string> names = single->list_files(ignored);
    if (names.size() != 1 || !single->read(names.front(), bytes, error, std::size_t(512) << 20)) {
      std::fprintf(stderr, "fbclens: %s is not a template file\n", file.string().c_str());
      return 2;
    }
  }
  tmpl::RenderSources sources;
  // The repository the template is in: its folder, else the folders above it (up to the one
  // holding .git), the first where discovery pairs it with a catalog.
  std::error_code ec;
  const fs::path absolute = fs::absolute(file, ec);
  std::vector<std::string> preferred;
  std::unique_ptr<FileSource> repository;
  for (fs::path dir = absolute.parent_path(); !dir.empty(); dir = dir.parent_path()) {
    auto candidate = std::make_unique<DirectoryFileSource>(dir.string());
    const repo::Discovery discovery = repo::discover_repository(*candidate);
    const std::string relative = absolute.lexically_relative(dir).generic_string();
    const auto t = std::find_if(discovery.templates.begin(), discovery.templates.end(),
                                [&](const repo::TemplateFile& f) { return f.path == relative; });
    if (t != discovery.templates.end() && !t->renders.empty()) {
      preferred = t->renders;
      repository = std::move(candidate);
      sources.add_repository(*repository, discovery, "");
      break;
    }
    if (fs::exists(dir / ".git", ec) || dir == dir.parent_path()) break;
  }
  OpenedSources extra;
  if (!open_bundle_sources(args.flags["--bundles-from"], extra)) return 2;
  for (const repo::BundleSource& from : extra.list) {
    const repo::Discovery discovery = repo::discover_repository(*from.source);
    if (discovery.repository) {
      sources.add_repository(*from.source, discovery, from.name);
    } else {
      sources.add_catalog(*from.source, from.name);
    }
  }
  const tmpl::Template parsed = tmpl::parse_template(file.string(), bytes);
  const tmpl::Rendering rendering = tmpl::render_template(parsed, sources.index(), preferred);
  int status = 0;
  for (const std::vector<Finding>* list : {&parsed.findings, &rendering.findings}) {
    for (const Finding& f : *list) {
      std::fprintf(stderr, "%s: %s[%s]: %s\n", location_text(f.location).c_str(), severity_name(f.info().severity),
                   std::string(f.info().code).c_str(), f.message.c_str());
      if (f.info().severity == Severity::Error) status = 1;
    }
  }
  if (status || !rendering.complete) return 1;
  std::string text, write_error;
  if (!tmpl::write_rendering(parsed, rendering, sources, output == "yaml" ? tmpl::OutputFormat::Yaml : tmpl::OutputFormat::Json, text,
                             write_error)) {
    std::fprintf(stderr, "fbclens: %s\n", write_error.c_str());
    return 1;
  }
  std::cout << text;
  return 0;
}

}  // namespace fbclens::cli
