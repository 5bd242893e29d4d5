#include "export/report_json.h"

#include <map>
#include <set>

namespace fbclens {

namespace {

const char* severity_name(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Info: return "info";
  }
  return "error";
}

const char* phase_name(Phase p) {
  switch (p) {
    case Phase::Load: return "load";
    case Phase::Convert: return "convert";
    case Phase::Model: return "model";
  }
  return "load";
}

// Stand-in for the findings formatter (issue 10 part 2), so the app's lists can read these keys
// before the merge; the lead replaces it with the core's own.
std::string finding_group(const ObjectPath& o) {
  if (o.package.empty()) return "catalog files";
  std::string g = "package \"" + o.package + "\"";
  if (!o.channel.empty()) g += " › channel \"" + o.channel + "\"";
  if (!o.bundle.empty()) g += " › bundle \"" + o.bundle + "\"";
  return g;
}
std::string finding_where(const SourceLocation& l) {
  if (l.file.empty()) return "";
  if (!l.line) return l.file;
  return l.file + ":" + std::to_string(l.line) + ":" + std::to_string(l.column);
}

}  // namespace

Json finding_json(const Finding& f) {
  const FindingInfo& info = f.info();
  return Json{{"code", info.code},
              {"name", info.name},
              {"severity", severity_name(info.severity)},
              {"phase", phase_name(info.phase)},
              {"message", f.message},
              {"opmMessage", f.opm_message},
              {"reportedByOpm", f.reported_by_opm},
              {"file", f.location.file},
              {"line", f.location.line},
              {"column", f.location.column},
              {"package", f.object.package},
              {"channel", f.object.channel},
              {"bundle", f.object.bundle},
              {"group", finding_group(f.object)},
              {"where", finding_where(f.location)},
              {"notes", Json::array()}};
}

Json summary_json(const ValidationReport& r) {
  std::map<std::string, std::size_t> schemas;
  for (const Blob& b : r.load.blobs) ++schemas[b.schema];
  std::size_t parsed = 0, ignored = 0;
  for (const CatalogFile& f : r.load.files) (f.ignored ? ignored : parsed)++;
  Json findings = Json::array();
  for (const Finding& f : r.findings) findings.push_back(finding_json(f));
  const auto count = [&schemas](const char* s) {
    auto it = schemas.find(s);
    return it == schemas.end() ? std::size_t(0) : it->second;
  };
  return Json{{"files", parsed},
              {"ignoredFiles", ignored},
              {"bytes", r.load.total_bytes},
              {"blobs", r.load.blobs.size()},
              {"schemas", schemas},
              {"packages", count("olm.package")},
              {"channels", count("olm.channel")},
              {"bundles", count("olm.bundle")},
              {"deprecations", count("olm.deprecations")},
              {"verdict", verdict_name(r.verdict)},
              {"opm", r.opm_output},
              {"findings", std::move(findings)}};
}

Json sarif_json(const ValidationReport& r) {
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
                         {"defaultConfiguration", {{"level", severity_name(info.severity)}}}});
  }
  Json results = Json::array();
  for (const Finding& f : r.findings) {
    Json location = {{"physicalLocation", {{"artifactLocation", {{"uri", f.location.file}}}}}};
    if (f.location.line) {
      location["physicalLocation"]["region"] = {{"startLine", f.location.line},
                                                {"startColumn", f.location.column ? f.location.column : 1}};
    }
    results.push_back(Json{{"ruleId", f.info().code},
                           {"ruleIndex", rule_index[f.id]},
                           {"level", severity_name(f.info().severity)},
                           {"message", {{"text", f.message}}},
                           {"locations", Json::array({location})},
                           {"properties", {{"opmMessage", f.opm_message}, {"reportedByOpm", f.reported_by_opm}}}});
  }
  return Json{{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
              {"version", "2.1.0"},
              {"runs", Json::array({Json{{"tool", {{"driver", {{"name", "fbclens"},
                                                               {"informationUri", "https://github.com/fbclens/fbclens"},
                                                               {"rules", rules}}}}},
                                         {"results", results}}})}};
}

}  // namespace fbclens
