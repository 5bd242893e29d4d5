// Resolution within one catalog, as OLM Classic's resolver does it for a new Subscription
// (issue 15 §2): which bundles get installed, one per package, with every dependency satisfied by
// bundles of the catalog or by what the user says the cluster already has.
//
// Followed from operator-lifecycle-manager pkg/controller/registry/resolver/resolver.go:
// - getSubscriptionVariables: the candidates are the package's bundles in the subscription's
//   channel (every channel when none is given), only the starting bundle when one is given;
//   ordered default channel first, then the other channels by name, each channel by sortChannel
//   (head first along `replaces`, entries that another entry skips left out). Its messages when
//   nothing matches ("no operators found in package P in the catalog referenced by subscription
//   S", "... in channel C of package P ...", "... with name B in channel C of package P ...").
// - getBundleVariables: every dependency of every bundle reached is a clause "bundle B requires
//   an operator <predicate>" whose options are all bundles satisfying it, from the channels that
//   hold one, sorted by sortBundles (default channels first, then package name, then channel
//   name; sortChannel inside each). Any error on the way (an olm.constraint that does not parse,
//   a versionRange blang cannot parse, a channel sortChannel rejects) aborts the resolution.
// - addInvariants: at most one bundle per package and at most one provider per GVK.
// - The SAT solver prefers earlier options: we search depth first in that order (the first
//   subscription candidate whose dependencies can all be met wins; within a dependency the first
//   option that leads to a solution wins), with a step budget so hostile catalogs cannot hang us.
//
// - Upgrades (getSubscriptionVariables with an installed CSV): the candidates are the entries that
//   replace, skip or skipRange the installed bundle (update::classic_next computes them), followed
//   by the installed bundle itself, which conflicts with every candidate; so the solver takes the
//   first candidate whose dependencies can be met and otherwise keeps the installed bundle
//   (resolve_candidates with upgrade = true). Bundles with the legacy olm.deprecated property are
//   variables the solver must not pick (NewBundleVariableFromOperator's "bundle %s is deprecated"),
//   yet their dependencies are still read, so their errors abort too.
//
// Left out: several catalogs and their priorities, catalog-source and namespace preference,
// installed operators other than through --cluster-provides (the @existing virtual catalog:
// what they require, and the one-provider-per-GVK invariant against them), olm.label.required (label
// properties are not modelled), system constraints (runtime_constraints), CEL evaluation (a cel
// constraint is "not evaluated": it pulls nothing in and is reported), and the solver's minimal
// unsatisfiable-core message (we name the constraints that failed instead).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "deps/deps.h"
#include "model/model.h"

