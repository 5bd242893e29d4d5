#include "semver/masterminds.h"

#include <cctype>
#include <cerrno>
#include <cstdlib>

#include "findings/go_format.h"

namespace fbclens::semver::masterminds {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }
bool is_ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-'; }
bool is_x(std::string_view s) { return s == "x" || s == "X" || s == "*"; }

bool parse_u64(std::string_view s, std::uint64_t& out) {
  if (s.empty()) return false;
  for (char c : s) if (c < '0' || c > '9') return false;
  errno = 0;
  out = std::strtoull(std::string(s).c_str(), nullptr, 10);
  return errno != ERANGE;
}

// Dot-separated identifiers of [0-9A-Za-z-]; returns the length consumed at `s[i]` (0 if none).
std::size_t ident_list(std::string_view s, std::size_t i) {
  const std::size_t start = i;
  while (true) {
    const std::size_t id_start = i;
    while (i < s.size() && is_ident_char(s[i])) ++i;
    if (i == id_start) return id_start == start ? 0 : id_start - 1 - start;  // drop a trailing '.'
    if (i < s.size() && s[i] == '.' && i + 1 < s.size() && is_ident_char(s[i + 1])) {
      ++i;
      continue;
    }
    return i - start;
  }
}

// One "constraint version" (the cvRegex of Masterminds) at s[i]: v?N(.N)?(.N)?(-pre)?(+build)?
// where N is [0-9xX*|]+. Fills the parts; returns the end offset or npos.
struct CvParts {
  std::string_view whole, major, minor, patch, pre /* with '-' */, build;
};
std::size_t parse_cv(std::string_view s, std::size_t i, CvParts& cv) {
  const std::size_t start = i;
  if (i < s.size() && s[i] == 'v') ++i;
  const auto number = [&](std::size_t at) {
    std::size_t j = at;
    while (j < s.size() && (std::isdigit(static_cast<unsigned char>(s[j])) || s[j] == 'x' || s[j] == 'X' || s[j] == '*' || s[j] == '|')) ++j;
    return j;
  };
  std::size_t j = number(i);
  if (j == i) return std::string_view::npos;
  cv.major = s.substr(i, j - i);
  i = j;
  if (i < s.size() && s[i] == '.' && number(i + 1) > i + 1) {
    j = number(i + 1);
    cv.minor = s.substr(i, j - i);
    i = j;
    if (i < s.size() && s[i] == '.' && number(i + 1) > i + 1) {
      j = number(i + 1);
      cv.patch = s.substr(i, j - i);
      i = j;
    }
  }
  if (i < s.size() && s[i] == '-') {
    const std::size_t n = ident_list(s, i + 1);
    if (n) {
      cv.pre = s.substr(i, n + 1);
      i += n + 1;
    }
  }
  if (i < s.size() && s[i] == '+') {
    const std::size_t n = ident_list(s, i + 1);
    if (n) {
      cv.build = s.substr(i, n + 1);
      i += n + 1;
    }
  }
  cv.whole = s.substr(start, i - start);
  return i;
}

bool known_op(std::string_view op) {
  static const char* const ops[] = {"", "=", "!=", ">", "<", ">=", "=>", "<=", "=<", "~", "~>", "^"};
  for (const char* o : ops) if (op == o) return true;
  return false;
}

// Rewrites hyphen ranges "A - B" into ">= A, <= B " (Masterminds rewriteRange).
std::string rewrite_ranges(std::string_view s) {
  std::string out;
  std::size_t i = 0;
  while (i < s.size()) {
    // Try "A - B" starting at i (A must start a cv).
    CvParts a, b;
    std::size_t a_end = is_space(s[i]) ? std::string_view::npos : parse_cv(s, i, a);
    if (a_end != std::string_view::npos && (i == 0 || is_space(s[i - 1]) || s[i - 1] == ',' || s[i - 1] == '|')) {
      std::size_t k = a_end;
      std::size_t spaces = 0;
      while (k < s.size() && is_space(s[k])) ++k, ++spaces;
      if (spaces && k < s.size() && s[k] == '-' && k + 1 < s.size() && is_space(s[k + 1])) {
        ++k;
        while (k < s.size() && is_space(s[k])) ++k;
        const std::size_t b_end = parse_cv(s, k, b);
        if (b_end != std::string_view::npos) {
          out += ">= " + std::string(a.whole) + ", <= " + std::string(b.whole) + " ";
          i = b_end;
          while (i < s.size() && is_space(s[i])) ++i;
          continue;
        }
      }
    }
    out += s[i++];
  }
  return out;
}

