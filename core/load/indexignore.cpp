#include "load/indexignore.h"

#include <cstddef>

#include "load/file_source.h"

namespace fbclens {

namespace {

std::string trim(const std::string& s) {
  const char* ws = " \t\r\n\v\f";
  const auto b = s.find_first_not_of(ws);
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(ws) - b + 1);
}

// Decodes one UTF-8 code point at s[i]; advances i. Invalid bytes decode as themselves.
unsigned decode_rune(const std::string& s, std::size_t& i) {
  const unsigned char c = static_cast<unsigned char>(s[i]);
  int len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 1;
  if (i + len > s.size()) len = 1;
  unsigned r = len == 1 ? c : len == 2 ? (c & 0x1F) : len == 3 ? (c & 0x0F) : (c & 0x07);
  for (int k = 1; k < len; ++k) r = (r << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
  i += len;
  return r;
}

// Matches a character class starting after '['; returns false on a malformed class.
bool match_class(const std::string& p, std::size_t& i, unsigned ch, bool& matched) {
  matched = false;
  bool negated = false;
  if (i < p.size() && p[i] == '^') {
    negated = true;
    ++i;
  }
  bool first = true;
  while (true) {
    if (i >= p.size()) return false;
    if (p[i] == ']' && !first) {
      ++i;
      break;
    }
    first = false;
    if (p[i] == '\\') ++i;
    if (i >= p.size()) return false;
    const unsigned lo = decode_rune(p, i);
    unsigned hi = lo;
    if (i + 1 < p.size() && p[i] == '-' && p[i + 1] != ']') {
      ++i;
      if (p[i] == '\\') ++i;
      if (i >= p.size()) return false;
      hi = decode_rune(p, i);
    } else if (i < p.size() && p[i] == '-') {
      return false;  // "[a-]" is malformed in Go
    }
    if (lo <= ch && ch <= hi) matched = true;
  }
  if (negated) matched = !matched;
  return true;
}

// Iterative matcher with star backtracking (no recursion: hostile patterns cannot blow the stack).
bool match_from(const std::string& p, const std::string& s) {
  std::size_t pi = 0, si = 0, star_p = std::string::npos, star_s = 0;
  while (si < s.size()) {
    if (pi < p.size()) {
      const char c = p[pi];
      if (c == '*') {
        star_p = ++pi;
        star_s = si;
        continue;
      }
      if (c == '?' && s[si] != '/') {
        std::size_t tmp = si;
        decode_rune(s, tmp);
        si = tmp;
        ++pi;
        continue;
      }
      if (c == '[') {
        std::size_t tmp = si;
        const unsigned ch = decode_rune(s, tmp);
        std::size_t pj = pi + 1;
        bool matched = false;
        if (!match_class(p, pj, ch, matched)) return false;
        if (matched) {
          pi = pj;
          si = tmp;
          continue;
        }
      } else if (c == '\\') {
        if (pi + 1 >= p.size()) return false;
        if (p[pi + 1] == s[si]) {
          pi += 2;
          ++si;
          continue;
        }
      } else if (c == s[si] && c != '?') {
        ++pi;
        ++si;
        continue;
      }
    }
    if (star_p != std::string::npos && s[star_s] != '/') {
      si = ++star_s;
      pi = star_p;
      continue;
    }
    return false;
  }
  while (pi < p.size() && p[pi] == '*') ++pi;
  return pi == p.size();
}

}  // namespace

bool glob_match_component(const std::string& pattern, const std::string& name) {
  return match_from(pattern, name);
}

void IndexIgnore::add_file(const std::string& ignore_file_path, const std::string& contents) {
  std::vector<std::string> domain = path_components(ignore_file_path);
  domain.pop_back();  // drop the file name itself
  if (domain.size() == 1 && domain[0].empty()) domain.clear();
  std::size_t i = 0;
  while (i <= contents.size()) {
    std::size_t j = contents.find('\n', i);
    if (j == std::string::npos) j = contents.size();
    std::string line = trim(contents.substr(i, j - i));
    i = j + 1;
    if (line.empty() || line[0] == '#') continue;
    Pattern p;
    p.domain = domain;
    if (line[0] == '!') {
      p.inclusion = true;
      line.erase(0, 1);
    }
    if (!line.empty() && line.back() == '/') {
      p.dir_only = true;
      line.pop_back();
    }
    p.glob = line.find('/') != std::string::npos;
    if (p.glob && line[0] == '/') line.erase(0, 1);
    p.parts = path_components(line);
    patterns_.push_back(std::move(p));
  }
}

bool IndexIgnore::matches(const Pattern& p, const std::vector<std::string>& path) {
  // The pattern applies only strictly below its domain.
  if (path.size() <= p.domain.size()) return false;
  for (std::size_t k = 0; k < p.domain.size(); ++k) {
    if (path[k] != p.domain[k]) return false;
  }
  const std::size_t base = p.domain.size();
  if (!p.glob) {
    const std::string& pat = p.parts[0];
    for (std::size_t k = base; k < path.size(); ++k) {
      if (glob_match_component(pat, path[k])) {
        if (p.dir_only && k == path.size() - 1) return false;
        return true;
      }
    }
    return false;
  }
  // Glob pattern, component by component; "**" = zero or more directories.
  std::size_t pi = 0, si = base;
  std::size_t star_pi = std::string::npos, star_si = 0;
  const std::size_t np = p.parts.size(), ns = path.size();
  while (true) {
    if (pi == np) {
      if (si < ns) return true;  // pattern exhausted with path left: everything below matches
      return !p.dir_only;
    }
    const std::string& part = p.parts[pi];
    if (part == "**") {
      if (pi + 1 == np) return si < ns || !p.dir_only;  // trailing "**" matches everything below
      star_pi = ++pi;
      star_si = si;
      continue;
    }
    if (si < ns && part.find("**") == std::string::npos && glob_match_component(part, path[si])) {
      ++pi;
      ++si;
      continue;
    }
    if (star_pi != std::string::npos && star_si < ns) {
      si = ++star_si;
      pi = star_pi;
      continue;
    }
    return false;
  }
}

bool IndexIgnore::ignored(const std::string& path) const {
  const std::vector<std::string> parts = path_components(path);
  for (auto it = patterns_.rbegin(); it != patterns_.rend(); ++it) {
    if (matches(*it, parts)) return !it->inclusion;
  }
  return false;
}

}  // namespace fbclens
