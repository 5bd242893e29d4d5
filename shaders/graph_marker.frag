#version 300 es
// Marker shapes by signed distance (marker units, 1 = half the marker): a filled arrowhead for
// replaces, an x for skips, a ring for skipRange. Coverage is anti-aliased over ~1 screen px.
precision highp float;
in vec2 v_local;
flat in float v_marker;
in vec4 v_color;
out vec4 o_color;
float segment(vec2 p, vec2 a, vec2 b) {
  vec2 pa = p - a, ba = b - a;
  float h = clamp(dot(pa, ba) / dot(ba, ba), 0.0, 1.0);
  return length(pa - ba * h);
}
void main() {
  vec2 p = v_local;
  float px = fwidth(p.x) + fwidth(p.y);       // marker units per screen px
  float d;
  if (v_marker < 1.5) {                        // arrowhead: tip at +1, base at -1
    d = max(abs(p.y) - (1.0 - p.x) * 0.5, -1.0 - p.x);
  } else if (v_marker < 2.5) {                 // x
    d = min(segment(p, vec2(-0.8, -0.8), vec2(0.8, 0.8)), segment(p, vec2(-0.8, 0.8), vec2(0.8, -0.8))) - 0.18;
  } else {                                     // o
    d = abs(length(p) - 0.72) - 0.16;
  }
  float coverage = clamp(0.5 - d / px, 0.0, 1.0);
  if (coverage <= 0.0) discard;
  o_color = vec4(v_color.rgb, min(1.0, v_color.a + 0.2) * coverage);
}
