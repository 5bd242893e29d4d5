// Check profiles (issue 14 §1): the catalog checks of the pipelines a catalog meets on its way to
// a cluster after `opm validate`, run offline and at once, each finding located at the object
// that fails it. A profile is a gate: selecting it makes its findings fail the run (exit 1).
//
//   opm                 `opm validate` itself (core/validate): always part of the run, since
//                       every pipeline below runs it first. Alone, it is today's output, byte
//                       for byte.
//   konflux             Konflux's validate-fbc task, the checks decidable from the catalog itself
//                       (codes FBC51xx): konflux-ci/konflux-operator-tasks, task/validate-fbc/0.2/
//                       validate-fbc.yaml at dee7049a3aae9294b121faf76af66506cd76f5a0 (step
//                       extract-and-validate). Not decidable here and left out: the base image,
//                       grpc_health_probe, the image labels, the related-images render, and
//                       whether a package folder is empty (a catalog is a list of files).
//   operator-pipelines  redhat-openshift-ecosystem/operator-pipelines' static checks of catalogs
//                       (codes FBC52xx): operatorcert/static_tests/common/operator_catalogs.py
//                       at 422dfd6e9876ec9fdfa2d053c6f9abd77fe3d058 (check_bundle_images_in_fbc,
//                       check_olm_bundle_object_in_fbc; operatorcert/utils.py
//                       is_catalog_v4_17_plus for the version).
//   operatorhub         what OperatorHub makes of the catalog: the advice core/advice already
//                       gives about visibility (FBC41xx: the package would not be listed) and
//                       deprecations (FBC42xx: a deprecated default channel or head, the legacy
//                       conventions). Advice is computed and shown whatever the profiles (as
//                       before profiles existed, warnings that never fail the run); selecting
//                       operatorhub makes those codes fail the run like any profile's.
//
// Settings come from flags, then a config file (`.fbclens.yaml`, see parse_settings), then the
// catalog's path (a `vX.Y` folder names the OpenShift version), then the defaults below.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "findings/finding.h"
#include "load/file_source.h"
#include "validate/validate.h"

namespace fbclens::profiles {

enum class Profile : std::uint8_t { Opm, Konflux, OperatorPipelines, OperatorHub };

/// Every profile, in the order the CLI's help lists them.
inline constexpr Profile kAllProfiles[] = {Profile::Opm, Profile::Konflux, Profile::OperatorPipelines, Profile::OperatorHub};

/// The name `--profile` and the config file use: "opm", "konflux", "operator-pipelines",
/// "operatorhub".
const char* profile_name(Profile profile);

/// Parses a comma-separated list of profile names ("konflux,operatorhub"; blanks around names
/// ignored, repeats allowed) and appends them to `out`. False with `error` set on an unknown or
/// empty name.
bool parse_profile_list(std::string_view list, std::vector<Profile>& out, std::string& error);

/// An OpenShift minor version, as the pipelines compare them (4.17; 5.0 is later than 4.22).
struct OcpVersion {
  int major = 0;
  int minor = 0;

  /// "4.17".
  std::string text() const;
  /// Whether this version is `major`.`minor` or later.
  bool at_least(int major_, int minor_) const { return major > major_ || (major == major_ && minor >= minor_); }
};

/// "4.17" or "v4.17" (digits only, at most 4 per part) as a version; nullopt for anything else.
std::optional<OcpVersion> parse_ocp_version(std::string_view text);

/// The version a catalog's path names: its last component that is exactly `vX.Y` (how Konflux
/// FBC repositories name their per-version folders, `v4.17/catalog`, and how the operator
/// pipelines name catalogs, `catalogs/v4.17/<operator>`; is_catalog_v4_17_plus reads the same
/// form). Components are separated by '/' or '\'. nullopt when there is none.
std::optional<OcpVersion> ocp_version_from_path(std::string_view path);

/// Konflux validate-fbc's trusted bundle registries: its check is the regular expression
/// `^registry\.(stage\.)?redhat\.io/`, i.e. these two prefixes.
const std::vector<std::string>& konflux_default_registries();

/// What one source of settings says (the flags, or a config file); unset members say nothing, so
/// a later source fills them in.
struct ProfileSettings {
  std::optional<std::vector<Profile>> profiles;
  std::optional<OcpVersion> ocp_version;
  std::optional<std::vector<std::string>> konflux_registries;    ///< prefixes of allowed bundle images
  std::optional<std::vector<std::string>> pipelines_registries;  ///< likewise, for operator-pipelines

