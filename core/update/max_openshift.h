// olm.maxOpenShiftVersion (spec successors.md §6): which installed operators block the cluster's
// next minor upgrade. It never changes which bundle either OLM picks.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace fbclens::update {

/// A major.minor OpenShift version.
struct OcpMinor {
  std::uint64_t major = 0, minor = 0;
  std::string to_string() const { return std::to_string(major) + "." + std::to_string(minor); }
};

/// Verdict of OLM Classic's check for one installed CSV.
struct ClassicMaxOcp {
  enum class Kind { Compatible, Incompatible, Invalid, Error };
  Kind kind = Kind::Compatible;
  std::string max;    ///< "X.Y" (normalised) when parsed
  std::string error;  ///< OLM's text for Invalid/Error
};

/// OLM Classic on OpenShift (olm-operator helpers.go, spec §6.2). `raw_values`: the raw JSON value
/// of each olm.maxOpenShiftVersion property (none = compatible); `cluster_version`: olm-operator's
/// RELEASE_VERSION ("" = unset, an error). 4.23 is normalised to 5.0; compatible iff max ≥ next minor.
ClassicMaxOcp classic_max_openshift(const std::vector<std::string>& raw_values, const std::string& cluster_version);

/// OLM v1 on OpenShift (cluster-olm-operator, spec §6.3): the value must be the JSON string "X.Y" or
/// a JSON number written X.Y. Returns nullopt with `error` otherwise.
std::optional<OcpMinor> v1_parse_max_openshift(const std::string& raw_json, std::string* error = nullptr);

/// OLM v1's compatibility: max > current minor, with current 4.23 treated as 5.0.
bool v1_max_openshift_compatible(const OcpMinor& max, const OcpMinor& current);

}  // namespace fbclens::update
