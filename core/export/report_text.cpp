#include "export/report_text.h"

#include <algorithm>
#include <map>

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
  std::string last_group;
  std::size_t errors = 0;
  for (const Finding& f : report.findings) {
    std::string group = f.object.package.empty() ? "(catalog)" : "package " + f.object.package;
    if (!f.object.channel.empty()) group += " › channel " + f.object.channel;
    if (group != last_group) {
      out += "\n" + group + "\n";
      last_group = group;
    }
    ++errors;
    std::string where = f.location.file.empty() ? "<catalog>" : f.location.file;
    if (f.location.line) where += ":" + std::to_string(f.location.line) + ":" + std::to_string(f.location.column);
    out += "  " + where + ": error[" + std::string(f.info().code) + "]: " + f.message + "\n";
    if (f.opm_message != f.message && !f.opm_message.empty()) {
      out += std::string("      opm") + (f.reported_by_opm ? "" : " (not reported by opm)") + ": " + f.opm_message + "\n";
    }
    if (source && f.location.line && !f.location.file.empty()) {
      auto it = file_cache.find(f.location.file);
      if (it == file_cache.end()) {
        std::string bytes, error;
        if (!source->read(f.location.file, bytes, error, std::size_t(64) << 20)) bytes.clear();
        it = file_cache.emplace(f.location.file, std::move(bytes)).first;
      }
      const std::string text = line_of(it->second, f.location.line);
      if (!text.empty()) {
        out += "      | " + text + "\n";
        out += "      | " + std::string(f.location.column > 1 ? std::min<std::uint32_t>(f.location.column - 1, 200) : 0, ' ') + "^\n";
      }
    }
  }
  std::size_t files = 0;
  for (const CatalogFile& f : report.load.files) files += !f.ignored;
  out += "\n" + std::to_string(files) + " files, " + std::to_string(report.load.blobs.size()) + " objects, " +
         std::to_string(errors) + " findings. opm's verdict: " + verdict_name(report.verdict) + "\n";
  return out;
}

}  // namespace fbclens
