// [SECTION] reading the objects (and their shape findings)
// [SECTION] node-semver coerce, JavaScript dates
// [SECTION] the console's status of an installed version
#include "lifecycle/lifecycle.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

#include "findings/format.h"
#include "model/model.h"

namespace fbclens::lifecycle {

namespace {

// [SECTION] reading the objects (and their shape findings)

// JavaScript's String() of a JSON number the console receives (protojson sends numbers as
// doubles): YAML's unquoted 2.10 arrives as 2.1. nlohmann writes the shortest round-trip form, as
// JavaScript does for the values catalogs hold.
std::string js_number_text(const Json& v) {
  if (v.is_number_integer() || v.is_number_unsigned()) return v.dump();
  const double d = v.get<double>();
  if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 1e15) return std::to_string(static_cast<long long>(d));
  return v.dump();
}

class Reader {
 public:
  Reader(const LoadResult& load, std::vector<Finding>& findings) : load_(load), findings_(findings) {}

  Lifecycle read(std::uint32_t index) {
    const Blob& blob = load_.blobs[index];
    const Json& v = blob.document.value;
    Lifecycle out;
    out.package = blob.package;
    out.blob = index;
    out.where = load_.locate(blob);
    blob_ = &blob;
    const auto versions = v.find("versions");
    if (versions == v.end()) {
      shape("/versions", "it has no \"versions\" list");
      return out;
    }
    if (!versions->is_array()) {
      shape("/versions", "\"versions\" is " + kind(*versions) + ", not a list");
      return out;
    }
    out.versions_is_list = true;
    std::size_t i = 0;
    for (const Json& item : *versions) {
      const std::string at = "/versions/" + std::to_string(i++);
      if (!item.is_object()) {
        shape(at, "a version is " + kind(item) + ", not an object");
        continue;
      }
      out.versions.push_back(read_version(item, at));
    }
    return out;
  }

 private:
  static std::string kind(const Json& v) {
    if (v.is_null()) return "null";
    if (v.is_boolean()) return "a boolean";
    if (v.is_number()) return "a number";
    if (v.is_string()) return "a string";
    if (v.is_array()) return "a list";
    return "an object";
  }

  void shape(const std::string& path, const std::string& problem) {
    emit(FindingId::LifecycleShape, path, problem);
  }

  void emit(FindingId id, const std::string& path, const std::string& problem) {
    findings_.push_back(make_finding(id, {blob_->package, problem, path}, load_.locate(*blob_, path), {blob_->package, "", ""}));
  }

  // A version name or OpenShift version: a string, or a number the console turns into one.
  std::string version_text(const Json& v, const std::string& at, const char* what) {
    if (v.is_string()) return v.get<std::string>();
    if (v.is_number()) {
      const std::string text = js_number_text(v);
      shape(at, std::string(what) + " is the number " + text +
                    ", not a string (YAML reads an unquoted 2.10 as 2.1); quote it");
      return text;
    }
    shape(at, std::string(what) + " is " + kind(v) + ", not a string");
    return "";
  }

  Version read_version(const Json& item, const std::string& at) {
    Version out;
    if (const auto name = item.find("name"); name == item.end()) {
      shape(at, "a version has no \"name\"");
    } else {
      out.name = version_text(*name, at + "/name", "the version's name");
      if (!out.name.empty() && !coerce_minor(out.name)) {
        shape(at + "/name", "the version's name " + out.name + " has no X.Y the console can read, so no installed version ever matches it");
      }
    }
    if (const auto platforms = item.find("platformCompatibility"); platforms != item.end()) {
      if (!platforms->is_array()) {
        shape(at + "/platformCompatibility", "\"platformCompatibility\" is " + kind(*platforms) + ", not a list");
      } else {
        out.platforms_is_list = true;
        std::size_t k = 0;
        for (const Json& p : *platforms) out.platforms.push_back(read_platform(p, at + "/platformCompatibility/" + std::to_string(k++)));
      }
    }
    if (const auto phases = item.find("phases"); phases != item.end()) {
      if (!phases->is_array()) {
        shape(at + "/phases", "\"phases\" is " + kind(*phases) + ", not a list");
      } else {
        out.phases_is_list = true;
        std::size_t k = 0;
        for (const Json& p : *phases) {
          const std::string where = at + "/phases/" + std::to_string(k++);
          if (!p.is_object()) {
            shape(where, "a phase is " + kind(p) + ", not an object");
            continue;
          }
          out.phases.push_back(read_phase(p, where));
        }
      }
    }
    return out;
  }

