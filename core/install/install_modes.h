// A bundle's install modes and the OperatorGroups OLM Classic lets it join.
//
// An OperatorGroup selects the namespaces its operators serve (status.namespaces; [""] for a
// global group). OLM Classic copies them into the CSV's olm.targetNamespaces annotation and checks
// them against the CSV's installModes (operator-lifecycle-manager 992bb09774,
// pkg/controller/operators/olm/operator.go syncClusterServiceVersion: NewInstallModeSet, then
// InstallModeSet.Supports; operator-framework/api 3048ccd, pkg/operators/v1alpha1/
// clusterserviceversion.go). A CSV that cannot join fails with reason UnsupportedOperatorGroup;
// a list with a type twice fails every group with InvalidInstallModes. A type the list leaves out
// is unsupported (Supports looks it up in a map: absent is false).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "model/model.h"

namespace fbclens::install {

/// The four install mode types (operator-framework/api clusterserviceversion_types.go).
enum class Mode { OwnNamespace, SingleNamespace, MultiNamespace, AllNamespaces };

inline constexpr std::array<Mode, 4> kModes = {Mode::OwnNamespace, Mode::SingleNamespace, Mode::MultiNamespace,
                                                Mode::AllNamespaces};

/// "OwnNamespace", "SingleNamespace", "MultiNamespace" or "AllNamespaces".
const char* mode_name(Mode mode);

/// A CSV's installModes as OLM Classic reads them.
struct InstallModes {
  bool has_csv = false;   ///< the bundle has a CSV (olm.csv.metadata or one in olm.bundle.object)
  bool declared = false;  ///< the CSV has an installModes list (possibly empty)
  /// Per Mode (kModes order): listed with supported: true. With a type listed twice, the last
  /// entry wins (Go's map assignment in NewInstallModeSet), though Classic then refuses the list.
  std::array<bool, 4> supported{};
  std::vector<std::string> duplicates;     ///< types listed more than once, in first-seen order
  std::vector<std::string> unknown_types;  ///< listed types OLM does not know (they change nothing)
  /// The list as Go's %v prints it ("[{OwnNamespace true} {AllNamespaces false}]"): the text of
  /// OLM's InvalidInstallModes message.
  std::string go_text;

  bool supports(Mode mode) const { return supported[static_cast<std::size_t>(mode)]; }
  /// The supported modes' names in kModes order.
  std::vector<std::string> supported_names() const;
};

/// The install modes of `bundle`'s CSV; all unsupported when it has no CSV.
InstallModes install_modes_of(const model::PackageBundle& bundle);

/// Why OLM Classic refuses a CSV with `modes` in an OperatorGroup whose status.namespaces are
/// `targets` ("" = all namespaces) when the CSV lives in `operator_namespace`: "" when it joins,
/// else OLM's message, exactly (InstallModeSet.Supports; NewInstallModeSet for duplicates). The CSV
/// status reason that goes with it is install_failure_reason().
std::string operator_group_refusal(const InstallModes& modes, const std::string& operator_namespace,
                                   const std::vector<std::string>& targets);

/// "InvalidInstallModes" when `modes` lists a type twice, else "UnsupportedOperatorGroup".
const char* install_failure_reason(const InstallModes& modes);

/// The OperatorGroup shapes a catalog author asks about (the four): its own namespace
/// only, one other namespace, several other namespaces, all namespaces (a global group, as
/// openshift-operators' global-operators).
enum class GroupShape { OwnNamespace, SingleNamespace, MultiNamespace, AllNamespaces };

inline constexpr std::array<GroupShape, 4> kGroupShapes = {GroupShape::OwnNamespace, GroupShape::SingleNamespace,
                                                           GroupShape::MultiNamespace, GroupShape::AllNamespaces};

/// "OwnNamespace", "SingleNamespace", "MultiNamespace" or "AllNamespaces" (the mode each needs).
const char* shape_name(GroupShape shape);

/// Whether a CSV can join one OperatorGroup shape, and OLM's reason where it cannot.
struct GroupVerdict {
  GroupShape shape = GroupShape::AllNamespaces;
  std::string operator_namespace;               ///< the example the verdict was computed for
  std::vector<std::string> target_namespaces;   ///< status.namespaces of the example ("" = all)
  bool joins = false;
  std::string reason;   ///< the CSV status reason when it cannot ("UnsupportedOperatorGroup", "InvalidInstallModes")
  std::string message;  ///< OLM's message when it cannot
};

/// The verdicts for kGroupShapes, on the examples: the operator in namespace "operators"; own =
/// ["operators"], one other = ["team-a"], several = ["team-a", "team-b"], all = [""].
std::vector<GroupVerdict> operator_group_verdicts(const InstallModes& modes);

}  // namespace fbclens::install
