#include "load/document.h"

namespace fbclens {

TextPosition FieldPositions::find(std::string_view path) const {
  while (true) {
    std::size_t begin = 0;
    for (const Entry& e : entries_) {
      if (e.end - begin == path.size() && std::string_view(paths_).substr(begin, path.size()) == path) return e.position;
      begin = e.end;
    }
    const auto slash = path.rfind('/');
    if (slash == std::string_view::npos || path.empty()) return {};
    path = path.substr(0, slash);
    if (path.empty()) return {};
  }
}

}  // namespace fbclens
