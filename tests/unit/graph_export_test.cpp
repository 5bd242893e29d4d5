// The graph exports (core/export/dot.h, svg.h, graph_export.h): well-formed DOT and XML whatever
// the catalog's names hold, every catalog string shown as written, one node per layout node with
// its label, and the two themes differing only in colours. The checkers here are small readers of
// just enough DOT and XML to refuse what a real parser refuses (an unterminated string, a stray
// '<' or '&', a tag closed out of order); when Graphviz's `dot` or `xmllint` is installed, the
// documents are also given to them.
#include <catch2/catch.hpp>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>

#include "export/dot.h"
#include "export/graph_export.h"
#include "export/layout_json.h"
#include "export/svg.h"
#include "layout/channel_layout.h"
#include "load/utf8.h"
#include "support.h"
#include "validate/validate.h"

namespace fbclens::test {
namespace {

const std::string kHostilePackage = "p<script>alert(1)</script>&\"q\"";
const std::string kHostileDefault = "\"><img onerror=x>";
const std::string kHostileOther = "stable\\\n]]>'&amp;";
const std::string kGhostReplaces = "<script>alert(\"r\")</script>";
const std::string kGhostSkips = "a&b \"q\" \\ back\nslash ]]> x";

ValidationReport load_catalog(const std::string& dir) {
  DirectoryFileSource source(dir);
  return validate_catalog(source);
}

const model::Package& hostile_package(const ValidationReport& report) {
  REQUIRE(report.model.packages.count(kHostilePackage) == 1);
  return report.model.packages.at(kHostilePackage);
}

bool tool_available(const char* name) { return std::system((std::string("command -v ") + name + " >/dev/null 2>&1").c_str()) == 0; }

std::string temp_file(const std::string& name, const std::string& text) {
  const std::string path = (std::filesystem::temp_directory_path() / name).string();
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

// ---- DOT ----

// A DOT document read as Graphviz reads it: its statements outside strings, and each quoted
// string as Graphviz shows it (the lexer's \" → ", then escString's \\ → \, \n → line break, then
// HTML entities). Fails the test on anything a DOT parser would refuse or read differently.
struct DotDocument {
  std::vector<std::string> strings;  // shown text of every quoted string, in order
  std::string skeleton;              // the document with every string replaced by "S<i>"
};

std::string dot_shown(const std::string& raw) {
  std::string esc;  // after escString
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == '\\' && i + 1 < raw.size()) {
      const char c = raw[++i];
      esc += c == 'n' ? '\n' : c;  // \\ → \, \" → ", \n → line break (\l, \r are never written)
      REQUIRE((c == '\\' || c == '"' || c == 'n'));
    } else {
      esc += raw[i];
    }
  }
  std::string out;  // after entities: only &amp; is ever written
  for (std::size_t i = 0; i < esc.size(); ++i) {
    if (esc.compare(i, 5, "&amp;") == 0) {
      out += '&';
      i += 4;
    } else {
      REQUIRE(esc[i] != '&');  // a bare & could start an entity Graphviz would expand
      out += esc[i];
    }
  }
  return out;
}

DotDocument read_dot(const std::string& text) {
  DotDocument doc;
  int depth = 0, brackets = 0;
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {  // a comment: to the line's end
      const std::size_t end = text.find('\n', i);
      REQUIRE(end != std::string::npos);
      i = end + 1;
      continue;
    }
    if (c == '"') {
      std::string raw;
      std::size_t j = i + 1;
      for (; j < text.size() && text[j] != '"'; ++j) {
        REQUIRE(text[j] != '\n');  // no raw line breaks (and so no backslash-newline continuation)
        if (text[j] == '\\') raw += text[j++];
        REQUIRE(j < text.size());
        raw += text[j];
      }
      REQUIRE(j < text.size());  // terminated
      doc.skeleton += "S" + std::to_string(doc.strings.size());
      doc.strings.push_back(dot_shown(raw));
      i = j + 1;
      continue;
    }
    const bool plain = std::isalnum(static_cast<unsigned char>(c)) || std::string(" \n\t_-.>=,;[]{}#").find(c) != std::string::npos;
    INFO("unexpected character in DOT outside a string: " << int(static_cast<unsigned char>(c)));
    REQUIRE(plain);
    if (c == '{') ++depth;
    if (c == '}') REQUIRE(--depth >= 0);
    if (c == '[') REQUIRE(++brackets == 1);
    if (c == ']') REQUIRE(--brackets == 0);
    doc.skeleton += c;
    ++i;
  }
  CHECK(depth == 0);
  CHECK(brackets == 0);
  return doc;
}

