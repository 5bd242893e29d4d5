// The SVG export. Its geometry is the canvas's (core/layout/scene_geometry.h: cell sizes, radius,
// band heights, edge routes); its shapes follow the shaders (shaders/graph_node.frag for the ring,
// dashes and "!", graph_marker.* for the end markers) and the canvas's badges, key and headings
// (web/canvas/graph_panel.cpp).
#include "export/svg.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "export/color_text.h"
#include "layout/palette.h"
#include "layout/scene_geometry.h"
#include "load/utf8.h"

namespace fbclens {

namespace {

using scene::kColumn;
using scene::kLane;
using scene::kRadius;
using scene::kBandMinPx;
using scene::Point;
using scene::Bow;
using scene::bow_of;
constexpr float kMargin = 16.0f;           // around everything
constexpr float kFont = 12.0f;             // labels, headings and the legend
constexpr float kTitleFont = 14.0f;
constexpr float kCharWidth = 0.6f;         // of a monospace character, in em
constexpr float kLineHeight = 15.0f;       // of one line of kFont text
constexpr float kMinWidth = 560.0f;        // so the legend has room in a one-node graph
// The page fit_layout fits into when the caller leaves the wrap to us.
constexpr float kPageWidth = 1600.0f, kPageHeight = 1000.0f;

const char* const kFontFamily = "ui-monospace, SFMono-Regular, Menlo, Consolas, 'DejaVu Sans Mono', monospace";

// A number for an attribute: at most two decimals, no trailing zeros, never "-0".
std::string num(float v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", static_cast<double>(v));
  std::string s = buf;
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s == "-0" ? "0" : s;
}

// Paint attributes: a colour and its opacity, always both, so that the two themes' documents
// differ in these values only.
std::string fill(const Rgba& c) { return " fill=\"" + hex_color(c) + "\" fill-opacity=\"" + num(c.a) + "\""; }
std::string stroke(const Rgba& c, float width) {
  return " stroke=\"" + hex_color(c) + "\" stroke-opacity=\"" + num(c.a) + "\" stroke-width=\"" + num(width) + "\"";
}
Rgba with_alpha(Rgba c, float a) {
  c.a = a;
  return c;
}

// The width `text` takes in monospace at `size` px: 0.6 em a character, 1 em for the wide
// scripts from U+1100 (CJK, Hangul, emoji), so a box is never much too small.
float text_width(const std::string& text, float size) {
  float em = 0;
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = utf8_char_length(text, i);
    if (n == 0) {  // shown as \xNN
      em += 4 * kCharWidth;
      ++i;
      continue;
    }
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7F) em += 4 * kCharWidth;
    else em += n >= 3 && !(n == 3 && c == 0xE1 && static_cast<unsigned char>(text[i + 1]) < 0x84) ? 1.0f : kCharWidth;
    i += n;
  }
  return em * size;
}

// `text` cut to at most `width` px, ending in ".." when cut (whole characters only).
std::string fit_text(const std::string& text, float width, float size) {
  if (text_width(text, size) <= width) return text;
  std::string cut = text;
  while (!cut.empty() && text_width(cut + "..", size) > width) cut.resize(utf8_cut_point(cut, cut.size() - 1));
  return cut + "..";
}

// A box for label placement: x0, y0, x1, y1.
struct Box {
  float x0, y0, x1, y1;
  bool overlaps(const Box& o) const { return x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1; }
};

// Boxes already taken, bucketed in 64 px cells so placing n labels stays near linear.
class BoxGrid {
 public:
  bool free(const Box& b) {
    bool ok = true;
    visit(b, [&](std::vector<Box>& cell) {
      for (const Box& o : cell) ok = ok && !o.overlaps(b);
    });
    return ok;
  }
  void add(const Box& b) {
    visit(b, [&](std::vector<Box>& cell) { cell.push_back(b); });
  }