bool parse_segment(std::string_view seg, std::vector<Constraints::Constraint>& out, std::string* error) {
  std::size_t i = 0;
  const auto fail = [&] {
    if (error) *error = "improper constraint: " + go_quote(seg);
    return false;
  };
  bool first = true;
  while (true) {
    while (i < seg.size() && is_space(seg[i])) ++i;
    if (i == seg.size()) return first ? fail() : true;
    std::size_t op_end = i;
    while (op_end < seg.size() && std::string_view("=!<>~^").find(seg[op_end]) != std::string_view::npos) ++op_end;
    const std::string op(seg.substr(i, op_end - i));
    if (!known_op(op)) return fail();
    i = op_end;
    while (i < seg.size() && is_space(seg[i])) ++i;
    CvParts cv;
    const std::size_t end = parse_cv(seg, i, cv);
    if (end == std::string_view::npos) return fail();
    i = end;
    // After a constraint: end, whitespace or a comma must follow.
    if (i < seg.size() && !is_space(seg[i]) && seg[i] != ',') return fail();
    while (i < seg.size() && is_space(seg[i])) ++i;
    if (i < seg.size() && seg[i] == ',') {
      ++i;
      while (i < seg.size() && is_space(seg[i])) ++i;
      if (i == seg.size()) return fail();
    }
    // parseConstraint: partial and wildcard versions are "dirty".
    Constraints::Constraint c;
    c.op = op;
    std::string ver(cv.whole);
    const std::string pre(cv.pre);
    if (is_x(cv.major)) {
      ver = "0.0.0" + pre;
      c.dirty = true;
    } else if (cv.minor.empty() || is_x(cv.minor.substr(1))) {
      ver = std::string(cv.major) + ".0.0" + pre;
      c.dirty = c.minor_dirty = true;
    } else if (cv.patch.empty() || is_x(cv.patch.substr(1))) {
      ver = std::string(cv.major) + std::string(cv.minor) + ".0" + pre;
      c.dirty = c.patch_dirty = true;
    }
    std::optional<Version> v = parse_version(ver);
    if (!v) {
      if (error) *error = "constraint Parser Error";
      return false;
    }
    c.version = *v;
    out.push_back(std::move(c));
    first = false;
  }
}

// The comparison functions of Masterminds constraints.go (with the per-OR-group prerelease opt-in).
bool check_one(const Version& v, const Constraints::Constraint& c, bool include_pre) {
  if (!include_pre && !v.pre.empty()) return false;
  const Version& con = c.version;
  const int cmp = compare(v, con);
  const std::string& op = c.op;
  const auto tilde = [&] {
    if (cmp < 0) return false;
    if (con.major == 0 && con.minor == 0 && con.patch == 0 && !c.minor_dirty && !c.patch_dirty) return true;
    if (v.major != con.major) return false;
    if (v.minor != con.minor && !c.minor_dirty) return false;
    return true;
  };
  if (op.empty() || op == "=") {
    if (c.dirty) return tilde();
    return cmp == 0;
  }
  if (op == "!=") {
    if (c.dirty) {
      if (con.major != v.major) return true;
      if (con.minor != v.minor && !c.minor_dirty) return true;
      if (c.minor_dirty) return false;
      if (con.patch != v.patch && !c.patch_dirty) return true;
      if (c.patch_dirty) {
        if (!v.pre.empty() || !con.pre.empty()) {
          Version a = v, b = con;
          a.major = b.major = a.minor = b.minor = a.patch = b.patch = 0;
          return compare(a, b) != 0;
        }
        return false;
      }
    }
    return cmp != 0;
  }
  if (op == ">") {
    if (!c.dirty) return cmp > 0;
    if (v.major > con.major) return true;
    if (v.major < con.major) return false;
    if (c.minor_dirty) return false;
    if (c.patch_dirty) return v.minor > con.minor;
    return cmp > 0;
  }
  if (op == "<") return cmp < 0;
  if (op == ">=" || op == "=>") return cmp >= 0;
  if (op == "<=" || op == "=<") {
    if (!c.dirty) return cmp <= 0;
    if (v.major > con.major) return false;
    if (v.major == con.major && v.minor > con.minor && !c.minor_dirty) return false;
    return true;
  }
  if (op == "~" || op == "~>") return tilde();
  if (op == "^") {
    if (cmp < 0) return false;
    if (con.major > 0 || c.minor_dirty) return v.major == con.major;
    if (con.major == 0 && v.major > 0) return false;
    if (con.minor > 0 || c.patch_dirty) return v.minor == con.minor;
    if (con.minor == 0 && v.minor > 0) return false;
    return con.patch == v.patch;
  }
  return false;
}

