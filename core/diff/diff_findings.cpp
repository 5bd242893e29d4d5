#include "diff/diff_findings.h"

#include "findings/go_format.h"

namespace fbclens::diff {

namespace {

// Where `model` declares the package, a channel of it, an entry of that channel, an olm.bundle
// or a deprecation; {} when it does not.
struct Locator {
  const model::Model& model;

  const model::Package* package(const std::string& p) const {
    const auto it = model.packages.find(p);
    return it == model.packages.end() ? nullptr : &it->second;
  }
  SourceLocation of_package(const std::string& p) const {
    const model::Package* pkg = package(p);
    return pkg ? pkg->where : SourceLocation{};
  }
  SourceLocation of_channel(const std::string& p, const std::string& c, const std::string& entry = "") const {
    const model::Package* pkg = package(p);
    if (!pkg) return {};
    const auto ch = pkg->channels.find(c);
    if (ch == pkg->channels.end()) return {};
    if (entry.empty()) return ch->second.where;
    const auto b = ch->second.bundles.find(entry);
    return b == ch->second.bundles.end() ? SourceLocation{} : b->second.where;
  }
  SourceLocation of_bundle(const std::string& p, const std::string& b) const {
    const model::Package* pkg = package(p);
    if (!pkg) return {};
    for (const model::PackageBundle& pb : pkg->bundles) {
      if (pb.name == b) return pb.where;
    }
    return {};
  }
  SourceLocation of_deprecation(const DeprecationKey& k) const {
    const model::Package* pkg = package(k.package);
    if (!pkg) return {};
    for (const model::DeprecationRecord& d : pkg->deprecations) {
      if (d.schema == k.schema && d.name == k.name && d.message == k.message) return d.where;
    }
    return {};
  }
};

std::string or_none(const std::string& s) { return s.empty() ? "(none)" : go_quote(s); }

std::string list_text(const std::vector<std::string>& names) {
  std::string s = "[";
  for (std::size_t i = 0; i < names.size(); ++i) s += (i ? ", " : "") + go_quote(names[i]);
  return s + "]";
}

// What a deprecation entry deprecates: `channel "fast"`, `bundle "p.v1"` or `the package`.
std::string deprecated_thing(const DeprecationKey& k) {
  if (k.schema == "olm.channel") return "channel " + go_quote(k.name);
  if (k.schema == "olm.bundle") return "bundle " + go_quote(k.name);
  if (k.schema == "olm.package") return "the package";
  return k.schema + " " + go_quote(k.name);
}

std::string outcome_text(const OlmOutcome& o) {
  if (!o.error.empty()) return "fails (" + o.error + ")";
  if (o.next.empty()) return "stays";
  return "upgrades to " + go_quote(o.next) + (o.end == o.next ? "" : " and on to " + go_quote(o.end));
}

std::string upgrade_text(const UpgradeChange& u) {
  std::string s;
  if (u.classic_old != u.classic_new) s += "OLM Classic " + outcome_text(u.classic_new) + " (it " + outcome_text(u.classic_old) + ")";
  if (u.v1_old != u.v1_new) {
    s += s.empty() ? "" : "; ";
    s += "OLM v1 " + outcome_text(u.v1_new) + " (it " + outcome_text(u.v1_old) + ")";
  }
  if (u.stranded_old && !u.stranded_new) s += std::string(s.empty() ? "" : "; ") + "OLM Classic no longer strands it";
  return s.empty() ? "no step changed" : s;
}

}  // namespace

std::vector<DiffFinding> diff_findings(const CatalogDiff& d, const model::Model& old_model, const model::Model& new_model,
                                       bool pruning) {
  const Locator in_old{old_model}, in_new{new_model};
  std::vector<DiffFinding> out;
  const auto add = [&out](FindingId id, const FindingArgs& args, SourceLocation where, ObjectPath object, bool old_side) {
    out.push_back(DiffFinding{make_finding(id, args, std::move(where), std::move(object)), old_side});
  };
  for (const auto& p : d.packages_added) add(FindingId::DiffPackageAdded, {p}, in_new.of_package(p), {p, "", ""}, false);
  for (const auto& p : d.packages_removed) add(FindingId::DiffPackageRemoved, {p}, in_old.of_package(p), {p, "", ""}, true);
  // A channel or entry that came or went with its package or channel is that one's result.
  for (const auto& c : d.channels_added) {
    if (!c.within.empty()) continue;
    add(FindingId::DiffChannelAdded, {c.package, c.channel}, in_new.of_channel(c.package, c.channel), {c.package, c.channel, ""}, false);
  }
  for (const auto& c : d.channels_removed) {
    if (!c.within.empty()) continue;
    const FindingId id = pruning && !pruning_allowed(c.channel) ? FindingId::PruningChannelRemoved : FindingId::DiffChannelRemoved;
    add(id, {c.package, c.channel}, in_old.of_channel(c.package, c.channel), {c.package, c.channel, ""}, true);
  }
  for (const auto& e : d.entries_added) {
    if (!e.within.empty()) continue;
    add(FindingId::DiffEntryAdded, {e.package, e.channel, e.bundle}, in_new.of_channel(e.package, e.channel, e.bundle),
        {e.package, e.channel, e.bundle}, false);
  }
  for (const auto& e : d.entries_removed) {
    if (!e.within.empty()) continue;
    const FindingId id = pruning && !pruning_allowed(e.channel) ? FindingId::PruningEntryRemoved : FindingId::DiffEntryRemoved;
    add(id, {e.package, e.channel, e.bundle}, in_old.of_channel(e.package, e.channel, e.bundle), {e.package, e.channel, e.bundle}, true);
  }
  for (const auto& b : d.bundles_added) {
    add(FindingId::DiffBundleAdded, {b.package, b.bundle}, in_new.of_bundle(b.package, b.bundle), {b.package, "", b.bundle}, false);
  }
  for (const auto& b : d.bundles_removed) {
    add(FindingId::DiffBundleRemoved, {b.package, b.bundle}, in_old.of_bundle(b.package, b.bundle), {b.package, "", b.bundle}, true);
  }
  for (const auto& c : d.bundles_changed) {
    std::string what;
    for (std::size_t i = 0; i < c.changes.size(); ++i) what += (i ? "; " : "") + c.changes[i];
    const FindingId id = c.severity == "info" ? FindingId::DiffBundleImageMoved : FindingId::DiffBundleChanged;
    add(id, {c.package, c.bundle, what}, in_new.of_bundle(c.package, c.bundle), {c.package, "", c.bundle}, false);
  }
  for (const auto& c : d.default_channels) {
    add(FindingId::DiffDefaultChannelChanged, {c.package, or_none(c.old_channel), or_none(c.new_channel)},
        in_new.of_package(c.package), {c.package, "", ""}, false);
  }
  for (const auto& e : d.edges) {
    const ObjectPath object{e.package, e.channel, e.bundle};
    const SourceLocation where = in_new.of_channel(e.package, e.channel, e.bundle);
    if (e.field == "skips") {
      add(FindingId::DiffSkipsChanged, {e.package, e.channel, e.bundle, list_text(e.old_skips), list_text(e.new_skips)}, where, object, false);
    } else {
      const FindingId id = e.field == "replaces" ? FindingId::DiffReplacesChanged : FindingId::DiffSkipRangeChanged;
      add(id, {e.package, e.channel, e.bundle, or_none(e.old_text), or_none(e.new_text)}, where, object, false);
    }
  }
  for (const auto& k : d.deprecations_added) {
    add(FindingId::DiffDeprecationAdded, {k.package, deprecated_thing(k), k.message}, in_new.of_deprecation(k),
        {k.package, k.schema == "olm.channel" ? k.name : "", k.schema == "olm.bundle" ? k.name : ""}, false);
  }
  for (const auto& k : d.deprecations_removed) {
    add(FindingId::DiffDeprecationRemoved, {k.package, deprecated_thing(k), k.message}, in_old.of_deprecation(k),
        {k.package, k.schema == "olm.channel" ? k.name : "", k.schema == "olm.bundle" ? k.name : ""}, true);
  }
  for (const auto& u : d.upgrades) {
    const ObjectPath object{u.package, u.channel, u.installed};
    const SourceLocation where = in_new.of_channel(u.package, u.channel, u.installed);
    if (u.stranded_new && !u.stranded_old) {
      add(FindingId::DiffBundleStranded, {u.package, u.channel, u.installed, "its walk ends at " + go_quote(u.classic_new.end)}, where, object, false);
    } else {
      add(FindingId::DiffUpgradeChanged, {u.package, u.channel, u.installed, upgrade_text(u)}, where, object, false);
    }
  }
  return out;
}

}  // namespace fbclens::diff
