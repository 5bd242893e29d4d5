#include "export/report_json.h"

#include <map>
#include <ostream>
#include <utility>
#include <set>

#include "export/sarif.h"
#include "findings/format.h"
#include "findings/severity_counts.h"
#include "profiles/profiles.h"

namespace fbclens {

Json profiles_json(const ValidationReport& r) {
  Json results = Json::array();
  for (const ProfileOutcome& p : r.profiles) {
    if (!r.analyses_complete && profiles::profile_needs_analyses(p.name)) {
      // Its gate counts advice codes, which a deferred load has not computed yet.
      results.push_back(Json{{"name", p.name}, {"failures", nullptr}, {"passed", nullptr}, {"pending", true}});
      continue;
    }
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
              {"message", f.message()},
              {"opmMessage", f.opm_message()},
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

namespace {

// The Summary without its findings' JSON (findings: []), with every count.
Json summary_head(const ValidationReport& r) {
  std::map<std::string, std::size_t> schemas;
  for (const Blob& b : r.load.blobs) ++schemas[b.schema];
  std::size_t parsed = 0, ignored = 0;
  for (const CatalogFile& f : r.load.files) (f.ignored ? ignored : parsed)++;
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
               {"findingCounts", view::write_json(count_severities(r.findings))},
               {"findings", Json::array()}};
  if (!r.profiles.empty()) summary["profiles"] = profiles_json(r);
  if (!r.analyses_complete) summary["analyses"] = Json{{"complete", false}};
  return summary;
}

// Writes `summary` (summary_head's) as nlohmann's dump(indent) writes it, its findings streamed: each
// finding's JSON is built, written and dropped in turn.
template <typename Adapter>
void write_summary(const ValidationReport& r, const PathStyle& paths, int indent, Json::error_handler_t handler,
                   const Json& extra, Adapter&& adapter) {
  Json summary = summary_head(r);
  if (extra.is_object()) {
    for (auto it = extra.begin(); it != extra.end(); ++it) summary[it.key()] = it.value();
  }
  const bool pretty = indent >= 0;
  const unsigned step = pretty ? static_cast<unsigned>(indent) : 0;
  nlohmann::detail::output_adapter_t<char> out = std::forward<Adapter>(adapter);
  nlohmann::detail::serializer<Json> serializer(out, ' ', handler);
  const std::string level1(step, ' '), level2(2 * step, ' ');
  out->write_characters(pretty ? "{\n" : "{", pretty ? 2 : 1);
  bool first_key = true;
  for (auto it = summary.begin(); it != summary.end(); ++it) {
    if (!first_key) out->write_characters(pretty ? ",\n" : ",", pretty ? 2 : 1);
    first_key = false;
    out->write_characters(level1.data(), level1.size());
    serializer.dump(Json(it.key()), pretty, false, step, step);
    out->write_characters(pretty ? ": " : ":", pretty ? 2 : 1);
    if (it.key() != "findings" || r.findings.empty()) {
      serializer.dump(it.value(), pretty, false, step, step);
      continue;
    }
    out->write_characters(pretty ? "[\n" : "[", pretty ? 2 : 1);
    for (std::size_t i = 0; i < r.findings.size(); ++i) {
      if (i) out->write_characters(pretty ? ",\n" : ",", pretty ? 2 : 1);
      out->write_characters(level2.data(), level2.size());
      serializer.dump(finding_json(r.findings[i], paths), pretty, false, step, 2 * step);
    }
    if (pretty) {
      out->write_character('\n');
      out->write_characters(level1.data(), level1.size());
    }
    out->write_character(']');
  }
  if (pretty) out->write_character('\n');
  out->write_character('}');
}

}  // namespace

Json summary_json(const ValidationReport& r, const PathStyle& paths) {
  Json summary = summary_head(r);
  Json& findings = summary["findings"];
  for (const Finding& f : r.findings) findings.push_back(finding_json(f, paths));
  return summary;
}

std::string summary_text(const ValidationReport& r, const PathStyle& paths, int indent, Json::error_handler_t handler,
                         const Json& extra) {
  std::string text;
  append_summary_text(text, r, paths, indent, handler, extra);
  return text;
}

void append_summary_text(std::string& text, const ValidationReport& r, const PathStyle& paths, int indent,
                         Json::error_handler_t handler, const Json& extra) {
  write_summary(r, paths, indent, handler, extra, nlohmann::detail::output_adapter<char, std::string>(text));
}

void write_summary_text(std::ostream& out, const ValidationReport& r, const PathStyle& paths, int indent) {
  write_summary(r, paths, indent, Json::error_handler_t::strict, Json::object(), nlohmann::detail::output_adapter<char>(out));
}

Json sarif_json(const ValidationReport& r, const PathStyle& paths) {
  std::vector<SarifItem> items;
  items.reserve(r.findings.size());
  for (const Finding& f : r.findings) items.push_back(SarifItem{&f, &paths});
  return sarif_log(items, r.profiles.empty() ? Json(nullptr) : Json{{"profiles", profiles_json(r)}});
}

}  // namespace fbclens
