#include "export/install_text.h"

namespace fbclens {

namespace {

std::string join(const std::vector<std::string>& list, const char* separator, const char* empty = "-") {
  if (list.empty()) return empty;
  std::string out;
  for (std::size_t i = 0; i < list.size(); ++i) out += (i ? separator : "") + list[i];
  return out;
}

std::string modes(const install::InstallModesView& m) {
  std::vector<std::string> out;
  if (m.own_namespace) out.push_back("OwnNamespace");
  if (m.single_namespace) out.push_back("SingleNamespace");
  if (m.multi_namespace) out.push_back("MultiNamespace");
  if (m.all_namespaces) out.push_back("AllNamespaces");
  return join(out, ", ", "none");
}

std::string namespaces(const std::vector<std::string>& list) {
  std::vector<std::string> shown;
  for (const std::string& ns : list) shown.push_back(ns.empty() ? "\"\" (all)" : ns);
  return "[" + join(shown, ", ", "") + "]";
}

}  // namespace

std::string install_preview_text(const install::InstallPreview& p) {
  std::string out;
  std::string package;
  for (const install::BundleInstallView& b : p.bundles) {
    if (b.package != package) {
      package = b.package;
      out += "package " + package + ":\n";
    }
    out += "  " + b.bundle + " [" + (b.csv_source.empty() ? "no CSV" : b.csv_source) + "]: install modes " + modes(b.install_modes) + "\n";
    for (const std::string& problem : b.install_mode_problems) out += "      ! " + problem + "\n";
    out += "      provided APIs: " + join(b.provided_apis, ", ") + "\n";
    const install::OlmV1View& v1 = b.olm_v1;
    out += "      OLM v1: ";
    if (!v1.installable) {
      out += "unknown (the catalog lacks what it needs: " + join(v1.unchecked, ", ") + ")\n";
    } else if (*v1.installable) {
      out += "installable\n";
    } else {
      out += std::string("cannot install") + (v1.needs_watch_namespace ? " (unless configured with a watchNamespace)" : "") + "\n";
      for (const std::string& r : v1.reasons) out += "        " + r + "\n";
    }
  }
  out += "upgrade steps that lose install modes:" + std::string(p.upgrade_risks.empty() ? " none\n" : "\n");
  for (const install::UpgradeRiskView& r : p.upgrade_risks) {
    out += "  " + r.package + "/" + r.channel + ": " + r.from + " -> " + r.to + " (" + join(r.via, ", ") + ") loses " +
           join(r.lost_modes, ", ") + (r.classic ? "" : " [OLM Classic does not take this step]") + "\n";
  }
  out += "APIs owned by more than one package:" + std::string(p.api_conflicts.empty() ? " none\n" : "\n");
  for (const install::ApiConflictView& c : p.api_conflicts) out += "  " + c.gvk + ": " + join(c.packages, ", ") + "\n";
  if (!p.with_bundle) return out;
  out += "OperatorGroups (operator in namespace operators):\n";
  for (const install::OperatorGroupView& g : p.operator_groups) {
    out += "  " + g.shape + " " + namespaces(g.target_namespaces) + ": " + (g.joins ? "joins" : g.reason + ": " + g.message) + "\n";
  }
  if (!p.console) {
    out += "console install page: none (" + p.console_error + ")\n";
    return out;
  }
  const install::ConsoleInstallPage& c = *p.console;
  out += "console " + c.console + " install page (channel " + c.channel + ", version " + c.version + ", reads the head " + c.head + "):\n";
  if (!c.installable) {
    out += "  " + c.cannot_install_title + ": " + c.cannot_install_detail + "\n";
    return out;
  }
  for (const install::ConsoleModeChoice& m : c.modes) {
    out += "  (" + std::string(m.mode == c.preselected_mode ? "x" : " ") + ") " + m.label + (m.enabled ? "" : " [disabled]") + ": " +
           m.description + "\n";
  }
  out += "  installed namespace: " + (c.preselected_namespace.empty() ? std::string("(the user picks one)") : c.preselected_namespace);
  if (c.suggested_namespace) out += " (suggested by " + c.suggested_namespace_source + ")";
  out += "\n  update approval: " + c.default_approval + (c.automatic_disabled ? " (Automatic disabled: not the channel head's version)" : "") + "\n";
  if (!c.offered_but_unsupported.empty()) {
    out += "  ! offered but unsupported by " + c.version + ": " + join(c.offered_but_unsupported, ", ") +
           " (choosing it fails with UnsupportedOperatorGroup)\n";
  }
  return out;
}

}  // namespace fbclens
