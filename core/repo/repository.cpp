#include "repo/repository.h"

#include <algorithm>
#include <chrono>
#include <set>

#include "export/report_json.h"
#include "model/model.h"

namespace fbclens::repo {

namespace {

// Template files inside `folder` (left out of its catalog: never catalog content).
std::vector<std::string> templates_within(const Discovery& discovery, const std::string& folder) {
  std::vector<std::string> out;
  const std::string prefix = folder.empty() ? std::string() : folder + "/";
  for (const TemplateFile& t : discovery.templates) {
    if (t.path.compare(0, prefix.size(), prefix) == 0) out.push_back(t.path);
  }
  return out;
}

// The bundles of a --bundles-from folder: one catalog, or each root of a repository.
void index_bundle_source(const BundleSource& from, tmpl::BundleIndex& index) {
  const Discovery discovery = discover_repository(*from.source);
  if (!discovery.repository) {
    ValidationReport report = validate_catalog(*from.source);
    index.add_catalog(report.model, from.name);
    return;
  }
  for (const CatalogRoot& root : discovery.roots) {
    const std::unique_ptr<FileSource> files = root_source(*from.source, discovery, root);
    ValidationReport report = validate_catalog(*files);
    index.add_catalog(report.model, root.path.empty() ? from.name : from.name + "/" + root.path);
  }
}

}  // namespace

FolderOutcome validate_folder(const FileSource& source, const ValidateOptions& options, const RootFound& on_root) {
  FolderOutcome out;
  // Runs `step`, adding the milliseconds it took to `total`.
  const auto timed = [](double& total, auto&& step) {
    const auto start = std::chrono::steady_clock::now();
    auto result = step();
    total += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return result;
  };
  std::vector<SourceError> list_errors;
  double load_ms = 0;
  if (only_a_template_makes_a_repository(source.list_files(list_errors))) {
    const TemplateWatch watch(source);
    out.report = timed(load_ms, [&] { return std::make_unique<ValidationReport>(validate_catalog(watch, options)); });
    out.decided_after_load = true;
    if (!timed(out.discover_ms, [&] { return watch.may_hold_template(&out.report->load); })) return out;
  }
  // The roots validated while discovery reads are not deciding: their time is theirs.
  double roots_ms = 0;
  const RootFound timed_on_root = !on_root ? RootFound() : [&](const CatalogRoot& root, const Discovery& so_far, const FileSource& files, bool ahead) {
    timed(roots_ms, [&] {
      on_root(root, so_far, files, ahead);
      return 0;
    });
  };
  Discovery discovery = timed(out.discover_ms, [&] { return discover_repository(source, timed_on_root); });
  out.discover_ms -= roots_ms;
  if (discovery.repository) {
    // A load as one catalog that turned out to be a repository's: part of deciding, then dropped.
    out.discover_ms += load_ms;
    out.decided_after_load = false;
    out.report.reset();
    out.repository = std::move(discovery);
  } else if (!out.report) {
    out.report = std::make_unique<ValidationReport>(validate_catalog(source, options));
  }
  return out;
}

std::unique_ptr<FileSource> root_source(const FileSource& source, const Discovery& discovery, const CatalogRoot& root) {
  return std::make_unique<SubtreeFileSource>(source, root.path, templates_within(discovery, root.path));
}

ValidationReport validate_root(const FileSource& root_files, const CatalogRoot& root, const RepositoryOptions& options,
                               std::string& ocp_version_from, bool analyses) {
  ValidateOptions validate;
  validate.load = options.load;
  validate.analyses = analyses;
  validate.bundle_objects = options.bundle_objects.get();
  ValidationReport report = validate_catalog(root_files, validate);
  // The check profiles: the caller's settings over the root's own .fbclens.yaml; the OpenShift
  // version from the settings, else from the root's version folder (4.23 is 5.0 to OLM).
  profiles::ProfileSettings over = options.settings;
  std::string origin = options.settings_origin;
  if (!over.ocp_version && root.ocp_version) {
    over.ocp_version = effective_ocp_version(*root.ocp_version);
    origin = "folder " + root.version_folder;
  }
  profiles::ProfileOptions profile_options;
  std::string error;
  if (profiles::catalog_options(root_files, report.load, over, origin, root.path, profile_options, error)) {
    profiles::apply_profiles(report, profile_options);
  }
  ocp_version_from = profile_options.ocp_version_from;
  return report;
}

void record_root_report(RootOutcome& outcome, const ValidationReport& report) {
  outcome.verdict = report.verdict;
  outcome.opm_output = report.opm_output;
  outcome.exit_status = fbclens::exit_status(report);
  outcome.findings = report.findings;
  outcome.profiles = report.profiles;
  PathStyle paths;
  paths.prefix = outcome.root.path.empty() ? std::string() : outcome.root.path + "/";
  outcome.summary = summary_json(report, paths);
  outcome.summary.erase("findings");
  outcome.analyses_complete = report.analyses_complete;
}

void complete_root(const FileSource& source, const Discovery& discovery, const RepositoryOptions& options, RootOutcome& outcome) {
  if (outcome.analyses_complete) return;
  const std::unique_ptr<FileSource> files = root_source(source, discovery, outcome.root);
  std::string ocp_version_from;
  const ValidationReport report = validate_root(*files, outcome.root, options, ocp_version_from, /*analyses=*/true);
  record_root_report(outcome, report);
}

RepositoryReport validate_repository(const FileSource& source, const Discovery& discovery, const RepositoryOptions& options) {
  if (options.bundle_objects) return RepositoryValidation(options).finish(source, discovery);
  RepositoryOptions sharing = options;
  sharing.bundle_objects = std::make_shared<declcfg::BundleObjectMemo>();
  return RepositoryValidation(sharing).finish(source, discovery);
}

void RepositoryValidation::validate_ahead(const FileSource& files, const Discovery& so_far, const CatalogRoot& root) {
  if (ahead_report_ || (given_report_ && given_root_.path == root.path)) return;  // one kept; or given already
  const std::unique_ptr<FileSource> root_files = root_source(files, so_far, root);
  ahead_root_ = root;
  ahead_report_ = std::make_unique<ValidationReport>(
      validate_root(*root_files, root, options_, ahead_ocp_version_from_, !options_.defer_analyses));
}

void RepositoryValidation::give_report(const CatalogRoot& root, std::unique_ptr<ValidationReport> report,
                                       std::string ocp_version_from) {
  given_root_ = root;
  given_report_ = std::move(report);
  given_ocp_version_from_ = std::move(ocp_version_from);
}

void RepositoryValidation::add_root(const FileSource& files, const Discovery& so_far, const CatalogRoot& root) {
  const std::unique_ptr<FileSource> root_files = root_source(files, so_far, root);
  RootOutcome outcome;
  outcome.root = root;
  std::unique_ptr<ValidationReport> report;
  if (given_report_ && given_root_.path == root.path) {
    report = std::move(given_report_);
    outcome.ocp_version_from = std::move(given_ocp_version_from_);
  } else if (ahead_report_ && ahead_root_.path == root.path) {
    report = std::move(ahead_report_);
    outcome.ocp_version_from = std::move(ahead_ocp_version_from_);
  } else {
    report = std::make_unique<ValidationReport>(validate_root(*root_files, root, options_, outcome.ocp_version_from, !options_.defer_analyses));
  }
  record_root_report(outcome, *report);
  outcome.skeleton = tmpl::skeleton_of(report->model);
  index_.add_catalog(report->model, root.path);
  out_.matrix.columns.push_back(matrix_column(*report, root.path, root.ocp_version));
  if (previous_model_) {
    out_.matrix.changes.push_back(MatrixChange{out_.roots.back().root.path, root.path, diff::diff_models(*previous_model_, report->model)});
  }
  const model::Model* model = &report->model;  // stays put if on_root takes the report
  if (options_.on_root) options_.on_root(outcome, report, *root_files);
  out_.roots.push_back(std::move(outcome));
  previous_ = std::move(report);  // kept for the next root's diff, then released
  previous_model_ = model;
}

RepositoryReport RepositoryValidation::finish(const FileSource& source, const Discovery& discovery) {
  const auto added_first = [&] {
    if (out_.roots.size() > discovery.roots.size()) return false;
    for (std::size_t i = 0; i < out_.roots.size(); ++i) {
      if (out_.roots[i].root.path != discovery.roots[i].path) return false;
    }
    return true;
  };
  if (!added_first()) {
    ahead_report_.reset();
    out_ = RepositoryReport();
    index_ = tmpl::BundleIndex();
    previous_.reset();
    previous_model_ = nullptr;
  }
  // Each root lists the repository to keep its own folder: listed once for all of them.
  const ListedOnce listed(source);
  for (std::size_t i = out_.roots.size(); i < discovery.roots.size(); ++i) add_root(listed, discovery, discovery.roots[i]);
  RepositoryReport out = std::move(out_);
  out.discovery = discovery;
  previous_.reset();
  previous_model_ = nullptr;
  ahead_report_.reset();
  given_report_.reset();
  std::set<std::string> packages;
  for (const MatrixColumn& c : out.matrix.columns) {
    for (const auto& [name, cell] : c.packages) packages.insert(name);
  }
  out.matrix.packages.assign(packages.begin(), packages.end());

  if (!discovery.templates.empty()) {
    for (const BundleSource& from : options_.bundles_from) {
      if (from.source) index_bundle_source(from, index_);
    }
  }
  for (const TemplateFile& file : discovery.templates) {
    TemplateOutcome outcome;
    outcome.file = file;
    std::string bytes, error;
    if (!source.read(file.path, bytes, error, options_.load.max_file_bytes)) {
      outcome.findings.push_back(make_finding(FindingId::TemplateUnreadable, {error, error}, SourceLocation{file.path}, {}));
      out.templates.push_back(std::move(outcome));
      continue;
    }
    const tmpl::Template parsed = tmpl::parse_template(file.path, bytes, &file);
    bytes = std::string();
    outcome.findings = parsed.findings;
    if (parsed.renderable) {
      const tmpl::Rendering rendering = tmpl::render_template(parsed, index_, file.renders);
      outcome.findings.insert(outcome.findings.end(), rendering.findings.begin(), rendering.findings.end());
      outcome.rendered = rendering.complete;
      if (rendering.complete) {
        for (const std::string& root : file.renders) {
          const auto r = std::find_if(out.roots.begin(), out.roots.end(), [&](const RootOutcome& o) { return o.root.path == root; });
          if (r == out.roots.end()) continue;
          std::vector<Finding> drift = tmpl::drift(rendering, r->skeleton, file.path, root);
          outcome.findings.insert(outcome.findings.end(), drift.begin(), drift.end());
        }
      }
    }
    if (file.renders.empty()) {
      outcome.findings.push_back(make_finding(FindingId::TemplateNoCatalog,
                                              {"looked in its version folder, the folder it is in, and the catalog folders beside that folder"},
                                              SourceLocation{file.path, file.position.line, file.position.column}, {}));
    }
    out.templates.push_back(std::move(outcome));
  }

  for (const std::string& stray : discovery.stray_content) {
    out.findings.push_back(make_finding(FindingId::StrayCatalogContent, {"its catalogs are " + std::to_string(discovery.roots.size()) + " folders below"},
                                        SourceLocation{stray}, {}));
  }
  for (const SourceError& e : discovery.unreadable) {
    out.findings.push_back(make_finding(FindingId::RepositoryFileUnreadable, {e.message}, SourceLocation{e.path}, {}));
  }
  return out;
}

int exit_status(const RepositoryReport& report) {
  bool failed = false, content = false;
  for (const RootOutcome& r : report.roots) {
    failed = failed || r.exit_status == 1;
    content = content || r.exit_status != 3;
  }
  for (const TemplateOutcome& t : report.templates) {
    for (const Finding& f : t.findings) failed = failed || f.info().severity == Severity::Error;
  }
  if (failed) return 1;
  return content ? 0 : 3;
}

}  // namespace fbclens::repo
