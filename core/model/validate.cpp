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

// The first failure of the replaces-chain check of a non-empty channel (spec §3.3).
struct GraphProblem {
  FindingId id;
  std::string opm;       // opm's leaf text
  std::string ours;
  std::string at_entry;  // entry to point at
};

std::optional<GraphProblem> check_replaces_chain(const Channel& ch) {
  const std::vector<std::string> heads = channel_heads(ch);
  if (heads.empty()) {
    return GraphProblem{FindingId::ChannelNoHead, "no channel head found in graph",
                        "channel " + go_quote(ch.name) +
                            " has no head: every entry is replaced or skipped by another entry, so the upgrade graph "
                            "is a loop. The newest entry must not be replaced or skipped by anything",
                        ch.entry_order.empty() ? "" : ch.entry_order.front()};
  }
  if (heads.size() > 1) {
    std::string list;
    for (std::size_t i = 0; i < heads.size(); ++i) list += (i ? ", " : "") + heads[i];
    return GraphProblem{FindingId::ChannelMultipleHeads, "multiple channel heads found in graph: " + list,
                        "channel " + go_quote(ch.name) + " has " + std::to_string(heads.size()) + " heads (" + list +
                            "): nothing replaces or skips them. Make the newest one replace or skip the others "
                            "(skipRange does not count)",
                        heads[1]};
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
      return GraphProblem{FindingId::ReplacesCycle, "detected cycle in replaces chain of upgrade graph: " + text,
                          "channel " + go_quote(ch.name) + ": following replaces from the head loops: " + text,
                          cur->name};
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
  return GraphProblem{FindingId::StrandedBundles, "channel contains one or more stranded bundles: " + list,
                      "channel " + go_quote(ch.name) + ": " + list +
                          (stranded.size() == 1 ? " is" : " are") +
                          " stranded: not on the replaces chain from the head (" + head +
                          ") and skipped by no entry, so no upgrade leads there or away",
                      stranded.front()};
}

}  // namespace