 private:
  template <class F>
  void visit(const Box& b, F&& f) {
    constexpr float kCell = 64.0f;
    const int x0 = static_cast<int>(std::floor(b.x0 / kCell)), x1 = static_cast<int>(std::floor(b.x1 / kCell));
    const int y0 = static_cast<int>(std::floor(b.y0 / kCell)), y1 = static_cast<int>(std::floor(b.y1 / kCell));
    for (int y = y0; y <= y1; ++y) {
      for (int x = x0; x <= x1; ++x) f(cells_[(static_cast<std::int64_t>(y) << 32) ^ static_cast<std::uint32_t>(x)]);
    }
  }
  std::unordered_map<std::int64_t, std::vector<Box>> cells_;
};

// The "!" badge of deprecation (panels.cpp deprecation_badge): a disc with a bar and a dot;
// `inverted` draws the mark in the fill on a dark disc, where it sits on the deprecation fill.
std::string badge(Point c, float r, const GraphPalette& pal, bool inverted) {
  const Rgba disc = inverted ? pal.deprecated_text : pal.deprecated_fill;
  const Rgba mark = inverted ? pal.deprecated_fill : pal.deprecated_text;
  return "<g><circle cx=\"" + num(c.x) + "\" cy=\"" + num(c.y) + "\" r=\"" + num(r) + "\"" + fill(disc) + "/>" +
         "<line x1=\"" + num(c.x) + "\" y1=\"" + num(c.y - r * 0.6f) + "\" x2=\"" + num(c.x) + "\" y2=\"" +
         num(c.y + r * 0.2f) + "\"" + stroke(mark, std::max(1.5f, r * 0.26f)) + "/>" + "<circle cx=\"" + num(c.x) +
         "\" cy=\"" + num(c.y + r * 0.55f) + "\" r=\"" + num(std::max(1.0f, r * 0.16f)) + "\"" + fill(mark) + "/></g>";
}

// An end marker (shaders/graph_marker.*): centred `size` px before the end of the edge, just
// outside the target's rim, turned along the edge's last tangent `dir`.
std::string marker(Point end, Point dir, float inset, EdgeKind kind, const Rgba& color) {
  constexpr float size = 6.0f;  // clamp(6 × zoom, 1.5, 9) at zoom 1
  const Point normal{-dir.y, dir.x};
  const Point c{end.x - dir.x * (inset + size), end.y - dir.y * (inset + size)};
  const auto at = [&](float u, float v) {
    return Point{c.x + (dir.x * u + normal.x * v) * size, c.y + (dir.y * u + normal.y * v) * size};
  };
  const Rgba solid = with_alpha(color, std::min(1.0f, color.a + 0.2f));
  if (kind == EdgeKind::Replaces) {
    const Point p[3] = {at(1, 0), at(-1, 1), at(-1, -1)};
    std::string pts;
    for (const Point& q : p) pts += (pts.empty() ? "" : " ") + num(q.x) + "," + num(q.y);
    return "<polygon points=\"" + pts + "\"" + fill(solid) + "/>";
  }
  if (kind == EdgeKind::Skips) {
    const Point a = at(-0.8f, -0.8f), b = at(0.8f, 0.8f), d = at(-0.8f, 0.8f), e = at(0.8f, -0.8f);
    return "<path d=\"M" + num(a.x) + " " + num(a.y) + "L" + num(b.x) + " " + num(b.y) + "M" + num(d.x) + " " + num(d.y) +
           "L" + num(e.x) + " " + num(e.y) + "\" fill=\"none\"" + stroke(solid, 0.36f * size) + " stroke-linecap=\"round\"/>";
  }
  return "<circle cx=\"" + num(c.x) + "\" cy=\"" + num(c.y) + "\" r=\"" + num(0.72f * size) + "\" fill=\"none\"" +
         stroke(solid, 0.32f * size) + "/>";
}

// One edge: its line (dashed when `dash` > 0: the shaders' period with 60 % drawn) and marker.
std::string edge(Point a, Point b, const Bow& bow, EdgeKind kind, const Rgba& color, float width, float dash) {
  std::string d = "M" + num(a.x) + " " + num(a.y);
  d += bow.curved ? "Q" + num(bow.control.x) + " " + num(bow.control.y) + " " + num(b.x) + " " + num(b.y)
                  : "L" + num(b.x) + " " + num(b.y);
  std::string out = "<path d=\"" + d + "\" fill=\"none\"" + stroke(color, width);
  if (dash > 0) out += " stroke-dasharray=\"" + num(dash * 0.6f) + " " + num(dash * 0.4f) + "\"";
  out += "/>";
  Point dir{b.x - bow.control.x, b.y - bow.control.y};
  if (std::hypot(dir.x, dir.y) < 0.5f) dir = {b.x - a.x, b.y - a.y};
  const float len = std::max(0.0001f, std::hypot(dir.x, dir.y));
  return out + marker(b, {dir.x / len, dir.y / len}, kRadius, kind, color);
}

