#include "export/upgrade_json.h"

namespace fbclens {

namespace {

Json name_or_null(const std::string& s) { return s.empty() ? Json(nullptr) : Json(s); }

}  // namespace

Json upgrade_path_json(const update::PackageGraph& graph, const UpgradeRequest& request) {
  using namespace update;
  const Installed* installed = request.installed ? &*request.installed : nullptr;
  const ClassicOptions classic_options{request.subscription_channel, request.starting_csv};

  const ClassicResult c = classic_next(graph, installed, classic_options);
  std::vector<std::string> c_walk;
  if (installed) {
    c_walk = classic_walk(graph, *installed, classic_options);
  } else if (!c.next.empty()) {
    const GraphBundle* b = graph.bundle(c.next);
    c_walk = classic_walk(graph, Installed{c.next, b ? b->version : ""}, ClassicOptions{request.subscription_channel, ""});
  }

  const V1Result v = v1_next(graph, installed, request.v1);
  std::vector<std::string> v_walk;
  if (installed) {
    v_walk = v1_walk(graph, *installed, request.v1);
  } else if (!v.next.empty()) {
    const GraphBundle* b = graph.bundle(v.next);
    v_walk = v1_walk(graph, Installed{v.next, b ? b->version : ""}, request.v1);
  }
  return Json{{"classic", {{"candidates", c.candidates}, {"next", name_or_null(c.next)}, {"error", name_or_null(c.error)},
                           {"walk", c_walk}}},
              {"v1", {{"successors", v.successors}, {"next", name_or_null(v.next)}, {"error", name_or_null(v.error)},
                      {"walk", v_walk}}}};
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
