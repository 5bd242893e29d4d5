#include "load/source_excerpt.h"

#include <algorithm>

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
      std::string s = text.substr(start, std::min<std::size_t>(end - start, 240));
      if (!s.empty() && s.back() == '\r') s.pop_back();
      out.emplace_back(n, std::move(s));
    }
    if (end == text.size()) break;
    start = end + 1;
    ++n;
  }
  return out;
}

}  // namespace fbclens
