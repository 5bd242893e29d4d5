// What the OpenShift console's OperatorHub shows for one package of a catalog (spec
// operatorhub-and-ux.md §1, with the corrections of §1.6 taking precedence): whether the package
// is listed, its tile, the details header and inline alert, the channel and version dropdowns, the
// install page's note and, on consoles that have them, the Installed Operators lifecycle columns.
// Model in, data out: nothing here draws or prints. What differs between console versions is one
// row of hub/consoles.h.
//
// Console behaviour reproduced, by stage:
//   package-server (OLM pkg/package-server/provider/registry.go, labels.go at 992bb09774) builds
//     the PackageManifest: channels whose head has no CSV are dropped; the default channel falls
//     back to the first remaining channel in byte order when its head is dropped (§1.6.6,
//     §1.6.12); a defaultChannel that names no channel stays as declared, so the console finds no
//     current CSV for it; the labels are the default CSV's plus os.linux / arch.amd64 defaults;
//     entries arrive in the registry's order (channel, package, bundle name), legacy
//     `olm.deprecated` bundles left out, and each channel's are sorted newest first with Go's
//     unstable sort.Slice (§1.1.2, §1.6.4);
//   the console (hub/consoles.h rows) filters the list (non-standalone, OS/arch; §1.6.8, §1.6.13),
//     sorts channels reverse alphanumeric under ICU numeric collation, stably (§1.6.5), renders
//     badges, tooltips and the alert (§1.2, §1.6.2, §1.6.3) and, on 5.0, the lifecycle columns
//     (lifecycle/lifecycle.h).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "hub/consoles.h"
#include "model/model.h"

