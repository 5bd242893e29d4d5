// A catalog repository as authors keep one (issue 22): one catalog per OpenShift version
// (`v4.12/catalog`, `catalog/v4.16/<package>`, `catalogs/v4.22`, `catalog-4-14/`), usually
// rendered by `opm alpha render-template` from a template beside it. Discovery finds, from file
// paths and a cheap look at file contents, the catalog roots (each a folder `opm validate` would
// be pointed at) and the templates, without configuration. Data in, data out: nothing is
// validated here (core/repo/repository.h does that, root by root).
//
// The rules (README "Repositories"):
//   - Only files that .indexignore keeps are looked at, and none under a hidden folder (".git",
//     ".tekton", ".github": a repository's machinery, never catalog content) or without a .json,
//     .yaml or .yml name.
//   - A template file is one with a document whose schema is a template schema (olm.template.basic,
//     olm.semver, olm.template.substitutes; operator-registry alpha/template/registry.go). Template
//     files are never catalog content.
//   - A content file names one of the FBC schemas (olm.package, olm.channel, olm.bundle,
//     olm.deprecations); the test is textual, so a file of other YAML (a Tekton pipeline, a
//     devfile) is left out without being parsed.
//   - A version folder is a folder whose name ends in an OpenShift version (`v4.12`, `4.12`,
//     `catalog-4-14`, `ocp-v4.14`; ocp_version_of_folder). Content under a version folder belongs
//     to its outermost one; that folder is the root, or its one child folder when all the content
//     is there (`v4.15/catalog` beside `v4.15/catalog-template.json`; `catalog/v4.12/<package>`).
//   - Content under no version folder belongs to its top-level folder when that is named
//     `catalog…` (`catalog/`, `catalog-old/`), else to the folder itself.
//   - Content of the folder itself is a root only when there is no other root (else it is listed
//     as stray content, validated nowhere).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "load/document.h"
#include "load/file_source.h"
#include "load/loader.h"
#include "profiles/profiles.h"

