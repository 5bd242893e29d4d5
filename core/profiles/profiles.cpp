// Check profiles: settings (names, versions, the config file) and the rules of each profile.
//
// [SECTION] Names and versions
// [SECTION] Settings and the config file
// [SECTION] The rules: konflux, operator-pipelines
// [SECTION] Running the profiles
#include "profiles/profiles.h"

#include <algorithm>
#include <cctype>

#include "load/loader.h"
#include "load/yaml_stream.h"

namespace fbclens::profiles {

// =====================================================================================================
// [SECTION] Names and versions
// =====================================================================================================

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// 1 to 4 decimal digits (no sign), as the pipelines' \d+ with a bound that keeps int from overflowing.
std::optional<int> small_number(std::string_view s) {
  if (s.empty() || s.size() > 4) return std::nullopt;
  int n = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + (c - '0');
  }
  return n;
}

}  // namespace

const char* profile_name(Profile profile) {
  switch (profile) {
    case Profile::Opm: return "opm";
    case Profile::Konflux: return "konflux";
    case Profile::OperatorPipelines: return "operator-pipelines";
    case Profile::OperatorHub: return "operatorhub";
  }
  return "opm";
}

bool parse_profile_list(std::string_view list, std::vector<Profile>& out, std::string& error) {
  while (true) {
    const std::size_t comma = list.find(',');
    const std::string_view name = trim(list.substr(0, comma));
    const auto known = std::find_if(std::begin(kAllProfiles), std::end(kAllProfiles),
                                    [&](Profile p) { return name == profile_name(p); });
    if (known == std::end(kAllProfiles)) {
      error = name.empty() ? std::string("an empty profile name")
                           : "unknown profile \"" + std::string(name) + "\" (profiles: opm, konflux, operator-pipelines, operatorhub)";
      return false;
    }
    out.push_back(*known);
    if (comma == std::string_view::npos) return true;
    list.remove_prefix(comma + 1);
  }
}

std::string OcpVersion::text() const { return std::to_string(major) + "." + std::to_string(minor); }

std::optional<OcpVersion> parse_ocp_version(std::string_view text) {
  if (!text.empty() && text.front() == 'v') text.remove_prefix(1);
  const std::size_t dot = text.find('.');
  if (dot == std::string_view::npos) return std::nullopt;
  const auto major = small_number(text.substr(0, dot));
  const auto minor = small_number(text.substr(dot + 1));
  if (!major || !minor) return std::nullopt;
  return OcpVersion{*major, *minor};
}

std::optional<OcpVersion> ocp_version_from_path(std::string_view path) {
  while (!path.empty()) {
    const std::size_t slash = path.find_last_of("/\\");
    const std::string_view component = slash == std::string_view::npos ? path : path.substr(slash + 1);
    if (component.size() > 1 && component.front() == 'v') {
      if (auto version = parse_ocp_version(component)) return version;
    }
    if (slash == std::string_view::npos) break;
    path = path.substr(0, slash);
  }
  return std::nullopt;
}

const std::vector<std::string>& konflux_default_registries() {
  // validate-fbc.yaml (0.2): trusted_registry_regex='^registry\.(stage\.)?redhat\.io/'
  static const std::vector<std::string> registries = {"registry.redhat.io/", "registry.stage.redhat.io/"};
  return registries;
}

// =====================================================================================================
// [SECTION] Settings and the config file
// =====================================================================================================

ProfileSettings ProfileSettings::over(const ProfileSettings& fallback) const {
  ProfileSettings out = fallback;
  if (profiles) out.profiles = profiles;
  if (ocp_version) out.ocp_version = ocp_version;
  if (konflux_registries) out.konflux_registries = konflux_registries;
  if (pipelines_registries) out.pipelines_registries = pipelines_registries;
  return out;
}

namespace {

// Reads one YAML/JSON mapping and reports errors at the position of the value they are about.
class SettingsReader {
 public:
  SettingsReader(std::string_view text, const std::string& origin, std::string& error)
      : text_(text), origin_(origin), error_(error) {}