namespace fbclens::hub {

/// Why OperatorHub does not list a package (the `hiddenReasons` codes, §1.6.14):
///   "no-default-channel"  the package's defaultChannel is unset or names no channel it declares
///                         (opm refuses such a catalog, so it is only reachable without opm;
///                         §1.6.7): the console excludes a PackageManifest without
///                         status.defaultChannel, and its standalone check fails on one whose
///                         default names no channel;
///   "no-channel-with-csv" every channel's head lacks a CSV, so package-server drops the package and
///                         there is no PackageManifest at all (§1.1.2, §1.6.12);
///   "non-standalone"      the default channel head's CSV has annotation
///                         operators.operatorframework.io/operator-type: non-standalone (§1.6.13);
///   "os-arch-unsupported" a cluster of linux/amd64 nodes does not list it by the PackageManifest's
///                         os/arch labels (the default channel head CSV's, else the first
///                         channel's, with package-server's linux/amd64 defaults), judged by the
///                         console row's ArchFilter (§1.6.8; 4.16 needs arch.amd64 itself).
/// No other codes: the spec names none.
using HiddenReason = std::string;

/// A "Deprecated" label (tile or details header): its text is always "Deprecated".
struct Badge {
  std::string text = "Deprecated";
  std::string tooltip;  ///< "Deprecated: {message}", or the raw message where the console row says so (4.20+, §1.6.3)
};

/// The tile's icon as the console draws it: <img src="data:{media_type};base64,{base64_data}">.
struct TileIcon {
  std::string media_type;   ///< as given ("" when the CSV gives none)
  std::string base64_data;  ///< as given, not decoded
};

/// The OperatorHub / Software Catalog tile (§1.3, §1.5).
struct Tile {
  /// The default channel head CSV's displayName; the package name when it has none or when the
  /// defaultChannel names no channel (the console finds no current CSV description then).
  std::string title;
  /// package-server's provider (the default channel head CSV's, else the first channel's in byte
  /// order), read as the console row says; unset when empty.
  std::optional<std::string> provider;
  std::optional<Badge> deprecated_badge; ///< only for a package deprecation (OCP-74621)
  /// The current CSV description's first icon (currentCSVDesc.icon[0]), which the registry takes
  /// from the CSV of an olm.bundle.object bundle and, for an olm.csv.metadata bundle (whose
  /// property has no icon field), from the package's olm.package icon. Unset: the console draws
  /// its placeholder icon.
  std::optional<TileIcon> icon;
};

/// The details panel's inline warning alert (not dismissible; §1.3, §1.6.2).
struct Alert {
  std::string title;                  ///< the console row's alert_title
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

/// A support phase as the lifecycle popover lists it.
struct LifecyclePhase {
  std::string name, start_date, end_date;  ///< as written
};

/// The Installed Operators row's cluster-compatibility cell.
struct LifecycleCompatibility {
  std::string status = "no-data";  ///< "compatible", "incompatible" or "no-data"
  std::string text = "-";          ///< what the cell shows: "Compatible", "Incompatible" or "-"
};

/// The Installed Operators row's support-phase cell and its popover.
struct LifecycleSupport {
  /// "active", "self-support" or "no-data"; unset without a date.
  std::optional<std::string> status;
  /// What the cell shows: the current phase's name, "Unsupported" (self-support) or "-"; unset
  /// without a date.
  std::optional<std::string> text;
  std::optional<std::string> end_date;  ///< the current phase's endDate, shown under its name
  std::vector<LifecyclePhase> phases;   ///< the popover's list: by end date, ascending
};

/// The Installed Operators row's lifecycle columns (console 5.0; operator-lifecycle-status.tsx),
/// as they would read with the selected version installed from this catalog on a cluster of the
/// console's OpenShift release. The console reads the package's lifecycle object through the
/// registry (lifecycle/lifecycle.h); with none, or more than one, both columns show "-".
struct LifecyclePreview {
  std::size_t objects = 0;              ///< the package's lifecycle objects (the console needs exactly 1)
  std::string installed_version;        ///< the version judged: the selected version
  std::string cluster_version;          ///< the console's OpenShift release, "5.0"
  std::optional<std::string> date;      ///< the day judged (YYYY-MM-DD); unset when none was given
  std::optional<std::string> stream;    ///< the versions[].name matched
  LifecycleCompatibility compatibility;
  LifecycleSupport support_phase;
};

/// Everything the preview computes for one package, selection and console version.
struct HubPreview {
  std::string package;
  std::string console = kDefaultConsole;   ///< a hub/consoles.h row's name
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
  /// Set only on consoles whose row has the lifecycle columns, for a package with a PackageManifest.
  std::optional<LifecyclePreview> lifecycle;
};

/// What to preview: the console's defaults apply to the fields left empty.
struct PreviewRequest {
  std::string package;
  std::string channel;        ///< "" = the (effective) default channel
  std::string version;        ///< "" = the selected channel head's version
  std::string console = kDefaultConsole;  ///< a hub/consoles.h row's name
  /// The day the lifecycle support phase is judged on, "YYYY-MM-DD" (the console uses today; the
  /// core has no clock). "" = not judged. Read only on consoles with lifecycle columns.
  std::string date;
};

/// The console's channel order: names compared like JavaScript's
/// `a.localeCompare(b, undefined, {numeric: true, sensitivity: 'base'})` under ICU root collation
/// (whitespace < punctuation < symbols < digits < letters; digit runs by value; case ignored),
/// descending. Equal names keep their input order (§1.6.5). Returns the sorted copy.
std::vector<std::string> console_channel_order(std::vector<std::string> names);

/// Computes the preview of `request` against `model`. Errors (returns nullopt, `error` names the
/// culprit): the package is not in the model; the channel is not one of the dropdown's; the
/// version is not one of the selected channel's listed versions; the console is no row of
/// hub/consoles.h; the date is not a YYYY-MM-DD calendar date. A package without a
/// PackageManifest accepts no channel or version.
///
/// Version strings: the console preselects the channel head CSV's spec.version read with
/// ParseTolerant (§1.6.1), which may not be one of the listed versions (entries show their
/// olm.package version, likewise normalised). A head described by olm.csv.metadata has no CSV
/// version, so its olm.package version stands in (what package-server's synthesised CSV
/// carries); an unparsable version is shown as written.
std::optional<HubPreview> hub_preview(const model::Model& model, const PreviewRequest& request, std::string& error);

}  // namespace fbclens::hub
