#version 300 es
// End markers of the olm-docs legend, one per edge instance (the same buffer as graph_edge.vert):
// a quad at the edge's end, just outside the target node, turned along the curve's last tangent.
precision highp float;
layout(location = 0) in vec2 a_corner;        // unit quad corner in [-1, 1]
layout(location = 1) in vec2 a_from;
layout(location = 2) in vec2 a_control;
layout(location = 3) in vec2 a_to;
layout(location = 5) in vec4 a_color;
layout(location = 7) in float a_marker;       // 0 none, 1 arrow (replaces), 2 x (skips), 3 o (skipRange)
layout(location = 8) in float a_inset;        // layout px before the end: the target node's radius
uniform vec2 u_viewport;
uniform vec3 u_view;
out vec2 v_local;                             // corner in marker units: x along the edge, y across
flat out float v_marker;
out vec4 v_color;
void main() {
  vec2 c = u_view.xy + a_control * u_view.z;
  vec2 p0 = u_view.xy + a_from * u_view.z;
  vec2 p1 = u_view.xy + a_to * u_view.z;
  vec2 d = p1 - c;
  if (length(d) < 0.5) d = p1 - p0;
  vec2 dir = d / max(length(d), 0.0001);
  vec2 normal = vec2(-dir.y, dir.x);
  float size = clamp(6.0 * u_view.z, 3.0, 9.0);          // half the marker's extent, screen px
  vec2 centre = p1 - dir * (a_inset * u_view.z + size);  // its front touches the node's rim
  vec2 p = centre + (dir * a_corner.x + normal * a_corner.y) * (size + 1.0);
  v_local = a_corner * (size + 1.0) / size;
  v_marker = a_marker;
  v_color = a_color;
  // Edges without a marker collapse to a point and draw nothing.
  gl_Position = a_marker < 0.5 ? vec4(2.0, 2.0, 0.0, 1.0)
                               : vec4(p.x / u_viewport.x * 2.0 - 1.0, 1.0 - p.y / u_viewport.y * 2.0, 0.0, 1.0);
}
