// The worker's side of catalog repositories (issue 22 item 6; repository_state.h): the load of a
// repository, the selection of its root, and the answers of the protocol rows `selectRoot`,
// `matrix` and `repositoryReport` (wasm/protocol.cpp).
#include "wasm/repository_ops.h"

#include <emscripten/emscripten.h>

#include <algorithm>
#include <map>

#include "export/catalog_view_json.h"
#include "repo/repository_json.h"
#include "wasm/session.h"

namespace fbclens::wasm {

namespace {

Json counts_json(const std::vector<Finding>& findings) {
  std::map<std::string, std::size_t> counts{{"error", 0}, {"warning", 0}, {"info", 0}};
  for (const Finding& f : findings) ++counts[severity_name(f.info().severity)];
  Json out = Json::object();
  for (const auto& [k, v] : counts) out[k] = v;
  return out;
}

Json version_json(const std::optional<profiles::OcpVersion>& v) { return v ? Json(v->text()) : Json(nullptr); }

Answer ok(const Json& answer) { return {Failure::None, answer.dump(-1, ' ', false, Json::error_handler_t::replace)}; }

}  // namespace

Json repository_overview_json(const RepositoryState& state) {
  Json roots = Json::array();
  for (const repo::RootOutcome& r : state.report.roots) {
    Json counts{{"findingCounts", counts_json(r.findings)}};
    for (const char* key : {"packages", "channels", "bundles"}) counts[key] = r.summary.value(key, Json(0));
    roots.push_back({{"root", r.root.path},
                     {"ocpVersion", version_json(r.root.ocp_version)},
                     {"effectiveOcpVersion", r.root.ocp_version ? Json(repo::effective_ocp_version(*r.root.ocp_version).text()) : Json(nullptr)},
                     {"verdict", verdict_name(r.verdict)},
                     {"counts", std::move(counts)},
                     {"analysesComplete", r.analyses_complete}});
  }
  Json templates = Json::array();
  for (const repo::TemplateOutcome& t : state.report.templates) {
    Json also = Json::array();
    for (std::size_t i = 1; i < t.file.renders.size(); ++i) also.push_back(t.file.renders[i]);
    templates.push_back({{"file", t.file.path},
                         {"schema", repo::template_schema_name(t.file.schema)},
                         {"renders", t.file.renders.empty() ? Json(nullptr) : Json(t.file.renders.front())},
                         {"rendersAlso", std::move(also)},
                         {"rendered", t.rendered},
                         {"findingCounts", counts_json(t.findings)}});
  }
  return {{"roots", std::move(roots)},
          {"templates", std::move(templates)},
          {"findingCounts", counts_json(state.report.findings)},
          {"current", state.current},
          {"pending", state.pending}};
}

std::unique_ptr<RepositoryLoad> Session::start_repository_load(const profiles::ProfileSettings& over, const LoadOptions& options,
                                                                bool defer_analyses) {
  auto load = std::make_unique<RepositoryLoad>();
  repo::RepositoryOptions& kept = load->state->options;
  kept.settings = over;
  kept.settings_origin = "the ocpVersion argument";
  kept.load = options;
  // The progress callback reports this load (it refers to the caller's running total): a root
  // selected later is validated without it.
  kept.load.on_file_loaded = nullptr;
  // Deferred for every root: the root shown completes its own when the page asks (analyses), the
  // others only for the whole repository's report (repositoryReport without catalogs: false).
  kept.defer_analyses = defer_analyses;
  // One memo of bundle-object manifests for every root, the one shown first and those selected later
  // included: a bundle is usually in several versions' catalogs.
  kept.bundle_objects = std::make_shared<declcfg::BundleObjectMemo>();
  load->run = kept;
  load->run.load.on_file_loaded = options.on_file_loaded;  // this load reports its progress
  // The load's stages (loadTimings) are every root's, added up. Check profiles, applied to each
  // root after its validation, and the templates' rendering are in none of them.
  RepositoryLoad& self = *load;
  load->run.on_root = [&self](const repo::RootOutcome& outcome, std::unique_ptr<ValidationReport>& report, const FileSource&) {
    if (report) {
      const ValidationTimings& t = report->timings;
      self.total.read += t.read, self.total.parse += t.parse, self.total.decode += t.decode, self.total.model += t.model;
      self.total.validate += t.validate, self.total.analyses += t.analyses;
    }
    // The roots come in version order, unversioned last: the last versioned one is the newest.
    if (outcome.root.ocp_version || self.shown_report == nullptr) {
      self.shown = outcome.root.path;
      self.shown_report = std::move(report);
    }
  };
  load->validation = std::make_unique<repo::RepositoryValidation>(load->run);
  return load;
}

const ValidationReport* Session::finish_repository_load(RepositoryLoad& load, const repo::Discovery& discovery) {
  std::unique_ptr<RepositoryState> state = std::move(load.state);
  state->report = load.validation->finish(*current_, discovery);
  state->current = load.shown;
  report_ = std::move(load.shown_report);
  timings_ = stages_of(load.total);
  for (const repo::CatalogRoot& r : discovery.roots) {
    if (r.path == state->current) state->current_files = repo::root_source(*current_, discovery, r);
  }
  repository_ = std::move(state);
  if (!report_) report_ = std::make_unique<ValidationReport>();  // a repository of templates only
  return report_.get();
}

void Session::settle_repository_load(bool defer_analyses, double complete_under_bytes) {
  fingerprint_ = catalog_fingerprint(current_->hashes());
  start_analyses();
  // A small repository: the shown root's analyses run now (its report is here). Every other
  // root's stay deferred whatever the size, as they would have to be validated again, each read
  // again from the page (kueue-fbc's 0.3 MB: 0.1-0.2 s more than the whole load); the whole
  // repository's report runs them when it is asked for.
  if (analyses_now(defer_analyses, complete_under_bytes)) {
    const double start = emscripten_get_now();
    complete_shown_root();
    add_stage_time("analyses", emscripten_get_now() - start);
  }
}

const ValidationReport* Session::load_shown_root(const profiles::ProfileSettings& over, const LoadOptions& options,
                                                 bool defer_analyses, double complete_under_bytes, repo::ShownRoot shown,
                                                 double discover_ms) {
  Unfinished rest;
  rest.load = start_repository_load(over, options, defer_analyses);
  rest.root = shown.root;
  rest.defer_analyses = defer_analyses;
  rest.complete_under_bytes = complete_under_bytes;
  // The overview so far: this root alone. Its files are read as the whole load's are (the load's
  // own settings and progress, `run`).
  auto state = std::make_unique<RepositoryState>();
  state->options = rest.load->state->options;
  state->current = shown.root.path;
  state->current_files = repo::root_source(*current_, shown.so_far, shown.root);
  state->pending = true;
  report_ = std::make_unique<ValidationReport>(
      repo::validate_root(*state->current_files, shown.root, rest.load->run, rest.ocp_version_from, !defer_analyses));
  repo::RootOutcome outcome;
  outcome.root = shown.root;
  outcome.ocp_version_from = rest.ocp_version_from;
  repo::record_root_report(outcome, *report_);
  state->report.roots.push_back(std::move(outcome));
  state->report.discovery = std::move(shown.so_far);
  timings_ = stages_of(report_->timings);
  timings_.insert(timings_.begin(), StageTime{"discover", discover_ms});
  // Not known before every file is read: finish_repository sets it.
  fingerprint_.clear();
  start_analyses();
  repository_ = std::move(state);
  unfinished_ = std::move(rest);
  return report_.get();
}

const ValidationReport* Session::finish_repository() {
  if (!unfinished_) return report_.get();
  Unfinished rest = std::move(*unfinished_);
  unfinished_.reset();
  RepositoryLoad& load = *rest.load;
  // This call's progress: files and bytes over every root but the one shown (validated already).
  // (The load's hook counted into the load's own call, which has returned.)
  LoadProgress progress;
  load.run.load.on_file_loaded = progress_hook(progress);
  // The root shown goes to the validation, which passes it back (on_root) as the newest root's.
  analyses_.reset();  // it refers into the report
  load.validation->give_report(rest.root, std::move(report_), std::move(rest.ocp_version_from));
  const double start = emscripten_get_now();
  double roots_ms = 0;
  const repo::Discovery discovery = repo::discover_repository(
      *current_, [&](const repo::CatalogRoot& root, const repo::Discovery& so_far, const FileSource& files, bool ahead) {
        const double root_start = emscripten_get_now();
        load.validation->take_root(files, so_far, root, ahead);
        roots_ms += emscripten_get_now() - root_start;
      });
  const double discover_ms = emscripten_get_now() - start - roots_ms;
  const ValidationReport* report = finish_repository_load(load, discovery);
  timings_.insert(timings_.begin(), StageTime{"discover", discover_ms});
  settle_repository_load(rest.defer_analyses, rest.complete_under_bytes);
  return report;
}

bool Session::select_root(const std::string& path, std::string& error) {
  finish_repository();  // a root of the rest
  if (!repository_) {
    error = "the catalog loaded is not a repository";
    return false;
  }
  const repo::Discovery& discovery = repository_->report.discovery;
  const auto root = std::find_if(discovery.roots.begin(), discovery.roots.end(), [&](const repo::CatalogRoot& r) { return r.path == path; });
  if (root == discovery.roots.end()) {
    error = "the repository has no catalog " + path;
    return false;
  }
  if (path == repository_->current && report_) return true;
  // The root shown until now is released: what its deferred analyses find goes into its outcome
  // first (if the outcome lacks it), so the repository's report stays a whole load's.
  complete_shown_root();
  analyses_.reset();  // it refers into the report
  report_.reset();  // one catalog's report at a time
  summary_bytes_ = 0;
  repository_->current_files = repo::root_source(*current_, discovery, *root);
  std::string from;
  const bool analyses = !repository_->options.defer_analyses;
  report_ = std::make_unique<ValidationReport>(repo::validate_root(*repository_->current_files, *root, repository_->options, from, analyses));
  start_analyses();  // the analyses op reads this root's report now
  repository_->current = path;
  return true;
}

void Session::complete_shown_root() {
  if (!repository_) return;
  const std::vector<repo::RootOutcome>& roots = repository_->report.roots;
  const auto shown = std::find_if(roots.begin(), roots.end(), [&](const repo::RootOutcome& r) { return r.root.path == repository_->current; });
  if (shown != roots.end() && !shown->analyses_complete) complete_report();
}

void Session::complete_repository() {
  finish_repository();
  if (!repository_) return;
  complete_shown_root();
  for (repo::RootOutcome& outcome : repository_->report.roots) {
    if (outcome.root.path != repository_->current) repo::complete_root(*current_, repository_->report.discovery, repository_->options, outcome);
  }
}

Json with_repository(Json view, const Session& session) {
  if (session.repository()) view["repository"] = repository_overview_json(*session.repository());
  return view;
}

Answer select_root_op(Session& session, const Json& args) {
  const auto it = args.find("root");
  if (it == args.end() || !it->is_string()) return {Failure::BadRequest, "argument root must be a string"};
  if (!session.repository()) return {Failure::NoCatalog, "no repository is loaded"};
  std::string error;
  if (!session.select_root(it->get<std::string>(), error)) return {Failure::NotFound, error};
  return ok(with_repository(catalog_view_json(*session.report()), session));
}

Answer matrix_op(Session& session, const Json&) {
  session.finish_repository();
  if (!session.repository()) return {Failure::NoCatalog, "no repository is loaded"};
  return ok(repo::matrix_json(session.repository()->report.matrix));
}

Answer repository_report_op(Session& session, const Json& args) {
  const auto catalogs = args.find("catalogs");
  if (catalogs != args.end() && !catalogs->is_boolean()) return {Failure::BadRequest, "argument catalogs must be true or false"};
  session.finish_repository();
  if (!session.repository()) return {Failure::NoCatalog, "no repository is loaded"};
  if (catalogs != args.end() && !catalogs->get<bool>()) {
    // The templates' and the repository's own findings: no root's analyses are needed for them.
    return ok(repo::repository_templates_json(session.repository()->report));
  }
  session.complete_repository();  // so the report is the CLI's
  return ok(repo::repository_json(session.repository()->report));
}

Answer repository_overview_op(Session& session, const Json&) {
  if (!session.repository()) return {Failure::NoCatalog, "no repository is loaded"};
  return ok(repository_overview_json(*session.repository()));
}

}  // namespace fbclens::wasm
