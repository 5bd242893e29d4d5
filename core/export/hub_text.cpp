#include "export/hub_text.h"

#include <sstream>

namespace fbclens {

namespace {

std::string or_dash(const std::optional<std::string>& text) { return text ? *text : std::string("-"); }

std::string badge(const std::optional<hub::Badge>& b) {
  return b ? "  [Deprecated: tooltip \"" + b->tooltip + "\"]" : std::string();
}

// A deprecated option's tooltip, as the dropdown shows it beside the option.
std::string option_tooltip(bool deprecated, const std::optional<std::string>& tooltip) {
  return deprecated ? "  [" + tooltip.value_or("") + "]" : std::string();
}

void write_lifecycle(std::ostringstream& out, const hub::LifecyclePreview& l) {
  out << "Installed Operators, with " << l.installed_version << " installed on OpenShift " << l.cluster_version
      << (l.date ? " on " + *l.date : std::string()) << " (" << l.objects
      << (l.objects == 1 ? " lifecycle object" : " lifecycle objects")
      << (l.stream ? ", stream " + *l.stream : std::string(", no version stream matches")) << "):\n";
  out << "  cluster compatibility: " << l.compatibility.text << "\n";
  out << "  support phase: " << or_dash(l.support_phase.text)
      << (l.support_phase.end_date ? " (ends " + *l.support_phase.end_date + ")" : std::string()) << "\n";
  for (const hub::LifecyclePhase& phase : l.support_phase.phases) {
    out << "    " << phase.name << ": " << phase.start_date << " to " << phase.end_date << "\n";
  }
}

}  // namespace

std::string render_hub_text(const hub::HubPreview& p) {
  std::ostringstream out;
  out << "package " << p.package << " on console " << p.console << ": " << (p.visible ? "listed" : "hidden");
  if (!p.hidden_reasons.empty()) {
    out << " (";
    for (std::size_t i = 0; i < p.hidden_reasons.size(); ++i) out << (i ? ", " : "") << p.hidden_reasons[i];
    out << ")";
  }
  out << "\n";
  if (!p.tile || !p.details) {
    out << "no PackageManifest: no tile, details, channels or versions\n";
    return out.str();
  }
  out << "tile: " << p.tile->title << ", provider " << or_dash(p.tile->provider) << badge(p.tile->deprecated_badge) << "\n";
  out << "details: " << p.details->title << badge(p.details->deprecated_badge) << "\n";
  if (p.details->alert) {
    out << "  alert \"" << p.details->alert->title << "\":\n";
    for (const std::string& m : p.details->alert->messages) out << "    " << m << "\n";
  }
  out << "channels (selected " << or_dash(p.selected_channel) << "):\n";
  for (const hub::ChannelOption& c : p.channels) out << "  " << c.name << option_tooltip(c.deprecated, c.tooltip) << "\n";
  out << "versions (selected " << or_dash(p.selected_version) << "):\n";
  for (const hub::VersionOption& v : p.versions) {
    out << "  " << v.version << " (" << v.bundle << ")" << option_tooltip(v.deprecated, v.tooltip) << "\n";
  }
  if (p.install_note) out << "install page note: " << *p.install_note << "\n";
  if (p.lifecycle) write_lifecycle(out, *p.lifecycle);
  return out.str();
}

}  // namespace fbclens
