// What the shell (shell.cpp: context, input, frame loop) offers the rest of the app.
#pragma once

#include "app_state.h"

namespace fbclens::web {

/// Draws frames for a short while from now (input, an answer or a call from the page arrived);
/// between such moments the app draws nothing and the canvas keeps its picture.
void wake();

/// The one AppState of this module instance (each app on a page is its own module).
AppState& app_state();

/// Device pixels per CSS pixel, fixed at start.
float pixel_ratio();

/// Frame counters for the page's appStatus().
struct ShellStats {
  unsigned frames = 0;   ///< frames drawn
  unsigned ticks = 0;    ///< main-loop iterations, drawn or not
  /// Main-thread ms to build and submit a frame, a moving average over about the last 20 frames
  /// drawn (what the GPU, or SwiftShader, then spends is not in it).
  double frame_ms = 0;
};
extern ShellStats g_shell;

}  // namespace fbclens::web
