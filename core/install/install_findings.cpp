#include "install/install_findings.h"

#include <algorithm>
#include <map>
#include <memory>
#include <set>

#include "install/bundle_checks.h"
#include "install/install_modes.h"
#include "install/install_preview.h"
#include "install/olm_v1_install.h"

namespace fbclens::install {

namespace {

std::string join(const std::vector<std::string>& list, const char* separator, const char* last_separator = nullptr) {
  std::string out;
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (i) out += (last_separator && i + 1 == list.size()) ? last_separator : separator;
    out += list[i];
  }
  return out;
}

// What an OperatorGroup needs a mode for, in a catalog author's words.
std::string shape_text(const std::string& mode) {
  if (mode == "OwnNamespace") return "targeting the operator's own namespace";
  if (mode == "SingleNamespace") return "targeting one other namespace";
  if (mode == "MultiNamespace") return "targeting several namespaces";
  return "targeting all namespaces";
}

// The supported modes for a message ("AllNamespaces and OwnNamespace"; "no mode").
std::string modes_text(const std::vector<std::string>& modes) { return modes.empty() ? "no install mode" : join(modes, ", ", " and "); }

// OLM Classic's reading of minKubeVersion (requirements.go minKubeVersionStatus): a leading "v"
// dropped, then coreos/go-semver NewVersion, which wants MAJOR.MINOR.PATCH of decimal integers with
// optional -prerelease and +metadata.
bool olm_reads_min_kube_version(std::string v) {
  if (!v.empty() && v[0] == 'v') v.erase(0, 1);
  v = v.substr(0, v.find('+'));
  v = v.substr(0, v.find('-'));
  int parts = 0;
  std::size_t begin = 0;
  while (true) {
    const std::size_t dot = v.find('.', begin);
    const std::string part = v.substr(begin, dot == std::string::npos ? std::string::npos : dot - begin);
    if (part.empty() || part.size() > 18 || !std::all_of(part.begin(), part.end(), [](char c) { return c >= '0' && c <= '9'; })) {
      return false;
    }
    ++parts;
    if (dot == std::string::npos) break;
    begin = dot + 1;
  }
  return parts == 3;
}

class PackageFindings {
 public:
  PackageFindings(const model::Package& pkg, const ApiOwners& owners, std::vector<Finding>& out)
      : pkg_(pkg), owners_(owners), out_(out) {}

  void run() {
    upgrade_edges();
    for (const model::PackageBundle& b : pkg_.bundles) bundle(b);
    for (const std::string& channel : pkg_.channel_order) channel_head(channel);
    shared_apis();
  }

 private:
  void emit(FindingId id, const FindingArgs& args, const SourceLocation& where, ObjectPath object) {
    out_.push_back(make_finding(id, args, where, std::move(object)));
  }

  static bool declared(const model::PackageBundle* b) {
    return b && b->properties.csv && b->properties.csv->install_modes_declared;
  }

  // FBC4601: every edge of the graph, whichever OLM walks it (both walk only edges; v1 with
  // CatalogProvided, its default).
  void upgrade_edges() {
    for (const UpgradeRiskView& r : upgrade_risks(pkg_)) {
      if (!declared(pkg_.bundle(r.from)) || !declared(pkg_.bundle(r.to))) continue;
      std::vector<std::string> shapes;
      for (const std::string& m : r.lost_modes) shapes.push_back(shape_text(m));
      emit(FindingId::InstallModeLostOnUpgrade,
           {r.from, r.to, r.channel, join(r.via, ", "), modes_text(r.lost_modes), join(shapes, ", ", " or ")},
           pkg_.channels.at(r.channel).bundles.at(r.to).where, {pkg_.name, r.channel, r.to});
    }
  }

  void bundle(const model::PackageBundle& b) {
    const ObjectPath object{pkg_.name, "", b.name};
    if (declared(&b)) {
      const InstallModes modes = install_modes_of(b);
      if (!modes.duplicates.empty()) {
        emit(FindingId::InstallModesUnusable,
             {b.name, "list " + join(modes.duplicates, ", ", " and ") + " more than once",
              "OLM Classic fails the CSV with InvalidInstallModes (\"InstallMode list contains duplicates, cannot make set: " +
                  modes.go_text + "\") in every OperatorGroup"},
             b.where, object);
      }
      for (const std::string& e : install_mode_errors(b)) {
        if (e == "install modes not found") {
          emit(FindingId::InstallModesUnusable, {b.name, "are an empty list", "no OperatorGroup accepts the CSV (UnsupportedOperatorGroup), "
                                                 "and operator-framework/api's CSV validator says \"install modes not found\""},
               b.where, object);
        } else if (e == "none of InstallModeTypes are supported") {
          emit(FindingId::InstallModesUnusable, {b.name, "support no mode", "no OperatorGroup accepts the CSV (UnsupportedOperatorGroup), "
                                                 "and operator-framework/api's CSV validator says \"none of InstallModeTypes are supported\""},
               b.where, object);
        }
      }
    }
    for (const std::string& name : provided_apis_of(b).unreadable_crd_names) {
      emit(FindingId::OwnedCrdNameUnreadable, {b.name, name}, b.where, object);
    }
    if (b.manifests && b.properties.csv) {
      std::set<std::string> supported;  // as the validators collect them: any supported entry of a type
      for (const property::InstallMode& m : b.properties.csv->install_modes) {
        if (m.supported) supported.insert(m.type);
      }
      const bool only_all = supported.size() == 1 && supported.count("AllNamespaces");
      for (const property::BundleManifests::Webhook& w : b.manifests->webhooks) {
        if (w.type != "ConversionWebhook" || only_all) continue;
        emit(FindingId::ConversionWebhookInstallModes,
             {b.name, w.generate_name, modes_text(std::vector<std::string>(supported.begin(), supported.end()))}, b.where, object);
      }
    }
    const MinKubeVersionCheck kube = min_kube_version_check(b);
    if (!kube.message.empty() && !kube.missing) {
      const std::string& v = b.properties.csv->min_kube_version;
      emit(FindingId::MinKubeVersionInvalid,
           {b.name, v,
            olm_reads_min_kube_version(v)
                ? "OLM Classic still reads it (it drops a leading v), but the bundle validators of the pipelines refuse it"
                : "OLM Classic cannot read it either: the CSV stays Pending with RequirementsNotMet (\"CSV version parsing error\")"},
           b.where, object);
    }
    for (const RemovedApiUse& use : removed_api_uses(b)) {
      emit(FindingId::RemovedApiInManifests, {b.name, use.kubernetes, use.openshift, join(use.uses, ", ")}, b.where, object);
    }
  }

