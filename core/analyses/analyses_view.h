// What is known so far of a catalog's analyses beyond opm (analyses.h): the answer of the worker's
// `analyses` operation, declared once (core/view/json_fields.h) for the worker that writes it and the
// tests that read it.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "findings/severity_counts.h"
#include "view/json_fields.h"

namespace fbclens::analyses {

/// The state of a catalog's analyses beyond opm after an `analyses` request.
/// JSON: {findings: [Finding], notAnalysed: [package], pending, complete, findingCounts?, profiles?}.
struct AnalysesState {
  /// The findings beyond opm about the packages asked for, each as report_json's finding_json
  /// writes it (the one place a finding's JSON is shaped); [] when the request said findings: false.
  Json findings = Json::array();
  /// Packages asked for that opm rejects, so nothing is analysed about them.
  std::vector<std::string> not_analysed;
  /// Packages whose analyses have not run yet (0 once complete).
  std::size_t pending = 0;
  /// Whether every analysis of every package has run (the report then holds all the findings).
  bool complete = false;
  /// Once complete: every finding of the report counted by severity (the Summary's findingCounts).
  std::optional<SeverityCounts> finding_counts;
  /// Once complete, when check profiles ran: their outcomes (report_json's profiles_json).
  std::optional<Json> profiles;
};

inline auto json_fields(const AnalysesState*) {
  return std::make_tuple(view::field("findings", &AnalysesState::findings),
                         view::field("notAnalysed", &AnalysesState::not_analysed),
                         view::field("pending", &AnalysesState::pending), view::field("complete", &AnalysesState::complete),
                         view::optional_field("findingCounts", &AnalysesState::finding_counts),
                         view::optional_field("profiles", &AnalysesState::profiles));
}

}  // namespace fbclens::analyses
