// The graph canvas's WebGL2 pass: instanced nodes, curved edges and their end markers, drawn with
// the shaders in shaders/. Instances are in layout pixels (the graph at zoom 1) and uploaded once
// per scene; pan and zoom are uniforms, so a frame that only moves the view uploads nothing. It
// runs as an ImDrawList callback, so it is drawn in ImGui's z-order and clipped to its window.
#pragma once

#include <vector>

struct ImDrawList;
struct ImDrawCmd;

namespace fbclens::web {

/// One node: centre and radius in layout pixels, colours as RGBA 0..1, icon 0 = none, 1 = "!"
/// (deprecated: drawn in the shader so it shows at every zoom, and never by colour alone).
struct NodeInstance {
  float x, y, radius;
  float fill[4];
  float ring[4];
  float icon;
};

/// End markers of the olm-docs legend.
enum class Marker { None = 0, Arrow = 1, Cross = 2, Circle = 3 };

/// One edge: a quadratic Bézier from (x0,y0) through control (cx,cy) to (x1,y1), layout pixels (a
/// straight edge has its control point halfway). width and dash (period, 0 = solid) are screen
/// pixels; the marker sits `inset` layout pixels before the end (outside the target node).
struct EdgeInstance {
  float x0, y0, cx, cy, x1, y1;
  float width;
  float color[4];
  float dash;
  float marker;  ///< Marker as float (an instance attribute)
  float inset;
};

class GraphRenderer {
 public:
  /// Compiles the shaders and creates buffers. Returns false (and logs) if WebGL2 refuses them.
  bool init();
  bool ok() const { return program_nodes_ != 0 && program_edges_ != 0 && program_markers_ != 0; }

  /// Replaces the scene: uploads the instances once. `straight` and `curved` edges are drawn with
  /// 1 and 16 segments respectively.
  void set_scene(const std::vector<EdgeInstance>& straight, const std::vector<EdgeInstance>& curved,
                 const std::vector<NodeInstance>& nodes);

  /// Adds the draw callback to `list`: layout point p is drawn at screen point offset + p × zoom.
  void submit(ImDrawList* list, float offset_x, float offset_y, float zoom);

  /// Instances in the current scene (for graphStats and tests).
  std::size_t last_node_count() const { return node_count_; }
  std::size_t last_edge_count() const { return straight_count_ + curved_count_; }

 private:
  static void draw_callback(const ImDrawList* list, const ImDrawCmd* cmd);
  void draw(float viewport_w, float viewport_h);

  unsigned program_nodes_ = 0, program_edges_ = 0, program_markers_ = 0;
  unsigned vao_nodes_ = 0, vao_straight_ = 0, vao_curved_ = 0, vao_markers_straight_ = 0, vao_markers_curved_ = 0;
  unsigned node_vbo_ = 0, straight_vbo_ = 0, curved_vbo_ = 0;
  std::size_t node_count_ = 0, straight_count_ = 0, curved_count_ = 0;
  float offset_x_ = 0, offset_y_ = 0, zoom_ = 1;
};

}  // namespace fbclens::web
