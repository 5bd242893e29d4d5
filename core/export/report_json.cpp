#include "export/report_json.h"

#include <map>
#include <set>

#include "findings/format.h"
#include "version.h"

namespace fbclens {

namespace {

const char* phase_name(Phase p) {
  switch (p) {
    case Phase::Load: return "load";
    case Phase::Convert: return "convert";
    case Phase::Model: return "model";
    case Phase::Advice: return "advice";
    case Phase::Profile: return "profile";
  }
  return "load";
}

// SARIF's level for a severity (SARIF §3.27.10 allows error, warning, note and none: info is "note").
const char* sarif_level(Severity s) { return s == Severity::Info ? "note" : severity_name(s); }

// SARIF's physicalLocation of `at`: the file, and the region when the line is known (SARIF
// columns are 1-based and required with a line, so an unknown column is 1).
Json sarif_physical_location(const SourceLocation& at, const PathStyle& paths) {
  Json artifact = {{"uri", uri_path_encode(paths.path(at.file))}};
  if (!paths.srcroot_uri.empty()) artifact["uriBaseId"] = "SRCROOT";
  else if (!paths.prefix.empty() && paths.prefix.front() == '/') artifact["uri"] = "file://" + artifact["uri"].get<std::string>();
  Json physical = {{"artifactLocation", std::move(artifact)}};
  if (at.line) physical["region"] = {{"startLine", at.line}, {"startColumn", at.column ? at.column : 1}};
  return physical;
}

}  // namespace

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
  std::set<FindingId> used;
  for (const Finding& f : r.findings) used.insert(f.id);
  Json rules = Json::array();
  std::map<FindingId, std::size_t> rule_index;
  for (FindingId id : used) {
    const FindingInfo& info = finding_info(id);
    rule_index[id] = rules.size();
    rules.push_back(Json{{"id", info.code},
                         {"name", info.name},
                         {"shortDescription", {{"text", info.explanation}}},
                         {"defaultConfiguration", {{"level", sarif_level(info.severity)}}}});
  }
  Json results = Json::array();
  for (const Finding& f : r.findings) {
    // The group path is the logical location (SARIF §3.33): where in the package tree, not the file.
    const Json location = {{"physicalLocation", sarif_physical_location(f.location, paths)},
                           {"logicalLocations", Json::array({{{"fullyQualifiedName", group_path(f.object)}}})}};
    Json result = {{"ruleId", f.info().code},
                   {"ruleIndex", rule_index[f.id]},
                   {"level", sarif_level(f.info().severity)},
                   {"message", {{"text", f.message}}},
                   {"locations", Json::array({location})},
                   {"properties", {{"opmMessage", f.opm_message}, {"reportedByOpm", f.reported_by_opm}}}};
    // Notes are relatedLocations (SARIF §3.27.22), numbered from 1 within the result (§3.28.2).
    if (!f.notes.empty()) {
      Json related = Json::array();
      for (std::size_t i = 0; i < f.notes.size(); ++i) {
        related.push_back(Json{{"id", i + 1},
                               {"physicalLocation", sarif_physical_location(f.notes[i].location, paths)},
                               {"message", {{"text", f.notes[i].message}}}});
      }
      result["relatedLocations"] = std::move(related);
    }
    results.push_back(std::move(result));
  }
  Json sarif{{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
              {"version", "2.1.0"},
              {"runs", Json::array({Json{{"tool", {{"driver", {{"name", "fbclens"},
                                                               {"version", kFbclensVersion},
                                                               {"informationUri", "https://github.com/fbclens/fbclens"},
                                                               {"rules", rules}}}}},
                                         {"results", results}}})}};
  if (!r.profiles.empty()) sarif["runs"][0]["properties"] = {{"profiles", profiles_json(r)}};
  if (!paths.srcroot_uri.empty()) {
    sarif["runs"][0]["originalUriBaseIds"] = {{"SRCROOT", {{"uri", paths.srcroot_uri}}}};
  }
  return sarif;
}

}  // namespace fbclens
