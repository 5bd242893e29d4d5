// The analyses beyond opm's verdict (issue 21 §2): every finding fbclens adds to what `opm validate`
// reports (codes FBC4xxx, phase advice: where OLM Classic strands a cluster or disagrees with OLM v1,
// OperatorHub visibility, deprecations users meet in surprising ways, dependencies), declared as one
// table with a row per analysis. opm's verdict and findings never wait for them: the CLI runs every
// row (validate_catalog), `validate --output opm` and the commands that print no findings run none,
// and the browser's worker runs them per package when a package is shown, keeping what it computed
// (Cache, held by the wasm Session).
//
// Adding an analysis (install-mode risks, drift, ...) is one more row in kAnalyses (analyses.cpp):
// its name, the codes it reports, what it needs, and its function. Findings keep the order the CLI
// has always printed: packages by name, each package's findings in row order, then the catalog-wide
// rows in row order.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "deps/deps.h"
#include "findings/finding.h"
#include "install/provided_apis.h"
#include "model/model.h"

namespace fbclens {
struct ValidationReport;
}

namespace fbclens::analyses {

/// What the analyses of one catalog share: the model, and what is built once per catalog on first
/// need (the dependency providers). Never fails.
class Context {
 public:
  /// `other_objects`: the catalog has objects of schemas other than olm.* (FBC4000's wording).
  /// `lifecycle_findings`: what validation found in the catalog's lifecycle objects
  /// (ValidationReport::lifecycle_findings; null: none), which the `lifecycles` row reports.
  Context(const model::Model& model, bool other_objects, const std::vector<Finding>* lifecycle_findings = nullptr)
      : model_(model), other_objects_(other_objects), lifecycle_findings_(lifecycle_findings) {}

  const model::Model& model() const { return model_; }
  bool other_objects() const { return other_objects_; }
  /// Every olm.bundle of the catalog as a dependency provider (deps::provider_of), in package-name
  /// then file order; built on first use.
  const std::vector<deps::Provider>& providers();
  /// Which packages own each API (install/provided_apis.h), for the install analysis; built on
  /// first use.
  const install::ApiOwners& api_owners();
  /// ValidationReport::lifecycle_findings (empty when none was given).
  const std::vector<Finding>& lifecycle_findings() const;

 private:
  const model::Model& model_;
  bool other_objects_;
  const std::vector<Finding>* lifecycle_findings_;
  std::vector<deps::Provider> providers_;
  bool providers_built_ = false;
  std::unique_ptr<install::ApiOwners> api_owners_;
};

/// What an analysis reads besides the package it runs for.
enum class Needs : std::uint8_t {
  Package,    ///< the package alone (its model: channels, entries, bundles, properties, deprecations)
  Providers,  ///< the package and every bundle of the catalog (as a dependency provider, or the APIs it owns)
  Catalog,    ///< the whole model at once: run once per catalog, its findings filed under their package
};

/// "package", "providers" or "catalog".
const char* needs_name(Needs needs);

/// One row of the table: an analysis beyond opm.
struct Analysis {
  const char* name;     ///< "updates", "operatorhub", ...: the row's name in the protocol and docs
  const char* reports;  ///< the codes it reports (codes.def), as documentation
  Needs needs;
  /// Needs::Package and Needs::Providers: appends the findings about `package`.
  void (*package)(Context& context, const model::Package& package, std::vector<Finding>& out);
  /// Needs::Catalog: appends the findings about the whole catalog, leaving out any about a package
  /// in `skipped` (opm rejects it, so its analyses would not be sound).
  void (*catalog)(Context& context, const std::set<std::string>& skipped, std::vector<Finding>& out);
  /// Runs even where the analyses are not sound (an opm error about no package): what it reports
  /// does not depend on opm's rules holding (the lifecycle objects' own shape).
  bool always = false;
};

/// The rows. Per-package rows first; findings are reported package by package (name order; those
/// about no package first), each package's in row order (the catalog-wide rows' after the
/// per-package rows').
const std::vector<Analysis>& table();

/// The analyses of one catalog, computed per package on demand and kept. Which packages are analysed
/// follows the soundness rule advice has always had: none that opm rejects (a package with an Error
/// finding of opm's phases), and none at all when such an Error belongs to no package (a file that did
/// not load may hold what the analyses would miss). A catalog with no package and no error gets the one
/// warning NoCatalogContent (FBC4000). Never fails.
class Cache {
 public:
  /// `model` and `findings` (a validation's findings; only those of opm's phases load, convert and
  /// model are read) must outlive the cache. `other_objects`: as Context.
  Cache(const model::Model& model, const std::vector<Finding>& findings, bool other_objects,
        const std::vector<Finding>* lifecycle_findings = nullptr);
  Cache(const Cache&) = delete;
  Cache& operator=(const Cache&) = delete;

  /// Whether `package` is analysed (in the model and not rejected by opm).
  bool analysed(const std::string& package) const { return pending_.count(package) || done_.count(package); }
  /// Runs the per-package rows for `package` unless done (nothing for a package not analysed), and
  /// the catalog-wide rows once (at construction already when no package is to be analysed).
  void compute(const std::string& package);
  /// Runs every row for every package analysed.
  void compute_all();
  /// True when every row has run for every package analysed.
  bool complete() const { return pending_.empty() && catalog_done_; }
  /// Packages analysed whose rows have not run yet.
  std::size_t pending() const { return pending_.size(); }
  /// The findings computed so far, in report order (by package name, those about no package first;
  /// each package's per-package rows in row order, then its catalog-wide rows'), restricted to those
  /// about `packages` (findings about no package, such as FBC4000, only when `packages` is null,
  /// which means every package).
  std::vector<const Finding*> findings(const std::set<std::string>* packages) const;
  /// Every finding of every row (computing what is missing), in report order: what the CLI reports.
  std::vector<Finding> all();
  /// Milliseconds spent computing so far (steady clock).
  double milliseconds() const { return milliseconds_; }

 private:
  Context context_;
  bool disabled_ = false;                           ///< an opm error about no package: nothing is analysed
  std::set<std::string> skipped_;                   ///< packages opm rejects
  std::set<std::string> pending_;                   ///< analysed, rows not run yet
  std::map<std::string, std::vector<Finding>> done_;  ///< package → its per-package rows' findings
  bool catalog_done_ = false;
  std::vector<Finding> catalog_findings_;           ///< the catalog-wide rows' findings, in row order
  double milliseconds_ = 0;
};

/// Puts every finding of `cache` (computing what is missing) into `report.findings`, where
/// validate_catalog puts them (after the findings of opm's phases, before the check profiles'),
/// recounts the profiles' failures (the operatorhub profile gates advice codes) and sets
/// report.analyses_complete. Does nothing when the report is already complete. Output after this is
/// byte for byte what validate_catalog with analyses gives.
void complete_report(ValidationReport& report, Cache& cache);

}  // namespace fbclens::analyses
