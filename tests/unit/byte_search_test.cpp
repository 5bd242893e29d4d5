// The loader's byte scans (core/load/byte_search.h) and base64 decoding (go_base64_decode), checked
// against one-byte-at-a-time answers. The wasm build compiles these with -msimd128, so under Node
// they check the sixteen-bytes-a-step paths; natively, the C library's memchr and the word tests.
// Every length from 0 to past three blocks and every starting offset are tried, so a block's edge
// and the tail after the last block are both crossed.
#include <catch2/catch.hpp>

#include <cstring>
#include <random>
#include <string>

#include "declcfg/go_shape.h"
#include "load/byte_search.h"

using namespace fbclens;

namespace {

const char* naive_find(const char* first, const char* last, char c) {
  for (; first < last; ++first) {
    if (*first == c) return first;
  }
  return nullptr;
}

const char* naive_cr_or_non_ascii(const char* first, const char* last) {
  for (; first < last; ++first) {
    if (*first == '\r' || static_cast<unsigned char>(*first) >= 0x80) return first;
  }
  return nullptr;
}

bool naive_base64_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' || c == '/' || c == '=';
}

const char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

// Standard base64 with padding (Go's base64.StdEncoding.EncodeToString).
std::string encode(const std::string& bytes) {
  std::string out;
  std::size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    const unsigned v = (static_cast<unsigned char>(bytes[i]) << 16) | (static_cast<unsigned char>(bytes[i + 1]) << 8) |
                       static_cast<unsigned char>(bytes[i + 2]);
    out += {kAlphabet[v >> 18], kAlphabet[(v >> 12) & 63], kAlphabet[(v >> 6) & 63], kAlphabet[v & 63]};
  }
  if (bytes.size() - i == 1) {
    const unsigned v = static_cast<unsigned char>(bytes[i]) << 16;
    out += {kAlphabet[v >> 18], kAlphabet[(v >> 12) & 63], '=', '='};
  } else if (bytes.size() - i == 2) {
    const unsigned v = (static_cast<unsigned char>(bytes[i]) << 16) | (static_cast<unsigned char>(bytes[i + 1]) << 8);
    out += {kAlphabet[v >> 18], kAlphabet[(v >> 12) & 63], kAlphabet[(v >> 6) & 63], '='};
  }
  return out;
}

}  // namespace

TEST_CASE("find_byte and find_carriage_return_or_non_ascii answer as a byte-at-a-time scan", "[load][bytes]") {
  std::mt19937 random(21);
  // Mostly ASCII text with the bytes looked for scattered thinly, so a hit falls at every lane of
  // a block and many blocks hold none.
  std::string text(4096, ' ');
  for (char& c : text) {
    const unsigned r = random() % 64;
    c = r == 0 ? '\n' : r == 1 ? '\r' : r == 2 ? static_cast<char>(0xC2) : r == 3 ? '.' : static_cast<char>('a' + r % 26);
  }
  for (std::size_t start = 0; start < 40; ++start) {
    for (std::size_t length = 0; length <= 70; ++length) {
      const char* first = text.data() + start * 97;
      const char* last = first + length;
      for (char c : {'\n', '.', '\r', 'q', '\0'}) {
        CHECK(find_byte(first, last, c) == naive_find(first, last, c));
      }
      CHECK(find_carriage_return_or_non_ascii(first, last) == naive_cr_or_non_ascii(first, last));
    }
  }
  // A hit at each position of a 48-byte run of nothing else, and none outside the range given.
  for (std::size_t at = 0; at < 48; ++at) {
    std::string run(48, 'x');
    run[at] = '\n';
    CHECK(find_byte(run.data(), run.data() + run.size(), '\n') == run.data() + at);
    CHECK(find_byte(run.data(), run.data() + at, '\n') == nullptr);
    run[at] = static_cast<char>(0xFF);
    CHECK(find_carriage_return_or_non_ascii(run.data(), run.data() + run.size()) == run.data() + at);
    CHECK(find_carriage_return_or_non_ascii(run.data(), run.data() + at) == nullptr);
  }
}

TEST_CASE("base64_run_end stops at the first byte that is not base64's", "[load][bytes]") {
  // Every byte value at every position of a run: only A-Z, a-z, 0-9, '+', '/' and '=' go on.
  const std::string alphabet = std::string(kAlphabet) + "=";
  for (std::size_t at = 0; at < 40; ++at) {
    for (int value = 0; value < 256; ++value) {
      std::string run;
      for (std::size_t i = 0; i < 40; ++i) run += alphabet[(i * 7) % alphabet.size()];
      run[at] = static_cast<char>(value);
      const char* end = base64_run_end(run.data(), run.data() + run.size());
      const char* expected = run.data() + run.size();
      for (std::size_t i = 0; i < run.size(); ++i) {
        if (!naive_base64_char(run[i])) {
          expected = run.data() + i;
          break;
        }
      }
      CHECK(end == expected);
      CHECK(base64_run_end(run.data(), run.data() + at) == run.data() + at);  // the range's end, never past it
    }
  }
}