  /// The one document of the file: false with the error set when it does not parse; `doc` null
  /// (and true) when the file holds nothing.
  bool document(const Document*& doc) {
    items_ = read_yaml_stream(text_);
    doc = nullptr;
    for (const YamlItem& item : items_) {
      if (!item.ok) {
        if (item.error.kind == YamlChunkError::Kind::EmptyChunk) continue;  // comments only
        return fail_at(item.error.position, item.error.message);
      }
      if (item.document.value.is_null()) continue;
      if (doc) return fail_at(item.document.position, "expected one document, found a second");
      doc = &item.document;
    }
    if (doc && !doc->value.is_object()) return fail_at(doc->position, "expected a mapping of settings");
    return true;
  }

  bool fail(const Document& doc, const std::string& path, const std::string& message) {
    return fail_at(doc.fields.find(path), message);
  }

  bool fail_at(TextPosition at, const std::string& message) {
    error_ = origin_;
    if (at.line) error_ += ":" + std::to_string(at.line) + ":" + std::to_string(at.column ? at.column : 1);
    error_ += ": " + message;
    return false;
  }

  /// A list of strings, or one string of comma-separated items.
  bool strings(const Document& doc, const std::string& path, const Json& value, std::vector<std::string>& out) {
    out.clear();
    if (value.is_string()) {
      std::string_view rest = value.get_ref<const std::string&>();
      while (true) {
        const std::size_t comma = rest.find(',');
        const std::string_view item = trim(rest.substr(0, comma));
        if (!item.empty()) out.emplace_back(item);
        if (comma == std::string_view::npos) return true;
        rest.remove_prefix(comma + 1);
      }
    }
    if (!value.is_array()) return fail(doc, path, "expected a list of strings");
    for (std::size_t i = 0; i < value.size(); ++i) {
      if (!value[i].is_string()) return fail(doc, path + "/" + std::to_string(i), "expected a string");
      out.push_back(value[i].get<std::string>());
    }
    return true;
  }

  /// The source text of a scalar at `path` as written (so an unquoted 4.10, which YAML reads as
  /// the number 4.1, is still "4.10").
  std::string written(const Document& doc, const std::string& path) const {
    const TextPosition at = doc.fields.find(path);
    if (!at.line || !at.column) return {};
    std::size_t start = 0;
    for (std::uint32_t line = 1; line < at.line; ++line) {
      start = text_.find('\n', start);
      if (start == std::string_view::npos) return {};
      ++start;
    }
    start += at.column - 1;
    std::size_t end = start;
    while (end < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[end])) || text_[end] == '.')) ++end;
    return start < text_.size() ? std::string(text_.substr(start, end - start)) : std::string();
  }

 private:
  std::string_view text_;
  const std::string& origin_;
  std::string& error_;
  std::vector<YamlItem> items_;
};

}  // namespace

bool parse_settings(std::string_view text, const std::string& origin, ProfileSettings& out, std::string& error) {
  SettingsReader reader(text, origin, error);
  const Document* doc = nullptr;
  if (!reader.document(doc)) return false;
  out = {};
  if (!doc) return true;
  for (const auto& [key, value] : doc->value.items()) {
    const std::string path = "/" + key;
    if (key == "profiles") {
      std::vector<std::string> names;
      if (!reader.strings(*doc, path, value, names)) return false;
      std::vector<Profile> profiles;
      for (const std::string& name : names) {
        std::string why;
        if (!parse_profile_list(name, profiles, why)) return reader.fail(*doc, path, why);
      }
      out.profiles = std::move(profiles);
    } else if (key == "ocpVersion") {
      std::string written;
      if (value.is_string()) written = value.get<std::string>();
      else if (value.is_number()) written = reader.written(*doc, path);
      const auto version = parse_ocp_version(written);
      if (!version) return reader.fail(*doc, path, "ocpVersion must be an OpenShift version such as \"4.17\"");
      out.ocp_version = version;
    } else if (key == "konflux" || key == "operator-pipelines") {
      if (!value.is_object()) return reader.fail(*doc, path, "expected a mapping (allowedRegistries)");
      for (const auto& [inner, list] : value.items()) {
        if (inner != "allowedRegistries") {
          return reader.fail(*doc, path + "/" + inner, "unknown setting \"" + inner + "\" of " + key + " (known: allowedRegistries)");
        }
        std::vector<std::string> registries;
        if (!reader.strings(*doc, path + "/" + inner, list, registries)) return false;
        (key == "konflux" ? out.konflux_registries : out.pipelines_registries) = std::move(registries);
      }
    } else {
      return reader.fail(*doc, path, "unknown setting \"" + key + "\" (known: profiles, ocpVersion, konflux, operator-pipelines)");
    }
  }
  return true;
}

