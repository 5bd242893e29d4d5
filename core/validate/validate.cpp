#include "validate/validate.h"

#include <algorithm>
#include <chrono>

#include "analyses/analyses.h"
#include "lifecycle/lifecycle.h"

namespace fbclens {

void release_catalog(ValidationReport& report) {
  report.model = model::Model();
  report.config = declcfg::DeclarativeConfig();
  for (Blob& b : report.load.blobs) b = Blob();
}

int exit_status(const ValidationReport& report) {
  if (report.verdict != Verdict::Valid) return 1;
  for (const ProfileOutcome& p : report.profiles) {
    if (p.failures) return 1;
  }
  for (const Finding& f : report.findings) {
    if (f.id == FindingId::NoCatalogContent) return 3;
  }
  return 0;
}

const char* verdict_name(Verdict v) {
  switch (v) {
    case Verdict::Valid: return "VALID";
    case Verdict::Invalid: return "INVALID";
    case Verdict::LoadError: return "LOAD ERROR";
  }
  return "?";
}

namespace {

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point start) { return std::chrono::duration<double, std::milli>(Clock::now() - start).count(); }

// Moves `from`'s findings to the end of `to` (a catalog may have tens of thousands: no copies).
void append(std::vector<Finding>& to, std::vector<Finding>& from) {
  if (to.empty()) {
    to = std::move(from);
  } else {
    to.insert(to.end(), std::make_move_iterator(from.begin()), std::make_move_iterator(from.end()));
  }
  from = std::vector<Finding>();
}

}  // namespace

ValidationReport validate_catalog(const FileSource& source, const LoadOptions& options) {
  ValidateOptions all;
  all.load = options;
  return validate_catalog(source, all);
}

ValidationReport validate_catalog(const FileSource& source, const ValidateOptions& options) {
  ValidationReport report;
  ValidationTimings& timings = report.timings;
  // Decode objects as soon as a batch of them is read, so only that many raw documents are alive
  // at a time (peak memory); the builder keeps what later phases need.
  LoadOptions load_options = options.load;
  declcfg::ConfigBuilder builder;
  builder.release_decoded(options.release_documents);
  builder.share_bundle_objects(options.bundle_objects);
  load_options.on_blobs_added = [&builder, &timings, previous = options.load.on_blobs_added](LoadResult& load, std::size_t first) {
    const auto start = Clock::now();
    builder.add_blobs(load, first);
    timings.decode += ms_since(start);
    if (previous) previous(load, first);
  };
  report.load = load_catalog(source, load_options);
  report.config = builder.take();  // points into JSON on the heap, which moving the LoadResult keeps
  timings.read = report.load.read_ms;
  timings.parse = report.load.parse_ms;
  auto start = Clock::now();

  // Load phase: opm stops at the first problem in walk order (files are read concurrently in
  // opm, so with several bad files its choice varies; walk order is one of its valid answers).
  const bool load_failed = !report.load.findings.empty();
  report.findings = report.load.findings;
  // Decoding findings were appended after the file-level ones; order them by file walk order.
  std::stable_sort(report.findings.begin(), report.findings.end(), [&](const Finding& a, const Finding& b) {
    return walk_order_less(a.location.file, b.location.file) ||
           (a.location.file == b.location.file && a.location.line < b.location.line);
  });
  if (load_failed) report.findings.front().reported_by_opm = true;

  model::Conversion conversion = model::convert_to_model(report.config, report.load);
  timings.model = ms_since(start);
  report.model = std::move(conversion.model);
  if (load_failed) {
    for (Finding& f : conversion.findings) f.reported_by_opm = false;
  }
  const bool convert_failed = conversion.opm_failed && !load_failed;
  std::string first_convert_message;
  for (const Finding& f : conversion.findings) {
    if (f.reported_by_opm) first_convert_message = f.opm_message();
  }
  const bool any_convert = !conversion.findings.empty();
  append(report.findings, conversion.findings);

  start = Clock::now();
  model::ModelValidation validation =
      model::validate_model(report.model, report.config, report.load, !load_failed && !conversion.opm_failed);
  append(report.findings, validation.findings);
  const std::string tree = render_error_tree(validation.opm_tree);
  timings.validate = ms_since(start);
  // Kept to the end, and up to half spare capacity after the appends (3 MB of 20,000 findings):
  // given back before describe_model makes the model's largest allocations.
  report.findings.shrink_to_fit();
  start = Clock::now();
  model::describe_model(report.model, report.config, report.load);
  // Operator lifecycle objects, which opm passes through: their shape, what needs the model, and
  // then each goes to its package, where the OperatorHub preview reads it. Their findings are the
  // analyses' `lifecycles` row (they join their package's findings beyond opm).
  std::vector<lifecycle::Lifecycle> lifecycles = lifecycle::read_lifecycles(report.config, report.load, report.lifecycle_findings);
  std::vector<Finding> lifecycle_checks = lifecycle::check_lifecycles(lifecycles, report.model, report.load);
  append(report.lifecycle_findings, lifecycle_checks);
  lifecycle::attach_lifecycles(std::move(lifecycles), report.model);
  timings.model += ms_since(start);
  // fbclens's analyses beyond opm (Warning/Info): after opm's findings, never part of its verdict.
  report.analyses_complete = false;
  if (options.analyses) {
    analyses::Cache cache(report.model, report.findings, !report.config.others.empty(), &report.lifecycle_findings);
    analyses::complete_report(report, cache);
  }

  if (load_failed) {
    report.verdict = Verdict::LoadError;
    report.opm_output = "LOAD ERROR:\n" + report.findings.front().opm_message();
  } else if (convert_failed) {
    report.verdict = Verdict::Invalid;
    report.opm_output = "INVALID:\n" + first_convert_message;
  } else if (!tree.empty()) {
    report.verdict = Verdict::Invalid;
    report.opm_output = "INVALID:\n" + tree;
  } else if (any_convert) {
    // Only findings opm does not report (e.g. an entry of an earlier channel without a bundle,
    // which opm misses through its §2.4 quirk but then reports in the tree). Still invalid.
    report.verdict = Verdict::Invalid;
    report.opm_output = "INVALID:\n" + tree;
  } else {
    report.verdict = Verdict::Valid;
    report.opm_output = "VALID";
  }
  return report;
}

}  // namespace fbclens