namespace fbclens::repo {

/// The template kinds `opm alpha render-template` auto-detects by schema (operator-registry
/// alpha/template/registry.go at 4f9d6f222b01: basic, semver, substitutes).
enum class TemplateSchema : std::uint8_t { Basic, Semver, Substitutes };

/// "olm.template.basic", "olm.semver" or "olm.template.substitutes".
const char* template_schema_name(TemplateSchema schema);

/// The template kind of a schema value, or nullopt for any other string (case-sensitive, as opm's
/// registry lookup is).
std::optional<TemplateSchema> parse_template_schema(std::string_view schema);

/// The OpenShift version a folder's name ends in: "v4.12", "4.12", "v4-14", "catalog-4-14",
/// "ocp-v4.14", "openshift-4.14" (an optional prefix ending in '-' or '_', an optional 'v', then
/// MAJOR and MINOR of at most 4 digits each, separated by '.' or '-'). The version is as written:
/// 4.23 stays 4.23 (effective_ocp_version says what OLM makes of it). nullopt for anything else.
std::optional<profiles::OcpVersion> ocp_version_of_folder(std::string_view name);

/// The version OLM compares with: 4.23 is 5.0 (OLM normalises it so since 4.23 was followed by
/// 5.0; core/update/max_openshift.h), any other version as it is.
profiles::OcpVersion effective_ocp_version(const profiles::OcpVersion& version);

/// Orders roots' versions for people and the matrix: by effective version, then as written (4.22,
/// 4.23, 5.0).
bool ocp_version_less(const profiles::OcpVersion& a, const profiles::OcpVersion& b);

/// One folder validated as a catalog of its own.
struct CatalogRoot {
  std::string path;            ///< relative to the repository, '/'-separated; "" = the repository folder
  std::string version_folder;  ///< the folder its version comes from ("" = none)
  std::optional<profiles::OcpVersion> ocp_version;  ///< the version folder's, as written
};

/// A template file.
struct TemplateFile {
  std::string path;          ///< relative to the repository
  TemplateSchema schema{};   ///< of its first template document
  std::uint32_t document = 0;  ///< which document of the file holds it (0 = the first, the one opm reads)
  TextPosition position;     ///< where that document starts
  std::string first_schema;  ///< the schema of the file's first document (what opm's auto-detection reads)
  /// The roots it renders: those of its version folder, else the root it lies in, else the root
  /// of the version its file name names (`templates/catalog-4-14.json`), else the unversioned
  /// roots beside its folder (`catalog-template/` beside `catalog/`, `catalog-old/`).
  /// Paths of `Discovery::roots`, in that order. Empty = none in the repository.
  std::vector<std::string> renders;
};

/// What discovery found in a folder.
struct Discovery {
  std::vector<CatalogRoot> roots;       ///< by version (ocp_version_less), unversioned last, then path
  std::vector<TemplateFile> templates;  ///< walk order
  /// Content files no root holds (under the folder itself while other roots exist): not validated.
  std::vector<std::string> stray_content;
  /// Files that could not be read while looking (path, reason).
  std::vector<SourceError> unreadable;
  /// True when the folder is a repository rather than one catalog: it holds a template, several
  /// roots, or its one root is below it. A folder that is one catalog is validated exactly as before.
  bool repository = false;
};

/// What discover_repository calls with each catalog root as soon as it is sure of it, while it
/// still reads the rest of the repository: `root` exactly as it will be in Discovery::roots, the
/// roots in that order (each root is passed once, and every root passed comes before those not
/// passed yet); `so_far` the discovery until now (its `templates` hold every template inside
/// `root`; nothing else of it is final); `files` the repository's files to read the root through,
/// whose read plans name discovery's next reads after the root's own, so a source that reads ahead
/// (the browser's Files) goes on reading the repository while the root is validated. Roots
/// discovery is only sure of at its end are not passed: Discovery::roots has them. Passing a
/// root tells the caller that the folder is a repository (Discovery::repository will be true).
/// `ahead` true: the root is final, but a folder still unread may make a root that comes before it
/// ("v4.14-json/catalog" waits for "v4.14", whose root may be "v4.14" itself); a caller may
/// validate it meanwhile and keep the result for when the root is passed again, in its turn (with
/// `ahead` false). At most one root is passed ahead before it is passed in its turn.
using RootFound = std::function<void(const CatalogRoot& root, const Discovery& so_far, const FileSource& files, bool ahead)>;

/// Looks at every file of `source` (its .indexignore files honoured) and finds the roots and
/// templates. Reads each candidate file once; parses only files that name a template schema.
/// Never fails: unreadable files are listed in `unreadable`. The files are read folder by folder
/// in the order of the roots they can make (a version folder, or a top-level `catalog…` folder;
/// by version, as Discovery::roots is ordered), each folder in walk order, and the folder's own
/// files last; the answer does not depend on that order. With `on_root`, each root is passed to it
/// as soon as the folders read leave no doubt about it and about the roots before it (see
/// RootFound): its validation can then overlap the reading of the rest.
Discovery discover_repository(const FileSource& source, const RootFound& on_root = {});

/// The root an app shows first of a repository, found without discovering the rest of it.
struct ShownRoot {
  /// The last versioned root of Discovery::roots (the newest OpenShift version's, by root order):
  /// exactly as discover_repository would have it.
  CatalogRoot root;
  /// Discovery as far as the folders read tell: `roots` is {root}, `templates` the templates of
  /// those folders (every template inside `root` among them, for root_source), `unreadable` their
  /// unreadable files, `repository` true. Nothing else of it is final.
  Discovery so_far;
  /// The files discovery looks at that were not read (outside those folders), in walk order: what
  /// the rest of the repository's discovery reads besides them. Empty: the root is all there is
  /// to validate (templates aside).
  std::vector<std::string> rest;
};

/// Finds the root discover_repository would make the last versioned root of `source` (the one the
/// app shows first: the newest OpenShift version's), reading only the files of the newest version
/// folders: the folders of one version (ocp_version_of_folder) at a time, newest first, as
/// discovery reads them (the same files looked at, the same tests), until a version's folders hold
/// catalog content. The answer is then discover_repository's: a root of an older version comes
/// before it, an unversioned one is not versioned, and the folder is a repository (its root is
/// below it). nullopt when no version folder is looked at, or when the newest kMaxShownRootVersions
/// versions' folders hold no content (the caller discovers the whole repository then), or when
/// `worth_it` (if given), asked before each version's folders are read with what would then be
/// left unread (ShownRoot::rest, were the root there), says false: nothing more is read then.
/// Never fails; unreadable files are in so_far.unreadable. Plans its reads as to be read again
/// (the root's validation reads them next).
std::optional<ShownRoot> find_shown_root(const FileSource& source,
                                         const std::function<bool(const std::vector<std::string>& rest)>& worth_it = {});

/// How many versions' folders find_shown_root reads before it leaves the answer to discovery.
constexpr std::size_t kMaxShownRootVersions = 3;

/// Whether a folder's paths (FileSource::list_files) leave a template file as the only thing that
/// could make it a repository: none lies under a version folder or in a top-level folder named
/// `catalog…`, so the folder itself is the only root discovery could find, and it says
/// `repository` only when it finds a template. Every path listed counts, ignored or not (a path
/// too many only sends the folder to discover_repository).
bool only_a_template_makes_a_repository(const std::vector<std::string>& paths);

/// A FileSource that passes everything through to `base` and looks at each file read through it as
/// discover_repository looks for a template (the textual test on the template schemas' names), so
/// a folder that only_a_template_makes_a_repository says is one catalog unless it holds a template
/// can be loaded as one catalog through it and need not be read a second time by discovery (in
/// the browser each read copies a File into the worker). `base` must outlive it.
class TemplateWatch final : public ForwardingFileSource {
 public:
  using ForwardingFileSource::ForwardingFileSource;

