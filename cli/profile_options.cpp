// `validate`'s check-profile settings from the command line and the files around the catalog
// (core/profiles/profiles.h): flags, then the config file, then the catalog's path.
#include "profile_options.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>

namespace fbclens::cli {

namespace fs = std::filesystem;

namespace {

// The whole of a small text file (a config file is at most 1 MiB; /dev/null is an empty one).
bool read_text(const fs::path& file, std::string& text, std::string& error) {
  constexpr std::size_t kMax = std::size_t(1) << 20;
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    error = file.string() + ": cannot open it";
    return false;
  }
  text.assign(kMax + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  if (in.bad()) {
    error = file.string() + ": cannot read it";
    return false;
  }
  if (text.size() > kMax) {
    error = file.string() + ": larger than 1 MiB; not a config file";
    return false;
  }
  return true;
}

bool is_file(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

// The config file that applies to a catalog in `start`: `.fbclens.yaml` there, else in the
// folders above it, up to the repository's root (a folder holding .git) or the file system's.
std::optional<fs::path> find_config(fs::path start) {
  for (fs::path dir = start;; dir = dir.parent_path()) {
    if (is_file(dir / profiles::kConfigFileName)) return dir / profiles::kConfigFileName;
    std::error_code ec;
    if (fs::exists(dir / ".git", ec) || dir == dir.parent_path() || dir.empty()) return std::nullopt;
  }
}

// The operator repository a catalog belongs to, as operator-pipelines lays them out
// (<repo>/catalogs/<vX.Y>/<operator>/catalog.yaml, <repo>/config.yaml): its config.yaml.
std::optional<fs::path> operator_repo_config(const fs::path& catalog) {
  for (fs::path dir = catalog; dir.has_parent_path() && dir != dir.parent_path(); dir = dir.parent_path()) {
    if (dir.filename() == "catalogs" && dir != catalog && is_file(dir.parent_path() / "config.yaml")) {
      return dir.parent_path() / "config.yaml";
    }
  }
  return std::nullopt;
}

}  // namespace

bool ProfileFlags::take(const std::string& flag, const std::string& value, std::string& error) {
  if (flag == "--profile") {
    std::vector<profiles::Profile> list = settings.profiles ? *settings.profiles : std::vector<profiles::Profile>{};
    if (!profiles::parse_profile_list(value, list, error)) return false;
    settings.profiles = std::move(list);
  } else if (flag == "--ocp-version") {
    settings.ocp_version = profiles::parse_ocp_version(value);
    if (!settings.ocp_version) {
      error = "--ocp-version must be an OpenShift version such as 4.17, not \"" + value + "\"";
      return false;
    }
  } else if (flag == "--config") {
    config = value;
  } else if (flag == "--konflux-registries" || flag == "--operator-pipelines-registries") {
    auto& target = flag == "--konflux-registries" ? settings.konflux_registries : settings.pipelines_registries;
    if (!target) target.emplace();
    std::string_view rest = value;
    while (true) {
      const std::size_t comma = rest.find(',');
      if (comma != 0 && !rest.empty()) target->emplace_back(rest.substr(0, comma));
      if (comma == std::string_view::npos) break;
      rest.remove_prefix(comma + 1);
    }
  } else {
    return false;
  }
  return true;
}

bool resolve_profile_options(const std::string& path, const ProfileFlags& flags, profiles::ProfileOptions& options) {
  std::error_code ec;
  const fs::path catalog = fs::absolute(path, ec).lexically_normal();
  const bool is_folder = fs::is_directory(catalog, ec);
  const fs::path catalog_dir = is_folder ? catalog : catalog.parent_path();
  // lexically_normal keeps a trailing separator ("v4.17/" → "v4.17/"), which has an empty name.
  const fs::path folder = catalog_dir.filename().empty() ? catalog_dir.parent_path() : catalog_dir;

  profiles::ProfileSettings file;
  std::string origin;
  std::optional<fs::path> config = flags.config.empty() ? find_config(folder) : std::optional<fs::path>(flags.config);
  if (config) {
    std::string text, error;
    // Named as the report names files: relative to the current directory when under it.
    const fs::path cwd = fs::current_path(ec);
    const fs::path relative = fs::absolute(*config, ec).lexically_normal().lexically_relative(cwd);
    origin = !relative.empty() && *relative.begin() != ".." ? relative.generic_string() : config->string();
    if (!read_text(*config, text, error) || !profiles::parse_settings(text, origin, file, error)) {
      std::fprintf(stderr, "fbclens: %s\n", error.c_str());
      return false;
    }
  }
  profiles::ProfileSettings settings = flags.settings.over(file);
  const std::string version_origin = flags.settings.ocp_version ? "--ocp-version" : "ocpVersion in " + origin;
  const bool pipelines = settings.profiles && std::find(settings.profiles->begin(), settings.profiles->end(),
                                                        profiles::Profile::OperatorPipelines) != settings.profiles->end();
  if (pipelines && !settings.pipelines_registries) {
    // The pipelines' own source of the allow-list, when the catalog sits in an operator repository.
    if (const auto repo_config = operator_repo_config(folder)) {
      std::string text, error;
      if (!read_text(*repo_config, text, error) ||
          !profiles::parse_operator_repo_config(text, repo_config->string(), settings.pipelines_registries, error)) {
        std::fprintf(stderr, "fbclens: %s\n", error.c_str());
        return false;
      }
    }
  }
  options = profiles::resolve_options(settings, version_origin, catalog.string());
  options.catalog_is_folder = is_folder;
  if (config && is_folder) {
    // A config file inside the catalog is one more catalog file to opm (FBC5002 unless ignored).
    const fs::path inside = fs::absolute(*config, ec).lexically_normal().lexically_relative(folder);
    if (!inside.empty() && *inside.begin() != "..") options.config_in_catalog = inside.generic_string();
  }
  return true;
}

}  // namespace fbclens::cli
