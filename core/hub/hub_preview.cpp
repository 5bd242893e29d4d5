#include "hub/hub_preview.h"

#include <algorithm>
#include <cctype>

#include "semver/blang.h"

namespace fbclens::hub {

namespace {

const char* const kInstallNote =
    "Manual update approval is required when not installing the latest version for the selected channel.";

// [SECTION] ICU-like collation (§1.6.5)

// Primary weight class of a character under ICU root collation: whitespace, punctuation and
// symbols, digits, letters. Non-ASCII bytes sort after ASCII letters (rare in channel names).
int char_class(unsigned char c) {
  if (std::isspace(c)) return 0;
  if (std::isdigit(c)) return 3;
  if (std::isalpha(c)) return 4;
  if (c >= 0x80) return 5;
  return 1;  // punctuation and symbols, ranked by symbol_rank
}

// Order within punctuation and symbols follows ICU's root table (approximately, as listed above).
int symbol_rank(unsigned char c) {
  static const std::string kOrder = "_-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$";
  const auto at = kOrder.find(static_cast<char>(c));
  return at == std::string::npos ? 100 + c : static_cast<int>(at);
}

// <0, 0, >0 as localeCompare(a, b, undefined, {numeric: true, sensitivity: 'base'}).
int locale_compare(const std::string& a, const std::string& b) {
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    const auto ca = static_cast<unsigned char>(a[i]);
    const auto cb = static_cast<unsigned char>(b[j]);
    const int ka = char_class(ca), kb = char_class(cb);
    if (ka != kb) return ka < kb ? -1 : 1;
    if (ka == 3) {  // digit runs compare by value: skip leading zeros, then length, then digits
      std::size_t ei = i, ej = j;
      while (ei < a.size() && std::isdigit(static_cast<unsigned char>(a[ei]))) ++ei;
      while (ej < b.size() && std::isdigit(static_cast<unsigned char>(b[ej]))) ++ej;
      std::size_t si = i, sj = j;
      while (si + 1 < ei && a[si] == '0') ++si;
      while (sj + 1 < ej && b[sj] == '0') ++sj;
      if (ei - si != ej - sj) return ei - si < ej - sj ? -1 : 1;
      const int c = a.compare(si, ei - si, b, sj, ej - sj);
      if (c != 0) return c < 0 ? -1 : 1;
      i = ei;
      j = ej;
      continue;
    }
    int wa = ca, wb = cb;
    if (ka == 4) {
      wa = std::tolower(ca);
      wb = std::tolower(cb);
    } else if (ka == 1) {
      wa = symbol_rank(ca);
      wb = symbol_rank(cb);
    }
    if (wa != wb) return wa < wb ? -1 : 1;
    ++i;
    ++j;
  }
  if (i < a.size()) return 1;
  if (j < b.size()) return -1;
  return 0;
}

// [SECTION] package-server (§1.1.2, §1.6.4, §1.6.6, §1.6.12)

// The channel's head bundle when it has one head and that head has a CSV; else nullptr (dropped).
const model::PackageBundle* usable_head(const model::Package& pkg, const model::Channel& channel) {
  const std::vector<std::string> heads = model::channel_heads(channel);
  if (heads.size() != 1) return nullptr;
  const model::PackageBundle* head = pkg.bundle(heads[0]);
  return head && head->properties.csv ? head : nullptr;
}

// The version string package-server reports for a bundle (see hub_preview's docstring).
std::string version_string(const model::PackageBundle* b) {
  if (!b) return "";
  if (auto v = semver::parse_tolerant(b->version_text())) return v->to_string();
  return b->version_text();
}

// The version the console preselects for a channel head: its CSV's spec.version read with
// ParseTolerant (§1.6.1). A head described by olm.csv.metadata has no CSV version; package-server's
// synthesised CSV carries the olm.package version, so that stands in.
std::string head_version_string(const model::PackageBundle* head) {
  if (!head) return "";
  const property::CsvMetadata* csv = head->properties.csv ? &*head->properties.csv : nullptr;
  if (!csv || csv->version.empty()) return version_string(head);
  if (auto v = semver::parse_tolerant(csv->version)) return v->to_string();
  return csv->version;
}

semver::Version version_or_zero(const std::string& text) {
  if (auto v = semver::parse_tolerant(text)) return *v;
  return semver::Version{};
}

std::string prefixed(const std::string& message) { return "Deprecated: " + message; }

// [SECTION] console filters (§1.6.8, §1.6.13)

bool supported_label(const property::CsvMetadata& csv, const std::string& key) {
  const std::string* v = csv.label(key);
  return v && *v == "supported";
}

bool has_label_prefix(const property::CsvMetadata& csv, const std::string& prefix) {
  return std::any_of(csv.labels.begin(), csv.labels.end(),
                     [&](const auto& kv) { return kv.first.rfind(prefix, 0) == 0; });
}

// Whether a linux/amd64 cluster lists the package, after package-server's default labels.
bool os_arch_supported(const property::CsvMetadata& csv, int console_minor) {
  const std::string os = "operatorframework.io/os.";
  const std::string arch = "operatorframework.io/arch.";
  const bool linux_ok = !has_label_prefix(csv, os) || supported_label(csv, os + "linux");
  const bool amd64_ok = !has_label_prefix(csv, arch) || supported_label(csv, arch + "amd64");
  // 4.16's filter never adds the amd64 default, so it does not judge architectures (§1.6.8).
  return linux_ok && (console_minor <= 16 || amd64_ok);
}

}  // namespace