// The shown value of attribute `key` in the statement of node `id` ("n3", "g0").
std::string dot_attr(const DotDocument& doc, const std::string& id, const std::string& key) {
  const std::regex statement("(^|\\n)\\s*" + id + " \\[([^\\]]*)\\]");
  std::smatch m;
  REQUIRE(std::regex_search(doc.skeleton, m, statement));
  const std::regex attr("(^|, )" + key + "=S([0-9]+)");
  std::smatch a;
  const std::string attrs = m[2];
  REQUIRE(std::regex_search(attrs, a, attr));
  return doc.strings.at(std::stoul(a[2]));
}

TEST_CASE("graph export: DOT of hostile names stays well-formed and shows every name as written", "[export][dot]") {
  const ValidationReport report = load_catalog(source_dir() + "/tests/fixtures/graph-export/hostile");
  const model::Package& pkg = hostile_package(report);
  const ChannelLayout layout = layout_package(pkg);
  REQUIRE(layout.ghosts.size() == 2);
  const std::string dot = graph_dot(layout, {kHostilePackage, "", false}, true);
  const DotDocument doc = read_dot(dot);

  // One node statement per layout node and ghost, labelled with its label.
  std::size_t node_statements = 0;
  for (const std::regex& r : {std::regex("\\n\\s*n[0-9]+ \\["), std::regex("\\n\\s*g[0-9]+ \\[")}) {
    node_statements += std::distance(std::sregex_iterator(doc.skeleton.begin(), doc.skeleton.end(), r), std::sregex_iterator());
  }
  CHECK(node_statements == layout.nodes.size() + layout.ghosts.size());
  for (std::size_t i = 0; i < layout.nodes.size(); ++i) {
    const LayoutNode& n = layout.nodes[i];
    CHECK(dot_attr(doc, "n" + std::to_string(i), "label") == (n.deprecated ? n.label + "\ndeprecated" : n.label));
    CHECK(dot_attr(doc, "n" + std::to_string(i), "tooltip").rfind(n.name, 0) == 0);
  }
  std::set<std::string> ghost_labels;
  for (std::size_t g = 0; g < layout.ghosts.size(); ++g) ghost_labels.insert(dot_attr(doc, "g" + std::to_string(g), "label"));
  CHECK(ghost_labels == std::set<std::string>{kGhostReplaces, kGhostSkips});

  // Package and channel names verbatim in the graph's and the clusters' labels.
  const std::set<std::string> shown(doc.strings.begin(), doc.strings.end());
  CHECK(shown.count("package " + kHostilePackage + " (all channels)"));
  CHECK(shown.count(kHostileDefault + "  [default]"));
  CHECK(shown.count(kHostileOther + "  [deprecated]"));
  // A cluster per lane, and no catalog text outside strings.
  CHECK(std::regex_search(doc.skeleton, std::regex("subgraph S[0-9]+ \\{[^}]*n0 ")));
  CHECK(doc.skeleton.find("script") == std::string::npos);
  CHECK(doc.skeleton.find("img") == std::string::npos);

  // Edges by kind: replaces solid with an arrow, skips dashed with a tee, skipRange dotted with an odot.
  CHECK(std::regex_search(doc.skeleton, std::regex("n0 -> n1 \\[[^\\]]*arrowhead=normal")));
  CHECK(std::regex_search(doc.skeleton, std::regex("n0 -> n2 \\[[^\\]]*style=dotted, arrowhead=odot")));
  CHECK(std::regex_search(doc.skeleton, std::regex("g[0-9] -> n1 \\[[^\\]]*style=dashed, arrowhead=tee")));
  // Heads: a double border. Deprecated: a second label line, not colour alone (checked above).
  for (std::size_t i = 0; i < layout.nodes.size(); ++i) {
    const std::regex head("\\n\\s*n" + std::to_string(i) + " \\[[^\\]]*peripheries=2");
    CHECK(std::regex_search(doc.skeleton, head) == layout.nodes[i].head);
  }

  if (tool_available("dot")) {
    const std::string in = temp_file("fbclens-hostile.dot", dot);
    CHECK(std::system(("dot -Tsvg " + in + " -o " + in + ".svg 2>/dev/null").c_str()) == 0);
    const std::string svg = read_file(in + ".svg");
    CHECK(svg.find("&lt;script&gt;alert(&quot;r&quot;)&lt;/script&gt;") != std::string::npos);
    CHECK(svg.find("]]&gt;&#39;&amp;amp;") != std::string::npos);  // the channel's own "&amp;", as written
  } else {
    WARN("Graphviz dot not installed: DOT checked by the test's reader only");
  }
}

