#version 300 es
// Anti-aliased disc with a ring: the distance to the circle decides coverage per pixel. A
// deprecated node also carries a "!" cut from its fill, so deprecation never relies on colour.
precision highp float;
in vec2 v_local;
in float v_radius;
in vec4 v_fill;
in vec4 v_ring;
flat in float v_icon;
out vec4 o_color;
void main() {
  float d = length(v_local) - v_radius;       // < 0 inside
  float coverage = clamp(0.5 - d, 0.0, 1.0);
  float ring_width = clamp(v_radius * 0.2, 1.5, 3.0);
  float ring = smoothstep(-ring_width - 1.0, -ring_width, d);
  vec4 c = mix(v_fill, v_ring, ring);
  if (v_icon > 0.5 && v_radius >= 5.0) {      // "!": a bar and a dot, in radius units
    vec2 q = v_local / v_radius;
    float bar = max(abs(q.x) - 0.11, abs(q.y + 0.17) - 0.36);
    float dot_ = length(q - vec2(0.0, 0.42)) - 0.13;
    float glyph = min(bar, dot_) * v_radius;  // screen px
    c = mix(vec4(0.08, 0.08, 0.08, 1.0), c, clamp(glyph + 0.5, 0.0, 1.0));
  }
  o_color = vec4(c.rgb, c.a * coverage);
}
