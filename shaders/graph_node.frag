#version 300 es
// Anti-aliased disc with a ring: the distance to the circle decides coverage per pixel. A
// deprecated node also carries a "!" cut from its fill, so deprecation never relies on colour. A
// ghost (a name the channel does not list) has a dashed ring and a see-through fill; a halo is an
// outer ring around the node (the selection and its copies in other lanes).
precision highp float;
in vec2 v_local;
in float v_radius;
in vec4 v_fill;
in vec4 v_ring;
flat in float v_icon;
flat in float v_style;
flat in vec3 v_halo;
out vec4 o_color;
void main() {
  float d = length(v_local) - v_radius;       // < 0 inside
  float coverage = clamp(0.5 - d, 0.0, 1.0);
  float ring_width = clamp(v_radius * 0.2, 1.5, 3.0);
  float ring = smoothstep(-ring_width - 1.0, -ring_width, d);
  bool ghost = mod(floor(v_style / 2.0), 2.0) >= 1.0;
  if (ghost) {                                // dashes: 10 around the rim
    float angle = atan(v_local.y, v_local.x);
    if (fract(angle / 6.2831853 * 10.0) > 0.55) ring = 0.0;
  }
  vec4 c = mix(v_fill, v_ring, ring);
  if (v_icon > 0.5 && v_radius >= 5.0) {      // "!": a bar and a dot, in radius units
    vec2 q = v_local / v_radius;
    float bar = max(abs(q.x) - 0.11, abs(q.y + 0.17) - 0.36);
    float dot_ = length(q - vec2(0.0, 0.42)) - 0.13;
    float glyph = min(bar, dot_) * v_radius;  // screen px
    c = mix(vec4(0.08, 0.08, 0.08, 1.0), c, clamp(glyph + 0.5, 0.0, 1.0));
  }
  vec4 color = vec4(c.rgb, c.a * coverage);
  if (mod(v_style, 2.0) >= 1.0) {             // halo: a 2.5 px ring 1.5 px outside the rim
    float h = abs(d - 3.0) - 1.25;
    float halo = clamp(0.5 - h, 0.0, 1.0);
    color = mix(vec4(v_halo, halo), color, color.a);
  }
  if (color.a <= 0.0) discard;
  o_color = color;
}