  void channel_head(const std::string& channel) {
    const std::vector<std::string> heads = model::channel_heads(pkg_.channels.at(channel));
    const model::PackageBundle* head = heads.size() == 1 ? pkg_.bundle(heads[0]) : nullptr;
    if (!head || !head->properties.csv) return;
    const property::CsvMetadata& csv = *head->properties.csv;
    const ObjectPath object{pkg_.name, channel, head->name};
    const InstallModes modes = install_modes_of(*head);
    const std::vector<std::string> supported = modes.supported_names();
    if (declared(head) && !supported.empty()) {
      // The console's install page reads the first entry of each type (Array.find).
      const auto first_supported = [&csv](const char* type) {
        const auto it = std::find_if(csv.install_modes.begin(), csv.install_modes.end(),
                                     [type](const property::InstallMode& m) { return m.type == type; });
        return it != csv.install_modes.end() && it->supported;
      };
      if (!first_supported("OwnNamespace") && !first_supported("AllNamespaces")) {
        emit(FindingId::ConsoleCannotInstall, {head->name, channel, modes_text(supported), csv.display_name.empty() ? pkg_.name : csv.display_name},
             head->where, object);
      }
    }
    if ((declared(head) && !supported.empty()) || head->manifests) {
      // Dependencies are OLM v1's refusal too, but the upgrade answers and FBC45xx already say so.
      V1Installability v1 = v1_installability(*head, pkg_.name);
      // Without an installModes field the install-mode rules are left out too (see codes.def).
      std::vector<std::string> reasons;
      for (const std::string& r : v1.reasons) {
        const bool mode_rule = r.find(" install mode") != std::string::npos && r.rfind("unsupported bundle: ", 0) == 0;
        if (r.rfind("validating bundle ", 0) != 0 && (declared(head) || !mode_rule)) reasons.push_back(r);
      }
      const bool watch = reasons.size() == 1 && reasons[0] == "unsupported bundle: bundle does not support AllNamespaces install mode" &&
                         (modes.supports(Mode::OwnNamespace) || modes.supports(Mode::SingleNamespace));
      if (!reasons.empty()) {
        emit(FindingId::OlmV1CannotInstall,
             {head->name, channel, join(reasons, "; "),
              watch ? " (it installs when the SingleOwnNamespaceInstallSupport feature gate is on and the ClusterExtension's config sets watchNamespace)"
                    : ""},
             head->where, object);
      }
    }
    std::vector<std::string> problems = hub_metadata_problems(*head);
    problems.erase(std::unique(problems.begin(), problems.end()), problems.end());
    if (!problems.empty()) emit(FindingId::HubMetadataIncomplete, {head->name, channel, join(problems, "; ")}, head->where, object);
  }

  // FBC4611: one finding per other package, listing the APIs both own.
  void shared_apis() {
    std::map<std::string, std::vector<std::string>> by_package;  // other package → GVKs
    for (const ApiConflict& c : owners_.conflicts(pkg_.name)) {
      for (const std::string& other : c.packages) {
        if (other != pkg_.name) by_package[other].push_back(c.gvk);
      }
    }
    for (const auto& [other, gvks] : by_package) {
      std::vector<std::string> shown(gvks.begin(), gvks.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(gvks.size(), 5)));
      std::string text = join(shown, ", ");
      if (gvks.size() > shown.size()) text += " and " + std::to_string(gvks.size() - shown.size()) + " more";
      emit(FindingId::ApiOwnedTwice, {pkg_.name, other, text}, pkg_.where, {pkg_.name, "", ""});
    }
  }

  const model::Package& pkg_;
  const ApiOwners& owners_;
  std::vector<Finding>& out_;
};

}  // namespace

std::vector<Finding> install_findings(const model::Model& model, const model::Package& pkg, const ApiOwners* owners) {
  std::vector<Finding> out;
  std::unique_ptr<ApiOwners> built;
  if (!owners) {
    built = std::make_unique<ApiOwners>(model);
    owners = built.get();
  }
  PackageFindings(pkg, *owners, out).run();
  return out;
}

}  // namespace fbclens::install
