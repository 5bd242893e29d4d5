// What the CLI's verbs share: opening a catalog (printing why it cannot be read), loading it with
// its validation report, joining names for text output.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "load/file_source.h"
#include "validate/validate.h"

namespace fbclens::cli {

/// open_catalog_path (core/load/file_source.h), printing "fbclens: <error>" to stderr when PATH
/// cannot be read (the verb then exits 2).
std::unique_ptr<FileSource> open_catalog(const std::string& path);

/// Loads the catalog at `path` and returns its validation report (the update logic needs only the
/// model, but the report also gives opm's verdict and findings, which some verbs warn about); null
/// after printing the error when PATH cannot be read. The analyses beyond opm (core/analyses) are
/// not run: no verb but validate prints them. `bundle_objects`: shared with the other catalogs the
/// verb loads (ValidateOptions::bundle_objects; the report is the same without it).
inline std::unique_ptr<ValidationReport> load(const std::string& path, declcfg::BundleObjectMemo* bundle_objects = nullptr) {
  const std::unique_ptr<FileSource> source = open_catalog(path);
  if (!source) return nullptr;
  ValidateOptions options;
  options.analyses = false;
  options.bundle_objects = bundle_objects;
  return std::make_unique<ValidationReport>(validate_catalog(*source, options));
}

/// `v` joined with `sep` between items.
inline std::string join(const std::vector<std::string>& v, const char* sep) {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? sep : "") + v[i];
  return s;
}

}  // namespace fbclens::cli
