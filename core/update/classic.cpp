#include "update/classic.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_set>

#include "findings/go_format.h"
#include "update/entry_edges.h"

namespace fbclens::update {

std::vector<std::string> sort_channel(const GraphChannel& channel, const std::string& package, std::string& error) {
  std::vector<const ChannelEntry*> entries;
  for (const ChannelEntry& e : channel.entries) entries.push_back(&e);
  return sort_channel(channel.name, entries, package, error);
}

std::vector<std::string> sort_channel(const std::string& channel_name, const std::vector<const ChannelEntry*>& entries,
                                      const std::string& package, std::string& error) {
  const std::string where = " in channel " + go_quote(channel_name) + " of package " + go_quote(package);
  std::map<std::string, const ChannelEntry*> lookup;
  for (const ChannelEntry* e : entries) lookup[e->name] = e;
  std::set<std::string> replaced_by, skipped;
  std::map<std::string, std::string> replaces;  // entry -> the entry it replaces (in this channel)
  for (const ChannelEntry* ep : entries) {
    const ChannelEntry& e = *ep;
    if (!e.replaces.empty() && lookup.count(e.replaces)) {
      replaced_by.insert(e.replaces);
      replaces[e.name] = e.replaces;
    }
    for (const std::string& s : e.skips) {
      if (lookup.count(s)) {
        replaced_by.insert(s);
        skipped.insert(s);
      }
    }
  }
  std::vector<const ChannelEntry*> heads;
  for (const ChannelEntry* e : entries) {
    if (!replaced_by.count(e->name)) heads.push_back(e);
  }
  if (entries.empty()) return {};
  if (heads.empty()) {
    error = "no channel heads (entries not replaced by another entry) found" + where;
    return {};
  }
  std::vector<std::vector<std::string>> chains;
  for (const ChannelEntry* head : heads) {
    std::vector<std::string> chain;
    std::set<std::string> visited;
    std::string cur = head->name;
    while (true) {
      visited.insert(cur);
      if (!skipped.count(cur)) chain.push_back(cur);
      auto next = replaces.find(cur);
      if (next == replaces.end()) break;
      if (visited.count(next->second)) {
        error = "a cycle exists in the chain of replacement beginning with " + go_quote(head->name) + where;
        return {};
      }
      cur = next->second;
    }
    chains.push_back(std::move(chain));
  }
  if (chains.size() > 1) {
    std::string list;
    for (std::size_t i = 0; i < chains.size(); ++i) {
      const auto& c = chains[i];
      list += (i ? ", " : "") + (c.size() == 1 ? c.front() : c.empty() ? std::string() : c.front() + "..." + c.back());
    }
    error = "a unique replacement chain within a channel is required to determine the relative order between channel "
            "entries, but " + std::to_string(chains.size()) + " replacement chains were found" + where + ": " + list;
    return {};
  }
  return chains.front();
}

std::vector<const GraphChannel*> classic_channel_order(const PackageGraph& graph, const ClassicOptions& options) {
  std::vector<const GraphChannel*> groups;
  for (const GraphChannel& c : graph.channels) {
    if (options.channel.empty() || c.name == options.channel) groups.push_back(&c);
  }
  std::stable_sort(groups.begin(), groups.end(), [&graph](const GraphChannel* a, const GraphChannel* b) {
    const bool da = a->name == graph.default_channel, db = b->name == graph.default_channel;
    if (da != db) return da;
    return a->name < b->name;
  });
  return groups;
}

ClassicResult classic_next(const PackageGraph& graph, const Installed* installed, const ClassicOptions& options,
                           const GraphIndex* index) {
  ClassicResult r;
  const std::vector<const GraphChannel*> groups = classic_channel_order(graph, options);
  if (groups.empty()) {
    r.error = "no operators found in channel " + options.channel + " of package " + graph.package +
              " in the catalog referenced by subscription " + graph.package;
    return r;
  }
  const bool starting = !installed && !options.starting_csv.empty();
  const std::optional<semver::Version> installed_version = installed ? semver::parse(installed->version) : std::nullopt;
  bool any_starting = false;
  std::vector<std::string> candidate_channels;  // the channel each candidate was first seen in
  // A bundle in several channels is one candidate, kept at its first (most preferred) place. One
  // channel's sorted names are distinct (its one replacement chain), so only several need the set.
  std::unordered_set<std::string> candidate_names;
  const bool several = groups.size() > 1;
  for (const GraphChannel* c : groups) {
    GraphChannel filtered;
    const GraphChannel* use = c;
    if (starting) {  // filtered to startingCSV before sorting (OLM PR #1951)
      filtered.name = c->name;
      for (const ChannelEntry& e : c->entries) {
        if (e.name == options.starting_csv) filtered.entries.push_back(e);
      }
      any_starting = any_starting || !filtered.entries.empty();
      use = &filtered;
    }
    // The channel's order: the index's (the same sort, done once), else sorted here.
    const ClassicOrder* indexed = index && use == c ? &index->classic_order(*c) : nullptr;
    ClassicOrder own;
    if (!indexed) own.sorted = sort_channel(*use, graph.package, own.error);
    const ClassicOrder& order = indexed ? *indexed : own;
    if (!order.error.empty()) {
      r.error = order.error;
      return r;
    }
    for (const std::string& name : order.sorted) {
      r.sorted.push_back(name);
      if (several && candidate_names.count(name)) continue;
      bool candidate = !installed;
      if (installed) {
        // The entry of that name (the last, when a channel lists one twice) reaches the installed bundle.
        if (indexed) {
          candidate = index->last_entry(*c, name)->reaches(installed->name, installed_version).has_value();
        } else {
          const ChannelEntry* e = nullptr;
          for (const ChannelEntry& x : use->entries) {
            if (x.name == name) e = &x;
          }
          candidate = EntryEdges(*e).reaches(installed->name, installed_version).has_value();
        }
      }
      if (!candidate) continue;
      r.candidates.push_back(name);
      candidate_channels.push_back(c->name);
      if (several) candidate_names.insert(name);
    }
  }
  if (starting && !any_starting) {
    r.error = "no operators found with name " + options.starting_csv + " in channel " + options.channel + " of package " +
              graph.package + " in the catalog referenced by subscription " + graph.package;
    return r;
  }
  if (options.dependencies) {
    std::vector<deps::Candidate> candidates;
    for (std::size_t i = 0; i < r.candidates.size(); ++i) {
      const GraphBundle* b = graph.bundle(r.candidates[i]);
      candidates.push_back({candidate_channels[i], r.candidates[i], b && b->olm_deprecated});
    }
    r.resolution = options.dependencies->resolve(graph.package, candidates, installed != nullptr);
    if (!r.resolution->error.empty()) {
      r.error = r.resolution->error;
      return r;
    }
    for (const deps::CandidateOutcome& c : r.resolution->candidates) {
      if (c.chosen) r.next = c.bundle;
    }
    if (r.next.empty() && !installed) {
      // Our wording (the solver's own names every clause of its unsatisfiable core).
      r.error = "constraints not satisfiable: no bundle of package " + graph.package +
                " can be installed with its dependencies";
      for (const deps::CandidateOutcome& c : r.resolution->candidates) {
        if (c.unmet.empty() || c.unmet.front().constraint.empty()) continue;
        r.error += " (" + c.unmet.front().constraint + ")";
        break;
      }
    }
    return r;
  }
  for (const std::string& c : r.candidates) {
    const GraphBundle* b = index ? index->bundle(c) : graph.bundle(c);
    if (b && b->olm_deprecated) continue;  // "bundle %s is deprecated": prohibited
    r.next = c;
    return r;
  }
  if (!installed) r.error = "constraints not satisfiable: no installable bundle of package " + graph.package;
  return r;
}

std::string classic_step(const PackageGraph& graph, const Installed& installed, const ClassicOptions& options,
                         const GraphIndex* index) {
  const ClassicResult r = classic_next(graph, &installed, options, index);
  return r.error.empty() ? r.next : std::string();
}

std::vector<std::string> classic_walk(const PackageGraph& graph, const Installed& installed, const ClassicOptions& options) {
  return walk_from(graph, installed, [&](const Installed& cur) { return classic_step(graph, cur, options); });
}

}  // namespace fbclens::update
