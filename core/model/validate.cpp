// Phase F: Model.Validate() (spec validation.md §2.6–2.7, §3.2–3.3). Builds opm's error tree and,
// alongside, our located findings. Tree siblings are sorted (opm's order is Go map order).
#include <algorithm>
#include <set>

#include "findings/go_format.h"
#include "model/model.h"

namespace fbclens::model {

std::vector<std::string> channel_heads(const Channel& channel) {
  std::set<std::string> incoming;
  for (const auto& [name, b] : channel.bundles) {
    if (!b.replaces.empty()) incoming.insert(b.replaces);
    for (const std::string& s : b.skips) incoming.insert(s);
  }
  std::vector<std::string> heads;
  for (const auto& [name, b] : channel.bundles) {
    if (!incoming.count(name)) heads.push_back(name);
  }
  return heads;  // sorted: std::map order
}

namespace {

// The first failure of the replaces-chain check of a non-empty channel (spec §3.3): its code and
// arguments (both texts come from codes.def), the entry to point at and the entries worth a note.
struct GraphProblem {
  FindingId id;
  FindingArgs args;
  std::string at_entry;
  std::string at_field;  // a field of that entry ("/replaces"), or "" for the entry itself
  std::vector<std::string> noted_entries;
  std::string note;  // the note's text, "{0}" standing for the noted entry's quoted name
};

std::optional<GraphProblem> check_replaces_chain(const Channel& ch) {
  const std::vector<std::string> heads = channel_heads(ch);
  if (heads.empty()) {
    return GraphProblem{FindingId::ChannelNoHead, {ch.name}, ch.entry_order.empty() ? "" : ch.entry_order.front(), "", {}, ""};
  }
  if (heads.size() > 1) {
    std::string list;
    for (std::size_t i = 0; i < heads.size(); ++i) list += (i ? ", " : "") + heads[i];
    return GraphProblem{FindingId::ChannelMultipleHeads, {ch.name, std::to_string(heads.size()), list}, heads[1], "", heads,
                        "head {0} is here: no entry replaces or skips it"};
  }
  const std::string& head = heads.front();
  std::set<std::string> skipped;
  for (const auto& [name, b] : ch.bundles) skipped.insert(b.skips.begin(), b.skips.end());
  std::map<std::string, std::vector<std::string>> chain_from;
  std::set<std::string> on_chain{head};
  const Bundle* cur = &ch.bundles.at(head);
  while (cur) {
    if (!chain_from.count(cur->name)) chain_from[cur->name] = {cur->name};
    if (skipped.count(cur->replaces)) break;
    for (auto& [k, chain] : chain_from) chain.push_back(cur->replaces);
    if (on_chain.count(cur->replaces)) {
      std::string text;
      const auto& chain = chain_from[cur->replaces];
      for (std::size_t i = 0; i < chain.size(); ++i) text += (i ? " -> " : "") + chain[i];
      std::vector<std::string> noted;
      if (ch.bundles.count(cur->replaces)) noted.push_back(cur->replaces);
      // Point at the replaces that closes the loop, and at the entry it leads back to.
      return GraphProblem{FindingId::ReplacesCycle, {ch.name, text}, cur->name, "/replaces", noted,
                          "{0} is already on the chain from the head: its entry is here"};
    }
    on_chain.insert(cur->replaces);
    auto next = ch.bundles.find(cur->replaces);
    cur = next == ch.bundles.end() ? nullptr : &next->second;
  }
  std::vector<std::string> stranded;
  for (const auto& [name, b] : ch.bundles) {
    if (!on_chain.count(name) && !skipped.count(name)) stranded.push_back(name);
  }
  if (stranded.empty()) return std::nullopt;
  std::string list;
  for (std::size_t i = 0; i < stranded.size(); ++i) list += (i ? ", " : "") + stranded[i];
  return GraphProblem{FindingId::StrandedBundles, {ch.name, list, stranded.size() == 1 ? "is" : "are", head},
                      stranded.front(), "", {}, ""};
}

}  // namespace

std::string replaces_chain_error(const Channel& channel) {
  if (channel.bundles.empty()) return "";
  const auto problem = check_replaces_chain(channel);
  return problem ? opm_text(problem->id, problem->args) : "";
}

namespace {

class Validator {
 public:
  Validator(const Model& model, const declcfg::DeclarativeConfig& cfg, const LoadResult& load, bool opm_reports)
      : model_(model), cfg_(cfg), load_(load), opm_reports_(opm_reports) {}

  ModelValidation run() {
    out_.opm_tree.message = "invalid index";
    out_.opm_tree.is_group = true;
    for (const auto& [name, pkg] : model_.packages) out_.opm_tree.add_group(package_node(pkg));
    return std::move(out_);
  }

