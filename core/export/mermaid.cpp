// render-graph (spec validation.md §4): opm's MermaidWriter.WriteChannels, its quirks kept.
//
// [SECTION] versions     — the bundle-name → version map and opm's errors while building it
// [SECTION] filter       — --package-name / --minimum-edge applied to one channel
// [SECTION] draw         — channels into per-package buffers, then the whole text
// [SECTION] limits       — Mermaid's default maxTextSize / maxEdges
#include "export/mermaid.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "declcfg/go_shape.h"
#include "export/go_sort.h"
#include "findings/go_format.h"
#include "semver/blang.h"

namespace fbclens {

namespace {

using declcfg::ChannelEntry;

// ---------------------------------------------------------------------------------------------
// [SECTION] versions

using VersionMap = std::unordered_map<std::string, semver::Version>;

// opm parses a bundle's properties with property.Parse after render's
// moveBundleObjectsToEndOfPropertySlices: olm.bundle.object and olm.csv.metadata properties go
// last, so both the property reported on failure and its index are those of that order.
std::vector<const declcfg::Property*> render_property_order(const declcfg::Bundle& b) {
  std::vector<const declcfg::Property*> out;
  const auto moved = [](const declcfg::Property& p) { return p.type == "olm.bundle.object" || p.type == "olm.csv.metadata"; };
  for (const declcfg::Property& p : b.properties) {
    if (!moved(p)) out.push_back(&p);
  }
  for (const declcfg::Property& p : b.properties) {
    if (moved(p)) out.push_back(&p);
  }
  return out;
}

// The version of one olm.bundle (opm's parseVersionProperty); "" error = parsed.
semver::Version bundle_version(const declcfg::Bundle& b, std::string& error) {
  const std::vector<const declcfg::Property*> props = render_property_order(b);
  for (std::size_t i = 0; i < props.size(); ++i) {
    if (!props[i]->error.empty()) {
      error = "parse properties for bundle " + go_quote(b.name) + ": parse property[" + std::to_string(i) + "] of type " +
              go_quote(props[i]->type) + ": " + props[i]->error;
      return {};
    }
  }
  const declcfg::Property* package = nullptr;
  int packages = 0;
  for (const declcfg::Property* p : props) {
    if (p->type != "olm.package") continue;
    if (!package) package = p;
    ++packages;
  }
  if (packages != 1) {
    // opm says "multiple" for zero as well.
    error = "bundle " + go_quote(b.name) + " has multiple \"olm.package\" properties, expected exactly 1";
    return {};
  }
  std::string text;
  if (package->value && package->value->is_object()) {
    const Json* v = go_field(*package->value, "version");
    if (v && v->is_string()) text = v->get<std::string>();
  }
  std::string parse_error;
  std::optional<semver::Version> version = semver::parse(text, &parse_error);
  if (!version) {
    error = "bundle " + go_quote(b.name) + " has invalid version " + go_quote(text) + ": " + parse_error;
    return {};
  }
  return *version;
}

// getBundleVersions: the first olm.bundle of each name, across packages, in load order; the first
// bundle that fails stops everything (later blobs of a name already seen are never parsed).
VersionMap bundle_versions(const declcfg::DeclarativeConfig& cfg, std::string& error) {
  VersionMap out;
  for (const declcfg::Bundle& b : cfg.bundles) {
    if (out.count(b.name)) continue;
    semver::Version v = bundle_version(b, error);
    if (!error.empty()) return out;
    out.emplace(b.name, std::move(v));
  }
  return out;
}

// A Go map lookup: a name without a bundle is the zero Version, 0.0.0.
const semver::Version& version_of(const VersionMap& versions, const std::string& name) {
  static const semver::Version zero;
  const auto it = versions.find(name);
  return it == versions.end() ? zero : it->second;
}

// ---------------------------------------------------------------------------------------------
// [SECTION] filter

struct DrawnChannel {
  const declcfg::Channel* channel = nullptr;
  std::vector<ChannelEntry> entries;  ///< the kept entries, in the channel's order
};

// opm's filterChannel: nullopt = channel not drawn.
std::optional<DrawnChannel> filter_channel(const declcfg::Channel& c, const MermaidOptions& options, const VersionMap& versions,
                                           const semver::Version& floor, const std::string& floor_package) {
  DrawnChannel out{&c, {}};
  if (options.minimum_edge.empty() && options.package_name.empty()) {
    out.entries = c.entries;
    return out;
  }
  if (!options.package_name.empty() && c.package != options.package_name) return std::nullopt;
  if (!floor_package.empty() && c.package != floor_package) return std::nullopt;
  for (const ChannelEntry& e : c.entries) {
    const bool had_edges = !e.replaces.empty() || !e.skips.empty() || !e.skip_range.empty();
    ChannelEntry kept;
    kept.name = e.name;
    kept.index = e.index;
    if (options.minimum_edge.empty()) {
      // Only --package-name: every entry is kept whole.
      out.entries.push_back(e);
      continue;
    }
    if (e.name == options.minimum_edge) {
      // The floor itself is drawn without its edges (they all point below it).
      out.entries.push_back(kept);
      continue;
    }
    if (!e.replaces.empty() && semver::compare(version_of(versions, e.replaces), floor) >= 0) kept.replaces = e.replaces;
    for (const std::string& s : e.skips) {
      if (semver::compare(version_of(versions, s), floor) >= 0) kept.skips.push_back(s);
    }
    if (!e.skip_range.empty()) {
      // A range that does not parse is silently dropped here (no warning under a floor).
      std::optional<semver::Range> range = semver::parse_range(e.skip_range);
      if (range && range->contains(floor)) kept.skip_range = e.skip_range;
    }
    const bool kept_edges = !kept.replaces.empty() || !kept.skips.empty() || !kept.skip_range.empty();
    if (kept_edges || (!had_edges && semver::compare(version_of(versions, e.name), floor) >= 0)) {
      out.entries.push_back(std::move(kept));
    }
  }
  if (out.entries.empty()) return std::nullopt;
  return out;
}

// ---------------------------------------------------------------------------------------------
// [SECTION] draw

// One node reference as opm writes it: the ID unescaped (names with spaces or brackets break the
// Mermaid, as in opm), the label Go-quoted.
std::string node(const std::string& id_prefix, const std::string& name) { return id_prefix + name + "[" + go_quote(name) + "]"; }

}  // namespace

MermaidGraph render_mermaid_graph(const declcfg::DeclarativeConfig& cfg, const MermaidOptions& options) {
  MermaidGraph out;

  // Channels in name order. Go's sort.Slice is unstable: same-named channels (one per package,
  // usually) end where pdqsort leaves them for this input order, which decides the order of their
  // `style` lines and their edges' linkStyle numbers. go_sort_slice makes the same moves.
  std::vector<const declcfg::Channel*> channels;
  channels.reserve(cfg.channels.size());
  for (const declcfg::Channel& c : cfg.channels) channels.push_back(&c);
  go_sort_slice(channels, [](const declcfg::Channel* a, const declcfg::Channel* b) { return a->name < b->name; });

  const VersionMap versions = bundle_versions(cfg, out.error);
  if (!out.error.empty()) return out;

  semver::Version floor;  // 0.0.0: no floor
  if (!options.minimum_edge.empty()) {
    const auto it = versions.find(options.minimum_edge);
    if (it == versions.end()) {
      out.error = "unknown minimum edge name: " + go_quote(options.minimum_edge);
      return out;
    }
    floor = it->second;
  }
  // The floor's package: that of the first channel, in the sorted order, listing it ("" = none
  // lists it; then every package is drawn, under the floor's version).
  std::string floor_package;
  if (!options.minimum_edge.empty()) {
    for (const declcfg::Channel* c : channels) {
      const bool lists = std::any_of(c->entries.begin(), c->entries.end(),
                                     [&](const ChannelEntry& e) { return e.name == options.minimum_edge; });
      if (lists) {
        floor_package = c->package;
        break;
      }
    }
  }

  // Deprecations by name alone (quirk: not package-qualified for channels and bundles).
  std::unordered_set<std::string> deprecated_packages, deprecated_channels, deprecated_bundles;
  for (const declcfg::Deprecation& d : cfg.deprecations) {
    for (const declcfg::DeprecationEntry& e : d.entries) {
      if (e.reference.schema == "olm.package") deprecated_packages.insert(d.package);
      else if (e.reference.schema == "olm.channel") deprecated_channels.insert(e.reference.name);
      else if (e.reference.schema == "olm.bundle") deprecated_bundles.insert(e.reference.name);
    }
  }

  std::map<std::string, std::string> packages;  // package name → its channel blocks (byte order)
  std::string deprecated_package;
  std::vector<std::string> deprecated_channel_ids;
  std::map<std::string, std::vector<std::string>> classes = {{"deprecated", {}}, {"deprecatedskipped", {}}, {"skipped", {}}};
  std::size_t link = 0;  // edges so far, over all channels in name order
  std::vector<std::size_t> skipped_links;

  for (const declcfg::Channel* c : channels) {
    const std::optional<DrawnChannel> drawn = filter_channel(*c, options, versions, floor, floor_package);
    if (!drawn) continue;
    std::string& block = packages[c->package];
    const std::string channel_id = c->package + "-" + c->name;
    block += "    %% channel " + go_quote(c->name) + "\n";
    block += "    subgraph " + channel_id + "[" + go_quote(c->name) + "]\n";
    if (deprecated_packages.count(c->package)) deprecated_package = c->package;
    if (deprecated_channels.count(c->name)) deprecated_channel_ids.push_back(channel_id);

    // Entries by decreasing version, Go's unstable sort again: entries of equal version (no
    // bundle, or versions differing in build metadata only) keep pdqsort's order.
    std::vector<const ChannelEntry*> sorted;
    sorted.reserve(drawn->entries.size());
    for (const ChannelEntry& e : drawn->entries) sorted.push_back(&e);
    go_sort_slice(sorted, [&](const ChannelEntry* a, const ChannelEntry* b) {
      return semver::compare(version_of(versions, a->name), version_of(versions, b->name)) > 0;
    });

    // OLM Classic semantics (--draw-v0-semantics): the names skipped so far in this channel. A
    // second skip of a name, and every replace or skipRange edge into a skipped entry, is styled.
    std::unordered_set<std::string> skipped;
    const auto edge_into = [&](const std::string& entry) {
      if (options.draw_v0_semantics && skipped.count(entry)) skipped_links.push_back(link);
      ++link;
    };
    const std::string prefix = channel_id + "-";
    for (const ChannelEntry* e : sorted) {
      const std::string entry_node = node(prefix, e->name);
      block += "      " + entry_node + "\n";
      const bool is_deprecated = deprecated_bundles.count(e->name) > 0, is_skipped = skipped.count(e->name) > 0;
      if (is_deprecated || is_skipped) {
        classes[is_deprecated && is_skipped ? "deprecatedskipped" : is_deprecated ? "deprecated" : "skipped"].push_back(prefix + e->name);
      }
      for (const std::string& s : e->skips) {
        block += "      " + node(prefix, s) + "-- skip --> " + entry_node + "\n";
        if (options.draw_v0_semantics && !skipped.insert(s).second) skipped_links.push_back(link);
        ++link;
      }
      if (!e->skip_range.empty()) {
        std::string range_error;
        const std::optional<semver::Range> range = semver::parse_range(e->skip_range, &range_error);
        if (range) {
          // Every drawn entry of the channel (in channel order, the entry itself included) whose
          // version is in the range; entries without a bundle are 0.0.0.
          for (const ChannelEntry& from : drawn->entries) {
            if (!range->contains(version_of(versions, from.name))) continue;
            block += "      " + node(prefix, from.name) + "-- \"skipRange(" + e->skip_range + ")\" --> " + entry_node + "\n";
            edge_into(e->name);
          }
        } else {
          out.warnings.push_back("warning: ignoring invalid SkipRange for package/edge " + go_quote(c->package) + "/" +
                                 go_quote(e->name) + ": " + range_error);
        }
      }
      if (!e->replaces.empty()) {
        block += "      " + node(prefix, e->replaces) + "-- replace --> " + entry_node + "\n";
        edge_into(e->name);
      }
    }
    block += "    end\n";
  }

  std::string& text = out.text;
  text = "graph LR\n"
         "  classDef deprecated fill:#E8960F\n"
         "  classDef skipped stroke:#FF0000,stroke-width:4px\n"
         "  classDef deprecatedskipped fill:#E8960F,stroke:#FF0000,stroke-width:4px\n";
  for (const auto& [name, block] : packages) {
    text += "  %% package " + go_quote(name) + "\n";
    text += "  subgraph " + go_quote(name) + "\n";
    text += block;
    text += "  end\n";
  }
  // Quirk: one style line for the last deprecated package drawn, by an ID no subgraph has.
  if (!deprecated_package.empty()) text += "style " + deprecated_package + " fill:#989695\n";
  for (const std::string& id : deprecated_channel_ids) text += "style " + id + " fill:#DCD0FF\n";
  for (auto& [name, ids] : classes) {  // deprecated, deprecatedskipped, skipped
    if (ids.empty()) continue;
    std::sort(ids.begin(), ids.end());
    text += "class ";
    for (std::size_t i = 0; i < ids.size(); ++i) text += (i ? "," : "") + ids[i];
    text += " " + name + "\n";
  }
  // Quirk: the indices count edges in channel-name order, Mermaid counts them in text order; they
  // agree only when one package is drawn.
  if (!skipped_links.empty()) {
    text += "linkStyle ";
    for (std::size_t i = 0; i < skipped_links.size(); ++i) text += (i ? "," : "") + std::to_string(skipped_links[i]);
    text += " stroke:#FF0000,stroke-width:3px,stroke-dasharray:5;\n";
  }
  out.edges = link;
  return out;
}

// ---------------------------------------------------------------------------------------------
// [SECTION] limits

MermaidLimits mermaid_limits(const MermaidGraph& graph) {
  MermaidLimits out;
  const std::string& s = graph.text;
  for (std::size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    const std::size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    bool valid = len > 0 && i + len <= s.size();
    for (std::size_t k = 1; valid && k < len; ++k) valid = (static_cast<unsigned char>(s[i + k]) & 0xC0) == 0x80;
    if (!valid) {
      ++out.text_size;  // one replacement character
      ++i;
      continue;
    }
    out.text_size += len == 4 ? 2 : 1;  // astral characters are surrogate pairs
    i += len;
  }
  out.edges = graph.edges;
  out.text_too_large = out.text_size > kMermaidMaxTextSize;
  out.too_many_edges = out.edges > kMermaidMaxEdges;
  return out;
}

}  // namespace fbclens
