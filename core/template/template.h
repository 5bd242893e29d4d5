// Catalog templates as `opm alpha render-template` reads and renders them, offline: each bundle
// image's content is taken from a catalog that already holds it (the repository's rendered
// catalogs, or catalogs given with --bundles-from), matched by image reference, else by digest.
// An image no catalog holds is a finding, never a guess.
//
// Upstream: operator-framework/operator-registry at 4f9d6f222b01aac84c52de7dbdaa6a289380a303,
//   alpha/template/schema.go       detectSchema: the first document's `schema` picks the template
//   alpha/template/basic/basic.go  parseSpec, Render, isBundleTemplate
//   alpha/template/semver/semver.go readFile (strict), getVersionsFromChannel, generateChannels,
//                                  linkChannels, populatePackageMetadata
//   alpha/template/substitutes/substitutes.go parseSpec, Render, validateSubstitution,
//                                  processSubstitution
//   alpha/action/render.go         a bundle image's olm.bundle (relatedImages sorted by image, the
//                                  bundle image itself among them with an empty name)
// Each rule below names the function it follows; the messages in opm's words are codes.def's
// opm formats (codes FBC70xx).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "declcfg/declcfg.h"
#include "findings/finding.h"
#include "load/loader.h"
#include "model/model.h"
#include "repo/discover.h"

namespace fbclens::tmpl {

// =====================================================================================================
// What a catalog holds about a bundle image (the input of offline rendering)
// =====================================================================================================

/// One olm.bundle of a catalog, as far as rendering a template needs it.
struct BundleFacts {
  std::string name;
  std::string package;
  std::string image;             ///< as the catalog writes it
  std::string version;           ///< its olm.package version, as written ("" = none)
  std::string release;           ///< its olm.package release ("" = none)
  std::size_t package_properties = 0;  ///< how many olm.package properties it has
  /// The CSV's description and first icon (semver's populatePackageMetadata reads them from the
  /// bundle's CSV). `csv_icon_known` is false when the catalog keeps only olm.csv.metadata, which has
  /// no icon: the icon opm would write is then unknown.
  std::string csv_description;
  std::optional<std::pair<std::string, std::string>> csv_icon;  ///< base64 data, media type
  bool has_csv = false;
  bool csv_icon_known = false;
  std::string root;              ///< the catalog (root path, or a --bundles-from folder) holding it
  SourceLocation where;          ///< the olm.bundle in that catalog (file relative to `root`)
};

/// The digest of an image reference ("sha256:…" after '@'), or "" for a reference by tag.
std::string image_digest(const std::string& image);

/// Every bundle of the catalogs rendering may take content from, by image.
class BundleIndex {
 public:
  /// Adds the bundles of a described model (model::describe_model) of the catalog at `root`.
  void add_catalog(const model::Model& model, const std::string& root);
  /// Adds one bundle.
  void add(BundleFacts facts);

  /// The bundle for `image`: the same reference in a `preferred` catalog, then in any, then the
  /// same digest likewise. nullptr when no catalog holds it.
  const BundleFacts* find(const std::string& image, const std::vector<std::string>& preferred = {}) const;
  std::size_t size() const { return bundles_.size(); }

 private:
  std::vector<BundleFacts> bundles_;
  std::multimap<std::string, std::size_t> by_image_, by_digest_;
};

// =====================================================================================================
// A catalog's comparable content (the rendered template, or a committed catalog)
// =====================================================================================================

/// What drift compares: packages, channels and their entries, bundles, deprecations; each with where
/// it is declared (in the template for a rendering, in the catalog for a committed catalog).
struct Skeleton {
  struct Package {
    std::string name;
    std::string default_channel;
    std::string description;
    std::optional<std::pair<std::string, std::string>> icon;  ///< base64 data, media type
    bool metadata_known = true;  ///< false: opm's description/icon cannot be known offline (semver)
    SourceLocation where;
  };
  struct Entry {
    std::string name, replaces, skip_range;
    std::vector<std::string> skips;
    SourceLocation where;
  };
  struct Channel {
    std::string package, name;
    std::vector<Entry> entries;
    SourceLocation where;
  };
  struct Bundle {
    std::string package, name, image;
    SourceLocation where;
  };
  struct Deprecation {
    std::string package, schema, name, message;  ///< one entry; name "" for olm.package
    SourceLocation where;
  };
  std::vector<Package> packages;
  std::vector<Channel> channels;
  std::vector<Bundle> bundles;
  std::vector<Deprecation> deprecations;
};

/// The skeleton of a validated catalog (a described model: model::describe_model). Locations are
/// those of the model (files relative to the catalog root).
Skeleton skeleton_of(const model::Model& model);

// =====================================================================================================
// Parsing a template
// =====================================================================================================

/// A template file read as opm reads it, with every rule opm checks before rendering.
struct Template {
  repo::TemplateSchema schema = repo::TemplateSchema::Basic;
  std::string file;  ///< its path (as findings name it)
  Document document;  ///< the first document of the file (the one opm reads)

