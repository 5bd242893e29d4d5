// What the shell (shell.cpp: context, input, frame loop) offers the rest of the app.
#pragma once

#include "app_state.h"

namespace fbclens::web {

/// Draws frames for a short while from now (input arrived: hover states and tooltips settle);
/// between such moments the app draws nothing and the canvas keeps its picture, and after 2 s of
/// that the frame loop pauses (it asks the browser for no animation frames) until wake() or
/// redraw() resumes it.
void wake();

/// Draws a few frames from now (an answer from the worker, a call from the page, a new scene): what
/// changed is drawn and ImGui's layout settles, without the half-second wake() keeps drawing for
/// input. (While a repository's other catalogs load, each such half-second was about 30 frames,
/// which a software renderer spent about 0.4 s of CPU on beside the worker: tests/bench/README.md.)
void redraw();

/// The one AppState of this module instance (each app on a page is its own module).
AppState& app_state();

/// Device pixels per CSS pixel, fixed at start.
float pixel_ratio();

/// Frame counters for the page's appStatus().
struct ShellStats {
  unsigned frames = 0;   ///< frames drawn
  unsigned ticks = 0;    ///< main-loop iterations, drawn or not (the loop is paused while idle)
  /// Main-thread ms to build and submit a frame, a moving average over about the last 20 frames
  /// drawn (what the GPU, or SwiftShader, then spends is not in it).
  double frame_ms = 0;
};
extern ShellStats g_shell;

}  // namespace fbclens::web
