#include "graph_renderer.h"

#include <GLES3/gl3.h>
#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <cstring>

#include "imgui.h"
#include "shaders_embedded.h"

namespace fbclens::web {

namespace {


// Returns `object` when its compile (shader) or link (program) status is good; otherwise logs the
// info log, deletes the object and returns 0.
GLuint checked(GLuint object, bool is_program) {
  GLint ok = 0;
  if (is_program) glGetProgramiv(object, GL_LINK_STATUS, &ok);
  else glGetShaderiv(object, GL_COMPILE_STATUS, &ok);
  if (ok) return object;
  char log[1024] = "";
  if (is_program) glGetProgramInfoLog(object, sizeof log, nullptr, log);
  else glGetShaderInfoLog(object, sizeof log, nullptr, log);
  std::fprintf(stderr, "fbclens: shader %s failed: %s\n", is_program ? "link" : "compile", log);
  if (is_program) glDeleteProgram(object);
  else glDeleteShader(object);
  return 0;
}

GLuint compile(GLenum type, const char* src) {
  GLuint s = glCreateShader(type);
  glShaderSource(s, 1, &src, nullptr);
  glCompileShader(s);
  return checked(s, false);
}

GLuint link(const char* vs_src, const char* fs_src) {
  const GLuint vs = compile(GL_VERTEX_SHADER, vs_src), fs = compile(GL_FRAGMENT_SHADER, fs_src);
  GLuint p = 0;
  if (vs && fs) {
    p = glCreateProgram();
    glAttachShader(p, vs);
    glAttachShader(p, fs);
    glLinkProgram(p);
    p = checked(p, true);
  }
  if (vs) glDeleteShader(vs);  // the program keeps what it needs
  if (fs) glDeleteShader(fs);
  return p;
}

// Record textures are this many texels wide; a record is 4 texels, so none straddles a row.
constexpr int kRecordTextureWidth = 1024;

// Uploads `records` (64 bytes each) into `texture` as RGBA32F texels, rows padded with zeros.
template <typename T>
std::size_t upload(GLuint texture, const std::vector<T>& records) {
  const std::size_t texels = records.size() * 4;
  const int rows = static_cast<int>((texels + kRecordTextureWidth - 1) / kRecordTextureWidth);
  std::vector<float> data(static_cast<std::size_t>(std::max(rows, 1)) * kRecordTextureWidth * 4, 0.0f);
  std::memcpy(data.data(), records.data(), records.size() * sizeof(T));
  glBindTexture(GL_TEXTURE_2D, texture);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, kRecordTextureWidth, std::max(rows, 1), 0, GL_RGBA, GL_FLOAT, data.data());
  glBindTexture(GL_TEXTURE_2D, 0);
  return records.size();
}

GLuint make_record_texture() {
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  // Fetched with texelFetch only: no filtering (RGBA32F is not filterable in WebGL2 anyway).
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glBindTexture(GL_TEXTURE_2D, 0);
  return t;
}

// Draws `count` records of `texture` with `program`, `vertices` vertices each, as triangles.
void draw_records(GLuint program, GLuint texture, std::size_t count, int vertices, int segments, const float (&view)[5],
                  const float* band_shifts) {
  if (count == 0) return;
  glUseProgram(program);
  glUniform2f(glGetUniformLocation(program, "u_viewport"), view[0], view[1]);
  glUniform3f(glGetUniformLocation(program, "u_view"), view[2], view[3], view[4]);
  glUniform1i(glGetUniformLocation(program, "u_segments"), segments);
  glUniform1i(glGetUniformLocation(program, "u_records"), 0);
  glUniform4fv(glGetUniformLocation(program, "u_band_shift"), kMaxBands / 4, band_shifts);
  glUniform1i(glGetUniformLocation(program, "u_shifted"), std::any_of(band_shifts, band_shifts + kMaxBands, [](float f) { return f != 0; }));
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, texture);
  glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(count * vertices));
}

}  // namespace

float pack_rgb(const float* rgb) {
  const auto byte = [](float c) { return static_cast<unsigned>(std::clamp(c, 0.0f, 1.0f) * 255.0f + 0.5f); };
  return static_cast<float>((byte(rgb[0]) << 16) | (byte(rgb[1]) << 8) | byte(rgb[2]));
}

