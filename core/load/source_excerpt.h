// The lines of a catalog file around a finding, for showing where it points.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fbclens {

/// Up to `context` lines either side of `line` (1-based) of `text`, each as {line number, text}
/// without its line ending, CR included. Lines longer than 240 bytes are cut there (at a character
/// boundary), then made printable (utf8.h printable_text: control bytes and malformed UTF-8 as
/// \xNN), so a binary file never reaches the screen raw. Lines past the end of `text` are
/// absent; line 0 (unknown) gives nothing. O(bytes up to the last line shown).
std::vector<std::pair<std::uint32_t, std::string>> source_excerpt(const std::string& text, std::uint32_t line, int context);

/// Where each line of `text` starts: offset 0, then one past every '\n' (so a text ending with a
/// line break has an empty last line, as source_excerpt counts lines). 32-bit offsets (half the
/// memory: a line each 13 bytes in a JSON catalog): `text` must be shorter than 4 GiB, which every
/// file the loader reads is (LoadOptions::max_file_bytes).
std::vector<std::uint32_t> line_starts(std::string_view text);

/// source_excerpt, finding the lines through `starts` (line_starts of the same `text`) in O(1):
/// for many excerpts of one file (a report of many findings).
std::vector<std::pair<std::uint32_t, std::string>> source_excerpt(std::string_view text, const std::vector<std::uint32_t>& starts,
                                                                  std::uint32_t line, int context);

}  // namespace fbclens
