// The protocol table (see protocol.h): each operation is one row, and the function it runs is
// next to it. Adding an operation = a core function that builds its answer, one function and one
// row here, the panel that draws it and its test; JavaScript learns it from protocol_json().
//
// [SECTION] Reading arguments
// [SECTION] Operations
// [SECTION] The table
// [SECTION] Dispatch
#include "wasm/protocol.h"

#include <emscripten/emscripten.h>
#include <emscripten/heap.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <ctime>
#include <optional>

#include "diff/diff.h"
#include "export/diff_json.h"
#include "export/catalog_view_json.h"
#include "export/graph_export.h"
#include "export/hub_json.h"
#include "export/layout_json.h"
#include "export/mermaid.h"
#include "export/report_json.h"
#include "export/report_text.h"
#include "analyses/analyses_view.h"
#include "findings/severity_counts.h"
#include "deps/install_request.h"
#include "deps/resolution_view.h"
#include "update/divergence_view.h"
#include "install/install_preview.h"
#include "update/resolve_request.h"
#include "update/upgrade_view.h"
#include "load/source_excerpt.h"
#include "view/bundle_details.h"
#include "view/consoles.h"
#include "wasm/repository_ops.h"

#include <set>

namespace fbclens::wasm {

namespace {

// =====================================================================================================
// [SECTION] Reading arguments
// =====================================================================================================

// Reads typed arguments from a request object, remembering the first one that is missing or of
// the wrong type, so an operation reads all it needs and checks once.
class Args {
 public:
  explicit Args(const Json& args) : args_(args) {}

  /// The string argument `key`; "" and an error when it is required and absent or not a string.
  std::string text(const char* key, bool required = true) {
    const auto it = args_.find(key);
    if (it != args_.end() && it->is_string()) return it->get<std::string>();
    if (required || (it != args_.end() && !it->is_null())) fail(key, "a string");
    return {};
  }
  /// The number argument `key`, or `fallback` when absent.
  double number(const char* key, double fallback) {
    const auto it = args_.find(key);
    if (it == args_.end() || it->is_null()) return fallback;
    if (it->is_number()) return it->get<double>();
    fail(key, "a number");
    return fallback;
  }
  bool ok() const { return error_.empty(); }
  Answer failure() const { return {Failure::BadRequest, error_}; }

