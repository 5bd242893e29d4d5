#include "analyses/analyses.h"

#include <algorithm>
#include <chrono>

#include "advice/advice.h"
#include "profiles/profiles.h"
#include "validate/validate.h"

namespace fbclens::analyses {

namespace {

// The table. Per-package rows run in this order for each package; catalog-wide rows run once, after.
const std::vector<Analysis> kAnalyses = {
    {"updates", "FBC4001 OLM Classic strands an installed bundle, FBC4002 Classic and OLM v1 take installed bundles "
                "to different places (update/divergence.h over the package's upgrade graph)",
     Needs::Package, advice::updates, nullptr},
    {"operatorhub", "FBC41xx the package would not be listed, FBC4203-FBC4205 the legacy deprecation conventions, "
                    "FBC43xx the icon (hub/hub_preview.h for the newest console)",
     Needs::Package, advice::operatorhub, nullptr},
    {"deprecations", "FBC4201 a deprecated default channel, FBC4202 a deprecated channel head, FBC44xx deprecation "
                     "messages users meet in surprising ways",
     Needs::Package, advice::deprecations, nullptr},
    {"dependencies", "FBC4501-FBC4503 dependencies OLM Classic cannot read or no bundle of the catalog meets "
                     "(deps/deps.h)",
     Needs::Providers, advice::dependencies, nullptr},
    {"install", "FBC46xx what installing takes: install modes, webhooks, APIs another package owns "
                "(install/install_findings.h)",
     Needs::Providers, advice::install, nullptr},
    {"dependencyCycles", "FBC4504 packages that need each other through their dependencies (deps/cycles.h)",
     Needs::Catalog, nullptr, advice::dependency_cycles},
    {"catalogContent", "FBC4000 a catalog with no package at all", Needs::Catalog, nullptr, advice::catalog_content},
    {"lifecycles", "FBC47xx operator lifecycle objects the console cannot read, or for no package or version of the "
                   "catalog (lifecycle/lifecycle.h; found while validating, filed under their package)",
     Needs::Catalog, nullptr, advice::lifecycles, true},
};

// Report order: by package (those about no package first), stable, so each package's findings keep
// the order they were computed in (its rows in table order).
template <typename T, typename Package>
void by_package(std::vector<T>& list, Package package) {
  std::stable_sort(list.begin(), list.end(), [&package](const T& a, const T& b) { return package(a) < package(b); });
}

double since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

bool opm_phase(const Finding& f) {
  const Phase phase = f.info().phase;
  return phase == Phase::Load || phase == Phase::Convert || phase == Phase::Model;
}

}  // namespace

const char* needs_name(Needs needs) {
  switch (needs) {
    case Needs::Package: return "package";
    case Needs::Providers: return "providers";
    case Needs::Catalog: return "catalog";
  }
  return "package";
}

const std::vector<Analysis>& table() { return kAnalyses; }

const install::ApiOwners& Context::api_owners() {
  if (!api_owners_) api_owners_ = std::make_unique<install::ApiOwners>(model_);
  return *api_owners_;
}

const std::vector<Finding>& Context::lifecycle_findings() const {
  static const std::vector<Finding> kNone;
  return lifecycle_findings_ ? *lifecycle_findings_ : kNone;
}

const std::vector<deps::Provider>& Context::providers() {
  if (!providers_built_) {
    providers_built_ = true;
    for (const auto& [name, pkg] : model_.packages) {
      for (const model::PackageBundle& b : pkg.bundles) {
        providers_.push_back(deps::provider_of(b));
        if (providers_.back().package_name.empty()) providers_.back().package_name = name;
      }
    }
  }
  return providers_;
}

Cache::Cache(const model::Model& model, const std::vector<Finding>& findings, bool other_objects,
             const std::vector<Finding>* lifecycle_findings)
    : context_(model, other_objects, lifecycle_findings) {
  for (const Finding& f : findings) {
    if (!opm_phase(f) || f.info().severity != Severity::Error) continue;
    if (f.object.package.empty()) disabled_ = true;
    skipped_.insert(f.object.package);
  }
  if (disabled_) {
    catalog_done_ = true;
    for (const Analysis& row : kAnalyses) {
      if (row.catalog && row.always) row.catalog(context_, skipped_, catalog_findings_);
    }
    return;
  }
  for (const auto& [name, pkg] : model.packages) {
    if (!skipped_.count(name)) pending_.insert(name);
  }
  // No package to analyse: the catalog-wide rows (FBC4000 for an empty catalog) run now, so the
  // analyses are complete from the start.
  if (pending_.empty()) compute("");
}

void Cache::compute(const std::string& name) {
  const auto start = std::chrono::steady_clock::now();
  const std::string package = name;  // `name` may be the element of pending_ erased below
  if (pending_.erase(package)) {
    std::vector<Finding>& out = done_[package];
    const model::Package& pkg = context_.model().packages.at(package);
    for (const Analysis& row : kAnalyses) {
      if (row.package) row.package(context_, pkg, out);
    }
  }
  if (!catalog_done_) {
    catalog_done_ = true;
    for (const Analysis& row : kAnalyses) {
      if (row.catalog) row.catalog(context_, skipped_, catalog_findings_);
    }
  }
  milliseconds_ += since(start);
}

void Cache::compute_all() {
  while (!pending_.empty()) compute(*pending_.begin());
  if (!catalog_done_) compute("");
}

std::vector<const Finding*> Cache::findings(const std::set<std::string>* packages) const {
  std::vector<const Finding*> out;
  const auto wanted = [packages](const std::string& package) {
    return packages ? !package.empty() && packages->count(package) > 0 : true;
  };
  for (const auto& [name, list] : done_) {
    if (!wanted(name)) continue;
    for (const Finding& f : list) out.push_back(&f);
  }
  for (const Finding& f : catalog_findings_) {
    if (wanted(f.object.package)) out.push_back(&f);
  }
  by_package(out, [](const Finding* f) -> const std::string& { return f->object.package; });
  return out;
}

std::vector<Finding> Cache::all() {
  compute_all();
  std::vector<Finding> out;
  for (const Finding* f : findings(nullptr)) out.push_back(*f);
  return out;
}

void complete_report(ValidationReport& report, Cache& cache) {
  if (report.analyses_complete) return;
  std::vector<Finding> found = cache.all();
  // After opm's phases (always first), before the profiles' findings (always after them).
  const auto at = std::find_if(report.findings.begin(), report.findings.end(), [](const Finding& f) { return !opm_phase(f); });
  report.findings.insert(at, std::make_move_iterator(found.begin()), std::make_move_iterator(found.end()));
  report.analyses_complete = true;
  report.timings.analyses = cache.milliseconds();
  profiles::count_profile_failures(report);
}

}  // namespace fbclens::analyses