  Platform read_platform(const Json& p, const std::string& at) {
    Platform out;
    if (!p.is_object()) {
      shape(at, "a platform is " + kind(p) + ", not an object");
      return out;
    }
    if (const auto name = p.find("name"); name != p.end() && name->is_string()) out.name = name->get<std::string>();
    else shape(at, "a platform has no \"name\" string (the console reads the one named \"openshift\")");
    const auto versions = p.find("versions");
    if (versions == p.end() || !versions->is_array()) {
      shape(at + (versions == p.end() ? "" : "/versions"), "a platform's \"versions\" is not a list");
      return out;
    }
    out.versions_is_list = true;
    std::size_t k = 0;
    for (const Json& v : *versions) {
      const std::string where = at + "/versions/" + std::to_string(k++);
      std::string text = version_text(v, where, "an OpenShift version");
      if (text.empty()) continue;
      if (!coerce_minor(text)) shape(where, "the OpenShift version " + text + " has no X.Y the console can read");
      out.versions.push_back(std::move(text));
    }
    return out;
  }

  Phase read_phase(const Json& p, const std::string& at) {
    Phase out;
    const auto text = [&](const char* key) -> std::string {
      const auto v = p.find(key);
      if (v == p.end()) {
        shape(at, std::string("a phase has no \"") + key + "\"");
        return "";
      }
      if (!v->is_string()) {
        shape(at + "/" + key, std::string("the phase's \"") + key + "\" is " + kind(*v) + ", not a string");
        return "";
      }
      return v->get<std::string>();
    };
    out.name = text("name");
    out.start_date = text("startDate");
    out.end_date = text("endDate");
    std::optional<std::int64_t> start, end;
    for (auto [key, value, day] : {std::make_tuple("startDate", &out.start_date, &start), std::make_tuple("endDate", &out.end_date, &end)}) {
      if (value->empty()) continue;
      *day = iso_day(*value);
      if (!*day) {
        emit(FindingId::LifecycleDate, at + "/" + key,
             std::string(key) + " " + *value + " is not a YYYY-MM-DD calendar date" +
                 (console_day(*value) ? " (the console reads it as another day)" : " (the console cannot read it)"));
      }
    }
    if (start && end && *end < *start) {
      emit(FindingId::LifecycleDate, at + "/endDate", "the phase ends (" + out.end_date + ") before it starts (" + out.start_date + ")");
    }
    return out;
  }

