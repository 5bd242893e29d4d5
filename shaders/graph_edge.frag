#version 300 es
// Soft-edged line; optional dashes (skipRange edges are dashed so they never rely on colour alone).
precision highp float;
in float v_across;
in float v_along;
in float v_half;
in vec4 v_color;
in float v_dash;
out vec4 o_color;
void main() {
  float coverage = clamp(v_half + 0.5 - abs(v_across), 0.0, 1.0);
  if (v_dash > 0.0 && mod(v_along, v_dash) > v_dash * 0.6) discard;
  o_color = vec4(v_color.rgb, v_color.a * coverage);
}
