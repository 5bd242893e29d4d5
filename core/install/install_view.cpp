#include "install/install_view.h"

namespace fbclens::install {

namespace {

Json optional_bool(const std::optional<bool>& b) { return b ? Json(*b) : Json(nullptr); }

Json console_json(const ConsoleInstallPage& p) {
  Json modes = Json::array();
  for (const ConsoleModeChoice& m : p.modes) {
    modes.push_back({{"mode", m.mode}, {"label", m.label}, {"description", m.description}, {"enabled", m.enabled}});
  }
  return {{"console", p.console},
          {"channel", p.channel},
          {"version", p.version},
          {"head", p.head},
          {"installable", p.installable},
          {"cannotInstallTitle", p.cannot_install_title},
          {"cannotInstallDetail", p.cannot_install_detail},
          {"modes", modes},
          {"preselectedMode", p.preselected_mode},
          {"suggestedNamespace", p.suggested_namespace ? Json(*p.suggested_namespace) : Json(nullptr)},
          {"suggestedNamespaceSource", p.suggested_namespace_source},
          {"preselectedNamespace", p.preselected_namespace},
          {"recommendedNamespaceRadio", p.recommended_namespace_radio},
          {"defaultApproval", p.default_approval},
          {"automaticDisabled", p.automatic_disabled},
          {"providedAPIs", p.provided_apis},
          {"offeredButUnsupported", p.offered_but_unsupported},
          {"pageTitle", p.page_title},
          {"breadcrumb", p.breadcrumb}};
}

}  // namespace

Json install_preview_json(const InstallPreview& preview) {
  Json bundles = Json::array();
  for (const BundleInstallView& b : preview.bundles) {
    const InstallModesView& m = b.install_modes;
    bundles.push_back({{"package", b.package},
                       {"bundle", b.bundle},
                       {"csvSource", b.csv_source},
                       {"installModes",
                        {{"OwnNamespace", m.own_namespace},
                         {"SingleNamespace", m.single_namespace},
                         {"MultiNamespace", m.multi_namespace},
                         {"AllNamespaces", m.all_namespaces}}},
                       {"installModeProblems", b.install_mode_problems},
                       {"providedAPIs", b.provided_apis},
                       {"olmV1",
                        {{"installable", optional_bool(b.olm_v1.installable)},
                         {"reasons", b.olm_v1.reasons},
                         {"unchecked", b.olm_v1.unchecked},
                         {"needsWatchNamespace", b.olm_v1.needs_watch_namespace}}}});
  }
  Json risks = Json::array();
  for (const UpgradeRiskView& r : preview.upgrade_risks) {
    risks.push_back({{"package", r.package},
                     {"channel", r.channel},
                     {"from", r.from},
                     {"to", r.to},
                     {"via", r.via},
                     {"lostModes", r.lost_modes},
                     {"classic", r.classic}});
  }
  Json conflicts = Json::array();
  for (const ApiConflictView& c : preview.api_conflicts) conflicts.push_back({{"gvk", c.gvk}, {"packages", c.packages}});
  Json out = {{"bundles", bundles}, {"upgradeRisks", risks}, {"apiConflicts", conflicts}};
  if (preview.with_bundle) {
    Json groups = Json::array();
    for (const OperatorGroupView& g : preview.operator_groups) {
      groups.push_back({{"shape", g.shape},
                        {"operatorNamespace", g.operator_namespace},
                        {"targetNamespaces", g.target_namespaces},
                        {"joins", g.joins},
                        {"reason", g.reason},
                        {"message", g.message}});
    }
    out["operatorGroups"] = groups;
    out["console"] = preview.console ? console_json(*preview.console) : Json(nullptr);
    out["consoleError"] = preview.console_error;
  }
  return out;
}

}  // namespace fbclens::install