 private:
  // One rule's failure: the leaf opm prints under `node` and, unless `located` is false (the
  // bundle's own findings are reported once, not once per channel), our finding with the same
  // opm text. Both texts come from the row of `id` in codes.def with `args`. Returns the finding
  // (for notes) or nullptr.
  Finding* report(ErrorNode& node, FindingId id, const FindingArgs& args, SourceLocation where, ObjectPath object,
                  bool located = true) {
    Finding f = make_finding(id, args, std::move(where), std::move(object));
    node.add_leaf(f.opm_message());
    if (!located) return nullptr;
    f.reported_by_opm = opm_reports_;
    out_.findings.push_back(std::move(f));
    return &out_.findings.back();
  }

  SourceLocation package_at(const Package& pkg, const std::string& field = "") const {
    return load_.locate(load_.blobs[cfg_.packages[pkg.package_blob].blob], field);
  }
  SourceLocation channel_at(const Package& pkg, const Channel& ch, const std::string& field = "") const {
    if (ch.channel_blob < 0) return package_at(pkg, "/defaultChannel");
    return load_.locate(load_.blobs[cfg_.channels[ch.channel_blob].blob], field);
  }
  SourceLocation entry_at(const Package& pkg, const Channel& ch, const Bundle& b, const std::string& field = "") const {
    return channel_at(pkg, ch, "/entries/" + std::to_string(b.index) + field);
  }
  SourceLocation bundle_at(const Package& pkg, const Channel& ch, const Bundle& b, const std::string& field = "") const {
    if (b.bundle_blob < 0) return entry_at(pkg, ch, b);
    return load_.locate(load_.blobs[cfg_.bundles[b.bundle_blob].blob], field);
  }
  SourceLocation deprecation_at(const std::string& package) const {
    for (const declcfg::Deprecation& d : cfg_.deprecations) {
      if (d.package == package) return load_.locate(load_.blobs[d.blob]);
    }
    return {};
  }

  ErrorNode package_node(const Package& pkg) {
    ErrorNode node{"invalid package " + go_quote(pkg.name), true, {}};
    const ObjectPath obj{pkg.name, "", ""};
    if (pkg.default_channel.empty()) report(node, FindingId::DefaultChannelUnset, {pkg.name}, package_at(pkg), obj);
    if (pkg.channels.empty()) report(node, FindingId::PackageNoChannels, {pkg.name}, package_at(pkg), obj);
    for (const auto& [name, ch] : pkg.channels) node.add_group(channel_node(pkg, ch));
    duplicate_versions(pkg, node);
    if (pkg.deprecation && pkg.deprecation->empty()) {
      report(node, FindingId::DeprecationNoMessage, {"package", pkg.name}, deprecation_at(pkg.name), obj);
    }
    return node;
  }

  ErrorNode channel_node(const Package& pkg, const Channel& ch) {
    ErrorNode node{"invalid channel " + go_quote(ch.name), true, {}};
    const ObjectPath obj{pkg.name, ch.name, ""};
    if (ch.bundles.empty()) {
      const char* why = ch.channel_blob < 0 ? "is its defaultChannel, but no olm.channel defines it" : "has no entries";
      report(node, FindingId::ChannelEmpty, {pkg.name, ch.name, why}, channel_at(pkg, ch), obj);
    } else if (auto problem = check_replaces_chain(ch)) {
      const Bundle* b = problem->at_entry.empty() ? nullptr : &ch.bundles.at(problem->at_entry);
      Finding* f = report(node, problem->id, problem->args, b ? entry_at(pkg, ch, *b, problem->at_field) : channel_at(pkg, ch),
                          {pkg.name, ch.name, problem->at_entry});
      for (const std::string& name : problem->noted_entries) {
        f->notes.push_back({render_message(problem->note, {go_quote(name)}), entry_at(pkg, ch, ch.bundles.at(name))});
      }
    }
    for (const auto& [name, b] : ch.bundles) node.add_group(bundle_node(pkg, ch, b));
    if (ch.deprecation && ch.deprecation->empty()) {
      report(node, FindingId::DeprecationNoMessage, {"channel", ch.name}, deprecation_at(pkg.name), obj);
    }
    return node;
  }