// A node: a disc whose outer rim is a ring (graph_node.frag: ring width radius × 0.2, 1.5 to 3 px);
// a ghost's ring in 10 dashes; a deprecated node's "!" (a bar and a dot, in radius units).
std::string node_disc(Point p, float radius, const Rgba& fill_color, const Rgba& ring, bool ghost, bool deprecated,
                      const Rgba& mark) {
  const float ring_width = std::clamp(radius * 0.2f, 1.5f, 3.0f), r = radius - ring_width / 2;
  std::string out = "<circle cx=\"" + num(p.x) + "\" cy=\"" + num(p.y) + "\" r=\"" + num(r) + "\"" + fill(fill_color) +
                    stroke(ring, ring_width);
  if (ghost) {
    const float period = 2 * 3.14159265f * r / 10;
    out += " stroke-dasharray=\"" + num(period * 0.55f) + " " + num(period * 0.45f) + "\"";
  }
  out += "/>";
  if (deprecated) {
    out += "<rect x=\"" + num(p.x - 0.11f * radius) + "\" y=\"" + num(p.y - 0.53f * radius) + "\" width=\"" +
           num(0.22f * radius) + "\" height=\"" + num(0.72f * radius) + "\"" + fill(mark) + "/>";
    out += "<circle cx=\"" + num(p.x) + "\" cy=\"" + num(p.y + 0.42f * radius) + "\" r=\"" + num(0.13f * radius) + "\"" +
           fill(mark) + "/>";
  }
  return out;
}

std::string text_element(Point at, const std::string& text, const Rgba& color, const char* anchor, const char* extra = "") {
  return "<text x=\"" + num(at.x) + "\" y=\"" + num(at.y) + "\" text-anchor=\"" + anchor + "\"" + fill(color) + extra +
         ">" + svg_text(text) + "</text>";
}

// The title's size; SVG drops a text's leading and trailing spaces, so segments have none and the
// gaps between them are added to x.
const char* const kTitleSize = " font-size=\"14\"";

// A title segment (panels.cpp graph_title): plain, or when deprecated on the deprecation fill with
// the "!" badge and the word. Returns the width it took.
float title_segment(std::string& out, Point at, const std::string& text, bool deprecated, const GraphPalette& pal) {
  const float h = kTitleFont + 3;
  if (!deprecated) {
    out += text_element({at.x, at.y + kTitleFont * 0.8f}, text, pal.label, "start", kTitleSize);
    return text_width(text, kTitleFont);
  }
  const std::string shown = text.find("deprecated") == std::string::npos ? text + "  (deprecated)" : text;
  const float width = h + 6 + text_width(shown, kTitleFont) + 4;
  out += "<rect x=\"" + num(at.x) + "\" y=\"" + num(at.y - 2) + "\" width=\"" + num(width) + "\" height=\"" + num(h + 2) +
         "\" rx=\"3\"" + fill(pal.deprecated_fill) + "/>";
  out += badge({at.x + 2 + h / 2, at.y - 1 + h / 2}, h / 2 - 1, pal, true);
  out += text_element({at.x + h + 6, at.y + kTitleFont * 0.8f}, shown, pal.deprecated_text, "start", kTitleSize);
  return width;
}

std::string band_title(const LayoutBand& band) {
  return band.channel + (band.is_default ? "  [default]" : "") + (band.deprecated ? "  [deprecated]" : "");
}

}  // namespace

