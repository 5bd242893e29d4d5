// The divergence report (update/divergence.h) as the views show it: plain structs with one
// declared JSON mapping (core/view/json_fields.h). The worker's `divergence` and the CLI's
// `divergence --output json` (an array of them, one per package) write it; `divergence`'s text
// (export/divergence_text.h) prints it; the page's simulator reads its JSON.
//
// JSON: {"package", "defaultChannel", "differing", "stranded", "rows": [{"channel", "installed",
//        "installedVersion", "classic": {"next", "error", "walk"}, "v1": {"next", "error",
//        "walk"}, "differs", "classicStranded"}]}, next and error null when empty.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "update/divergence.h"
#include "view/json_fields.h"

namespace fbclens::update {

/// One OLM's answer for one installed bundle.
struct DivergenceSideView {
  std::optional<std::string> next;   ///< the next step; null = stays (or, for v1, an error)
  std::optional<std::string> error;  ///< the OLM's error text
  std::vector<std::string> walk;     ///< from the installed bundle to the fixed point
};

/// One channel and installed bundle (update::DivergenceRow).
struct DivergenceRowView {
  std::string channel;
  std::string installed;          ///< bundle name
  std::string installed_version;  ///< "" when unknown
  DivergenceSideView classic, v1;
  bool differs = false;           ///< the next steps or the walks' ends differ
  bool classic_stranded = false;  ///< Classic's walk ends before the channel head
};

/// One package's report (update::DivergenceReport).
struct DivergenceView {
  std::string package;
  std::string default_channel;  ///< "" = unset
  std::size_t differing = 0, stranded = 0;
  std::vector<DivergenceRowView> rows;  ///< channel order, then entry order
};

inline auto json_fields(const DivergenceSideView*) {
  using view::field;
  using S = DivergenceSideView;
  return std::make_tuple(field("next", &S::next), field("error", &S::error), field("walk", &S::walk));
}
inline auto json_fields(const DivergenceRowView*) {
  using view::field;
  using R = DivergenceRowView;
  return std::make_tuple(field("channel", &R::channel), field("installed", &R::installed),
                         field("installedVersion", &R::installed_version), field("classic", &R::classic),
                         field("v1", &R::v1), field("differs", &R::differs),
                         field("classicStranded", &R::classic_stranded));
}
inline auto json_fields(const DivergenceView*) {
  using view::field;
  using D = DivergenceView;
  return std::make_tuple(field("package", &D::package), field("defaultChannel", &D::default_channel),
                         field("differing", &D::differing), field("stranded", &D::stranded), field("rows", &D::rows));
}

/// `report` as the view shows it: rows in their order, empty next steps and errors null. Never
/// fails.
DivergenceView divergence_view(const DivergenceReport& report);

}  // namespace fbclens::update
