// Writing a rendered template as `opm alpha render-template -o json|yaml` prints it: operator-
// registry's declcfg.WriteJSON / WriteYAML (alpha/declcfg/write.go at 4f9d6f222b01): per package
// (sorted by name), its olm.package, its channels by name, its bundles by name, its other objects
// by schema, its deprecations; then objects of no package. JSON is Go's encoding/json with a
// 4-space indent and HTML left unescaped, objects in the Go structs' field order (declcfg.go);
// property values and other raw JSON keep their bytes (json.RawMessage), read from the catalog
// file they came from when it is JSON. YAML is sigs.k8s.io/yaml's JSONToYAML of each object:
// go-yaml v2's key order, quoting and literal blocks, each document after "---".
//
// Limits (said in the README): a bundle from a YAML catalog keeps its property values' key
// order as the YAML reader sorts it (the order opm saw in the image is not in the file); go-yaml
// v2 folds long plain scalars at 80 columns, and fbclens folds plain and single-quoted ones the
// same way but not double-quoted ones.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "load/file_source.h"
#include "repo/discover.h"
#include "template/template.h"

namespace fbclens::tmpl {

/// A JSON value whose scalars and keys keep the bytes they were written with (what Go's
/// json.RawMessage keeps), object members in their written order.
struct RawJson {
  enum class Kind { Scalar, Object, Array } kind = Kind::Scalar;
  std::string token;  ///< Scalar: the token as written ("\"a\"", "12", "true", "null")
  std::vector<std::pair<std::string, RawJson>> members;  ///< Object: (key token, value)
  std::vector<RawJson> items;                            ///< Array

  /// A scalar for a string, Go-encoded (encoding/json with HTML unescaped).
  static RawJson string(const std::string& text);
  static RawJson literal(std::string token);
  /// The member whose key is `key` (its token unquoted), or nullptr.
  const RawJson* find(const std::string& key) const;
};

/// Reads one JSON value of `text` starting at `offset` (whitespace skipped) into `out`. False with
/// `error` when it is not well-formed JSON or nests deeper than 10000 levels.
bool parse_raw_json(std::string_view text, std::size_t offset, RawJson& out, std::string& error);

/// A decoded value as raw JSON: object keys in its (sorted) order, scalars Go-encoded.
RawJson raw_from_json(const Json& value);

/// `value` as Go's json.Encoder with SetIndent("", "    ") prints it (no trailing newline).
std::string go_indented_json(const RawJson& value);

/// `value` as sigs.k8s.io/yaml JSONToYAML prints it (go-yaml v2), ending in a newline.
std::string go_yaml(const RawJson& value);

/// The catalogs a rendering takes bundles from, with their files, so each bundle can be written in
/// full as its catalog declares it.
class RenderSources {
 public:
  /// Validates each root of a repository and indexes its bundles under the root's path (prefixed
  /// with `name` + "/" when `name` is not empty). `source` must outlive this object.
  void add_repository(const FileSource& source, const repo::Discovery& discovery, const std::string& name);
  /// Validates one catalog and indexes its bundles under `name`. `source` must outlive this object.
  void add_catalog(const FileSource& source, const std::string& name);
  const BundleIndex& index() const { return index_; }

  /// The olm.bundle `facts` describes, read again from its catalog file: raw when the file is
  /// JSON, else as the YAML reader decodes it. False with `error` when it cannot be found.
  bool bundle_blob(const BundleFacts& facts, RawJson& out, std::string& error) const;

 private:
  std::vector<std::pair<std::string, std::unique_ptr<FileSource>>> catalogs_;  ///< by index name
  BundleIndex index_;
};

enum class OutputFormat { Json, Yaml };

/// Writes `rendering` (complete) of `tmpl` as opm render-template prints it. False with `error`
/// when a bundle's blob cannot be read again from its catalog.
bool write_rendering(const Template& tmpl, const Rendering& rendering, const RenderSources& sources, OutputFormat format,
                     std::string& out, std::string& error);

}  // namespace fbclens::tmpl
