#include "update/resolve_request.h"

#include "update/classic.h"
#include "update/package_graph.h"

namespace fbclens::update {

deps::Resolution resolve_request(const model::Model& model, const deps::InstallRequest& request) {
  if (request.installed_bundle.empty()) return deps::resolve_install(model, request);
  deps::Resolution out;
  auto pkg = model.packages.find(request.package);
  if (pkg == model.packages.end()) {
    out.error = "no operators found in package " + request.package + " in the catalog referenced by subscription " +
                request.package;
    return out;
  }
  std::string version = request.installed_version;
  if (version.empty()) {
    const model::PackageBundle* b = pkg->second.bundle(request.installed_bundle);
    if (!b) {
      out.error = "installed bundle " + request.installed_bundle + " is not in package " + request.package +
                  "; give its version to ask about a bundle no longer in the catalog";
      return out;
    }
    version = b->version_text();
  }
  const PackageGraph graph = package_graph(pkg->second);
  deps::CandidateResolver resolver(model, request.cluster, request.step_budget);
  ClassicOptions options;
  options.channel = request.channel;
  options.dependencies = &resolver;
  const Installed installed{request.installed_bundle, version};
  ClassicResult r = classic_next(graph, &installed, options);
  if (r.resolution) out = std::move(*r.resolution);
  if (out.error.empty()) out.error = r.error;
  return out;
}

}  // namespace fbclens::update
