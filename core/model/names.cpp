#include "model/names.h"

#include "findings/go_format.h"

namespace fbclens {

namespace {

bool is_lower_alnum(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }
bool is_alnum(char c) { return is_lower_alnum(c) || (c >= 'A' && c <= 'Z'); }
bool is_hex_lower(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); }
bool is_hex(char c) { return is_hex_lower(c) || (c >= 'A' && c <= 'F'); }
bool is_word(char c) { return is_alnum(c) || c == '_'; }

// ^[a-z0-9]([-a-z0-9]*[a-z0-9])?$
bool is_label(std::string_view s) {
  if (s.empty() || !is_lower_alnum(s.front()) || !is_lower_alnum(s.back())) return false;
  for (char c : s) if (!is_lower_alnum(c) && c != '-') return false;
  return true;
}

// NAMECOMP = [a-z0-9]+(?:(?:[._]|__|[-]*)[a-z0-9]+)*
bool is_name_component(std::string_view s) {
  if (s.empty() || !is_lower_alnum(s.front()) || !is_lower_alnum(s.back())) return false;
  std::size_t i = 0;
  while (i < s.size()) {
    if (is_lower_alnum(s[i])) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < s.size() && !is_lower_alnum(s[j])) ++j;
    const std::string_view sep = s.substr(i, j - i);
    const bool dashes = sep.find_first_not_of('-') == std::string_view::npos;
    if (!(sep == "." || sep == "_" || sep == "__" || dashes)) return false;
    i = j;
  }
  return true;
}

// DOMAIN = label(\.label)*(:[0-9]+)? with label = [a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9]
bool is_domain(std::string_view s) {
  if (const std::size_t colon = s.find(':'); colon != std::string_view::npos) {
    const std::string_view port = s.substr(colon + 1);
    if (port.empty()) return false;
    for (char c : port) if (c < '0' || c > '9') return false;
    s = s.substr(0, colon);
  }
  std::size_t i = 0;
  while (true) {
    std::size_t j = s.find('.', i);
    if (j == std::string_view::npos) j = s.size();
    const std::string_view label = s.substr(i, j - i);
    if (label.empty() || !is_alnum(label.front()) || !is_alnum(label.back())) return false;
    for (char c : label) if (!is_alnum(c) && c != '-') return false;
    if (j == s.size()) return true;
    i = j + 1;
  }
}

// [\w][\w.-]{0,127}
bool is_tag(std::string_view s) {
  if (s.empty() || s.size() > 128 || !is_word(s[0])) return false;
  for (char c : s) if (!is_word(c) && c != '.' && c != '-') return false;
  return true;
}

// [A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*[:][[:xdigit:]]{32,}
bool is_digest_syntax(std::string_view s) {
  const std::size_t colon = s.find(':');
  if (colon == std::string_view::npos) return false;
  const std::string_view alg = s.substr(0, colon), hex = s.substr(colon + 1);
  if (hex.size() < 32) return false;
  for (char c : hex) if (!is_hex(c)) return false;
  bool need_alpha = true;
  for (char c : alg) {
    if (need_alpha) {
      if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) return false;
      need_alpha = false;
    } else if (c == '-' || c == '_' || c == '+' || c == '.') {
      need_alpha = true;
    } else if (!is_alnum(c)) {
      return false;
    }
  }
  return !need_alpha;
}

// The whole-reference regex: NAME(:TAG)?(@DIGEST)?, NAME = (DOMAIN/)?NAMECOMP(/NAMECOMP)*.
bool matches_reference(std::string_view s, std::string_view& name, std::string_view& digest) {
  std::string_view left = s;
  digest = {};
  if (const std::size_t at = s.find('@'); at != std::string_view::npos) {
    digest = s.substr(at + 1);
    left = s.substr(0, at);
    if (!is_digest_syntax(digest)) return false;
  }
  const std::size_t last_slash = left.rfind('/');
  const std::size_t tag_colon = left.rfind(':');
  name = left;
  if (tag_colon != std::string_view::npos && (last_slash == std::string_view::npos || tag_colon > last_slash)) {
    if (!is_tag(left.substr(tag_colon + 1))) return false;
    name = left.substr(0, tag_colon);
  }
  std::vector<std::string_view> comps;
  std::size_t i = 0;
  while (true) {
    std::size_t j = name.find('/', i);
    if (j == std::string_view::npos) j = name.size();
    comps.push_back(name.substr(i, j - i));
    if (j == name.size()) break;
    i = j + 1;
  }
  bool rest_ok = true;
  for (std::size_t k = 1; k < comps.size(); ++k) rest_ok = rest_ok && is_name_component(comps[k]);
  if (!rest_ok) return false;
  if (is_name_component(comps[0])) return true;
  return comps.size() > 1 && is_domain(comps[0]);
}

}  // namespace

