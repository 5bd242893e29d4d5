#version 300 es
// Instanced graph nodes: a unit quad per node, expanded around the node centre.
precision highp float;
layout(location = 0) in vec2 a_corner;        // unit quad corner in [-1, 1]
layout(location = 1) in vec2 a_center;        // per instance: centre, layout px
layout(location = 2) in float a_radius;       // per instance: radius, layout px
layout(location = 3) in vec4 a_fill;          // per instance: fill colour
layout(location = 4) in vec4 a_ring;          // per instance: ring colour
layout(location = 5) in float a_icon;         // per instance: 0 none, 1 "!" (deprecated)
uniform vec2 u_viewport;                      // display size, screen px
uniform vec3 u_view;                          // screen = u_view.xy + layout * u_view.z
out vec2 v_local;                             // screen px from the centre, for the disc SDF
out float v_radius;                           // screen px
out vec4 v_fill;
out vec4 v_ring;
flat out float v_icon;
void main() {
  float radius = max(a_radius * u_view.z, 2.0);
  float pad = radius + 2.0;                   // room for the anti-aliased edge
  vec2 centre = u_view.xy + a_center * u_view.z;
  vec2 p = centre + a_corner * pad;
  v_local = a_corner * pad;
  v_radius = radius;
  v_fill = a_fill;
  v_ring = a_ring;
  v_icon = a_icon;
  gl_Position = vec4(p.x / u_viewport.x * 2.0 - 1.0, 1.0 - p.y / u_viewport.y * 2.0, 0.0, 1.0);
}
