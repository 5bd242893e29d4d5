// bytes → blobs: walk a catalog tree like opm's LoadFS (spec validation.md §1), keeping every
// object with its file, line and column, and every problem as a finding. Unlike opm, one bad
// file (or one bad YAML document) never hides the rest: loading continues past each problem.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "findings/finding.h"
#include "load/document.h"
#include "load/file_source.h"

namespace fbclens {

struct LoadResult;

/// A file of the catalog tree, in walk order.
struct CatalogFile {
  std::string path;          ///< relative, '/'-separated
  std::uint64_t bytes = 0;
  bool ignored = false;      ///< excluded by .indexignore (or is an .indexignore)
  std::uint32_t blobs = 0;   ///< objects read from it
  bool has_error = false;    ///< at least one load finding points into it
};

/// One object of the catalog (any schema) with its meta fields (spec §1.6).
struct Blob {
  std::uint32_t file = 0;  ///< index into LoadResult::files
  Document document;       ///< the value, its position and its fields' positions
  std::string schema;      ///< the value of the key that case-folds to "schema"
  std::string package;     ///< likewise "package" ("" when absent)
  std::string name;        ///< likewise "name"
};

/// How many objects of a file are read before LoadOptions::on_blobs_added is called for them.
constexpr std::size_t kBlobBatch = 64;

/// Limits that keep hostile input from exhausting memory, and hooks to follow the load.
struct LoadOptions {
  std::size_t max_file_bytes = std::size_t(512) << 20;  ///< per file
  /// Called as a file's objects are appended to `result.blobs`: for each kBlobBatch of them and for
  /// the rest (possibly none) at the end of every file read, with the index of the first not handed
  /// over before. A caller can decode and slim them there, so that only about that many raw
  /// documents are alive at a time (peak memory: a 20,000-object file's documents took 22 MB; a
  /// JSON file re-read as YAML after a syntax error is still read whole, as opm reads it). The hook
  /// may only append to `result.findings`: what it appends before a file's end is set aside until
  /// then (so meanwhile `result.findings` lacks it) and moved after that file's load findings, so
  /// the order of `result.findings` is the same as if the hook ran once after the file. Its time is
  /// not counted in `LoadResult::parse_ms`.
  std::function<void(LoadResult& result, std::size_t first_blob)> on_blobs_added;
  /// Called after each file is read (after its last on_blobs_added), with the index of the file's
  /// first object in `result.blobs`: to report progress.
  std::function<void(LoadResult& result, std::size_t first_blob)> on_file_loaded;
};

/// Everything read from a catalog tree.
struct LoadResult {
  std::vector<CatalogFile> files;  ///< every file, walk order, ignored ones included
  std::vector<Blob> blobs;         ///< every object that passed the meta checks, walk order
  std::vector<Finding> findings;   ///< load problems, in walk order; the first is opm's
  std::size_t total_bytes = 0;     ///< bytes read (non-ignored files)
  double read_ms = 0;              ///< time spent reading files through the FileSource (steady clock)
  double parse_ms = 0;             ///< time spent splitting them into documents (JSON/YAML → values with positions)

  /// A finding's location for `blob`, pointing at `field_path` ("/entries/0/name") if known.
  SourceLocation locate(const Blob& blob, const std::string& field_path = "") const;
};

/// Reads every non-ignored file of `source` (opm's walk order, .indexignore honoured) and splits
/// it into objects. Problems become findings (Phase::Load); the first one in walk order is what
/// opm reports. Never throws.
LoadResult load_catalog(const FileSource& source, const LoadOptions& options = {});

}  // namespace fbclens
