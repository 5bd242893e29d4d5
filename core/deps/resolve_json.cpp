#include "deps/resolve_json.h"

namespace fbclens::deps {

Json resolution_json(const Resolution& r) {
  Json out = Json::object();
  out["ok"] = r.ok;
  out["error"] = r.error.empty() ? Json() : Json(r.error);
  Json installs = Json::array();
  for (const Installed& i : r.installs) {
    installs.push_back({{"package", i.package}, {"channel", i.channel}, {"bundle", i.bundle},
                        {"requiredBy", i.required_by.empty() ? Json() : Json(i.required_by)},
                        {"constraint", i.constraint.empty() ? Json() : Json(i.constraint)},
                        {"failureMessage", i.failure_message.empty() ? Json() : Json(i.failure_message)},
                        {"property", i.property_pointer.empty() ? Json() : Json(i.property_pointer)}});
  }
  out["installs"] = std::move(installs);
  Json notes = Json::array();
  for (const Note& n : r.notes) notes.push_back({{"bundle", n.bundle}, {"constraint", n.constraint}, {"detail", n.detail}});
  out["notes"] = std::move(notes);
  Json candidates = Json::array();
  for (const CandidateOutcome& c : r.candidates) {
    Json unmet = Json::array();
    for (const Unmet& u : c.unmet) {
      unmet.push_back({{"bundle", u.bundle}, {"constraint", u.constraint},
                       {"failureMessage", u.failure_message.empty() ? Json() : Json(u.failure_message)},
                       {"property", u.property_pointer.empty() ? Json() : Json(u.property_pointer)},
                       {"file", u.where.file}, {"line", u.where.line}, {"reason", u.reason}});
    }
    candidates.push_back({{"channel", c.channel}, {"bundle", c.bundle}, {"tried", c.tried}, {"chosen", c.chosen},
                          {"unmet", std::move(unmet)}});
  }
  out["candidates"] = std::move(candidates);
  return out;
}

}  // namespace fbclens::deps