  /// basic and substitutes: the `entries` as blobs of a catalog (positions in the template file),
  /// and their typed objects (LoadSlice). `entries_load.files` has the one template file.
  LoadResult entries_load;
  declcfg::DeclarativeConfig entries;

  /// substitutes: {name: the substitute's bundle image, base: the bundle it replaces}.
  struct Substitution {
    std::string name, base;
    SourceLocation where;
  };
  std::vector<Substitution> substitutions;

  /// semver: the options after readFile's defaults, and each channel archetype's bundle images.
  bool generate_major = false, generate_minor = false;
  std::string default_channel_type_preference;  ///< "minor" or "major" once defaulted
  struct SemverBundle {
    std::string image;
    SourceLocation where;
  };
  std::vector<SemverBundle> candidate, fast, stable;

  /// Rule violations (FBC70xx, Phase::Template), located in the template.
  std::vector<Finding> findings;
  /// False when opm stops before rendering (then `findings` says why).
  bool renderable = false;

  Template() = default;
  Template(Template&&) = default;
  Template& operator=(Template&&) = default;
  Template(const Template&) = delete;
  Template& operator=(const Template&) = delete;
};

/// Reads the template `bytes` of file `file` (as findings name it). `discovered` (optional) is what
/// discovery found in it: when its template document is not the file's first, opm's auto-detection
/// fails on the first (FBC7002) and nothing is rendered. Never fails: every problem is a finding.
Template parse_template(const std::string& file, const std::string& bytes, const repo::TemplateFile* discovered = nullptr);

// =====================================================================================================
// Rendering
// =====================================================================================================

/// A template rendered offline.
struct Rendering {
  Skeleton skeleton;  ///< locations in the template
  /// The olm.bundle objects opm writes, in Render's order: each the catalog bundle `facts` with
  /// `image` (the template's reference) in place of the catalog's (action.Render writes the
  /// reference it pulled, in `image` and among relatedImages).
  struct RenderedBundle {
    const BundleFacts* facts = nullptr;
    std::string image;
    SourceLocation where;  ///< in the template
  };
  std::vector<RenderedBundle> bundles;
  /// Rendering problems (FBC70xx): images no catalog holds, semver and substitutes rules.
  std::vector<Finding> findings;
  /// True when opm would print a catalog (no rule failed; every image found).
  bool complete = false;
};

/// Renders `tmpl` (parse_template; nothing when it is not renderable) with bundle content from
/// `index`, preferring the catalogs `preferred` (the roots the template renders). Follows
/// basic.Render, semver.Render (channels, edges, default channel, package metadata) and
/// substitutes.Render. Never fails.
Rendering render_template(const Template& tmpl, const BundleIndex& index, const std::vector<std::string>& preferred = {});

// =====================================================================================================
// Drift
// =====================================================================================================

/// Every difference between `rendered` (the template's rendering, located in the template file
/// `template_file`) and `committed` (the catalog at root `root`, files relative to it), as findings
/// at the template's line (FBC71xx), each with a note at the catalog's declaration when it has one
/// (the note's file is `root`-prefixed). Bundles are matched by image digest; the same digest under
/// another registry is one info finding (FBC7109) naming the rewrites, not drift. `renderings`
/// (the RenderedBundles) give the images. Findings are in template order.
std::vector<Finding> drift(const Rendering& rendered, const Skeleton& committed, const std::string& template_file,
                           const std::string& root);

}  // namespace fbclens::tmpl