  const LoadResult& load_;
  std::vector<Finding>& findings_;
  const Blob* blob_ = nullptr;
};

// [SECTION] node-semver coerce, JavaScript dates

// Days from 1970-01-01 to the given proleptic Gregorian date (month 1–12, day 1-based; any year).
std::int64_t days_from_civil(std::int64_t y, std::int64_t m, std::int64_t d) {
  y -= m <= 2;
  const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
  const std::int64_t yoe = y - era * 400;
  const std::int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const std::int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

// JavaScript's Number(s) for the forms catalogs use: optional whitespace, sign, decimal digits
// with an optional fraction; "" (after trimming) is 0. Anything else is NaN (nullopt).
std::optional<double> js_number(const std::string& s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  if (b == e) return 0.0;
  std::size_t i = b;
  bool negative = false;
  if (s[i] == '+' || s[i] == '-') negative = s[i++] == '-';
  double value = 0;
  bool digits = false;
  for (; i < e && std::isdigit(static_cast<unsigned char>(s[i])); ++i, digits = true) value = value * 10 + (s[i] - '0');
  if (i < e && s[i] == '.') {
    double scale = 0.1;
    for (++i; i < e && std::isdigit(static_cast<unsigned char>(s[i])); ++i, digits = true, scale /= 10) value += (s[i] - '0') * scale;
  }
  if (!digits || i != e) return std::nullopt;
  return negative ? -value : value;
}

bool all_digits(const std::string& s, std::size_t from, std::size_t n) {
  if (from + n > s.size()) return false;
  for (std::size_t i = from; i < from + n; ++i) {
    if (!std::isdigit(static_cast<unsigned char>(s[i]))) return false;
  }
  return true;
}

// [SECTION] the console's status of an installed version

// The "openshift" platform's versions of an entry, or nullptr (getClusterCompatibility's no-data).
const Platform* openshift(const Version& v) {
  for (const Platform& p : v.platforms) {
    if (p.name == "openshift") return p.versions_is_list ? &p : nullptr;
  }
  return nullptr;
}

}  // namespace

std::vector<Lifecycle> read_lifecycles(const declcfg::DeclarativeConfig& cfg, const LoadResult& load,
                                       std::vector<Finding>& findings) {
  std::vector<Lifecycle> out;
  Reader reader(load, findings);
  for (const std::uint32_t index : cfg.others) {
    if (index < load.blobs.size() && load.blobs[index].schema == kSchema) out.push_back(reader.read(index));
  }
  return out;
}

std::vector<Finding> check_lifecycles(const std::vector<Lifecycle>& lifecycles, const model::Model& model,
                                      const LoadResult& load) {
  std::vector<Finding> out;
  std::map<std::string, const Lifecycle*> first;
  std::map<std::string, std::size_t> count;
  for (const Lifecycle& l : lifecycles) {
    ++count[l.package];
    first.emplace(l.package, &l);
  }
  for (const Lifecycle& l : lifecycles) {
    const ObjectPath object{l.package, "", ""};
    const auto pkg = model.packages.find(l.package);
    if (pkg == model.packages.end()) {
      out.push_back(make_finding(FindingId::LifecycleUnknownPackage,
                                 {l.package, l.package.empty() ? " (the object has no \"package\")" : ""}, l.where, object));
      continue;
    }
    if (first.at(l.package) != &l) {
      out.push_back(make_finding(FindingId::LifecycleDuplicate, {l.package, std::to_string(count.at(l.package)),
                                                                 location_text(first.at(l.package)->where)},
                                 l.where, object));
      continue;
    }
    // The X.Y streams the package's bundles install as (the CSV's spec.version is what the console
    // matches; olm.package's version where no CSV version is known).
    std::set<std::string> streams;
    for (const model::PackageBundle& b : pkg->second.bundles) {
      const std::string& version =
          b.properties.csv && !b.properties.csv->version.empty() ? b.properties.csv->version : b.version_text();
      if (const std::optional<std::string> minor = coerce_minor(version)) streams.insert(*minor);
    }
    std::map<std::string, std::size_t> seen;  // X.Y → the entry that claims it
    for (std::size_t i = 0; i < l.versions.size(); ++i) {
      const std::optional<std::string> minor = coerce_minor(l.versions[i].name);
      if (!minor) continue;  // read_lifecycles reported it
      const SourceLocation where = load.locate(load.blobs[l.blob], "/versions/" + std::to_string(i) + "/name");
      if (const auto earlier = seen.find(*minor); earlier != seen.end()) {
        out.push_back(make_finding(FindingId::LifecycleVersionUnknown,
                                   {l.package, l.versions[i].name,
                                    "an earlier entry (" + l.versions[earlier->second].name + ") is for the same " + *minor +
                                        " stream, and the console uses the first"},
                                   where, object));
        continue;
      }
      seen.emplace(*minor, i);
      if (!streams.count(*minor)) {
        out.push_back(make_finding(FindingId::LifecycleVersionUnknown,
                                   {l.package, l.versions[i].name,
                                    "no bundle of the package has version " + *minor + ".x, so no installed operator shows it"},
                                   where, object));
      }
    }
  }
  return out;
}

void attach_lifecycles(std::vector<Lifecycle> lifecycles, model::Model& model) {
  for (Lifecycle& l : lifecycles) {
    const auto pkg = model.packages.find(l.package);
    if (pkg != model.packages.end()) pkg->second.lifecycles.push_back(std::move(l));
  }
}

std::optional<std::string> coerce_minor(const std::string& version) {
  constexpr std::size_t kMaxDigits = 16;                      // node-semver MAX_SAFE_COMPONENT_LENGTH
  constexpr unsigned long long kMaxSafe = 9007199254740991ULL;  // Number.MAX_SAFE_INTEGER
  const auto run = [&](std::size_t at) {
    std::size_t end = at;
    while (end < version.size() && std::isdigit(static_cast<unsigned char>(version[end]))) ++end;
    return end - at;
  };
  // The regex (^|[^\d])(\d{1,16})(?:\.(\d{1,16}))?(?:\.(\d{1,16}))?(?:$|[^\d]) matches at the
  // first digit run of at most 16 digits; each optional part is taken whole when it fits.
  for (std::size_t i = 0; i < version.size(); ++i) {
    const std::size_t n = run(i);
    if (n == 0) continue;
    if (n > kMaxDigits) {
      i += n - 1;
      continue;
    }
    std::vector<std::string> parts{version.substr(i, n)};
    std::size_t at = i + n;
    for (int k = 0; k < 2 && at < version.size() && version[at] == '.'; ++k) {
      const std::size_t m = run(at + 1);
      if (m == 0 || m > kMaxDigits) break;
      parts.push_back(version.substr(at + 1, m));
      at += 1 + m;
    }
    while (parts.size() < 3) parts.push_back("0");
    // coerce then parses "major.minor.patch" strictly: no leading zeros, at most 2^53 - 1.
    for (const std::string& p : parts) {
      if (p.size() > 1 && p[0] == '0') return std::nullopt;
      if (std::stoull(p) > kMaxSafe) return std::nullopt;
    }
    return parts[0] + "." + parts[1];
  }
  return std::nullopt;
}

std::optional<std::int64_t> console_day(const std::string& date) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (parts.size() < 3) {
    const std::size_t dash = date.find('-', start);
    parts.push_back(date.substr(start, dash == std::string::npos ? std::string::npos : dash - start));
    if (dash == std::string::npos) break;
    start = dash + 1;
  }
  if (parts.size() < 3) return std::nullopt;  // new Date(y, NaN, …) or a missing day: NaN
  std::optional<double> y = js_number(parts[0]), m = js_number(parts[1]), d = js_number(parts[2]);
  if (!y || !m || !d) return std::nullopt;
  // MakeDay with ToIntegerOrInfinity; years 0–99 are 19xx; beyond ±275,000 years TimeClip gives NaN.
  std::int64_t year = static_cast<std::int64_t>(std::trunc(*y));
  const double month0 = std::trunc(*m) - 1, day = std::trunc(*d);
  if (std::fabs(*y) > 275000 || std::fabs(month0) > 3.3e6 || std::fabs(day) > 1e8) return std::nullopt;
  if (year >= 0 && year <= 99) year += 1900;
  const std::int64_t mi = static_cast<std::int64_t>(month0);
  const std::int64_t ym = year + (mi >= 0 ? mi / 12 : -((-mi + 11) / 12));
  const std::int64_t mn = ((mi % 12) + 12) % 12;
  return days_from_civil(ym, mn + 1, 1) + static_cast<std::int64_t>(day) - 1;
}

