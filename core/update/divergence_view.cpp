#include "update/divergence_view.h"

namespace fbclens::update {

using view::null_if_empty;

DivergenceView divergence_view(const DivergenceReport& report) {
  DivergenceView out;
  out.package = report.package;
  out.default_channel = report.default_channel;
  out.differing = report.differing;
  out.stranded = report.stranded;
  out.rows.reserve(report.rows.size());
  for (const DivergenceRow& r : report.rows) {
    out.rows.push_back({r.channel,
                        r.installed,
                        r.installed_version,
                        {null_if_empty(r.classic_next), null_if_empty(r.classic_error), r.classic_walk},
                        {null_if_empty(r.v1_next), null_if_empty(r.v1_error), r.v1_walk},
                        r.differs,
                        r.classic_stranded});
  }
  return out;
}

}  // namespace fbclens::update
