// What the OpenShift console's OperatorHub shows for one package of a catalog (spec
// operatorhub-and-ux.md §1, with the corrections of §1.6 taking precedence): whether the package
// is listed, its tile, the details header and inline alert, the channel and version dropdowns and
// the install page's note. Model in, data out: nothing here draws or prints.
//
// Console behaviour reproduced, by stage:
//   package-server (OLM pkg/package-server/provider/registry.go) builds the PackageManifest:
//     channels whose head has no CSV are dropped; the default channel falls back to the first
//     remaining channel in byte order (§1.6.6, §1.6.12); entries are semver-descending with
//     legacy `olm.deprecated` bundles left out (§1.1.2, §1.6.4);
//   the console (release-4.16 … release-4.21) filters the list (non-standalone, OS/arch; §1.6.8,
//     §1.6.13), sorts channels reverse alphanumeric under ICU numeric collation (§1.6.5) and renders
//     badges, tooltips and the alert per version (§1.2, §1.6.2, §1.6.3).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/model.h"

namespace fbclens::hub {

/// Oldest and newest console minor versions (4.x) with deprecation UI that the preview models.
inline constexpr int kOldestConsole = 16;
inline constexpr int kNewestConsole = 21;

/// Why OperatorHub does not list a package (the `hiddenReasons` codes, §1.6.14):
///   "no-default-channel"  the package declares no defaultChannel (opm refuses such a catalog, so
///                         it is only reachable without opm; §1.6.7);
///   "no-channel-with-csv" every channel's head lacks a CSV, so package-server drops the package and
///                         there is no PackageManifest at all (§1.1.2, §1.6.12);
///   "non-standalone"      the default channel head's CSV has annotation
///                         operators.operatorframework.io/operator-type: non-standalone (§1.6.13);
///   "os-arch-unsupported" the default channel head's os/arch labels exclude linux/amd64 (§1.6.8).
/// No other codes: the spec names none.
using HiddenReason = std::string;

/// A "Deprecated" label (tile or details header): its text is always "Deprecated".
struct Badge {
  std::string text = "Deprecated";
  std::string tooltip;  ///< "Deprecated: {message}" before 4.20, the raw message from 4.20 (§1.6.3)
};

/// The OperatorHub / Software Catalog tile (§1.3, §1.5).
struct Tile {
  std::string title;                     ///< default channel head CSV displayName, else the package name
  std::optional<std::string> provider;   ///< default channel head CSV provider.name; unset when empty
  std::optional<Badge> deprecated_badge; ///< only for a package deprecation (OCP-74621)
};

/// The details panel's inline warning alert (not dismissible; §1.3, §1.6.2).
struct Alert {
  std::string title;                  ///< "Deprecated warnings" (4.16–4.19), "Deprecation warnings" (4.20+)
  std::vector<std::string> messages;  ///< package, selected channel, selected version; verbatim, empty ones left out
};

/// The details modal/panel header and body alert.
struct Details {
  std::string title;                     ///< as the tile's
  std::optional<Badge> deprecated_badge; ///< as the tile's (same tooltip rule, §1.6.3)
  std::optional<Alert> alert;            ///< unset when no line applies
};

/// One option of the channel dropdown.
struct ChannelOption {
  std::string name;
  bool deprecated = false;
  std::optional<std::string> tooltip;  ///< "Deprecated: {message}" on a deprecated channel (all versions)
};

/// One option of the version dropdown (a package-server channel entry).
struct VersionOption {
  std::string bundle;
  std::string version;  ///< the version string the console shows and matches on (see hub_preview)
  bool deprecated = false;
  std::optional<std::string> tooltip;  ///< "Deprecated: {message}" on a deprecated bundle (all versions)
};

/// Everything the preview computes for one package, selection and console version.
struct HubPreview {
  std::string package;
  int console_minor = kNewestConsole;      ///< 16 … 21 (console 4.x)
  bool visible = false;
  std::vector<HiddenReason> hidden_reasons;
  /// False when package-server builds no PackageManifest (no channel with a CSV): then tile,
  /// details and the selections are unset and both lists are empty.
  bool has_manifest = false;
  std::optional<Tile> tile;
  std::optional<Details> details;
  std::vector<ChannelOption> channels;     ///< console order (reverse alphanumeric, §1.6.5)
  std::optional<std::string> selected_channel;
  std::vector<VersionOption> versions;     ///< the selected channel's entries, semver-descending
  std::optional<std::string> selected_version;
  /// The install page's info alert, set when the selected version is not the channel head's.
  std::optional<std::string> install_note;
};

/// What to preview: the console's defaults apply to the fields left empty.
struct PreviewRequest {
  std::string package;
  std::string channel;        ///< "" = the (effective) default channel
  std::string version;        ///< "" = the selected channel head's version
  int console_minor = kNewestConsole;
};

/// Parses a console version "4.16" … "4.21" into its minor number; nullopt for anything else.
std::optional<int> parse_console_version(const std::string& text);

/// "4.{minor}".
std::string console_version_text(int minor);

/// The console's channel order: names compared like JavaScript's
/// `a.localeCompare(b, undefined, {numeric: true, sensitivity: 'base'})` under ICU root collation
/// (whitespace < punctuation < symbols < digits < letters; digit runs by value; case ignored),
/// descending. Equal names keep their input order (§1.6.5). Returns the sorted copy.
std::vector<std::string> console_channel_order(std::vector<std::string> names);

/// Computes the preview of `request` against `model`. Errors (returns nullopt, `error` names the
/// culprit): the package is not in the model; the channel is not one of the dropdown's; the
/// version is not one of the selected channel's listed versions; the console minor is outside
/// 16…21. A package without a PackageManifest accepts no channel or version.
///
/// Version strings: the console preselects the channel head CSV's spec.version read with
/// ParseTolerant (§1.6.1), which may not be one of the listed versions (entries show their
/// olm.package version, likewise normalised). A head described by olm.csv.metadata has no CSV
/// version, so its olm.package version stands in (what package-server's synthesised CSV
/// carries); an unparsable version is shown as written.
std::optional<HubPreview> hub_preview(const model::Model& model, const PreviewRequest& request, std::string& error);

}  // namespace fbclens::hub
