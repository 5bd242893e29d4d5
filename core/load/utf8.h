// Cutting and counting UTF-8 text without splitting a character, for previews and limits of text
// shown to people (finding messages, property values). Bytes are not validated here; a malformed
// sequence is counted and cut like any other. Also what the JSON and YAML string decoders share:
// a code point from an escape's hex digits, appended as UTF-8.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

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

/// The length of the well-formed UTF-8 character starting at text[i] (1–4), or 0 when the bytes
/// there are not one (a stray continuation, a truncated or overlong sequence, a surrogate, or a
/// value above U+10FFFF).
inline std::size_t utf8_char_length(std::string_view text, std::size_t i) {
  const auto byte = [&text](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char c = byte(i);
  if (c < 0x80) return 1;
  std::size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 ? 2 : 0;
  if (n == 0 || c > 0xF4 || i + n > text.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    if (!is_utf8_continuation(text[i + k])) return 0;
  }
  const unsigned char d = byte(i + 1);
  if ((c == 0xE0 && d < 0xA0) || (c == 0xED && d >= 0xA0) || (c == 0xF0 && d < 0x90) || (c == 0xF4 && d >= 0x90)) return 0;
  return n;
}

/// The value of hex digit `c` (0-9, a-f, A-F), or -1: the digits of JSON's and YAML's escapes.
inline int hex_digit_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/// Appends code point `code` to `out` as UTF-8 (1-4 bytes). The caller has checked it: at most
/// U+10FFFF and not a surrogate.
inline void append_utf8(std::string& out, std::uint32_t code) {
  if (code <= 0x7F) {
    out += static_cast<char>(code);
  } else if (code <= 0x7FF) {
    out += static_cast<char>(0xC0 | (code >> 6));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else if (code <= 0xFFFF) {
    out += static_cast<char>(0xE0 | (code >> 12));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (code >> 18));
    out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  }
}

/// `text` made safe to print in a terminal or a UI: well-formed UTF-8 and tabs as they are, every
/// other control byte and every byte that is not part of well-formed UTF-8 as "\xNN". A binary
/// file's line thus never reaches the screen raw.
inline std::string printable_text(const std::string& text) {
  static const char* const kHex = "0123456789ABCDEF";
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    const std::size_t n = utf8_char_length(text, i);
    if (n == 0 || (c < 0x20 && c != '\t') || c == 0x7F) {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 0xF];
      ++i;
      continue;
    }
    out.append(text, i, n);
    i += n;
  }
  return out;
}

}  // namespace fbclens
