#include "graph_renderer.h"

#include <GLES3/gl3.h>
#include <cstddef>
#include <cstdio>

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

void instanced_attrib(GLuint index, GLint size, GLsizei stride, std::size_t offset) {
  glEnableVertexAttribArray(index);
  glVertexAttribPointer(index, size, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<const void*>(offset));
  glVertexAttribDivisor(index, 1);
}

// A VAO with a unit quad (4 vertices, attribute 0) and `instances` as the per-instance buffer.
GLuint make_instanced_quad_vao(const float (&quad)[8], GLuint instances) {
  GLuint vao = 0, quad_vbo = 0;
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  glGenBuffers(1, &quad_vbo);
  glBindBuffer(GL_ARRAY_BUFFER, quad_vbo);
  glBufferData(GL_ARRAY_BUFFER, sizeof quad, quad, GL_STATIC_DRAW);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glBindBuffer(GL_ARRAY_BUFFER, instances);
  return vao;  // left bound: the caller describes the instance attributes
}

// Uploads `count` instances of `size` bytes and draws that many unit quads with `program`.
void draw_instances(GLuint program, GLint u_viewport, GLuint vao, GLuint vbo, const void* data, std::size_t size,
                    std::size_t count, float w, float h) {
  if (count == 0) return;
  glUseProgram(program);
  glUniform2f(u_viewport, w, h);
  glBindVertexArray(vao);
  glBindBuffer(GL_ARRAY_BUFFER, vbo);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(count * size), data, GL_STREAM_DRAW);
  glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(count));
}

}  // namespace

bool GraphRenderer::init() {
  program_nodes_ = link(shaders::kShader_graph_node_vert, shaders::kShader_graph_node_frag);
  program_edges_ = link(shaders::kShader_graph_edge_vert, shaders::kShader_graph_edge_frag);
  if (!ok()) return false;
  u_viewport_nodes_ = glGetUniformLocation(program_nodes_, "u_viewport");
  u_viewport_edges_ = glGetUniformLocation(program_edges_, "u_viewport");

  // Shared unit quad as a triangle strip; nodes use [-1,1]², edges use x∈{0,1}, y∈{-1,1}.
  const float node_quad[] = {-1, -1, 1, -1, -1, 1, 1, 1};
  const float edge_quad[] = {0, -1, 1, -1, 0, 1, 1, 1};
  glGenBuffers(1, &node_vbo_);
  glGenBuffers(1, &edge_vbo_);

  vao_nodes_ = make_instanced_quad_vao(node_quad, node_vbo_);
  const GLsizei ns = sizeof(NodeInstance);
  instanced_attrib(1, 2, ns, offsetof(NodeInstance, x));
  instanced_attrib(2, 1, ns, offsetof(NodeInstance, radius));
  instanced_attrib(3, 4, ns, offsetof(NodeInstance, fill));
  instanced_attrib(4, 4, ns, offsetof(NodeInstance, ring));

  vao_edges_ = make_instanced_quad_vao(edge_quad, edge_vbo_);
  const GLsizei es = sizeof(EdgeInstance);
  instanced_attrib(1, 4, es, offsetof(EdgeInstance, x0));
  instanced_attrib(2, 1, es, offsetof(EdgeInstance, width));
  instanced_attrib(3, 4, es, offsetof(EdgeInstance, color));
  instanced_attrib(4, 1, es, offsetof(EdgeInstance, dash));
  glBindVertexArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  return true;
}

void GraphRenderer::submit(ImDrawList* list, std::vector<EdgeInstance> edges, std::vector<NodeInstance> nodes) {
  edges_ = std::move(edges);
  nodes_ = std::move(nodes);
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
  // Edges first so nodes sit on top of their ends.
  draw_instances(program_edges_, u_viewport_edges_, vao_edges_, edge_vbo_, edges_.data(), sizeof(EdgeInstance), edges_.size(), w, h);
  draw_instances(program_nodes_, u_viewport_nodes_, vao_nodes_, node_vbo_, nodes_.data(), sizeof(NodeInstance), nodes_.size(), w, h);
  glBindVertexArray(0);
}

}  // namespace fbclens::web
