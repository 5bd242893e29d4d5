#include "view_model.h"

#include "load/utf8.h"

#include <algorithm>
#include <cctype>

namespace fbclens::web {

namespace {

// Typed reads that never throw: the worker's JSON is ours, but a view must not crash on surprises.
std::string text(const Json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

template <typename T>
T number(const Json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_number() ? it->get<T>() : T{};
}

bool flag(const Json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_boolean() && it->get<bool>();
}

const Json& list(const Json& j, const char* key) {
  static const Json empty = Json::array();
  auto it = j.find(key);
  return it != j.end() && it->is_array() ? *it : empty;
}

// A deprecation is a message, or null when the object is not deprecated.
bool is_deprecated(const Json& j, std::string& message) {
  message = text(j, "deprecation");
  return j.contains("deprecation") && j["deprecation"].is_string();
}

// The fields package and channel rows share: name, deprecation, where, findings.
template <typename Row>
void read_object_row(const Json& j, Row& row) {
  row.name = text(j, "name");
  row.deprecated = is_deprecated(j, row.deprecation);
  row.where = text(j, "where");
  row.findings = number<int>(j, "findings");
}

int severity_index(const std::string& name) { return name == "warning" ? 1 : name == "info" ? 2 : 0; }

}  // namespace

std::string preview_text(const std::string& multiline, std::size_t limit) {
  std::string text = multiline;
  std::replace_if(text.begin(), text.end(), [](char c) { return c == '\n' || c == '\r' || c == '\t'; }, ' ');
  if (text.size() <= limit) return text;
  std::size_t cut = text.rfind(' ', limit);
  if (cut == std::string::npos || cut < limit / 2) cut = utf8_cut_point(text, limit);  // no word break nearby
  std::size_t end = cut;
  while (end > 0 && (text[end - 1] == ',' || text[end - 1] == ' ')) --end;  // "a, b, " reads as "a, b"
  return text.substr(0, end) + "... (+" + std::to_string(utf8_length(text, end)) + " characters)";
}

std::vector<FindingListRow> finding_list_rows(const CatalogView& view, const bool (&show_severity)[3], bool only_opm) {
  std::vector<FindingListRow> rows;
  const std::string* group = nullptr;
  for (int i = 0; i < static_cast<int>(view.findings.size()); ++i) {
    const FindingRow& f = view.findings[i];
    if (!show_severity[std::clamp(f.severity, 0, 2)] || (only_opm && !f.reported_by_opm)) continue;
    if (!group || *group != f.group) {
      group = &f.group;
      rows.push_back({true, i});
    }
    rows.push_back({false, i});
  }
  return rows;
}

CatalogView parse_catalog_view(const Json& view, unsigned generation) {
  CatalogView v;
  v.generation = generation;
  if (!view.is_object()) return v;
  static const Json no_summary = Json::object();
  const Json& summary = view.contains("summary") && view["summary"].is_object() ? view["summary"] : no_summary;
  v.verdict = text(summary, "verdict");
  v.files = number<std::size_t>(summary, "files");
  v.bytes = number<std::size_t>(summary, "bytes");
  v.blobs = number<std::size_t>(summary, "blobs");
  v.packages = number<std::size_t>(summary, "packages");
  v.channels = number<std::size_t>(summary, "channels");
  v.bundles = number<std::size_t>(summary, "bundles");
  for (const Json& f : list(summary, "findings")) {
    FindingRow row;
    row.severity = severity_index(text(f, "severity"));
    row.file = text(f, "file");
    row.line = number<std::uint32_t>(f, "line");
    row.column = number<std::uint32_t>(f, "column");
    row.package = text(f, "package");
    row.channel = text(f, "channel");
    row.bundle = text(f, "bundle");
    // The core formats these (export/report_json.h); the list shows them as they are.
    row.group = text(f, "group");
    row.code = text(f, "code");
    row.where = text(f, "where");
    for (const Json& n : list(f, "notes")) row.notes.push_back({text(n, "where"), text(n, "message")});
    row.message = text(f, "message");
    row.opm_message = text(f, "opmMessage");
    row.message_preview = preview_text(row.message);
    row.opm_preview = preview_text(row.opm_message);
    row.reported_by_opm = flag(f, "reportedByOpm");
    row.index = static_cast<int>(v.findings.size());
    v.findings.push_back(std::move(row));
  }
  // Grouped package > channel > bundle, keeping the reported order inside a group.
  std::stable_sort(v.findings.begin(), v.findings.end(),
                   [](const FindingRow& a, const FindingRow& b) { return a.group < b.group; });
  for (const Json& pj : list(view, "packages")) {
    PackageRow p;
    read_object_row(pj, p);
    p.default_channel = text(pj, "defaultChannel");
    for (const Json& cj : list(pj, "channels")) {
      ChannelRow c;
      read_object_row(cj, c);
      c.is_default = flag(cj, "isDefault");
      for (const Json& bj : list(cj, "bundles")) {
        BundleRow b;
        b.name = text(bj, "name");
        b.version = text(bj, "version");
        b.image = text(bj, "image");
        b.properties = number<std::size_t>(bj, "properties");
        b.related_images = number<std::size_t>(bj, "relatedImages");
        b.bundle_objects = number<std::size_t>(bj, "bundleObjects");
        b.head = flag(bj, "head");
        b.deprecated = is_deprecated(bj, b.deprecation);
        b.where = text(bj, "where");
        c.bundles.push_back(std::move(b));
      }
      p.channels.push_back(std::move(c));
    }
    v.package_rows.push_back(std::move(p));
  }
  return v;
}

void apply_search(CatalogView& view, const std::string& query) {
  const auto lower = [](std::string t) {
    for (char& c : t) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return t;
  };
  const std::string needle = lower(query);
  const auto match = [&](const std::string& text) { return needle.empty() || lower(text).find(needle) != std::string::npos; };
  for (PackageRow& p : view.package_rows) {
    const bool package_match = match(p.name);
    p.visible = package_match;
    for (ChannelRow& c : p.channels) {
      const bool channel_match = package_match || match(c.name);
      p.visible = p.visible || channel_match;
      for (BundleRow& b : c.bundles) {
        b.visible = channel_match || match(b.name);
        p.visible = p.visible || b.visible;
      }
    }
  }
}

SearchMatch first_search_match(const CatalogView& view, const std::string& query) {
  const auto lower = [](std::string t) {
    for (char& c : t) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return t;
  };
  const std::string needle = lower(query);
  const auto match = [&](const std::string& text) { return !needle.empty() && lower(text).find(needle) != std::string::npos; };
  for (const PackageRow& p : view.package_rows) {
    if (!p.visible) continue;
    if (match(p.name) || needle.empty()) {
      std::string channel = p.default_channel;
      if (std::none_of(p.channels.begin(), p.channels.end(), [&](const ChannelRow& c) { return c.name == channel; })) {
        channel = p.channels.empty() ? "" : p.channels.front().name;
      }
      return {p.name, channel, ""};
    }
    for (const ChannelRow& c : p.channels) {
      if (match(c.name)) return {p.name, c.name, ""};
      for (const BundleRow& b : c.bundles) {
        if (b.visible && match(b.name)) return {p.name, c.name, b.name};
      }
    }
  }
  return {};
}

BundleDetails parse_bundle_details(const Json& j) {
  BundleDetails d;
  if (!j.is_object()) {
    d.error = "malformed answer";
    return d;
  }
  d.package = text(j, "package");
  d.channel = text(j, "channel");
  d.name = text(j, "name");
  d.version = text(j, "version");
  d.release = text(j, "release");
  d.image = text(j, "image");
  d.where = text(j, "where");
  d.head = flag(j, "head");
  d.deprecated = is_deprecated(j, d.deprecation);
  d.replaces = text(j, "replaces");
  d.skip_range = text(j, "skipRange");
  for (const Json& s : list(j, "skips")) {
    if (s.is_string()) d.skips.push_back(s.get<std::string>());
  }
  for (const Json& p : list(j, "properties")) d.properties.push_back({text(p, "type"), text(p, "value"), flag(p, "truncated")});
  for (const Json& r : list(j, "relatedImages")) d.related_images.emplace_back(text(r, "name"), text(r, "image"));
  d.bundle_objects = number<std::size_t>(j, "bundleObjects");
  d.bundle_object_bytes = number<std::uint64_t>(j, "bundleObjectBytes");
  return d;
}

std::vector<std::string> band_titles(const CatalogView& view, const std::string& package, const ChannelLayout& layout) {
  const PackageRow* row = nullptr;
  for (const PackageRow& p : view.package_rows) {
    if (p.name == package) row = &p;
  }
  std::vector<std::string> titles;
  for (const LayoutBand& band : layout.bands) {
    std::string title = band.channel;
    for (std::size_t i = 0; row && i < row->channels.size(); ++i) {
      const ChannelRow& c = row->channels[i];
      if (c.name == band.channel) title += std::string(c.is_default ? "  [default]" : "") + (c.deprecated ? "  [deprecated]" : "");
    }
    titles.push_back(std::move(title));
  }
  return titles;
}

ChannelLayout parse_layout(const Json& layout) {
  ChannelLayout out;
  if (!layout.is_object()) return out;
  out.layers = number<int>(layout, "layers");
  out.lanes = number<int>(layout, "lanes");
  out.heads = number<int>(layout, "heads");
  for (const Json& nj : list(layout, "nodes")) {
    LayoutNode n;
    n.name = text(nj, "name");
    n.label = text(nj, "label");
    n.short_label = text(nj, "shortLabel");
    n.tiny_label = text(nj, "tinyLabel");
    n.channel = text(nj, "channel");
    n.x = number<float>(nj, "x");
    n.y = number<float>(nj, "y");
    n.layer = number<int>(nj, "layer");
    n.lane = number<int>(nj, "lane");
    n.band = number<int>(nj, "band");
    n.head = flag(nj, "head");
    n.deprecated = flag(nj, "deprecated");
    out.nodes.push_back(std::move(n));
  }
  const int count = static_cast<int>(out.nodes.size());
  const auto valid = [count](int i) { return i >= 0 && i < count; };
  for (const Json& rj : list(layout, "ranges")) {
    SkipRangeGroup r;
    r.to = number<int>(rj, "to");
    r.range = text(rj, "range");
    for (const Json& i : list(rj, "from")) {
      if (i.is_number_integer() && valid(i.get<int>())) r.from.push_back(i.get<int>());
    }
    out.ranges.push_back(std::move(r));
  }
  for (const Json& ej : list(layout, "edges")) {
    LayoutEdge e;
    e.from = number<int>(ej, "from");
    e.to = number<int>(ej, "to");
    const std::string kind = text(ej, "kind");
    e.kind = kind == "skips" ? EdgeKind::Skips : kind == "skipRange" ? EdgeKind::SkipRange : EdgeKind::Replaces;
    e.classic_ignored = flag(ej, "classicIgnored");
    e.range = ej.contains("range") && ej["range"].is_number_integer() ? ej["range"].get<int>() : -1;
    if (e.range >= static_cast<int>(out.ranges.size())) e.range = -1;
    if (valid(e.from) && valid(e.to)) out.edges.push_back(e);
  }
  for (const Json& bj : list(layout, "bands")) {
    LayoutBand b{text(bj, "channel"), number<int>(bj, "firstLane"), number<int>(bj, "lanes"), number<int>(bj, "columns"),
                 number<int>(bj, "heads")};
    b.is_default = flag(bj, "isDefault");
    b.deprecated = flag(bj, "deprecated");
    out.bands.push_back(std::move(b));
  }
  // Every node and ghost in a band that exists, so the UI can index bands by them.
  if (out.bands.empty() && !out.nodes.empty()) out.bands.push_back({out.nodes.front().channel, 0, std::max(1, out.lanes), out.layers});
  const int bands = static_cast<int>(out.bands.size());
  for (LayoutNode& n : out.nodes) n.band = std::clamp(n.band, 0, std::max(0, bands - 1));
  for (const Json& gj : list(layout, "ghosts")) {
    LayoutGhost g;
    g.name = text(gj, "name");
    for (const Json& n : list(gj, "names")) {
      if (n.is_string()) g.names.push_back(n.get<std::string>());
    }
    if (g.names.empty()) g.names.push_back(g.name);
    g.label = text(gj, "label");
    g.short_label = text(gj, "shortLabel");
    g.tiny_label = text(gj, "tinyLabel");
    g.channel = text(gj, "channel");
    g.listed_in = text(gj, "listedIn");
    g.x = number<float>(gj, "x");
    g.y = number<float>(gj, "y");
    g.layer = number<int>(gj, "layer");
    g.lane = number<int>(gj, "lane");
    g.band = std::clamp(number<int>(gj, "band"), 0, std::max(0, bands - 1));
    out.ghosts.push_back(std::move(g));
  }
  const int ghosts = static_cast<int>(out.ghosts.size());
  for (const Json& ej : list(layout, "ghostEdges")) {
    GhostEdge e;
    e.ghost = number<int>(ej, "ghost");
    e.to = number<int>(ej, "to");
    e.kind = text(ej, "kind") == "skips" ? EdgeKind::Skips : EdgeKind::Replaces;
    if (e.ghost >= 0 && e.ghost < ghosts && valid(e.to)) out.ghost_edges.push_back(e);
  }
  return out;
}

}  // namespace fbclens::web