std::vector<std::string> dns1123_label_errors(std::string_view name) {
  std::vector<std::string> errors;
  if (name.size() > 63) errors.push_back("must be no more than 63 characters");
  if (!is_label(name)) {
    // Is it a DNS-1123 subdomain (labels joined by dots)?
    bool subdomain = !name.empty();
    std::size_t i = 0;
    while (subdomain) {
      std::size_t j = name.find('.', i);
      if (j == std::string_view::npos) j = name.size();
      subdomain = is_label(name.substr(i, j - i));
      if (j == name.size()) break;
      i = j + 1;
    }
    if (subdomain) {
      errors.push_back("must not contain dots");
    } else {
      errors.push_back(
          "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and "
          "end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is "
          "'[a-z0-9]([-a-z0-9]*[a-z0-9])?')");
    }
  }
  return errors;
}

std::string image_reference_error(std::string_view ref) {
  if (ref.size() == 64) {
    bool all_hex = true;
    for (char c : ref) all_hex = all_hex && is_hex_lower(c);
    if (all_hex) {
      return "invalid repository name (" + std::string(ref) + "), cannot specify 64-byte hexadecimal strings";
    }
  }
  // splitDockerDomain
  std::string domain, remainder;
  const std::size_t slash = ref.find('/');
  if (slash == std::string_view::npos ||
      (ref.substr(0, slash).find_first_of(".:") == std::string_view::npos && ref.substr(0, slash) != "localhost")) {
    domain = "docker.io";
    remainder = std::string(ref);
  } else {
    domain = std::string(ref.substr(0, slash));
    remainder = std::string(ref.substr(slash + 1));
  }
  if (domain == "index.docker.io") domain = "docker.io";
  if (domain == "docker.io" && remainder.find('/') == std::string::npos) remainder = "library/" + remainder;
  std::string remote = remainder;
  if (const std::size_t colon = remainder.find(':'); colon != std::string::npos) remote = remainder.substr(0, colon);
  for (char c : remote) {
    if (c >= 'A' && c <= 'Z') return "invalid reference format: repository name must be lowercase";
  }
  const std::string full = domain + "/" + remainder;
  std::string_view name, digest;
  if (!matches_reference(full, name, digest)) {
    return full.empty() ? "repository name must have at least one component" : "invalid reference format";
  }
  if (name.size() > 255) return "repository name must not be more than 255 characters";
  if (!digest.empty()) {
    const std::size_t colon = digest.find(':');
    const std::string_view alg = digest.substr(0, colon), hex = digest.substr(colon + 1);
    std::size_t want = 0;
    if (alg == "sha256") want = 64;
    else if (alg == "sha384") want = 96;
    else if (alg == "sha512") want = 128;
    if (want == 0) {
      // ^[a-z0-9]+(?:[.+_-][a-z0-9]+)*:[a-zA-Z0-9=_-]+$
      bool ok = !alg.empty() && is_lower_alnum(alg.front()) && is_lower_alnum(alg.back());
      for (std::size_t k = 0; ok && k < alg.size(); ++k) {
        const char c = alg[k];
        const bool sep = c == '.' || c == '+' || c == '_' || c == '-';
        ok = is_lower_alnum(c) || (sep && k + 1 < alg.size() && is_lower_alnum(alg[k + 1]));
      }
      return ok ? "unsupported digest algorithm" : "invalid checksum digest format";
    }
    if (hex.size() != want) return "invalid checksum digest length";
    for (char c : hex) if (!is_hex_lower(c)) return "invalid checksum digest format";
  }
  return "";
}

bool parse_release(std::string_view release, std::vector<semver::PrereleaseId>& out, std::string& error) {
  out.clear();
  if (release.empty()) return true;
  if (release.size() > 20) {
    error = "invalid release " + go_quote(release) + ": exceeds maximum length of 20 characters";
    return false;
  }
  std::string errors;
  std::size_t i = 0, segment = 0;
  while (true) {
    std::size_t j = release.find('.', i);
    if (j == std::string_view::npos) j = release.size();
    semver::PrereleaseId id;
    std::string e;
    if (semver::parse_prerelease_id(release.substr(i, j - i), id, &e)) {
      out.push_back(std::move(id));
    } else {
      if (!errors.empty()) errors += '\n';
      errors += "segment " + std::to_string(segment) + ": " + e;
    }
    ++segment;
    if (j == release.size()) break;
    i = j + 1;
  }
  if (!errors.empty()) {
    error = "invalid release " + go_quote(release) + ": " + errors;
    return false;
  }
  return true;
}

bool natural_less(const std::string& a, const std::string& b) {
  const auto digit = [](char c) { return c >= '0' && c <= '9'; };
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (digit(a[i]) && digit(b[j])) {
      std::size_t ie = i, je = j;
      while (ie < a.size() && digit(a[ie])) ++ie;
      while (je < b.size() && digit(b[je])) ++je;
      std::size_t is = i, js = j;  // past leading zeros
      while (is + 1 < ie && a[is] == '0') ++is;
      while (js + 1 < je && b[js] == '0') ++js;
      if (ie - is != je - js) return ie - is < je - js;
      if (const int c = a.compare(is, ie - is, b, js, je - js); c != 0) return c < 0;
      i = ie;
      j = je;
    } else {
      if (a[i] != b[j]) return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[j]);
      ++i;
      ++j;
    }
  }
  if (a.size() - i != b.size() - j) return a.size() - i < b.size() - j;
  return a < b;
}

}  // namespace fbclens
