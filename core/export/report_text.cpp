#include "export/report_text.h"

#include <algorithm>
#include <vector>

#include "findings/format.h"
#include "load/source_excerpt.h"

namespace fbclens {

void write_text_report(const ValidationReport& report, const FileSource* source, const PathStyle& paths,
                       const TextSink& sink) {
  std::string out;  // what is not yet given to `sink`
  constexpr std::size_t kFlushBytes = 64 * 1024;
  // The last few files excerpts were read from, with where their lines start: findings come grouped
  // by object, so the next excerpt is mostly in one of them, and a line is found in O(1).
  struct CachedFile {
    std::string path, bytes;
    std::vector<std::uint32_t> starts;
  };
  std::vector<CachedFile> file_cache;  // most recent last, at most kCachedFiles
  constexpr std::size_t kCachedFiles = 4;
  // The source line of `at` with a caret under its column, when the file and line are known.
  const auto excerpt = [&](const SourceLocation& at) {
    if (!source || !at.line || at.file.empty()) return;
    auto it = std::find_if(file_cache.begin(), file_cache.end(), [&at](const CachedFile& f) { return f.path == at.file; });
    if (it == file_cache.end()) {
      CachedFile file{at.file, {}, {}};
      std::string error;
      if (!source->read(at.file, file.bytes, error, std::size_t(64) << 20)) file.bytes.clear();
      file.starts = line_starts(file.bytes);
      if (file_cache.size() == kCachedFiles) file_cache.erase(file_cache.begin());
      file_cache.push_back(std::move(file));
      it = file_cache.end() - 1;
    }
    const auto lines = source_excerpt(it->bytes, it->starts, at.line, 0);  // printable, cut at 240 bytes
    if (lines.empty() || lines.front().second.empty()) return;
    const std::string& text = lines.front().second;
    out += "      | " + text + "\n";
    out += "      | " + std::string(at.column > 1 ? std::min<std::uint32_t>(at.column - 1, 200) : 0, ' ') + "^\n";
  };
  // "file:line:col: " as clang prints it; nothing when the finding has no file.
  const auto prefix = [&paths](const SourceLocation& at) {
    const std::string where = location_text(paths.located(at));
    return where.empty() ? std::string() : where + ": ";
  };
  std::string last_group;
  std::size_t errors = 0;
  for (const Finding& f : report.findings) {
    const std::string group = group_path(f.object);
    if (group != last_group) {
      out += "\n" + group + "\n";
      last_group = group;
    }
    ++errors;
    const std::string message = f.message(), opm_message = f.opm_message();
    out += "  " + prefix(f.location) + severity_name(f.info().severity) + "[" + std::string(f.info().code) + "]: " + message + "\n";
    // opm's own words when they differ from ours; a dash when opm does not report the finding
    // (advice, which opm does not check, gets no line: its severity says it is ours).
    if (!f.reported_by_opm && !opm_message.empty()) {
      out += "      opm: \u2014 not reported; its text would be: " + opm_message + "\n";
    } else if (opm_message != message && !opm_message.empty()) {
      out += "      opm: " + opm_message + "\n";
    }
    excerpt(f.location);
    for (const FindingNote& note : f.notes) {
      out += "  " + prefix(note.location) + "note: " + note.message + "\n";
      excerpt(note.location);
    }
    if (out.size() >= kFlushBytes) {
      sink(out);
      out.clear();
    }
  }
  std::size_t files = 0;
  for (const CatalogFile& f : report.load.files) files += !f.ignored;
  out += "\n" + std::to_string(files) + " files, " + std::to_string(report.load.blobs.size()) + " objects, " +
         std::to_string(errors) + " findings. opm's verdict: " + verdict_name(report.verdict) + "\n";
  // Profiles beyond opm (none selected: nothing more, the report as before profiles existed).
  if (!report.profiles.empty()) {
    out += "Profiles";
    if (!report.ocp_version.empty()) out += " (OpenShift " + report.ocp_version + ", from " + report.ocp_version_from + ")";
    out += ":";
    for (std::size_t i = 0; i < report.profiles.size(); ++i) {
      const ProfileOutcome& p = report.profiles[i];
      out += std::string(i ? "," : "") + " " + p.name + " " +
             (p.failures ? "failed (" + std::to_string(p.failures) + (p.failures == 1 ? " finding)" : " findings)") : "passed");
    }
    out += "\n";
  }
  sink(out);
}

std::string render_text_report(const ValidationReport& report, const FileSource* source, const PathStyle& paths) {
  std::string text;
  write_text_report(report, source, paths, [&text](std::string_view piece) { text += piece; });
  return text;
}

}  // namespace fbclens