bool GraphRenderer::init() {
  program_nodes_ = link(shaders::kShader_graph_node_vert, shaders::kShader_graph_node_frag);
  program_edges_ = link(shaders::kShader_graph_edge_vert, shaders::kShader_graph_edge_frag);
  program_markers_ = link(shaders::kShader_graph_marker_vert, shaders::kShader_graph_marker_frag);
  if (!ok()) return false;
  glGenVertexArrays(1, &empty_vao_);
  const auto make = [](Layer& layer) {
    layer.nodes.texture = make_record_texture();
    layer.straight.texture = make_record_texture();
    layer.curved.texture = make_record_texture();
  };
  make(scene_);
  for (Layer& overlay : overlays_) make(overlay);
  return true;
}

void GraphRenderer::upload_layer(Layer& to, const GraphLayer& from) {
  if (!ok()) {
    to.nodes.count = from.nodes.size();
    to.straight.count = from.straight.size();
    to.curved.count = from.curved.size();
    return;
  }
  to.nodes.count = upload(to.nodes.texture, from.nodes);
  to.straight.count = upload(to.straight.texture, from.straight);
  to.curved.count = upload(to.curved.texture, from.curved);
}

void GraphRenderer::set_scene(const GraphLayer& scene) { upload_layer(scene_, scene); }

void GraphRenderer::set_overlay(Overlay slot, const GraphLayer& layer) {
  upload_layer(overlays_[static_cast<int>(slot)], layer);
}

void GraphRenderer::submit(ImDrawList* list, float offset_x, float offset_y, float zoom, const std::vector<float>& band_shifts) {
  offset_x_ = offset_x;
  offset_y_ = offset_y;
  zoom_ = zoom;
  for (int b = 0; b < kMaxBands; ++b) {
    band_shifts_[b] = band_shifts.empty() ? 0.0f : band_shifts[std::min<std::size_t>(b, band_shifts.size() - 1)];
  }
  if (!ok()) return;
  list->AddCallback(&GraphRenderer::draw_callback, this);
  list->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
}

void GraphRenderer::draw_callback(const ImDrawList*, const ImDrawCmd* cmd) {
  auto* self = static_cast<GraphRenderer*>(cmd->UserCallbackData);
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
  // Clip like ImGui clips its own draw commands (GL's origin is bottom-left).
  glEnable(GL_SCISSOR_TEST);
  glScissor(static_cast<GLint>(cmd->ClipRect.x * scale.x),
            static_cast<GLint>((display.y - cmd->ClipRect.w) * scale.y),
            static_cast<GLsizei>((cmd->ClipRect.z - cmd->ClipRect.x) * scale.x),
            static_cast<GLsizei>((cmd->ClipRect.w - cmd->ClipRect.y) * scale.y));
  self->draw(display.x, display.y);
}

void GraphRenderer::draw_layer(const Layer& layer, int segments, const float (&view)[5]) {
  // Edges, then their markers, then nodes on top of the edges' ends. A segment is two triangles.
  draw_records(program_edges_, layer.straight.texture, layer.straight.count, 6, 1, view, band_shifts_);
  draw_records(program_edges_, layer.curved.texture, layer.curved.count, 6 * segments, segments, view, band_shifts_);
  draw_records(program_markers_, layer.straight.texture, layer.straight.count, 6, 1, view, band_shifts_);
  draw_records(program_markers_, layer.curved.texture, layer.curved.count, 6, segments, view, band_shifts_);
  draw_records(program_nodes_, layer.nodes.texture, layer.nodes.count, 6, 1, view, band_shifts_);
}

void GraphRenderer::draw(float w, float h) {
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glBindVertexArray(empty_vao_);
  const float view[5] = {w, h, offset_x_, offset_y_, zoom_};
  // Curves need fewer segments when small: 16 at full size, 2 when zoomed far out (a column is
  // then under 23 px and a bow under 5 px high, so two segments stay within ~1 px of the curve).
  // Vertices are what SwiftShader pays for here (~0.5 µs each with their texel fetches).
  const int segments = zoom_ >= 0.8f ? 16 : zoom_ >= 0.4f ? 8 : zoom_ >= 0.15f ? 4 : 2;
  draw_layer(scene_, segments, view);
  for (const Layer& overlay : overlays_) draw_layer(overlay, 16, view);  // few records: always smooth
  glBindTexture(GL_TEXTURE_2D, 0);
  glBindVertexArray(0);
}

}  // namespace fbclens::web
