#include "semver/blang.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>

#include "findings/go_format.h"

namespace fbclens::semver {

namespace {

bool all_digits(std::string_view s) {
  for (char c : s) if (c < '0' || c > '9') return false;
  return true;
}

bool alnum_hyphen(std::string_view s) {
  for (char c : s) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-')) return false;
  }
  return true;
}

// strconv.ParseUint(s, 10, 64) with Go's messages.
bool parse_uint(std::string_view s, std::uint64_t& out, std::string* error) {
  const std::string text(s);
  if (text.empty() || !all_digits(text)) {
    if (error) *error = "strconv.ParseUint: parsing " + go_quote(text) + ": invalid syntax";
    return false;
  }
  errno = 0;
  out = std::strtoull(text.c_str(), nullptr, 10);
  if (errno == ERANGE) {
    if (error) *error = "strconv.ParseUint: parsing " + go_quote(text) + ": value out of range";
    return false;
  }
  return true;
}

bool set_error(std::string* error, std::string message) {
  if (error) *error = std::move(message);
  return false;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (true) {
    const std::size_t j = s.find(sep, i);
    if (j == std::string_view::npos) {
      out.push_back(s.substr(i));
      return out;
    }
    out.push_back(s.substr(i, j - i));
    i = j + 1;
  }
}

}  // namespace

std::string Version::to_string() const {
  std::string s = std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
  for (std::size_t i = 0; i < pre.size(); ++i) s += (i ? "." : "-") + pre[i].text;
  for (std::size_t i = 0; i < build.size(); ++i) s += (i ? "." : "+") + build[i];
  return s;
}

int compare_identifiers(const std::vector<PrereleaseId>& a, const std::vector<PrereleaseId>& b) {
  const std::size_t n = std::min(a.size(), b.size());
  for (std::size_t i = 0; i < n; ++i) {
    const PrereleaseId& x = a[i];
    const PrereleaseId& y = b[i];
    if (x.numeric && y.numeric) {
      if (x.number != y.number) return x.number < y.number ? -1 : 1;
    } else if (x.numeric != y.numeric) {
      return x.numeric ? -1 : 1;
    } else if (x.text != y.text) {
      return x.text < y.text ? -1 : 1;
    }
  }
  if (a.size() == b.size()) return 0;
  return a.size() < b.size() ? -1 : 1;
}

int compare(const Version& a, const Version& b) {
  if (a.major != b.major) return a.major < b.major ? -1 : 1;
  if (a.minor != b.minor) return a.minor < b.minor ? -1 : 1;
  if (a.patch != b.patch) return a.patch < b.patch ? -1 : 1;
  if (a.pre.empty() && b.pre.empty()) return 0;
  if (a.pre.empty()) return 1;
  if (b.pre.empty()) return -1;
  return compare_identifiers(a.pre, b.pre);
}

bool parse_prerelease_id(std::string_view s, PrereleaseId& out, std::string* error) {
  if (s.empty()) return set_error(error, "Prerelease is empty");
  out.text = std::string(s);
  if (all_digits(s)) {
    if (s.size() > 1 && s[0] == '0') {
      return set_error(error, "Numeric PreRelease version must not contain leading zeroes " + go_quote(s));
    }
    std::string e;
    if (!parse_uint(s, out.number, &e)) return set_error(error, e);
    out.numeric = true;
    return true;
  }
  if (!alnum_hyphen(s)) return set_error(error, "Invalid character(s) found in prerelease " + go_quote(s));
  out.numeric = false;
  return true;
}

