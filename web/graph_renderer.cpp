#include "graph_renderer.h"

#include <GLES3/gl3.h>
#include <cstddef>
#include <cstdio>

#include "imgui.h"
#include "shaders_embedded.h"

namespace fbclens::web {

namespace {

constexpr int kCurveSegments = 16;

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

void instanced_attrib(GLuint index, GLint size, GLsizei stride, std::size_t offset) {
  glEnableVertexAttribArray(index);
  glVertexAttribPointer(index, size, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<const void*>(offset));
  glVertexAttribDivisor(index, 1);
}

// A VAO with `corners` (pairs of floats, attribute 0) per vertex and `instances` as the
// per-instance buffer, described by `describe`.
template <typename Describe>
GLuint make_vao(const std::vector<float>& corners, GLuint instances, Describe describe) {
  GLuint vao = 0, corner_vbo = 0;
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  glGenBuffers(1, &corner_vbo);
  glBindBuffer(GL_ARRAY_BUFFER, corner_vbo);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(corners.size() * sizeof(float)), corners.data(), GL_STATIC_DRAW);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glBindBuffer(GL_ARRAY_BUFFER, instances);
  describe();
  glBindVertexArray(0);
  return vao;
}

void describe_edge_instances() {
  const GLsizei es = sizeof(EdgeInstance);
  instanced_attrib(1, 2, es, offsetof(EdgeInstance, x0));
  instanced_attrib(2, 2, es, offsetof(EdgeInstance, cx));
  instanced_attrib(3, 2, es, offsetof(EdgeInstance, x1));
  instanced_attrib(4, 1, es, offsetof(EdgeInstance, width));
  instanced_attrib(5, 4, es, offsetof(EdgeInstance, color));
  instanced_attrib(6, 1, es, offsetof(EdgeInstance, dash));
  instanced_attrib(7, 1, es, offsetof(EdgeInstance, marker));
  instanced_attrib(8, 1, es, offsetof(EdgeInstance, inset));
}

// A triangle strip along a curve: (t, side) for t = 0..1 in `segments` steps, side = ±1.
std::vector<float> strip(int segments) {
  std::vector<float> v;
  for (int i = 0; i <= segments; ++i) {
    const float t = static_cast<float>(i) / segments;
    v.insert(v.end(), {t, -1.0f, t, 1.0f});
  }
  return v;
}

template <typename T>
void upload(GLuint vbo, const std::vector<T>& data) {
  glBindBuffer(GL_ARRAY_BUFFER, vbo);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(data.size() * sizeof(T)), data.data(), GL_STATIC_DRAW);
}

// Draws `count` instances of `vertices`-vertex strips with `program`, its uniforms set from the view.
void draw_instances(GLuint program, GLuint vao, int vertices, std::size_t count, const float (&view)[5]) {
  if (count == 0) return;
  glUseProgram(program);
  glUniform2f(glGetUniformLocation(program, "u_viewport"), view[0], view[1]);
  glUniform3f(glGetUniformLocation(program, "u_view"), view[2], view[3], view[4]);
  glBindVertexArray(vao);
  glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, vertices, static_cast<GLsizei>(count));
}

}  // namespace

bool GraphRenderer::init() {
  program_nodes_ = link(shaders::kShader_graph_node_vert, shaders::kShader_graph_node_frag);
  program_edges_ = link(shaders::kShader_graph_edge_vert, shaders::kShader_graph_edge_frag);
  program_markers_ = link(shaders::kShader_graph_marker_vert, shaders::kShader_graph_marker_frag);
  if (!ok()) return false;
  glGenBuffers(1, &node_vbo_);
  glGenBuffers(1, &straight_vbo_);
  glGenBuffers(1, &curved_vbo_);
  const std::vector<float> quad = {-1, -1, 1, -1, -1, 1, 1, 1};
  vao_nodes_ = make_vao(quad, node_vbo_, [] {
    const GLsizei ns = sizeof(NodeInstance);
    instanced_attrib(1, 2, ns, offsetof(NodeInstance, x));
    instanced_attrib(2, 1, ns, offsetof(NodeInstance, radius));
    instanced_attrib(3, 4, ns, offsetof(NodeInstance, fill));
    instanced_attrib(4, 4, ns, offsetof(NodeInstance, ring));
    instanced_attrib(5, 1, ns, offsetof(NodeInstance, icon));
  });
  vao_straight_ = make_vao(strip(1), straight_vbo_, describe_edge_instances);
  vao_curved_ = make_vao(strip(kCurveSegments), curved_vbo_, describe_edge_instances);
  vao_markers_straight_ = make_vao(quad, straight_vbo_, describe_edge_instances);
  vao_markers_curved_ = make_vao(quad, curved_vbo_, describe_edge_instances);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  return true;
}

void GraphRenderer::set_scene(const std::vector<EdgeInstance>& straight, const std::vector<EdgeInstance>& curved,
                              const std::vector<NodeInstance>& nodes) {
  node_count_ = nodes.size();
  straight_count_ = straight.size();
  curved_count_ = curved.size();
  if (!ok()) return;
  upload(node_vbo_, nodes);
  upload(straight_vbo_, straight);
  upload(curved_vbo_, curved);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
}

void GraphRenderer::submit(ImDrawList* list, float offset_x, float offset_y, float zoom) {
  offset_x_ = offset_x;
  offset_y_ = offset_y;
  zoom_ = zoom;
  if (!ok()) return;
  list->AddCallback(&GraphRenderer::draw_callback, this);
  list->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
}

void GraphRenderer::draw_callback(const ImDrawList*, const ImDrawCmd* cmd) {
  auto* self = static_cast<GraphRenderer*>(cmd->UserCallbackData);
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
  // Clip to the graph window, like ImGui clips its own draw commands (GL's origin is bottom-left).
  glEnable(GL_SCISSOR_TEST);
  glScissor(static_cast<GLint>(cmd->ClipRect.x * scale.x),
            static_cast<GLint>((display.y - cmd->ClipRect.w) * scale.y),
            static_cast<GLsizei>((cmd->ClipRect.z - cmd->ClipRect.x) * scale.x),
            static_cast<GLsizei>((cmd->ClipRect.w - cmd->ClipRect.y) * scale.y));
  self->draw(display.x, display.y);
}

void GraphRenderer::draw(float w, float h) {
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  const float view[5] = {w, h, offset_x_, offset_y_, zoom_};
  // Edges, then their markers, then nodes on top of the edges' ends.
  draw_instances(program_edges_, vao_straight_, 4, straight_count_, view);
  draw_instances(program_edges_, vao_curved_, 2 * (kCurveSegments + 1), curved_count_, view);
  draw_instances(program_markers_, vao_markers_straight_, 4, straight_count_, view);
  draw_instances(program_markers_, vao_markers_curved_, 4, curved_count_, view);
  draw_instances(program_nodes_, vao_nodes_, 4, node_count_, view);
  glBindVertexArray(0);
}

}  // namespace fbclens::web