std::string svg_text(const std::string& text, bool keep_newlines) {
  static const char* const kHex = "0123456789ABCDEF";
  std::string out;
  out.reserve(text.size());
  const auto visible = [&](unsigned char c) {
    out += "\\x";
    out += kHex[c >> 4];
    out += kHex[c & 0xF];
  };
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    const std::size_t n = utf8_char_length(text, i);
    if (n == 3 && c == 0xEF && static_cast<unsigned char>(text[i + 1]) == 0xBF &&
        static_cast<unsigned char>(text[i + 2]) >= 0xBE) {  // U+FFFE, U+FFFF
      for (std::size_t k = 0; k < 3; ++k) visible(static_cast<unsigned char>(text[i + k]));
      i += 3;
      continue;
    }
    if (c == '\n' && keep_newlines) out += "&#10;";
    else if (n == 0 || (c < 0x20 && c != '\t') || c == 0x7F) visible(c);
    else if (c == '&') out += "&amp;";
    else if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '"') out += "&quot;";
    else if (c == '\'') out += "&apos;";
    else out.append(text, i, n);
    i += n == 0 ? 1 : n;
  }
  return out;
}

std::string graph_svg(const ChannelLayout& layout, const GraphSubject& subject, const SvgOptions& options) {
  const GraphPalette& pal = graph_palette(options.light);
  const bool package_view = subject.channel.empty();

  // Where everything goes: the wrap, the bands' shifts (none at zoom 1 unless a band is under
  // kBandMinPx), the gutter of lane headings, the legend's rows.
  int columns = options.columns_per_row;
  if (columns < 0) {
    FitArea area;
    area.width = kPageWidth;
    area.height = kPageHeight;
    area.column_px = kColumn;
    area.lane_px = kLane;
    area.band_px = package_view ? kBandMinPx : 0.0f;
    columns = fit_layout(layout, area).columns_per_row;
  }
  const Placement placement = place_layout(layout, columns);
  const std::vector<float> shifts = band_shifts(placement, 1.0f, kLane, package_view ? kBandMinPx : 0.0f);
  const bool lanes = package_view && !layout.bands.empty();
  float gutter = 0;
  if (lanes) {
    for (const LayoutBand& b : layout.bands) gutter = std::max(gutter, text_width(band_title(b), kFont));
    gutter = std::clamp(gutter + kLineHeight + 14, 60.0f, 320.0f);
  }
  const float graph_width = std::max(placement.width * kColumn, 1.0f);
  const float graph_height = shifts.empty() ? 0.0f : shifts.back();
  const float width = std::ceil(std::max(kMinWidth, 2 * kMargin + gutter + graph_width));

  // The legend (panels.cpp draw_key): glyph 26 px, then its text; wrapped to the width.
  enum Glyph { Arrow, Cross, Ring, Head, Deprecated, Ghost };
  const std::pair<Glyph, const char*> items[] = {{Arrow, "replaces"},    {Cross, "skips"},          {Ring, "skipRange"},
                                                 {Head, "channel head"}, {Deprecated, "deprecated"}, {Ghost, "not in the channel"}};
  std::vector<std::pair<Point, int>> legend_at;
  {
    float x = kMargin, y = kMargin + kTitleFont + 12;
    for (int k = 0; k < 6; ++k) {
      const float w = 26 + 4 + text_width(items[k].second, kFont) + 16;
      if (x > kMargin && x + w > width - kMargin) x = kMargin, y += kLineHeight + 4;
      legend_at.push_back({{x, y}, k});
      x += w;
    }
  }
  const float top = legend_at.back().first.y + kLineHeight + 14;  // the graph's first lane
  const float height = std::ceil(top + graph_height + kMargin);
  const Point origin{kMargin + gutter, top};
  const auto cell = [&](const Placement::Point& p, int band) {
    const float shift = shifts.empty() ? 0.0f : shifts[std::min<std::size_t>(band, shifts.size() - 1)];
    const Point centre = scene::cell_centre(p);
    return Point{origin.x + centre.x, origin.y + centre.y + shift};
  };
  std::vector<Point> at, ghost_at;
  for (std::size_t i = 0; i < layout.nodes.size(); ++i) at.push_back(cell(placement.nodes[i], layout.nodes[i].band));
  for (std::size_t g = 0; g < layout.ghosts.size(); ++g) ghost_at.push_back(cell(placement.ghosts[g], layout.ghosts[g].band));

  std::string out;
  out.reserve(1024 + layout.nodes.size() * 700 + layout.edges.size() * 300);
  out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" + num(width) + "\" height=\"" + num(height) +
         "\" viewBox=\"0 0 " + num(width) + " " + num(height) + "\" font-family=\"" + kFontFamily + "\" font-size=\"" +
         num(kFont) + "\" role=\"img\">\n";
  std::string title = "Upgrade graph of package " + subject.package +
                      (package_view ? ", all channels" : ", channel " + subject.channel);
  out += "<title>" + svg_text(title, true) + "</title>\n";
  out += "<rect class=\"background\" x=\"0\" y=\"0\" width=\"" + num(width) + "\" height=\"" + num(height) + "\"" +
         fill(pal.background) + "/>\n";

  // Title line: package, then the channel (or "all channels").
  {
    std::string line;
    const Point p{kMargin, kMargin};
    const float space = text_width(" ", kTitleFont);
    float x = p.x + title_segment(line, p, subject.package, subject.package_deprecated, pal) + space;
    if (package_view) {
      title_segment(line, {x, p.y}, "(all channels)", false, pal);
    } else {
      x += title_segment(line, {x, p.y}, "/", false, pal) + space;
      const bool deprecated = !layout.bands.empty() && layout.bands[0].deprecated;
      std::string channel = subject.channel;
      if (!layout.bands.empty() && layout.bands[0].is_default) channel += "  [default]";
      title_segment(line, {x, p.y}, channel, deprecated, pal);
    }
    out += "<g class=\"title\">" + line + "</g>\n";
  }

  // Legend.
  out += "<g class=\"legend\">";
  for (const auto& [p, k] : legend_at) {
    const Glyph glyph = items[k].first;
    const float h = kLineHeight, cy = p.y + h / 2, rad = h / 2 - 1;
    const Point l{p.x + 1, cy}, r{p.x + 26 - 4, cy}, c{p.x + 13, cy};
    out += "<g>";
    if (glyph == Arrow || glyph == Cross || glyph == Ring) {
      const Rgba& col = glyph == Arrow ? pal.replaces : glyph == Cross ? pal.skips : pal.skip_range;
      out += "<path d=\"M" + num(l.x) + " " + num(l.y) + "L" + num(r.x - 3) + " " + num(r.y) + "\" fill=\"none\"" +
             stroke(col, 2) + (glyph == Ring ? " stroke-dasharray=\"3.5 2.5\"" : "") + "/>";
      const EdgeKind kind = glyph == Arrow ? EdgeKind::Replaces : glyph == Cross ? EdgeKind::Skips : EdgeKind::SkipRange;
      out += marker(r, {1, 0}, -5, kind, with_alpha(col, 1));  // centred 1 px before the line's end
    } else if (glyph == Head) {
      out += node_disc(c, rad, pal.node_fill, pal.head_ring, false, false, pal.deprecated_mark);
    } else if (glyph == Deprecated) {
      out += node_disc(c, rad, pal.deprecated_fill, pal.node_ring, false, true, pal.deprecated_mark);
    } else {
      out += node_disc(c, rad, pal.ghost_fill, pal.ghost_ring, true, false, pal.deprecated_mark);
    }
    out += text_element({p.x + 30, p.y + h * 0.75f}, items[k].second, pal.label, "start") + "</g>";
  }
  out += "</g>\n";

  // Lanes: every other band's background, deprecated bands on their tint, a line under each
  // (panels.cpp draw_graph_panel); headings in the gutter come last, over the edges.
  const auto band_box = [&](std::size_t b) {
    const Placement::Band& pb = placement.bands[b];
    const float natural = pb.height * kLane, room = std::max(natural, kBandMinPx);
    const float y = origin.y + pb.top * kLane + shifts[b] - (room - natural) / 2;
    const float gap = Placement::kBandGap * kLane / 2;
    return Box{kMargin, y - gap, width - kMargin, y + room + gap};
  };
  if (lanes) {
    out += "<g class=\"lanes\">";
    for (std::size_t b = 0; b < layout.bands.size(); ++b) {
      const Box box = band_box(b);
      const bool deprecated = layout.bands[b].deprecated;
      // Always a rect (transparent on even bands), so both themes have the same elements.
      const Rgba bg = deprecated ? pal.deprecated_bg : b % 2 == 1 ? pal.band_bg : with_alpha(pal.band_bg, 0);
      out += "<rect x=\"" + num(origin.x) + "\" y=\"" + num(box.y0) + "\" width=\"" + num(box.x1 - origin.x) +
             "\" height=\"" + num(box.y1 - box.y0) + "\"" + fill(bg) + "/>";
      out += "<path d=\"M" + num(origin.x) + " " + num(box.y1) + "H" + num(box.x1) + "\"" + stroke(pal.band_line, 1) + "/>";
    }
    out += "</g>\n";
  }

  // Edges, then ghost edges (dashed, in their kind's colour), as build_scene adds them.
  out += "<g class=\"edges\">\n";
  for (const LayoutEdge& e : layout.edges) {
    const int band = layout.nodes[e.to].band;
    const Bow bow = bow_of(placement.nodes[e.from], placement.nodes[e.to], placement.bands[band].columns, at[e.from],
                           at[e.to], e.kind);
    const Rgba& col = e.kind == EdgeKind::Skips ? pal.skips : e.kind == EdgeKind::SkipRange ? pal.skip_range : pal.replaces;
    out += "<g class=\"" + std::string(edge_kind_name(e.kind)) + "\">";
    if (e.kind == EdgeKind::SkipRange && e.range >= 0 && e.range < static_cast<int>(layout.ranges.size())) {
      out += "<title>skipRange " + svg_text(layout.ranges[e.range].range, true) + "</title>";
    }
    out += edge(at[e.from], at[e.to], bow, e.kind, col, e.kind == EdgeKind::SkipRange ? 1.5f : 2.0f,
                e.kind == EdgeKind::SkipRange ? 10.0f : 0.0f) + "</g>\n";
  }
  for (const GhostEdge& e : layout.ghost_edges) {
    const int band = layout.nodes[e.to].band;
    const Bow bow = bow_of(placement.ghosts[e.ghost], placement.nodes[e.to], placement.bands[band].columns,
                           ghost_at[e.ghost], at[e.to], e.kind);
    const Rgba col = with_alpha(e.kind == EdgeKind::Skips ? pal.skips : pal.replaces, 0.7f);
    out += "<g class=\"ghost-" + std::string(edge_kind_name(e.kind)) + "\">" +
           edge(ghost_at[e.ghost], at[e.to], bow, e.kind, col, 1.5f, 6.0f) + "</g>\n";
  }
  out += "</g>\n";

  // Nodes with their tooltips, then labels placed as place_labels does: heads first, then the
  // other entries by band and row from the left, then ghosts; each takes the longest of its
  // texts whose box overlaps no node and no label placed before it, within the graph's width.
  BoxGrid taken;
  out += "<g class=\"nodes\">\n";
  for (std::size_t i = 0; i < layout.nodes.size(); ++i) {
    const LayoutNode& n = layout.nodes[i];
    std::string tip = n.name + "\nversion " + n.label + "\nchannel " + n.channel;
    if (n.head) tip += "\nchannel head";
    if (n.deprecated) tip += "\ndeprecated";
    if (n.missing_bundle) tip += "\nno olm.bundle in the catalog";
    // As the canvas draws it: an entry whose olm.bundle is missing is hollow with a dashed red ring.
    const Rgba& fill_color = n.missing_bundle ? pal.ghost_fill : n.deprecated ? pal.deprecated_fill : pal.node_fill;
    const Rgba& ring = n.missing_bundle ? pal.missing_ring : n.head ? pal.head_ring : pal.node_ring;
    out += std::string("<g class=\"node") + (n.head ? " head" : "") + (n.deprecated ? " deprecated" : "") +
           (n.missing_bundle ? " missing" : "") + "\"><title>" + svg_text(tip, true) + "</title>" +
           node_disc(at[i], kRadius, fill_color, ring, n.missing_bundle, n.deprecated, pal.deprecated_mark) +
           "</g>\n";
    taken.add({at[i].x - kRadius, at[i].y - kRadius, at[i].x + kRadius, at[i].y + kRadius});
  }
  for (std::size_t g = 0; g < layout.ghosts.size(); ++g) {
    const LayoutGhost& n = layout.ghosts[g];
    std::string tip;
    for (const std::string& name : n.names) tip += (tip.empty() ? "" : "\n") + name;
    tip += "\nnot in channel " + n.channel + (n.listed_in.empty() ? "" : "; listed in " + n.listed_in);
    out += "<g class=\"ghost\"><title>" + svg_text(tip, true) + "</title>" +
           node_disc(ghost_at[g], kRadius * 0.85f, pal.ghost_fill, pal.ghost_ring, true, false, pal.deprecated_mark) + "</g>\n";
    const float r = kRadius * 0.85f;
    taken.add({ghost_at[g].x - r, ghost_at[g].y - r, ghost_at[g].x + r, ghost_at[g].y + r});
  }
  out += "</g>\n";

  struct Label {
    Point at;
    const std::string* text[3];
    int rank, band;
  };
  std::vector<Label> labels;
  for (std::size_t i = 0; i < layout.nodes.size(); ++i) {
    const LayoutNode& n = layout.nodes[i];
    labels.push_back({at[i], {&n.label, &n.short_label, &n.tiny_label}, n.head ? 1 : 2, n.band});
  }
  for (std::size_t g = 0; g < layout.ghosts.size(); ++g) {
    const LayoutGhost& n = layout.ghosts[g];
    labels.push_back({ghost_at[g], {&n.label, &n.short_label, &n.tiny_label}, 3, n.band});
  }
  std::vector<std::size_t> order(labels.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const Label &la = labels[a], &lb = labels[b];
    return std::make_tuple(la.rank, la.band, la.at.y, la.at.x) < std::make_tuple(lb.rank, lb.band, lb.at.y, lb.at.x);
  });
  out += "<g class=\"labels\"" + stroke(pal.background, 3) + " stroke-linejoin=\"round\" paint-order=\"stroke\">\n";
  for (std::size_t i : order) {
    const Label& l = labels[i];
    for (int t = 0; t < 3; ++t) {
      const std::string& text = l.text[t]->empty() ? *l.text[0] : *l.text[t];
      if (text.empty() || (t > 0 && text == *l.text[t - 1])) continue;
      const float w = text_width(text, kFont) / 2;
      const Box box{l.at.x - w - 3, l.at.y + kRadius + 2, l.at.x + w + 3, l.at.y + kRadius + 2 + kLineHeight};
      if (box.x0 < origin.x - kMargin / 2 || box.x1 > origin.x + graph_width + kMargin / 2 || !taken.free(box)) continue;
      taken.add(box);
      out += text_element({l.at.x, l.at.y + kRadius + 2 + kFont}, text, pal.label, "middle") + "\n";
      break;
    }
  }
  out += "</g>\n";

  // Lane headings in the gutter (panels.cpp draw_band_heading), cut with ".." to it; the whole
  // title is the heading's <title>.
  if (lanes) {
    out += "<g class=\"lane-headings\">\n";
    for (std::size_t b = 0; b < layout.bands.size(); ++b) {
      const Box box = band_box(b);
      const Box cell{kMargin, box.y0 + 1, origin.x - 2, box.y1 - 1};
      const bool deprecated = layout.bands[b].deprecated;
      const std::string heading = band_title(layout.bands[b]);
      out += "<g><title>" + svg_text(heading, true) + "</title>";
      out += "<rect x=\"" + num(cell.x0) + "\" y=\"" + num(cell.y0) + "\" width=\"" + num(cell.x1 - cell.x0) +
             "\" height=\"" + num(cell.y1 - cell.y0) + "\"" +
             fill(deprecated ? pal.deprecated_fill : b % 2 == 1 ? pal.band_label_bg : pal.band_bg) + "/>";
      float x = cell.x0 + 4;
      const float cy = (cell.y0 + cell.y1) / 2;
      if (deprecated) {
        out += badge({x + kLineHeight / 2, cy}, kLineHeight / 2 - 1, pal, true);
        x += kLineHeight + 3;
      }
      out += text_element({x, cy + kFont * 0.35f}, fit_text(heading, cell.x1 - x - 4, kFont),
                          deprecated ? pal.deprecated_text : pal.label, "start");
      out += "</g>\n";
    }
    out += "</g>\n";
  }
  out += "</svg>\n";
  return out;
}

}  // namespace fbclens
