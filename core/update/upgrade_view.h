// The upgrade answer (update/upgrade_request.h answer_upgrade) as the views show it: plain structs
// with one declared JSON mapping (core/view/json_fields.h). The worker's `upgradePath` and the
// CLI's `upgrade-path --output json` write it; `upgrade-path`'s text (export/upgrade_text.h)
// prints it; the page's Bundle panel and simulator read its JSON.
//
// JSON:
//   {"classic": {"candidates": [NAME], "next": NAME|null, "error": TEXT|null, "walk": [NAME],
//                "dependencies": BOOL, "resolution": ResolutionView|null, "steps"?: [STEP]},
//    "v1": {"successors": [NAME], "next": NAME|null, "error": TEXT|null, "walk": [NAME],
//           "nextInstallable": {"installable": BOOL|null, "reasons", "unchecked", "needsWatchNamespace"}|null,
//           "steps"?: [STEP]}}
//   STEP = {"from": NAME|null, "fromVersion": TEXT|null, "to": NAME|null, "error": TEXT|null,
//           "summary": TEXT, "considered": [{"bundle", "version", "verdict", "edges": [TEXT],
//           "reason", "unmet": [UnmetView]}], "more": N, "maxOpenShiftVersion": RAW JSON TEXT|null,
//           "installsAlong": [InstalledView]}
// ResolutionView, UnmetView and InstalledView are deps/resolution_view.h's. "steps" is there only
// when the answer was explained.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "deps/resolution_view.h"
#include "install/install_view.h"
#include "update/explain.h"
#include "update/upgrade_request.h"
#include "view/json_fields.h"

namespace fbclens::update {

/// One bundle considered in an explained step (update::Considered).
struct ConsideredView {
  std::string bundle;
  std::string version;  ///< its olm.package version ("" when unknown)
  Verdict verdict = Verdict::Chosen;  ///< JSON: its name (json_enum in update/explain.h)
  std::vector<std::string> edges;     ///< the channel entries that made it upgrade from the installed bundle
  std::string reason;                 ///< one sentence: why it won or lost
  std::vector<deps::UnmetView> unmet; ///< UnmetDependencies: the constraints that could not be met
};

/// One explained step of a walk (update::StepExplanation); empty texts are null.
struct StepView {
  std::optional<std::string> from;          ///< the installed bundle; null on a fresh install
  std::optional<std::string> from_version;  ///< its version; null on a fresh install
  std::optional<std::string> to;            ///< the bundle moved to; null = stays or fails
  std::optional<std::string> error;         ///< the OLM's own error text
  std::string summary;                      ///< one sentence for the whole step
  std::vector<ConsideredView> considered;   ///< the winner first, then the losers in preference order
  std::size_t more = 0;                     ///< how many more were considered than listed
  std::optional<std::string> max_openshift; ///< the winner's olm.maxOpenShiftVersion, raw JSON text
  std::vector<deps::InstalledView> installs_along;  ///< with dependencies: what `to` brings along
};

/// OLM Classic's side of the answer.
struct ClassicUpgradeView {
  std::vector<std::string> candidates;  ///< entries that would replace the installed bundle, head first
  std::optional<std::string> next;      ///< the pick; null = stays (or error)
  std::optional<std::string> error;     ///< OLM's error text
  std::vector<std::string> walk;        ///< from the installed bundle (or the first pick) to the fixed point
  bool dependencies = false;            ///< whether the answer resolved dependencies
  /// The dependency resolution of the first pick's candidates; null when dependencies were
  /// ignored or the graph alone already failed.
  std::optional<deps::ResolutionView> resolution;
  std::optional<std::vector<StepView>> steps;  ///< the walk explained; absent (no key) unless asked
};

/// OLM v1's side of the answer.
struct V1UpgradeView {
  std::vector<std::string> successors;  ///< bundles passing the successor predicate, catalog order
  std::optional<std::string> next;      ///< the bundle v1 resolves to (may be the installed one); null on error
  std::optional<std::string> error;     ///< operator-controller's error text
  std::vector<std::string> walk;
  /// Whether OLM v1 can install the bundle it moves to (install/olm_v1_install.h); null when v1
  /// stays or fails, or the answer had no model.
  std::optional<install::OlmV1View> next_installable;
  std::optional<std::vector<StepView>> steps;  ///< the walk explained; absent (no key) unless asked
};

/// The whole answer: both OLMs.
struct UpgradeView {
  ClassicUpgradeView classic;
  V1UpgradeView v1;
};

inline auto json_fields(const ConsideredView*) {
  using view::field;
  using C = ConsideredView;
  return std::make_tuple(field("bundle", &C::bundle), field("version", &C::version), field("verdict", &C::verdict),
                         field("edges", &C::edges), field("reason", &C::reason), field("unmet", &C::unmet));
}
inline auto json_fields(const StepView*) {
  using view::field;
  using S = StepView;
  return std::make_tuple(field("from", &S::from), field("fromVersion", &S::from_version), field("to", &S::to),
                         field("error", &S::error), field("summary", &S::summary), field("considered", &S::considered),
                         field("more", &S::more), field("maxOpenShiftVersion", &S::max_openshift),
                         field("installsAlong", &S::installs_along));
}
inline auto json_fields(const ClassicUpgradeView*) {
  using view::field;
  using C = ClassicUpgradeView;
  return std::make_tuple(field("candidates", &C::candidates), field("next", &C::next), field("error", &C::error),
                         field("walk", &C::walk), field("dependencies", &C::dependencies),
                         field("resolution", &C::resolution), view::optional_field("steps", &C::steps));
}
inline auto json_fields(const V1UpgradeView*) {
  using view::field;
  using V = V1UpgradeView;
  return std::make_tuple(field("successors", &V::successors), field("next", &V::next), field("error", &V::error),
                         field("walk", &V::walk), field("nextInstallable", &V::next_installable),
                         view::optional_field("steps", &V::steps));
}
inline auto json_fields(const UpgradeView*) {
  using view::field;
  return std::make_tuple(field("classic", &UpgradeView::classic), field("v1", &UpgradeView::v1));
}

/// One explained walk as the view shows it (the order of steps and bundles kept). Never fails.
std::vector<StepView> steps_view(const std::vector<StepExplanation>& steps);

/// `answer` (answer_upgrade's) as the view shows it: empty names and errors become null, Classic's
/// resolution its ResolutionView, each side's steps set when the answer was explained (non-empty).
/// Never fails.
UpgradeView upgrade_view(const UpgradeAnswer& answer);

}  // namespace fbclens::update
