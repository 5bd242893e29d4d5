#include "load/source_excerpt.h"

#include <algorithm>

#include "load/utf8.h"

namespace fbclens {

namespace {

// One line as an excerpt shows it: without its CR, cut at 240 bytes, printable.
std::string shown_line(std::string_view line) {
  std::string s(line);
  if (!s.empty() && s.back() == '\r') s.pop_back();
  s.resize(utf8_cut_point(s, 240));
  return printable_text(s);
}

}  // namespace

std::vector<std::pair<std::uint32_t, std::string>> source_excerpt(const std::string& text, std::uint32_t line, int context) {
  std::vector<std::pair<std::uint32_t, std::string>> out;
  if (line == 0) return out;
  const std::uint32_t first = line > static_cast<std::uint32_t>(context) ? line - context : 1;
  const std::uint32_t last = line + context;
  std::uint32_t n = 1;
  std::size_t start = 0;
  while (start <= text.size() && n <= last) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    if (n >= first) out.emplace_back(n, shown_line(std::string_view(text).substr(start, end - start)));
    if (end == text.size()) break;
    start = end + 1;
    ++n;
  }
  return out;
}

std::vector<std::uint32_t> line_starts(std::string_view text) {
  std::vector<std::uint32_t> starts;
  starts.reserve(1 + static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')));  // no regrowth: a catalog has a line per 13 bytes
  starts.push_back(0);
  for (std::size_t i = text.find('\n'); i != std::string_view::npos; i = text.find('\n', i + 1)) {
    starts.push_back(static_cast<std::uint32_t>(i + 1));
  }
  return starts;
}

std::vector<std::pair<std::uint32_t, std::string>> source_excerpt(std::string_view text, const std::vector<std::uint32_t>& starts,
                                                                  std::uint32_t line, int context) {
  std::vector<std::pair<std::uint32_t, std::string>> out;
  if (line == 0) return out;
  const std::uint32_t first = line > static_cast<std::uint32_t>(context) ? line - context : 1;
  const std::uint64_t last = std::min<std::uint64_t>(static_cast<std::uint64_t>(line) + context, starts.size());
  for (std::uint64_t n = first; n <= last; ++n) {
    const std::size_t begin = starts[n - 1];
    const std::size_t end = n < starts.size() ? starts[n] - 1 : text.size();
    out.emplace_back(static_cast<std::uint32_t>(n), shown_line(text.substr(begin, end - begin)));
  }
  return out;
}

}  // namespace fbclens