std::optional<Version> parse(std::string_view s, std::string* error) {
  if (s.empty()) {
    set_error(error, "Version string empty");
    return std::nullopt;
  }
  // Split into at most 3 parts on '.'.
  std::string_view parts[3];
  std::size_t count = 0, i = 0;
  while (count < 2) {
    const std::size_t j = s.find('.', i);
    if (j == std::string_view::npos) break;
    parts[count++] = s.substr(i, j - i);
    i = j + 1;
  }
  parts[count++] = s.substr(i);
  if (count != 3) {
    set_error(error, "No Major.Minor.Patch elements found");
    return std::nullopt;
  }
  Version v;
  const char* names[2] = {"major", "minor"};
  const char* caps[2] = {"Major", "Minor"};
  std::uint64_t* targets[2] = {&v.major, &v.minor};
  for (int k = 0; k < 2; ++k) {
    if (!all_digits(parts[k])) {
      set_error(error, std::string("Invalid character(s) found in ") + names[k] + " number " + go_quote(parts[k]));
      return std::nullopt;
    }
    if (parts[k].size() > 1 && parts[k][0] == '0') {
      set_error(error, std::string(caps[k]) + " number must not contain leading zeroes " + go_quote(parts[k]));
      return std::nullopt;
    }
    if (!parse_uint(parts[k], *targets[k], error)) return std::nullopt;
  }
  std::string_view patch = parts[2];
  std::vector<std::string_view> build, pre;
  if (const std::size_t plus = patch.find('+'); plus != std::string_view::npos) {
    build = split(patch.substr(plus + 1), '.');
    patch = patch.substr(0, plus);
  }
  if (const std::size_t dash = patch.find('-'); dash != std::string_view::npos) {
    pre = split(patch.substr(dash + 1), '.');
    patch = patch.substr(0, dash);
  }
  if (!all_digits(patch)) {
    set_error(error, "Invalid character(s) found in patch number " + go_quote(patch));
    return std::nullopt;
  }
  if (patch.size() > 1 && patch[0] == '0') {
    set_error(error, "Patch number must not contain leading zeroes " + go_quote(patch));
    return std::nullopt;
  }
  if (!parse_uint(patch, v.patch, error)) return std::nullopt;
  for (std::string_view p : pre) {
    PrereleaseId id;
    if (!parse_prerelease_id(p, id, error)) return std::nullopt;
    v.pre.push_back(std::move(id));
  }
  for (std::string_view b : build) {
    if (b.empty()) {
      set_error(error, "Build meta data is empty");
      return std::nullopt;
    }
    if (!alnum_hyphen(b)) {
      set_error(error, "Invalid character(s) found in build meta data " + go_quote(b));
      return std::nullopt;
    }
    v.build.emplace_back(b);
  }
  return v;
}

std::optional<Version> parse_tolerant(std::string_view s, std::string* error) {
  std::string t(s);
  const auto not_space = [](char c) { return !std::isspace(static_cast<unsigned char>(c)); };
  t.erase(t.begin(), std::find_if(t.begin(), t.end(), not_space));
  t.erase(std::find_if(t.rbegin(), t.rend(), not_space).base(), t.end());
  if (!t.empty() && t[0] == 'v') t.erase(0, 1);
  std::vector<std::string> parts;
  std::size_t i = 0;
  while (parts.size() < 2) {
    const std::size_t j = t.find('.', i);
    if (j == std::string::npos) break;
    parts.push_back(t.substr(i, j - i));
    i = j + 1;
  }
  parts.push_back(t.substr(i));
  for (std::string& p : parts) {
    if (p.size() > 1) {
      p.erase(0, p.find_first_not_of('0') == std::string::npos ? p.size() : p.find_first_not_of('0'));
      if (p.empty() || !std::isdigit(static_cast<unsigned char>(p[0]))) p = "0" + p;
    }
  }
  if (parts.size() < 3) {
    if (parts.back().find_first_of("+-") != std::string::npos) {
      set_error(error, "Short version cannot contain PreRelease/Build meta data");
      return std::nullopt;
    }
    while (parts.size() < 3) parts.push_back("0");
  }
  return parse(parts[0] + "." + parts[1] + "." + parts[2], error);
}

// ---- ParseRange ----

bool Range::contains(const Version& v) const {
  for (const auto& group : groups_) {
    bool all = true;
    for (const Comparator& c : group) {
      const int r = compare(v, c.version);
      bool ok = false;
      switch (c.op) {
        case Op::Eq: ok = r == 0; break;
        case Op::Ne: ok = r != 0; break;
        case Op::Gt: ok = r > 0; break;
        case Op::Ge: ok = r >= 0; break;
        case Op::Lt: ok = r < 0; break;
        case Op::Le: ok = r <= 0; break;
      }
      if (!ok) {
        all = false;
        break;
      }
    }
    if (all) return true;
  }
  return false;
}

namespace {

// blang splitAndTrim: split on ' ' unless the last non-space char was '>', '<' or '='; drop
// one-character tokens; remove spaces inside tokens.
std::vector<std::string> split_and_trim(std::string_view s) {
  std::vector<std::string> out;
  char last = 0;
  std::size_t start = 0;
  const auto push = [&](std::string_view token) {
    std::string t;
    for (char c : token) if (c != ' ') t += c;
    if (t.size() > 1) out.push_back(t);  // blang: `if len(str) > 1`
  };
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == ' ' && last != '>' && last != '<' && last != '=') {
      push(s.substr(start, i - start));
      start = i + 1;
    } else if (c != ' ') {
      last = c;
    }
  }
  push(s.substr(start));
  return out;
}

// blang splitComparatorVersion: operator = text before the first digit.
bool split_comparator(const std::string& s, std::string& op, std::string& version) {
  const std::size_t i = s.find_first_of("0123456789");
  if (i == std::string::npos) return false;
  op = s.substr(0, i);
  version = s.substr(i);
  return true;
}

