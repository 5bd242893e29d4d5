// How the renderers name catalog files. Findings carry paths relative to the catalog root; a
// person or CI runner reading a report wants them as compilers print them, relative to where the
// command ran (so an editor or GitHub can open them), and SARIF wants URIs it can resolve.
#pragma once

#include <string>

#include "findings/finding.h"

namespace fbclens {

/// The catalog root as the report's reader sees it. Empty members keep paths catalog-relative
/// (what the browser app and the JS API use).
struct PathStyle {
  /// Prepended to every catalog-relative path: "" or a path ending in '/' ("catalogs/v4.14/", or
  /// an absolute "/srv/catalog/" when the catalog is not under the current directory).
  std::string prefix;
  /// When the prefixed paths are relative: the file: URI of the directory they are relative to
  /// (ending in '/'), which SARIF declares as originalUriBaseIds.SRCROOT. "" = no base.
  std::string srcroot_uri;

  /// `file` with the prefix, or "" for "" (a finding about no file).
  std::string path(const std::string& file) const { return file.empty() ? file : prefix + file; }
  /// `at` with its file prefixed.
  SourceLocation located(const SourceLocation& at) const { return SourceLocation{path(at.file), at.line, at.column}; }
};

/// A path as a URI path: RFC 3986 unreserved characters and '/' as they are, every other byte
/// percent-encoded ("my catalog/a#b.yaml" → "my%20catalog/a%23b.yaml").
std::string uri_path_encode(const std::string& path);

/// The PathStyle for a catalog opened from `catalog_path` (what the user typed; a folder, or a
/// single file validated as a folder holding just it) while the current directory is `cwd`
/// (absolute): relative to `cwd` with SRCROOT = cwd when the catalog is under it, else absolute
/// with no base. Purely lexical apart from making `catalog_path` absolute against `cwd`.
PathStyle path_style_for(const std::string& catalog_path, bool is_directory, const std::string& cwd);

}  // namespace fbclens
