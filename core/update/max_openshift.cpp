#include "update/max_openshift.h"

#include <cctype>

#include "findings/go_format.h"
#include "semver/blang.h"

namespace fbclens::update {

namespace {

// 4.23 is followed by 5.0 (OLM PR #3803): treat it as 5.0.
OcpMinor normalize(std::uint64_t major, std::uint64_t minor) {
  if (major == 4 && minor == 23) return {5, 0};
  return {major, minor};
}

bool less(const OcpMinor& a, const OcpMinor& b) { return a.major != b.major ? a.major < b.major : a.minor < b.minor; }

// ^[1-9][0-9]*\.(0|[1-9][0-9]*)$
bool is_strict_minor(const std::string& s) {
  const std::size_t dot = s.find('.');
  if (dot == std::string::npos || dot == 0 || dot + 1 == s.size()) return false;
  const std::string a = s.substr(0, dot), b = s.substr(dot + 1);
  for (char c : a + b) if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  return a[0] != '0' && (b == "0" || b[0] != '0');
}

}  // namespace

ClassicMaxOcp classic_max_openshift(const std::vector<std::string>& raw_values, const std::string& cluster_version) {
  ClassicMaxOcp r;
  if (raw_values.empty()) return r;
  if (raw_values.size() > 1) {
    r.kind = ClassicMaxOcp::Kind::Invalid;
    r.error = "defining more than one " + go_quote("olm.maxOpenShiftVersion") + " property is not allowed";
    return r;
  }
  std::string value = raw_values.front();
  if (value.size() >= 2 && value.front() == '"' && value.back() == '"') value = value.substr(1, value.size() - 2);
  if (value.empty()) {
    r.kind = ClassicMaxOcp::Kind::Invalid;
    r.error = "value cannot be \"\" (an empty string)";
    return r;
  }
  std::string error;
  const std::optional<semver::Version> max = semver::parse_tolerant(value, &error);
  if (!max) {
    r.kind = ClassicMaxOcp::Kind::Invalid;
    r.error = "failed to parse " + go_quote(value) + " as semver: " + error;
    return r;
  }
  if (max->patch != 0 || !max->pre.empty()) {
    r.kind = ClassicMaxOcp::Kind::Invalid;
    r.error = "property olm.maxOpenShiftVersion must specify only <major>.<minor> version, got invalid value " + value;
    return r;
  }
  if (cluster_version.empty()) {
    r.kind = ClassicMaxOcp::Kind::Error;
    r.error = "desired release version missing from RELEASE_VERSION env variable";
    return r;
  }
  const std::optional<semver::Version> cluster = semver::parse_tolerant(cluster_version, &error);
  if (!cluster) {
    r.kind = ClassicMaxOcp::Kind::Error;
    r.error = error;
    return r;
  }
  const OcpMinor current = normalize(cluster->major, cluster->minor);
  const OcpMinor next{current.major, current.minor + 1};
  const OcpMinor m = normalize(max->major, max->minor);
  r.max = OcpMinor{max->major, max->minor}.to_string();
  r.kind = less(m, next) ? ClassicMaxOcp::Kind::Incompatible : ClassicMaxOcp::Kind::Compatible;
  return r;
}

std::optional<OcpMinor> v1_parse_max_openshift(const std::string& raw_json, std::string* error) {
  std::string text = raw_json;
  if (text.size() >= 2 && text.front() == '"' && text.back() == '"') text = text.substr(1, text.size() - 2);
  if (!is_strict_minor(text)) {
    if (error) *error = "invalid olm.maxOpenShiftVersion " + raw_json + ": must be a major.minor version such as \"4.18\"";
    return std::nullopt;
  }
  const std::size_t dot = text.find('.');
  return OcpMinor{std::stoull(text.substr(0, dot)), std::stoull(text.substr(dot + 1))};
}

bool v1_max_openshift_compatible(const OcpMinor& max, const OcpMinor& current) {
  return less(normalize(current.major, current.minor), max);
}

}  // namespace fbclens::update
