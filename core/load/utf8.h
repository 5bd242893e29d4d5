// Cutting and counting UTF-8 text without splitting a character, for previews and limits of text
// shown to people (finding messages, property values). Bytes are not validated here; a malformed
// sequence is counted and cut like any other.
#pragma once

#include <cstddef>
#include <string>

namespace fbclens {

/// True for a UTF-8 continuation byte (10xxxxxx): not the start of a character.
inline bool is_utf8_continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

/// The largest length <= `limit` (and <= text.size()) at which `text` can be cut without splitting
/// a character.
inline std::size_t utf8_cut_point(const std::string& text, std::size_t limit) {
  if (limit >= text.size()) return text.size();
  while (limit > 0 && is_utf8_continuation(text[limit])) --limit;
  return limit;
}

/// Characters (code points) in text[from, end): the bytes that start one.
inline std::size_t utf8_length(const std::string& text, std::size_t from = 0) {
  std::size_t n = 0;
  for (std::size_t i = from; i < text.size(); ++i) n += !is_utf8_continuation(text[i]);
  return n;
}

}  // namespace fbclens
