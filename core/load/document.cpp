#include "load/document.h"

namespace fbclens {

TextPosition FieldPositions::find(std::string_view path) const {
  while (true) {
    for (const auto& e : entries) {
      if (e.first == path) return e.second;
    }
    const auto slash = path.rfind('/');
    if (slash == std::string_view::npos || path.empty()) return {};
    path = path.substr(0, slash);
    if (path.empty()) return {};
  }
}

}  // namespace fbclens
