// [SECTION] ICU-like collation (§1.6.5)
// [SECTION] package-server (registry.go newPackageManifest and refreshCache, labels.go)
// [SECTION] console filters (§1.6.8, §1.6.13; hub/consoles.h ArchFilter)
// [SECTION] lifecycle columns (console 5.0)
// [SECTION] the console table (hub/consoles.h)
#include "hub/hub_preview.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <map>
#include <set>

#include "export/go_sort.h"
#include "lifecycle/lifecycle.h"
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

// [SECTION] package-server (registry.go newPackageManifest and refreshCache, labels.go)

// The channel's head bundle when it has one head and that head has a CSV; else nullptr (dropped).
const model::PackageBundle* usable_head(const model::Package& pkg, const model::Channel& channel) {
  const std::vector<std::string> heads = model::channel_heads(channel);
  if (heads.size() != 1) return nullptr;
  const model::PackageBundle* head = pkg.bundle(heads[0]);
  return head && head->properties.csv ? head : nullptr;
}

// What package-server's PackageManifest holds that the preview reads.
struct Manifest {
  std::vector<std::string> channels;  ///< status.channels: declared channels with a usable head, byte order
  std::string default_channel;        ///< status.defaultChannel ("" = unset; may name no channel)
  bool default_listed = false;        ///< status.defaultChannel is one of status.channels
  /// defaultCsv, whose labels the manifest gets: the default channel's head, else the first
  /// channel's.
  const model::PackageBundle* label_head = nullptr;
  const model::PackageBundle* provider_head = nullptr;  ///< whose CSV gives status.provider
};

// newPackageManifest, for the channels the catalog declares (a defaultChannel that names none is
// not a channel the registry lists: opm's model adds an empty one, which no registry can serve).
Manifest package_manifest(const model::Package& pkg) {
  Manifest m;
  bool default_elided = false;
  for (const auto& [name, channel] : pkg.channels) {  // std::map: byte order, as sort.Slice by name
    if (channel.channel_blob < 0) continue;
    const model::PackageBundle* head = usable_head(pkg, channel);
    if (!head) {
      default_elided = default_elided || name == pkg.default_channel;
      continue;
    }
    if (!m.label_head || name == pkg.default_channel) m.label_head = head;
    if ((!pkg.default_channel.empty() && name == pkg.default_channel) || !m.provider_head) m.provider_head = head;
    m.channels.push_back(name);
  }
  if (m.channels.empty()) return m;
  m.default_channel = default_elided ? m.channels.front() : pkg.default_channel;
  m.default_listed = std::find(m.channels.begin(), m.channels.end(), m.default_channel) != m.channels.end();
  return m;
}