bool parse_operator_repo_config(std::string_view text, const std::string& origin,
                                std::optional<std::vector<std::string>>& registries, std::string& error) {
  SettingsReader reader(text, origin, error);
  const Document* doc = nullptr;
  registries.reset();
  if (!reader.document(doc)) return false;
  if (!doc) return true;
  const auto it = doc->value.find("allowed_bundle_registries");
  if (it == doc->value.end() || it->is_null()) return true;
  std::vector<std::string> list;
  if (!it->is_array() || !reader.strings(*doc, "/allowed_bundle_registries", *it, list)) {
    return reader.fail(*doc, "/allowed_bundle_registries", "allowed_bundle_registries must be a list of strings");
  }
  registries = std::move(list);
  return true;
}

ProfileOptions resolve_options(const ProfileSettings& settings, const std::string& version_origin,
                               const std::string& catalog_path) {
  ProfileOptions options;
  if (settings.profiles) {
    for (Profile p : kAllProfiles) {
      if (p == Profile::Opm) continue;
      if (std::find(settings.profiles->begin(), settings.profiles->end(), p) != settings.profiles->end()) {
        options.profiles.push_back(p);
      }
    }
  }
  if (settings.ocp_version) {
    options.ocp_version = settings.ocp_version;
    options.ocp_version_from = version_origin;
  } else if (auto version = ocp_version_from_path(catalog_path)) {
    options.ocp_version = version;
    options.ocp_version_from = "folder v" + version->text();
  }
  options.konflux_registries = settings.konflux_registries ? *settings.konflux_registries : konflux_default_registries();
  if (settings.pipelines_registries) options.pipelines_registries = *settings.pipelines_registries;
  return options;
}

bool catalog_options(const FileSource& source, const LoadResult& load, const ProfileSettings& over,
                     const std::string& over_origin, const std::string& catalog_path, ProfileOptions& out,
                     std::string& error) {
  ProfileSettings file;
  const bool found =
      std::any_of(load.files.begin(), load.files.end(), [](const CatalogFile& f) { return f.path == kConfigFileName; });
  if (found) {
    std::string text;
    if (!source.read(kConfigFileName, text, error, std::size_t(1) << 20)) {
      error = std::string(kConfigFileName) + ": " + error;
      return false;
    }
    if (!parse_settings(text, kConfigFileName, file, error)) return false;
  }
  const std::string origin = over.ocp_version ? over_origin : "ocpVersion in " + std::string(kConfigFileName);
  out = resolve_options(over.over(file), origin, catalog_path);
  if (found) out.config_in_catalog = kConfigFileName;
  return true;
}

// =====================================================================================================
// [SECTION] The rules: konflux, operator-pipelines
// =====================================================================================================

std::optional<Profile> profile_of(FindingId id) {
  const FindingInfo& info = finding_info(id);
  if (info.phase == Phase::Load || info.phase == Phase::Convert || info.phase == Phase::Model) return Profile::Opm;
  const std::string_view code = info.code;  // "FBCnnnn"
  if (code.size() != 7) return std::nullopt;
  const std::string_view block = code.substr(3, 2);
  if (block == "51") return Profile::Konflux;
  if (block == "52") return Profile::OperatorPipelines;
  if (block == "41" || block == "42") return Profile::OperatorHub;
  return std::nullopt;
}

namespace {

bool has(const ProfileOptions& options, Profile p) {
  return std::find(options.profiles.begin(), options.profiles.end(), p) != options.profiles.end();
}

// validate-fbc.yaml (0.2): digest_pinned_regex='@sha256:[a-fA-F0-9]{64}$'.
bool pinned_by_digest(const std::string& image) {
  constexpr std::string_view tag = "@sha256:";
  if (image.size() < tag.size() + 64) return false;
  const std::size_t at = image.size() - 64 - tag.size();
  if (image.compare(at, tag.size(), tag) != 0) return false;
  return std::all_of(image.end() - 64, image.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; });
}

