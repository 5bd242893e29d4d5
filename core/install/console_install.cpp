#include "install/console_install.h"

#include <algorithm>

#include "hub/hub_preview.h"
#include "install/install_modes.h"
#include "install/provided_apis.h"

namespace fbclens::install {

namespace {

const model::PackageBundle* head_of(const model::Package& pkg, const std::string& channel) {
  const auto it = pkg.channels.find(channel);
  if (it == pkg.channels.end()) return nullptr;
  const std::vector<std::string> heads = model::channel_heads(it->second);
  return heads.size() == 1 ? pkg.bundle(heads[0]) : nullptr;
}

// The version the preview's dropdown lists for `bundle` in its selected channel, or "".
std::string listed_version(const hub::HubPreview& preview, const std::string& bundle) {
  for (const hub::VersionOption& v : preview.versions) {
    if (v.bundle == bundle) return v.version;
  }
  return "";
}

// The suggested-namespace-template's metadata.name: JSON.parse, then (4.17+) isK8sResource, which
// wants a truthy metadata.name; 4.16 reads the same name without the check. Only a non-empty
// string is taken (a number would be used as is by the page; never seen).
std::string template_namespace(const std::string* annotation) {
  if (!annotation || annotation->empty()) return "";
  const Json parsed = Json::parse(*annotation, nullptr, /*allow_exceptions=*/false);
  if (!parsed.is_object()) return "";
  const auto metadata = parsed.find("metadata");
  if (metadata == parsed.end() || !metadata->is_object()) return "";
  const auto name = metadata->find("name");
  return name != metadata->end() && name->is_string() ? name->get<std::string>() : "";
}

}  // namespace

std::optional<ConsoleInstallPage> console_install_page(const model::Model& model, const std::string& package,
                                                       const std::string& bundle, const std::string& console, std::string& error) {
  const auto pkg_it = model.packages.find(package);
  if (pkg_it == model.packages.end()) {
    error = "package " + package + " is not in the catalog";
    return std::nullopt;
  }
  const model::Package& pkg = pkg_it->second;
  const model::PackageBundle* target = pkg.bundle(bundle);
  if (!target) {
    error = "bundle " + bundle + " is not in package " + package;
    return std::nullopt;
  }
  // The channel: the (effective) default when it lists the bundle, else the first in the dropdown.
  std::optional<hub::HubPreview> preview = hub::hub_preview(model, {package, "", "", console}, error);
  if (!preview) return std::nullopt;
  if (!preview->has_manifest) {
    error = "package " + package + " has no PackageManifest (no channel head has a CSV), so the console offers no install page";
    return std::nullopt;
  }
  std::string version = listed_version(*preview, bundle);
  if (version.empty()) {
    for (const hub::ChannelOption& c : preview->channels) {
      std::optional<hub::HubPreview> p = hub::hub_preview(model, {package, c.name, "", console}, error);
      if (p && !(version = listed_version(*p, bundle)).empty()) {
        preview = std::move(p);
        break;
      }
    }
  }
  if (version.empty()) {
    error = "bundle " + bundle + " is in no version list of the console (no channel offered lists it, or it carries the legacy "
            "olm.deprecated property)";
    return std::nullopt;
  }
  const std::string channel = *preview->selected_channel;
  preview = hub::hub_preview(model, {package, channel, version, console}, error);
  if (!preview) return std::nullopt;
  const model::PackageBundle* head = head_of(pkg, channel);
  if (!head || !head->properties.csv) {  // an offered channel always has a head with a CSV
    error = "channel " + channel + " has no single head with a CSV";
    return std::nullopt;
  }
  const property::CsvMetadata& csv = *head->properties.csv;

  ConsoleInstallPage page;
  page.console = console;
  page.channel = channel;
  page.version = version;
  page.head = head->name;
  page.page_title = "Install Operator";
  page.breadcrumb = hub::find_console(console)->catalog_name;  // hub_preview accepted `console`
  // supportsSingle / supportsGlobal: the first listed entry of each type decides (Array.find).
  const auto first_supported = [&csv](const char* type) {
    const auto it = std::find_if(csv.install_modes.begin(), csv.install_modes.end(),
                                 [type](const property::InstallMode& m) { return m.type == type; });
    return it != csv.install_modes.end() && it->supported;
  };
  const bool supports_own = first_supported("OwnNamespace");
  const bool supports_all = first_supported("AllNamespaces");
  page.provided_apis = provided_apis_of(*head).apis;
  if (!supports_own && !supports_all) {
    // The title names channels[0]'s head: package-server's first channel (byte order) with a CSV.
    std::string item;
    for (const auto& [name, ch] : pkg.channels) {
      const model::PackageBundle* h = head_of(pkg, name);
      if (h && h->properties.csv) {
        item = h->properties.csv->display_name;
        break;
      }
    }
    page.cannot_install_title = item + " can't be installed";
    page.cannot_install_detail =
        "The Operator does not support to be made available in a single namespace (OwnNamespace installMode) or global "
        "installation (AllNamespaces installMode).  Use the CLI to install this Operator instead.";
    return page;
  }
  page.installable = true;
  const auto desc = [&](bool all) {
    if (all && supports_all) return std::string("Operator will be available in all Namespaces.");
    if (!all && supports_own) return std::string("Operator will be available in a single Namespace only.");
    return std::string("This mode is not supported by this Operator");
  };
  page.modes.push_back({"AllNamespaces", "All namespaces on the cluster (default)", desc(true), supports_all});
  page.modes.push_back({"OwnNamespace", "A specific namespace on the cluster", desc(false), supports_own});
  // supportedInstallModesFor (every supported entry) reduced to AllNamespaces when one is, else
  // OwnNamespace; it can differ from supports_all only when AllNamespaces is listed twice.
  const bool any_all = std::any_of(csv.install_modes.begin(), csv.install_modes.end(),
                                   [](const property::InstallMode& m) { return m.type == "AllNamespaces" && m.supported; });
  page.preselected_mode = any_all ? "AllNamespaces" : "OwnNamespace";

  const std::string* annotation = csv.annotation("operatorframework.io/suggested-namespace");
  const std::string from_template = template_namespace(csv.annotation("operatorframework.io/suggested-namespace-template"));
  if (!from_template.empty()) {
    page.suggested_namespace = from_template;
    page.suggested_namespace_source = "operatorframework.io/suggested-namespace-template";
  } else if (annotation && !annotation->empty()) {
    page.suggested_namespace = *annotation;
    page.suggested_namespace_source = "operatorframework.io/suggested-namespace";
  }
  if (page.preselected_mode == "AllNamespaces") {
    page.preselected_namespace = page.suggested_namespace.value_or("openshift-operators");
  } else {
    page.preselected_namespace = page.suggested_namespace.value_or("");
    page.recommended_namespace_radio = annotation && !annotation->empty();
  }
  page.automatic_disabled = preview->install_note.has_value();  // the selected version is not the head's
  page.default_approval = page.automatic_disabled ? "Manual" : "Automatic";

  if (target != head) {
    const InstallModes bundle_modes = install_modes_of(*target);
    if (supports_all && !bundle_modes.supports(Mode::AllNamespaces)) page.offered_but_unsupported.push_back("AllNamespaces");
    if (supports_own && !bundle_modes.supports(Mode::OwnNamespace)) page.offered_but_unsupported.push_back("OwnNamespace");
  }
  return page;
}

}  // namespace fbclens::install
