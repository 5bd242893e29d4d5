#version 300 es
// Graph edges by vertex pulling: each edge is one record (4 texels) in u_records, a quadratic
// Bézier in layout pixels, drawn as u_segments quads of constant screen width (1 for straight
// edges, 4 to 16 for curved ones). gl_VertexID picks the record, the segment and the corner.
precision highp float;
uniform highp sampler2D u_records;            // texel 0: from.xy, control.xy; 1: to.xy, width, dash;
                                              // 2: colour; 3: marker, inset, band of each end
uniform int u_segments;
uniform vec2 u_viewport;                      // display size, screen px
uniform vec3 u_view;                          // screen = u_view.xy + layout * u_view.z (+ the band's shift)
uniform vec4 u_band_shift[64];                // screen px added to y, per band (4 a vector)
uniform bool u_shifted;                       // some band has a shift
out float v_across;                           // screen px from the centre line, for anti-aliasing
out float v_along;                            // screen px along the curve (approximate), for dashes
out float v_half;
out vec4 v_color;
out float v_dash;
const vec2 kCorners[6] = vec2[6](vec2(0, -1), vec2(1, -1), vec2(0, 1), vec2(0, 1), vec2(1, -1), vec2(1, 1));
vec4 record(int index, int texel) {
  int t = index * 4 + texel;
  return texelFetch(u_records, ivec2(t % 1024, t / 1024), 0);
}
float band_shift(float band) {
  int b = clamp(int(band), 0, 255);
  return u_band_shift[b / 4][b % 4];
}
void main() {
  int per_edge = 6 * u_segments;
  int edge = gl_VertexID / per_edge;
  int local = gl_VertexID - edge * per_edge;
  vec2 corner = kCorners[local % 6];
  vec4 r0 = record(edge, 0), r1 = record(edge, 1);
  float s0 = 0.0, s1 = 0.0;                   // its ends' bands' shifts (the mean for the control)
  if (u_shifted) {                            // one texel fetch less per vertex when no band is shifted
    vec4 r3 = record(edge, 3);
    s0 = band_shift(r3.z);
    s1 = band_shift(r3.w);
  }
  vec2 p0 = u_view.xy + r0.xy * u_view.z + vec2(0.0, s0);
  vec2 c = u_view.xy + r0.zw * u_view.z + vec2(0.0, 0.5 * (s0 + s1));
  vec2 p1 = u_view.xy + r1.xy * u_view.z + vec2(0.0, s1);
  float t = (float(local / 6) + corner.x) / float(u_segments), u = 1.0 - t;
  vec2 point = u * u * p0 + 2.0 * u * t * c + t * t * p1;
  vec2 tangent = 2.0 * u * (c - p0) + 2.0 * t * (p1 - c);
  float len = max(length(tangent), 0.0001);
  vec2 normal = vec2(-tangent.y, tangent.x) / len;
  float half_width = r1.z * 0.5 + 1.0;        // +1 px for the soft edge
  vec2 p = point + normal * corner.y * half_width;
  v_across = corner.y * half_width;
  v_along = t * (length(c - p0) + length(p1 - c));
  v_half = r1.z * 0.5;
  v_color = record(edge, 2);
  v_dash = r1.w;
  gl_Position = vec4(p.x / u_viewport.x * 2.0 - 1.0, 1.0 - p.y / u_viewport.y * 2.0, 0.0, 1.0);
}