// The PackageManifest's os/arch labels: defaultCsv's labels, then setDefaultOsArchLabels (a
// default is added when no key starts with the prefix, which has no trailing dot there).
std::map<std::string, std::string> manifest_labels(const property::CsvMetadata& csv) {
  std::map<std::string, std::string> labels(csv.labels.begin(), csv.labels.end());
  const auto has_prefix = [&](const char* prefix) {
    return std::any_of(labels.begin(), labels.end(), [&](const auto& kv) { return kv.first.rfind(prefix, 0) == 0; });
  };
  const bool needs_os = !has_prefix("operatorframework.io/os"), needs_arch = !has_prefix("operatorframework.io/arch");
  if (needs_os) labels["operatorframework.io/os.linux"] = "supported";
  if (needs_arch) labels["operatorframework.io/arch.amd64"] = "supported";
  return labels;
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

// [SECTION] console filters (§1.6.8, §1.6.13; hub/consoles.h ArchFilter)

// Whether a cluster of linux/amd64 nodes lists a package with these PackageManifest labels.
bool os_arch_supported(const std::map<std::string, std::string>& labels, ArchFilter filter) {
  const std::string os_prefix = "operatorframework.io/os.", arch_prefix = "operatorframework.io/arch.";
  const std::string linux_label = os_prefix + "linux", amd64_label = arch_prefix + "amd64";
  if (filter == ArchFilter::LabelSelectors) {
    // !hasLabelWithPrefix(prefix) || selector {label: supported} matches.
    const auto ok = [&](const std::string& prefix, const std::string& label) {
      const bool any = std::any_of(labels.begin(), labels.end(), [&](const auto& kv) { return kv.first.rfind(prefix, 0) == 0; });
      const auto it = labels.find(label);
      return !any || (it != labels.end() && it->second == "supported");
    };
    return ok(os_prefix, linux_label) && ok(arch_prefix, amd64_label);
  }
  // filterByArchAndOS: supported labels whose key contains the base label, with defaults.
  std::set<std::string> os, arch;
  for (const auto& [key, value] : labels) {
    if (value != "supported") continue;
    if (key.find(arch_prefix) != std::string::npos) arch.insert(key);
    if (key.find(os_prefix) != std::string::npos) os.insert(key);
  }
  if (os.empty()) os.insert(linux_label);
  // 4.16 tests the OS list again (already filled), so it never assumes amd64.
  if (filter == ArchFilter::Items && arch.empty()) arch.insert(amd64_label);
  return os.count(linux_label) && arch.count(amd64_label);
}

// [SECTION] lifecycle columns (console 5.0)

LifecyclePreview lifecycle_preview(const model::Package& pkg, const ConsoleVersion& console, const std::string& version,
                                   const std::string& date) {
  LifecyclePreview out;
  out.objects = pkg.lifecycles.size();
  out.installed_version = version;
  out.cluster_version = console.ocp_version;
  // The console's backend answers 404 (none) or 409 (several): the page gets no data.
  const lifecycle::Lifecycle* object = pkg.lifecycles.size() == 1 ? &pkg.lifecycles.front() : nullptr;
  const std::optional<std::int64_t> today = date.empty() ? std::nullopt : lifecycle::iso_day(date);
  const lifecycle::Status status = lifecycle::status(object, version, out.cluster_version, today.value_or(0));
  if (status.entry) out.stream = object->versions[*status.entry].name;
  out.compatibility.status = status.compatibility;
  out.compatibility.text = status.compatibility == "compatible" ? "Compatible" : status.compatibility == "incompatible" ? "Incompatible" : "-";
  LifecycleSupport& support = out.support_phase;
  if (status.entry) {
    for (const std::size_t i : status.phase_order) {
      const lifecycle::Phase& p = object->versions[*status.entry].phases[i];
      support.phases.push_back({p.name, p.start_date, p.end_date});
    }
  }
  if (!today) return out;
  out.date = date;
  support.status = status.support;
  if (status.support == "active") {
    const lifecycle::Phase& p = object->versions[*status.entry].phases[*status.current_phase];
    support.text = p.name;
    support.end_date = p.end_date;
  } else {
    support.text = status.support == "self-support" ? "Unsupported" : "-";
  }
  return out;
}

}  // namespace

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
  const ConsoleVersion* console = find_console(request.console);
  if (!console) {
    error = "console " + request.console + " is not one of " + console_names_text();
    return std::nullopt;
  }
  if (!request.date.empty() && !lifecycle::iso_day(request.date)) {
    error = "date " + request.date + " is not a YYYY-MM-DD date";
    return std::nullopt;
  }
  const model::Package& pkg = pkg_it->second;
  HubPreview out;
  out.package = pkg.name;
  out.console = console->name;

  const Manifest manifest = package_manifest(pkg);
  const auto declared_default = pkg.channels.find(pkg.default_channel);
  if (pkg.default_channel.empty() || declared_default == pkg.channels.end() || declared_default->second.channel_blob < 0) {
    out.hidden_reasons.push_back("no-default-channel");  // unset, or naming no channel of the package
  }
  if (manifest.channels.empty()) {
    out.hidden_reasons.push_back("no-channel-with-csv");
    if (!request.channel.empty() || !request.version.empty()) {
      error = "package " + pkg.name + " has no PackageManifest (no channel head has a CSV), so no " +
              (request.channel.empty() ? "version " + request.version : "channel " + request.channel) + " is offered";
      return std::nullopt;
    }
    return out;
  }
  out.has_manifest = true;
  // The current CSV description the console reads for the tile: the default channel's head, none
  // when status.defaultChannel names no channel.
  const property::CsvMetadata* current =
      manifest.default_listed ? &*usable_head(pkg, pkg.channels.at(manifest.default_channel))->properties.csv : nullptr;

  // Console list filters: the standalone check needs a default channel head; OS/arch reads labels.
  if (const std::string* type = current ? current->annotation("operators.operatorframework.io/operator-type") : nullptr;
      type && *type == "non-standalone") {
    out.hidden_reasons.push_back("non-standalone");
  }
  if (!os_arch_supported(manifest_labels(*manifest.label_head->properties.csv), console->arch_filter)) {
    out.hidden_reasons.push_back("os-arch-unsupported");
  }
  out.visible = out.hidden_reasons.empty();

  // Tile and details header.
  std::optional<Badge> badge;
  if (pkg.deprecation) badge = Badge{"Deprecated", console->raw_badge_tooltip ? *pkg.deprecation : prefixed(*pkg.deprecation)};
  const std::string title = current && !current->display_name.empty() ? current->display_name : pkg.name;
  const std::string& status_provider = manifest.provider_head->properties.csv->provider;
  const std::string provider =
      console->provider == ProviderSource::CsvFirst && current && !current->provider.empty() ? current->provider : status_provider;
  out.tile = Tile{title, provider.empty() ? std::nullopt : std::optional<std::string>(provider), badge, std::nullopt};
  if (current && current->from_bundle_object && !current->icons.empty()) {
    out.tile->icon = TileIcon{current->icons.front().media_type, *current->icons.front().base64_data};
  } else if (current && !current->from_bundle_object && pkg.icon) {
    out.tile->icon = TileIcon{pkg.icon->media_type, pkg.icon->base64_data};
  }

  // Channel dropdown.
  for (const std::string& name : console_channel_order(manifest.channels)) {
    const model::Channel& channel = pkg.channels.at(name);
    out.channels.push_back({name, channel.deprecation.has_value(),
                            channel.deprecation ? std::optional<std::string>(prefixed(*channel.deprecation)) : std::nullopt});
  }
  // The console preselects status.defaultChannel, else the first channel (defaultChannelNameFor).
  // A default that names no channel is previewed like an unset one: the console's own list filter
  // fails on such a PackageManifest before any details could show.
  const std::string default_selection = manifest.default_listed ? manifest.default_channel : manifest.channels.front();
  const std::string selected_channel = request.channel.empty() ? default_selection : request.channel;
  if (std::find(manifest.channels.begin(), manifest.channels.end(), selected_channel) == manifest.channels.end()) {
    const auto declared = pkg.channels.find(selected_channel);
    error = declared != pkg.channels.end() && declared->second.channel_blob >= 0
                ? "channel " + selected_channel + " of package " + pkg.name + " is not offered (its head has no CSV)"
                : "channel " + selected_channel + " is not in package " + pkg.name;
    return std::nullopt;
  }
  out.selected_channel = selected_channel;
  const model::Channel& channel = pkg.channels.at(selected_channel);

  // Version dropdown: package-server gets the channel's bundles in the registry's order (bundle
  // name within a channel), leaves out legacy olm.deprecated ones and sorts them newest first
  // with Go's sort.Slice, which is not stable: entries of equal precedence (versions differing
  // only in build metadata) end where pdqsort leaves them (§1.6.4). The console lists them as they
  // come. Each version is parsed once, not in every comparison.
  std::vector<std::pair<semver::Version, VersionOption>> listed;
  for (const auto& [name, entry] : channel.bundles) {
    const model::PackageBundle* b = pkg.bundle(name);
    if (b && b->properties.legacy_deprecated) continue;
    VersionOption option{name, version_string(b), entry.deprecation.has_value(),
                         entry.deprecation ? std::optional<std::string>(prefixed(*entry.deprecation)) : std::nullopt};
    listed.emplace_back(version_or_zero(option.version), std::move(option));
  }
  go_sort_slice(listed, [](const auto& a, const auto& b) { return semver::compare(a.first, b.first) > 0; });
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
  if (!lines.empty()) details.alert = Alert{console->alert_title, lines};
  out.details = details;
  if (console->lifecycle) out.lifecycle = lifecycle_preview(pkg, *console, selected_version, request.date);
  return out;
}

// [SECTION] the console table (hub/consoles.h)

const ConsoleVersion* find_console(const std::string& name) {
  for (const ConsoleVersion& c : kConsoles) {
    if (name == c.name) return &c;
  }
  return nullptr;
}

const ConsoleVersion& default_console() { return *find_console(kDefaultConsole); }

std::string console_names_text() {
  std::string out;
  for (const ConsoleVersion& c : kConsoles) out += (out.empty() ? "" : ", ") + std::string(c.name);
  return out;
}

}  // namespace fbclens::hub