TEST_CASE("graph export: dot_quote escapes quotes, backslashes, line breaks, control bytes and entities", "[export][dot]") {
  CHECK(dot_quote("a\"b") == "\"a\\\"b\"");
  CHECK(dot_quote("a\\N") == "\"a\\\\N\"");  // never Graphviz's \N (the node's name)
  CHECK(dot_quote("a\nb") == "\"a\\nb\"");
  CHECK(dot_quote("a&lt;") == "\"a&amp;lt;\"");
  CHECK(dot_quote(std::string("a\x01") + "\xff" + "b") == "\"a\\\\x01\\\\xFFb\"");
  CHECK(dot_quote("\xc3\xa9") == "\"\xc3\xa9\"");
  CHECK(dot_shown(dot_quote(kGhostSkips).substr(1, dot_quote(kGhostSkips).size() - 2)) == kGhostSkips);
}

// ---- SVG ----

// A small XML reader: well-formedness (one root, tags closed in order, attributes quoted and not
// repeated, no '<' or bare '&' in text or values, only the five named entities and character
// references to allowed characters, well-formed UTF-8) and the decoded text of elements.
struct XmlElement {
  std::string name;
  std::map<std::string, std::string> attrs;
  std::string text;  // its own character data, decoded
};

std::string xml_decode(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '&') {
      REQUIRE(s[i] != '<');
      out += s[i];
      continue;
    }
    const std::size_t end = s.find(';', i);
    REQUIRE(end != std::string::npos);
    const std::string name = s.substr(i + 1, end - i - 1);
    static const std::map<std::string, char> named{{"amp", '&'}, {"lt", '<'}, {"gt", '>'}, {"quot", '"'}, {"apos", '\''}};
    if (named.count(name)) {
      out += named.at(name);
    } else {
      REQUIRE(name.size() > 1);
      REQUIRE(name[0] == '#');
      const long code = name[1] == 'x' ? std::stol(name.substr(2), nullptr, 16) : std::stol(name.substr(1));
      REQUIRE((code == 9 || code == 10 || code == 13 || (code >= 0x20 && code < 0x80)));  // all we ever write
      out += static_cast<char>(code);
    }
    i = end;
  }
  return out;
}

