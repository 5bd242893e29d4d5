// The OperatorHub preview as JSON: one shape for the CLI (`fbclens hub-preview --output json`)
// and the protocol's hubPreview, declared once as the json_fields of the preview's structs
// (view/json_fields.h), so the same list writes it and reads it back. (The console versions it
// models are hub/consoles.h.)
#pragma once

#include "hub/hub_preview.h"
#include "load/document.h"
#include "view/json_fields.h"

namespace fbclens {

namespace hub {

inline auto json_fields(const Badge*) {
  return std::make_tuple(view::field("text", &Badge::text), view::field("tooltip", &Badge::tooltip));
}
inline auto json_fields(const TileIcon*) {
  return std::make_tuple(view::field("mediatype", &TileIcon::media_type), view::field("base64data", &TileIcon::base64_data));
}
inline auto json_fields(const Tile*) {
  return std::make_tuple(view::field("title", &Tile::title), view::field("provider", &Tile::provider),
                         view::field("deprecatedBadge", &Tile::deprecated_badge), view::field("icon", &Tile::icon));
}
inline auto json_fields(const Alert*) {
  return std::make_tuple(view::field("title", &Alert::title), view::field("messages", &Alert::messages));
}
inline auto json_fields(const Details*) {
  return std::make_tuple(view::field("title", &Details::title), view::field("deprecatedBadge", &Details::deprecated_badge),
                         view::field("alert", &Details::alert));
}
inline auto json_fields(const ChannelOption*) {
  return std::make_tuple(view::field("name", &ChannelOption::name), view::field("deprecated", &ChannelOption::deprecated),
                         view::field("tooltip", &ChannelOption::tooltip));
}
inline auto json_fields(const VersionOption*) {
  return std::make_tuple(view::field("bundle", &VersionOption::bundle), view::field("version", &VersionOption::version),
                         view::field("deprecated", &VersionOption::deprecated), view::field("tooltip", &VersionOption::tooltip));
}
inline auto json_fields(const LifecyclePhase*) {
  return std::make_tuple(view::field("name", &LifecyclePhase::name), view::field("startDate", &LifecyclePhase::start_date),
                         view::field("endDate", &LifecyclePhase::end_date));
}
inline auto json_fields(const LifecycleCompatibility*) {
  return std::make_tuple(view::field("status", &LifecycleCompatibility::status), view::field("text", &LifecycleCompatibility::text));
}
inline auto json_fields(const LifecycleSupport*) {
  return std::make_tuple(view::field("status", &LifecycleSupport::status), view::field("text", &LifecycleSupport::text),
                         view::field("endDate", &LifecycleSupport::end_date), view::field("phases", &LifecycleSupport::phases));
}
inline auto json_fields(const LifecyclePreview*) {
  return std::make_tuple(view::field("objects", &LifecyclePreview::objects),
                         view::field("installedVersion", &LifecyclePreview::installed_version),
                         view::field("clusterVersion", &LifecyclePreview::cluster_version), view::field("date", &LifecyclePreview::date),
                         view::field("stream", &LifecyclePreview::stream),
                         view::field("compatibility", &LifecyclePreview::compatibility),
                         view::field("supportPhase", &LifecyclePreview::support_phase));
}
/// `has_manifest` is not written: a preview without a PackageManifest shows as null tile, details
/// and selections and empty lists.
inline auto json_fields(const HubPreview*) {
  return std::make_tuple(view::field("package", &HubPreview::package), view::field("console", &HubPreview::console),
                         view::field("visible", &HubPreview::visible), view::field("hiddenReasons", &HubPreview::hidden_reasons),
                         view::field("tile", &HubPreview::tile), view::field("details", &HubPreview::details),
                         view::field("channels", &HubPreview::channels),
                         view::field("selectedChannel", &HubPreview::selected_channel),
                         view::field("versions", &HubPreview::versions),
                         view::field("selectedVersion", &HubPreview::selected_version),
                         view::field("installNote", &HubPreview::install_note),
                         view::optional_field("lifecycle", &HubPreview::lifecycle));
}

}  // namespace hub

/// {"package": str, "console": "4.21", "visible": bool, "hiddenReasons": [str],
///  "tile": null|{"title", "provider": str|null, "deprecatedBadge": null|{"text", "tooltip"},
///          "icon": null|{"mediatype", "base64data"}},
///  "details": null|{"title", "deprecatedBadge": null|{..}, "alert": null|{"title", "messages": [str]}},
///  "channels": [{"name", "deprecated", "tooltip": str|null}], "selectedChannel": str|null,
///  "versions": [{"bundle", "version", "deprecated", "tooltip": str|null}],
///  "selectedVersion": str|null, "installNote": str|null}
/// and, only when the console has the lifecycle columns (hub::LifecyclePreview):
///  "lifecycle": {"objects": int, "installedVersion": str, "clusterVersion": str, "date": str|null,
///                "stream": str|null,
///                "compatibility": {"status": "compatible"|"incompatible"|"no-data", "text": str},
///                "supportPhase": {"status": "active"|"self-support"|"no-data"|null, "text": str|null,
///                                 "endDate": str|null,
///                                 "phases": [{"name", "startDate", "endDate"}]}}
/// Unset optionals render as null; a preview without a PackageManifest has null tile, details and
/// selections and empty lists (hub::HubPreview guarantees that). Never fails. view::read_json reads
/// it back into a HubPreview (has_manifest aside).
inline Json hub_preview_json(const hub::HubPreview& preview) { return view::write_json(preview); }

}  // namespace fbclens
