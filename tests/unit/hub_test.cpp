// The OperatorHub preview (spec operatorhub-and-ux.md §1, corrected by §1.6): hidden reasons,
// tile and details per console version, channel and version dropdown order, the alert's lines
// and the install note, on tests/fixtures/hub; then the JSON on real catalogs from ../shared.
#include <catch2/catch.hpp>

#include <algorithm>
#include <iterator>

#include "export/hub_json.h"
#include "hub/hub_preview.h"
#include "load/file_source.h"
#include "support.h"
#include "view/consoles.h"
#include "validate/validate.h"

namespace fbclens::test {
namespace {

using Strings = std::vector<std::string>;

ValidationReport load_fixture(const std::string& name) {
  DirectoryFileSource source(source_dir() + "/tests/fixtures/hub/" + name);
  return validate_catalog(source);
}

// The preview's JSON for `request`, failing the test when the request is refused.
Json preview(const ValidationReport& report, const std::string& package, const std::string& console,
             const std::string& channel = "", const std::string& version = "", const std::string& date = "") {
  std::string error;
  const auto p = hub::hub_preview(report.model, {package, channel, version, console, date}, error);
  INFO(error);
  REQUIRE(p);
  return hub_preview_json(*p);
}

Strings names(const Json& list, const char* key) {
  Strings out;
  for (const Json& item : list) out.push_back(item[key].get<std::string>());
  return out;
}

// The console versions, as the table in hub/consoles.h declares them.
Strings console_names() {
  Strings out;
  for (const hub::ConsoleVersion& c : hub::kConsoles) out.push_back(c.name);
  return out;
}

// Whether console a is older than console b (the table is in release order).
bool older(const std::string& a, const std::string& b) {
  const Strings names = console_names();
  return std::find(names.begin(), names.end(), a) < std::find(names.begin(), names.end(), b);
}

TEST_CASE("hub: the console versions are the release branches 4.16 … 4.22 and 5.0 (4.23), 4.21 by default", "[hub]") {
  CHECK(console_names() == Strings{"4.16", "4.17", "4.18", "4.19", "4.20", "4.21", "4.22", "5.0"});
  CHECK(hub::console_names_text() == "4.16, 4.17, 4.18, 4.19, 4.20, 4.21, 4.22, 5.0");
  CHECK(std::string(hub::default_console().name) == "4.21");
  for (const char* unknown : {"4.15", "4.23", "5.1", "4.2", ""}) CHECK_FALSE(hub::find_console(unknown));
  REQUIRE(hub::find_console("5.0"));
  CHECK(hub::find_console("5.0")->lifecycle);
  CHECK(std::string(hub::find_console("5.0")->branch) == "release-5.0");
  for (const hub::ConsoleVersion& c : hub::kConsoles) {
    INFO(c.name);
    CHECK(c.lifecycle == (std::string(c.name) == "5.0"));
    CHECK(c.raw_badge_tooltip == !older(c.name, "4.20"));
    CHECK(c.toggle_icon == !older(c.name, "4.18"));
    CHECK(std::string(c.catalog_name) == (older(c.name, "4.20") ? "OperatorHub" : "Software Catalog"));
  }
  // The JSON the page builds its picker from lists the same rows.
  const Json table = view::write_json(view::console_list());
  CHECK(table["default"] == "4.21");
  REQUIRE(table["consoles"].size() == std::size(hub::kConsoles));
  CHECK(table["consoles"][0]["archFilter"] == "items-without-arch-default");
  CHECK(table["consoles"][7]["name"] == "5.0");
  CHECK(table["consoles"][7]["lifecycle"] == true);
  CHECK(table["consoles"][4]["badgeTooltip"] == "raw");
}

TEST_CASE("hub: channel dropdown is reverse alphanumeric under ICU numeric collation (§1.6.5)", "[hub]") {
  CHECK(hub::console_channel_order({"stable-3.5", "24.1.1", "alpha", "stable-3.x", "Beta", "stable-3.10", "stable"}) ==
        Strings{"stable-3.x", "stable-3.10", "stable-3.5", "stable", "Beta", "alpha", "24.1.1"});
  // Punctuation sorts before digits; case is ignored and ties keep the input (byte) order.
  CHECK(hub::console_channel_order({"v-1", "v1", "V1"}) == Strings{"v1", "V1", "v-1"});
  CHECK(hub::console_channel_order({"release-2", "release-10", "release-02"}) == Strings{"release-10", "release-2", "release-02"});
}

TEST_CASE("hub: package, channel and bundle deprecations per console version", "[hub]") {
  const ValidationReport report = load_fixture("deprecations");
  for (const std::string& console : console_names()) {
    INFO("console " << console);
    const Json p = preview(report, "demo", console);
    CHECK(p["console"] == console);
    CHECK(p["visible"] == true);
    CHECK(p["hiddenReasons"].empty());
    CHECK(p["tile"]["title"] == "Demo Operator");
    CHECK(p["tile"]["provider"] == "Acme");
    const std::string tooltip = !older(console, "4.20") ? "demo is end of life.\n" : "Deprecated: demo is end of life.\n";
    CHECK(p["tile"]["deprecatedBadge"] == Json{{"text", "Deprecated"}, {"tooltip", tooltip}});
    CHECK(p["details"]["deprecatedBadge"] == p["tile"]["deprecatedBadge"]);
    const std::string alert = !older(console, "4.20") ? "Deprecation warnings" : "Deprecated warnings";
    CHECK(p["details"]["alert"] == Json{{"title", alert}, {"messages", {"demo is end of life.\n"}}});
    // Every channel's head has a CSV (candidate's head carries olm.deprecated and stays its head).
    CHECK(names(p["channels"], "name") == Strings{"stable", "fast", "candidate"});
    CHECK(p["channels"][1] == Json{{"name", "fast"}, {"deprecated", true}, {"tooltip", "Deprecated: fast is gone; use stable."}});
    CHECK(p["channels"][0]["tooltip"].is_null());
    CHECK(p["selectedChannel"] == "stable");
    // Semver-descending, legacy olm.deprecated demo.v1.0.0 left out.
    CHECK(names(p["versions"], "version") == Strings{"2.0.0", "1.10.0", "1.1.0"});
    CHECK(p["versions"][2] == Json{{"bundle", "demo.v1.1.0"}, {"version", "1.1.0"}, {"deprecated", true},
                                   {"tooltip", "Deprecated: 1.1.0 has a CVE."}});
    CHECK(p["selectedVersion"] == "2.0.0");
    CHECK(p["installNote"].is_null());
  }
}

TEST_CASE("hub: the alert follows the selected channel and version, in package/channel/version order", "[hub]") {
  const ValidationReport report = load_fixture("deprecations");
  const Json old = preview(report, "demo", "4.20", "stable", "1.1.0");
  CHECK(old["details"]["alert"]["messages"] == Json{"demo is end of life.\n", "1.1.0 has a CVE."});
  CHECK(old["selectedVersion"] == "1.1.0");
  CHECK(old["installNote"] ==
        "Manual update approval is required when not installing the latest version for the selected channel.");

  const Json fast = preview(report, "demo", "4.18", "fast");
  CHECK(fast["details"]["alert"] == Json{{"title", "Deprecated warnings"},
                                         {"messages", {"demo is end of life.\n", "fast is gone; use stable."}}});
  CHECK(names(fast["versions"], "version") == Strings{"2.1.0", "2.0.0"});
  CHECK(fast["selectedVersion"] == "2.1.0");

  // candidate's head (3.0.0) carries olm.deprecated: preselected but not listed, and no note (§1.6.1).
  const Json candidate = preview(report, "demo", "4.21", "candidate");
  CHECK(names(candidate["versions"], "version") == Strings{"2.1.0"});
  CHECK(candidate["selectedVersion"] == "3.0.0");
  CHECK(candidate["installNote"].is_null());

  // No package deprecation: no badge; the alert shows the bundle line alone.
  const Json plain = preview(report, "plain", "4.19");
  CHECK(plain["tile"] == Json{{"title", "plain"}, {"provider", nullptr}, {"deprecatedBadge", nullptr}, {"icon", nullptr}});
  CHECK(plain["details"]["deprecatedBadge"].is_null());
  CHECK(names(plain["channels"], "name") == Strings{"beta", "alpha"});
  CHECK(plain["selectedChannel"] == "alpha");
  CHECK(plain["details"]["alert"] == Json{{"title", "Deprecated warnings"}, {"messages", {"0.1.0 is old."}}});
  const Json beta = preview(report, "plain", "4.21", "beta");
  CHECK(beta["details"]["alert"]["messages"] == Json{"beta is closed."});
  CHECK(beta["versions"][1]["deprecated"] == true);
}

TEST_CASE("hub: unknown package, channel or version is refused with its name", "[hub]") {
  const ValidationReport report = load_fixture("deprecations");
  std::string error;
  CHECK_FALSE(hub::hub_preview(report.model, {"nope", "", "", "4.21"}, error));
  CHECK(error == "package nope is not in the catalog");
  CHECK_FALSE(hub::hub_preview(report.model, {"demo", "edge", "", "4.21"}, error));
  CHECK(error == "channel edge is not in package demo");
  CHECK_FALSE(hub::hub_preview(report.model, {"demo", "stable", "1.0.0", "4.21"}, error));  // olm.deprecated: not listed
  CHECK(error == "version 1.0.0 is not listed in channel stable of package demo");
  CHECK_FALSE(hub::hub_preview(report.model, {"demo", "", "", "4.15"}, error));
  CHECK(error == "console 4.15 is not one of 4.16, 4.17, 4.18, 4.19, 4.20, 4.21, 4.22, 5.0");
  CHECK_FALSE(hub::hub_preview(report.model, {"demo", "", "", "5.0", "2026-02-30"}, error));
  CHECK(error == "date 2026-02-30 is not a YYYY-MM-DD date");
}

TEST_CASE("hub: the head's CSV spec.version is preselected, read tolerantly, even when no entry lists it (§1.6.1)",
          "[hub]") {
  const ValidationReport report = load_fixture("csv-version");
  REQUIRE(report.verdict == Verdict::Valid);
  const model::PackageBundle* head = report.model.packages.at("gizmo").bundle("gizmo.v2.1.0");
  REQUIRE(head);
  REQUIRE(head->properties.csv);
  CHECK(head->properties.csv->version == "v2.1.1");
  const Json p = preview(report, "gizmo", "4.21");
  CHECK(names(p["versions"], "version") == Strings{"2.1.0", "2.0.0"});  // entries: their olm.package versions
  CHECK(p["selectedVersion"] == "2.1.1");                                 // the CSV's, not listed
  CHECK(p["installNote"].is_null());  // judged against the preselected string itself
  // Choosing a listed version other than the preselected one brings the install note.
  CHECK(preview(report, "gizmo", "4.21", "stable", "2.0.0")["installNote"].is_string());
}

TEST_CASE("hub: hidden reasons and what a hidden package still shows (§1.6.8, §1.6.12–14)", "[hub]") {
  const ValidationReport report = load_fixture("hidden");
  const Json nocsv = preview(report, "nocsv", "4.21");
  CHECK(nocsv == Json{{"package", "nocsv"}, {"console", "4.21"}, {"visible", false}, {"hiddenReasons", {"no-channel-with-csv"}},
                      {"tile", nullptr}, {"details", nullptr}, {"channels", Json::array()}, {"selectedChannel", nullptr},
                      {"versions", Json::array()}, {"selectedVersion", nullptr}, {"installNote", nullptr}});
  std::string error;
  CHECK_FALSE(hub::hub_preview(report.model, {"nocsv", "stable", "", "4.21"}, error));

  const Json addon = preview(report, "addon", "4.21");
  CHECK(addon["visible"] == false);
  CHECK(addon["hiddenReasons"] == Json{"non-standalone"});
  CHECK(addon["tile"]["title"] == "Add-on");  // still a PackageManifest: the full preview
  CHECK(addon["selectedVersion"] == "1.0.0");

  // Rule 2 of issue 24: each console's OS/arch filter, on the PackageManifest's labels (the CSV's,
  // with package-server's linux/amd64 defaults) for a cluster of linux/amd64 nodes.
  for (const std::string& console : console_names()) {
    INFO("console " << console);
    // arm64 only: hidden everywhere, 4.16 too (its filter needs arch.amd64 = supported itself).
    CHECK(preview(report, "armonly", console)["hiddenReasons"] == Json{"os-arch-unsupported"});
    CHECK(preview(report, "windows", console)["hiddenReasons"] == Json{"os-arch-unsupported"});
    // arch.amd64 = unsupported and no other arch label: package-server adds no default (a key has
    // the prefix); 4.16 then has no supported arch and no default, 4.17–4.19 assume amd64, 4.20+'s
    // label selector wants arch.amd64 = supported.
    const bool items_default = !older(console, "4.17") && older(console, "4.20");
    CHECK(preview(report, "amd64off", console)["visible"] == items_default);
    CHECK(preview(report, "multiarch", console)["visible"] == true);
    CHECK(preview(report, "fallback", console)["visible"] == true);  // no labels: package-server's defaults
  }

  // Default channel "a" is dropped (head without CSV): the default is the first left in byte order.
  const Json fallback = preview(report, "fallback", "4.21");
  CHECK(fallback["visible"] == true);
  CHECK(names(fallback["channels"], "name") == Strings{"c", "b"});
  CHECK(fallback["selectedChannel"] == "b");
  CHECK(fallback["tile"]["title"] == "From B");
  CHECK_FALSE(hub::hub_preview(report.model, {"fallback", "a", "", "4.21"}, error));
  CHECK(error == "channel a of package fallback is not offered (its head has no CSV)");
}

TEST_CASE("hub: versions of equal precedence land where Go's sort.Slice leaves them (issue 24 rule 1)", "[hub]") {
  const ValidationReport report = load_fixture("tied-versions");
  REQUIRE(report.verdict == Verdict::Valid);
  // package-server gets the entries in bundle-name order, which here is ascending by version;
  // pdqsort sees a descending run (under "newer first") and reverses it, ties included, so the four
  // 1.8.0 rebuilds come out build.4 first. A stable sort would keep build.1 first.
  const Strings go_order{"2.0.0", "1.9.0", "1.8.0+build.4", "1.8.0+build.3", "1.8.0+build.2", "1.8.0+build.1", "1.7.0",
                         "1.6.0", "1.5.0", "1.4.0", "1.3.0", "1.2.0", "1.1.0", "1.0.0"};
  for (const std::string& console : console_names()) {
    INFO("console " << console);
    const Json p = preview(report, "tied", console);
    CHECK(names(p["versions"], "version") == go_order);
    CHECK(p["versions"][2]["bundle"] == "tied.v1.8.0-build.4");
  }
  // Picking one of the rebuilds selects that very string (the console matches versions by string).
  const Json picked = preview(report, "tied", "4.21", "stable", "1.8.0+build.2");
  CHECK(picked["selectedVersion"] == "1.8.0+build.2");
  CHECK(picked["installNote"].is_string());
}

TEST_CASE("hub: a defaultChannel that names no channel: title from the package name (issue 24 rule 3)", "[hub]") {
  const ValidationReport report = load_fixture("no-default");
  CHECK(report.verdict == Verdict::Invalid);  // opm refuses both packages; the preview is still asked
  for (const std::string& console : console_names()) {
    INFO("console " << console);
    // Unset: the console excludes the package and finds no current CSV description; the provider
    // is package-server's, the first channel's in byte order (alpha), on every console version.
    const Json unset = preview(report, "unset", console);
    CHECK(unset["hiddenReasons"] == Json{"no-default-channel"});
    CHECK(unset["tile"] == Json{{"title", "unset"}, {"provider", "Alpha Corp"}, {"deprecatedBadge", nullptr}, {"icon", nullptr}});
    CHECK(unset["details"]["title"] == "unset");
    CHECK(names(unset["channels"], "name") == Strings{"stable", "alpha"});
    CHECK(unset["selectedChannel"] == "alpha");
    CHECK(unset["selectedVersion"] == "1.0.0");
    // Naming a channel the package does not declare: the same (opm's model adds an empty channel
    // "gone", which no registry lists).
    const Json dangling = preview(report, "dangling", console);
    CHECK(dangling["hiddenReasons"] == Json{"no-default-channel"});
    CHECK(dangling["tile"] == Json{{"title", "dangling"}, {"provider", "Dangling Inc"}, {"deprecatedBadge", nullptr}, {"icon", nullptr}});
    CHECK(names(dangling["channels"], "name") == Strings{"stable"});
    CHECK(dangling["selectedChannel"] == "stable");
  }
  std::string error;
  CHECK_FALSE(hub::hub_preview(report.model, {"dangling", "gone", "", "4.21"}, error));
  CHECK(error == "channel gone is not in package dangling");
}

TEST_CASE("hub: console 5.0's lifecycle columns, as the selected version would show installed", "[hub]") {
  DirectoryFileSource source(source_dir() + "/tests/fixtures/validation/f81-advice-lifecycle/catalog");
  const ValidationReport report = validate_catalog(source);
  // The head 2.0.0: stream "2.0", compatible with 5.0, in its full support phase on 2026-06-01.
  const Json head = preview(report, "ops", "5.0", "", "", "2026-06-01");
  REQUIRE(head.contains("lifecycle"));
  CHECK(head["lifecycle"] ==
        Json{{"objects", 1}, {"installedVersion", "2.0.0"}, {"clusterVersion", "5.0"}, {"date", "2026-06-01"}, {"stream", "2.0"},
             {"compatibility", {{"status", "compatible"}, {"text", "Compatible"}}},
             {"supportPhase", {{"status", "active"}, {"text", "Full support"}, {"endDate", "2027-06-30"},
                               {"phases", {{{"name", "Full support"}, {"startDate", "2026-01-01"}, {"endDate", "2027-06-30"}}}}}}});
  // 1.1.0: OpenShift 4.20 and 4.21 only; phases listed by end date; maintenance is current.
  const Json older_version = preview(report, "ops", "5.0", "stable", "1.1.0", "2026-06-01");
  const Json& l = older_version["lifecycle"];
  CHECK(l["stream"] == "1.1");
  CHECK(l["compatibility"]["text"] == "Incompatible");
  CHECK(l["supportPhase"]["text"] == "Maintenance support");
  CHECK(names(l["supportPhase"]["phases"], "name") == Strings{"Full support", "Maintenance support"});
  // 1.0.0: no platform data ("-"); every phase over: "Unsupported" (self-support).
  const Json eol = preview(report, "ops", "5.0", "stable", "1.0.0", "2026-06-01");
  CHECK(eol["lifecycle"]["compatibility"] == Json{{"status", "no-data"}, {"text", "-"}});
  CHECK(eol["lifecycle"]["supportPhase"]["status"] == "self-support");
  CHECK(eol["lifecycle"]["supportPhase"]["text"] == "Unsupported");
  CHECK(eol["lifecycle"]["supportPhase"]["endDate"].is_null());
  // Without a day the support phase is not judged.
  const Json undated = preview(report, "ops", "5.0");
  CHECK(undated["lifecycle"]["date"].is_null());
  CHECK(undated["lifecycle"]["supportPhase"]["status"].is_null());
  CHECK(undated["lifecycle"]["compatibility"]["status"] == "compatible");
  // Two objects: the console's backend answers 409, the page shows "-" in both columns.
  const Json twice = preview(report, "twice", "5.0", "", "", "2026-06-01");
  CHECK(twice["lifecycle"]["objects"] == 2);
  CHECK(twice["lifecycle"]["stream"].is_null());
  CHECK(twice["lifecycle"]["compatibility"]["text"] == "-");
  CHECK(twice["lifecycle"]["supportPhase"]["text"] == "-");
  // Consoles before 5.0 have no such columns: the key is absent (their JSON is unchanged).
  for (const std::string& console : console_names()) {
    if (console != "5.0") CHECK_FALSE(preview(report, "ops", console, "", "", "2026-06-01").contains("lifecycle"));
  }
}

TEST_CASE("hub: the preview's JSON reads back into the same preview (one declared mapping)", "[hub]") {
  DirectoryFileSource source(source_dir() + "/tests/fixtures/validation/f81-advice-lifecycle/catalog");
  const ValidationReport report = validate_catalog(source);
  std::string error;
  for (const std::string& console : {std::string("4.21"), std::string("5.0")}) {
    const auto p = hub::hub_preview(report.model, {"ops", "", "", console, "2026-06-01"}, error);
    REQUIRE(p);
    const Json written = hub_preview_json(*p);
    hub::HubPreview back;
    CHECK(view::read_json(written, back));
    CHECK(hub_preview_json(back) == written);
    CHECK(back.lifecycle.has_value() == (console == "5.0"));
  }
  hub::HubPreview back;
  CHECK_FALSE(view::read_json(Json{{"package", 7}}, back));  // a mistyped field is an error, not a throw
}

// The CLI's path (open the folder, validate, hub_preview, hub_preview_json) on real catalogs.
const bool registered = [] {
  if (!shared_available()) {
    register_test("hub/(skipped: ../shared/catalogs is absent)", "[hub][shared]", [] { WARN("skipped: ../shared is absent"); });
    return true;
  }
  const std::string catalogs = shared_dir() + "/catalogs";
  register_test("hub/rhtpa-fbc v4.18: channel and bundle deprecations", "[hub][shared]", [catalogs] {
    std::string error;
    const auto source = open_catalog_path(catalogs + "/rhtpa-fbc/v4.18/catalog", error);
    REQUIRE(source);
    const ValidationReport report = validate_catalog(*source);
    const Json head = preview(report, "rhtpa-operator", "4.18");
    CHECK(head["visible"] == true);
    // rhtpa's bundles carry olm.csv.metadata: the tile's icon is the package's SVG.
    Json tile = head["tile"];
    CHECK(tile["icon"]["mediatype"] == "image/svg+xml");
    tile.erase("icon");
    CHECK(tile == Json{{"title", "Red Hat Trusted Profile Analyzer"}, {"provider", "Red Hat"}, {"deprecatedBadge", nullptr}});
    CHECK(names(head["channels"], "name") == Strings{"stable-v3", "stable-v1.1", "stable-v1.0", "stable"});
    CHECK(head["channels"][2] == Json{{"name", "stable-v1.0"}, {"deprecated", true},
                                     {"tooltip", "Deprecated: stable-v1.0 is no longer supported. Please switch to a not deprecated channel for continued support."}});
    CHECK(head["selectedChannel"] == "stable-v3");
    CHECK(names(head["versions"], "version") == Strings{"3.1.0", "3.0.0"});
    CHECK(head["selectedVersion"] == "3.1.0");
    CHECK(head["details"]["alert"].is_null());
    CHECK(head["installNote"].is_null());

    const Json old = preview(report, "rhtpa-operator", "4.21", "stable", "1.0.1");
    CHECK(names(old["versions"], "version") == Strings{"1.0.2", "1.0.1", "1.0.0"});
    CHECK(old["versions"][1]["tooltip"] == "Deprecated: rhtpa-operator.v1.0.1 is deprecated. Please consider updating for continued support.");
    CHECK(old["details"]["alert"] ==
          Json{{"title", "Deprecation warnings"},
               {"messages", {"stable is no longer supported. Please switch to a not deprecated channel for continued support.",
                             "rhtpa-operator.v1.0.1 is deprecated. Please consider updating for continued support."}}});
    CHECK(old["installNote"] ==
          "Manual update approval is required when not installing the latest version for the selected channel.");
  });
  register_test("hub/deprecated-catalog-content: an ignored deprecations file reaches no package", "[hub][shared]", [catalogs] {
    std::string error;
    const auto source = open_catalog_path(catalogs + "/deprecated-catalog-content/redhat-operator-index/4.15/example-mypackage", error);
    REQUIRE(source);
    const ValidationReport report = validate_catalog(*source);
    CHECK(report.verdict == Verdict::Valid);
    // .indexignore lists deprecations.yaml, so package mypackage is not served at all.
    CHECK_FALSE(hub::hub_preview(report.model, {"mypackage", "", "", "4.21"}, error));
    CHECK(error == "package mypackage is not in the catalog");
  });
  return true;
}();

}  // namespace
}  // namespace fbclens::test