std::vector<XmlElement> read_xml(const std::string& text) {
  for (std::size_t i = 0; i < text.size();) {  // UTF-8 and XML 1.0's characters
    const std::size_t n = utf8_char_length(text, i);
    REQUIRE(n > 0);
    const auto c = static_cast<unsigned char>(text[i]);
    REQUIRE((c >= 0x20 || c == '\t' || c == '\n' || c == '\r'));
    REQUIRE(!(n == 3 && c == 0xEF && static_cast<unsigned char>(text[i + 1]) == 0xBF &&
              static_cast<unsigned char>(text[i + 2]) >= 0xBE));
    i += n;
  }
  std::vector<XmlElement> all;
  std::vector<std::size_t> open;
  int roots = 0;
  std::size_t i = 0;
  if (text.rfind("<?xml", 0) == 0) i = text.find("?>") + 2;
  while (i < text.size()) {
    if (text[i] != '<') {
      const std::size_t end = std::min(text.find('<', i), text.size());
      const std::string data = xml_decode(text.substr(i, end - i));
      if (open.empty()) REQUIRE(data.find_first_not_of(" \n\t\r") == std::string::npos);
      else all[open.back()].text += data;
      i = end;
      continue;
    }
    if (text.compare(i, 4, "<!--") == 0) {
      const std::size_t end = text.find("-->", i);
      REQUIRE(end != std::string::npos);
      i = end + 3;
      continue;
    }
    if (text[i + 1] == '/') {
      const std::size_t end = text.find('>', i);
      REQUIRE(end != std::string::npos);
      REQUIRE(!open.empty());
      CHECK(text.substr(i + 2, end - i - 2) == all[open.back()].name);
      open.pop_back();
      i = end + 1;
      continue;
    }
    XmlElement e;
    std::size_t j = i + 1;
    while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '-' || text[j] == ':')) e.name += text[j++];
    REQUIRE(!e.name.empty());
    for (;;) {
      while (j < text.size() && std::isspace(static_cast<unsigned char>(text[j]))) ++j;
      REQUIRE(j < text.size());
      if (text[j] == '>' || text.compare(j, 2, "/>") == 0) break;
      std::string key;
      while (j < text.size() && text[j] != '=' && !std::isspace(static_cast<unsigned char>(text[j]))) key += text[j++];
      REQUIRE(text[j] == '=');
      REQUIRE(text[j + 1] == '"');
      const std::size_t close = text.find('"', j + 2);
      REQUIRE(close != std::string::npos);
      REQUIRE(e.attrs.count(key) == 0);
      e.attrs[key] = xml_decode(text.substr(j + 2, close - j - 2));
      j = close + 1;
    }
    const bool empty = text[j] == '/';
    if (open.empty()) ++roots;
    REQUIRE(roots == 1);
    all.push_back(e);
    if (!empty) open.push_back(all.size() - 1);
    i = j + (empty ? 2 : 1);
  }
  CHECK(open.empty());
  CHECK(roots == 1);
  return all;
}

std::multiset<std::string> texts_of(const std::vector<XmlElement>& doc, const std::string& element) {
  std::multiset<std::string> out;
  for (const XmlElement& e : doc) {
    if (e.name == element) out.insert(e.text);
  }
  return out;
}

std::size_t count_class(const std::vector<XmlElement>& doc, const std::string& cls) {
  std::size_t n = 0;
  for (const XmlElement& e : doc) {
    const auto it = e.attrs.find("class");
    n += it != e.attrs.end() && (" " + it->second + " ").find(" " + cls + " ") != std::string::npos;
  }
  return n;
}

