// What the panels draw, built once per answer from the worker (never inside the frame loop): rows
// for the explorer and the findings list from the catalog view JSON, and the layout of the graph in
// view from the layout JSON. The catalog itself lives in the worker (wasm/fbclens-worker.js).
#pragma once

#include <string>
#include <vector>

#include "layout/channel_layout.h"
#include "load/document.h"

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
  std::string group;        ///< the heading it is listed under, as the core wrote it ("catalog files", 'package "a" > channel "b"')
  std::string code;
  std::string where;        ///< "file:line:col", "file" or "", as the core wrote it
  struct Note {
    std::string where, message;
  };
  std::vector<Note> notes;  ///< related places (the core's "notes")
  std::string message;
  std::string opm_message;
  /// What the findings list shows, one line each: the message with line breaks as spaces, cut at
  /// a word after kPreviewBytes with "... (+N characters)" (the built-in font has no ellipsis
  /// glyph). opm lists every stranded bundle in one line, which can run to tens of kilobytes; the
  /// row's tooltip wraps the preview, and the whole text is beside the source once selected.
  std::string message_preview, opm_preview;
  bool reported_by_opm = false;
  std::string package, channel, bundle;
  int index = 0;            ///< position in the Summary's findings (the order the DOM list keys on)
};

/// One channel entry's bundle in full, from the worker's bundle details JSON
/// (core/export/bundle_details_json.h): the Bundle tab of the lower panel.
struct BundleDetails {
  std::string package, channel, name;  ///< what it is about ("" name = nothing loaded)
  std::string version, release, image, where;
  bool head = false;       ///< the channel's head
  bool deprecated = false;
  std::string deprecation;
  std::string replaces, skip_range;
  std::vector<std::string> skips;
  struct Property {
    std::string type;
    std::string value;    ///< compact JSON text, cut when `truncated`
    bool truncated = false;
  };
  std::vector<Property> properties;
  std::vector<std::pair<std::string, std::string>> related_images;  ///< (name, image)
  std::size_t bundle_objects = 0;
  std::uint64_t bundle_object_bytes = 0;
  std::string error;      ///< the failure's message when the worker had no details, else ""
};

/// The whole catalog as the panels show it.
struct CatalogView {
  unsigned generation = 0;  ///< increases with every catalog the app is given
  std::string verdict;      ///< "VALID", "INVALID", "LOAD ERROR"
  std::size_t files = 0, blobs = 0, packages = 0, channels = 0, bundles = 0, bytes = 0;
  std::vector<PackageRow> package_rows;
  std::vector<FindingRow> findings;  ///< sorted by group, then as reported
};

/// Longest text, in bytes, a findings-table cell shows before it is cut (see FindingRow).
constexpr std::size_t kPreviewBytes = 300;

/// `text` on one line (line breaks and tabs as spaces), and when longer than `limit` bytes its
/// start cut after the last ", " or space before `limit` (at a UTF-8 character boundary when there
/// is none) and "... (+N characters)" with N the characters (UTF-8 code points) left out.
std::string preview_text(const std::string& text, std::size_t limit = kPreviewBytes);

/// One line of the findings list: the heading of a group (package > channel > bundle) or a finding.
struct FindingListRow {
  bool heading = false;
  int finding = 0;  ///< index into CatalogView::findings (for a heading: the group's first shown)
};

/// The findings list as the filters leave it: each group's heading before its first finding
/// shown, then those findings, in the view's order. `show_severity` is indexed by
/// FindingRow::severity (errors, warnings, info); `only_opm` keeps what opm itself reports. Built
/// when the view or a filter changes, so the panel can draw only the rows in view.
std::vector<FindingListRow> finding_list_rows(const CatalogView& view, const bool (&show_severity)[3], bool only_opm);

/// Builds the view from the worker's catalog view JSON (core/export/catalog_view_json.h). Missing
/// or mistyped fields read as empty, so a malformed answer shows an empty catalog, never crashes.
CatalogView parse_catalog_view(const Json& view, unsigned generation);

/// Sets the rows' `visible` flags for the explorer search `query` (case-insensitive substring; ""
/// shows everything). Called when the query or the view changes, never per frame.
void apply_search(CatalogView& view, const std::string& query);

/// What Enter in the explorer's search opens: the first match in the explorer's order after
/// apply_search(view, query) — a package (its channel to show: the default, else the first), a
/// channel, or a bundle with its channel. All empty when nothing matches.
struct SearchMatch {
  std::string package, channel, bundle;
};
SearchMatch first_search_match(const CatalogView& view, const std::string& query);

/// Bundle details from their JSON (a failure never reaches here: the caller sets `error`).
/// Missing or mistyped fields read as empty.
BundleDetails parse_bundle_details(const Json& details);

/// The heading of each of `layout`'s bands (channels of `package`): "stable  [default]",
/// "alpha  [deprecated]", or the bare channel name when the view does not know it. Built when a
/// layout arrives, not per frame.
std::vector<std::string> band_titles(const CatalogView& view, const std::string& package, const ChannelLayout& layout);

/// The layout from its JSON (core/export/layout_json.h). Edges whose ends are not nodes (or
/// ghosts) are dropped, and band indices are clamped to the bands there are (a layout with nodes
/// and no bands gets one), so the UI can index bands without checks.
ChannelLayout parse_layout(const Json& layout);

}  // namespace fbclens::web