  /// base's read; a file read whole is looked at once.
  bool read(const std::string& path, std::string& bytes, std::string& error, std::size_t max_bytes) const override;

  /// Whether discover_repository(base) could find a template: a file read through this source names
  /// a template schema, or a file discovery looks at that was not read through it (read now) does.
  /// False means it finds none. `load` is the result of the load through this source, whose file
  /// list (every file listed, walk order, the ignored ones marked) says which files it did not read:
  /// those it ignored, and those whose read failed; with none (nothing loaded), every file
  /// discovery looks at is read. The first call does the reading; later calls repeat its answer.
  bool may_hold_template(const LoadResult* load = nullptr) const;

 private:
  mutable std::vector<std::string> unread_;  ///< paths whose read through this source failed
  mutable bool mentions_template_ = false;
  mutable std::optional<bool> answer_;
};

/// The files of one folder of another FileSource, as `opm validate FOLDER` would see them: paths
/// relative to the folder, nothing outside it, and the template files inside it left out
/// (`excluded`, paths relative to the base). `base` must outlive it.
class SubtreeFileSource final : public FileSource {
 public:
  SubtreeFileSource(const FileSource& base, std::string folder, std::vector<std::string> excluded = {});

  std::vector<std::string> list_files(std::vector<SourceError>& errors) const override;
  bool read(const std::string& path, std::string& bytes, std::string& error, std::size_t max_bytes) const override;
  bool is_symlink_to_directory(const std::string& path) const override;
  void plan_reads(const ReadPlan& plan) const override;  ///< base's, paths made the base's

 private:
  std::string full(const std::string& path) const { return prefix_ + path; }
  const FileSource& base_;
  std::string prefix_;  ///< "" or "folder/"
  std::vector<std::string> excluded_;
};

}  // namespace fbclens::repo
