// Colours of core/layout/palette.h as text for the export formats (DOT, SVG).
#pragma once

#include <algorithm>
#include <string>

#include "layout/palette.h"

namespace fbclens {

/// One channel (0..1) as a byte, rounded as ImGui rounds it (so the app and the exports agree).
inline int color_byte(float v) { return static_cast<int>(std::clamp(v, 0.0f, 1.0f) * 255.0f + 0.5f); }

/// "#rrggbb" (lower-case hex) of `c`, opacity left out; with `alpha`, "#rrggbbaa" (Graphviz's form).
inline std::string hex_color(const Rgba& c, bool alpha = false) {
  static const char* const kHex = "0123456789abcdef";
  std::string out = "#";
  const float channels[4] = {c.r, c.g, c.b, c.a};
  for (int k = 0; k < (alpha ? 4 : 3); ++k) {
    const int b = color_byte(channels[k]);
    out += kHex[b >> 4];
    out += kHex[b & 15];
  }
  return out;
}

}  // namespace fbclens
