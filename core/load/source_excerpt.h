// The lines of a catalog file around a finding, for showing where it points.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace fbclens {

/// Up to `context` lines either side of `line` (1-based) of `text`, each as {line number, text}
/// without its line ending, CR included. Lines longer than 240 bytes are cut there (at a character
/// boundary), then made printable (utf8.h printable_text: control bytes and malformed UTF-8 as
/// \xNN), so a binary file never reaches the screen raw. Lines past the end of `text` are
/// absent; line 0 (unknown) gives nothing.
std::vector<std::pair<std::uint32_t, std::string>> source_excerpt(const std::string& text, std::uint32_t line, int context);

}  // namespace fbclens
