// Plain UI state of the app (ImGui style: panels are functions of this and the view model).
#pragma once

#include <string>

#include "graph_renderer.h"
#include "view_model.h"

namespace fbclens::web {

struct AppState {
  CatalogView view;                 ///< rebuilt when the session's generation changes
  std::string selected_package;
  std::string selected_channel;
  std::string selected_bundle;
  int selected_finding = -1;
  bool show_severity[3] = {true, true, true};  ///< findings filter: errors, warnings, info
  bool only_opm = false;                       ///< findings filter: only what opm reports
  int excerpt_for = -1;                        ///< the finding `excerpt` was taken for
  std::vector<std::pair<std::uint32_t, std::string>> excerpt;  ///< source around the selected finding
  char search[128] = "";            ///< explorer filter (package/channel/bundle names)
  bool focus_search = false;        ///< '/' focuses the search box

  ChannelLayout layout;             ///< layout of the selected channel
  std::string upgrade_bundle;       ///< the bundle `upgrade_text` was computed for
  std::string upgrade_text;         ///< "if installed: Classic ... / OLM v1 ..." for the selected bundle
  std::string layout_package, layout_channel;
  float zoom = 1.0f;
  bool show_classic_ignored = true;  ///< overlay the edges OLM Classic never takes
  bool fit_pending = true;          ///< fit the graph to the canvas on the next frame
  int columns_per_row = 0;          ///< long channels wrap into rows of this many columns (0 = no wrap)
  float pan_x = 40.0f, pan_y = 40.0f;

  GraphRenderer renderer;
  float fps = 0.0f;
};

/// Draws one frame of the whole UI into the current ImGui frame.
void draw_app(AppState& state);

}  // namespace fbclens::web