  ErrorNode bundle_node(const Package& pkg, const Channel& ch, const Bundle& b) {
    ErrorNode node{"invalid bundle " + go_quote(b.name), true, {}};
    const ObjectPath obj{pkg.name, ch.name, b.name};
    // Findings about the bundle blob itself are reported once, not once per channel.
    const bool first_channel = blob_findings_done_.insert(pkg.name + "\n" + b.name).second;
    if (b.name.empty()) report(node, FindingId::BundleNameEmpty, {ch.name}, entry_at(pkg, ch, b), obj);
    if (!b.release.empty() && b.version) {
      const std::string normalized = pkg.name + "-v" + b.version->to_string() + "-" + b.release;
      if (b.name != normalized) {
        report(node, FindingId::BundleNameNotNormalized, {b.name, normalized}, bundle_at(pkg, ch, b, "/name"), obj,
               first_channel);
      }
    }
    for (std::size_t i = 0; i < b.skips.size(); ++i) {
      if (!b.skips[i].empty()) continue;
      report(node, FindingId::SkipEmpty, {b.name, ch.name, std::to_string(i)},
             entry_at(pkg, ch, b, "/skips/" + std::to_string(i)), obj);
    }
    if (!b.skip_range.empty()) {
      std::string error;
      if (!semver::parse_range(b.skip_range, &error)) {
        report(node, FindingId::SkipRangeInvalid, {b.name, ch.name, b.skip_range, error},
               entry_at(pkg, ch, b, "/skipRange"), obj);
      }
    }
    if (b.bundle_blob < 0) {
      // §2.4 quirk: opm keeps an entry of an earlier channel without a blob as an empty bundle.
      // Our finding for it is EntryWithoutBundle (conversion); these leaves are opm's text only.
      // The first leaf is opm's model.Bundle check, which has no code of its own here.
      node.add_leaf("must be exactly one property with type \"olm.package\"");
      node.add_leaf(opm_text(FindingId::BundleImageMissing, {b.name}));
    } else if (b.image.empty() && b.object_count == 0) {
      report(node, FindingId::BundleImageMissing, {b.name}, bundle_at(pkg, ch, b), obj, first_channel);
    }
    if (b.deprecation && b.deprecation->empty()) {
      report(node, FindingId::DeprecationNoMessage, {"bundle", b.name}, deprecation_at(pkg.name), obj, first_channel);
    }
    if (b.version && !b.version->build.empty() && !b.release.empty()) {
      report(node, FindingId::BuildMetadataWithRelease, {b.name, b.version->to_string()}, bundle_at(pkg, ch, b), obj,
             first_channel);
    }
    return node;
  }

  // The version inside a bundle's olm.package property, as a field path ("" if it has none).
  static std::string version_field(const declcfg::Bundle& bundle) {
    for (const declcfg::Property& p : bundle.properties) {
      if (p.type == "olm.package") return "/properties/" + std::to_string(p.index) + "/value/version";
    }
    return "";
  }

  // §2.7: bundles grouped by version (+ "-" release); a bundle in several channels counts once.
  void duplicate_versions(const Package& pkg, ErrorNode& node) {
    std::map<std::string, std::set<std::string>> opm_groups, our_groups;
    std::map<std::string, SourceLocation> bundle_where;  // for the notes: each bundle's version
    for (const auto& [cn, ch] : pkg.channels) {
      for (const auto& [bn, b] : ch.bundles) {
        if (b.bundle_blob < 0) {
          opm_groups["0.0.0"].insert(bn);  // quirk bundles have version 0.0.0 in opm
          continue;
        }
        if (!b.version) continue;
        const std::string key = b.version->to_string() + (b.release.empty() ? "" : "-" + b.release);
        opm_groups[key].insert(bn);
        our_groups[key].insert(bn);
        bundle_where.emplace(bn, bundle_at(pkg, ch, b, version_field(cfg_.bundles[b.bundle_blob])));
      }
    }
    const auto render = [](const std::map<std::string, std::set<std::string>>& groups) {
      std::string text;
      for (const auto& [key, names] : groups) {
        if (names.size() < 2) continue;
        if (!text.empty()) text += ' ';
        text += "{" + key + ": [";
        bool first = true;
        for (const std::string& n : names) {
          text += (first ? "" : ", ") + n;
          first = false;
        }
        text += "]}";
      }
      return text;
    };
    // opm's leaf counts the quirk bundles (§2.4) too; our finding only bundles that exist.
    const std::string opm_groups_text = render(opm_groups);
    if (!opm_groups_text.empty()) node.add_leaf(opm_text(FindingId::DuplicateVersions, {pkg.name, opm_groups_text}));
    const std::string ours = render(our_groups);
    if (!ours.empty()) {
      Finding f = make_finding(FindingId::DuplicateVersions, {pkg.name, ours}, package_at(pkg), {pkg.name, "", ""});
      f.reported_by_opm = opm_reports_;
      for (const auto& [key, names] : our_groups) {
        if (names.size() < 2) continue;
        for (const std::string& n : names) {
          f.notes.push_back({"bundle " + go_quote(n) + " has version " + key, bundle_where.at(n)});
        }
      }
      out_.findings.push_back(std::move(f));
    }
  }

  const Model& model_;
  const declcfg::DeclarativeConfig& cfg_;
  const LoadResult& load_;
  bool opm_reports_;
  ModelValidation out_;
  std::set<std::string> blob_findings_done_;
};

}  // namespace

ModelValidation validate_model(const Model& model, const declcfg::DeclarativeConfig& cfg, const LoadResult& load,
                               bool opm_reports) {
  return Validator(model, cfg, load, opm_reports).run();
}

}  // namespace fbclens::model
