// OLM Classic (v0, the SAT resolver since OLM 0.16) update selection (spec successors.md §1).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "deps/resolve.h"
#include "update/graph_index.h"
#include "update/package_graph.h"

namespace fbclens::update {

/// Classic's per-channel order (resolver.go sortChannel, spec §1.2): from the unique head along
/// replaces links, entries named in any skips dropped. Returns the entry names head first, or
/// sets `error` to OLM's exact text (no heads / cycle / several chains).
std::vector<std::string> sort_channel(const GraphChannel& channel, const std::string& package, std::string& error);

/// The same over a channel's entries given by pointer (in file order), e.g. a model::Channel's
/// entries(), so callers holding the model need not copy them.
std::vector<std::string> sort_channel(const std::string& channel_name, const std::vector<const ChannelEntry*>& entries,
                                      const std::string& package, std::string& error);

/// Subscription fields Classic reads.
struct ClassicOptions {
  std::string channel;       ///< spec.channel; "" = unset (all channels, default channel first)
  std::string starting_csv;  ///< spec.startingCSV (only used when nothing is installed)
  /// When set, every pick also resolves the candidates' dependencies (issue 15): a candidate whose
  /// dependencies cannot be met is skipped, as OLM Classic's SAT resolver does. Null = the graph
  /// alone (dependencies assumed satisfiable), which divergence, hub and diff keep using: they
  /// compare upgrade graphs, and a cluster-dependent answer would make them depend on what the
  /// user says the cluster has. Not owned; must outlive the calls.
  deps::CandidateResolver* dependencies = nullptr;
};

/// The channels Classic considers, in its preference order (resolver.go, spec §1.2): the
/// subscription's channel alone, or every channel with the default channel first and the rest by
/// name. Pointers into `graph`.
std::vector<const GraphChannel*> classic_channel_order(const PackageGraph& graph, const ClassicOptions& options);

/// One Classic resolution.
struct ClassicResult {
  std::vector<std::string> sorted;      ///< the ordered entries of the considered channels
  std::vector<std::string> candidates;  ///< entries that would replace the installed bundle, head first; each once
  std::string next;                     ///< the chosen bundle; "" = stays (or error)
  std::string error;                    ///< OLM's error text; "" = none
  /// With ClassicOptions::dependencies: the dependency resolution of `candidates` (in that order,
  /// each with its channel and, when skipped, its unmet constraints; the chosen one's installs).
  /// Unset when dependencies were not asked for or the graph alone already failed.
  std::optional<deps::Resolution> resolution;
};

/// What Classic picks for `installed` (nullptr = fresh install): the first installable candidate
/// closest to the head, skipping bundles with the legacy olm.deprecated property; staying is no
/// error (spec §1.3–1.5). Dependencies are assumed satisfiable unless options.dependencies is set;
/// then (resolver.go getSubscriptionVariables: candidates, then the installed bundle as the last
/// option) the first candidate whose dependencies deps::CandidateResolver can meet wins, and if
/// none can, Classic stays on `installed` (no error) or, on a fresh install, fails with
/// "constraints not satisfiable: ..."; an unreadable dependency anywhere aborts with OLM's text.
/// `index` (of `graph`; nullptr = none) only saves work: the answer is the same with it.
ClassicResult classic_next(const PackageGraph& graph, const Installed* installed, const ClassicOptions& options,
                           const GraphIndex* index = nullptr);

/// One step of Classic's walk from `installed`: the bundle it upgrades to, or "" when it stays or
/// fails (classic_next's next, unless there is an error).
std::string classic_step(const PackageGraph& graph, const Installed& installed, const ClassicOptions& options,
                         const GraphIndex* index = nullptr);

/// The one-step-at-a-time walk (spec §1.6): installed, next, next(next) ... until Classic stays,
/// fails, or a bundle repeats. Returns the bundle names, starting with `installed.name`. With
/// options.dependencies every step resolves on its own against the same cluster (what an earlier
/// step installed along is not added to it; OLM would then also upgrade those dependencies
/// through their own generated Subscriptions, which this walk does not model).
std::vector<std::string> classic_walk(const PackageGraph& graph, const Installed& installed, const ClassicOptions& options);

}  // namespace fbclens::update
