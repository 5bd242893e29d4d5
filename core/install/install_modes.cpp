#include "install/install_modes.h"

#include <algorithm>
#include <set>

namespace fbclens::install {

namespace {

std::optional<Mode> mode_of(const std::string& type) {
  for (Mode m : kModes) {
    if (type == mode_name(m)) return m;  // Go compares the InstallModeType strings exactly
  }
  return std::nullopt;
}

}  // namespace

const char* mode_name(Mode mode) {
  switch (mode) {
    case Mode::OwnNamespace: return "OwnNamespace";
    case Mode::SingleNamespace: return "SingleNamespace";
    case Mode::MultiNamespace: return "MultiNamespace";
    case Mode::AllNamespaces: return "AllNamespaces";
  }
  return "";
}

const char* shape_name(GroupShape shape) { return mode_name(static_cast<Mode>(shape)); }

std::vector<std::string> InstallModes::supported_names() const {
  std::vector<std::string> out;
  for (Mode m : kModes) {
    if (supports(m)) out.push_back(mode_name(m));
  }
  return out;
}

InstallModes install_modes_of(const model::PackageBundle& bundle) {
  InstallModes out;
  if (!bundle.properties.csv) return out;
  const property::CsvMetadata& csv = *bundle.properties.csv;
  out.has_csv = true;
  out.declared = csv.install_modes_declared;
  std::set<std::string> seen;
  out.go_text = "[";
  for (std::size_t i = 0; i < csv.install_modes.size(); ++i) {
    const property::InstallMode& im = csv.install_modes[i];
    out.go_text += (i ? " {" : "{") + im.type + (im.supported ? " true}" : " false}");
    if (!seen.insert(im.type).second) {
      if (std::find(out.duplicates.begin(), out.duplicates.end(), im.type) == out.duplicates.end()) out.duplicates.push_back(im.type);
    }
    if (const auto m = mode_of(im.type)) {
      out.supported[static_cast<std::size_t>(*m)] = im.supported;
    } else if (std::find(out.unknown_types.begin(), out.unknown_types.end(), im.type) == out.unknown_types.end()) {
      out.unknown_types.push_back(im.type);
    }
  }
  out.go_text += "]";
  return out;
}

const char* install_failure_reason(const InstallModes& modes) {
  return modes.duplicates.empty() ? "UnsupportedOperatorGroup" : "InvalidInstallModes";
}

std::string operator_group_refusal(const InstallModes& modes, const std::string& operator_namespace,
                                   const std::vector<std::string>& targets) {
  if (!modes.duplicates.empty()) return "InstallMode list contains duplicates, cannot make set: " + modes.go_text;
  const auto mode_text = [](Mode m) { return std::string(mode_name(m)); };
  if (targets.empty()) return "operatorgroup has invalid selected namespaces, cannot configure to watch zero namespaces";
  if (targets.size() == 1) {
    if (targets[0] == operator_namespace) {
      if (!modes.supports(Mode::OwnNamespace)) {
        return mode_text(Mode::OwnNamespace) + " InstallModeType not supported, cannot configure to watch own namespace";
      }
    } else if (targets[0].empty()) {
      if (!modes.supports(Mode::AllNamespaces)) {
        return mode_text(Mode::AllNamespaces) + " InstallModeType not supported, cannot configure to watch all namespaces";
      }
    } else if (!modes.supports(Mode::SingleNamespace)) {
      return mode_text(Mode::SingleNamespace) + " InstallModeType not supported, cannot configure to watch one namespace";
    }
    return "";
  }
  if (!modes.supports(Mode::MultiNamespace)) {
    return mode_text(Mode::MultiNamespace) + " InstallModeType not supported, cannot configure to watch " +
           std::to_string(targets.size()) + " namespaces";
  }
  for (const std::string& ns : targets) {
    if (ns == operator_namespace && !modes.supports(Mode::OwnNamespace)) {
      return mode_text(Mode::OwnNamespace) + " InstallModeType not supported, cannot configure to watch own namespace";
    }
    if (ns.empty()) return "operatorgroup has invalid selected namespaces, NamespaceAll found when |selected namespaces| > 1";
  }
  return "";
}

std::vector<GroupVerdict> operator_group_verdicts(const InstallModes& modes) {
  static const std::string kOperatorNamespace = "operators";
  std::vector<GroupVerdict> out;
  for (GroupShape shape : kGroupShapes) {
    GroupVerdict v;
    v.shape = shape;
    v.operator_namespace = kOperatorNamespace;
    switch (shape) {
      case GroupShape::OwnNamespace: v.target_namespaces = {kOperatorNamespace}; break;
      case GroupShape::SingleNamespace: v.target_namespaces = {"team-a"}; break;
      case GroupShape::MultiNamespace: v.target_namespaces = {"team-a", "team-b"}; break;
      case GroupShape::AllNamespaces: v.target_namespaces = {""}; break;
    }
    v.message = operator_group_refusal(modes, kOperatorNamespace, v.target_namespaces);
    v.joins = v.message.empty();
    if (!v.joins) v.reason = install_failure_reason(modes);
    out.push_back(std::move(v));
  }
  return out;
}

}  // namespace fbclens::install
