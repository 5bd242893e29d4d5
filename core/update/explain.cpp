#include "update/explain.h"

#include <algorithm>
#include <set>

#include "findings/go_format.h"
#include "semver/masterminds.h"
#include "update/entry_edges.h"

namespace fbclens::update {

const char* verdict_name(Verdict verdict) {
  for (const auto& [v, name] : json_enum(static_cast<const Verdict*>(nullptr))) {
    if (v == verdict) return name;
  }
  return "chosen";
}

namespace {

std::string version_of(const PackageGraph& graph, const std::string& bundle) {
  const GraphBundle* b = graph.bundle(bundle);
  return b ? b->version : "";
}

/// Every edge by which `entry` (of `channel`) upgrades from `installed`, one line each.
void add_edges(const GraphChannel& channel, const ChannelEntry& entry, const Installed& installed,
               const std::optional<semver::Version>& installed_version, std::vector<std::string>& out) {
  const std::string where = "channel " + go_quote(channel.name) + ": ";
  if (!entry.replaces.empty() && entry.replaces == installed.name) out.push_back(where + "replaces " + installed.name);
  if (std::find(entry.skips.begin(), entry.skips.end(), installed.name) != entry.skips.end()) {
    out.push_back(where + "skips " + installed.name);
  }
  if (installed_version && EntryEdges(entry).range_contains(*installed_version)) {
    out.push_back(where + "skipRange " + go_quote(entry.skip_range) + " contains " + installed.version);
  }
}

/// The entry named `name` in `channel`, or nullptr.
const ChannelEntry* entry_in(const GraphChannel& channel, const std::string& name) {
  for (const ChannelEntry& e : channel.entries) {
    if (e.name == name) return &e;
  }
  return nullptr;
}

Considered considered(const std::string& bundle, const std::string& version, Verdict verdict = Verdict::Chosen) {
  Considered c;
  c.bundle = bundle;
  c.version = version;
  c.verdict = verdict;
  return c;
}

/// Keeps at most kMaxConsidered, counting the rest.
void cap(StepExplanation& step) {
  if (step.considered.size() <= kMaxConsidered) return;
  step.more += step.considered.size() - kMaxConsidered;
  step.considered.resize(kMaxConsidered);
}

void note_max_openshift(const PackageGraph& graph, StepExplanation& step) {
  if (const GraphBundle* b = graph.bundle(step.to)) step.max_openshift = b->max_openshift;
}

// A step starting at `installed` (nullptr: a fresh install).
StepExplanation step_from(const Installed* installed) {
  StepExplanation step;
  if (installed) {
    step.from = installed->name;
    step.from_version = installed->version;
  }
  return step;
}

std::string channel_list(const std::vector<const GraphChannel*>& channels) {
  std::string s;
  for (const GraphChannel* c : channels) s += (s.empty() ? "" : ", ") + go_quote(c->name);
  return s;
}

// ---- OLM Classic ----------------------------------------------------------------------------

StepExplanation explain_classic_step(const PackageGraph& graph, const Installed* installed, const ClassicOptions& options) {
  StepExplanation step = step_from(installed);
  const ClassicResult r = classic_next(graph, installed, options);
  step.error = r.error;
  step.to = r.error.empty() ? r.next : "";
  if (!r.error.empty()) {
    step.summary = "OLM Classic fails: " + r.error;
    // A fresh install whose every candidate has unmet dependencies still lists them below.
    if (!r.resolution || !r.resolution->error.empty() || r.resolution->candidates.empty()) return step;
  }
  const std::vector<const GraphChannel*> channels = classic_channel_order(graph, options);
  // The first channel (in Classic's order) listing each bundle: where it was considered.
  const auto first_channel = [&channels](const std::string& name) -> const GraphChannel* {
    for (const GraphChannel* c : channels) {
      if (entry_in(*c, name)) return c;
    }
    return nullptr;
  };
  const auto channel_role = [&](const GraphChannel* c) {
    if (!c) return std::string("the catalog");
    std::string s = "channel " + go_quote(c->name);
    if (!options.channel.empty()) return s + " (the subscription's channel)";
    return c->name == graph.default_channel ? s + " (the default channel)" : s;
  };
  const std::optional<semver::Version> installed_version =
      installed ? semver::parse(installed->version) : std::nullopt;

  // With dependencies: each candidate's outcome in the resolution (skipped ones name their unmet
  // constraints).
  const auto outcome_of = [&r](const std::string& name) -> const deps::CandidateOutcome* {
    if (!r.resolution) return nullptr;
    for (const deps::CandidateOutcome& o : r.resolution->candidates) {
      if (o.bundle == name) return &o;
    }
    return nullptr;
  };
  std::size_t unmet_count = 0;
  bool past_chosen = false;
  for (const std::string& name : r.candidates) {
    Considered c = considered(name, version_of(graph, name));
    if (installed) {
      for (const GraphChannel* ch : channels) {
        if (const ChannelEntry* e = entry_in(*ch, name)) add_edges(*ch, *e, *installed, installed_version, c.edges);
      }
    }
    const GraphBundle* b = graph.bundle(name);
    if (name == r.next && !past_chosen) {
      c.verdict = Verdict::Chosen;
      const GraphChannel* ch = first_channel(name);
      if (!installed && !options.starting_csv.empty()) {
        c.reason = "the subscription's startingCSV, in " + channel_role(ch);
      } else if (!installed) {
        c.reason = "the head of " + channel_role(ch) + ": Classic installs the first installable entry of its channel order";
      } else {
        c.reason = "the candidate nearest the head of " + channel_role(ch) +
                   ": Classic takes the first candidate in its channel order (from the head along replaces)";
      }
      past_chosen = true;
    } else if (!past_chosen && b && b->olm_deprecated) {
      c.verdict = Verdict::LegacyDeprecated;
      c.reason = "carries the legacy olm.deprecated property: Classic never installs it";
    } else if (const deps::CandidateOutcome* o = outcome_of(name); !past_chosen && o && o->tried && !o->unmet.empty()) {
      c.verdict = Verdict::UnmetDependencies;
      c.unmet = o->unmet;
      ++unmet_count;
      const deps::Unmet& u = o->unmet.front();
      c.reason = "its dependencies cannot be met, so Classic's resolver skips it: " +
                 (u.constraint.empty() ? u.reason : u.constraint + ": " + u.reason) +
                 (u.failure_message.empty() ? "" : " (failureMessage: " + u.failure_message + ")") +
                 (o->unmet.size() > 1 ? " and " + std::to_string(o->unmet.size() - 1) + " more" : "");
    } else {
      c.verdict = Verdict::FartherFromHead;
      const GraphChannel* ch = first_channel(name);
      const GraphChannel* chosen_channel = first_channel(r.next);
      c.reason = ch == chosen_channel || !ch || !chosen_channel
                     ? "farther from the channel head than " + r.next + ", which Classic takes first"
                     : "in " + channel_role(ch) + ", which Classic considers after " + channel_role(chosen_channel);
      if (r.next.empty()) c.reason = "carries the legacy olm.deprecated property: Classic never installs it";
    }
    step.considered.push_back(std::move(c));
  }
  // Chosen first, then the rest in preference order.
  std::stable_partition(step.considered.begin(), step.considered.end(),
                        [](const Considered& c) { return c.verdict == Verdict::Chosen; });

  // Entries that would upgrade from the installed bundle but that Classic's channel order drops:
  // the reason Classic strands clusters that OLM v1 moves on (successors.md §3, the seed example).
  if (installed) {
    const std::set<std::string> ordered(r.sorted.begin(), r.sorted.end());
    std::set<std::string> reported(r.candidates.begin(), r.candidates.end());
    for (const GraphChannel* ch : channels) {
      for (const ChannelEntry& e : ch->entries) {
        if (ordered.count(e.name) || reported.count(e.name)) continue;
        Considered c = considered(e.name, version_of(graph, e.name), Verdict::OffChain);
        add_edges(*ch, e, *installed, installed_version, c.edges);
        if (c.edges.empty()) continue;
        reported.insert(e.name);
        std::string skipper;
        for (const ChannelEntry& other : ch->entries) {
          if (std::find(other.skips.begin(), other.skips.end(), e.name) != other.skips.end()) skipper = other.name;
        }
        c.reason = skipper.empty()
                       ? "not on the replaces chain from the head of channel " + go_quote(ch->name) +
                             ", so Classic's channel order leaves it out"
                       : "skipped by " + skipper + " in channel " + go_quote(ch->name) +
                             ", so Classic's channel order (from the head along replaces, skipped entries left out) "
                             "leaves it out";
        step.considered.push_back(std::move(c));
      }
    }
  }

  if (!step.to.empty()) {
    step.summary = installed ? "OLM Classic upgrades " + installed->name + " to " + step.to
                             : "OLM Classic installs " + step.to;
  } else if (installed && r.candidates.empty()) {
    step.summary = "OLM Classic stays on " + installed->name + ": no entry in its channel order (" +
                   channel_list(channels) + ") replaces, skips or skipRanges it";
  } else if (installed && unmet_count > 0) {
    step.summary = "OLM Classic stays on " + installed->name + ": " +
                   (unmet_count == r.candidates.size() ? "no candidate has its dependencies met"
                                                        : "every candidate has unmet dependencies or carries olm.deprecated");
  } else if (installed) {
    step.summary = "OLM Classic stays on " + installed->name + ": every candidate carries olm.deprecated";
  }
  if (r.resolution && r.resolution->ok && r.resolution->installs.size() > 1) {
    step.installs_along.assign(r.resolution->installs.begin() + 1, r.resolution->installs.end());
    step.summary += ", with " + std::to_string(step.installs_along.size()) + " dependenc" +
                    (step.installs_along.size() == 1 ? "y" : "ies") + " installed along";
  }
  note_max_openshift(graph, step);
  cap(step);
  return step;
}

// ---- OLM v1 ---------------------------------------------------------------------------------

StepExplanation explain_v1_step(const PackageGraph& graph, const Installed* installed, const V1Options& options) {
  StepExplanation step = step_from(installed);
  const V1Result r = v1_next(graph, installed, options);
  step.error = r.error;
  if (r.error.empty() && !r.next.empty()) {
    step.to = installed ? v1_step(graph, *installed, r) : r.next;
  }
  std::optional<semver::masterminds::Constraints> range;
  if (!options.version.empty()) {
    range = semver::masterminds::parse_constraints(options.version);
    if (!range) {  // v1 refuses the request before looking at any bundle
      step.summary = "OLM v1 fails: " + r.error;
      return step;
    }
  }
  const V1Filters filters(graph, installed, options, range ? &*range : nullptr);
  if (installed && !options.self_certified && !filters.installed_version_ok()) {
    step.summary = "OLM v1 fails: " + r.error;
    return step;
  }
  const std::optional<semver::Version> installed_version =
      installed ? semver::parse(installed->version) : std::nullopt;

  std::vector<const GraphBundle*> passing, filtered;
  for (const GraphBundle& b : graph.bundles) {
    // Older bundles can only lose (or, SelfCertified, be a downgrade nobody asked for): left out.
    if (installed && compare(filters.version(b), filters.installed_version()) < 0 && b.name != r.next) continue;
    (filters.candidate(b) ? passing : filtered).push_back(&b);
  }
  const auto by_preference = [&filters](const GraphBundle* a, const GraphBundle* b) {
    if (a->deprecated != b->deprecated) return !a->deprecated;
    return compare(filters.version(*a), filters.version(*b)) > 0;
  };
  std::stable_sort(passing.begin(), passing.end(), by_preference);
  std::stable_sort(filtered.begin(), filtered.end(), [&filters](const GraphBundle* a, const GraphBundle* b) {
    return compare(filters.version(*a), filters.version(*b)) > 0;
  });

  const auto edges_of = [&](const std::string& name) {
    std::vector<std::string> edges;
    if (!installed) return edges;
    for (const GraphChannel* ch : filters.channels()) {
      if (const ChannelEntry* e = entry_in(*ch, name)) add_edges(*ch, *e, *installed, installed_version, edges);
    }
    return edges;
  };
  const GraphBundle* best = passing.empty() ? nullptr : passing.front();
  for (const GraphBundle* b : passing) {
    Considered c = considered(b->name, b->version);
    c.edges = edges_of(b->name);
    const bool same = installed && compare(filters.version(*b), filters.installed_version()) == 0;
    if (b == best) {
      c.verdict = Verdict::Chosen;
      c.reason = same ? "the same version as the installed bundle, and nothing newer passes: v1 stays"
                      : (b->deprecated ? "the highest version that passes (all that pass are deprecated)"
                                       : "the highest version that passes every filter");
      if (!r.error.empty()) c.reason += "; but " + r.error;
    } else if (b->deprecated && !best->deprecated) {
      c.verdict = Verdict::Deprecated;
      c.reason = "deprecated by olm.deprecations: v1 prefers any bundle that is not";
    } else {
      c.verdict = Verdict::LowerVersion;
      c.reason = "a lower version than " + best->name;
    }
    if (same && b != best) c.reason += " (the installed version)";
    step.considered.push_back(std::move(c));
  }
  for (const GraphBundle* b : filtered) {
    Considered c = considered(b->name, b->version);
    if (!filters.in_channels(*b)) {
      c.verdict = Verdict::NotInChannels;
      std::string names;
      for (const std::string& n : options.channels) names += (names.empty() ? "" : ", ") + go_quote(n);
      c.reason = "not an entry of the channels the ClusterExtension names (" + names + ")";
    } else if (!filters.in_range(*b)) {
      c.verdict = Verdict::OutsideRange;
      c.reason = "version " + b->version + " is outside the range " + go_quote(options.version);
    } else {
      c.verdict = Verdict::NotSuccessor;
      c.reason = "no entry of " + (options.channels.empty() ? std::string("any channel") : "those channels") +
                 " replaces, skips or skipRanges " + (installed ? installed->name : std::string()) +
                 " (CatalogProvided allows successors only)";
    }
    step.considered.push_back(std::move(c));
  }

  if (!r.error.empty()) {
    step.summary = "OLM v1 fails: " + r.error;
  } else if (!step.to.empty()) {
    step.summary = installed ? "OLM v1 upgrades " + installed->name + " to " + step.to : "OLM v1 installs " + step.to;
  } else if (installed) {
    step.summary = "OLM v1 stays on " + installed->name + ": nothing newer passes its filters";
  }
  note_max_openshift(graph, step);
  cap(step);
  return step;
}

/// Explains `first` (from `installed`, or a fresh install), then each following step from the
/// bundle moved to, until the OLM stays, fails, a bundle repeats, or kMaxSteps.
template <typename Explain>
std::vector<StepExplanation> explain_walk(const PackageGraph& graph, const Installed* installed, Explain explain) {
  std::vector<StepExplanation> steps;
  steps.push_back(explain(installed, true));
  std::set<std::string> seen;
  if (installed) seen.insert(installed->name);
  while (steps.size() < kMaxSteps) {
    const std::string to = steps.back().to;
    if (to.empty()) break;
    if (!seen.insert(to).second) {  // a cycle (opm rejects such catalogs): both walks stop here
      steps.back().summary += " (already visited: the walk stops here)";
      break;
    }
    const Installed now{to, version_of(graph, to)};
    steps.push_back(explain(&now, false));
  }
  return steps;
}

}  // namespace

std::vector<StepExplanation> explain_classic_walk(const PackageGraph& graph, const Installed* installed,
                                                  const ClassicOptions& options) {
  return explain_walk(graph, installed, [&](const Installed* from, bool first) {
    // startingCSV applies to the first install only.
    ClassicOptions later = options;
    later.starting_csv.clear();
    return explain_classic_step(graph, from, first ? options : later);
  });
}

std::vector<StepExplanation> explain_v1_walk(const PackageGraph& graph, const Installed* installed,
                                             const V1Options& options) {
  return explain_walk(graph, installed, [&](const Installed* from, bool) { return explain_v1_step(graph, from, options); });
}

}  // namespace fbclens::update
