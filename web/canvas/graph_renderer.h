// The graph canvas's WebGL2 pass: nodes, curved edges and their end markers, drawn with the
// shaders in shaders/. Each node and edge is one instance record, uploaded once per scene into a
// float texture; the vertex shaders find their instance from gl_VertexID and fetch the record
// ("vertex pulling"). That is instancing without glDrawArraysInstanced: SwiftShader, the CPU WebGL
// of CI and GPU-less machines, pays ~20 µs per hardware instance (measured: 1,000 nodes cost
// 40 ms more per frame that way), and one plain draw per pass costs it next to nothing.
// Pan, zoom and the bands' shifts are uniforms, so a frame that only moves the view uploads nothing.
// Highlights are overlays with records of their own. The pass runs as an ImDrawList callback, so
// it is drawn in ImGui's z-order and clipped to the rectangle current when it was submitted.
#pragma once

#include <vector>

struct ImDrawList;
struct ImDrawCmd;

namespace fbclens::web {

/// Node styles beyond fill and ring (bits of NodeInstance::style).
enum NodeStyle : unsigned {
  kNodeHalo = 1,   ///< an outer ring in `halo` colour (the selection, or a linked copy of it)
  kNodeGhost = 2,  ///< a name the channel does not list: dashed ring, see-through fill
};

/// One node record: centre and radius in layout pixels, icon 0 = none, 1 = "!" (deprecated: drawn
/// in the shader so it shows at every zoom, and never by colour alone), colours as RGBA 0..1,
/// `band` (the layout band, whose screen shift the vertex shader adds: GraphRenderer::submit),
/// `style` (NodeStyle bits) and the halo colour. Four texels (16 floats) in the record texture.
struct NodeInstance {
  float x, y, radius, icon;
  float fill[4];
  float ring[4];
  float band = 0, style = 0;
  float halo[2] = {0, 0};  ///< RGB as 0xRRGGBB in halo[0] (exact in a float); halo[1] unused
};

/// 0xRRGGBB of an RGB colour (0..1), for NodeInstance::halo.
float pack_rgb(const float* rgb);

/// End markers of the olm-docs legend.
enum class Marker { None = 0, Arrow = 1, Cross = 2, Circle = 3 };

/// One edge record: a quadratic Bézier from (x0,y0) through control (cx,cy) to (x1,y1), layout
/// pixels (a straight edge has its control point halfway). width and dash (period, 0 = solid) are
/// screen pixels; the marker sits `inset` layout pixels before the end (outside the target node).
/// `band0`/`band1` are the bands of its two ends (their screen shifts are added; the control
/// point gets their mean). Four texels (16 floats) in the record texture.
struct EdgeInstance {
  float x0, y0, cx, cy;
  float x1, y1, width, dash;
  float color[4];
  float marker;  ///< Marker as float
  float inset;
  float band0 = 0, band1 = 0;
};

static_assert(sizeof(NodeInstance) == 64 && sizeof(EdgeInstance) == 64, "one record = four RGBA32F texels");

/// One set of records drawn together: edges (straight ones as one segment, curved ones as 4 to 16
/// depending on the zoom), their markers, then the nodes on top.
struct GraphLayer {
  std::vector<EdgeInstance> straight, curved;
  std::vector<NodeInstance> nodes;
};

/// Overlays drawn over the scene, in this order, each replaced on its own (set_overlay) so that a
/// highlight never re-uploads the scene. A new highlight (e.g. an upgrade route) takes a slot here.
enum class Overlay { Changes = 0, Links, Count };

/// Most bands the shaders shift (more share the last one's shift).
constexpr int kMaxBands = 256;

class GraphRenderer {
 public:
  /// Compiles the shaders and creates the textures. Returns false (and logs) if WebGL2 refuses them.
  bool init();
  bool ok() const { return program_nodes_ != 0 && program_edges_ != 0 && program_markers_ != 0; }

  /// Replaces the scene: uploads the records once.
  void set_scene(const GraphLayer& scene);

  /// Replaces overlay `slot` (drawn over the scene and the slots before it); an empty layer
  /// removes it.
  void set_overlay(Overlay slot, const GraphLayer& layer);

  /// Adds the draw callback to `list`: layout point p of band b is drawn at screen point
  /// offset + p × zoom + (0, band_shifts[b]) (band_shifts as core band_shifts(); at most
  /// kMaxBands are used). The pass is clipped to the list's current clip rectangle.
  void submit(ImDrawList* list, float offset_x, float offset_y, float zoom, const std::vector<float>& band_shifts);

  /// Records in the current scene (for graphStats and tests).
  std::size_t last_node_count() const { return scene_.nodes.count; }
  std::size_t last_edge_count() const { return scene_.straight.count + scene_.curved.count; }

 private:
  /// A record texture and how many records it holds.
  struct Records {
    unsigned texture = 0;
    std::size_t count = 0;
  };
  /// A GraphLayer on the GPU.
  struct Layer {
    Records nodes, straight, curved;
  };
  static void draw_callback(const ImDrawList* list, const ImDrawCmd* cmd);
  void draw(float viewport_w, float viewport_h);
  void upload_layer(Layer& to, const GraphLayer& from);
  void draw_layer(const Layer& layer, int segments, const float (&view)[5]);

  unsigned program_nodes_ = 0, program_edges_ = 0, program_markers_ = 0;
  unsigned empty_vao_ = 0;  ///< WebGL2 draws without attributes, but needs a vertex array bound
  Layer scene_;
  Layer overlays_[static_cast<int>(Overlay::Count)];
  float offset_x_ = 0, offset_y_ = 0, zoom_ = 1;
  float band_shifts_[kMaxBands] = {};
};

}  // namespace fbclens::web