  /// Members of `this` where set, else those of `fallback`.
  ProfileSettings over(const ProfileSettings& fallback) const;
};

/// The config file's name, looked for at the catalog root (and by the CLI in the folders above).
inline constexpr const char* kConfigFileName = ".fbclens.yaml";

/// Reads a config file (YAML, or JSON, which the YAML reader takes too). The file is one mapping;
/// every key is optional and an unknown key is an error (a typo must not pass silently):
///
///     profiles: [konflux, operatorhub]      # or "konflux,operatorhub"
///     ocpVersion: "4.17"                    # or v4.17; an unquoted 4.10 is read as written
///     konflux:
///       allowedRegistries: [registry.redhat.io/, registry.stage.redhat.io/]
///     operator-pipelines:
///       allowedRegistries: [quay.io/community-operator-pipeline-prod/]
///
/// Registries are prefixes of the image reference (end one with '/' to mean a whole registry or
/// organisation). An empty file says nothing. False with `error` ("FILE:LINE:COL: ...", FILE
/// being `origin`) when the text does not parse or a value has the wrong form.
bool parse_settings(std::string_view text, const std::string& origin, ProfileSettings& out, std::string& error);

/// The operator pipelines' own allow-list: `allowed_bundle_registries` of an operator
/// repository's config.yaml (redhat-openshift-ecosystem/community-operators-prod has one;
/// certified-operators has none, and then the check is skipped). Other keys are not read. Returns
/// nullopt when the key is absent; false with `error` when the text does not parse or the key is
/// not a list of strings.
bool parse_operator_repo_config(std::string_view text, const std::string& origin,
                                std::optional<std::vector<std::string>>& registries, std::string& error);

/// Everything a profile run needs, settled.
struct ProfileOptions {
  /// The profiles beyond opm, each once, in the order Profile lists them; empty = opm alone.
  std::vector<Profile> profiles;
  std::optional<OcpVersion> ocp_version;
  std::string ocp_version_from;  ///< "--ocp-version", "ocpVersion in FILE", "folder vX.Y"
  std::vector<std::string> konflux_registries;    ///< default konflux_default_registries()
  std::vector<std::string> pipelines_registries;  ///< default none: the check is skipped, as upstream
  /// False when the catalog is a single file (validated as a folder holding just it): the package
  /// folder check (FBC5101) is then not decidable.
  bool catalog_is_folder = true;
  /// The config file read from inside the catalog, relative to its root ("" = none, or one from
  /// outside): FBC5002 when opm would read it as a catalog file.
  std::string config_in_catalog;
};

/// Settles `settings` (flags already laid over the config file with ProfileSettings::over):
/// profiles deduplicated ("opm" dropped: it always runs), the OpenShift version from `settings`
/// (said to come from `version_origin`) or else from `catalog_path` (ocp_version_from_path), the
/// registries or their defaults.
ProfileOptions resolve_options(const ProfileSettings& settings, const std::string& version_origin,
                               const std::string& catalog_path);

/// The options for a catalog known only as `source` (the browser's dropped files, the tests'
/// fixtures): its own `.fbclens.yaml` at the root, if `load` (what loading `source` listed) has
/// one (at most 1 MiB is read; config_in_catalog is then set), under `over` (the caller's
/// settings: the app's switch, a test's; its version is said to come from `over_origin`),
/// resolved as resolve_options does with `catalog_path` for the version. False with `error` when
/// the file is there but cannot be read or parsed.
bool catalog_options(const FileSource& source, const LoadResult& load, const ProfileSettings& over,
                     const std::string& over_origin, const std::string& catalog_path, ProfileOptions& out,
                     std::string& error);

/// The profile whose gate a finding code belongs to: FBC51xx konflux, FBC52xx operator-pipelines,
/// FBC41xx and FBC42xx operatorhub; the codes of opm's phases (load, convert, model) opm. nullopt
/// for the rest (other advice, FBC50xx notices about the run itself).
std::optional<Profile> profile_of(FindingId id);

/// The findings of the profiles' own rules (FBC5xxx) for the catalog in `report` (a finished
/// validate_catalog report), in this order: notices about the run (FBC50xx), then Konflux's
/// catalog-wide checks, then bundle by bundle in file order (Konflux's rules, then the
/// pipelines'). Each is located at the object it is about: the bundle, its image field or its
/// first offending property. Never fails.
std::vector<Finding> check_profiles(const ValidationReport& report, const ProfileOptions& options);

/// Runs the profiles on `report`: appends check_profiles' findings to report.findings and fills
/// report.profiles (each profile's failures, profile_of) and the OpenShift version. Does nothing
/// when options.profiles is empty, so opm alone leaves the report, and every output, as before.
/// opm's own output (report.opm_output, report.verdict) is never changed.
void apply_profiles(ValidationReport& report, const ProfileOptions& options);

}  // namespace fbclens::profiles
