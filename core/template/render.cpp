// Rendering a template offline (template.h): basic.Render, semver.Render and substitutes.Render of
// operator-registry at 4f9d6f222b01, with each bundle image's content taken from a catalog that
// holds it (BundleIndex) instead of a registry.
//
// [SECTION] Bundle index and skeletons
// [SECTION] basic
// [SECTION] semver
// [SECTION] substitutes
#include <algorithm>
#include <map>
#include <set>

#include "declcfg/go_shape.h"
#include "findings/go_format.h"
#include "model/names.h"
#include "semver/blang.h"
#include "template/template.h"

namespace fbclens::tmpl {

// =====================================================================================================
// [SECTION] Bundle index and skeletons
// =====================================================================================================

std::string image_digest(const std::string& image) {
  const std::size_t at = image.rfind('@');
  if (at == std::string::npos || at + 1 >= image.size()) return {};
  return image.substr(at + 1);
}

void BundleIndex::add(BundleFacts facts) {
  const std::size_t i = bundles_.size();
  by_image_.emplace(facts.image, i);
  const std::string digest = image_digest(facts.image);
  if (!digest.empty()) by_digest_.emplace(digest, i);
  bundles_.push_back(std::move(facts));
}

void BundleIndex::add_catalog(const model::Model& model, const std::string& root) {
  for (const auto& [name, package] : model.packages) {
    for (const model::PackageBundle& b : package.bundles) {
      BundleFacts facts;
      facts.name = b.name;
      facts.package = name;
      facts.image = b.image;
      if (b.properties.package) {
        facts.version = b.properties.package->version;
        facts.release = b.properties.package->release;
      }
      if (b.declared) {
        for (const declcfg::Property& p : b.declared->properties) facts.package_properties += p.type == "olm.package";
      }
      if (b.properties.csv) {
        const property::CsvMetadata& csv = *b.properties.csv;
        facts.has_csv = true;
        facts.csv_description = csv.description ? *csv.description : std::string();
        facts.csv_icon_known = csv.from_bundle_object;  // olm.csv.metadata has no icon
        if (!csv.icons.empty() && csv.icons.front().base64_data) {
          facts.csv_icon = std::make_pair(*csv.icons.front().base64_data, csv.icons.front().media_type);
        }
      }
      facts.root = root;
      facts.where = b.where;
      add(std::move(facts));
    }
  }
}

const BundleFacts* BundleIndex::find(const std::string& image, const std::vector<std::string>& preferred) const {
  const auto pick = [&](const std::multimap<std::string, std::size_t>& map, const std::string& key) -> const BundleFacts* {
    if (key.empty()) return nullptr;
    const auto range = map.equal_range(key);
    const BundleFacts* any = nullptr;
    for (auto it = range.first; it != range.second; ++it) {
      const BundleFacts& f = bundles_[it->second];
      if (std::find(preferred.begin(), preferred.end(), f.root) != preferred.end()) return &f;
      if (!any || it->second < static_cast<std::size_t>(any - bundles_.data())) any = &f;
    }
    return any;
  };
  if (const BundleFacts* f = pick(by_image_, image)) {
    // A preferred catalog holding the same digest under another reference wins over another
    // catalog holding the very reference: the template renders the catalog beside it.
    if (std::find(preferred.begin(), preferred.end(), f->root) != preferred.end() || preferred.empty()) return f;
    if (const BundleFacts* d = pick(by_digest_, image_digest(image));
        d && std::find(preferred.begin(), preferred.end(), d->root) != preferred.end()) {
      return d;
    }
    return f;
  }
  return pick(by_digest_, image_digest(image));
}

Skeleton skeleton_of(const model::Model& model) {
  Skeleton s;
  for (const auto& [name, package] : model.packages) {
    Skeleton::Package p;
    p.name = name;
    p.default_channel = package.default_channel;
    p.description = package.description;
    if (package.icon) p.icon = std::make_pair(package.icon->base64_data, package.icon->media_type);
    p.where = package.where;
    s.packages.push_back(std::move(p));
    for (const std::string& channel_name : package.channel_order) {
      const auto ch = package.channels.find(channel_name);
      if (ch == package.channels.end() || ch->second.channel_blob < 0) continue;  // a synthesised default
      Skeleton::Channel c;
      c.package = name;
      c.name = channel_name;
      c.where = ch->second.where;
      for (const model::Bundle* e : ch->second.entries()) {
        c.entries.push_back(Skeleton::Entry{e->name, e->replaces, e->skip_range, e->skips, e->where});
      }
      s.channels.push_back(std::move(c));
    }
    for (const model::PackageBundle& b : package.bundles) s.bundles.push_back(Skeleton::Bundle{name, b.name, b.image, b.where});
    for (const model::DeprecationRecord& d : package.deprecations) {
      s.deprecations.push_back(Skeleton::Deprecation{name, d.schema, d.name, d.message, d.where});
    }
  }
  return s;
}

namespace {

std::string json_text(const Json& obj, const char* field) {
  const Json* v = go_field(obj, field);
  return v && v->is_string() ? v->get<std::string>() : std::string();
}

std::string spelled(const Json& obj, const char* name) {
  std::string key;
  return go_field(obj, name, &key) ? key : std::string(name);
}

// The packages, channels and deprecations the template's entries declare, located in the template
// (basic and substitutes render them as they are).
void skeleton_of_entries(const Template& t, Skeleton& s) {
  const LoadResult& load = t.entries_load;
  for (const declcfg::Package& p : t.entries.packages) {
    const Blob& blob = load.blobs[p.blob];
    Skeleton::Package out;
    out.name = p.name;
    out.default_channel = p.default_channel;
    out.description = p.description;
    if (const Json* icon = go_field(blob.document.value, "icon"); icon && icon->is_object()) {
      out.icon = std::make_pair(json_text(*icon, "base64data"), json_text(*icon, "mediatype"));
    }
    out.where = load.locate(blob);
    s.packages.push_back(std::move(out));
  }
  for (const declcfg::Channel& c : t.entries.channels) {
    const Blob& blob = load.blobs[c.blob];
    const std::string key = spelled(blob.document.value, "entries");
    Skeleton::Channel out;
    out.package = c.package;
    out.name = c.name;
    out.where = load.locate(blob);
    for (const declcfg::ChannelEntry& e : c.entries) {
      out.entries.push_back(Skeleton::Entry{e.name, e.replaces, e.skip_range, e.skips,
                                            load.locate(blob, "/" + key + "/" + std::to_string(e.index))});
    }
    s.channels.push_back(std::move(out));
  }
  for (const declcfg::Deprecation& d : t.entries.deprecations) {
    const Blob& blob = load.blobs[d.blob];
    const std::string key = spelled(blob.document.value, "entries");
    for (const declcfg::DeprecationEntry& e : d.entries) {
      s.deprecations.push_back(Skeleton::Deprecation{d.package, e.reference.schema, e.reference.name, e.message,
                                                     load.locate(blob, "/" + key + "/" + std::to_string(e.index))});
    }
  }
}

void image_unavailable(Rendering& r, const std::string& image, const SourceLocation& where) {
  r.findings.push_back(make_finding(FindingId::TemplateImageUnavailable, {image}, where, {}));
}

// =====================================================================================================
// [SECTION] basic
// =====================================================================================================

// basic.go Render: the entries as they are, each bundle entry replaced by the bundle its image
// renders to.
void render_basic(const Template& t, const BundleIndex& index, const std::vector<std::string>& preferred, Rendering& r) {
  skeleton_of_entries(t, r.skeleton);
  bool all = true;
  for (const declcfg::Bundle& b : t.entries.bundles) {
    const Blob& blob = t.entries_load.blobs[b.blob];
    const SourceLocation where = t.entries_load.locate(blob, "/" + spelled(blob.document.value, "image"));
    const BundleFacts* facts = index.find(b.image, preferred);
    if (!facts) {
      image_unavailable(r, b.image, where);
      all = false;
      continue;
    }
    if (!b.name.empty() && b.name != facts->name) {
      r.findings.push_back(make_finding(FindingId::BasicBundleNameIgnored, {b.name, facts->name},
                                        t.entries_load.locate(blob, "/" + spelled(blob.document.value, "name")),
                                        ObjectPath{facts->package, "", facts->name}));
    }
    r.bundles.push_back(Rendering::RenderedBundle{facts, b.image, where});
    r.skeleton.bundles.push_back(Skeleton::Bundle{facts->package, facts->name, b.image, where});
  }
  r.complete = all;
}

// =====================================================================================================
// [SECTION] semver
// =====================================================================================================

enum class Archetype { Candidate = 0, Fast = 1, Stable = 2 };
const char* archetype_name(Archetype a) { return a == Archetype::Candidate ? "candidate" : a == Archetype::Fast ? "fast" : "stable"; }

// streamTypePriorities: minor 2, major 1.
enum class Kind { Major = 1, Minor = 2 };

struct VersionedBundle {
  std::string name;
  semver::Version version;
  SourceLocation where;  ///< its image in the template
};

struct Tuple {  // linkChannels' entryTuple
  Archetype arch;
  Kind kind;
  std::string parent;  ///< channel name
  std::string name;
  semver::Version version;
  std::size_t index;   ///< in the channel's entries
};

std::string stripped_build(semver::Version v) {
  v.build.clear();
  return v.to_string();
}

// getVersionsFromChannel and validateVersions for one archetype; false (with findings) when opm
// stops there.
bool versions_of_channel(const std::vector<Template::SemverBundle>& listed, const std::map<std::string, const BundleFacts*>& rendered,
                         std::string& package, std::vector<VersionedBundle>& out, Rendering& r) {
  const std::string prefix = "render: unable to post-process bundle info: ";
  const auto fail = [&](const std::string& ours, const std::string& opm, const SourceLocation& where, ObjectPath object = {}) {
    r.findings.push_back(make_finding(FindingId::SemverBundleInvalid, {ours, prefix + opm}, where, std::move(object)));
    return false;
  };
  std::set<std::string> names;
  for (const Template::SemverBundle& b : listed) {
    const auto it = rendered.find(b.image);
    if (it == rendered.end() || !it->second) return false;  // already reported as unavailable
    const BundleFacts& f = *it->second;
    const ObjectPath object{f.package, "", f.name};
    if (f.package_properties != 1) {
      const std::string opm = "bundle " + go_quote(f.name) + " has multiple \"olm.package\" properties, expected exactly 1";
      return fail("bundle " + go_quote(f.name) + " has " + std::to_string(f.package_properties) + " olm.package properties; a semver template needs exactly one", opm, b.where, object);
    }
    std::string error;
    const std::optional<semver::Version> v = semver::parse(f.version, &error);
    if (!v) {
      const std::string opm = "bundle " + go_quote(f.name) + " has invalid version " + go_quote(f.version) + ": " + error;
      return fail(opm, opm, b.where, object);
    }
    if (package.empty()) {
      package = f.package;
    } else if (f.package != package) {
      return fail("bundle " + go_quote(f.name) + " is of package " + go_quote(f.package) + ", not " + go_quote(package) + " like the bundles before it",
                  "bundle " + go_quote(f.package) + " does not belong to this package: " + go_quote(package), b.where, object);
    }
    if (!names.insert(f.name).second) {
      return fail("bundle " + go_quote(f.name) + " is listed twice in this channel", "duplicate bundle name " + go_quote(f.name), b.where, object);
    }
    out.push_back(VersionedBundle{f.name, *v, b.where});
  }
  // withoutBuildMetadataConflict: versions equal once build metadata is stripped cannot be ordered.
  std::map<std::string, std::size_t> seen;
  std::vector<std::string> conflicts;
  const VersionedBundle* first_conflict = nullptr;
  for (const VersionedBundle& vb : out) {
    const std::string key = stripped_build(vb.version);
    if (seen[key]++) {
      conflicts.push_back("bundle version " + go_quote(vb.version.to_string()) + " cannot be compared to " + go_quote(key));
      if (!first_conflict) first_conflict = &vb;
    }
  }
  if (!conflicts.empty()) {
    std::string joined;
    for (const std::string& c : conflicts) joined += (joined.empty() ? "" : ", ") + c;
    if (conflicts.size() > 1) joined = "[" + joined + "]";
    return fail("bundle versions differ only by build metadata, which SemVer cannot order: " + joined,
                "encountered bundle versions which differ only by build metadata, which cannot be ordered: " + joined, first_conflict->where);
  }
  return true;
}

bool tuple_less(const Tuple& a, const Tuple& b) {
  if (a.arch != b.arch) return a.arch < b.arch;
  if (a.kind != b.kind) return a.kind < b.kind;
  return semver::compare(a.version, b.version) < 0;
}

// semver.go Render → generateChannels → linkChannels, and populatePackageMetadata.
void render_semver(const Template& t, const BundleIndex& index, const std::vector<std::string>& preferred, Rendering& r) {
  // buildBundleList: every image once; each renders to one bundle.
  std::map<std::string, const BundleFacts*> rendered;
  bool all = true;
  for (const auto* list : {&t.candidate, &t.fast, &t.stable}) {
    for (const Template::SemverBundle& b : *list) {
      if (rendered.count(b.image)) continue;
      const BundleFacts* facts = index.find(b.image, preferred);
      rendered[b.image] = facts;
      if (!facts) {
        image_unavailable(r, b.image, b.where);
        all = false;
        continue;
      }
      r.bundles.push_back(Rendering::RenderedBundle{facts, b.image, b.where});
      r.skeleton.bundles.push_back(Skeleton::Bundle{facts->package, facts->name, b.image, b.where});
    }
  }
  if (!all) return;
  const SourceLocation top{t.file, t.document.position.line, t.document.position.column};
  if (rendered.empty()) {
    r.findings.push_back(make_finding(FindingId::SemverBundleInvalid,
                                      {"the template lists no bundles", "render: no bundles specified or no bundles could be rendered"}, top, {}));
    return;
  }
  std::string package;
  std::map<Archetype, std::vector<VersionedBundle>> versions;
  for (const auto& [arch, list] : {std::pair{Archetype::Candidate, &t.candidate}, std::pair{Archetype::Fast, &t.fast},
                                   std::pair{Archetype::Stable, &t.stable}}) {
    if (!versions_of_channel(*list, rendered, package, versions[arch], r)) return;
  }

  // generateChannels: walk archetypes by priority and each one's bundles by version, creating
  // channels (major and/or minor) as their first bundle arrives; the "high-water" channel (most
  // stable archetype, then higher version of its first bundle, then the preferred kind, then minor
  // over major) becomes the default channel.
  struct HighWater {
    Archetype arch = Archetype::Candidate;
    Kind kind{};
    bool has_kind = false;
    semver::Version version;
    std::string name;
  } hwc;
  const Kind preferred_kind = t.default_channel_type_preference == "major" ? Kind::Major : Kind::Minor;
  const auto gt = [&](const HighWater& h, const HighWater& other) {
    if (h.arch != other.arch) return h.arch > other.arch;
    if (const int c = semver::compare(h.version, other.version); c != 0) return c > 0;
    if (h.has_kind != other.has_kind || h.kind != other.kind) {
      if (h.has_kind && h.kind == preferred_kind) return true;
      if (other.has_kind && other.kind == preferred_kind) return false;
      const int hp = h.has_kind ? static_cast<int>(h.kind) : 0, op = other.has_kind ? static_cast<int>(other.kind) : 0;
      return hp > op;
    }
    return false;
  };
  std::map<std::string, Skeleton::Channel> channels;
  std::vector<Tuple> tuples;
  for (Archetype arch : {Archetype::Candidate, Archetype::Fast, Archetype::Stable}) {
    std::vector<VersionedBundle> bundles = versions[arch];
    std::sort(bundles.begin(), bundles.end(),
              [](const VersionedBundle& a, const VersionedBundle& b) { return semver::compare(a.version, b.version) < 0; });
    for (const VersionedBundle& b : bundles) {
      std::vector<std::pair<Kind, std::string>> names;
      if (t.generate_major) names.emplace_back(Kind::Major, std::string(archetype_name(arch)) + "-v" + std::to_string(b.version.major));
      if (t.generate_minor) {
        names.emplace_back(Kind::Minor, std::string(archetype_name(arch)) + "-v" + std::to_string(b.version.major) + "." +
                                            std::to_string(b.version.minor));
      }
      for (const auto& [kind, name] : names) {
        auto ch = channels.find(name);
        if (ch == channels.end()) {
          Skeleton::Channel c;
          c.package = package;
          c.name = name;
          c.where = b.where;
          ch = channels.emplace(name, std::move(c)).first;
          HighWater candidate{arch, kind, true, b.version, name};
          if (gt(candidate, hwc)) hwc = candidate;
        }
        ch->second.entries.push_back(Skeleton::Entry{b.name, "", "", {}, b.where});
        tuples.push_back(Tuple{arch, kind, name, b.name, b.version, ch->second.entries.size() - 1});
      }
    }
  }

  // linkChannels: in (archetype, kind, version) order, the last bundle of each Y-stream replaces
  // the last bundle of the Y-stream before it and skips every other bundle since the last
  // archetype, kind or major-version change.
  std::sort(tuples.begin(), tuples.end(), tuple_less);
  std::string prev_z_max;
  std::set<std::string> cur_skips;
  const auto write_edges = [&](const Tuple& tuple) {
    Skeleton::Entry& e = channels[tuple.parent].entries[tuple.index];
    e.replaces = prev_z_max;
    e.skips.clear();
    for (const std::string& s : cur_skips) {
      if (s != e.replaces) e.skips.push_back(s);
    }
  };
  for (std::size_t i = 1; i < tuples.size(); ++i) {
    const Tuple& prev = tuples[i - 1];
    const Tuple& cur = tuples[i];
    const bool arch_change = cur.arch != prev.arch, kind_change = cur.kind != prev.kind;
    const bool x_change = cur.version.major != prev.version.major;
    const bool y_change = x_change || cur.version.minor != prev.version.minor;
    if (arch_change || kind_change || x_change || y_change) write_edges(prev);
    if (arch_change || kind_change || x_change) {
      cur_skips.clear();
      prev_z_max.clear();
    } else {
      if (y_change) prev_z_max = prev.name;
      cur_skips.insert(prev.name);
    }
  }
  if (tuples.size() > 1) {
    const Tuple& last = tuples.back();
    const Tuple& penultimate = tuples[tuples.size() - 2];
    if (last.arch == penultimate.arch && last.kind == penultimate.kind && last.version.major == penultimate.version.major) {
      write_edges(last);
    }
  }

  // The package: named after the bundles, its default channel the high-water channel, its
  // description and icon from the default channel head's CSV (populatePackageMetadata).
  Skeleton::Package p;
  p.name = package;
  p.default_channel = hwc.name;
  p.where = top;
  const auto head_channel = channels.find(hwc.name);
  if (head_channel != channels.end() && !head_channel->second.entries.empty()) {
    const std::string& head = head_channel->second.entries.back().name;
    for (const Rendering::RenderedBundle& b : r.bundles) {
      if (b.facts->name != head) continue;
      if (b.facts->has_csv) {
        p.description = b.facts->csv_description;
        if (b.facts->csv_icon_known) p.icon = b.facts->csv_icon;
        p.metadata_known = b.facts->csv_icon_known;
      }
      break;
    }
  }
  r.skeleton.packages.push_back(std::move(p));
  for (auto& [name, c] : channels) r.skeleton.channels.push_back(std::move(c));  // sorted by name, as opm
  r.complete = true;
}

// =====================================================================================================
// [SECTION] substitutes
// =====================================================================================================

struct VersionRelease {
  semver::Version version;
  std::vector<semver::PrereleaseId> release;
};

int compare(const VersionRelease& a, const VersionRelease& b) {
  if (const int c = semver::compare(a.version, b.version); c != 0) return c;
  if (a.release.empty() != b.release.empty()) return a.release.empty() ? -1 : 1;
  return semver::compare_identifiers(a.release, b.release);
}

// declcfg.Bundle.VersionRelease from a bundle's olm.package version and release.
std::optional<VersionRelease> version_release(const std::string& name, const std::string& version, const std::string& release,
                                              std::size_t package_properties, std::string& error) {
  if (package_properties == 0) {
    error = "no \"olm.package\" property found for bundle " + go_quote(name);
    return std::nullopt;
  }
  if (package_properties > 1) {
    error = "must be exactly one property of type \"olm.package\"";
    return std::nullopt;
  }
  std::string parse_error;
  const std::optional<semver::Version> v = semver::parse(version, &parse_error);
  if (!v) {
    error = "invalid semver version " + go_quote(version) + " in \"olm.package\" property for bundle " + go_quote(name) + ": " + parse_error;
    return std::nullopt;
  }
  VersionRelease vr{*v, {}};
  if (!release.empty() && !parse_release(release, vr.release, parse_error)) {
    error = parse_error;
    return std::nullopt;
  }
  return vr;
}

// substitutes.go Render: for each substitution, validateSubstitution then processSubstitution
// (the substitute takes its base's place and edges in every channel and skips it; entries that
// replaced or skipped the base now name the substitute).
void render_substitutes(const Template& t, const BundleIndex& index, const std::vector<std::string>& preferred, Rendering& r) {
  skeleton_of_entries(t, r.skeleton);
  const LoadResult& load = t.entries_load;
  for (const declcfg::Bundle& b : t.entries.bundles) {
    r.skeleton.bundles.push_back(Skeleton::Bundle{b.package, b.name, b.image, load.locate(load.blobs[b.blob])});
    r.bundles.push_back(Rendering::RenderedBundle{nullptr, b.image, load.locate(load.blobs[b.blob])});
  }
  std::set<std::string> seen_bases;
  std::map<std::string, std::string> seen_candidates;
  const auto fail = [&](const Template::Substitution& s, const std::string& ours, const std::string& opm) {
    r.findings.push_back(make_finding(FindingId::SubstitutionInvalid,
                                      {ours, "render: error processing substitution " + go_quote(s.base) + " -> " + go_quote(s.name) + ": " + opm},
                                      s.where, {}));
  };
  bool ok = true;
  for (const Template::Substitution& s : t.substitutions) {
    if (!seen_bases.insert(s.base).second) {
      r.findings.push_back(make_finding(FindingId::SubstitutionInvalid,
                                        {"base " + go_quote(s.base) + " is substituted twice", "render: cannot reuse the same substitution base " + go_quote(s.base)},
                                        s.where, {}));
      ok = false;
      break;
    }
    if (const auto it = seen_candidates.find(s.name); it != seen_candidates.end()) {
      r.findings.push_back(make_finding(FindingId::SubstitutionInvalid,
                                        {go_quote(s.name) + " substitutes two bases (" + go_quote(it->second) + " and " + go_quote(s.base) + ")",
                                         "render: cannot reuse the same substitution " + go_quote(s.name) + " for different bases (" +
                                             go_quote(it->second) + " and " + go_quote(s.base) + ")"},
                                        s.where, {}));
      ok = false;
      break;
    }
    seen_candidates[s.name] = s.base;
    if (s.name.empty() || s.base.empty() || s.name == s.base) {
      const std::string opm = s.name.empty()   ? "substitution name cannot be empty"
                              : s.base.empty() ? "substitution base cannot be empty"
                                               : "substitution name and base cannot be the same";
      fail(s, opm, opm);
      ok = false;
      break;
    }
    const BundleFacts* substitute = index.find(s.name, preferred);
    if (!substitute) {
      image_unavailable(r, s.name, s.where);
      ok = false;
      break;
    }
    std::string error;
    const std::optional<VersionRelease> sub_vr =
        version_release(substitute->name, substitute->version, substitute->release, substitute->package_properties, error);
    if (!sub_vr) {
      fail(s, error, "failed to get VersionRelease for substitute bundle " + go_quote(s.name) + ": " + error);
      ok = false;
      break;
    }
    const declcfg::Bundle* base = nullptr;
    for (const declcfg::Bundle& b : t.entries.bundles) {
      if (b.name == s.base) {
        base = &b;
        break;
      }
    }
    if (!base) {
      fail(s, "base bundle " + go_quote(s.base) + " is not a bundle of the entries", "base bundle " + go_quote(s.base) + " does not exist in catalog");
      ok = false;
      break;
    }
    std::string base_version, base_release;
    std::size_t base_packages = 0;
    for (const declcfg::Property& p : base->properties) {
      if (p.type != "olm.package" || !p.value) continue;
      ++base_packages;
      base_version = json_text(*p.value, "version");
      base_release = json_text(*p.value, "release");
    }
    const std::optional<VersionRelease> base_vr = version_release(base->name, base_version, base_release, base_packages, error);
    if (!base_vr) {
      fail(s, error, "failed to get VersionRelease for base bundle " + go_quote(s.base) + ": " + error);
      ok = false;
      break;
    }
    if (compare(*base_vr, *sub_vr) >= 0) {
      fail(s, "the substitute " + go_quote(substitute->name) + " (" + substitute->version + ") is not newer than its base " + go_quote(s.base) + " (" + base_version + ")",
           "base bundle " + go_quote(s.base) + " is not less than substitute bundle " + go_quote(s.name));
      ok = false;
      break;
    }
    // processSubstitution.
    for (Skeleton::Channel& c : r.skeleton.channels) {
      std::vector<std::size_t> at_base;
      for (std::size_t j = 0; j < c.entries.size(); ++j) {
        if (c.entries[j].name == s.base) at_base.push_back(j);
      }
      for (auto it = at_base.rbegin(); it != at_base.rend(); ++it) {
        Skeleton::Entry& old = c.entries[*it];
        Skeleton::Entry added{substitute->name, old.replaces, old.skip_range, old.skips, s.where};
        added.skips.push_back(s.base);
        old.replaces.clear();
        old.skips.clear();
        old.skip_range.clear();
        c.entries.push_back(std::move(added));
      }
      const std::size_t original = c.entries.size() - at_base.size();
      for (std::size_t j = 0; j < original; ++j) {
        Skeleton::Entry& e = c.entries[j];
        if (e.replaces == s.base) {
          e.replaces = substitute->name;
          e.skips.push_back(s.base);
        } else if (std::find(e.skips.begin(), e.skips.end(), s.base) != e.skips.end()) {
          e.skips.push_back(substitute->name);
          e.skips.erase(std::remove(e.skips.begin(), e.skips.end(), s.base), e.skips.end());
        }
      }
    }
    r.skeleton.bundles.push_back(Skeleton::Bundle{substitute->package, substitute->name, s.name, s.where});
    r.bundles.push_back(Rendering::RenderedBundle{substitute, s.name, s.where});
  }
  r.complete = ok;
}

}  // namespace

Rendering render_template(const Template& tmpl, const BundleIndex& index, const std::vector<std::string>& preferred) {
  Rendering r;
  if (!tmpl.renderable) return r;
  switch (tmpl.schema) {
    case repo::TemplateSchema::Basic: render_basic(tmpl, index, preferred, r); break;
    case repo::TemplateSchema::Semver: render_semver(tmpl, index, preferred, r); break;
    case repo::TemplateSchema::Substitutes: render_substitutes(tmpl, index, preferred, r); break;
  }
  return r;
}

}  // namespace fbclens::tmpl
