#version 300 es
// Anti-aliased disc with a ring: the distance to the circle decides coverage per pixel.
precision highp float;
in vec2 v_local;
in float v_radius;
in vec4 v_fill;
in vec4 v_ring;
out vec4 o_color;
void main() {
  float d = length(v_local) - v_radius;       // < 0 inside
  float coverage = clamp(0.5 - d, 0.0, 1.0);
  float ring = smoothstep(-3.5, -2.0, d);     // outer 2-3 px are the ring
  vec4 c = mix(v_fill, v_ring, ring);
  o_color = vec4(c.rgb, c.a * coverage);
}