TEST_CASE("go_base64_decode reads base64 as Go's StdEncoding, in long runs and short", "[declcfg][base64]") {
  std::mt19937 random(7);
  for (std::size_t size = 0; size <= 100; ++size) {
    std::string bytes(size, '\0');
    for (char& b : bytes) b = static_cast<char>(random());
    const std::string text = encode(bytes);
    std::string out, error;
    REQUIRE(go_base64_decode(text, &out, error));
    CHECK(out == bytes);
    // Line breaks are skipped wherever they fall (Go's decoder drops '\r' and '\n').
    std::string broken = text;
    for (std::size_t at = 5; at < broken.size(); at += 23) broken.insert(at, (at / 23) % 2 ? "\n" : "\r\n");
    out.clear();
    REQUIRE(go_base64_decode(broken, &out, error));
    CHECK(out == bytes);
  }
}

TEST_CASE("go_base64_decode names the first illegal byte, wherever it falls in a block", "[declcfg][base64]") {
  std::string bytes(60, '\0');
  for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<char>(i * 37 + 11);
  const std::string text = encode(bytes);  // 80 characters, no padding
  for (std::size_t at = 0; at < text.size(); ++at) {
    for (const char bad : {'-', '_', ' ', '\0', '@', '[', '`', '{', static_cast<char>(0x80), static_cast<char>(0xFF)}) {
      std::string broken = text;
      broken[at] = bad;
      std::string out, error;
      CHECK_FALSE(go_base64_decode(broken, &out, error));
      CHECK(error == "illegal base64 data at input byte " + std::to_string(at));
    }
    // A '=' too early ends the data: what follows it is illegal, or the '=' itself is.
    std::string padded = text;
    padded[at] = '=';
    std::string out, error;
    if (at + 1 == text.size()) {  // "xxx=" at the end: two bytes of the last group
      CHECK(go_base64_decode(padded, &out, error));
      CHECK(out == bytes.substr(0, bytes.size() - 1));
      continue;
    }
    CHECK_FALSE(go_base64_decode(padded, &out, error));
    // In a group's first two places the '=' is illegal; in its last two, the character after it.
    const std::size_t expected = at % 4 < 2 ? at : at + 1;
    CHECK(error == "illegal base64 data at input byte " + std::to_string(expected));
  }
}

TEST_CASE("plain_json_string_run_end stops at or shortly before the first byte a string scan must read",
          "[load][bytes]") {
  const auto special = [](char c) {
    const auto u = static_cast<unsigned char>(c);
    return c == '"' || c == '\\' || u < 0x20 || u >= 0x7f;
  };
  std::mt19937 random(3);
  for (int round = 0; round < 2000; ++round) {
    // Base64-like content with, now and then, one byte of each kind a scan stops at.
    std::string text(static_cast<std::size_t>(random() % 80), 'A');
    for (char& c : text) c = kAlphabet[random() % 64];
    if (!text.empty() && random() % 4 != 0) {
      const char stops[] = {'"', '\\', '\n', '\0', 0x1f, 0x7f, static_cast<char>(0x80), static_cast<char>(0xC3)};
      text[random() % text.size()] = stops[random() % sizeof stops];
    }
    const char* first = text.data();
    const char* last = first + text.size();
    const char* end = plain_json_string_run_end(first, last);
    const char* stop = first;
    while (stop < last && !special(*stop)) ++stop;
    REQUIRE(end >= first);
    CHECK(end <= stop);       // nothing a scan must read is passed
    CHECK(stop - end < 16);   // and runs are passed many bytes a step
  }
  // A byte of each value just inside and just past a block's edge.
  for (int value = 0; value < 256; ++value) {
    for (std::size_t at : {0u, 7u, 8u, 15u, 16u, 17u, 31u}) {
      std::string text(40, 'x');
      text[at] = static_cast<char>(value);
      const char* end = plain_json_string_run_end(text.data(), text.data() + text.size());
      if (special(text[at])) {
        CHECK(end <= text.data() + at);
        CHECK(text.data() + at - end < 16);
      } else {
        CHECK(text.data() + text.size() - end < 16);
      }
    }
  }
}
