#include "repo/repository_json.h"

#include <map>

#include "export/diff_json.h"
#include "export/report_json.h"
#include "export/sarif.h"
#include "findings/format.h"
#include "findings/severity_counts.h"
#include "load/source_excerpt.h"

namespace fbclens::repo {

namespace {

PathStyle under(const PathStyle& paths, const std::string& root) {
  PathStyle out = paths;
  if (!root.empty()) out.prefix += root + "/";
  return out;
}

Json version_json(const std::optional<profiles::OcpVersion>& v) { return v ? Json(v->text()) : Json(nullptr); }
Json effective_json(const std::optional<profiles::OcpVersion>& v) {
  return v ? Json(effective_ocp_version(*v).text()) : Json(nullptr);
}
Json text_or_null(const std::string& s) { return s.empty() ? Json(nullptr) : Json(s); }

Json findings_json(const std::vector<Finding>& findings, const PathStyle& paths) {
  Json list = Json::array();
  for (const Finding& f : findings) list.push_back(finding_json(f, paths));
  return list;
}

std::string root_name(const std::string& root) { return root.empty() ? std::string(".") : root; }

Json templates_json(const RepositoryReport& report, const PathStyle& paths) {
  Json templates = Json::array();
  for (const TemplateOutcome& t : report.templates) {
    Json also = Json::array();
    for (std::size_t i = 1; i < t.file.renders.size(); ++i) also.push_back(t.file.renders[i]);
    templates.push_back({{"file", t.file.path},
                         {"schema", template_schema_name(t.file.schema)},
                         {"renders", t.file.renders.empty() ? Json(nullptr) : Json(t.file.renders.front())},
                         {"rendersAlso", std::move(also)},
                         {"rendered", t.rendered},
                         {"findings", findings_json(t.findings, paths)}});
  }
  return templates;
}

}  // namespace

Json repository_templates_json(const RepositoryReport& report, const PathStyle& paths) {
  return {{"repository", true}, {"templates", templates_json(report, paths)}, {"findings", findings_json(report.findings, paths)}};
}

Json repository_json(const RepositoryReport& report, const PathStyle& paths) {
  Json catalogs = Json::array();
  SeverityCounts counts;
  std::map<std::string, std::size_t> verdicts;
  for (const RootOutcome& r : report.roots) {
    const PathStyle root_paths = under(paths, r.root.path);
    Json summary = r.summary;
    catalogs.push_back({{"root", r.root.path},
                        {"ocpVersion", version_json(r.root.ocp_version)},
                        {"effectiveOcpVersion", effective_json(r.root.ocp_version)},
                        {"verdict", verdict_name(r.verdict)},
                        {"opm", r.opm_output},
                        {"summary", std::move(summary)},
                        {"findings", findings_json(r.findings, root_paths)}});
    counts.add(r.findings);
    ++verdicts[verdict_name(r.verdict)];
  }
  for (const TemplateOutcome& t : report.templates) counts.add(t.findings);
  counts.add(report.findings);
  Json templates = templates_json(report, paths);
  return {{"repository", true},
          {"catalogs", std::move(catalogs)},
          {"templates", std::move(templates)},
          {"findings", findings_json(report.findings, paths)},
          {"summary", {{"catalogs", report.roots.size()}, {"templates", report.templates.size()}, {"verdicts", verdicts},
                       {"findingCounts", view::write_json(counts)}}}};
}

Json repository_sarif(const RepositoryReport& report, const PathStyle& paths) {
  std::vector<PathStyle> styles;
  styles.reserve(report.roots.size() + 1);
  for (const RootOutcome& r : report.roots) styles.push_back(under(paths, r.root.path));
  std::vector<SarifItem> items;
  Json catalogs = Json::array();
  for (std::size_t i = 0; i < report.roots.size(); ++i) {
    for (const Finding& f : report.roots[i].findings) items.push_back(SarifItem{&f, &styles[i]});
    catalogs.push_back({{"root", report.roots[i].root.path}, {"verdict", verdict_name(report.roots[i].verdict)}});
  }
  for (const TemplateOutcome& t : report.templates) {
    for (const Finding& f : t.findings) items.push_back(SarifItem{&f, &paths});
  }
  for (const Finding& f : report.findings) items.push_back(SarifItem{&f, &paths});
  return sarif_log(items, Json{{"repository", {{"catalogs", std::move(catalogs)}, {"templates", report.templates.size()}}}});
}

std::string root_heading(const RootOutcome& root, const PathStyle& paths) {
  std::string out = "== catalog " + (root.root.path.empty() ? paths.prefix.empty() ? std::string(".") : paths.prefix : paths.path(root.root.path));
  if (root.root.ocp_version) {
    out += " (OpenShift " + root.root.ocp_version->text();
    const profiles::OcpVersion effective = effective_ocp_version(*root.root.ocp_version);
    if (effective.text() != root.root.ocp_version->text()) out += ", to OLM " + effective.text();
    out += ")";
  }
  return out + ": " + verdict_name(root.verdict) + "\n";
}

std::string repository_text_tail(const RepositoryReport& report, const FileSource* source, const PathStyle& paths) {
  std::string out;
  std::map<std::string, std::string> cache;
  const auto excerpt = [&](const SourceLocation& at) {
    if (!source || !at.line || at.file.empty()) return;
    auto it = cache.find(at.file);
    if (it == cache.end()) {
      std::string bytes, error;
      if (!source->read(at.file, bytes, error, std::size_t(64) << 20)) bytes.clear();
      it = cache.emplace(at.file, std::move(bytes)).first;
    }
    const auto lines = source_excerpt(it->second, at.line, 0);
    if (lines.empty() || lines.front().second.empty()) return;
    out += "      | " + lines.front().second + "\n";
    out += "      | " + std::string(at.column > 1 ? std::min<std::uint32_t>(at.column - 1, 200) : 0, ' ') + "^\n";
  };
  const auto list = [&](const std::vector<Finding>& findings) {
    for (const Finding& f : findings) {
      const std::string where = location_text(paths.located(f.location));
      const std::string message = f.message(), opm_message = f.opm_message();
      out += "  " + (where.empty() ? std::string() : where + ": ") + severity_name(f.info().severity) + "[" + std::string(f.info().code) +
             "]: " + message + "\n";
      if (!opm_message.empty() && opm_message != message) out += "      opm render-template: " + opm_message + "\n";
      excerpt(f.location);
      for (const FindingNote& note : f.notes) {
        const std::string note_where = location_text(paths.located(note.location));
        out += "  " + (note_where.empty() ? std::string() : note_where + ": ") + "note: " + note.message + "\n";
        excerpt(note.location);
      }
    }
  };
  for (const TemplateOutcome& t : report.templates) {
    out += "\n== template " + paths.path(t.file.path) + " (" + template_schema_name(t.file.schema) + ")";
    if (!t.file.renders.empty()) {
      out += " renders ";
      for (std::size_t i = 0; i < t.file.renders.size(); ++i) out += (i ? ", " : "") + root_name(t.file.renders[i]);
    }
    std::size_t drift = 0;
    for (const Finding& f : t.findings) drift += f.info().code.substr(0, 5) == "FBC71" && f.info().severity == Severity::Error;
    out += std::string(": ") + (!t.rendered ? "not rendered" : t.file.renders.empty() ? "rendered" : drift ? std::to_string(drift) + " drift" : "no drift") + "\n";
    list(t.findings);
  }
  if (!report.findings.empty()) {
    out += "\n== repository\n";
    list(report.findings);
  }
  std::map<std::string, std::size_t> verdicts;
  for (const RootOutcome& r : report.roots) ++verdicts[verdict_name(r.verdict)];
  std::size_t template_errors = 0;
  for (const TemplateOutcome& t : report.templates) {
    for (const Finding& f : t.findings) template_errors += f.info().severity == Severity::Error;
  }
  // "1 catalog", "2 catalogs": the closing line reads as English.
  const auto counted = [](std::size_t n, const char* noun) { return std::to_string(n) + " " + noun + (n == 1 ? "" : "s"); };
  out += "\nRepository: " + counted(report.roots.size(), "catalog") + " (";
  bool first = true;
  for (const auto& [verdict, n] : verdicts) {
    out += std::string(first ? "" : ", ") + std::to_string(n) + " " + verdict;
    first = false;
  }
  out += "), " + counted(report.templates.size(), "template") + " (" + counted(template_errors, "error") + ")\n";
  return out;
}

Json matrix_json(const Matrix& matrix) {
  Json columns = Json::array();
  for (const MatrixColumn& c : matrix.columns) {
    columns.push_back({{"root", c.root}, {"ocpVersion", version_json(c.ocp_version)}, {"effectiveOcpVersion", effective_json(c.ocp_version)},
                       {"verdict", verdict_name(c.verdict)}});
  }
  Json packages = Json::array();
  for (const std::string& name : matrix.packages) {
    Json cells = Json::array();
    for (std::size_t i = 0; i < matrix.columns.size(); ++i) {
      const MatrixCell* cell = matrix.cell(i, name);
      if (!cell) {
        cells.push_back(nullptr);
        continue;
      }
      Json channels = Json::array();
      for (const MatrixChannel& ch : cell->channels) {
        channels.push_back({{"name", ch.name}, {"head", text_or_null(ch.head)}, {"heads", ch.heads},
                            {"headMaxOpenShiftVersion", text_or_null(ch.head_max_openshift)}, {"deprecated", ch.deprecated},
                            {"entries", ch.entries}});
      }
      cells.push_back({{"defaultChannel", text_or_null(cell->default_channel)},
                       {"channels", std::move(channels)},
                       {"bundles", cell->bundles},
                       {"deprecation", cell->package_deprecation ? Json(*cell->package_deprecation) : Json(nullptr)},
                       {"deprecatedChannels", cell->deprecated_channels},
                       {"deprecatedBundles", cell->deprecated_bundles},
                       {"maxOpenShiftVersions", cell->max_openshift},
                       {"defaultHeadMaxOpenShiftVersion", text_or_null(cell->default_head_max_openshift)},
                       {"blocksClusterUpgrade", cell->blocks_cluster_upgrade},
                       {"bundleFormat",
                        {{"needed", text_or_null(cell->format.needed)}, {"bundleObject", cell->format.bundle_object},
                         {"csvMetadata", cell->format.csv_metadata}, {"bundles", cell->format.bundles}, {"ok", cell->format.ok}}}});
    }
    packages.push_back({{"name", name}, {"cells", std::move(cells)}});
  }
  Json changes = Json::array();
  for (const MatrixChange& c : matrix.changes) changes.push_back({{"from", c.from}, {"to", c.to}, {"diff", diff_json(c.diff)}});
  return {{"columns", std::move(columns)}, {"packages", std::move(packages)}, {"changes", std::move(changes)}};
}

std::string matrix_text(const Matrix& matrix) {
  const auto label = [](const MatrixColumn& c) {
    std::string s = c.ocp_version ? "OpenShift " + c.ocp_version->text() : std::string("(no version)");
    return s + "  " + root_name(c.root);
  };
  std::string out;
  for (const std::string& name : matrix.packages) {
    out += "package " + name + "\n";
    for (std::size_t i = 0; i < matrix.columns.size(); ++i) {
      const MatrixColumn& column = matrix.columns[i];
      const MatrixCell* cell = matrix.cell(i, name);
      out += "  " + label(column) + ": ";
      if (!cell) {
        out += "absent\n";
        continue;
      }
      out += std::string(verdict_name(column.verdict)) + ", default " + (cell->default_channel.empty() ? "(none)" : cell->default_channel) + ", " +
             std::to_string(cell->bundles) + " bundles\n";
      for (const MatrixChannel& ch : cell->channels) {
        out += "      " + ch.name + ": ";
        if (!ch.head.empty()) {
          out += "head " + ch.head;
        } else if (ch.heads.empty()) {
          out += "no head";
        } else {
          out += "heads";
          for (const std::string& h : ch.heads) out += " " + h;
        }
        if (!ch.head_max_openshift.empty()) out += " (maxOpenShiftVersion " + ch.head_max_openshift + ")";
        if (ch.deprecated) out += " [deprecated]";
        out += "\n";
      }
      if (cell->package_deprecation) out += "      package deprecated: " + *cell->package_deprecation + "\n";
      if (!cell->deprecated_bundles.empty()) out += "      deprecated bundles: " + std::to_string(cell->deprecated_bundles.size()) + "\n";
      if (cell->blocks_cluster_upgrade) {
        out += "      the default channel head's maxOpenShiftVersion " + cell->default_head_max_openshift + " blocks the cluster's next upgrade\n";
      }
      if (!cell->format.needed.empty()) {
        out += "      bundle format: needs " + cell->format.needed + "; " + std::to_string(cell->format.bundle_object) +
               " with olm.bundle.object, " + std::to_string(cell->format.csv_metadata) + " with olm.csv.metadata" +
               (cell->format.ok ? "" : "  <- not what this version needs") + "\n";
      }
    }
  }
  for (const MatrixChange& c : matrix.changes) {
    out += "\nchanges " + root_name(c.from) + " -> " + root_name(c.to) + "\n";
    std::string text = diff_text(c.diff);
    std::size_t i = 0;
    while (i < text.size()) {
      const std::size_t nl = text.find('\n', i);
      const std::size_t end = nl == std::string::npos ? text.size() : nl;
      out += "  " + text.substr(i, end - i) + "\n";
      i = end + 1;
    }
  }
  return out;
}

}  // namespace fbclens::repo
