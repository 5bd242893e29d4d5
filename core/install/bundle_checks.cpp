#include "install/bundle_checks.h"

#include <set>

#include "semver/blang.h"
#include "update/max_openshift.h"

namespace fbclens::install {

namespace {

std::string trim(const std::string& s) {
  const std::size_t b = s.find_first_not_of(" \t\r\n\v\f");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r\n\v\f") - b + 1);
}

// Go's url.ParseRequestURI accepts an absolute URI ("scheme:...") or an absolute path; the
// validator reports anything else as `parse "URL": invalid URI for request`. (Only the shape that
// error names is judged here; Go's later host and escape checks are not reproduced.)
std::string request_uri_error(const std::string& url) {
  for (unsigned char c : url) {
    if (c < 0x20 || c == 0x7f) return "parse \"" + url + "\": net/url: invalid control character in URL";
  }
  if (url[0] == '/') return "";
  std::size_t i = 0;
  while (i < url.size() && (std::isalnum(static_cast<unsigned char>(url[i])) || url[i] == '+' || url[i] == '-' || url[i] == '.')) ++i;
  if (i < url.size() && url[i] == ':') {
    if (i == 0) return "parse \"" + url + "\": missing protocol scheme";
    if (std::isalpha(static_cast<unsigned char>(url[0]))) return "";
  }
  return "parse \"" + url + "\": invalid URI for request";
}

const std::set<std::string>& standard_categories() {
  // internal/standardcategories.go validCategories.
  static const std::set<std::string> kCategories = {
      "AI/Machine Learning", "Application Runtime", "Big Data", "Cloud Provider", "Developer Tools", "Database",
      "Integration & Delivery", "Logging & Tracing", "Monitoring", "Modernization & Migration", "Networking",
      "OpenShift Optional", "Security", "Storage", "Streaming & Messaging", "Observability"};
  return kCategories;
}

// One removal of removed_apis.go: which manifests it matches.
struct Removal {
  const char* kubernetes;
  const char* openshift;
  std::uint64_t ocp_minor;
  bool (*matches)(const property::BundleManifests::Object&);
};

bool removed_in_1_22(const property::BundleManifests::Object& o) {
  const std::string& v = o.api_version;
  const std::string& k = o.kind;
  if (k == "CustomResourceDefinition") return v == "apiextensions.k8s.io/v1beta1";  // bundle.V1beta1CRDs
  if (v == "scheduling.k8s.io/v1beta1") return k == "PriorityClass";
  if (v == "rbac.authorization.k8s.io/v1beta1") return k == "Role" || k == "ClusterRoleBinding" || k == "RoleBinding" || k == "ClusterRole";
  if (v == "apiregistration.k8s.io/v1beta1") return k == "APIService";
  if (v == "authentication.k8s.io/v1beta1") return k == "TokenReview";
  if (v == "authorization.k8s.io/v1beta1") return k == "LocalSubjectAccessReview" || k == "SelfSubjectAccessReview" || k == "SubjectAccessReview";
  if (v == "admissionregistration.k8s.io/v1beta1") return k == "MutatingWebhookConfiguration" || k == "ValidatingWebhookConfiguration";
  if (v == "coordination.k8s.io/v1beta1") return k == "Lease";
  if (v == "extensions/v1beta1") return k == "Ingress";
  if (v == "networking.k8s.io/v1beta1") return k == "Ingress" || k == "IngressClass";
  if (v == "storage.k8s.io/v1beta1") return k == "CSIDriver" || k == "CSINode" || k == "StorageClass" || k == "VolumeAttachment";
  if (v == "certificates.k8s.io/v1beta1") return k == "CertificateSigningRequest";
  return false;
}

bool removed_in_1_25(const property::BundleManifests::Object& o) {
  const std::string& v = o.api_version;
  const std::string& k = o.kind;
  return (v == "batch/v1beta1" && k == "CronJob") || (v == "discovery.k8s.io/v1beta1" && k == "EndpointSlice") ||
         (v == "events.k8s.io/v1beta1" && k == "Event") || (v == "autoscaling/v2beta1" && k == "HorizontalPodAutoscaler") ||
         (v == "policy/v1beta1" && (k == "PodDisruptionBudget" || k == "PodSecurityPolicy")) ||
         (v == "node.k8s.io/v1beta1" && k == "RuntimeClass");
}

bool removed_in_1_26(const property::BundleManifests::Object& o) {
  return o.api_version == "autoscaling/v2beta2" && o.kind == "HorizontalPodAutoscaler";
}

// Kubernetes 1.22 / 1.25 / 1.26 first shipped in OpenShift 4.9 / 4.12 / 4.13 (each OpenShift 4.y
// ships Kubernetes 1.(y+13); community.go names 4.9 for 1.22).
const Removal kRemovals[] = {{"1.22", "4.9", 9, removed_in_1_22}, {"1.25", "4.12", 12, removed_in_1_25},
                             {"1.26", "4.13", 13, removed_in_1_26}};

std::optional<update::OcpMinor> max_openshift_of(const model::PackageBundle& bundle) {
  if (!bundle.declared) return std::nullopt;
  for (const declcfg::Property& p : bundle.declared->properties) {
    if (p.type == "olm.maxOpenShiftVersion" && p.value) return update::v1_parse_max_openshift(p.value->dump());
  }
  return std::nullopt;
}

}  // namespace

std::vector<std::string> install_mode_errors(const model::PackageBundle& bundle) {
  std::vector<std::string> out;
  if (!bundle.properties.csv) return out;
  const property::CsvMetadata& csv = *bundle.properties.csv;
  if (csv.install_modes.empty()) return {"install modes not found"};
  bool any_supported = false;
  bool only_all = true;
  for (const property::InstallMode& m : csv.install_modes) {
    any_supported = any_supported || m.supported;
    if (m.type == "AllNamespaces" && !m.supported) only_all = false;
    if (m.type != "AllNamespaces" && m.supported) only_all = false;
  }
  if (bundle.manifests) {
    for (const property::BundleManifests::Webhook& w : bundle.manifests->webhooks) {
      if (!w.conversion_crds.empty() && !only_all) out.push_back("only AllNamespaces InstallModeType is supported when conversionCRDs is present");
    }
  }
  if (!any_supported) out.push_back("none of InstallModeTypes are supported");
  return out;
}

MinKubeVersionCheck min_kube_version_check(const model::PackageBundle& bundle) {
  MinKubeVersionCheck out;
  if (!bundle.properties.csv) return out;
  const std::string& v = bundle.properties.csv->min_kube_version;
  if (trim(v).empty()) {
    out.missing = true;
    out.message =
        "csv.Spec.minKubeVersion is not informed. It is recommended you provide this information. Otherwise, it would mean that "
        "your operator project can be distributed and installed in any cluster version available, which is not necessarily the "
        "case for all projects.";
  } else if (!semver::parse(v)) {
    out.message = "csv.Spec.MinKubeVersion has an invalid value: " + v;
  }
  return out;
}

std::vector<std::string> hub_metadata_problems(const model::PackageBundle& bundle) {
  std::vector<std::string> out;
  if (!bundle.properties.csv) return out;
  const property::CsvMetadata& csv = *bundle.properties.csv;
  if (trim(csv.provider).empty()) out.push_back("csv.Spec.Provider.Name not specified");
  for (const property::NamedText& m : csv.maintainers) {
    if (m.name.empty() || m.text.empty()) out.push_back("csv.Spec.Maintainers elements should contain both name and email");
  }
  for (const property::NamedText& l : csv.links) {
    if (l.name.empty() || l.text.empty()) out.push_back("csv.Spec.Links elements should contain both name and url");
    if (!l.text.empty()) {
      if (const std::string e = request_uri_error(l.text); !e.empty()) out.push_back("csv.Spec.Links url " + l.text + " is invalid: " + e);
    }
  }
  if (const std::string* categories = csv.annotation("categories")) {
    std::size_t begin = 0;
    while (true) {
      const std::size_t comma = categories->find(',', begin);
      const std::string category = categories->substr(begin, comma == std::string::npos ? std::string::npos : comma - begin);
      if (!standard_categories().count(trim(category))) {
        out.push_back("csv.Metadata.Annotations[\"categories\"] value \"" + category + "\" is not in the set of standard categories");
      }
      if (comma == std::string::npos) break;
      begin = comma + 1;
    }
  }
  if (const std::string* capability = csv.annotation("capabilities")) {
    static const std::set<std::string> kLevels = {"Basic Install", "Seamless Upgrades", "Full Lifecycle", "Deep Insights", "Auto Pilot"};
    if (!kLevels.count(*capability)) {
      out.push_back("csv.Metadata.Annotations.Capabilities \"" + *capability + "\" is not a valid capabilities level");
    }
  }
  return out;
}

std::vector<RemovedApiUse> removed_api_uses(const model::PackageBundle& bundle) {
  std::vector<RemovedApiUse> out;
  if (!bundle.manifests) return out;
  const std::optional<update::OcpMinor> max = max_openshift_of(bundle);
  for (const Removal& r : kRemovals) {
    if (max && (max->major < 4 || (max->major == 4 && max->minor < r.ocp_minor))) continue;
    RemovedApiUse use{r.kubernetes, r.openshift, {}};
    for (const property::BundleManifests::Object& o : bundle.manifests->objects) {
      if (r.matches(o)) use.uses.push_back(o.kind + " " + o.name + " (" + o.api_version + ")");
    }
    if (!use.uses.empty()) out.push_back(std::move(use));
  }
  return out;
}

}  // namespace fbclens::install
