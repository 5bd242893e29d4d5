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
  char search[128] = "";            ///< explorer filter (package/channel/bundle names)
  bool focus_search = false;        ///< '/' focuses the search box

  ChannelLayout layout;             ///< layout of the selected channel
  std::string upgrade_bundle;       ///< the bundle `upgrade_text` was computed for
  std::string upgrade_text;         ///< "if installed: Classic ... / OLM v1 ..." for the selected bundle
  std::string layout_package, layout_channel;
  float zoom = 1.0f;
  float pan_x = 40.0f, pan_y = 40.0f;

  GraphRenderer renderer;
  float fps = 0.0f;
};

/// Draws one frame of the whole UI into the current ImGui frame.
void draw_app(AppState& state);

}  // namespace fbclens::web
