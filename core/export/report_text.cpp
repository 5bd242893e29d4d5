#include "export/report_text.h"

#include <algorithm>
#include <map>

#include "findings/format.h"

namespace fbclens {

namespace {

// The text of line `line` (1-based) of `text`, without its newline.
std::string line_of(const std::string& text, std::uint32_t line) {
  std::size_t start = 0;
  for (std::uint32_t l = 1; l < line; ++l) {
    start = text.find('\n', start);
    if (start == std::string::npos) return "";
    ++start;
  }
  std::size_t end = text.find('\n', start);
  if (end == std::string::npos) end = text.size();
  std::string s = text.substr(start, std::min<std::size_t>(end - start, 200));
  if (!s.empty() && s.back() == '\r') s.pop_back();
  return s;
}

}  // namespace

std::string render_text_report(const ValidationReport& report, const FileSource* source) {
  std::string out;
  std::map<std::string, std::string> file_cache;
  // The source line of `at` with a caret under its column, when the file and line are known.
  const auto excerpt = [&](const SourceLocation& at) {
    if (!source || !at.line || at.file.empty()) return;
    auto it = file_cache.find(at.file);
    if (it == file_cache.end()) {
      std::string bytes, error;
      if (!source->read(at.file, bytes, error, std::size_t(64) << 20)) bytes.clear();
      it = file_cache.emplace(at.file, std::move(bytes)).first;
    }
    const std::string text = line_of(it->second, at.line);
    if (text.empty()) return;
    out += "      | " + text + "\n";
    out += "      | " + std::string(at.column > 1 ? std::min<std::uint32_t>(at.column - 1, 200) : 0, ' ') + "^\n";
  };
  // "file:line:col: " as clang prints it; nothing when the finding has no file.
  const auto prefix = [](const SourceLocation& at) {
    const std::string where = location_text(at);
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
    out += "  " + prefix(f.location) + severity_name(f.info().severity) + "[" + std::string(f.info().code) + "]: " + f.message + "\n";
    if (f.opm_message != f.message && !f.opm_message.empty()) {
      out += std::string("      opm") + (f.reported_by_opm ? "" : " (not reported by opm)") + ": " + f.opm_message + "\n";
    }
    excerpt(f.location);
    for (const FindingNote& note : f.notes) {
      out += "  " + prefix(note.location) + "note: " + note.message + "\n";
      excerpt(note.location);
    }
  }
  std::size_t files = 0;
  for (const CatalogFile& f : report.load.files) files += !f.ignored;
  out += "\n" + std::to_string(files) + " files, " + std::to_string(report.load.blobs.size()) + " objects, " +
         std::to_string(errors) + " findings. opm's verdict: " + verdict_name(report.verdict) + "\n";
  return out;
}

}  // namespace fbclens
