// The graph canvas's WebGL2 pass: instanced nodes and edges drawn with the shaders in shaders/.
// It runs as an ImDrawList callback, so it is drawn in ImGui's z-order and clipped to its window.
#pragma once

#include <vector>

struct ImDrawList;
struct ImDrawCmd;

namespace fbclens::web {

/// One node instance: centre and radius in screen pixels, colours as linear RGBA 0..1.
struct NodeInstance {
  float x, y, radius;
  float fill[4];
  float ring[4];
};

/// One edge segment instance, screen pixels. dash = 0 for solid lines.
struct EdgeInstance {
  float x0, y0, x1, y1;
  float width;
  float color[4];
  float dash;
};

class GraphRenderer {
 public:
  /// Compiles the shaders and creates buffers. Returns false (and logs) if WebGL2 refuses them.
  bool init();
  bool ok() const { return program_nodes_ != 0 && program_edges_ != 0; }

  /// Queues this frame's instances and adds the draw callback to `list` (edges under nodes).
  void submit(ImDrawList* list, std::vector<EdgeInstance> edges, std::vector<NodeInstance> nodes);

  /// Instances drawn in the last frame (for graphStats and tests).
  std::size_t last_node_count() const { return nodes_.size(); }
  std::size_t last_edge_count() const { return edges_.size(); }

 private:
  static void draw_callback(const ImDrawList* list, const ImDrawCmd* cmd);
  void draw(float viewport_w, float viewport_h);

  unsigned program_nodes_ = 0, program_edges_ = 0;
  unsigned vao_nodes_ = 0, vao_edges_ = 0;
  unsigned node_vbo_ = 0, edge_vbo_ = 0;
  int u_viewport_nodes_ = -1, u_viewport_edges_ = -1;
  std::vector<NodeInstance> nodes_;
  std::vector<EdgeInstance> edges_;
};

}  // namespace fbclens::web
