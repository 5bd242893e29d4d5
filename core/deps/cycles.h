// Dependency cycles between packages (issue 15 §5): package A needs package B (some bundle of A
// has a dependency that, in this catalog, only bundles of B satisfy) and B, directly or through
// others, needs A. OLM Classic's resolver accepts such cycles (its SAT solver installs the
// packages together: resolver.go getBundleVariables follows dependencies through a `visited`
// map, so a cycle ends the walk, it is no error), but none of them can then be installed,
// upgraded or removed on its own, and OLM v1 installs none of them (it refuses dependencies).
// Model in, data out; never fails.
#pragma once

#include <string>
#include <vector>

#include "deps/deps.h"
#include "model/model.h"

namespace fbclens::deps {

/// One "A needs B" edge: the dependency that makes it (the first one, in package, bundle and
/// property order).
struct PackageNeed {
  std::string from_package, to_package;
  std::string bundle;      ///< the bundle of from_package declaring it
  std::string clause;      ///< OLM's text: "bundle X requires an operator ..."
  std::string pointer;     ///< "/properties/N/value" in that bundle
  SourceLocation where;    ///< the olm.bundle declaring it
};

/// One cycle: needs[i].to_package == needs[i+1].from_package, the last one leading back to the
/// first's from_package, which is the cycle's smallest package name.
struct PackageCycle {
  std::vector<PackageNeed> needs;
};

/// Every strongly connected group of packages that need each other, as one shortest cycle through
/// its smallest package name, in that name's order. A dependency counts as a need only when
/// bundles of exactly one other package satisfy it (none, or several, or the bundle's own package
/// do not make a need: then nothing forces that package in). Dependencies OLM cannot read and cel
/// constraints (not evaluated) make none. Costs one evaluation per dependency and catalog bundle,
/// then linear in the needs (Tarjan's algorithm, without recursion, so hostile catalogs cannot
/// exhaust the stack).
std::vector<PackageCycle> package_cycles(const model::Model& model);

/// "a -> b -> a": the packages of `cycle` in order, back to the first.
std::string cycle_text(const PackageCycle& cycle);

}  // namespace fbclens::deps
