#include "install/olm_v1_install.h"

#include <algorithm>
#include <map>
#include <set>

#include "findings/go_format.h"

namespace fbclens::install {

namespace {

std::string join(const std::vector<std::string>& list, const char* separator) {
  std::string out;
  for (std::size_t i = 0; i < list.size(); ++i) out += (i ? separator : "") + list[i];
  return out;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// One DNS-1123 label: [a-z0-9]([-a-z0-9]*[a-z0-9])?
bool dns_label(const std::string& s, std::size_t begin, std::size_t end) {
  if (begin >= end) return false;
  const auto alnum = [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); };
  if (!alnum(s[begin]) || !alnum(s[end - 1])) return false;
  for (std::size_t i = begin; i < end; ++i) {
    if (!alnum(s[i]) && s[i] != '-') return false;
  }
  return true;
}

bool dns_subdomain(const std::string& s) {
  std::size_t begin = 0;
  while (true) {
    const std::size_t dot = s.find('.', begin);
    if (!dns_label(s, begin, dot == std::string::npos ? s.size() : dot)) return false;
    if (dot == std::string::npos) return true;
    begin = dot + 1;
  }
}

// Go's %v of a []string / []InstallModeType.
std::string go_list(const std::vector<std::string>& list) { return "[" + join(list, " ") + "]"; }

// The object kinds registry+v1 supports besides the CSV and CRDs (operator-registry 4f9d6f222b01,
// pkg/lib/bundle/supported_resources.go supportedResources).
bool supported_kind(const std::string& kind) {
  static const std::set<std::string> kKinds = {
      "ClusterServiceVersion", "CustomResourceDefinition", "ClusterRole", "ClusterRoleBinding", "Service",
      "ServiceAccount", "Role", "RoleBinding", "PrometheusRule", "ServiceMonitor", "Secret", "ConfigMap",
      "PodDisruptionBudget", "PriorityClass", "VerticalPodAutoscaler", "ConsoleYAMLSample", "ConsoleQuickStart",
      "ConsoleCLIDownload", "ConsoleLink", "ConsolePlugin", "NetworkPolicy", "PodMonitor"};
  return kKinds.count(kind) > 0;
}

// The bundle validators of registryv1.go, in its order, on what the manifests told us.
void run_validators(const property::BundleManifests& m, const property::CsvMetadata* csv, const std::string& package_name,
                    const std::set<std::string>& supported_types, std::vector<std::string>& errs) {
  using Webhook = property::BundleManifests::Webhook;
  // CheckDeploymentSpecUniqueness
  {
    std::set<std::string> seen, dup;
    for (const std::string& d : m.deployments) {
      if (!seen.insert(d).second) dup.insert(d);
    }
    for (const std::string& d : dup) errs.push_back("cluster service version contains duplicate strategy deployment spec '" + d + "'");
  }
  // CheckDeploymentNameIsDNS1123SubDomain
  {
    std::map<std::string, std::vector<std::string>> bad;
    for (const std::string& d : m.deployments) {
      std::vector<std::string> e = dns1123_subdomain_errors(d);
      if (!e.empty()) bad[d] = e;
    }
    for (const auto& [d, e] : bad) {
      errs.push_back("invalid cluster service version strategy deployment name '" + d + "': " + join(e, ", "));
    }
  }
  std::vector<std::string> crd_names;
  for (const property::BundleManifests::Object& o : m.objects) {
    if (o.kind == "CustomResourceDefinition") crd_names.push_back(o.name);
  }
  // CheckCRDResourceUniqueness
  {
    std::set<std::string> seen, dup;
    for (const std::string& n : crd_names) {
      if (!seen.insert(n).second) dup.insert(n);
    }
    for (const std::string& n : dup) errs.push_back("bundle contains duplicate custom resource definition '" + n + "'");
  }
  // CheckOwnedCRDExistence
  std::set<std::string> owned;
  if (csv) {
    for (const property::OwnedCrd& c : csv->owned_crds) owned.insert(c.name);
  }
  {
    const std::set<std::string> present(crd_names.begin(), crd_names.end());
    for (const std::string& n : owned) {
      if (!present.count(n)) errs.push_back("cluster service definition references owned custom resource definition '" + n + "' not found in bundle");
    }
  }
  // CheckPackageNameNotEmpty
  if (package_name.empty()) errs.push_back("package name is empty");
  // CheckConversionWebhookSupport
  {
    std::vector<std::string> conversion;
    for (const Webhook& w : m.webhooks) {
      if (w.type == "ConversionWebhook") conversion.push_back(w.generate_name);
    }
    if (!conversion.empty() && (supported_types.size() != 1 || !supported_types.count("AllNamespaces"))) {
      const std::string modes = go_list(std::vector<std::string>(supported_types.begin(), supported_types.end()));
      for (const std::string& name : conversion) {
        errs.push_back("bundle contains conversion webhook " + go_quote(name) + " and supports install modes " + modes +
                       " - conversion webhooks are only supported for bundles that only support AllNamespaces install mode");
      }
    }
  }
  // CheckWebhookDeploymentReferentialIntegrity
  {
    std::map<std::string, std::vector<const Webhook*>> by_deployment;
    for (const Webhook& w : m.webhooks) by_deployment[w.deployment_name].push_back(&w);
    for (const std::string& d : m.deployments) by_deployment.erase(d);
    for (auto& [deployment, hooks] : by_deployment) {
      std::stable_sort(hooks.begin(), hooks.end(), [](const Webhook* a, const Webhook* b) {
        return a->type != b->type ? a->type < b->type : a->generate_name < b->generate_name;
      });
      for (const Webhook* w : hooks) {
        errs.push_back("webhook of type '" + w->type + "' with name '" + w->generate_name + "' references non-existent deployment '" +
                       deployment + "'");
      }
    }
  }
  // CheckWebhookNameUniqueness
  {
    std::map<std::string, std::set<std::string>> seen, dup;
    for (const Webhook& w : m.webhooks) {
      if (!seen[w.type].insert(w.generate_name).second) dup[w.type].insert(w.generate_name);
    }
    for (const auto& [type, names] : dup) {
      for (const std::string& n : names) errs.push_back("duplicate webhook '" + n + "' of type '" + type + "'");
    }
  }
  // CheckWebhookNameIsDNS1123SubDomain
  {
    std::map<std::string, std::map<std::string, std::vector<std::string>>> bad;
    for (const Webhook& w : m.webhooks) {
      std::vector<std::string> e = dns1123_subdomain_errors(w.generate_name);
      if (!e.empty()) bad[w.type][w.generate_name] = e;
    }
    for (const auto& [type, names] : bad) {
      for (const auto& [n, e] : names) errs.push_back("webhook of type '" + type + "' has invalid name '" + n + "': " + join(e, ","));
    }
  }
  // CheckConversionWebhookCRDReferenceUniqueness
  {
    std::map<std::string, std::vector<std::string>> by_crd;
    for (const Webhook& w : m.webhooks) {
      if (w.type != "ConversionWebhook") continue;
      for (const std::string& crd : w.conversion_crds) by_crd[crd].push_back(w.generate_name);
    }
    for (auto& [crd, hooks] : by_crd) {
      if (hooks.size() == 1) continue;
      std::sort(hooks.begin(), hooks.end());
      errs.push_back("conversion webhooks [" + join(hooks, ",") + "] reference same custom resource definition '" + crd + "'");
    }
  }
  // CheckConversionWebhooksReferenceOwnedCRDs
  {
    std::vector<const Webhook*> conversion;
    for (const Webhook& w : m.webhooks) {
      if (w.type == "ConversionWebhook") conversion.push_back(&w);
    }
    std::stable_sort(conversion.begin(), conversion.end(),
                     [](const Webhook* a, const Webhook* b) { return a->generate_name < b->generate_name; });
    for (const Webhook* w : conversion) {
      std::vector<std::string> crds = w->conversion_crds;
      std::sort(crds.begin(), crds.end());
      for (const std::string& crd : crds) {
        if (!owned.count(crd)) {
          errs.push_back("conversion webhook '" + w->generate_name + "' references custom resource definition '" + crd + "' not owned bundle");
        }
      }
    }
  }
  // CheckWebhookRules
  {
    static const std::set<std::string> kForbiddenGroups = {"olm.operatorframework.io", "*"};
    static const std::set<std::string> kForbiddenResources = {"*", "mutatingwebhookconfiguration", "mutatingwebhookconfigurations",
                                                              "validatingwebhookconfiguration", "validatingwebhookconfigurations"};
    for (const Webhook& w : m.webhooks) {
      if (w.type == "ConversionWebhook") continue;
      for (const property::BundleManifests::WebhookRule& rule : w.rules) {
        for (const std::string& group : rule.api_groups) {
          if (kForbiddenGroups.count(group)) {
            errs.push_back("webhook " + go_quote(w.generate_name) + " contains forbidden rule: admission webhook rules cannot reference API group " +
                           go_quote(group));
          }
          if (group != "admissionregistration.k8s.io") continue;
          for (const std::string& resource : rule.resources) {
            if (kForbiddenResources.count(lower(resource))) {
              errs.push_back("webhook " + go_quote(w.generate_name) + " contains forbidden rule: admission webhook rules cannot reference resource " +
                             go_quote(resource) + " for API group " + go_quote(group));
            }
          }
        }
      }
    }
  }
  // CheckObjectSupport: the manifests that are neither the CSV nor a CRD.
  for (const property::BundleManifests::Object& o : m.objects) {
    if (o.kind == "ClusterServiceVersion" || o.kind == "CustomResourceDefinition") continue;
    if (!supported_kind(o.kind)) errs.push_back("unsupported resource " + go_quote(o.name) + " with kind " + go_quote(o.kind));
  }
}

}  // namespace

std::vector<std::string> dns1123_subdomain_errors(const std::string& name) {
  std::vector<std::string> out;
  // Sorted as the validators sort them (slices.Sort): "a lowercase ..." before "must be ...".
  if (!dns_subdomain(name)) {
    out.push_back(
        "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an "
        "alphanumeric character (e.g. 'example.com', regex used for validation is "
        "'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')");
  }
  if (name.size() > 253) out.push_back("must be no more than 253 characters");
  return out;
}

V1Installability v1_installability(const model::PackageBundle& bundle, const std::string& package_name) {
  V1Installability out;
  std::vector<std::string>& errs = out.reasons;
  // Resolution: the resolved bundle must declare no dependency (resolve/validation.go).
  if (!bundle.properties.first_dependency_type.empty()) {
    errs.push_back("validating bundle " + go_quote(bundle.name) + ": bundle " + go_quote(bundle.name) +
                   " has a dependency declared via property " + go_quote(bundle.properties.first_dependency_type) +
                   " which is currently not supported");
  }
  const property::CsvMetadata* csv = bundle.properties.csv ? &*bundle.properties.csv : nullptr;
  if (!csv) {
    // No CSV in the catalog (a registry+v1 image always has one): its rules cannot be judged.
    out.unchecked = {"the CSV (install modes, APIServices)", "webhook definitions", "deployment names", "manifests"};
    if (!errs.empty()) out.installable = false;
    return out;
  }
  // provider.go compares whole InstallMode values: a type counts when any entry of it is supported.
  std::set<std::string> supported_types;
  for (const property::InstallMode& m : csv->install_modes) {
    if (m.supported) supported_types.insert(m.type);
  }
  bool all_namespaces_failed = false;
  if (!csv->owned_api_services.empty()) errs.push_back("unsupported bundle: apiServiceDefintions are not supported");
  if (!supported_types.count("AllNamespaces")) {
    errs.push_back("unsupported bundle: bundle does not support AllNamespaces install mode");
    all_namespaces_failed = true;
  }
  const bool single_or_own = supported_types.count("SingleNamespace") || supported_types.count("OwnNamespace");
  if (!supported_types.count("AllNamespaces") && !single_or_own) {
    errs.push_back("unsupported bundle: bundle must support at least one of [AllNamespaces SingleNamespace OwnNamespace] install modes");
  }
  if (bundle.manifests) {
    run_validators(*bundle.manifests, csv, package_name, supported_types, errs);
  } else {
    out.unchecked = {"webhook definitions", "deployment names", "manifests"};
  }
  out.needs_watch_namespace = all_namespaces_failed && single_or_own && errs.size() == 1;
  if (!errs.empty()) {
    out.installable = false;
  } else if (out.unchecked.empty()) {
    out.installable = true;
  }
  return out;
}

}  // namespace fbclens::install