 private:
  void fail(const char* key, const char* what) {
    if (error_.empty()) error_ = std::string("argument ") + key + " must be " + what;
  }
  const Json& args_;
  std::string error_;
};

Answer ok(const Json& answer) {
  // replace: values from a broken file may hold invalid UTF-8; dump must not throw on them.
  return {Failure::None, answer.dump(-1, ' ', false, Json::error_handler_t::replace)};
}
Answer no_catalog() { return {Failure::NoCatalog, "no catalog is loaded"}; }
Answer not_found(std::string message) { return {Failure::NotFound, std::move(message)}; }

// The explorer view of a load (core/export/catalog_view_json.h) as text: {"packages":..,
// "repository":.. (a repository only), "summary":..} (nlohmann's key order), the Summary with the
// session's fingerprint, its findings written one at a time (summary_text). Times the view's building
// and its serialisation into the session's stages.
Answer view_answer(Session& session, const ValidationReport& report) {
  double start = emscripten_get_now();
  const Json packages = catalog_packages_json(report);
  const double view = emscripten_get_now() - start;
  start = emscripten_get_now();
  std::string text = "{\"packages\":";
  text += packages.dump(-1, ' ', false, Json::error_handler_t::replace);
  const double serialise_packages = emscripten_get_now() - start;
  if (session.repository()) {
    text += ",\"repository\":";
    text += repository_overview_json(*session.repository()).dump(-1, ' ', false, Json::error_handler_t::replace);
  }
  text += ",\"summary\":";
  start = emscripten_get_now();
  // Written straight into the answer: a Summary of 20,000 findings is 14 MB of text, which a
  // separate string appended here would hold twice (the module's heap never shrinks).
  // replace: values from a broken file may hold invalid UTF-8; dump must not throw on them.
  const std::size_t summary_start = text.size();
  append_summary_text(text, report, {}, -1, Json::error_handler_t::replace, Json{{"fingerprint", session.fingerprint()}});
  session.remember_summary_bytes(text.size() - summary_start);
  const double summary_ms = emscripten_get_now() - start;
  text += "}";
  std::vector<StageTime>& stages = session.timings();
  if (stages.size() >= 2) {
    stages[stages.size() - 2].ms = view + summary_ms;  // the Summary is built and written in one step
    stages.back().ms = serialise_packages;
  }
  return {Failure::None, std::move(text)};
}

// =====================================================================================================
// [SECTION] Operations
// =====================================================================================================

// The check profiles a load asks for (core/profiles; the CLI's validate flags): {profiles?:
// "konflux,operatorhub" or [..], ocpVersion?: "4.17", konfluxRegistries?: [..],
// operatorPipelinesRegistries?: [..], folder?: the catalog folder's name, for a vX.Y version}.
std::optional<Answer> profile_settings(const Json& args, profiles::ProfileSettings& settings, std::string& folder) {
  const auto bad = [](const std::string& message) { return Answer{Failure::BadRequest, message}; };
  const auto strings = [&](const char* key, std::vector<std::string>& out) -> std::optional<Answer> {
    const auto it = args.find(key);
    const bool list = it != args.end() && it->is_array() &&
                      std::all_of(it->begin(), it->end(), [](const Json& v) { return v.is_string(); });
    if (it != args.end() && !it->is_null() && !it->is_string() && !list) {
      return bad(std::string("argument ") + key + " must be a string or a list of strings");
    }
    out.clear();
    if (it != args.end() && it->is_string()) out.push_back(it->get<std::string>());
    if (list) out = it->get<std::vector<std::string>>();
    return std::nullopt;
  };
  std::vector<std::string> list;
  if (auto failure = strings("profiles", list)) return failure;
  if (args.contains("profiles") && !args["profiles"].is_null()) {
    settings.profiles.emplace();
    for (const std::string& names : list) {
      std::string error;
      if (!profiles::parse_profile_list(names, *settings.profiles, error)) return bad(error);
    }
  }
  for (const auto& [key, target] : {std::pair{"konfluxRegistries", &settings.konflux_registries},
                                    std::pair{"operatorPipelinesRegistries", &settings.pipelines_registries}}) {
    if (auto failure = strings(key, list)) return failure;
    if (args.contains(key) && !args[key].is_null()) *target = list;
  }
  Args read(args);
  const std::string version = read.text("ocpVersion", false);
  folder = read.text("folder", false);
  if (!read.ok()) return read.failure();
  if (!version.empty()) {
    settings.ocp_version = profiles::parse_ocp_version(version);
    if (!settings.ocp_version) return bad("ocpVersion must be an OpenShift version such as 4.17, not " + version);
  }
  return std::nullopt;
}

// A load answers with the explorer view, which holds the Summary (and, for a repository, its
// overview): one text the page parses once. The Summary also has the catalog's content fingerprint
// (what a share link of a catalog opened from disk names it by). {deferAnalyses: true} leaves the
// analyses beyond opm to the analyses operation; {deferAnalysesFrom: N} does so only when the files
// come to N bytes or more, except for a repository's roots other than the one shown, whose analyses wait
// in any case (decided here because the page does not ask a picked File's size before it is read:
// tests/bench/README.md).
Answer load(Session& session, const Json& args) {
  profiles::ProfileSettings settings;
  std::string folder, error;
  if (auto failure = profile_settings(args, settings, folder)) return *failure;
  const auto defer = args.find("deferAnalyses");
  if (defer != args.end() && !defer->is_null() && !defer->is_boolean()) {
    return {Failure::BadRequest, "argument deferAnalyses must be a boolean"};
  }
  const bool defer_all = defer != args.end() && defer->is_boolean() && defer->get<bool>();
  const auto from = args.find("deferAnalysesFrom");
  if (from != args.end() && !from->is_null() && (!from->is_number() || from->get<double>() < 0)) {
    return {Failure::BadRequest, "argument deferAnalysesFrom must be a number of bytes"};
  }
  const bool defer_from = from != args.end() && from->is_number();
  const auto shown_first = args.find("shownFirstFrom");
  if (shown_first != args.end() && !shown_first->is_null() && (!shown_first->is_number() || shown_first->get<double>() < 0)) {
    return {Failure::BadRequest, "argument shownFirstFrom must be a number of bytes"};
  }
  const double first_from = shown_first != args.end() && shown_first->is_number() ? shown_first->get<double>() : -1;
  const ValidationReport* report = session.load(settings, folder, defer_all || defer_from,
                                                defer_all || !defer_from ? 0 : from->get<double>(), first_from, error);
  if (!report) return {Failure::BadRequest, error};
  return view_answer(session, *report);
}
Answer load_sample(Session& session, const Json&) { return view_answer(session, session.load_sample()); }

// The rest of a repository a load with shownFirstFrom answered with its newest root of (Session::
// finish_repository): the answer is the one that load would have given without shownFirstFrom.
Answer finish_repository_op(Session& session, const Json&) {
  const ValidationReport* report = session.finish_repository();
  if (!report) return no_catalog();
  return view_answer(session, *report);
}

// The Summary alone (what load's answer holds as `summary`), so the page reads a load's Summary
// without parsing the whole view, which only the app parses.
Answer catalog_summary(Session& session, const Json&) {
  const ValidationReport* report = session.report();
  if (!report) return no_catalog();
  if (!report->analyses_complete && session.analyses()->complete()) report = session.complete_report();
  // Room for the Summary the load's answer held (a little more, for findings of analyses since).
  std::string text;
  text.reserve(session.summary_bytes() + session.summary_bytes() / 16 + 4096);
  // replace: values from a broken file may hold invalid UTF-8; dump must not throw on them.
  append_summary_text(text, *report, {}, -1, Json::error_handler_t::replace);
  session.remember_summary_bytes(text.size());
  return {Failure::None, std::move(text)};
}

// The analyses beyond opm (core/analyses/analyses.h) for the packages asked for, computed now unless
// done before (kept in the session), then the report's state: a package opm rejects is not analysed
// (listed in `notAnalysed`), a package not in the catalog is notFound.
Answer analyses_op(Session& session, const Json& json) {
  const auto list = json.find("packages");
  const bool some = list != json.end() && !list->is_null();
  if (some && (!list->is_array() || !std::all_of(list->begin(), list->end(), [](const Json& v) { return v.is_string(); }))) {
    return {Failure::BadRequest, "argument packages must be a list of package names"};
  }
  // findings: false answers the counts alone (the page then reads the complete Summary, which holds
  // the findings: sending them here too would cross the worker boundary twice).
  const auto findings_arg = json.find("findings");
  if (findings_arg != json.end() && !findings_arg->is_boolean()) return {Failure::BadRequest, "argument findings must be true or false"};
  const bool with_findings = findings_arg == json.end() || findings_arg->get<bool>();
  const ValidationReport* report = session.report();
  if (!report) return no_catalog();
  analyses::Cache& cache = *session.analyses();
  analyses::AnalysesState state;
  std::set<std::string> packages;
  if (some) {
    for (const Json& name : *list) {
      const std::string& package = name.get_ref<const std::string&>();
      if (!report->model.packages.count(package)) return not_found("package " + package + " is not in the catalog");
      if (!packages.insert(package).second) continue;
      if (!cache.analysed(package)) state.not_analysed.push_back(package);
    }
  }
  if (report->analyses_complete) {
    // Everything is in the report already (a load without deferAnalyses, or completed since).
    for (const Finding& f : report->findings) {
      if (!with_findings) break;
      if (f.info().phase != Phase::Advice) continue;
      if (some ? f.object.package.empty() || !packages.count(f.object.package) : false) continue;
      state.findings.push_back(finding_json(f));
    }
  } else {
    if (some) {
      for (const std::string& package : packages) cache.compute(package);
    } else {
      cache.compute_all();
    }
    if (with_findings) {
      for (const Finding* f : cache.findings(some ? &packages : nullptr)) state.findings.push_back(finding_json(*f));
    }
    if (cache.complete()) report = session.complete_report();
  }
  state.complete = report->analyses_complete;
  state.pending = state.complete ? 0 : cache.pending();
  if (state.complete) {
    state.finding_counts = count_severities(report->findings);
    if (!report->profiles.empty()) state.profiles = profiles_json(*report);
  }
  return ok(view::write_json(state));
}

// How long each stage of the last load took (Session::timings), for the page's account of a load.
Answer load_timings(Session& session, const Json&) {
  const ValidationReport* report = session.report();
  if (!report) return no_catalog();
  LoadTimings timings;
  timings.stages = session.timings();
  for (const CatalogFile& f : report->load.files) timings.files += f.ignored ? 0 : 1;
  timings.bytes = report->load.total_bytes;
  return ok(view::write_json(timings));
}

Answer layout(Session& session, const Json& json) {
  Args args(json);
  const std::string package = args.text("package"), channel = args.text("channel", false);
  if (!args.ok()) return args.failure();
  const ValidationReport* report = session.report();
  if (!report) return no_catalog();
  auto pkg = report->model.packages.find(package);
  if (pkg == report->model.packages.end()) return not_found("package " + package + " is not in the catalog");
  if (channel.empty()) return ok(layout_json(layout_package(pkg->second)));
  auto ch = pkg->second.channels.find(channel);
  if (ch == pkg->second.channels.end()) return not_found("package " + package + " has no channel " + channel);
  return ok(layout_json(layout_channel(ch->second, &pkg->second)));
}

// The request is read and checked by the parser the CLI uses too (core/update/upgrade_request.h).
Answer upgrade_path(Session& session, const Json& json) {
  update::UpgradeFields fields;
  std::string error = update::upgrade_fields_from_json(json, fields);
  if (!error.empty()) return {Failure::BadRequest, error};
  const ValidationReport* report = session.report();
  if (!report) return no_catalog();
  update::RequestError refused;
  const auto request = update::make_upgrade_request(fields, report->model, refused);
  if (!request) {
    return {refused.kind == update::RequestError::Kind::NotFound ? Failure::NotFound : Failure::BadRequest,
            refused.message};
  }
  const update::PackageGraph graph = update::package_graph(report->model.packages.at(request->package));
  return ok(view::write_json(update::upgrade_view(update::answer_upgrade(graph, *request, &report->model))));
}

// What OLM Classic installs for a new Subscription, exactly the CLI's `resolve --output json`
// (core/deps/resolution_view.h; the request checked as the CLI's, core/deps/install_request.h): a
// resolution that fails is an answer too (its "error" and "candidates" say why), as the CLI
// prints it.
Answer resolve_op(Session& session, const Json& json) {
  deps::InstallRequest request;
  const std::string error = deps::install_request_from_json(json, request);
  if (!error.empty()) return {Failure::BadRequest, error};
  const ValidationReport* report = session.report();
  if (!report) return no_catalog();
  return ok(view::write_json(deps::resolution_view(update::resolve_request(report->model, request))));
}

Answer divergence_op(Session& session, const Json& json) {
  Args args(json);
  const std::string package = args.text("package");
  if (!args.ok()) return args.failure();
  const ValidationReport* report = session.report();
  if (!report) return no_catalog();
  const std::optional<update::PackageGraph> graph = update::package_graph(report->model, package);
  if (!graph) return not_found("package " + package + " is not in the catalog");
  return ok(view::write_json(update::divergence_view(update::divergence(*graph))));
}

// "Compare with…": the catalog staged with fbclens_add_compare_file (OLD) against the one loaded
// (NEW), as `fbclens diff OLD NEW --output json`. The staged files are used once and released.
Answer compare_op(Session& session, const Json&) {
  std::unique_ptr<MemoryFileSource> files = session.take_compare_files();
  const ValidationReport* report = session.report();
  if (!report) return no_catalog();
  ValidateOptions without_analyses;  // the diff reads models and verdicts only
  without_analyses.analyses = false;
  const ValidationReport older = validate_catalog(*files, without_analyses);
  files.reset();
  const Json summary = summary_json(older);
  Json old_counts = Json::object();
  for (const char* key : {"verdict", "files", "packages", "bundles"}) old_counts[key] = summary.value(key, Json());
  return ok(Json{{"old", std::move(old_counts)}, {"diff", diff_json(diff::diff_models(older.model, report->model))}});
}

Answer mermaid_op(Session& session, const Json& json) {
  Args args(json);
  const std::string package = args.text("package");
  if (!args.ok()) return args.failure();
  const ValidationReport* report = session.report();
  if (!report) return no_catalog();
  if (!report->model.packages.count(package)) return not_found("package " + package + " is not in the catalog");
  MermaidOptions options;
  options.package_name = package;
  const MermaidGraph graph = render_mermaid_graph(report->config, options);
  const MermaidLimits limits = mermaid_limits(graph);
  return ok(Json{{"text", graph.text}, {"warnings", graph.warnings},
                 {"error", graph.error.empty() ? Json(nullptr) : Json(graph.error)},
                 {"textSize", limits.text_size}, {"edges", limits.edges},
                 {"maxTextSize", kMermaidMaxTextSize}, {"maxEdges", kMermaidMaxEdges},
                 {"textTooLarge", limits.text_too_large}, {"tooManyEdges", limits.too_many_edges}});
}

// The graph as a document (core/export/graph_export.h): the same text as the CLI's export-graph
// for the same request, so the page offers it as a download without building anything itself.
Answer graph_export_op(Session& session, const Json& json) {
  Args args(json);
  GraphExportRequest request;
  request.package = args.text("package");
  request.channel = args.text("channel", false);
  const std::string format = args.text("format"), theme = args.text("theme", false);
  const double columns = args.number("columnsPerRow", -1);
  if (!args.ok()) return args.failure();
  if (!parse_graph_format(format, request.format)) return {Failure::BadRequest, "unknown format " + format + " (dot, svg or json)"};
  if (!theme.empty() && theme != "light" && theme != "dark") return {Failure::BadRequest, "unknown theme " + theme + " (light or dark)"};
  if (!(columns >= -1 && columns <= 100000)) return {Failure::BadRequest, "columnsPerRow must be -1 (fit), 0 (no wrap) or a number of columns"};
  request.light = theme != "dark";
  request.columns_per_row = static_cast<int>(columns);
  const ValidationReport* report = session.report();
  if (!report) return no_catalog();
  GraphExport result = export_graph(report->model, request);
  if (!result.error.empty()) return not_found(result.error);
  return ok(Json{{"text", std::move(result.text)}});
}

// The loaded catalog's findings as a document: what `fbclens validate --output json|sarif|text`
// prints for it when run from inside the catalog folder (files named relative to the catalog).
// The session's report already has the load's check profiles applied, as validate applies its
// flags. SARIF has no originalUriBaseIds here (a browser has no directory to name): its artifact
// URIs are catalog-relative without a uriBaseId.
Answer report_op(Session& session, const Json& json) {
  Args args(json);
  const std::string format = args.text("format");
  if (!args.ok()) return args.failure();
  if (format != "json" && format != "sarif" && format != "text") return {Failure::BadRequest, "unknown format " + format + " (json, sarif or text)"};
  const ValidationReport* report = session.complete_report();  // every finding, as the CLI prints them
  if (!report) return no_catalog();
  const auto dump = [](const Json& j) { return j.dump(2, ' ', false, Json::error_handler_t::replace) + "\n"; };
  std::string text = format == "json"    ? summary_text(*report, {}, 2, Json::error_handler_t::replace) + "\n"
                     : format == "sarif" ? dump(sarif_json(*report))
                                         : render_text_report(*report, session.source());
  return ok(Json{{"text", std::move(text)}});
}

Answer bundle(Session& session, const Json& json) {
  Args args(json);
  const std::string package = args.text("package"), channel = args.text("channel"), name = args.text("bundle");
  if (!args.ok()) return args.failure();
  const ValidationReport* report = session.report();
  if (!report) return no_catalog();
  std::string error;
  const std::optional<view::BundleDetails> details = view::bundle_details(report->model, package, channel, name, error);
  if (!details) return not_found(error);
  return ok(view::write_json(*details));
}

Answer excerpt(Session& session, const Json& json) {
  Args args(json);
  const std::string file = args.text("file");
  const double line = args.number("line", 1), context = args.number("context", 4);
  if (!args.ok()) return args.failure();
  const FileSource* source = session.source();
  if (!source) return no_catalog();
  std::string text, error;
  // A repository's catalog files are named relative to the selected root; its template files
  // (and drift notes) relative to the repository.
  if (!source->read(file, text, error, std::size_t(1) << 30) &&
      (!session.repository() || !session.files()->read(file, text, error, std::size_t(1) << 30))) {
    return not_found("no file " + file + " in the catalog");
  }
  Json lines = Json::array();
  const auto at = static_cast<std::uint32_t>(std::max(1.0, line));
  for (auto& [number, content] : source_excerpt(text, at, static_cast<int>(std::clamp(context, 0.0, 50.0)))) {
    lines.push_back({number, std::move(content)});
  }
  return ok(Json{{"file", file}, {"line", at}, {"lines", std::move(lines)}});
}

// Today's local date, YYYY-MM-DD: the day the console judges a lifecycle support phase on (the
// core has no clock, so the preview is given it).
std::string today() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char text[16];
  std::strftime(text, sizeof text, "%Y-%m-%d", &local);
  return text;
}

// The OperatorHub preview, exactly the CLI's hub-preview JSON (core/export/hub_json.h).
Answer hub_preview_op(Session& session, const Json& json) {
  Args args(json);
  hub::PreviewRequest request;
  request.package = args.text("package");
  request.channel = args.text("channel", false);
  request.version = args.text("version", false);
  const std::string console = args.text("console", false);
  request.date = args.text("date", false);
  if (!args.ok()) return args.failure();
  if (!console.empty()) {
    if (!hub::find_console(console)) {
      return {Failure::BadRequest, "unknown console version " + console + " (" + hub::console_names_text() + ")"};
    }
    request.console = console;
  }
  if (request.date.empty()) request.date = today();
  const ValidationReport* report = session.report();
  if (!report) return no_catalog();
  std::string error;
  const std::optional<hub::HubPreview> preview = hub::hub_preview(report->model, request, error);
  if (!preview) return error.rfind("date ", 0) == 0 ? Answer{Failure::BadRequest, error} : not_found(error);
  return ok(hub_preview_json(*preview));
}

// The console versions the preview models (core/hub/consoles.h), for the page's console picker.
Answer consoles(Session&, const Json&) { return ok(view::write_json(view::console_list())); }

// The install preview, exactly the CLI's install-preview JSON (core/install/install_view.h).
Answer install_preview_op(Session& session, const Json& json) {
  Args args(json);
  install::PreviewRequest request;
  request.package = args.text("package", false);
  request.bundle = args.text("bundle", false);
  const std::string console = args.text("console", false);
  if (!args.ok()) return args.failure();
  if (!console.empty()) {
    if (!hub::find_console(console)) {
      return {Failure::BadRequest, "unknown console version " + console + " (" + hub::console_names_text() + ")"};
    }
    request.console = console;
  }
  if (!request.bundle.empty() && request.package.empty()) return {Failure::BadRequest, "argument bundle needs package"};
  const ValidationReport* report = session.report();
  if (!report) return no_catalog();
  std::string error;
  const std::optional<install::InstallPreview> preview = install::install_preview(report->model, request, error);
  if (!preview) return not_found(error);
  return ok(install::install_preview_json(*preview));
}

Answer memory(Session&, const Json&) {
  // sbrk(0) is the allocator's high-water mark (dlmalloc does not give memory back); unlike the
  // heap size it excludes growth slack.
  return ok(Json{{"wasmBytes", static_cast<double>(emscripten_get_heap_size())},
                 {"highWater", static_cast<double>(reinterpret_cast<std::uintptr_t>(sbrk(0)))}});
}

// =====================================================================================================
// [SECTION] The table
// =====================================================================================================

constexpr Op kOps[] = {
    {"load",
     "{profiles?, ocpVersion?, konfluxRegistries?, operatorPipelinesRegistries?, folder?, deferAnalyses?: bool, "
     "deferAnalysesFrom?: bytes, shownFirstFrom?: bytes} (the "
     "files added with fbclens_add_file or fbclens_add_file_ref; the check profiles as the CLI's validate flags, over "
     "the catalog's .fbclens.yaml; deferAnalyses: the analyses beyond opm are left to the analyses operation; "
     "deferAnalysesFrom: so are they when the files come to that many bytes or more, else the answer is a load's "
     "without deferAnalyses, but for a repository's roots other than the one shown, whose analyses wait in any case; "
     "shownFirstFrom: a repository of version folders answers with its newest root alone, found and validated from "
     "its own folders, with repository.pending true, when the files outside them come to that many bytes or more "
     "(a file of unknown size counted as 1 MiB), and finishRepository validates the rest)",
     "the explorer view, Summary inside: {summary, packages} (core/export/catalog_view_json.h); the Summary also has "
     "`fingerprint`, 16 hex digits of the files' paths and bytes (core/load/fingerprint.h); for a folder of "
     "several catalogs (one per OpenShift version) and templates, the view of its newest version's catalog with "
     "`repository`: {roots: [{root, ocpVersion, effectiveOcpVersion, verdict, counts: {packages, channels, bundles, "
     "findingCounts}, analysesComplete}], templates: [{file, schema, renders, rendersAlso, rendered, findingCounts}], findingCounts, "
     "current} (wasm/repository_state.h). With deferAnalyses (for a repository: of every root, each roots entry "
     "with analysesComplete: false until they have run, the root shown's by the analyses operation, the others' "
     "by a repositoryReport of the catalogs) the Summary holds opm's findings and "
     "the profiles' only (and the view's per-package `findings` counts those), has analyses: {complete: false}, and a profile that gates advice codes (operatorhub) is {name, "
     "failures: null, passed: null, pending: true}. With shownFirstFrom and repository.pending, `repository` holds the "
     "root shown alone (no templates), and the Summary has fingerprint \"\" until finishRepository", true, load},
    {"loadSample", "{}", "as load, for the built-in sample catalog", true, load_sample},
    {"catalogSummary", "{}", "the Summary of the catalog loaded, as in load's answer (core/export/report_json.h); once "
     "every deferred analysis has run it is the Summary of a load without deferAnalyses", false, catalog_summary},
    {"analyses",
     "{packages?: [name, ..], findings?: bool} (package names as in the view's packages[].name; absent or null: every "
     "package, and the findings about no package too; findings: false answers findings: [] and the rest as usual, "
     "for a caller that reads the complete Summary next). The page asks after a load with deferAnalyses: for the "
     "packages it shows, then for the rest (or all at once), as often as it likes: what is computed is kept",
     "the findings beyond opm (core/analyses/analyses.h, a row per analysis) about those packages, computed now unless "
     "computed before: {findings: [Finding], notAnalysed: [name], pending: number, complete: bool, findingCounts?, "
     "profiles?}. findings: each exactly as an item of the Summary's findings ({code, name, severity, phase: "
     "'advice', message, opmMessage, reportedByOpm: false, file, line, column, package, channel, bundle, group, "
     "where, notes}), in the order the CLI reports them (by package name, those about no package such as FBC4000 "
     "first; each package's rows in table order); notAnalysed: the packages asked for that opm rejects (no analysis "
     "runs for them, as in the CLI); pending: packages not analysed yet; complete: every analysis has run, and then "
     "(only then) findingCounts {error, warning, info} of every finding of the report and profiles (as the "
     "Summary's, when profiles ran) replace the Summary's, and catalogSummary is the Summary of a load without "
     "deferAnalyses; a package not in the catalog is notFound, packages not a list of strings or findings not a "
     "boolean badRequest",
     false, analyses_op},
    {"loadTimings", "{}",
     "how long each stage of the last load took: {stages: [{name, ms}], files, bytes}; stages in the order they ran: "
     "discover (deciding whether the folder is a repository), read (files copied into wasm memory), parse, "
     "decode, model, validate (opm's rules), and for a folder that is one catalog by its paths discover here "
     "instead (a look at the files the load did not read), then profiles, analyses (0 when deferred), "
     "view (the explorer view and Summary built), serialise (their JSON text written)", false, load_timings},
    {"layout", "{package, channel ('' or absent = the whole package, channels as lanes)}",
     "the graph layout (core/export/layout_json.h)", false, layout},
    {"upgradePath",
     "{package, installedBundle?, installedVersion? (default: that bundle's version), subscriptionChannel?, "
     "startingCsv?, channels?: [..], version?, policy?: 'CatalogProvided'|'SelfCertified', explain?: bool, "
     "ignoreDependencies?: bool, clusterProvides?: ['group/version/Kind' | 'package@version', ..]}",
     "where OLM Classic and OLM v1 go, as the CLI's upgrade-path --output json (core/update/upgrade_view.h): "
     "{classic: {candidates, next, error, walk, dependencies, resolution, steps?}, v1: {successors, next, error, "
     "walk, steps?}}; Classic resolves dependencies unless ignoreDependencies (classic.resolution, as resolve's "
     "answer); with explain each side has steps: [{from, fromVersion, to, error, summary, considered: [{bundle, "
     "version, verdict, edges, reason, unmet}], more, maxOpenShiftVersion, installsAlong}]; names and errors null "
     "when none",
     false, upgrade_path},
    {"resolve",
     "{package, channel?, startingBundle?, installedBundle?, installedVersion?, "
     "clusterProvides?: ['group/version/Kind' | 'package@version', ..]}",
     "what OLM Classic installs for a new Subscription, or as the upgrade of installedBundle, as the CLI's resolve "
     "--output json (core/deps/resolution_view.h): {ok, error, installs: [{package, channel, bundle, requiredBy, "
     "constraint, failureMessage, property}], notes: [{bundle, constraint, detail}], candidates: [{channel, bundle, "
     "tried, chosen, unmet: [{bundle, constraint, failureMessage, property, file, line, reason}]}]}", false, resolve_op},
    {"divergence", "{package}",
     "per channel and installed entry, where the two OLMs differ and where Classic strands the cluster, as one "
     "element of the CLI's divergence --output json (core/update/divergence_view.h): {package, defaultChannel, "
     "differing, stranded, rows: [{channel, installed, installedVersion, classic: {next, error, walk}, v1: {next, "
     "error, walk}, differs, classicStranded}]}", false, divergence_op},
    {"compare", "{} (the older catalog's files staged first: fbclens_add_compare_file; the worker does it for {op: 'compare', files})",
     "{old: {verdict, files, packages, bundles}, diff} where diff is `fbclens diff OLD NEW --output json` with the loaded catalog as NEW (core/export/diff_json.h)",
     false, compare_op},
    {"mermaid", "{package}",
     "the package's upgrade graph as `opm alpha render-graph --package-name` prints it: {text, warnings, error, "
     "textSize, edges, maxTextSize, maxEdges, textTooLarge, tooManyEdges} (core/export/mermaid.h)", false, mermaid_op},
    {"graphExport", "{package, channel? ('' or absent = the whole package), format: 'dot'|'svg'|'json', theme?: "
     "'light'|'dark' (default light), columnsPerRow? (SVG wrap: -1 = fit a 1600x1000 page, the default; 0 = none)}",
     "{text}: the graph as Graphviz DOT, SVG or layout JSON, as the CLI's export-graph prints it "
     "(core/export/graph_export.h)", false, graph_export_op},
    {"report", "{format: 'json'|'sarif'|'text'}",
     "{text}: the loaded catalog's findings as the CLI's validate --output json|sarif|text prints them from inside "
     "the catalog folder; SARIF without originalUriBaseIds (core/export/report_json.h, report_text.h)", false, report_op},
    {"bundle", "{package, channel, bundle}",
     "one channel entry's bundle in full (core/view/bundle_details.h)", false, bundle},
    {"excerpt", "{file, line (1-based), context? (lines either side, default 4, at most 50)}",
     "{file, line, lines: [[number, text], ...]} (core/load/source_excerpt.h)", false, excerpt},
    {"hubPreview", "{package, channel?, version?, console? (a name from the consoles op, default its default), date? "
                   "('YYYY-MM-DD', the day a lifecycle support phase is judged on; default today)}",
     "what OperatorHub shows, as the CLI's hub-preview --output json (core/export/hub_json.h): {package, console, "
     "visible, hiddenReasons, tile, details, channels, selectedChannel, versions, selectedVersion, installNote} and, "
     "on consoles with lifecycle columns, lifecycle",
     false, hub_preview_op},
    {"consoles", "{}",
     "the console versions the OperatorHub preview models, oldest first (core/hub/consoles.h, "
     "core/view/consoles.h): {default: '4.21', consoles: [{name, branch, revision, ocpVersion, "
     "catalogName, badgeTooltip: 'prefixed'|'raw', badgeStyle, alertTitle, toggleIcon, archFilter, provider, "
     "lifecycle, changes}]}",
     false, consoles},
    {"installPreview", "{package? ('' or absent = every package), bundle? (needs package), console? (a name from the consoles op, default its default)}",
     "what installing takes, as the CLI's install-preview --output json (core/install/install_view.h): {bundles: [{package, "
     "bundle, csvSource, installModes: {OwnNamespace, SingleNamespace, MultiNamespace, AllNamespaces: bool}, "
     "installModeProblems: [str], providedAPIs: ['Kind.version.group'], olmV1: {installable: bool|null, reasons: [str], "
     "unchecked: [str], needsWatchNamespace: bool}}], upgradeRisks: [{package, channel, from, to, via: [str], lostModes: "
     "[str], classic: bool}] (the graph edges to mark), apiConflicts: [{gvk, packages: [str]}]}; with bundle also "
     "operatorGroups: [{shape, operatorNamespace, targetNamespaces, joins, reason, message}], console: the install page "
     "{console, channel, version, head, installable, cannotInstallTitle, cannotInstallDetail, modes: [{mode, label, "
     "description, enabled}], preselectedMode, suggestedNamespace: str|null, suggestedNamespaceSource, "
     "preselectedNamespace, recommendedNamespaceRadio, defaultApproval, automaticDisabled, providedAPIs, "
     "offeredButUnsupported, pageTitle, breadcrumb} | null, consoleError: str", false, install_preview_op},
    {"memory", "{}", "{wasmBytes (heap size), highWater (allocator's top)}", false, memory},
    {"finishRepository", "{}",
     "as load: after a load with shownFirstFrom whose repository was pending, the rest of the repository discovered and "
     "validated (the root shown is not validated again), and the answer that load would have given without "
     "shownFirstFrom (the view of the newest root, `repository` whole, the fingerprint); the catalog shown's view again "
     "when nothing is pending. selectRoot, matrix and repositoryReport do this first when it is pending",
     false, finish_repository_op},
    {"selectRoot", "{root} (a root of the loaded repository, as load's repository.roots[].root names it)",
     "as load: the root's explorer view with `repository` ({roots, templates, findingCounts, current}, "
     "wasm/repository_state.h); every other operation then answers about that root (validated again "
     "when selected, with the load's check profiles)", false, select_root_op},
    {"matrix", "{}",
     "the version matrix of the loaded repository, as the CLI's matrix REPO --output json: {columns: [{root, "
     "ocpVersion, effectiveOcpVersion, verdict}], packages: [{name, cells: [null | {defaultChannel, channels: [{name, "
     "head, heads, headMaxOpenShiftVersion, deprecated, entries}], bundles, deprecation, deprecatedChannels, "
     "deprecatedBundles, maxOpenShiftVersions, defaultHeadMaxOpenShiftVersion, blocksClusterUpgrade, bundleFormat: "
     "{needed, bundleObject, csvMetadata, bundles, ok}}]}], changes: [{from, to, diff}]} (core/repo/repository_json.h)",
     false, matrix_op},
    {"repositoryReport", "{catalogs?: bool (default true)}",
     "the loaded repository's findings, as the CLI's validate REPO --output json: {repository: true, catalogs: [{root, "
     "ocpVersion, effectiveOcpVersion, verdict, opm, summary, findings}], templates: [{file, schema, renders, "
     "rendersAlso, rendered, findings}], findings, summary}; template findings (drift included) are located at the "
     "template file, files relative to the repository (core/repo/repository_json.h); the analyses a load with "
     "deferAnalyses left run first (the root shown's on its report, every other root validated again, once), so it "
     "is always the CLI's report. With catalogs: false, only {repository: true, templates, findings} (what the page "
     "shows beside a root), at once: no root's analyses are run for it; catalogs not a boolean is badRequest",
     false, repository_report_op},
    {"repositoryOverview", "{}",
     "the loaded repository's overview, as load's and selectRoot's `repository` (wasm/repository_state.h), now: the "
     "page reads it again once the root shown has its deferred analyses (each root's analysesComplete and findingCounts)",
     false, repository_overview_op},
};

}  // namespace

