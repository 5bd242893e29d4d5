// The loader's byte scans over whole files, sixteen bytes a step where the build has WebAssembly
// SIMD: finding one byte (the YAML reader's line ends and document separators, discovery's template
// test), the first '\r' or non-ASCII byte (the YAML stand-ins' line-break check), the end of a
// run of base64 (the stand-ins' long values), and the end of a JSON string's plain run (the JSON
// scanners' strings).
//
// Natively, memchr is already vectorised by the C library and the others test eight bytes a
// step. In WebAssembly, Emscripten's musl memchr reads four bytes a step: it was 11.7% of the
// worker's CPU on the 183.5 MB union (tests/bench/README.md, "WebAssembly SIMD"). The wasm build
// compiles with -msimd128 (CMakeLists.txt), where one instruction compares sixteen bytes.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace fbclens {

/// The first byte equal to `c` in [first, last), or nullptr when there is none (memchr's answer).
/// Reads no byte outside the range.
inline const char* find_byte(const char* first, const char* last, char c) {
#if defined(__wasm_simd128__)
  const v128_t wanted = wasm_i8x16_splat(c);
  for (; last - first >= 16; first += 16) {
    const std::uint32_t hits = wasm_i8x16_bitmask(wasm_i8x16_eq(wasm_v128_load(first), wanted));
    if (hits != 0) return first + __builtin_ctz(hits);
  }
  for (; first < last; ++first) {
    if (*first == c) return first;
  }
  return nullptr;
#else
  return static_cast<const char*>(std::memchr(first, static_cast<unsigned char>(c), static_cast<std::size_t>(last - first)));
#endif
}

/// The first byte in [first, last) that is '\r' or not ASCII (0x80 and above), or nullptr when
/// there is none: where the YAML reader's check that every line break is '\n' (lines_are_newlines)
/// has something to look at. Reads no byte outside the range.
inline const char* find_carriage_return_or_non_ascii(const char* first, const char* last) {
#if defined(__wasm_simd128__)
  const v128_t carriage_return = wasm_i8x16_splat('\r');
  for (; last - first >= 16; first += 16) {
    const v128_t bytes = wasm_v128_load(first);
    // A lane's top bit is set for a non-ASCII byte, and for a '\r' by the comparison's all-ones.
    const std::uint32_t hits = wasm_i8x16_bitmask(wasm_v128_or(bytes, wasm_i8x16_eq(bytes, carriage_return)));
    if (hits != 0) return first + __builtin_ctz(hits);
  }
#else
  // Eight bytes a step: a word with no byte of its top bit set and none equal to '\r' is passed.
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL, kHigh = 0x8080808080808080ULL;
  for (; last - first >= 8; first += 8) {
    std::uint64_t word;
    std::memcpy(&word, first, 8);
    const std::uint64_t cr = word ^ (kOnes * '\r');
    if (((word & kHigh) | ((cr - kOnes) & ~cr & kHigh)) != 0) break;  // a byte to look at (or a false alarm)
  }
#endif
  for (; first < last; ++first) {
    if (*first == '\r' || static_cast<unsigned char>(*first) >= 0x80) return first;
  }
  return nullptr;
}

#if defined(__wasm_simd128__)
/// For each of sixteen bytes, all ones when it lies in [low, low + span] (unsigned), else zero.
inline v128_t bytes_in_range(v128_t bytes, char low, std::uint8_t span) {
  return wasm_u8x16_le(wasm_i8x16_sub(bytes, wasm_i8x16_splat(low)), wasm_i8x16_splat(static_cast<char>(span)));
}

/// For each of sixteen bytes, all ones when it is one of base64's characters or '=' ('A'-'Z',
/// 'a'-'z', '0'-'9', '+', '/', '='), else zero.
inline v128_t base64_character_lanes(v128_t bytes) {
  v128_t lanes = wasm_v128_or(wasm_v128_or(bytes_in_range(bytes, 'A', 25), bytes_in_range(bytes, 'a', 25)), bytes_in_range(bytes, '0', 9));
  lanes = wasm_v128_or(lanes, wasm_v128_or(wasm_i8x16_eq(bytes, wasm_i8x16_splat('+')), wasm_i8x16_eq(bytes, wasm_i8x16_splat('/'))));
  return wasm_v128_or(lanes, wasm_i8x16_eq(bytes, wasm_i8x16_splat('=')));
}
#endif

