#include "export/upgrade_json.h"

namespace fbclens {

namespace {

Json name_or_null(const std::string& s) { return s.empty() ? Json(nullptr) : Json(s); }

}  // namespace

Json upgrade_path_json(const update::UpgradeAnswer& a) {
  return Json{{"classic", {{"candidates", a.classic.candidates}, {"next", name_or_null(a.classic.next)},
                           {"error", name_or_null(a.classic.error)}, {"walk", a.classic_walk}}},
              {"v1", {{"successors", a.v1.successors}, {"next", name_or_null(a.v1.next)}, {"error", name_or_null(a.v1.error)},
                      {"walk", a.v1_walk}}}};
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
  return Json{{"package", report.package}, {"differing", report.differing}, {"stranded", report.stranded}, {"rows", rows}};
}

}  // namespace fbclens
