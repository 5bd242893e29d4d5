#version 300 es
// Graph nodes by vertex pulling: each node is one record (4 texels) in u_records; its six
// vertices (two triangles) expand around the node centre.
precision highp float;
uniform highp sampler2D u_records;            // texel 0: centre.xy, radius (layout px), icon; 1: fill; 2: ring;
                                              // 3: band, style (1 halo, 2 ghost), halo 0xRRGGBB
uniform vec2 u_viewport;                      // display size, screen px
uniform vec3 u_view;                          // screen = u_view.xy + layout * u_view.z (+ the band's shift)
uniform vec4 u_band_shift[64];                // screen px added to y, per band (4 a vector)
out vec2 v_local;                             // screen px from the centre, for the disc SDF
out float v_radius;                           // screen px
out vec4 v_fill;
out vec4 v_ring;
flat out float v_icon;                        // 0 none, 1 "!" (deprecated)
flat out float v_style;
flat out vec3 v_halo;
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
  int node = gl_VertexID / 6;
  vec2 corner = kCorners[gl_VertexID - node * 6];
  vec4 r0 = record(node, 0), r3 = record(node, 3);
  float radius = max(r0.z * u_view.z, 2.0);
  float pad = radius + 2.0 + (mod(r3.y, 2.0) >= 1.0 ? 5.0 : 0.0);  // room for the soft edge and a halo
  vec2 p = u_view.xy + r0.xy * u_view.z + vec2(0.0, band_shift(r3.x)) + corner * pad;
  v_local = corner * pad;
  v_radius = radius;
  v_fill = record(node, 1);
  v_ring = record(node, 2);
  v_icon = r0.w;
  v_style = r3.y;
  float rgb = r3.z;
  v_halo = vec3(floor(rgb / 65536.0), mod(floor(rgb / 256.0), 256.0), mod(rgb, 256.0)) / 255.0;
  gl_Position = vec4(p.x / u_viewport.x * 2.0 - 1.0, 1.0 - p.y / u_viewport.y * 2.0, 0.0, 1.0);
}
