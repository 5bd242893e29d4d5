#include "export/report_json.h"

#include <map>
#include <set>

#include "export/sarif.h"
#include "findings/format.h"

namespace fbclens {

Json profiles_json(const ValidationReport& r) {
  Json results = Json::array();
  for (const ProfileOutcome& p : r.profiles) {
    results.push_back(Json{{"name", p.name}, {"failures", p.failures}, {"passed", p.failures == 0}});
  }
  return Json{{"results", std::move(results)},
              {"ocpVersion", r.ocp_version},
              {"ocpVersionFrom", r.ocp_version_from}};
}

Json finding_json(const Finding& f, const PathStyle& paths) {
  const FindingInfo& info = f.info();
  Json notes = Json::array();
  for (const FindingNote& n : f.notes) {
    notes.push_back(Json{{"message", n.message},
                         {"file", paths.path(n.location.file)},
                         {"line", n.location.line},
                         {"column", n.location.column},
                         {"where", location_text(paths.located(n.location))}});
  }
  return Json{{"code", info.code},
              {"name", info.name},
              {"severity", severity_name(info.severity)},
              {"phase", phase_name(info.phase)},
              {"message", f.message},
              {"opmMessage", f.opm_message},
              {"reportedByOpm", f.reported_by_opm},
              {"file", paths.path(f.location.file)},
              {"line", f.location.line},
              {"column", f.location.column},
              {"package", f.object.package},
              {"channel", f.object.channel},
              {"bundle", f.object.bundle},
              {"group", group_path(f.object)},
              {"where", location_text(paths.located(f.location))},
              {"notes", std::move(notes)}};
}

Json summary_json(const ValidationReport& r, const PathStyle& paths) {
  std::map<std::string, std::size_t> schemas;
  for (const Blob& b : r.load.blobs) ++schemas[b.schema];
  std::size_t parsed = 0, ignored = 0;
  for (const CatalogFile& f : r.load.files) (f.ignored ? ignored : parsed)++;
  Json findings = Json::array();
  Json counts = {{"error", 0}, {"warning", 0}, {"info", 0}};
  for (const Finding& f : r.findings) {
    findings.push_back(finding_json(f, paths));
    counts[severity_name(f.info().severity)] = counts[severity_name(f.info().severity)].get<int>() + 1;
  }
  const auto count = [&schemas](const char* s) {
    auto it = schemas.find(s);
    return it == schemas.end() ? std::size_t(0) : it->second;
  };
  // Packages, channels and bundles by name: one declared twice counts once (the duplicate is a
  // finding); "schemas" keeps the count of objects per schema.
  std::set<std::string> package_names;
  std::set<std::pair<std::string, std::string>> channel_names, bundle_names;
  for (const declcfg::Package& p : r.config.packages) package_names.insert(p.name);
  for (const declcfg::Channel& c : r.config.channels) channel_names.insert({c.package, c.name});
  for (const declcfg::Bundle& b : r.config.bundles) bundle_names.insert({b.package, b.name});
  const std::size_t distinct_packages = package_names.size(), distinct_channels = channel_names.size(),
                    distinct_bundles = bundle_names.size();
  Json summary{{"files", parsed},
               {"ignoredFiles", ignored},
               {"bytes", r.load.total_bytes},
               {"blobs", r.load.blobs.size()},
               {"schemas", schemas},
               {"packages", distinct_packages},
               {"channels", distinct_channels},
               {"bundles", distinct_bundles},
               {"deprecations", count("olm.deprecations")},
               {"verdict", verdict_name(r.verdict)},
               {"opm", r.opm_output},
               {"findingCounts", std::move(counts)},
               {"findings", std::move(findings)}};
  if (!r.profiles.empty()) summary["profiles"] = profiles_json(r);
  return summary;
}

Json sarif_json(const ValidationReport& r, const PathStyle& paths) {
  std::vector<SarifItem> items;
  items.reserve(r.findings.size());
  for (const Finding& f : r.findings) items.push_back(SarifItem{&f, &paths});
  return sarif_log(items, r.profiles.empty() ? Json(nullptr) : Json{{"profiles", profiles_json(r)}});
}

}  // namespace fbclens
