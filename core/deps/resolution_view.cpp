#include "deps/resolution_view.h"

namespace fbclens::deps {

using view::null_if_empty;

InstalledView installed_view(const Installed& i) {
  return {i.package, i.channel, i.bundle, null_if_empty(i.required_by), null_if_empty(i.constraint),
          null_if_empty(i.failure_message), null_if_empty(i.property_pointer)};
}

UnmetView unmet_view(const Unmet& u) {
  return {u.bundle, u.constraint, null_if_empty(u.failure_message), null_if_empty(u.property_pointer),
          u.where.file, u.where.line, u.reason};
}

ResolutionView resolution_view(const Resolution& r) {
  ResolutionView out;
  out.ok = r.ok;
  out.error = null_if_empty(r.error);
  out.installs.reserve(r.installs.size());
  for (const Installed& i : r.installs) out.installs.push_back(installed_view(i));
  out.notes = r.notes;
  out.candidates.reserve(r.candidates.size());
  for (const CandidateOutcome& c : r.candidates) {
    CandidateView& v = out.candidates.emplace_back();
    v.channel = c.channel;
    v.bundle = c.bundle;
    v.tried = c.tried;
    v.chosen = c.chosen;
    v.unmet.reserve(c.unmet.size());
    for (const Unmet& u : c.unmet) v.unmet.push_back(unmet_view(u));
  }
  return out;
}

}  // namespace fbclens::deps
