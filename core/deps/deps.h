// Dependencies as OLM Classic reads them (issue 15): every dependency property of a bundle
// (olm.package.required, olm.gvk.required, olm.constraint with package / gvk / cel / all / any /
// not) decoded into a typed constraint, evaluated against what a bundle or the cluster provides.
// Model in, data out; never fails, never throws.
//
// Upstream behaviour followed (operator-lifecycle-manager, pkg/controller/registry/resolver):
// - resolver.go predicateConverter: dependency properties in declared order; unknown property
//   types ignored; olm.constraint parsed by operator-framework/api constraints.Parse (unknown
//   members rejected, raw value over maxConstraintSize rejected); the first member set among
//   gvk, package, all, any, not, cel (in that order) decides the kind; none set is "constraint
//   is empty". newPackageRequiredPredicate parses versionRange with blang semver.ParseRange
//   (semver/blang.h parse_range); a range that does not parse aborts the whole resolution.
// - cache/predicates.go: gvk matches an olm.gvk property with equal group, version and kind;
//   package matches the olm.package name and a version (strict Parse of olm.package's version)
//   in range; all = every child, any = some child, not = no child (!(a || b)); each predicate's
//   String() is the text OLM puts into "bundle X requires an operator <text>" (describe()).
//
// CEL (olm.constraint cel.rule) is not evaluated: OLM uses cel-go, and no CEL implementation for
// C++ builds here (no Debian package; `apt-cache search cel` lists none, and the npm/PyPI ones,
// cel-js and cel-python, cannot run inside a C++17 core that also compiles to WebAssembly).
// A cel leaf evaluates to Verdict::NotEvaluated with its rule text, never to a guess.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "findings/finding.h"
#include "model/model.h"
#include "property/property.h"
#include "semver/blang.h"

namespace fbclens::deps {

/// OLM's limit on an olm.constraint value: operator-framework/api constraints.maxConstraintSize is
/// `2 << 16` = 131072 bytes (its comment says "64Kb", the constant is twice that). A raw value
/// longer than this fails constraints.Parse.
constexpr std::size_t kMaxConstraintBytes = 2u << 16;

/// One constraint, as OLM's resolver would turn it into a predicate.
struct Constraint {
  enum class Kind { Package, Gvk, Cel, All, Any, Not };
  Kind kind = Kind::Package;
  std::string package_name;                 ///< Package
  std::string version_range;                ///< Package: as written
  std::optional<semver::Range> range;       ///< Package: parsed (unset when it does not parse)
  property::Gvk gvk;                        ///< Gvk
  std::string cel_rule;                     ///< Cel
  std::string failure_message;              ///< olm.constraint failureMessage ("" = none)
  std::vector<Constraint> children;         ///< All, Any, Not
};

/// One dependency property of a bundle.
struct Dependency {
  std::string property_type;        ///< olm.package.required, olm.gvk.required or olm.constraint
  std::uint32_t property_index = 0; ///< position in the bundle's properties
  std::string pointer;              ///< JSON pointer in the olm.bundle: "/properties/<index>/value"
  SourceLocation where;             ///< the olm.bundle declaring it
  std::size_t value_bytes = 0;      ///< compact JSON size of the value (the limit above is on it)
  std::optional<Constraint> constraint;  ///< unset when `error` is set
  /// The error with which OLM's resolver aborts every resolution that reaches this bundle
  /// (its text, e.g. "parse olm.constraint: ..." or blang's range error), "" when none.
  std::string error;
  /// True when `error` is an unparsable versionRange (the rest are shape errors).
  bool range_error = false;
};

/// Decodes `value` (an olm.constraint property value) as constraints.Parse and
/// convertConstraints do. On failure returns nullopt and sets `error` to OLM's text (member-name
/// matching is case-insensitive, as Go's encoding/json; type errors are worded after Go's but not
/// byte-exact). Depth is capped at 256 levels (deeper is reported as an error, never a crash).
std::optional<Constraint> parse_constraint(const Json& value, std::string& error, bool& range_error);

/// Every dependency of `bundle`, in declared order (read from its declared properties; falls back
/// to the typed properties when `declared` is null, then without property indices).
std::vector<Dependency> bundle_dependencies(const model::PackageBundle& bundle);

/// What a candidate offers to a constraint: a catalog bundle, or something the cluster has.
struct Provider {
  std::string package_name;                 ///< "" = none (a cluster GVK)
  std::optional<semver::Version> version;   ///< the olm.package version (strict SemVer)
  std::vector<property::Gvk> provided_gvks;
};

/// The provider view of a catalog bundle: its olm.package and olm.gvk properties.
Provider provider_of(const model::PackageBundle& bundle);

enum class Verdict { Satisfied, Unsatisfied, NotEvaluated };

/// Evaluates `c` against `p` with three-valued logic: a cel leaf is NotEvaluated; all is
/// Unsatisfied if a child is, else NotEvaluated if a child is, else Satisfied; any is Satisfied if
/// a child is, else NotEvaluated if one is, else Unsatisfied; not is the negation of any (OLM:
/// !(a || b)), NotEvaluated staying NotEvaluated. A package constraint whose range did not parse
/// is Unsatisfied (OLM aborts before evaluating it; see Dependency::error).
Verdict evaluate(const Constraint& c, const Provider& p);

/// OLM's predicate text (cache/predicates.go String()): "with package: P and with version in
/// range: R", "providing an API with group: G, version: V, kind: K", "with constraint: \"rule\"
/// and message: \"msg\"" (Go %q), all joined by " and ", any by " or ", not by " and not ".
std::string describe(const Constraint& c);

/// The cel rules inside `c` (depth first), for "not evaluated" reports.
std::vector<std::string> cel_rules(const Constraint& c);

}  // namespace fbclens::deps
