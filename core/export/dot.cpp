#include "export/dot.h"

#include "export/color_text.h"
#include "load/utf8.h"

namespace fbclens {

std::string dot_quote(const std::string& text) {
  static const char* const kHex = "0123456789ABCDEF";
  std::string out = "\"";
  out.reserve(text.size() + 2);
  for (std::size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    const std::size_t n = utf8_char_length(text, i);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '&') {
      // Graphviz reads HTML entities in every string (labels.c make_label: htmlEntityUTF8), so a
      // catalog's "&lt;" would show as "<": the ampersand itself is written as an entity.
      out += "&amp;";
    } else if (c == '\n') {
      out += "\\n";
    } else if (n == 0 || c < 0x20 || c == 0x7F) {
      // Shown as the text "\xNN": the backslash doubled, as Graphviz shows "\\" as one.
      out += "\\\\x";
      out += kHex[c >> 4];
      out += kHex[c & 0xF];
    } else {
      out.append(text, i, n);
      i += n;
      continue;
    }
    ++i;
  }
  return out + "\"";
}

namespace {

// One attribute list: [a=b, c=d]; values are written as given (quote catalog text with dot_quote).
struct Attrs {
  std::string text;
  Attrs& operator()(const char* key, const std::string& value) {
    text += text.empty() ? "[" : ", ";
    text += key;
    text += '=';
    text += value;
    return *this;
  }
  std::string str() const { return text.empty() ? std::string() : text + "]"; }
};

std::string q(const std::string& s) { return dot_quote(s); }
std::string color(const Rgba& c, bool alpha = false) { return q(hex_color(c, alpha)); }

std::string band_title(const LayoutBand& band) {
  return band.channel + (band.is_default ? "  [default]" : "") + (band.deprecated ? "  [deprecated]" : "");
}

}  // namespace

std::string graph_dot(const ChannelLayout& layout, const GraphSubject& subject, bool light) {
  const GraphPalette& pal = graph_palette(light);
  const bool package_view = subject.channel.empty();
  std::string title = "package " + subject.package + (subject.package_deprecated ? "  [deprecated]" : "");
  if (package_view) {
    title += " (all channels)";
  } else {
    title += " / channel " + subject.channel;
    if (!layout.bands.empty() && layout.bands[0].is_default) title += "  [default]";
    if (!layout.bands.empty() && layout.bands[0].deprecated) title += "  [deprecated]";
  }

  std::string out;
  out += "// Upgrade graph exported by fbclens: edges run from the older bundle to the newer one.\n";
  out += "// replaces: solid, normal arrowhead; skips: dashed, tee; skipRange: dotted, odot;\n";
  out += "// double border: channel head; \"deprecated\" line and fill: deprecated; dashed node: not in the channel.\n";
  out += "digraph \"upgrade graph\" {\n";
  out += "  graph " + Attrs()("rankdir", "LR")("label", q(title))("labelloc", "t")("fontname", q("monospace"))(
                          "bgcolor", color(pal.background))("fontcolor", color(pal.label))("newrank", "true")
                          .str() + ";\n";
  out += "  node " + Attrs()("shape", "ellipse")("style", "filled")("fontname", q("monospace"))("fontsize", "11")(
                         "fillcolor", color(pal.node_fill))("color", color(pal.node_ring))("fontcolor", color(pal.label))
                         .str() + ";\n";
  out += "  edge " + Attrs()("penwidth", "1.5").str() + ";\n";

  // Nodes, grouped into their lane's cluster for a whole package.
  const auto node_line = [&](std::size_t i) {
    const LayoutNode& n = layout.nodes[i];
    Attrs a;
    a("label", q(n.deprecated ? n.label + "\ndeprecated" : n.label));
    std::string tooltip = n.name;
    if (n.head) tooltip += " (head of " + n.channel + ")";
    if (n.deprecated) tooltip += " (deprecated)";
    a("tooltip", q(tooltip));
    if (n.head) a("peripheries", "2")("color", color(pal.head_ring))("penwidth", "2");
    if (n.deprecated) a("fillcolor", color(pal.deprecated_fill))("fontcolor", color(pal.deprecated_text));
    return "n" + std::to_string(i) + " " + a.str() + ";\n";
  };
  const auto ghost_line = [&](std::size_t g) {
    const LayoutGhost& n = layout.ghosts[g];
    std::string tooltip;
    for (const std::string& name : n.names) tooltip += (tooltip.empty() ? "" : "\n") + name;
    tooltip += "\nnot in channel " + n.channel + (n.listed_in.empty() ? "" : "; listed in " + n.listed_in);
    Attrs a;
    a("label", q(n.label))("tooltip", q(tooltip))("style", q("dashed,filled"))("fillcolor", color(pal.ghost_fill, true))(
        "color", color(pal.ghost_ring));
    return "g" + std::to_string(g) + " " + a.str() + ";\n";
  };
  if (package_view) {
    for (std::size_t b = 0; b < layout.bands.size(); ++b) {
      const LayoutBand& band = layout.bands[b];
      out += "  subgraph \"cluster_" + std::to_string(b) + "\" {\n";
      Attrs g;
      g("label", q(band_title(band)))("labeljust", "l")("color", color(pal.band_line))("fontcolor", color(pal.label));
      if (band.deprecated) g("style", "filled")("fillcolor", color(pal.deprecated_bg, true));
      out += "    graph " + g.str() + ";\n";
      for (std::size_t i = 0; i < layout.nodes.size(); ++i) {
        if (layout.nodes[i].band == static_cast<int>(b)) out += "    " + node_line(i);
      }
      for (std::size_t i = 0; i < layout.ghosts.size(); ++i) {
        if (layout.ghosts[i].band == static_cast<int>(b)) out += "    " + ghost_line(i);
      }
      out += "  }\n";
    }
  } else {
    for (std::size_t i = 0; i < layout.nodes.size(); ++i) out += "  " + node_line(i);
    for (std::size_t i = 0; i < layout.ghosts.size(); ++i) out += "  " + ghost_line(i);
  }

  // Edges by kind, in the olm-docs legend's shapes (Graphviz has no x arrowhead: a tee stands in).
  const auto edge_attrs = [&](EdgeKind kind) {
    Attrs a;
    if (kind == EdgeKind::Replaces) a("color", color(pal.replaces))("arrowhead", "normal")("tooltip", q("replaces"));
    if (kind == EdgeKind::Skips) a("color", color(pal.skips))("style", "dashed")("arrowhead", "tee")("tooltip", q("skips"));
    if (kind == EdgeKind::SkipRange) a("color", color(pal.skip_range))("style", "dotted")("arrowhead", "odot");
    return a;
  };
  for (const LayoutEdge& e : layout.edges) {
    Attrs a = edge_attrs(e.kind);
    if (e.kind == EdgeKind::SkipRange) {
      const std::string range = e.range >= 0 && e.range < static_cast<int>(layout.ranges.size()) ? layout.ranges[e.range].range : "";
      a("tooltip", q("skipRange " + range));
    }
    out += "  n" + std::to_string(e.from) + " -> n" + std::to_string(e.to) + " " + a.str() + ";\n";
  }
  for (const GhostEdge& e : layout.ghost_edges) {
    Attrs a = edge_attrs(e.kind);
    if (e.kind == EdgeKind::Replaces) a("style", "dashed");
    out += "  g" + std::to_string(e.ghost) + " -> n" + std::to_string(e.to) + " " + a.str() + ";\n";
  }
  out += "}\n";
  return out;
}

}  // namespace fbclens