/// Which bytes are base64's characters or '=' ('A'-'Z', 'a'-'z', '0'-'9', '+', '/', '='), as a table.
inline constexpr std::array<bool, 256> kBase64Characters = [] {
  std::array<bool, 256> table{};
  for (int c = 0; c < 256; ++c) {
    table[c] = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' || c == '/' || c == '=';
  }
  return table;
}();

/// The first byte in [first, last) that is not one of base64's characters or '=', or `last` when
/// every one is: where a run of base64 ends. The YAML reader's stand-ins test every byte of a
/// bundle object's payload, megabytes of them. Reads no byte outside the range.
inline const char* base64_run_end(const char* first, const char* last) {
  // As an unsigned number, so the eight tests below combine with '&' (no branch between them).
  const auto is_base64 = [](char c) { return static_cast<unsigned>(kBase64Characters[static_cast<unsigned char>(c)]); };
#if defined(__wasm_simd128__)
  for (; last - first >= 16; first += 16) {
    const std::uint32_t others = ~wasm_i8x16_bitmask(base64_character_lanes(wasm_v128_load(first))) & 0xFFFFu;
    if (others != 0) return first + __builtin_ctz(others);
  }
#else
  // Eight table lookups a step, which do not wait on each other.
  while (last - first >= 8 && (is_base64(first[0]) & is_base64(first[1]) & is_base64(first[2]) & is_base64(first[3]) &
                               is_base64(first[4]) & is_base64(first[5]) & is_base64(first[6]) & is_base64(first[7]))) {
    first += 8;
  }
#endif
  while (first < last && is_base64(*first) != 0) ++first;
  return first;
}

/// Past the bytes at the start of [first, last) that a JSON string scan need not look at one by
/// one: none of them is '"', '\\', a control byte (below 0x20) or not ASCII-printable (0x7f and
/// above). Returns a position at or before the first byte that is (sixteen bytes a step with SIMD,
/// where it is exactly that byte; eight natively, where it is the start of the word holding it, or
/// of the last seven bytes): the caller reads on from there one byte at a time. Base64 runs in
/// bundle objects make such runs megabytes long. Reads no byte outside the range.
inline const char* plain_json_string_run_end(const char* first, const char* last) {
#if defined(__wasm_simd128__)
  for (; last - first >= 16; first += 16) {
    const v128_t bytes = wasm_v128_load(first);
    const v128_t special = wasm_v128_or(
        wasm_v128_or(wasm_i8x16_eq(bytes, wasm_i8x16_splat('"')), wasm_i8x16_eq(bytes, wasm_i8x16_splat('\\'))),
        wasm_v128_or(wasm_u8x16_lt(bytes, wasm_i8x16_splat(0x20)), wasm_u8x16_ge(bytes, wasm_i8x16_splat(0x7f))));
    const std::uint32_t hits = wasm_i8x16_bitmask(special);
    if (hits != 0) return first + __builtin_ctz(hits);
  }
#else
  // The classic has-zero-byte and has-less-than tests, a word at a time; exact for each word.
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL, kHigh = 0x8080808080808080ULL;
  const auto has_zero = [](std::uint64_t v) { return (v - kOnes) & ~v & kHigh; };
  for (; last - first >= 8; first += 8) {
    std::uint64_t word;
    std::memcpy(&word, first, 8);
    const std::uint64_t below_space = (word - kOnes * 0x20) & ~word & kHigh;
    if ((has_zero(word ^ (kOnes * '"')) | has_zero(word ^ (kOnes * '\\')) | has_zero(word ^ (kOnes * 0x7f)) | below_space |
         (word & kHigh)) != 0) {
      break;
    }
  }
#endif
  return first;
}

}  // namespace fbclens
