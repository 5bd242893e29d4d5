// The OperatorHub preview (spec operatorhub-and-ux.md §1, corrected by §1.6): hidden reasons,
// tile and details per console version, channel and version dropdown order, the alert's lines
// and the install note, on tests/fixtures/hub; then the JSON on real catalogs from ../shared.
#include <catch2/catch.hpp>

#include "export/hub_json.h"
#include "hub/hub_preview.h"
#include "support.h"
#include "validate/validate.h"

namespace fbclens::test {
namespace {

using Strings = std::vector<std::string>;

ValidationReport load_fixture(const std::string& name) {
  DirectoryFileSource source(source_dir() + "/tests/fixtures/hub/" + name);
  return validate_catalog(source);
}

// The preview's JSON for `request`, failing the test when the request is refused.
Json preview(const ValidationReport& report, const std::string& package, int console, const std::string& channel = "",
             const std::string& version = "") {
  std::string error;
  const auto p = hub::hub_preview(report.model, {package, channel, version, console}, error);
  INFO(error);
  REQUIRE(p);
  return hub_preview_json(*p);
}

Strings names(const Json& list, const char* key) {
  Strings out;
  for (const Json& item : list) out.push_back(item[key].get<std::string>());
  return out;
}

TEST_CASE("hub: console versions 4.16 … 4.21 only", "[hub]") {
  CHECK(hub::parse_console_version("4.16") == 16);
  CHECK(hub::parse_console_version("4.21") == 21);
  CHECK_FALSE(hub::parse_console_version("4.15"));
  CHECK_FALSE(hub::parse_console_version("4.22"));
  CHECK_FALSE(hub::parse_console_version("4.2"));
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
  for (int console = hub::kOldestConsole; console <= hub::kNewestConsole; ++console) {
    INFO("console 4." << console);
    const Json p = preview(report, "demo", console);
    CHECK(p["console"] == "4." + std::to_string(console));
    CHECK(p["visible"] == true);
    CHECK(p["hiddenReasons"].empty());
    CHECK(p["tile"]["title"] == "Demo Operator");
    CHECK(p["tile"]["provider"] == "Acme");
    const std::string tooltip = console >= 20 ? "demo is end of life.\n" : "Deprecated: demo is end of life.\n";
    CHECK(p["tile"]["deprecatedBadge"] == Json{{"text", "Deprecated"}, {"tooltip", tooltip}});
    CHECK(p["details"]["deprecatedBadge"] == p["tile"]["deprecatedBadge"]);
    const std::string alert = console >= 20 ? "Deprecation warnings" : "Deprecated warnings";
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
  const Json old = preview(report, "demo", 20, "stable", "1.1.0");
  CHECK(old["details"]["alert"]["messages"] == Json{"demo is end of life.\n", "1.1.0 has a CVE."});
  CHECK(old["selectedVersion"] == "1.1.0");
  CHECK(old["installNote"] ==
        "Manual update approval is required when not installing the latest version for the selected channel.");

  const Json fast = preview(report, "demo", 18, "fast");
  CHECK(fast["details"]["alert"] == Json{{"title", "Deprecated warnings"},
                                         {"messages", {"demo is end of life.\n", "fast is gone; use stable."}}});
  CHECK(names(fast["versions"], "version") == Strings{"2.1.0", "2.0.0"});
  CHECK(fast["selectedVersion"] == "2.1.0");

  // candidate's head (3.0.0) carries olm.deprecated: preselected but not listed, and no note (§1.6.1).
  const Json candidate = preview(report, "demo", 21, "candidate");
  CHECK(names(candidate["versions"], "version") == Strings{"2.1.0"});
  CHECK(candidate["selectedVersion"] == "3.0.0");
  CHECK(candidate["installNote"].is_null());

  // No package deprecation: no badge; the alert shows the bundle line alone.
  const Json plain = preview(report, "plain", 19);
  CHECK(plain["tile"] == Json{{"title", "plain"}, {"provider", nullptr}, {"deprecatedBadge", nullptr}});
  CHECK(plain["details"]["deprecatedBadge"].is_null());
  CHECK(names(plain["channels"], "name") == Strings{"beta", "alpha"});
  CHECK(plain["selectedChannel"] == "alpha");
  CHECK(plain["details"]["alert"] == Json{{"title", "Deprecated warnings"}, {"messages", {"0.1.0 is old."}}});
  const Json beta = preview(report, "plain", 21, "beta");
  CHECK(beta["details"]["alert"]["messages"] == Json{"beta is closed."});
  CHECK(beta["versions"][1]["deprecated"] == true);
}

TEST_CASE("hub: unknown package, channel or version is refused with its name", "[hub]") {
  const ValidationReport report = load_fixture("deprecations");
  std::string error;
  CHECK_FALSE(hub::hub_preview(report.model, {"nope", "", "", 21}, error));
  CHECK(error == "package nope is not in the catalog");
  CHECK_FALSE(hub::hub_preview(report.model, {"demo", "edge", "", 21}, error));
  CHECK(error == "channel edge is not in package demo");
  CHECK_FALSE(hub::hub_preview(report.model, {"demo", "stable", "1.0.0", 21}, error));  // olm.deprecated: not listed
  CHECK(error == "version 1.0.0 is not listed in channel stable of package demo");
  CHECK_FALSE(hub::hub_preview(report.model, {"demo", "", "", 15}, error));
  CHECK(error.find("console 4.15") == 0);
}

TEST_CASE("hub: the head's CSV spec.version is preselected, read tolerantly, even when no entry lists it (§1.6.1)",
          "[hub]") {
  const ValidationReport report = load_fixture("csv-version");
  REQUIRE(report.verdict == Verdict::Valid);
  const model::PackageBundle* head = report.model.packages.at("gizmo").bundle("gizmo.v2.1.0");
  REQUIRE(head);
  REQUIRE(head->properties.csv);
  CHECK(head->properties.csv->version == "v2.1.1");
  const Json p = preview(report, "gizmo", 21);
  CHECK(names(p["versions"], "version") == Strings{"2.1.0", "2.0.0"});  // entries: their olm.package versions
  CHECK(p["selectedVersion"] == "2.1.1");                                 // the CSV's, not listed
  CHECK(p["installNote"].is_null());  // judged against the preselected string itself
  // Choosing a listed version other than the preselected one brings the install note.
  CHECK(preview(report, "gizmo", 21, "stable", "2.0.0")["installNote"].is_string());
}

TEST_CASE("hub: hidden reasons and what a hidden package still shows (§1.6.8, §1.6.12–14)", "[hub]") {
  const ValidationReport report = load_fixture("hidden");
  const Json nocsv = preview(report, "nocsv", 21);
  CHECK(nocsv == Json{{"package", "nocsv"}, {"console", "4.21"}, {"visible", false}, {"hiddenReasons", {"no-channel-with-csv"}},
                      {"tile", nullptr}, {"details", nullptr}, {"channels", Json::array()}, {"selectedChannel", nullptr},
                      {"versions", Json::array()}, {"selectedVersion", nullptr}, {"installNote", nullptr}});
  std::string error;
  CHECK_FALSE(hub::hub_preview(report.model, {"nocsv", "stable", "", 21}, error));

  const Json addon = preview(report, "addon", 21);
  CHECK(addon["visible"] == false);
  CHECK(addon["hiddenReasons"] == Json{"non-standalone"});
  CHECK(addon["tile"]["title"] == "Add-on");  // still a PackageManifest: the full preview
  CHECK(addon["selectedVersion"] == "1.0.0");

  for (int console = hub::kOldestConsole; console <= hub::kNewestConsole; ++console) {
    INFO("console 4." << console);
    const Json arm = preview(report, "armonly", console);
    CHECK(arm["visible"] == (console == 16));  // 4.16 never adds the amd64 default
    CHECK(preview(report, "windows", console)["hiddenReasons"] == Json{"os-arch-unsupported"});
  }

  // Default channel "a" is dropped (head without CSV): the default is the first left in byte order.
  const Json fallback = preview(report, "fallback", 21);
  CHECK(fallback["visible"] == true);
  CHECK(names(fallback["channels"], "name") == Strings{"c", "b"});
  CHECK(fallback["selectedChannel"] == "b");
  CHECK(fallback["tile"]["title"] == "From B");
  CHECK_FALSE(hub::hub_preview(report.model, {"fallback", "a", "", 21}, error));
  CHECK(error == "channel a of package fallback is not offered (its head has no CSV)");
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
    const Json head = preview(report, "rhtpa-operator", 18);
    CHECK(head["visible"] == true);
    CHECK(head["tile"] == Json{{"title", "Red Hat Trusted Profile Analyzer"}, {"provider", "Red Hat"}, {"deprecatedBadge", nullptr}});
    CHECK(names(head["channels"], "name") == Strings{"stable-v3", "stable-v1.1", "stable-v1.0", "stable"});
    CHECK(head["channels"][2] == Json{{"name", "stable-v1.0"}, {"deprecated", true},
                                     {"tooltip", "Deprecated: stable-v1.0 is no longer supported. Please switch to a not deprecated channel for continued support."}});
    CHECK(head["selectedChannel"] == "stable-v3");
    CHECK(names(head["versions"], "version") == Strings{"3.1.0", "3.0.0"});
    CHECK(head["selectedVersion"] == "3.1.0");
    CHECK(head["details"]["alert"].is_null());
    CHECK(head["installNote"].is_null());

    const Json old = preview(report, "rhtpa-operator", 21, "stable", "1.0.1");
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
    CHECK_FALSE(hub::hub_preview(report.model, {"mypackage", "", "", 21}, error));
    CHECK(error == "package mypackage is not in the catalog");
  });
  return true;
}();

}  // namespace
}  // namespace fbclens::test
