// What an exported upgrade graph shows (core/export/dot.h, svg.h): the package, the channel or the
// whole package, and whether the package is deprecated. The layout itself knows its bands'
// channels and their default and deprecated marks, not the package around them.
#pragma once

#include <string>

namespace fbclens {

struct GraphSubject {
  std::string package;              ///< the package's name (catalog text: escaped by each format)
  std::string channel;              ///< the channel drawn; "" = the whole package, a lane per channel
  bool package_deprecated = false;  ///< olm.deprecations deprecates the package
};

}  // namespace fbclens
