#include "view_model.h"

namespace fbclens::web {

std::vector<std::string> band_titles(const ChannelLayout& layout) {
  std::vector<std::string> titles;
  for (const LayoutBand& band : layout.bands) {
    titles.push_back(band.channel + (band.is_default ? "  [default]" : "") + (band.deprecated ? "  [deprecated]" : ""));
  }
  return titles;
}

std::string graph_title(const ChannelLayout& layout, bool whole_package) {
  if (whole_package || layout.bands.size() != 1) return layout.package + " (all channels)";
  const LayoutBand& band = layout.bands.front();
  return layout.package + " / " + band.channel + (band.is_default ? "  [default]" : "");
}

}  // namespace fbclens::web
