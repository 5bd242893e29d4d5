// The version matrix of a catalog repository (issue 22 item 4): per package and catalog (one per
// OpenShift version), whether the package is there, its default channel, its channels and their
// heads, its deprecations, olm.maxOpenShiftVersion, and the bundle metadata format that version
// needs; and what each catalog dropped or added against the one before it (core/diff).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "diff/diff.h"
#include "model/model.h"
#include "profiles/profiles.h"
#include "validate/validate.h"

namespace fbclens::repo {

/// One channel of a package in one catalog.
struct MatrixChannel {
  std::string name;
  /// The channel head (model::channel_heads), "" when the channel has none or several (then
  /// `heads` lists them).
  std::string head;
  std::vector<std::string> heads;
  /// The head's olm.maxOpenShiftVersion as OLM reads it (4.23 is 5.0), "" = none or unreadable.
  std::string head_max_openshift;
  bool deprecated = false;
  std::size_t entries = 0;
};

/// Which bundle metadata a catalog of this version needs and what its bundles have: before
/// OpenShift 4.17 olm.bundle.object, from 4.17 olm.csv.metadata (Konflux validate-fbc; the
/// operator pipelines). `needed` is "" when the catalog has no version.
struct BundleFormat {
  std::string needed;            ///< "olm.bundle.object", "olm.csv.metadata" or ""
  std::size_t bundle_object = 0;  ///< bundles with at least one olm.bundle.object property
  std::size_t csv_metadata = 0;   ///< bundles with an olm.csv.metadata property
  std::size_t bundles = 0;
  /// Every bundle has the needed format and none the other (true when nothing is needed).
  bool ok = true;
};

/// A package in one catalog.
struct MatrixCell {
  bool present = false;
  std::string default_channel;
  std::vector<MatrixChannel> channels;  ///< in the package's file order
  std::size_t bundles = 0;
  /// Deprecations: of the package ("" when not deprecated), and the deprecated channels and bundles.
  std::optional<std::string> package_deprecation;
  std::vector<std::string> deprecated_channels, deprecated_bundles;
  /// The distinct olm.maxOpenShiftVersion values of the package's bundles, as OLM reads them
  /// (4.23 is 5.0), sorted; and the default channel head's ("" = none).
  std::vector<std::string> max_openshift;
  std::string default_head_max_openshift;
  /// Whether the default channel head's maxOpenShiftVersion blocks upgrading a cluster of this
  /// version to the next minor (OLM Classic: max below the next minor).
  bool blocks_cluster_upgrade = false;
  BundleFormat format;
};

/// One catalog (a column).
struct MatrixColumn {
  std::string root;
  std::optional<profiles::OcpVersion> ocp_version;  ///< as its folder names it
  Verdict verdict = Verdict::Valid;
  std::vector<std::pair<std::string, MatrixCell>> packages;  ///< sorted by package name, present ones only
};

/// What a catalog changed against the one before it in the matrix's order.
struct MatrixChange {
  std::string from, to;  ///< roots
  diff::CatalogDiff diff;
};

/// The whole matrix.
struct Matrix {
  std::vector<MatrixColumn> columns;  ///< in the repository's root order (by version)
  std::vector<std::string> packages;  ///< every package of any catalog, sorted
  std::vector<MatrixChange> changes;  ///< column i-1 → column i, for i ≥ 1

  /// The cell of `package` in column `column`, or nullptr when the package is not there.
  const MatrixCell* cell(std::size_t column, const std::string& package) const;
};

/// The column of the catalog at `root` (a validated report, its model described), for an
/// OpenShift version `version` (nullopt = unknown). Never fails.
MatrixColumn matrix_column(const ValidationReport& report, const std::string& root,
                           const std::optional<profiles::OcpVersion>& version);

}  // namespace fbclens::repo