std::string replaces_chain_error(const Channel& channel) {
  if (channel.bundles.empty()) return "";
  const auto problem = check_replaces_chain(channel);
  return problem ? problem->opm : "";
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
  void emit(FindingId id, std::string ours, std::string opm, SourceLocation where, ObjectPath object, bool in_opm = true) {
    Finding f;
    f.id = id;
    f.message = std::move(ours);
    f.opm_message = std::move(opm);
    f.location = std::move(where);
    f.object = std::move(object);
    f.reported_by_opm = opm_reports_ && in_opm;
    out_.findings.push_back(std::move(f));
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
    if (pkg.default_channel.empty()) {
      node.add_leaf("default channel must be set");
      emit(FindingId::DefaultChannelUnset,
           "package " + go_quote(pkg.name) + " has no defaultChannel; set it to the channel new installs should use",
           "default channel must be set", package_at(pkg), obj);
    }
    if (pkg.channels.empty()) {
      node.add_leaf("package must contain at least one channel");
      emit(FindingId::PackageNoChannels, "package " + go_quote(pkg.name) + " has no olm.channel objects",
           "package must contain at least one channel", package_at(pkg), obj);
    }
    for (const auto& [name, ch] : pkg.channels) node.add_group(channel_node(pkg, ch));
    duplicate_versions(pkg, node);
    if (pkg.deprecation && pkg.deprecation->empty()) {
      node.add_leaf("invalid deprecation: message must be set");
      emit(FindingId::DeprecationNoMessage, "the deprecation of package " + go_quote(pkg.name) + " has an empty message",
           "invalid deprecation: message must be set", deprecation_at(pkg.name), obj);
    }
    return node;
  }

  ErrorNode channel_node(const Package& pkg, const Channel& ch) {
    ErrorNode node{"invalid channel " + go_quote(ch.name), true, {}};
    const ObjectPath obj{pkg.name, ch.name, ""};
    if (ch.bundles.empty()) {
      node.add_leaf("channel must contain at least one bundle");
      emit(FindingId::ChannelEmpty,
           ch.channel_blob < 0 ? "defaultChannel " + go_quote(ch.name) + " of package " + go_quote(pkg.name) +
                                     " names a channel that no olm.channel defines"
                               : "channel " + go_quote(ch.name) + " has no entries",
           "channel must contain at least one bundle", channel_at(pkg, ch), obj);
    } else if (auto problem = check_replaces_chain(ch)) {
      node.add_leaf(problem->opm);
      const Bundle* b = problem->at_entry.empty() ? nullptr : &ch.bundles.at(problem->at_entry);
      emit(problem->id, problem->ours, problem->opm, b ? entry_at(pkg, ch, *b) : channel_at(pkg, ch),
           {pkg.name, ch.name, problem->at_entry});
    }
    for (const auto& [name, b] : ch.bundles) node.add_group(bundle_node(pkg, ch, b));
    if (ch.deprecation && ch.deprecation->empty()) {
      node.add_leaf("invalid deprecation: message must be set");
      emit(FindingId::DeprecationNoMessage, "the deprecation of channel " + go_quote(ch.name) + " has an empty message",
           "invalid deprecation: message must be set", deprecation_at(pkg.name), obj);
    }
    return node;
  }

  ErrorNode bundle_node(const Package& pkg, const Channel& ch, const Bundle& b) {
    ErrorNode node{"invalid bundle " + go_quote(b.name), true, {}};
    const ObjectPath obj{pkg.name, ch.name, b.name};
    // Findings about the bundle blob itself are reported once, not once per channel.
    const bool first_channel = blob_findings_done_.insert(pkg.name + "\n" + b.name).second;
    if (b.name.empty()) {
      node.add_leaf("name must be set");
      emit(FindingId::BundleNameEmpty, "channel " + go_quote(ch.name) + " has an entry with an empty name",
           "name must be set", entry_at(pkg, ch, b), obj);
    }
    if (!b.release.empty() && b.version) {
      const std::string normalized = pkg.name + "-v" + b.version->to_string() + "-" + b.release;
      if (b.name != normalized) {
        const std::string opm = "name " + go_quote(b.name) + " does not match normalized name " + go_quote(normalized);
        node.add_leaf(opm);
        if (first_channel) {
          emit(FindingId::BundleNameNotNormalized,
               "a bundle with a release must be named <package>-v<version>-<release>: rename " + go_quote(b.name) +
                   " to " + go_quote(normalized),
               opm, bundle_at(pkg, ch, b, "/name"), obj);
        }
      }
    }
    for (std::size_t i = 0; i < b.skips.size(); ++i) {
      if (!b.skips[i].empty()) continue;
      const std::string opm = "skip[" + std::to_string(i) + "] is empty";
      node.add_leaf(opm);
      emit(FindingId::SkipEmpty, "entry " + go_quote(b.name) + " of channel " + go_quote(ch.name) + ": skips[" +
                                     std::to_string(i) + "] is an empty string",
           opm, entry_at(pkg, ch, b, "/skips/" + std::to_string(i)), obj);
    }
    if (!b.skip_range.empty()) {
      std::string error;
      if (!semver::parse_range(b.skip_range, &error)) {
        const std::string opm = "invalid skipRange " + go_quote(b.skip_range) + ": " + error;
        node.add_leaf(opm);
        emit(FindingId::SkipRangeInvalid,
             "entry " + go_quote(b.name) + " of channel " + go_quote(ch.name) + ": skipRange " + go_quote(b.skip_range) +
                 " is not a blang/semver range: " + error,
             opm, entry_at(pkg, ch, b, "/skipRange"), obj);
      }
    }
    if (b.bundle_blob < 0) {
      // §2.4 quirk: opm keeps an entry of an earlier channel without a blob as an empty bundle.
      // Our finding for it is EntryWithoutBundle (conversion); these leaves are opm's text only.
      node.add_leaf("must be exactly one property with type \"olm.package\"");
      node.add_leaf("bundle image must be set");
    } else if (b.image.empty() && b.object_count == 0) {
      node.add_leaf("bundle image must be set");
      if (first_channel) {
        emit(FindingId::BundleImageMissing,
             "bundle " + go_quote(b.name) + " has no image and no olm.bundle.object properties; set \"image\"",
             "bundle image must be set", bundle_at(pkg, ch, b), obj);
      }
    }
    if (b.deprecation && b.deprecation->empty()) {
      node.add_leaf("invalid deprecation: message must be set");
      if (first_channel) {
        emit(FindingId::DeprecationNoMessage, "the deprecation of bundle " + go_quote(b.name) + " has an empty message",
             "invalid deprecation: message must be set", deprecation_at(pkg.name), obj);
      }
    }
    if (b.version && !b.version->build.empty() && !b.release.empty()) {
      node.add_leaf("cannot use build metadata in version with a release version");
      if (first_channel) {
        emit(FindingId::BuildMetadataWithRelease,
             "bundle " + go_quote(b.name) + " has build metadata in its version (" + b.version->to_string() +
                 ") and a release; drop one",
             "cannot use build metadata in version with a release version", bundle_at(pkg, ch, b), obj);
      }
    }
    return node;
  }

  // §2.7: bundles grouped by version (+ "-" release); a bundle in several channels counts once.
  void duplicate_versions(const Package& pkg, ErrorNode& node) {
    std::map<std::string, std::set<std::string>> opm_groups, our_groups;
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
    const std::string opm_text = render(opm_groups);
    if (!opm_text.empty()) node.add_leaf("duplicate versions found in bundles: [" + opm_text + "]");
    const std::string ours = render(our_groups);
    if (!ours.empty()) {
      emit(FindingId::DuplicateVersions,
           "package " + go_quote(pkg.name) + " has bundles sharing a version: " + ours +
               ". Each bundle needs its own version (build metadata or a release make versions distinct)",
           "duplicate versions found in bundles: [" + ours + "]", package_at(pkg), {pkg.name, "", ""});
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
