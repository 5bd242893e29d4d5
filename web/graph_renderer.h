// The graph canvas's WebGL2 pass: nodes, curved edges and their end markers, drawn with the
// shaders in shaders/. Each node and edge is one instance record, uploaded once per scene into a
// float texture; the vertex shaders find their instance from gl_VertexID and fetch the record
// ("vertex pulling"). That is instancing without glDrawArraysInstanced: SwiftShader, the CPU WebGL
// of CI and GPU-less machines, pays ~20 µs per hardware instance (measured: 1,000 nodes cost
// 40 ms more per frame that way), and one plain draw per pass costs it next to nothing.
// Pan and zoom are uniforms, so a frame that only moves the view uploads nothing. The pass runs as
// an ImDrawList callback, so it is drawn in ImGui's z-order and clipped to its window.
#pragma once

#include <vector>

struct ImDrawList;
struct ImDrawCmd;

namespace fbclens::web {

/// One node record: centre and radius in layout pixels, icon 0 = none, 1 = "!" (deprecated: drawn
/// in the shader so it shows at every zoom, and never by colour alone), colours as RGBA 0..1.
/// Four texels (16 floats) in the record texture.
struct NodeInstance {
  float x, y, radius, icon;
  float fill[4];
  float ring[4];
  float unused[4] = {0, 0, 0, 0};
};

/// End markers of the olm-docs legend.
enum class Marker { None = 0, Arrow = 1, Cross = 2, Circle = 3 };

/// One edge record: a quadratic Bézier from (x0,y0) through control (cx,cy) to (x1,y1), layout
/// pixels (a straight edge has its control point halfway). width and dash (period, 0 = solid) are
/// screen pixels; the marker sits `inset` layout pixels before the end (outside the target node).
/// Four texels (16 floats) in the record texture.
struct EdgeInstance {
  float x0, y0, cx, cy;
  float x1, y1, width, dash;
  float color[4];
  float marker;  ///< Marker as float
  float inset;
  float unused[2] = {0, 0};
};

static_assert(sizeof(NodeInstance) == 64 && sizeof(EdgeInstance) == 64, "one record = four RGBA32F texels");

class GraphRenderer {
 public:
  /// Compiles the shaders and creates the textures. Returns false (and logs) if WebGL2 refuses them.
  bool init();
  bool ok() const { return program_nodes_ != 0 && program_edges_ != 0 && program_markers_ != 0; }

  /// Replaces the scene: uploads the records once. `straight` edges are drawn as one segment,
  /// `curved` ones as 4 to 16 depending on the zoom.
  void set_scene(const std::vector<EdgeInstance>& straight, const std::vector<EdgeInstance>& curved,
                 const std::vector<NodeInstance>& nodes);

  /// Adds the draw callback to `list`: layout point p is drawn at screen point offset + p × zoom.
  void submit(ImDrawList* list, float offset_x, float offset_y, float zoom);

  /// Records in the current scene (for graphStats and tests).
  std::size_t last_node_count() const { return nodes_.count; }
  std::size_t last_edge_count() const { return straight_.count + curved_.count; }

 private:
  /// A record texture and how many records it holds.
  struct Records {
    unsigned texture = 0;
    std::size_t count = 0;
  };
  static void draw_callback(const ImDrawList* list, const ImDrawCmd* cmd);
  void draw(float viewport_w, float viewport_h);

  unsigned program_nodes_ = 0, program_edges_ = 0, program_markers_ = 0;
  unsigned empty_vao_ = 0;  ///< WebGL2 draws without attributes, but needs a vertex array bound
  Records nodes_, straight_, curved_;
  float offset_x_ = 0, offset_y_ = 0, zoom_ = 1;
};

}  // namespace fbclens::web
