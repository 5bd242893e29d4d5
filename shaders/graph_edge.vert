#version 300 es
// Instanced graph edges: each segment is a quad of the given width between two points (pixels).
precision highp float;
layout(location = 0) in vec2 a_corner;        // x in {0,1} along the segment, y in {-1,1} across
layout(location = 1) in vec4 a_ends;          // per instance: x0, y0, x1, y1 in pixels
layout(location = 2) in float a_width;        // per instance: line width, pixels
layout(location = 3) in vec4 a_color;         // per instance
layout(location = 4) in float a_dash;         // per instance: dash period in pixels, 0 = solid
uniform vec2 u_viewport;
out float v_across;                           // -1..1 across the line, for anti-aliasing
out float v_along;                            // pixels along the line, for dashes
out float v_half;
out vec4 v_color;
out float v_dash;
void main() {
  vec2 p0 = a_ends.xy;
  vec2 p1 = a_ends.zw;
  vec2 dir = p1 - p0;
  float len = max(length(dir), 0.0001);
  vec2 n = vec2(-dir.y, dir.x) / len;
  float half_width = a_width * 0.5 + 1.0;     // +1 px for the soft edge
  vec2 p = p0 + dir * a_corner.x + n * a_corner.y * half_width;
  v_across = a_corner.y * half_width;
  v_along = a_corner.x * len;
  v_half = a_width * 0.5;
  v_color = a_color;
  v_dash = a_dash;
  gl_Position = vec4(p.x / u_viewport.x * 2.0 - 1.0, 1.0 - p.y / u_viewport.y * 2.0, 0.0, 1.0);
}