// Both pipelines match registries as prefixes: Konflux's regular expression is anchored at the
// start, operator_catalogs.py's _filter_invalid_images uses str.startswith.
bool from_registry(const std::string& image, const std::vector<std::string>& registries) {
  return std::any_of(registries.begin(), registries.end(),
                     [&](const std::string& prefix) { return image.compare(0, prefix.size(), prefix) == 0; });
}

std::string registry_list(const std::vector<std::string>& registries) {
  std::string out;
  for (std::size_t i = 0; i < registries.size(); ++i) {
    out += (i == 0 ? "" : i + 1 == registries.size() ? " and " : ", ") + registries[i];
  }
  return out;
}

class Checker {
 public:
  Checker(const ValidationReport& report, const ProfileOptions& options, std::vector<Finding>& out)
      : report_(report), options_(options), out_(out) {}

  void run() {
    const bool konflux = has(options_, Profile::Konflux), pipelines = has(options_, Profile::OperatorPipelines);
    config_in_catalog();
    if ((konflux || pipelines) && !options_.ocp_version) {
      const std::string who = konflux && pipelines ? "the konflux and operator-pipelines profiles"
                              : konflux            ? "the konflux profile"
                                                   : "the operator-pipelines profile";
      out_.push_back(make_finding(FindingId::ProfileOcpVersionUnknown, {who}, {}, {}));
    }
    if (konflux) konflux_catalog();
    for (const declcfg::Bundle& bundle : report_.config.bundles) {
      if (konflux) konflux_bundle(bundle);
      if (pipelines) pipelines_bundle(bundle);
    }
  }

 private:
  // FBC5002: the config file read from inside the catalog is a catalog file to opm.
  void config_in_catalog() {
    if (options_.config_in_catalog.empty()) return;
    for (const CatalogFile& f : report_.load.files) {
      if (f.path == options_.config_in_catalog && !f.ignored) {
        out_.push_back(make_finding(FindingId::ProfileConfigInCatalog, {f.path}, {f.path, 1, 1}, {}));
      }
    }
  }

  // validate-fbc, "FBC DIRECTORY STRUCTURE VALIDATION" (find "$conffolder" -mindepth 1 -maxdepth 1
  // -type d: at least one package folder) and the olm.package count of the rendered catalog.
  void konflux_catalog() {
    if (options_.catalog_is_folder) {
      // Every file counts, ignored ones too (the task's find lists them all). A folder holding only
      // empty folders cannot be seen in a list of files, and fails the task's next check anyway.
      const auto in_folder = [](const CatalogFile& f) { return f.path.find('/') != std::string::npos; };
      if (std::none_of(report_.load.files.begin(), report_.load.files.end(), in_folder)) {
        const std::string package = report_.config.packages.empty() || report_.config.packages.front().name.empty()
                                        ? "<package>"
                                        : report_.config.packages.front().name;
        // At the first catalog file (an ignored one, such as the config file, only when there is no other).
        const std::vector<CatalogFile>& files = report_.load.files;
        const auto first = std::find_if(files.begin(), files.end(), [](const CatalogFile& f) { return !f.ignored; });
        SourceLocation where;
        if (first != files.end()) where.file = first->path;
        else if (!files.empty()) where.file = files.front().path;
        const std::string file = where.file.empty() ? "catalog.json" : where.file;
        out_.push_back(make_finding(FindingId::KonfluxNoPackageFolder, {package, file}, where, {}));
      }
    }
    // A file that did not load may hold the olm.package: only a catalog that loaded is known to lack one.
    if (report_.config.packages.empty() && report_.verdict != Verdict::LoadError) {
      out_.push_back(make_finding(FindingId::KonfluxNoPackage, {}, {}, {}));
    }
  }

