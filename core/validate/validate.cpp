#include "validate/validate.h"

#include <algorithm>

#include "advice/advice.h"
#include "lifecycle/lifecycle.h"

namespace fbclens {

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

ValidationReport validate_catalog(const FileSource& source, const LoadOptions& options) {
  ValidationReport report;
  // Decode each file's objects as soon as it is read, so only one file's raw documents are alive
  // at a time (peak memory); the builder keeps what later phases need.
  LoadOptions load_options = options;
  declcfg::ConfigBuilder builder;
  load_options.on_file_loaded = [&builder, previous = options.on_file_loaded](LoadResult& load, std::size_t first) {
    builder.add_blobs(load, first);
    if (previous) previous(load, first);
  };
  report.load = load_catalog(source, load_options);
  report.config = builder.take();  // points into JSON on the heap, which moving the LoadResult keeps

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
  report.model = std::move(conversion.model);
  if (load_failed) {
    for (Finding& f : conversion.findings) f.reported_by_opm = false;
  }
  const bool convert_failed = conversion.opm_failed && !load_failed;
  std::string first_convert_message;
  for (const Finding& f : conversion.findings) {
    if (f.reported_by_opm) first_convert_message = f.opm_message;
  }
  const bool any_convert = !conversion.findings.empty();
  report.findings.insert(report.findings.end(), conversion.findings.begin(), conversion.findings.end());

  model::ModelValidation validation =
      model::validate_model(report.model, report.config, report.load, !load_failed && !conversion.opm_failed);
  report.findings.insert(report.findings.end(), validation.findings.begin(), validation.findings.end());
  const std::string tree = render_error_tree(validation.opm_tree);
  model::describe_model(report.model, report.config, report.load);
  // Operator lifecycle objects, which opm passes through: their shape, what needs the model, and
  // then each goes to its package, where the OperatorHub preview reads it.
  std::vector<Finding> lifecycle_findings;
  std::vector<lifecycle::Lifecycle> lifecycles = lifecycle::read_lifecycles(report.config, report.load, lifecycle_findings);
  const std::vector<Finding> lifecycle_checks = lifecycle::check_lifecycles(lifecycles, report.model, report.load);
  lifecycle_findings.insert(lifecycle_findings.end(), lifecycle_checks.begin(), lifecycle_checks.end());
  lifecycle::attach_lifecycles(std::move(lifecycles), report.model);
  // fbclens's advice beyond opm (Warning/Info): appended last, never part of opm's verdict.
  std::vector<Finding> advice = advice::advise(report.model, report.findings, !report.config.others.empty());
  // The lifecycle findings join their package's advice (advice comes package by package, in name order).
  advice.insert(advice.end(), lifecycle_findings.begin(), lifecycle_findings.end());
  std::stable_sort(advice.begin(), advice.end(), [](const Finding& a, const Finding& b) { return a.object.package < b.object.package; });
  report.findings.insert(report.findings.end(), advice.begin(), advice.end());

  if (load_failed) {
    report.verdict = Verdict::LoadError;
    report.opm_output = "LOAD ERROR:\n" + report.findings.front().opm_message;
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
