#include "update/upgrade_request.h"

namespace fbclens::update {

std::string upgrade_fields_from_json(const Json& request, UpgradeFields& out) {
  if (!request.is_object()) return "request must be a JSON object";
  const std::pair<const char*, std::string*> texts[] = {
      {"package", &out.package},         {"installedBundle", &out.installed_bundle},
      {"installedVersion", &out.installed_version}, {"subscriptionChannel", &out.subscription_channel},
      {"startingCsv", &out.starting_csv}, {"version", &out.version}, {"policy", &out.policy}};
  for (const auto& [key, field] : texts) {
    auto it = request.find(key);
    if (it == request.end() || it->is_null()) continue;
    if (!it->is_string()) return std::string("request field ") + key + " must be a string";
    *field = it->get<std::string>();
  }
  for (const auto& [key, field] : {std::pair<const char*, bool*>{"explain", &out.explain},
                                    std::pair<const char*, bool*>{"ignoreDependencies", &out.ignore_dependencies}}) {
    auto it = request.find(key);
    if (it == request.end() || it->is_null()) continue;
    if (!it->is_boolean()) return std::string("request field ") + key + " must be a boolean";
    *field = it->get<bool>();
  }
  if (auto it = request.find("channels"); it != request.end() && !it->is_null()) {
    if (!it->is_array()) return "request field channels must be an array of strings";
    for (const Json& c : *it) {
      if (!c.is_string()) return "request field channels must be an array of strings";
      out.channels.push_back(c.get<std::string>());
    }
  }
  if (auto it = request.find("clusterProvides"); it != request.end() && !it->is_null()) {
    if (!it->is_array()) return "request field clusterProvides must be an array of strings";
    for (const Json& c : *it) {
      if (!c.is_string()) return "request field clusterProvides must be an array of strings";
      out.cluster_provides.push_back(c.get<std::string>());
    }
  }
  return "";
}

std::optional<UpgradeRequest> make_upgrade_request(const UpgradeFields& fields, const model::Model& model,
                                                   RequestError& error) {
  using Kind = RequestError::Kind;
  if (fields.package.empty()) {
    error = {Kind::Malformed, "request needs a package"};
    return std::nullopt;
  }
  auto pkg = model.packages.find(fields.package);
  if (pkg == model.packages.end()) {
    error = {Kind::NotFound, "package " + fields.package + " is not in the catalog"};
    return std::nullopt;
  }
  if (!fields.policy.empty() && fields.policy != "CatalogProvided" && fields.policy != "SelfCertified") {
    error = {Kind::Malformed, "unknown policy " + fields.policy + " (CatalogProvided or SelfCertified)"};
    return std::nullopt;
  }
  UpgradeRequest request;
  request.package = fields.package;
  if (!fields.installed_bundle.empty()) {
    // A bundle pruned from the catalog can still be installed on a cluster; then only its version,
    // given explicitly, says where it stands.
    std::string version = fields.installed_version;
    if (version.empty()) {
      const model::PackageBundle* bundle = pkg->second.bundle(fields.installed_bundle);
      if (!bundle) {
        error = {Kind::NotFound, "installed bundle " + fields.installed_bundle + " is not in package " + fields.package +
                                     "; give its version to ask about a bundle no longer in the catalog"};
        return std::nullopt;
      }
      version = bundle->version_text();
    }
    request.installed = Installed{fields.installed_bundle, version};
  }
  request.classic = ClassicOptions{fields.subscription_channel, fields.starting_csv};
  request.v1.channels = fields.channels;
  request.v1.version = fields.version;
  request.v1.self_certified = fields.policy == "SelfCertified";
  request.explain = fields.explain;
  request.dependencies = !fields.ignore_dependencies;
  for (const std::string& c : fields.cluster_provides) {
    std::string why;
    if (!deps::parse_cluster_provides(c, request.cluster, why)) {
      error = {Kind::Malformed, why};
      return std::nullopt;
    }
  }
  return request;
}

UpgradeAnswer answer_upgrade(const PackageGraph& graph, const UpgradeRequest& request, const model::Model* model) {
  UpgradeAnswer a;
  const Installed* installed = request.installed ? &*request.installed : nullptr;
  // One resolver for every Classic pick of this answer: it caches what it reads of the catalog.
  std::optional<deps::CandidateResolver> resolver;
  ClassicOptions classic = request.classic;
  if (model && request.dependencies) {
    resolver.emplace(*model, request.cluster);
    classic.dependencies = &*resolver;
    a.classic_dependencies = true;
  }
  ClassicOptions later = classic;  // startingCSV applies only to the first pick
  later.starting_csv.clear();
  // On a fresh install the walk starts at the first pick; startingCSV applies only to that pick.
  const auto from_pick = [&graph](const std::string& pick) {
    const GraphBundle* b = graph.bundle(pick);
    return Installed{pick, b ? b->version : ""};
  };
  a.classic = classic_next(graph, installed, classic);
  if (installed) {
    a.classic_walk = classic_walk(graph, *installed, classic);
  } else if (!a.classic.next.empty()) {
    a.classic_walk = classic_walk(graph, from_pick(a.classic.next), later);
  }
  a.v1 = v1_next(graph, installed, request.v1);
  if (installed) {
    a.v1_walk = v1_walk(graph, *installed, request.v1);
  } else if (!a.v1.next.empty()) {
    a.v1_walk = v1_walk(graph, from_pick(a.v1.next), request.v1);
  }
  if (model && !a.v1.next.empty() && (!installed || a.v1.next != installed->name)) {
    const auto pkg = model->packages.find(graph.package);
    const model::PackageBundle* target = pkg == model->packages.end() ? nullptr : pkg->second.bundle(a.v1.next);
    if (target) a.v1_next_installability = install::v1_installability(*target, graph.package);
  }
  if (request.explain) {
    a.classic_steps = explain_classic_walk(graph, installed, classic);
    a.v1_steps = explain_v1_walk(graph, installed, request.v1);
  }
  return a;
}

}  // namespace fbclens::update
