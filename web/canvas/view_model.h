// What the graph canvas draws, derived from the worker's layout (never inside the frame loop):
// plain C++ over core's types, with no ImGui, so the native unit tests check it too.
#pragma once

#include <string>
#include <vector>

#include "layout/channel_layout.h"

namespace fbclens::web {

/// Each band's heading, as the lane gutter shows it: "stable  [default]", "alpha  [deprecated]".
std::vector<std::string> band_titles(const ChannelLayout& layout);

/// The graph's title: the package (and " (all channels)" for the whole package), or
/// "package / channel  [default]" for one channel.
std::string graph_title(const ChannelLayout& layout, bool whole_package);

}  // namespace fbclens::web
