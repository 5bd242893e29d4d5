#include "load/source_excerpt.h"

#include <algorithm>

#include "load/utf8.h"

namespace fbclens {

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
    if (n >= first) {
      std::string s = text.substr(start, end - start);
      if (!s.empty() && s.back() == '\r') s.pop_back();
      s.resize(utf8_cut_point(s, 240));
      out.emplace_back(n, printable_text(s));
    }
    if (end == text.size()) break;
    start = end + 1;
    ++n;
  }
  return out;
}

}  // namespace fbclens
