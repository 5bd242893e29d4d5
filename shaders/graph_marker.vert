#version 300 es
// End markers of the olm-docs legend, one per edge record (the same records as graph_edge.vert):
// a quad at the edge's end, just outside the target node, turned along the curve's last tangent.
precision highp float;
uniform highp sampler2D u_records;
uniform vec2 u_viewport;
uniform vec3 u_view;                          // screen = u_view.xy + layout * u_view.z (+ the band's shift)
uniform vec4 u_band_shift[64];                // screen px added to y, per band (4 a vector)
out vec2 v_local;                             // corner in marker units: x along the edge, y across
flat out float v_marker;                      // 0 none, 1 arrow (replaces), 2 x (skips), 3 o (skipRange)
out vec4 v_color;
const vec2 kCorners[6] = vec2[6](vec2(-1, -1), vec2(1, -1), vec2(-1, 1), vec2(-1, 1), vec2(1, -1), vec2(1, 1));
vec4 record(int index, int texel) {
  int t = index * 4 + texel;
  return texelFetch(u_records, ivec2(t % 1024, t / 1024), 0);
}
float band_shift(float band) {
  int b = clamp(int(band), 0, 255);
  return u_band_shift[b / 4][b % 4];
}
void main() {
  int edge = gl_VertexID / 6;
  vec2 corner = kCorners[gl_VertexID - edge * 6];
  vec4 r0 = record(edge, 0), r1 = record(edge, 1), r3 = record(edge, 3);
  float s0 = band_shift(r3.z), s1 = band_shift(r3.w);  // its ends' bands' shifts
  vec2 p0 = u_view.xy + r0.xy * u_view.z + vec2(0.0, s0);
  vec2 c = u_view.xy + r0.zw * u_view.z + vec2(0.0, 0.5 * (s0 + s1));
  vec2 p1 = u_view.xy + r1.xy * u_view.z + vec2(0.0, s1);
  vec2 d = p1 - c;
  if (length(d) < 0.5) d = p1 - p0;
  vec2 dir = d / max(length(d), 0.0001);
  vec2 normal = vec2(-dir.y, dir.x);
  // Half the marker's extent, screen px: it shrinks with the graph down to 1.5 px, so when zoomed
  // far out markers neither hide the nodes nor cost SwiftShader more pixels than the nodes do.
  float size = clamp(6.0 * u_view.z, 1.5, 9.0);
  vec2 centre = p1 - dir * (r3.y * u_view.z + size);  // its front touches the node's rim
  vec2 p = centre + (dir * corner.x + normal * corner.y) * (size + 1.0);
  v_local = corner * (size + 1.0) / size;
  v_marker = r3.x;
  v_color = record(edge, 2);
  // Edges without a marker collapse to a point and draw nothing.
  gl_Position = r3.x < 0.5 ? vec4(2.0, 2.0, 0.0, 1.0)
                           : vec4(p.x / u_viewport.x * 2.0 - 1.0, 1.0 - p.y / u_viewport.y * 2.0, 0.0, 1.0);
}
