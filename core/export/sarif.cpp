#include "export/sarif.h"

#include <cctype>
#include <cstdint>
#include <map>
#include <set>
#include <tuple>

#include "findings/format.h"
#include "version.h"

namespace fbclens {

namespace {

// SARIF's level for a severity (SARIF §3.27.10 allows error, warning, note and none: info is "note").
const char* sarif_level(Severity s) { return s == Severity::Info ? "note" : severity_name(s); }

// The explanation's first sentence: up to the first ". " that a capital letter follows, so
// "e.g. a" does not end it. GitHub lists rules by this text.
std::string first_sentence(std::string_view text) {
  for (std::size_t i = 0; i + 2 < text.size(); ++i) {
    if (text[i] == '.' && text[i + 1] == ' ' && std::isupper(static_cast<unsigned char>(text[i + 2]))) {
      return std::string(text.substr(0, i + 1));
    }
  }
  return std::string(text);
}

// Who reports a finding of `phase` and what that means for the catalog, for the rule's help.
const char* reporter_text(Phase phase) {
  switch (phase) {
    case Phase::Load:
    case Phase::Convert:
    case Phase::Model:
      return "`opm validate` reports this and rejects the catalog; OLM cannot serve a catalog that fails it.";
    case Phase::Advice:
      return "fbclens advice beyond opm: `opm validate` accepts the catalog, but OLM or OperatorHub will not do what its author most likely meant.";
    case Phase::Profile:
      return "A check profile's rule (`fbclens validate --profile`): the pipeline it names runs this check after `opm validate`, which does not. An error fails the profile.";
    case Phase::Diff:
      return "A difference between two catalogs (`fbclens diff OLD NEW --output sarif`). An error is a removal the `pruning` profile refuses.";
    case Phase::Repository:
      return "A catalog repository's finding (`fbclens validate REPO`): a template rule `opm alpha render-template` enforces, drift between a template and the catalog committed beside it, or the repository's layout. An error fails the run.";
  }
  return "";
}

// SARIF's physicalLocation of `at`: the file, and the region when the line is known (SARIF
// columns are 1-based and required with a line, so an unknown column is 1). A finding about no
// file is about the catalog folder: GitHub rejects results without a location (its upload
// documentation), and the folder is where the fix goes.
Json sarif_physical_location(const SourceLocation& at, const PathStyle& paths) {
  std::string path = at.file.empty() ? paths.prefix : paths.path(at.file);
  if (path.empty()) path = "./";  // the catalog is SRCROOT itself
  Json artifact = {{"uri", uri_path_encode(path)}};
  if (!paths.srcroot_uri.empty()) artifact["uriBaseId"] = "SRCROOT";
  else if (!paths.prefix.empty() && paths.prefix.front() == '/') artifact["uri"] = "file://" + artifact["uri"].get<std::string>();
  Json physical = {{"artifactLocation", std::move(artifact)}};
  if (at.line && !at.file.empty()) physical["region"] = {{"startLine", at.line}, {"startColumn", at.column ? at.column : 1}};
  return physical;
}

// FNV-1a, 64 bits: small, stable across platforms and versions, and enough to tell apart the
// results of one repository (it is an identity, not a defence against forgery).
std::uint64_t fnv1a64(const std::string& bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const char c : bytes) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3ULL;
  }
  return h;
}

}  // namespace

Json sarif_rule(const FindingInfo& info) {
  // The message template with its arguments elided, so the help shows what a result says.
  const FindingArgs elided(10, "…");
  std::string help = std::string(info.explanation) + "\n\n" + reporter_text(info.phase) + "\n\nfbclens says: " +
                     render_message(info.message_format, elided);
  if (!info.opm_format.empty()) help += "\nopm says: " + render_message(info.opm_format, elided);
  return Json{{"id", info.code},
              {"name", info.name},
              {"shortDescription", {{"text", first_sentence(info.explanation)}}},
              {"fullDescription", {{"text", info.explanation}}},
              {"help", {{"text", help}}},
              {"defaultConfiguration", {{"level", sarif_level(info.severity)}}},
              {"properties", {{"tags", Json::array({"fbc", phase_name(info.phase)})}}}};
}

std::string sarif_fingerprint(const Finding& f, const std::string& file, std::size_t ordinal) {
  std::string key(f.info().code);
  for (const std::string* part : {&file, &f.object.package, &f.object.channel, &f.object.bundle}) {
    key += '\0';
    key += *part;
  }
  key += '\0';
  key += std::to_string(ordinal);
  static const char* const kHex = "0123456789abcdef";
  std::uint64_t h = fnv1a64(key);
  std::string hex(16, '0');
  for (int i = 15; i >= 0; --i, h >>= 4) hex[static_cast<std::size_t>(i)] = kHex[h & 0xF];
  return hex + ":" + std::to_string(ordinal);
}

Json sarif_log(const std::vector<SarifItem>& items, const Json& run_properties) {
  std::set<FindingId> used;
  for (const SarifItem& item : items) used.insert(item.finding->id);
  Json rules = Json::array();
  std::map<FindingId, std::size_t> rule_index;
  for (FindingId id : used) {
    rule_index[id] = rules.size();
    rules.push_back(sarif_rule(finding_info(id)));
  }
  std::string srcroot;
  // Results with the same code, file and object are told apart by their order (report order is
  // file order, so it is stable while the file's objects keep their order).
  std::map<std::tuple<FindingId, std::string, std::string, std::string, std::string>, std::size_t> seen;
  Json results = Json::array();
  for (const SarifItem& item : items) {
    const Finding& f = *item.finding;
    const PathStyle& paths = *item.paths;
    if (srcroot.empty()) srcroot = paths.srcroot_uri;
    // The group path is the logical location (SARIF §3.33): where in the package tree, not the file.
    const Json location = {{"physicalLocation", sarif_physical_location(f.location, paths)},
                           {"logicalLocations", Json::array({{{"fullyQualifiedName", group_path(f.object)}}})}};
    const std::string file = f.location.file.empty() ? paths.prefix : paths.path(f.location.file);
    const std::size_t ordinal = seen[{f.id, file, f.object.package, f.object.channel, f.object.bundle}]++;
    const std::string fingerprint = sarif_fingerprint(f, file, ordinal);
    Json result = {{"ruleId", f.info().code},
                   {"ruleIndex", rule_index[f.id]},
                   {"level", sarif_level(f.info().severity)},
                   {"message", {{"text", f.message()}}},
                   {"locations", Json::array({location})},
                   // §3.27.17. GitHub combines primaryLocationLineHash with the rule and the file
                   // path to match alerts across runs; upload-sarif computes one from the line's
                   // text only when it is absent (codeql-action src/fingerprints.ts), so ours, the
                   // object's identity, decides: alerts follow objects, not lines or line text.
                   {"partialFingerprints", {{"primaryLocationLineHash", fingerprint}, {"fbclensObject/v1", fingerprint}}},
                   {"properties", {{"opmMessage", f.opm_message()}, {"reportedByOpm", f.reported_by_opm}}}};
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
  Json run = {{"tool", {{"driver", {{"name", "fbclens"},
                                    {"version", kFbclensVersion},
                                    {"informationUri", "https://github.com/fbclens/fbclens"},
                                    {"rules", std::move(rules)}}}}},
              {"results", std::move(results)}};
  if (run_properties.is_object()) run["properties"] = run_properties;
  if (!srcroot.empty()) run["originalUriBaseIds"] = {{"SRCROOT", {{"uri", srcroot}}}};
  return Json{{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
              {"version", "2.1.0"},
              {"runs", Json::array({std::move(run)})}};
}

}  // namespace fbclens