namespace fbclens::test {
namespace {

// A package of one bundle, its default channel's head, with `head_properties` (JSON) after its
// olm.package property, and the package icon `package_icon` (olm.package's "icon", JSON, or "").
ValidationReport icon_catalog(const std::string& package_icon, const std::string& head_properties) {
  MemoryFileSource source;
  source.add("catalog.json",
             R"({"schema": "olm.package", "name": "iconic", "defaultChannel": "stable")" +
                 (package_icon.empty() ? std::string() : ", \"icon\": " + package_icon) +
                 R"(}
{"schema": "olm.channel", "package": "iconic", "name": "stable", "entries": [{"name": "iconic.v1.0.0"}]}
{"schema": "olm.bundle", "package": "iconic", "name": "iconic.v1.0.0", "image": "quay.io/x/iconic:v1",
 "properties": [{"type": "olm.package", "value": {"packageName": "iconic", "version": "1.0.0"}}, )" +
                 head_properties + "]}\n");
  return validate_catalog(source);
}

}  // namespace

TEST_CASE("hub: the tile's icon is the head CSV's, or the package's for an olm.csv.metadata head", "[hub]") {
  const std::string package_icon = R"({"base64data": "UEtH", "mediatype": "image/svg+xml"})";
  // olm.csv.metadata has no icon field: the registry gives the synthesised CSV the package icon.
  const std::string metadata = R"({"type": "olm.csv.metadata", "value": {"displayName": "Iconic"}})";
  Json tile = preview(icon_catalog(package_icon, metadata), "iconic", "4.21")["tile"];
  CHECK(tile["icon"] == Json{{"base64data", "UEtH"}, {"mediatype", "image/svg+xml"}});
  tile = preview(icon_catalog("", metadata), "iconic", "4.21")["tile"];
  CHECK(tile["icon"].is_null());  // the console draws its placeholder

  // An olm.bundle.object CSV: its own spec.icon[0], whatever the package's icon.
  const auto csv_object = [](const std::string& icon) {
    const std::string csv = R"({"apiVersion": "operators.coreos.com/v1alpha1", "kind": "ClusterServiceVersion",
      "metadata": {"name": "iconic.v1.0.0"}, "spec": {"displayName": "Iconic", "version": "1.0.0")" +
                            (icon.empty() ? std::string() : ", \"icon\": [" + icon + "]") + "}}";
    return R"({"type": "olm.bundle.object", "value": {"data": ")" + base64_encode(csv) + "\"}}";
  };
  tile = preview(icon_catalog(package_icon, csv_object(R"({"base64data": "Q1NW", "mediatype": "image/png"})")), "iconic", "4.21")["tile"];
  CHECK(tile["icon"] == Json{{"base64data", "Q1NW"}, {"mediatype", "image/png"}});
  tile = preview(icon_catalog(package_icon, csv_object("")), "iconic", "4.21")["tile"];
  CHECK(tile["icon"].is_null());
}

}  // namespace fbclens::test