std::optional<int> parse_console_version(const std::string& text) {
  for (int minor = kOldestConsole; minor <= kNewestConsole; ++minor) {
    if (text == console_version_text(minor)) return minor;
  }
  return std::nullopt;
}

std::string console_version_text(int minor) { return "4." + std::to_string(minor); }

std::vector<std::string> console_channel_order(std::vector<std::string> names) {
  std::stable_sort(names.begin(), names.end(),
                   [](const std::string& a, const std::string& b) { return locale_compare(a, b) > 0; });
  return names;
}

std::optional<HubPreview> hub_preview(const model::Model& model, const PreviewRequest& request, std::string& error) {
  const auto pkg_it = model.packages.find(request.package);
  if (pkg_it == model.packages.end()) {
    error = "package " + request.package + " is not in the catalog";
    return std::nullopt;
  }
  if (request.console_minor < kOldestConsole || request.console_minor > kNewestConsole) {
    error = "console " + console_version_text(request.console_minor) + " is not one of 4.16 … 4.21";
    return std::nullopt;
  }
  const model::Package& pkg = pkg_it->second;
  const int minor = request.console_minor;
  HubPreview out;
  out.package = pkg.name;
  out.console_minor = minor;

  // package-server: channels in byte order (std::map), those with a usable head kept.
  std::vector<std::string> kept;
  for (const auto& [name, channel] : pkg.channels) {
    if (usable_head(pkg, channel)) kept.push_back(name);
  }
  if (pkg.default_channel.empty()) out.hidden_reasons.push_back("no-default-channel");
  if (kept.empty()) {
    out.hidden_reasons.push_back("no-channel-with-csv");
    if (!request.channel.empty() || !request.version.empty()) {
      error = "package " + pkg.name + " has no PackageManifest (no channel head has a CSV), so no " +
              (request.channel.empty() ? "version " + request.version : "channel " + request.channel) + " is offered";
      return std::nullopt;
    }
    return out;
  }
  out.has_manifest = true;
  const std::string default_channel =
      std::find(kept.begin(), kept.end(), pkg.default_channel) != kept.end() ? pkg.default_channel : kept.front();
  const model::PackageBundle* default_head = usable_head(pkg, pkg.channels.at(default_channel));
  const property::CsvMetadata& csv = *default_head->properties.csv;

  // Console list filters.
  if (const std::string* type = csv.annotation("operators.operatorframework.io/operator-type");
      type && *type == "non-standalone") {
    out.hidden_reasons.push_back("non-standalone");
  }
  if (!os_arch_supported(csv, minor)) out.hidden_reasons.push_back("os-arch-unsupported");
  out.visible = out.hidden_reasons.empty();

  // Tile and details header.
  std::optional<Badge> badge;
  if (pkg.deprecation) badge = Badge{"Deprecated", minor >= 20 ? *pkg.deprecation : prefixed(*pkg.deprecation)};
  const std::string title = csv.display_name.empty() ? pkg.name : csv.display_name;
  out.tile = Tile{title, csv.provider.empty() ? std::nullopt : std::optional<std::string>(csv.provider), badge};

  // Channel dropdown.
  for (const std::string& name : console_channel_order(kept)) {
    const model::Channel& channel = pkg.channels.at(name);
    out.channels.push_back({name, channel.deprecation.has_value(),
                            channel.deprecation ? std::optional<std::string>(prefixed(*channel.deprecation)) : std::nullopt});
  }
  const std::string selected_channel = request.channel.empty() ? default_channel : request.channel;
  if (std::find(kept.begin(), kept.end(), selected_channel) == kept.end()) {
    error = pkg.channels.count(selected_channel)
                ? "channel " + selected_channel + " of package " + pkg.name + " is not offered (its head has no CSV)"
                : "channel " + selected_channel + " is not in package " + pkg.name;
    return std::nullopt;
  }
  out.selected_channel = selected_channel;
  const model::Channel& channel = pkg.channels.at(selected_channel);

  // Version dropdown: entries in the registry cache's order (bundle name), legacy olm.deprecated
  // left out, then semver-descending. Go's pdqsort is insertion sort below 12 elements, hence
  // stable there; a stable sort matches it for such channels (§1.6.4).
  // Each version is parsed once, not in every comparison.
  std::vector<std::pair<semver::Version, VersionOption>> listed;
  for (const auto& [name, entry] : channel.bundles) {
    const model::PackageBundle* b = pkg.bundle(name);
    if (b && b->properties.legacy_deprecated) continue;
    VersionOption option{name, version_string(b), entry.deprecation.has_value(),
                         entry.deprecation ? std::optional<std::string>(prefixed(*entry.deprecation)) : std::nullopt};
    listed.emplace_back(version_or_zero(option.version), std::move(option));
  }
  std::stable_sort(listed.begin(), listed.end(),
                   [](const auto& a, const auto& b) { return semver::compare(a.first, b.first) > 0; });
  for (auto& [version, option] : listed) out.versions.push_back(std::move(option));
  const std::string head_version = head_version_string(usable_head(pkg, channel));
  std::string selected_version = head_version;
  if (!request.version.empty()) {
    const bool listed = std::any_of(out.versions.begin(), out.versions.end(),
                                    [&](const VersionOption& v) { return v.version == request.version; });
    if (!listed) {
      error = "version " + request.version + " is not listed in channel " + selected_channel + " of package " + pkg.name;
      return std::nullopt;
    }
    selected_version = request.version;
  }
  out.selected_version = selected_version;
  if (selected_version != head_version) out.install_note = kInstallNote;

  // Details: header badge as the tile's; the alert's lines in the console's order (§1.6.2).
  Details details{title, badge, std::nullopt};
  std::vector<std::string> lines;
  if (pkg.deprecation && !pkg.deprecation->empty()) lines.push_back(*pkg.deprecation);
  if (channel.deprecation && !channel.deprecation->empty()) lines.push_back(*channel.deprecation);
  for (const VersionOption& v : out.versions) {
    if (v.version != selected_version || !v.deprecated) continue;
    lines.push_back(*channel.bundles.at(v.bundle).deprecation);
    break;
  }
  if (!lines.empty()) details.alert = Alert{minor >= 20 ? "Deprecation warnings" : "Deprecated warnings", lines};
  out.details = details;
  return out;
}

}  // namespace fbclens::hub
