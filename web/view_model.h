// What the panels draw, computed once per load (never inside the frame loop): rows for the
// explorer, rows for the findings list, and the layout of the selected channel.
#pragma once

#include <string>
#include <vector>

#include "layout/channel_layout.h"
#include "validate/validate.h"

namespace fbclens::web {

struct BundleRow {
  std::string name;
  std::string version;      ///< "" when unknown
  std::string image;
  std::size_t properties = 0, related_images = 0, bundle_objects = 0;
  bool head = false;
  bool deprecated = false;
  std::string deprecation;  ///< message
  std::string where;        ///< "file:line"
  bool visible = true;      ///< matches the explorer search (see apply_search)
};

struct ChannelRow {
  std::string name;
  bool is_default = false;
  bool deprecated = false;
  std::string deprecation;
  std::vector<BundleRow> bundles;  ///< newest first
  int findings = 0;
  std::string where;
};

struct PackageRow {
  std::string name;
  std::string default_channel;
  bool deprecated = false;
  std::string deprecation;
  std::vector<ChannelRow> channels;
  int findings = 0;
  std::string where;
  bool visible = true;      ///< it, one of its channels or one of its bundles matches the search
};

struct FindingRow {
  int severity = 0;         ///< 0 error, 1 warning, 2 info (Severity)
  std::string file;
  std::uint32_t line = 0, column = 0;
  std::string group;        ///< "package › channel" heading it is listed under
  std::string code;
  std::string where;        ///< "file:line:col"
  std::string message;
  std::string opm_message;
  bool reported_by_opm = false;
  std::string package, channel, bundle;
};

/// The whole catalog as the panels show it.
struct CatalogView {
  unsigned generation = 0;  ///< Session generation it was built from
  std::string verdict;      ///< "VALID", "INVALID", "LOAD ERROR"
  std::size_t files = 0, blobs = 0, packages = 0, channels = 0, bundles = 0, bytes = 0;
  std::vector<PackageRow> package_rows;
  std::vector<FindingRow> findings;  ///< sorted by group, then as reported
};

/// Source lines around `line` (1-based) of `text`: up to `context` lines either side, each with its
/// number. Long lines are cut at 240 bytes.
std::vector<std::pair<std::uint32_t, std::string>> source_excerpt(const std::string& text, std::uint32_t line, int context);

/// Builds the view of `report`.
CatalogView build_catalog_view(const ValidationReport& report, unsigned generation);

/// Sets the rows' `visible` flags for the explorer search `query` (case-insensitive substring; ""
/// shows everything). Called when the query or the view changes, never per frame.
void apply_search(CatalogView& view, const std::string& query);

/// Layout of one channel of `report` (empty when it does not exist).
ChannelLayout build_channel_layout(const ValidationReport& report, const std::string& package, const std::string& channel);

}  // namespace fbclens::web