// The SVG's checks for any layout: well-formed, a node group per node and ghost (heads and
// deprecated ones marked), every label visible in one of its forms or, when none fits, in its
// tooltip, and every full label in a tooltip.
std::vector<XmlElement> check_svg(const std::string& svg, const ChannelLayout& layout) {
  const std::vector<XmlElement> doc = read_xml(svg);
  REQUIRE(!doc.empty());
  CHECK(doc[0].name == "svg");
  CHECK(doc[0].attrs.at("viewBox") == "0 0 " + doc[0].attrs.at("width") + " " + doc[0].attrs.at("height"));
  CHECK(count_class(doc, "node") == layout.nodes.size());
  CHECK(count_class(doc, "ghost") == layout.ghosts.size());
  std::size_t heads = 0, deprecated = 0;
  for (const LayoutNode& n : layout.nodes) heads += n.head, deprecated += n.deprecated;
  CHECK(count_class(doc, "head") == heads);
  CHECK(count_class(doc, "deprecated") == deprecated);
  const std::multiset<std::string> shown = texts_of(doc, "text");
  const std::multiset<std::string> titles = texts_of(doc, "title");
  std::string all_titles;
  for (const std::string& t : titles) all_titles += t + "\n";
  std::size_t visible = 0;
  for (const LayoutNode& n : layout.nodes) {
    INFO(n.name);
    CHECK(all_titles.find(n.name + "\nversion " + n.label + "\n") != std::string::npos);
    visible += shown.count(printable_text(n.label)) || shown.count(printable_text(n.short_label)) ||
               shown.count(printable_text(n.tiny_label));
  }
  for (const LayoutGhost& g : layout.ghosts) {
    for (const std::string& name : g.names) CHECK(all_titles.find(name + "\n") != std::string::npos);
  }
  // At the app's zoom-1 spacing (150 px a column) a version label always has room.
  CHECK(visible == layout.nodes.size());
  for (const char* legend : {"replaces", "skips", "skipRange", "channel head", "deprecated", "not in the channel"}) {
    CHECK(shown.count(legend) == 1);
  }
  if (tool_available("xmllint")) {
    const std::string path = temp_file("fbclens-export.svg", svg);
    CHECK(std::system(("xmllint --noout " + path + " 2>/dev/null").c_str()) == 0);
  }
  return doc;
}

// The document with every colour and opacity value blanked.
std::string without_colours(const std::string& svg) {
  return std::regex_replace(std::regex_replace(svg, std::regex("#[0-9a-f]{6}"), "#"), std::regex("-opacity=\"[0-9.]+\""),
                            "-opacity=\"\"");
}

TEST_CASE("graph export: SVG of hostile names is well-formed XML and shows every name as written", "[export][svg]") {
  const ValidationReport report = load_catalog(source_dir() + "/tests/fixtures/graph-export/hostile");
  const model::Package& pkg = hostile_package(report);
  const ChannelLayout layout = layout_package(pkg);
  const std::string svg = graph_svg(layout, {kHostilePackage, "", true});  // the package deprecated too
  const std::vector<XmlElement> doc = check_svg(svg, layout);
  const std::multiset<std::string> shown = texts_of(doc, "text"), titles = texts_of(doc, "title");
  // Visible text: markup and quotes as written; a line break as the visible \x0A.
  CHECK(shown.count(kHostilePackage + "  (deprecated)") == 1);
  CHECK(shown.count(kGhostReplaces) == 1);
  CHECK(shown.count("a&b \"q\" \\ back\\x0Aslash ]]> x") == 1);
  CHECK(shown.count(kHostileDefault + "  [default]") == 1);
  // Tooltips keep the line break itself.
  CHECK(titles.count(kHostileOther + "  [deprecated]") == 1);
  CHECK(titles.count(kGhostSkips + "\nnot in channel " + kHostileDefault) == 1);
  // No catalog text became an element or an attribute.
  std::set<std::string> names;
  for (const XmlElement& e : doc) {
    names.insert(e.name);
    for (const auto& [key, value] : e.attrs) {
      CHECK(value.find("script") == std::string::npos);
      CHECK(key.find("onerror") == std::string::npos);
    }
  }
  CHECK(names == std::set<std::string>{"svg", "title", "rect", "g", "text", "path", "circle", "polygon", "line"});
  // Lane headings: one per channel; the deprecated one with its "!" badge on the deprecation fill.
  CHECK(count_class(doc, "lane-headings") == 1);
}

