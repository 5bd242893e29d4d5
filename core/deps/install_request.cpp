#include "deps/install_request.h"

namespace fbclens::deps {

std::string make_install_request(const InstallFields& fields, InstallRequest& out) {
  if (fields.package.empty()) return "request needs a package";
  if (!fields.starting_bundle.empty() && !fields.installed_bundle.empty()) {
    return "give startingBundle or installedBundle, not both";
  }
  out.package = fields.package;
  out.channel = fields.channel;
  out.starting_bundle = fields.starting_bundle;
  out.installed_bundle = fields.installed_bundle;
  out.installed_version = fields.installed_version;
  for (const std::string& c : fields.cluster_provides) {
    std::string error;
    if (!parse_cluster_provides(c, out.cluster, error)) return error;
  }
  return "";
}

std::string install_request_from_json(const Json& request, InstallRequest& out) {
  if (!request.is_object()) return "request must be a JSON object";
  InstallFields fields;
  const std::pair<const char*, std::string*> texts[] = {
      {"package", &fields.package}, {"channel", &fields.channel}, {"startingBundle", &fields.starting_bundle},
      {"installedBundle", &fields.installed_bundle}, {"installedVersion", &fields.installed_version}};
  for (const auto& [key, field] : texts) {
    auto it = request.find(key);
    if (it == request.end() || it->is_null()) continue;
    if (!it->is_string()) return std::string("request field ") + key + " must be a string";
    *field = it->get<std::string>();
  }
  // The entries before a non-string one are still checked first, so a request with both a bad
  // entry and a mistyped one names the one that comes first.
  bool mistyped = false;
  if (auto it = request.find("clusterProvides"); it != request.end() && !it->is_null()) {
    if (!it->is_array()) mistyped = true;
    else for (const Json& c : *it) {
      if (!c.is_string()) {
        mistyped = true;
        break;
      }
      fields.cluster_provides.push_back(c.get<std::string>());
    }
  }
  if (std::string error = make_install_request(fields, out); !error.empty()) return error;
  return mistyped ? "request field clusterProvides must be an array of strings" : "";
}

}  // namespace fbclens::deps