std::optional<std::int64_t> iso_day(const std::string& date) {
  if (date.size() != 10 || date[4] != '-' || date[7] != '-' || !all_digits(date, 0, 4) || !all_digits(date, 5, 2) ||
      !all_digits(date, 8, 2)) {
    return std::nullopt;
  }
  const int y = std::stoi(date.substr(0, 4)), m = std::stoi(date.substr(5, 2)), d = std::stoi(date.substr(8, 2));
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
  if (m < 1 || m > 12 || d < 1 || d > kDays[m - 1] + (m == 2 && leap)) return std::nullopt;
  return days_from_civil(y, m, d);
}

Status status(const Lifecycle* lifecycle, const std::string& installed_version, const std::string& cluster_version,
              std::int64_t today) {
  Status out;
  if (!lifecycle || !lifecycle->versions_is_list) return out;
  const std::vector<Version>& versions = lifecycle->versions;
  // findVersionEntry: the first entry without an installed version, else the first of its X.Y.
  if (installed_version.empty()) {
    if (!versions.empty()) out.entry = 0;
  } else if (const std::optional<std::string> minor = coerce_minor(installed_version)) {
    for (std::size_t i = 0; i < versions.size(); ++i) {
      if (coerce_minor(versions[i].name) == minor) {
        out.entry = i;
        break;
      }
    }
  }
  const Version* entry = out.entry ? &versions[*out.entry] : nullptr;

  // getClusterCompatibility.
  const std::optional<std::string> cluster_minor = coerce_minor(cluster_version);
  if (cluster_minor && entry) {
    if (const Platform* p = openshift(*entry)) {
      const bool match = std::any_of(p->versions.begin(), p->versions.end(),
                                     [&](const std::string& v) { return coerce_minor(v) == cluster_minor; });
      out.compatibility = match ? "compatible" : "incompatible";
    }
  }

  // getSupportPhase: phases by end of day ascending; the first spanning today is current.
  if (!entry || !entry->phases_is_list || entry->phases.empty()) return out;
  std::vector<std::pair<std::optional<std::int64_t>, std::size_t>> keyed;
  for (std::size_t i = 0; i < entry->phases.size(); ++i) keyed.emplace_back(console_day(entry->phases[i].end_date), i);
  std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) {
    if (!a.first || !b.first) return a.first.has_value() && !b.first.has_value();
    return *a.first < *b.first;
  });
  out.support = "self-support";
  for (const auto& [end, i] : keyed) {
    out.phase_order.push_back(i);
    const std::optional<std::int64_t> start = console_day(entry->phases[i].start_date);
    if (!out.current_phase && start && end && *start <= today && today <= *end) out.current_phase = i;
  }
  if (out.current_phase) out.support = "active";
  return out;
}

}  // namespace fbclens::lifecycle