// blang getWildcardType + createVersionFromWildcard + incrementMajor/Minor + expandWildcardVersion.
bool expand_wildcards(std::vector<std::vector<std::string>>& ors, std::string* error) {
  for (auto& group : ors) {
    std::vector<std::string> expanded;
    for (const std::string& token : group) {
      if (token.find('x') == std::string::npos) {
        expanded.push_back(token);
        continue;
      }
      std::string op, ver;
      if (!split_comparator(token, op, ver)) {
        return set_error(error, "Could not get version from string: " + go_quote(token));
      }
      // Wildcard kind.
      std::vector<std::string_view> parts = split(ver, '.');
      int kind = 0;  // 0 none, 1 major (x), 2 minor (1.x), 3 patch (1.2.x)
      if (parts.back() == "x") kind = parts.size() == 2 ? 2 : parts.size() == 3 ? 3 : parts.size() == 1 ? 1 : 0;
      // createVersionFromWildcard: replace first ".x.x" with ".x", then first ".x" with ".0", pad to 3 parts.
      std::string flat = ver;
      if (auto p = flat.find(".x.x"); p != std::string::npos) flat.replace(p, 4, ".x");
      if (auto p = flat.find(".x"); p != std::string::npos) flat.replace(p, 2, ".0");
      if (split(flat, '.').size() == 2) flat += ".0";
      std::string next;
      if (kind == 2 || kind == 3) {
        // blang increments with strconv.Atoi on the flattened parts and ignores errors (then
        // the result is "" and the token fails later with "Could not get version from string").
        const std::vector<std::string_view> fp = split(flat, '.');
        const auto atoi = [](std::string_view t, long long& out) {
          std::string x(t);
          if (!x.empty() && (x[0] == '+' || x[0] == '-')) x.erase(0, 1);
          if (x.empty() || !all_digits(x) || x.size() > 18) return false;
          out = std::atoll(std::string(t).c_str());
          return true;
        };
        long long major = 0, minor = 0;
        if (fp.size() == 3 && atoi(fp[0], major) && (kind == 2 || atoi(fp[1], minor))) {
          next = kind == 2 ? std::to_string(major + 1) + ".0.0"
                           : std::to_string(major) + "." + std::to_string(minor + 1) + ".0";
        }
      }
      if (op == ">") {
        expanded.push_back(">=" + next);
      } else if (op == ">=") {
        expanded.push_back(">=" + flat);
      } else if (op == "<") {
        expanded.push_back("<" + flat);
      } else if (op == "<=") {
        expanded.push_back("<" + next);
      } else if (op.empty() || op == "=" || op == "==") {
        expanded.push_back(">=" + flat);
        expanded.push_back("<" + next);
      } else if (op == "!" || op == "!=") {
        expanded.push_back("<" + flat);
        expanded.push_back(">=" + next);
      } else {
        expanded.push_back(flat);
      }
    }
    group = std::move(expanded);
  }
  return true;
}

}  // namespace

std::optional<Range> parse_range(std::string_view s, std::string* error) {
  const std::vector<std::string> parts = split_and_trim(s);
  // OR split.
  std::vector<std::vector<std::string>> ors;
  std::vector<std::string> current;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (parts[i] == "||") {
      if (i == 0) {
        set_error(error, "First element in range is '||'");
        return std::nullopt;
      }
      ors.push_back(std::move(current));
      current.clear();
    } else {
      current.push_back(parts[i]);
    }
  }
  if (current.empty()) {
    set_error(error, "Last element in range is '||'");
    return std::nullopt;
  }
  ors.push_back(std::move(current));
  if (!expand_wildcards(ors, error)) return std::nullopt;

  Range range;
  for (const auto& group : ors) {
    std::vector<Range::Comparator> comparators;
    for (const std::string& token : group) {
      std::string op, ver;
      if (!split_comparator(token, op, ver)) {
        set_error(error, "Could not get version from string: " + go_quote(token));
        return std::nullopt;
      }
      Range::Op o;
      if (op.empty() || op == "=" || op == "==") o = Range::Op::Eq;
      else if (op == "!" || op == "!=") o = Range::Op::Ne;
      else if (op == ">") o = Range::Op::Gt;
      else if (op == ">=") o = Range::Op::Ge;
      else if (op == "<") o = Range::Op::Lt;
      else if (op == "<=") o = Range::Op::Le;
      else {
        set_error(error, "Could not parse Range " + go_quote(token) + ": Could not parse comparator " + go_quote(op) +
                             " in " + go_quote(token));
        return std::nullopt;
      }
      std::string perr;
      std::optional<Version> v = parse(ver, &perr);
      if (!v) {
        set_error(error, "Could not parse Range " + go_quote(token) + ": Could not parse version " + go_quote(ver) +
                             " in " + go_quote(token) + ": " + perr);
        return std::nullopt;
      }
      comparators.push_back({o, std::move(*v)});
    }
    range.groups_.push_back(std::move(comparators));
  }
  return range;
}

}  // namespace fbclens::semver