// =====================================================================================================
// [SECTION] Dispatch
// =====================================================================================================

const char* failure_name(Failure failure) {
  switch (failure) {
    case Failure::None: return "none";
    case Failure::BadRequest: return "badRequest";
    case Failure::NoCatalog: return "noCatalog";
    case Failure::NotFound: return "notFound";
  }
  return "badRequest";
}

Answer call(Session& session, const std::string& op, const std::string& args_json) {
  const auto row = std::find_if(std::begin(kOps), std::end(kOps), [&op](const Op& o) { return op == o.name; });
  if (row == std::end(kOps)) return {Failure::BadRequest, "unknown operation " + op};
  const Json args = args_json.empty() ? Json::object() : Json::parse(args_json, nullptr, false);
  if (!args.is_object()) return {Failure::BadRequest, "the arguments of " + op + " must be a JSON object"};
  return row->run(session, args);
}

Json protocol_json() {
  Json list = Json::array();
  for (const Op& o : kOps) list.push_back({{"name", o.name}, {"args", o.args}, {"answer", o.answer}, {"loads", o.loads}});
  Json failures = Json::array();
  for (Failure f : {Failure::None, Failure::BadRequest, Failure::NoCatalog, Failure::NotFound}) failures.push_back(failure_name(f));
  return {{"ops", std::move(list)}, {"failures", std::move(failures)}};
}

}  // namespace fbclens::wasm
