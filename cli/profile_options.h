// `validate`'s check-profile flags and the config files around a catalog (core/profiles).
#pragma once

#include <string>

#include "profiles/profiles.h"

namespace fbclens::cli {

/// The profile flags of one `validate` command line.
struct ProfileFlags {
  profiles::ProfileSettings settings;  ///< --profile (repeatable, comma lists), --ocp-version, --*-registries
  std::string config;                  ///< --config FILE ("" = look for .fbclens.yaml)

  /// Takes `flag` (--profile, --ocp-version, --config, --konflux-registries or
  /// --operator-pipelines-registries) with its `value`. False with `error` set when the
  /// value is not valid (an unknown profile, a version that is not X.Y).
  bool take(const std::string& flag, const std::string& value, std::string& error);
};

/// The settled profile options for the catalog at `path` (what the user typed): the flags, laid
/// over the config file (--config FILE, else the first .fbclens.yaml in the catalog's folder or
/// the folders above it, up to the one holding .git), and, for operator-pipelines without an
/// allow-list, the operator repository's config.yaml (`allowed_bundle_registries`) when the
/// catalog sits under a `catalogs` folder beside one. The OpenShift version falls back to a vX.Y
/// folder of the absolute path. Prints the error and returns false when a config file cannot be
/// read or parsed (the command then exits 2).
bool resolve_profile_options(const std::string& path, const ProfileFlags& flags, profiles::ProfileOptions& options);

}  // namespace fbclens::cli