int compare_pre_part(const std::string& s, const std::string& o) {
  if (s == o) return 0;
  if (s.empty()) return -1;
  if (o.empty()) return 1;
  std::uint64_t si = 0, oi = 0;
  const bool s_num = parse_u64(s, si), o_num = parse_u64(o, oi);
  if (!s_num && !o_num) return s > o ? 1 : -1;
  if (!o_num) return -1;  // s numeric, o alphanumeric
  if (!s_num) return 1;
  return si > oi ? 1 : -1;
}

}  // namespace

std::optional<Version> parse_version(std::string_view s, std::string* error) {
  CvParts cv;
  const std::size_t end = parse_cv(s, 0, cv);
  const auto fail = [&] {
    if (error) *error = "Invalid Semantic Version";
    return std::optional<Version>();
  };
  if (end != s.size() || end == std::string_view::npos) return fail();
  Version v;
  if (!parse_u64(cv.major, v.major)) return fail();
  if (!cv.minor.empty() && !parse_u64(cv.minor.substr(1), v.minor)) return fail();
  if (!cv.patch.empty() && !parse_u64(cv.patch.substr(1), v.patch)) return fail();
  if (!cv.pre.empty()) v.pre = std::string(cv.pre.substr(1));
  if (!cv.build.empty()) v.metadata = std::string(cv.build.substr(1));
  return v;
}

int compare(const Version& a, const Version& b) {
  if (a.major != b.major) return a.major < b.major ? -1 : 1;
  if (a.minor != b.minor) return a.minor < b.minor ? -1 : 1;
  if (a.patch != b.patch) return a.patch < b.patch ? -1 : 1;
  if (a.pre == b.pre) return 0;
  if (a.pre.empty()) return 1;
  if (b.pre.empty()) return -1;
  std::vector<std::string> sp, op;
  for (std::size_t i = 0, j; i <= a.pre.size(); i = j + 1) {
    j = a.pre.find('.', i);
    if (j == std::string::npos) j = a.pre.size();
    sp.push_back(a.pre.substr(i, j - i));
  }
  for (std::size_t i = 0, j; i <= b.pre.size(); i = j + 1) {
    j = b.pre.find('.', i);
    if (j == std::string::npos) j = b.pre.size();
    op.push_back(b.pre.substr(i, j - i));
  }
  const std::size_t n = std::max(sp.size(), op.size());
  for (std::size_t i = 0; i < n; ++i) {
    const int d = compare_pre_part(i < sp.size() ? sp[i] : "", i < op.size() ? op[i] : "");
    if (d != 0) return d;
  }
  return 0;
}

bool Constraints::check(const Version& v) const {
  for (std::size_t g = 0; g < groups.size(); ++g) {
    bool all = true;
    for (const Constraint& c : groups[g]) {
      if (!check_one(v, c, group_has_pre[g])) {
        all = false;
        break;
      }
    }
    if (all) return true;
  }
  return false;
}

std::optional<Constraints> parse_constraints(std::string_view s, std::string* error) {
  const std::string rewritten = rewrite_ranges(s);
  Constraints out;
  std::size_t i = 0;
  while (true) {
    const std::size_t bar = rewritten.find("||", i);
    const std::string_view seg = std::string_view(rewritten).substr(i, bar == std::string::npos ? std::string::npos : bar - i);
    std::vector<Constraints::Constraint> group;
    if (!parse_segment(seg, group, error)) return std::nullopt;
    bool pre = false;
    for (const Constraints::Constraint& c : group) pre = pre || !c.version.pre.empty();
    out.groups.push_back(std::move(group));
    out.group_has_pre.push_back(pre);
    if (bar == std::string::npos) break;
    i = bar + 2;
  }
  return out;
}

}  // namespace fbclens::semver::masterminds
