#version 300 es
// Graph nodes by vertex pulling: each node is one record (4 texels) in u_records; its six
// vertices (two triangles) expand around the node centre.
precision highp float;
uniform highp sampler2D u_records;            // texel 0: centre.xy, radius (layout px), icon; 1: fill; 2: ring
uniform vec2 u_viewport;                      // display size, screen px
uniform vec3 u_view;                          // screen = u_view.xy + layout * u_view.z
out vec2 v_local;                             // screen px from the centre, for the disc SDF
out float v_radius;                           // screen px
out vec4 v_fill;
out vec4 v_ring;
flat out float v_icon;                        // 0 none, 1 "!" (deprecated)
const vec2 kCorners[6] = vec2[6](vec2(-1, -1), vec2(1, -1), vec2(-1, 1), vec2(-1, 1), vec2(1, -1), vec2(1, 1));
vec4 record(int index, int texel) {
  int t = index * 4 + texel;
  return texelFetch(u_records, ivec2(t % 1024, t / 1024), 0);
}
void main() {
  int node = gl_VertexID / 6;
  vec2 corner = kCorners[gl_VertexID - node * 6];
  vec4 r0 = record(node, 0);
  float radius = max(r0.z * u_view.z, 2.0);
  float pad = radius + 2.0;                   // room for the anti-aliased edge
  vec2 p = u_view.xy + r0.xy * u_view.z + corner * pad;
  v_local = corner * pad;
  v_radius = radius;
  v_fill = record(node, 1);
  v_ring = record(node, 2);
  v_icon = r0.w;
  gl_Position = vec4(p.x / u_viewport.x * 2.0 - 1.0, 1.0 - p.y / u_viewport.y * 2.0, 0.0, 1.0);
}
