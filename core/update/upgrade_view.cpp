#include "update/upgrade_view.h"

namespace fbclens::update {

using view::null_if_empty;

std::vector<StepView> steps_view(const std::vector<StepExplanation>& steps) {
  std::vector<StepView> out;
  out.reserve(steps.size());
  for (const StepExplanation& s : steps) {
    StepView& v = out.emplace_back();
    v.from = null_if_empty(s.from);
    v.from_version = null_if_empty(s.from_version);
    v.to = null_if_empty(s.to);
    v.error = null_if_empty(s.error);
    v.summary = s.summary;
    v.considered.reserve(s.considered.size());
    for (const Considered& c : s.considered) {
      ConsideredView& cv = v.considered.emplace_back();
      cv.bundle = c.bundle;
      cv.version = c.version;
      cv.verdict = c.verdict;
      cv.edges = c.edges;
      cv.reason = c.reason;
      cv.unmet.reserve(c.unmet.size());
      for (const deps::Unmet& u : c.unmet) cv.unmet.push_back(deps::unmet_view(u));
    }
    v.more = s.more;
    v.max_openshift = null_if_empty(s.max_openshift);
    v.installs_along.reserve(s.installs_along.size());
    for (const deps::Installed& i : s.installs_along) v.installs_along.push_back(deps::installed_view(i));
  }
  return out;
}

UpgradeView upgrade_view(const UpgradeAnswer& a) {
  UpgradeView out;
  ClassicUpgradeView& c = out.classic;
  c.candidates = a.classic.candidates;
  c.next = null_if_empty(a.classic.next);
  c.error = null_if_empty(a.classic.error);
  c.walk = a.classic_walk;
  c.dependencies = a.classic_dependencies;
  if (a.classic.resolution) c.resolution = deps::resolution_view(*a.classic.resolution);
  if (!a.classic_steps.empty()) c.steps = steps_view(a.classic_steps);
  V1UpgradeView& v = out.v1;
  v.successors = a.v1.successors;
  v.next = null_if_empty(a.v1.next);
  v.error = null_if_empty(a.v1.error);
  v.walk = a.v1_walk;
  if (const auto& i = a.v1_next_installability) {
    v.next_installable = install::OlmV1View{i->installable, i->reasons, i->unchecked, i->needs_watch_namespace};
  }
  if (!a.v1_steps.empty()) v.steps = steps_view(a.v1_steps);
  return out;
}

}  // namespace fbclens::update