namespace fbclens::deps {

/// What the user says the cluster already has (`--cluster-provides`).
struct ClusterProvides {
  std::vector<property::Gvk> gvks;
  struct PackageVersion {
    std::string package_name;
    semver::Version version;
  };
  std::vector<PackageVersion> packages;
};

/// Parses one `--cluster-provides` value: "group/version/Kind" (group may be empty:
/// "/v1/Kind") or "package@version" (strict SemVer). Returns false with `error` set.
bool parse_cluster_provides(const std::string& text, ClusterProvides& into, std::string& error);

/// An install: a new Subscription to `package` (optional channel and starting bundle).
struct InstallRequest {
  std::string package;
  std::string channel;          ///< "" = every channel (OLM's ChannelPredicate("") matches all)
  std::string starting_bundle;  ///< "" = none
  /// An upgrade instead of an install: the installed bundle (and its version, needed only when it
  /// is no longer in the catalog). resolve_install ignores these; update::resolve_request (which
  /// needs Classic's upgrade candidates) reads them.
  std::string installed_bundle, installed_version;
  ClusterProvides cluster;
  std::size_t step_budget = 200000;  ///< search steps before giving up
};

/// A bundle the resolution installs.
struct Installed {
  std::string package, channel, bundle;
  std::string required_by;        ///< the bundle whose dependency pulled it in ("" = the subscription)
  std::string constraint;         ///< OLM's clause text, "bundle X requires an operator ..." ("" for the subscription)
  std::string failure_message;    ///< the constraint's failureMessage, if any
  std::string property_pointer;   ///< "/properties/N/value" of that dependency in required_by
};

/// A dependency met by the cluster, or left unevaluated (cel).
struct Note {
  std::string bundle;      ///< whose dependency
  std::string constraint;  ///< OLM's clause text
  std::string detail;      ///< "satisfied by the cluster: ..." or "not evaluated: cel rule ..."
};

/// A dependency no option could meet (for this candidate).
struct Unmet {
  std::string bundle;
  std::string constraint;       ///< OLM's clause text
  std::string failure_message;
  std::string property_pointer;
  SourceLocation where;
  std::string reason;           ///< "no bundle in the catalog satisfies it" or the conflict
};

/// One subscription candidate, in preference order, and what became of it.
struct CandidateOutcome {
  std::string channel, bundle;
  bool chosen = false;
  std::vector<Unmet> unmet;     ///< why it was skipped (empty when chosen or not tried)
  bool tried = false;           ///< false for candidates after the chosen one
};

struct Resolution {
  bool ok = false;
  std::vector<Installed> installs;          ///< the subscription's bundle first, then dependencies
  std::vector<Note> notes;
  std::vector<CandidateOutcome> candidates;
  /// Set when resolution fails without trying candidates: OLM's error text (an unknown package or
  /// channel, a constraint that does not parse, a channel sortChannel rejects, the step budget).
  std::string error;
};

/// Resolves `request` in `model` (model in, data out; never fails or throws). Costs one pass over
/// the catalog's bundles per distinct dependency, plus the search (bounded by step_budget).
Resolution resolve_install(const model::Model& model, const InstallRequest& request);

/// How many search steps one CandidateResolver takes in all before refusing new questions.
constexpr std::size_t kMaxTotalSteps = 2000000;

/// One subscription candidate handed to CandidateResolver, in Classic's preference order.
struct Candidate {
  std::string channel, bundle;
  /// The solver may not pick it (legacy olm.deprecated): its dependencies are still read (their
  /// errors abort), its outcome says why it was skipped.
  bool prohibited = false;
};

/// Classic's dependency resolution for a given, ordered candidate list of one package, reusable
/// across calls on the same model and cluster (what it learns about bundles and constraints is
/// cached, so a walk of upgrade steps reads every dependency once, and a question asked again is
/// answered from memory). Not thread-safe. Once its searches have taken total_budget steps in
/// all (each within the step budget), new questions answer with an error, so a hostile catalog's
/// long walk stays bounded.
class CandidateResolver {
 public:
  /// `model` must outlive the resolver. `step_budget` bounds each resolve() call's search,
  /// `total_budget` all of them together.
  CandidateResolver(const model::Model& model, ClusterProvides cluster, std::size_t step_budget = 200000,
                    std::size_t total_budget = kMaxTotalSteps);
  ~CandidateResolver();
  CandidateResolver(const CandidateResolver&) = delete;
  CandidateResolver& operator=(const CandidateResolver&) = delete;

  /// Tries `candidates` of `package` in order, as resolve_install does after choosing its
  /// candidates: every bundle reachable from any candidate is read first (an error anywhere is
  /// Resolution::error, OLM aborting the whole resolution), then the first candidate whose
  /// dependencies can all be met is chosen. `upgrade`: the subscription's own package is not taken
  /// by a cluster-provided package@version (the installed bundle is being replaced). An empty
  /// list gives ok = false and no error. A candidate not in the package is skipped with a reason.
  Resolution resolve(const std::string& package, const std::vector<Candidate>& candidates, bool upgrade);

 private:
  struct Impl;
  Impl* impl_;
};

/// OLM's sortChannel over the entries `names` of `channel` (all entries when empty): head first
/// along replaces; entries another entry skips are left out. Returns false with OLM's message
/// (no head, a cycle, several replacement chains).
bool sort_channel(const model::Package& package, const model::Channel& channel, const std::vector<std::string>& names,
                  std::vector<std::string>& out, std::string& error);

}  // namespace fbclens::deps