  // validate-fbc: olm.csv.metadata only (4.17 and later) or olm.bundle.object only (earlier),
  // every bundle carrying the one its version needs; then its image pinned by digest and from a
  // trusted registry. The task counts properties over the whole catalog (jq), so one bundle with
  // two olm.bundle.object properties can make up for another with none; we hold every bundle to
  // the rule, which is what the counts are meant to check.
  void konflux_bundle(const declcfg::Bundle& b) {
    if (const auto& version = options_.ocp_version) {
      const declcfg::Property* object = first_property(b, "olm.bundle.object");
      const declcfg::Property* csv = first_property(b, "olm.csv.metadata");
      const FindingArgs args = {b.package, b.name, version->text()};
      if (version->at_least(4, 17)) {
        if (object) emit(FindingId::KonfluxBundleObjectForbidden, args, b, property_path(*object));
        if (!csv) emit(FindingId::KonfluxCsvMetadataMissing, args, b, "");
      } else {
        if (csv) emit(FindingId::KonfluxCsvMetadataForbidden, args, b, property_path(*csv));
        if (!object) emit(FindingId::KonfluxBundleObjectMissing, args, b, "");
      }
    }
    if (b.image.empty()) return;  // the task reads .image where it is not null, and skips ""
    if (!pinned_by_digest(b.image)) emit(FindingId::KonfluxImageNotPinned, {b.package, b.name, b.image}, b, "/image");
    if (!from_registry(b.image, options_.konflux_registries)) {
      emit(FindingId::KonfluxRegistryNotAllowed, {b.package, b.name, b.image, registry_list(options_.konflux_registries)}, b,
           "/image");
    }
  }

  // operator_catalogs.py: check_bundle_images_in_fbc (skipped when no registry is allowed-listed)
  // and check_olm_bundle_object_in_fbc (catalogs named v4.17 or later). The latter looks at the
  // first bundle of each operator's catalog only (its loop breaks after one); we look at every
  // bundle, as its message ("Bundle object is not supported in FBC") means.
  void pipelines_bundle(const declcfg::Bundle& b) {
    const std::vector<std::string>& registries = options_.pipelines_registries;
    if (!registries.empty() && !b.image.empty() && !from_registry(b.image, registries)) {
      emit(FindingId::PipelinesRegistryNotAllowed, {b.package, b.name, b.image, registry_list(registries)}, b, "/image");
    }
    if (options_.ocp_version && options_.ocp_version->at_least(4, 17)) {
      if (const declcfg::Property* object = first_property(b, "olm.bundle.object")) {
        emit(FindingId::PipelinesBundleObjectForbidden, {b.package, b.name, options_.ocp_version->text()}, b,
             property_path(*object));
      }
    }
  }

  static const declcfg::Property* first_property(const declcfg::Bundle& b, std::string_view type) {
    for (const declcfg::Property& p : b.properties) {
      if (p.type == type) return &p;
    }
    return nullptr;
  }
  static std::string property_path(const declcfg::Property& p) { return "/properties/" + std::to_string(p.index); }

  void emit(FindingId id, const FindingArgs& args, const declcfg::Bundle& b, const std::string& field) {
    const SourceLocation where = b.blob < report_.load.blobs.size() ? report_.load.locate(report_.load.blobs[b.blob], field)
                                                                    : SourceLocation{};
    out_.push_back(make_finding(id, args, where, {b.package, "", b.name}));
  }

  const ValidationReport& report_;
  const ProfileOptions& options_;
  std::vector<Finding>& out_;
};

}  // namespace

// =====================================================================================================
// [SECTION] Running the profiles
// =====================================================================================================

std::vector<Finding> check_profiles(const ValidationReport& report, const ProfileOptions& options) {
  std::vector<Finding> out;
  Checker(report, options, out).run();
  return out;
}

void apply_profiles(ValidationReport& report, const ProfileOptions& options) {
  if (options.profiles.empty()) return;
  std::vector<Finding> found = check_profiles(report, options);
  report.findings.insert(report.findings.end(), std::make_move_iterator(found.begin()), std::make_move_iterator(found.end()));
  std::vector<Profile> run = {Profile::Opm};
  run.insert(run.end(), options.profiles.begin(), options.profiles.end());
  report.profiles.clear();
  for (Profile p : run) {
    ProfileOutcome outcome{profile_name(p), 0};
    for (const Finding& f : report.findings) {
      // opm fails on its errors only; a profile on every finding of its rules (operatorhub's are
      // advice warnings, which fail it because it was asked for).
      if (profile_of(f.id) == p && (p != Profile::Opm || f.info().severity == Severity::Error)) ++outcome.failures;
    }
    report.profiles.push_back(std::move(outcome));
  }
  report.ocp_version = options.ocp_version ? options.ocp_version->text() : "";
  report.ocp_version_from = options.ocp_version ? options.ocp_version_from : "";
}

}  // namespace fbclens::profiles
