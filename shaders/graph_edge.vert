#version 300 es
// Instanced graph edges: each instance is a quadratic Bézier (layout pixels) drawn as a strip of
// quads of constant screen width; straight edges use one segment, curved ones sixteen.
precision highp float;
layout(location = 0) in vec2 a_corner;        // x: t in [0, 1] along the curve, y: side in {-1, 1}
layout(location = 1) in vec2 a_from;          // per instance: start (the older entry), layout px
layout(location = 2) in vec2 a_control;       // per instance: Bézier control point, layout px
layout(location = 3) in vec2 a_to;            // per instance: end (the newer entry), layout px
layout(location = 4) in float a_width;        // per instance: line width, screen px
layout(location = 5) in vec4 a_color;         // per instance
layout(location = 6) in float a_dash;         // per instance: dash period in screen px, 0 = solid
uniform vec2 u_viewport;                      // display size, screen px
uniform vec3 u_view;                          // screen = u_view.xy + layout * u_view.z
out float v_across;                           // screen px from the centre line, for anti-aliasing
out float v_along;                            // screen px along the curve (approximate), for dashes
out float v_half;
out vec4 v_color;
out float v_dash;
void main() {
  vec2 p0 = u_view.xy + a_from * u_view.z;
  vec2 c = u_view.xy + a_control * u_view.z;
  vec2 p1 = u_view.xy + a_to * u_view.z;
  float t = a_corner.x, u = 1.0 - t;
  vec2 point = u * u * p0 + 2.0 * u * t * c + t * t * p1;
  vec2 tangent = 2.0 * u * (c - p0) + 2.0 * t * (p1 - c);
  float len = max(length(tangent), 0.0001);
  vec2 normal = vec2(-tangent.y, tangent.x) / len;
  float half_width = a_width * 0.5 + 1.0;     // +1 px for the soft edge
  vec2 p = point + normal * a_corner.y * half_width;
  v_across = a_corner.y * half_width;
  v_along = t * (length(c - p0) + length(p1 - c));
  v_half = a_width * 0.5;
  v_color = a_color;
  v_dash = a_dash;
  gl_Position = vec4(p.x / u_viewport.x * 2.0 - 1.0, 1.0 - p.y / u_viewport.y * 2.0, 0.0, 1.0);
}
