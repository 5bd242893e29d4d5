// How many findings of each severity: the `findingCounts` of the Summary, of a repository's report
// and of the worker's `analyses` answer, counted and shaped here once.
#pragma once

#include <cstddef>
#include <tuple>
#include <vector>

#include "findings/finding.h"
#include "view/json_fields.h"

namespace fbclens {

/// The number of findings of each severity. JSON: {error, warning, info}, each a count (0 included).
struct SeverityCounts {
  std::size_t error = 0;
  std::size_t warning = 0;
  std::size_t info = 0;

  /// Counts `findings` into this (so several lists add up).
  void add(const std::vector<Finding>& findings) {
    for (const Finding& f : findings) {
      switch (f.info().severity) {
        case Severity::Error: ++error; break;
        case Severity::Warning: ++warning; break;
        case Severity::Info: ++info; break;
      }
    }
  }
};

/// The severities of `findings`, counted.
inline SeverityCounts count_severities(const std::vector<Finding>& findings) {
  SeverityCounts counts;
  counts.add(findings);
  return counts;
}

inline auto json_fields(const SeverityCounts*) {
  return std::make_tuple(view::field("error", &SeverityCounts::error), view::field("warning", &SeverityCounts::warning),
                         view::field("info", &SeverityCounts::info));
}

}  // namespace fbclens
