// Why each OLM takes the step it takes: the upgrade simulator's explanations. For every step of a
// walk (successors.md §1.6), the bundles that were in the running and what decided between them,
// in the terms of the rules the two OLMs apply (Classic: successors.md §1.2–1.5; v1: §2.2–2.9).
// The choice itself is always classic_next's / v1_next's: this file only annotates it, so an
// explanation can never disagree with the answer it explains.
#pragma once

#include <array>
#include <string>
#include <utility>
#include <vector>

#include "update/classic.h"
#include "update/olm_v1.h"
#include "update/package_graph.h"

namespace fbclens::update {

/// How one bundle fared in one step.
enum class Verdict {
  Chosen,           ///< the bundle the OLM moves to (or, for v1, stays on)
  FartherFromHead,  ///< Classic: a candidate, but a preferred one (nearer its channel head, or in an earlier channel) won
  LegacyDeprecated, ///< Classic: carries the legacy olm.deprecated property, which Classic never installs
  OffChain,         ///< Classic: an entry upgrades from the installed bundle, but Classic's channel order drops it
                    ///< (it is skipped, or off the replaces chain from the head): why Classic strands clusters
  LowerVersion,     ///< v1: passed every filter but a higher version won
  Deprecated,       ///< v1: deprecated by olm.deprecations; a non-deprecated bundle won
  NotInChannels,    ///< v1: not an entry of any channel the ClusterExtension names
  OutsideRange,     ///< v1: its version is outside the ClusterExtension's version range
  NotSuccessor,     ///< v1 (CatalogProvided): no entry of the channels replaces, skips or skipRanges the installed bundle
  UnmetDependencies,///< Classic (dependencies resolved): a candidate whose dependencies cannot be met, so the
                    ///< solver skips it (resolver.go: its "requires an operator" clause has no satisfiable option)
};

/// Each verdict's name, as the upgrade answer's JSON (update/upgrade_view.h, through
/// view::write_json) and its text (export/upgrade_text.h) spell it.
inline auto json_enum(const Verdict*) {
  return std::array{std::pair{Verdict::Chosen, "chosen"},
                    std::pair{Verdict::FartherFromHead, "farther-from-head"},
                    std::pair{Verdict::LegacyDeprecated, "legacy-deprecated"},
                    std::pair{Verdict::OffChain, "off-chain"},
                    std::pair{Verdict::LowerVersion, "lower-version"},
                    std::pair{Verdict::Deprecated, "deprecated"},
                    std::pair{Verdict::NotInChannels, "not-in-channels"},
                    std::pair{Verdict::OutsideRange, "outside-range"},
                    std::pair{Verdict::NotSuccessor, "not-successor"},
                    std::pair{Verdict::UnmetDependencies, "unmet-dependencies"}};
}

/// "chosen", "farther-from-head", "legacy-deprecated", "off-chain", "lower-version", "deprecated",
/// "not-in-channels", "outside-range", "not-successor", "unmet-dependencies" (json_enum's names).
const char* verdict_name(Verdict verdict);

/// One bundle considered in a step.
struct Considered {
  std::string bundle;
  std::string version;   ///< its olm.package version as written ("" when unknown)
  Verdict verdict = Verdict::Chosen;
  /// The channel entries that made it upgrade from the installed bundle, one line each:
  /// `channel "stable": replaces a.v1`, `... skips a.v1`, `... skipRange ">=1.0.0 <2.0.0" contains 1.0.0`.
  /// Empty on a fresh install and for bundles that reach the installed one by no edge.
  std::vector<std::string> edges;
  std::string reason;    ///< one sentence: why it won or lost
  /// UnmetDependencies: the constraints that could not be met (OLM's clause text, failureMessage,
  /// where it is declared, and why no option fit).
  std::vector<deps::Unmet> unmet;
};

/// One step of one OLM's walk.
struct StepExplanation {
  std::string from;          ///< the installed bundle ("" on a fresh install)
  std::string from_version;  ///< its version ("" on a fresh install)
  std::string to;            ///< the bundle moved to; "" = stays (or error)
  std::string error;         ///< the OLM's own error text ("" = none)
  std::string summary;       ///< one sentence for the whole step
  /// The winner first, then the losers in the OLM's preference order. Classic lists its
  /// candidates (entries that replace the installed one), then the off-chain entries; v1 lists
  /// every bundle newer than or as new as the installed one (older ones can only lose), those that
  /// pass its filters first, or on a fresh install every bundle.
  /// At most kMaxConsidered; `more` counts the rest.
  std::vector<Considered> considered;
  std::size_t more = 0;
  /// When the winner declares olm.maxOpenShiftVersion: its raw value. Neither OLM lets it change
  /// the pick (successors.md §6); it blocks the cluster's next minor upgrade instead.
  std::string max_openshift;
  /// With dependencies resolved: the bundles installed along with `to` (its dependencies,
  /// transitively; each says which bundle and constraint pulled it in). Empty otherwise.
  std::vector<deps::Installed> installs_along;
};

/// The longest `considered` list of one step; the rest are counted in `more`.
constexpr std::size_t kMaxConsidered = 12;

/// Classic's walk from `installed` (nullptr = fresh install: the first step is the install
/// itself), one explanation per step, ending with the step where Classic stays or fails, or with
/// a step back to a bundle already visited (its summary says so; classic_walk leaves it out).
/// Follows classic_next (and so OLM's resolver: channel order, candidates, olm.deprecated, and with
/// options.dependencies each candidate's dependencies: a skipped one is UnmetDependencies with its
/// constraints, and each step lists what its pick installs along).
/// At most kMaxSteps steps (a walk the graph bounds anyway; the cap keeps hostile input small).
std::vector<StepExplanation> explain_classic_walk(const PackageGraph& graph, const Installed* installed,
                                                  const ClassicOptions& options);

/// The same for OLM v1 (v1_next: channels, version range, upgrade-constraint policy, deprecation
/// preference).
std::vector<StepExplanation> explain_v1_walk(const PackageGraph& graph, const Installed* installed,
                                             const V1Options& options);

/// The longest walk explained.
constexpr std::size_t kMaxSteps = 500;

}  // namespace fbclens::update
