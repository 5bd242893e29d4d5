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
// Left out: several catalogs and their priorities, catalog-source and namespace preference,
// installed operators and upgrades (`--installed-bundle`), olm.label.required (label
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

/// OLM's sortChannel over the entries `names` of `channel` (all entries when empty): head first
/// along replaces; entries another entry skips are left out. Returns false with OLM's message
/// (no head, a cycle, several replacement chains).
bool sort_channel(const model::Package& package, const model::Channel& channel, const std::vector<std::string>& names,
                  std::vector<std::string>& out, std::string& error);

}  // namespace fbclens::deps