TEST_CASE("graph export: SVG light and dark differ only in colours", "[export][svg]") {
  const ValidationReport report = load_catalog(source_dir() + "/samples/catalog");
  for (const auto& [name, pkg] : report.model.packages) {
    INFO(name);
    const ChannelLayout layout = layout_package(pkg);
    SvgOptions light, dark;
    dark.light = false;
    const std::string a = graph_svg(layout, {name, "", false}, light), b = graph_svg(layout, {name, "", false}, dark);
    CHECK(a != b);
    CHECK(without_colours(a) == without_colours(b));
    // And the colours are the palette's (the background is each theme's own).
    CHECK(a.find("fill=\"#f0f0f2\"") != std::string::npos);
    CHECK(b.find("fill=\"#171a21\"") != std::string::npos);
  }
}

TEST_CASE("graph export: SVG and DOT of every channel and package of the sample", "[export][svg][dot]") {
  const ValidationReport report = load_catalog(source_dir() + "/samples/catalog");
  for (const auto& [name, pkg] : report.model.packages) {
    INFO(name);
    check_svg(graph_svg(layout_package(pkg), {name, "", pkg.deprecation.has_value()}), layout_package(pkg));
    read_dot(graph_dot(layout_package(pkg), {name, "", false}, false));
    for (const auto& [cname, ch] : pkg.channels) {
      INFO(cname);
      const ChannelLayout layout = layout_channel(ch, &pkg);
      for (int columns : {-1, 0, 1, 2}) {
        SvgOptions options;
        options.columns_per_row = columns;
        check_svg(graph_svg(layout, {name, cname, false}, options), layout);
      }
      read_dot(graph_dot(layout, {name, cname, false}, true));
    }
  }
  // cert-watcher: its deprecated alpha channel's heading and its deprecated 1.0.0 in the SVG.
  const model::Package& cw = report.model.packages.at("cert-watcher");
  const std::string svg = graph_svg(layout_package(cw), {"cert-watcher", "", false});
  CHECK(svg.find(">alpha  [deprecated]</text>") != std::string::npos);
}

TEST_CASE("graph export: export_graph names unknown packages and channels and writes each format", "[export]") {
  const ValidationReport report = load_catalog(source_dir() + "/samples/catalog");
  GraphExportRequest request;
  request.package = "nope";
  CHECK(export_graph(report.model, request).error == "package nope is not in the catalog");
  request.package = "cert-watcher";
  request.channel = "nope";
  CHECK(export_graph(report.model, request).error == "package cert-watcher has no channel nope");
  request.channel = "stable";
  request.format = GraphFormat::Json;
  const GraphExport json = export_graph(report.model, request);
  CHECK(json.error.empty());
  const model::Package& cw = report.model.packages.at("cert-watcher");
  CHECK(json.text == layout_json(layout_channel(cw.channels.at("stable"), &cw)).dump(2) + "\n");
  request.format = GraphFormat::Dot;
  CHECK(export_graph(report.model, request).text == graph_dot(layout_channel(cw.channels.at("stable"), &cw), {"cert-watcher", "stable", false}, true));
  request.format = GraphFormat::Svg;
  request.light = false;
  SvgOptions dark;
  dark.light = false;
  CHECK(export_graph(report.model, request).text == graph_svg(layout_channel(cw.channels.at("stable"), &cw), {"cert-watcher", "stable", false}, dark));
  GraphFormat f = GraphFormat::Dot;
  CHECK(parse_graph_format("svg", f));
  CHECK(f == GraphFormat::Svg);
  CHECK_FALSE(parse_graph_format("png", f));
  CHECK(f == GraphFormat::Svg);
}

TEST_CASE("graph export: svg_text escapes markup and keeps XML's characters", "[export][svg]") {
  CHECK(svg_text("<a href=\"x\">&'</a>") == "&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;");
  CHECK(svg_text("a\nb") == "a\\x0Ab");
  CHECK(svg_text("a\nb", true) == "a&#10;b");
  CHECK(svg_text(std::string("\x01\x7f\xff") + "\xef\xbf\xbe") == "\\x01\\x7F\\xFF\\xEF\\xBF\\xBE");
  CHECK(svg_text("\xc3\xa9\tx") == "\xc3\xa9\tx");
}

}  // namespace
}  // namespace fbclens::test
