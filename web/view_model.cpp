#include "view_model.h"

#include <algorithm>
#include <cctype>

namespace fbclens::web {

namespace {

std::string where(const SourceLocation& l) {
  if (l.file.empty()) return "";
  return l.line ? l.file + ":" + std::to_string(l.line) : l.file;
}

}  // namespace

CatalogView build_catalog_view(const ValidationReport& report, unsigned generation) {
  CatalogView v;
  v.generation = generation;
  v.verdict = verdict_name(report.verdict);
  for (const CatalogFile& f : report.load.files) v.files += !f.ignored;
  v.bytes = report.load.total_bytes;
  v.blobs = report.load.blobs.size();
  for (const Blob& b : report.load.blobs) {
    v.packages += b.schema == "olm.package";
    v.channels += b.schema == "olm.channel";
    v.bundles += b.schema == "olm.bundle";
  }
  for (const Finding& f : report.findings) {
    FindingRow row;
    row.severity = static_cast<int>(f.info().severity);
    row.file = f.location.file;
    row.line = f.location.line;
    row.column = f.location.column;
    row.group = f.object.package.empty() ? "catalog files" : "package " + f.object.package;
    if (!f.object.channel.empty()) row.group += " > channel " + f.object.channel;
    row.code = std::string(f.info().code);
    row.where = where(f.location) + (f.location.column ? ":" + std::to_string(f.location.column) : "");
    row.message = f.message;
    row.opm_message = f.opm_message;
    row.reported_by_opm = f.reported_by_opm;
    row.package = f.object.package;
    row.channel = f.object.channel;
    row.bundle = f.object.bundle;
    v.findings.push_back(std::move(row));
  }
  // Grouped package > channel, keeping the reported order inside a group.
  std::stable_sort(v.findings.begin(), v.findings.end(),
                   [](const FindingRow& a, const FindingRow& b) { return a.group < b.group; });
  const auto& cfg = report.config;
  for (const auto& [name, pkg] : report.model.packages) {
    PackageRow p;
    p.name = name;
    p.default_channel = pkg.default_channel;
    p.deprecated = pkg.deprecation.has_value();
    p.deprecation = pkg.deprecation.value_or("");
    if (pkg.package_blob >= 0) p.where = where(report.load.locate(report.load.blobs[cfg.packages[pkg.package_blob].blob]));
    for (const auto& [cname, ch] : pkg.channels) {
      ChannelRow c;
      c.name = cname;
      c.is_default = cname == pkg.default_channel;
      c.deprecated = ch.deprecation.has_value();
      c.deprecation = ch.deprecation.value_or("");
      if (ch.channel_blob >= 0) c.where = where(report.load.locate(report.load.blobs[cfg.channels[ch.channel_blob].blob]));
      const std::vector<std::string> heads = model::channel_heads(ch);
      for (const auto& [bname, b] : ch.bundles) {
        BundleRow r;
        r.name = bname;
        r.version = b.version ? b.version->to_string() : "";
        r.head = heads.size() == 1 && heads[0] == bname;
        r.deprecated = b.deprecation.has_value();
        r.deprecation = b.deprecation.value_or("");
        if (b.bundle_blob >= 0) {
          const declcfg::Bundle& blob = cfg.bundles[b.bundle_blob];
          r.where = where(report.load.locate(report.load.blobs[blob.blob]));
          r.image = blob.image;
          r.properties = blob.properties.size();
          r.related_images = blob.related_images.size();
          r.bundle_objects = blob.object_count;
        }
        c.bundles.push_back(std::move(r));
      }
      // Newest first: by version precedence, unknown versions last.
      const model::Channel& channel = ch;  // C++17 lambdas cannot capture structured bindings
      std::stable_sort(c.bundles.begin(), c.bundles.end(), [&channel](const BundleRow& a, const BundleRow& b) {
        const auto& va = channel.bundles.at(a.name).version;
        const auto& vb = channel.bundles.at(b.name).version;
        if (va && vb) return semver::compare(*va, *vb) > 0;
        return va.has_value() && !vb.has_value();
      });
      for (const FindingRow& f : v.findings) c.findings += f.package == name && f.channel == cname;
      p.channels.push_back(std::move(c));
    }
    for (const FindingRow& f : v.findings) p.findings += f.package == name;
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

std::vector<std::pair<std::uint32_t, std::string>> source_excerpt(const std::string& text, std::uint32_t line, int context) {
  std::vector<std::pair<std::uint32_t, std::string>> out;
  if (line == 0) return out;
  const std::uint32_t first = line > static_cast<std::uint32_t>(context) ? line - context : 1;
  const std::uint32_t last = line + context;
  std::uint32_t n = 1;
  std::size_t start = 0;
  while (start <= text.size() && n <= last) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    if (n >= first) {
      std::string s = text.substr(start, std::min<std::size_t>(end - start, 240));
      if (!s.empty() && s.back() == '\r') s.pop_back();
      out.emplace_back(n, std::move(s));
    }
    if (end == text.size()) break;
    start = end + 1;
    ++n;
  }
  return out;
}

ChannelLayout build_channel_layout(const ValidationReport& report, const std::string& package, const std::string& channel) {
  auto pkg = report.model.packages.find(package);
  if (pkg == report.model.packages.end()) return {};
  auto ch = pkg->second.channels.find(channel);
  if (ch == pkg->second.channels.end()) return {};
  return layout_channel(ch->second);
}

}  // namespace fbclens::web
