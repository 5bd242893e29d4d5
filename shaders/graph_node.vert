#version 300 es
// Instanced graph nodes: a unit quad per node, expanded around the node centre (pixels).
precision highp float;
layout(location = 0) in vec2 a_corner;        // unit quad corner in [-1, 1]
layout(location = 1) in vec2 a_center;        // per instance: centre, screen pixels
layout(location = 2) in float a_radius;       // per instance: radius, pixels
layout(location = 3) in vec4 a_fill;          // per instance: fill colour (premultiplied later)
layout(location = 4) in vec4 a_ring;          // per instance: ring colour
uniform vec2 u_viewport;                      // display size, pixels
out vec2 v_local;                             // position in radii, for the disc SDF
out float v_radius;
out vec4 v_fill;
out vec4 v_ring;
void main() {
  float pad = a_radius + 2.0;                 // room for the anti-aliased edge
  vec2 p = a_center + a_corner * pad;
  v_local = a_corner * pad;
  v_radius = a_radius;
  v_fill = a_fill;
  v_ring = a_ring;
  gl_Position = vec4(p.x / u_viewport.x * 2.0 - 1.0, 1.0 - p.y / u_viewport.y * 2.0, 0.0, 1.0);
}
