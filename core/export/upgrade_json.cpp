#include "export/upgrade_json.h"

#include "deps/resolve_json.h"

namespace fbclens {

namespace {

Json name_or_null(const std::string& s) { return s.empty() ? Json(nullptr) : Json(s); }

}  // namespace

Json steps_json(const std::vector<update::StepExplanation>& steps) {
  Json out = Json::array();
  for (const update::StepExplanation& s : steps) {
    Json considered = Json::array();
    for (const update::Considered& c : s.considered) {
      Json unmet = Json::array();
      for (const deps::Unmet& u : c.unmet) unmet.push_back(deps::unmet_json(u));
      considered.push_back(Json{{"bundle", c.bundle}, {"version", c.version}, {"verdict", update::verdict_name(c.verdict)},
                                {"edges", c.edges}, {"reason", c.reason}, {"unmet", unmet}});
    }
    Json along = Json::array();
    for (const deps::Installed& i : s.installs_along) along.push_back(deps::installed_json(i));
    out.push_back(Json{{"from", name_or_null(s.from)}, {"fromVersion", name_or_null(s.from_version)},
                       {"to", name_or_null(s.to)}, {"error", name_or_null(s.error)}, {"summary", s.summary},
                       {"considered", considered}, {"more", s.more},
                       {"maxOpenShiftVersion", name_or_null(s.max_openshift)}, {"installsAlong", along}});
  }
  return out;
}

Json upgrade_path_json(const update::UpgradeAnswer& a) {
  Json j{{"classic", {{"candidates", a.classic.candidates}, {"next", name_or_null(a.classic.next)},
                      {"error", name_or_null(a.classic.error)}, {"walk", a.classic_walk}}},
         {"v1", {{"successors", a.v1.successors}, {"next", name_or_null(a.v1.next)}, {"error", name_or_null(a.v1.error)},
                 {"walk", a.v1_walk}}}};
  j["classic"]["dependencies"] = a.classic_dependencies;
  j["classic"]["resolution"] = a.classic.resolution ? deps::resolution_json(*a.classic.resolution) : Json();
  if (!a.classic_steps.empty()) j["classic"]["steps"] = steps_json(a.classic_steps);
  if (!a.v1_steps.empty()) j["v1"]["steps"] = steps_json(a.v1_steps);
  if (const auto& i = a.v1_next_installability) {
    j["v1"]["nextInstallable"] = {{"installable", i->installable ? Json(*i->installable) : Json()},
                                  {"reasons", i->reasons},
                                  {"unchecked", i->unchecked},
                                  {"needsWatchNamespace", i->needs_watch_namespace}};
  } else {
    j["v1"]["nextInstallable"] = nullptr;
  }
  return j;
}

Json divergence_json(const update::DivergenceReport& report) {
  Json rows = Json::array();
  for (const update::DivergenceRow& r : report.rows) {
    rows.push_back(Json{{"channel", r.channel},
                        {"installed", r.installed},
                        {"installedVersion", r.installed_version},
                        {"classic", {{"next", name_or_null(r.classic_next)}, {"error", name_or_null(r.classic_error)}, {"walk", r.classic_walk}}},
                        {"v1", {{"next", name_or_null(r.v1_next)}, {"error", name_or_null(r.v1_error)}, {"walk", r.v1_walk}}},
                        {"differs", r.differs},
                        {"classicStranded", r.classic_stranded}});
  }
  return Json{{"package", report.package}, {"defaultChannel", report.default_channel}, {"differing", report.differing}, {"stranded", report.stranded}, {"rows", rows}};
}

}  // namespace fbclens
