#include "deps/resolve_json.h"

namespace fbclens::deps {

namespace {

Json text_or_null(const std::string& s) { return s.empty() ? Json() : Json(s); }

}  // namespace

std::string install_request_from_json(const Json& request, InstallRequest& out) {
  if (!request.is_object()) return "request must be a JSON object";
  const std::pair<const char*, std::string*> texts[] = {
      {"package", &out.package}, {"channel", &out.channel}, {"startingBundle", &out.starting_bundle},
      {"installedBundle", &out.installed_bundle}, {"installedVersion", &out.installed_version}};
  for (const auto& [key, field] : texts) {
    auto it = request.find(key);
    if (it == request.end() || it->is_null()) continue;
    if (!it->is_string()) return std::string("request field ") + key + " must be a string";
    *field = it->get<std::string>();
  }
  if (out.package.empty()) return "request needs a package";
  if (!out.starting_bundle.empty() && !out.installed_bundle.empty()) return "give startingBundle or installedBundle, not both";
  if (auto it = request.find("clusterProvides"); it != request.end() && !it->is_null()) {
    if (!it->is_array()) return "request field clusterProvides must be an array of strings";
    for (const Json& c : *it) {
      if (!c.is_string()) return "request field clusterProvides must be an array of strings";
      std::string error;
      if (!parse_cluster_provides(c.get<std::string>(), out.cluster, error)) return error;
    }
  }
  return "";
}

Json installed_json(const Installed& i) {
  return {{"package", i.package}, {"channel", i.channel}, {"bundle", i.bundle},
          {"requiredBy", text_or_null(i.required_by)}, {"constraint", text_or_null(i.constraint)},
          {"failureMessage", text_or_null(i.failure_message)}, {"property", text_or_null(i.property_pointer)}};
}

Json unmet_json(const Unmet& u) {
  return {{"bundle", u.bundle}, {"constraint", u.constraint}, {"failureMessage", text_or_null(u.failure_message)},
          {"property", text_or_null(u.property_pointer)}, {"file", u.where.file}, {"line", u.where.line},
          {"reason", u.reason}};
}

Json resolution_json(const Resolution& r) {
  Json out = Json::object();
  out["ok"] = r.ok;
  out["error"] = r.error.empty() ? Json() : Json(r.error);
  Json installs = Json::array();
  for (const Installed& i : r.installs) installs.push_back(installed_json(i));
  out["installs"] = std::move(installs);
  Json notes = Json::array();
  for (const Note& n : r.notes) notes.push_back({{"bundle", n.bundle}, {"constraint", n.constraint}, {"detail", n.detail}});
  out["notes"] = std::move(notes);
  Json candidates = Json::array();
  for (const CandidateOutcome& c : r.candidates) {
    Json unmet = Json::array();
    for (const Unmet& u : c.unmet) unmet.push_back(unmet_json(u));
    candidates.push_back({{"channel", c.channel}, {"bundle", c.bundle}, {"tried", c.tried}, {"chosen", c.chosen},
                          {"unmet", std::move(unmet)}});
  }
  out["candidates"] = std::move(candidates);
  return out;
}

}  // namespace fbclens::deps
