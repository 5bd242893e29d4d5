// Check profiles (core/profiles): each rule on its fixture (tests/fixtures/validation/p01–p12,
// each selecting its profiles in its own .fbclens.yaml), at the object that fails it, with the
// profiles' outcomes; opm's output and verdict untouched; opm alone changes no byte of any output;
// the settings (names, versions, the config file, precedence) and the gate (exit status).
#include <catch2/catch.hpp>
#include <map>

#include "export/report_json.h"
#include "export/report_text.h"
#include "findings/format.h"
#include "profiles/profiles.h"
#include "support.h"
#include "validate/validate.h"

namespace fbclens::test {
namespace {

using profiles::Profile;

std::string fixture_dir(const std::string& id) { return source_dir() + "/tests/fixtures/validation/" + id + "/catalog"; }

// code → "file:line:col group" of each profile finding (FBC5xxx) and operatorhub advice, in order.
std::vector<std::pair<std::string, std::string>> profile_findings(const ValidationReport& report) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const Finding& f : report.findings) {
    const auto profile = profiles::profile_of(f.id);
    if (f.info().phase != Phase::Profile && profile != Profile::OperatorHub) continue;
    CHECK_FALSE(f.reported_by_opm);
    CHECK(f.opm_message().empty());
    out.emplace_back(std::string(f.info().code), location_text(f.location) + " " + group_path(f.object));
  }
  return out;
}

std::map<std::string, std::size_t> outcomes(const ValidationReport& report) {
  std::map<std::string, std::size_t> out;
  for (const ProfileOutcome& p : report.profiles) out[p.name] = p.failures;
  return out;
}

struct Case {
  std::vector<std::pair<std::string, std::string>> findings;
  std::map<std::string, std::size_t> failures;  ///< per profile, "opm" included
  std::string ocp_version;
};

TEST_CASE("profiles: each rule on its fixture, at the object that fails it, opm's output untouched", "[profiles]") {
  const std::string b = "package \"demo\" > bundle ";
  const std::map<std::string, Case> cases = {
      {"p01-profile-pass-4.17", {{}, {{"opm", 0}, {"konflux", 0}, {"operator-pipelines", 0}, {"operatorhub", 0}}, "4.17"}},
      {"p02-profile-pass-4.16", {{}, {{"opm", 0}, {"konflux", 0}, {"operator-pipelines", 0}}, "4.16"}},
      {"p03-profile-ocp-version-unknown",
       // FBC4101 is advice as ever (operatorhub not selected: it fails nothing).
       {{{"FBC4101", "demo/catalog.yaml:2:1 package \"demo\""}, {"FBC5001", " catalog"}},
        {{"opm", 0}, {"konflux", 0}, {"operator-pipelines", 0}},
        ""}},
      {"p04-profile-config-in-catalog", {{{"FBC5002", ".fbclens.yaml:1:1 catalog"}}, {{"opm", 1}, {"konflux", 0}}, "4.17"}},
      {"p05-konflux-no-package-folder", {{{"FBC5101", "catalog.yaml catalog"}}, {{"opm", 0}, {"konflux", 1}}, "4.17"}},
      {"p06-konflux-no-package", {{{"FBC5102", " catalog"}}, {{"opm", 0}, {"konflux", 1}}, "4.17"}},
      {"p07-konflux-metadata-4.17",
       {{{"FBC5103", "demo/catalog.yaml:39:5 " + b + "\"demo.v1.1.0\""},
         {"FBC5104", "demo/catalog.yaml:32:1 " + b + "\"demo.v1.1.0\""},
         {"FBC5103", "demo/catalog.yaml:54:5 " + b + "\"demo.v1.2.0\""}},
        {{"opm", 0}, {"konflux", 3}},
        "4.17"}},
      {"p08-konflux-metadata-4.16",
       {{{"FBC5105", "demo/catalog.yaml:34:5 " + b + "\"demo.v1.1.0\""},
         {"FBC5106", "demo/catalog.yaml:27:1 " + b + "\"demo.v1.1.0\""}},
        {{"opm", 0}, {"konflux", 2}},
        "4.16"}},
      {"p09-konflux-images",
       {{{"FBC5107", "demo/catalog.yaml:39:8 " + b + "\"demo.v1.1.0\""},
         {"FBC5108", "demo/catalog.yaml:52:8 " + b + "\"demo.v1.2.0\""},
         {"FBC5107", "demo/catalog.yaml:65:8 " + b + "\"demo.v1.3.0\""},
         {"FBC5108", "demo/catalog.yaml:65:8 " + b + "\"demo.v1.3.0\""}},
        {{"opm", 0}, {"konflux", 4}},
        "4.17"}},
      {"p10-pipelines-registries",
       {{{"FBC5201", "demo/catalog.yaml:35:8 " + b + "\"demo.v1.1.0\""},
         {"FBC5201", "demo/catalog.yaml:48:8 " + b + "\"demo.v1.2.0\""}},
        {{"opm", 0}, {"operator-pipelines", 2}},
        "4.16"}},
      {"p11-pipelines-bundle-object-4.17",
       {{{"FBC5202", "demo/catalog.yaml:37:5 " + b + "\"demo.v1.1.0\""}}, {{"opm", 0}, {"operator-pipelines", 1}}, "4.18"}},
      {"p12-operatorhub-gate",
       {{{"FBC4203", "demo/catalog.yaml:17:1 " + b + "\"demo.v1.0.0\""}, {"FBC4101", "demo/catalog.yaml:2:1 package \"demo\""}},
        {{"opm", 0}, {"operatorhub", 2}},
        ""}},
  };
  for (const auto& [id, expected] : cases) {
    INFO(id);
    const std::string dir = fixture_dir(id);
    const ValidationReport report = validate_fixture_catalog(dir);
    CHECK(profile_findings(report) == expected.findings);
    CHECK(outcomes(report) == expected.failures);
    CHECK(report.ocp_version == expected.ocp_version);
    CHECK(report.profiles.front().name == "opm");
    // opm's view is the same as without profiles.
    DirectoryFileSource source(dir);
    const ValidationReport plain = validate_catalog(source);
    CHECK(report.opm_output == plain.opm_output);
    CHECK(report.verdict == plain.verdict);
    CHECK(report.findings.size() >= plain.findings.size());
    // A failed profile fails the run; all passed leaves the status as opm's.
    bool failed = false;
    for (const auto& [name, count] : expected.failures) failed = failed || count > 0;
    CHECK(exit_status(report) == (failed ? 1 : exit_status(plain)));
  }
}

TEST_CASE("profiles: every FBC5xxx row has a fixture-backed profile and names the upstream check", "[profiles]") {
  for (const FindingInfo& info : all_finding_infos()) {
    const std::string code(info.code);
    if (code.rfind("FBC5", 0) != 0) {
      CHECK(info.phase != Phase::Profile);
      continue;
    }
    INFO(code);
    CHECK(info.phase == Phase::Profile);
    CHECK(info.opm_format.empty());
    const std::string explanation(info.explanation);
    if (code.rfind("FBC51", 0) == 0) {
      CHECK(info.severity == Severity::Error);
      CHECK(explanation.find("Konflux validate-fbc") != std::string::npos);
    } else if (code.rfind("FBC52", 0) == 0) {
      CHECK(info.severity == Severity::Error);
      CHECK(explanation.find("operator-pipelines static check check_") != std::string::npos);
    } else {
      CHECK(info.severity == Severity::Warning);  // notices about the run never fail a profile
    }
  }
}

TEST_CASE("profiles: opm alone leaves every output byte for byte as before", "[profiles]") {
  const std::string root = source_dir() + "/tests/fixtures/validation";
  for (const std::string& id : list_dirs(root)) {
    INFO(id);
    DirectoryFileSource source(root + "/" + id + "/catalog");
    ValidationReport report = validate_catalog(source);
    const std::string json = summary_json(report).dump(2), sarif = sarif_json(report).dump(2);
    const std::string text = render_text_report(report, &source);
    profiles::ProfileOptions opm_only;  // e.g. --profile opm, or profiles: [opm]
    std::string error;
    REQUIRE(profiles::catalog_options(source, report.load, {std::vector<Profile>{Profile::Opm}, {}, {}, {}}, "", "",
                                      opm_only, error));
    CHECK(opm_only.profiles.empty());
    profiles::apply_profiles(report, opm_only);
    CHECK(report.profiles.empty());
    CHECK(summary_json(report).dump(2) == json);
    CHECK(sarif_json(report).dump(2) == sarif);
    CHECK(render_text_report(report, &source) == text);
    CHECK(summary_json(report).count("profiles") == 0);
  }
}

TEST_CASE("profiles: outputs name the profiles and the version only when profiles ran", "[profiles]") {
  const ValidationReport report = validate_fixture_catalog(fixture_dir("p09-konflux-images"));
  const Json summary = summary_json(report);
  CHECK(summary["profiles"] == Json::parse(R"({"results": [{"name": "opm", "failures": 0, "passed": true},
      {"name": "konflux", "failures": 4, "passed": false}], "ocpVersion": "4.17",
      "ocpVersionFrom": "ocpVersion in .fbclens.yaml"})"));
  CHECK(summary["findings"].back()["phase"] == "profile");
  CHECK(sarif_json(report)["runs"][0]["properties"]["profiles"] == summary["profiles"]);
  const std::string text = render_text_report(report, nullptr);
  CHECK(text.find("\nProfiles (OpenShift 4.17, from ocpVersion in .fbclens.yaml): opm passed, konflux failed (4 findings)\n") !=
        std::string::npos);
}

TEST_CASE("profiles: names, versions and the version a path names", "[profiles]") {
  std::vector<Profile> list;
  std::string error;
  CHECK(profiles::parse_profile_list("konflux, operatorhub,opm", list, error));
  CHECK(list == std::vector<Profile>{Profile::Konflux, Profile::OperatorHub, Profile::Opm});
  CHECK_FALSE(profiles::parse_profile_list("konflux,", list, error));
  CHECK(error == "an empty profile name");
  CHECK_FALSE(profiles::parse_profile_list("Konflux", list, error));
  CHECK(error.find("unknown profile \"Konflux\"") == 0);

  CHECK(profiles::parse_ocp_version("4.17")->text() == "4.17");
  CHECK(profiles::parse_ocp_version("v5.0")->text() == "5.0");
  for (const char* bad : {"", "4", "4.", ".17", "v", "4.17.1", "x4.17", "-4.17", "4.1a", "99999.1", "4.17 "}) {
    INFO(bad);
    CHECK_FALSE(profiles::parse_ocp_version(bad));
  }
  CHECK(profiles::parse_ocp_version("5.0")->at_least(4, 17));
  CHECK(profiles::parse_ocp_version("4.17")->at_least(4, 17));
  CHECK_FALSE(profiles::parse_ocp_version("4.16")->at_least(4, 17));
  CHECK_FALSE(profiles::parse_ocp_version("3.99")->at_least(4, 17));

  CHECK(profiles::ocp_version_from_path("/repo/v4.18/catalog")->text() == "4.18");
  CHECK(profiles::ocp_version_from_path("catalogs/v4.12/v4.17/operator")->text() == "4.17");  // the nearest
  CHECK(profiles::ocp_version_from_path("C:\\fbc\\v4.16\\catalog")->text() == "4.16");
  CHECK_FALSE(profiles::ocp_version_from_path("/catalogs/community-v4.16/x"));
  CHECK_FALSE(profiles::ocp_version_from_path("/catalogs/4.16/x"));
  CHECK_FALSE(profiles::ocp_version_from_path(""));
}

TEST_CASE("profiles: the config file", "[profiles]") {
  profiles::ProfileSettings s;
  std::string error;
  REQUIRE(profiles::parse_settings("profiles: [konflux, operatorhub]\nocpVersion: 4.10\nkonflux:\n"
                                   "  allowedRegistries: [quay.io/a/, quay.io/b/]\noperator-pipelines:\n"
                                   "  allowedRegistries: quay.io/c/,quay.io/d/\n",
                                   "f.yaml", s, error));
  CHECK(*s.profiles == std::vector<Profile>{Profile::Konflux, Profile::OperatorHub});
  CHECK(s.ocp_version->text() == "4.10");  // YAML reads 4.10 as the number 4.1; we read it as written
  CHECK(*s.konflux_registries == std::vector<std::string>{"quay.io/a/", "quay.io/b/"});
  CHECK(*s.pipelines_registries == std::vector<std::string>{"quay.io/c/", "quay.io/d/"});

  REQUIRE(profiles::parse_settings(R"({"profiles": "operator-pipelines", "ocpVersion": "v4.17"})", "f.json", s, error));
  CHECK(*s.profiles == std::vector<Profile>{Profile::OperatorPipelines});
  CHECK(s.ocp_version->text() == "4.17");
  CHECK_FALSE(s.konflux_registries);

  REQUIRE(profiles::parse_settings("# nothing set yet\n", "f.yaml", s, error));
  CHECK_FALSE(s.profiles);
  REQUIRE(profiles::parse_settings("", "f.yaml", s, error));

  // Errors point at the value (the reader records where values start).
  const std::map<std::string, std::string> bad = {
      {"profile: [konflux]\n", "f.yaml:1:10: unknown setting \"profile\" (known: profiles, ocpVersion, konflux, operator-pipelines)"},
      {"profiles: [konflux, nope]\n", "f.yaml:1:11: unknown profile \"nope\" (profiles: opm, konflux, operator-pipelines, operatorhub)"},
      {"ocpVersion: latest\n", "f.yaml:1:13: ocpVersion must be an OpenShift version such as \"4.17\""},
      {"konflux:\n  allowedRegistry: [a]\n", "f.yaml:2:20: unknown setting \"allowedRegistry\" of konflux (known: allowedRegistries)"},
      {"konflux:\n  allowedRegistries: [a, 1]\n", "f.yaml:2:26: expected a string"},
      {"konflux: [a]\n", "f.yaml:1:10: expected a mapping (allowedRegistries)"},
      {"- konflux\n", "f.yaml:1:1: expected a mapping of settings"},
      {"profiles: [konflux]\n---\nocpVersion: \"4.17\"\n", "f.yaml:3:1: expected one document, found a second"},
  };
  for (const auto& [text, message] : bad) {
    INFO(text);
    CHECK_FALSE(profiles::parse_settings(text, "f.yaml", s, error));
    CHECK(error == message);
  }
  // Whatever the bytes, an answer and no crash.
  for (const char* hostile : {"\t:", "{{{{", "profiles: *a", "ocpVersion: !!binary AAAA", "\xff\xfe", "konflux: {allowedRegistries: {a: b}}"}) {
    INFO(hostile);
    error.clear();
    if (!profiles::parse_settings(hostile, "f.yaml", s, error)) CHECK_FALSE(error.empty());
  }
}

TEST_CASE("profiles: an operator repository's config.yaml gives the pipelines' allow-list", "[profiles]") {
  std::optional<std::vector<std::string>> registries;
  std::string error;
  // community-operators-prod's config.yaml (other keys are not read).
  REQUIRE(profiles::parse_operator_repo_config(
      "organization: community-operators\ntests:\n  - name: DeployableByOLM\nallowed_bundle_registries:\n"
      "  - quay.io/community-operator-pipeline-prod/\n  - quay.io/openshift-community-operators/\n",
      "config.yaml", registries, error));
  CHECK(*registries == std::vector<std::string>{"quay.io/community-operator-pipeline-prod/", "quay.io/openshift-community-operators/"});
  REQUIRE(profiles::parse_operator_repo_config("organization: certified-operators\n", "config.yaml", registries, error));
  CHECK_FALSE(registries);  // none: check_bundle_images_in_fbc is skipped
  CHECK_FALSE(profiles::parse_operator_repo_config("allowed_bundle_registries: quay.io/x/\n", "config.yaml", registries, error));
  CHECK(error == "config.yaml:1:28: allowed_bundle_registries must be a list of strings");
}

TEST_CASE("profiles: flags over the config file over the path, defaults", "[profiles]") {
  profiles::ProfileSettings flags, file;
  flags.profiles = std::vector<Profile>{Profile::OperatorHub, Profile::Opm, Profile::Konflux, Profile::Konflux};
  file.profiles = std::vector<Profile>{Profile::OperatorPipelines};
  file.ocp_version = profiles::parse_ocp_version("4.14");
  file.pipelines_registries = std::vector<std::string>{"quay.io/x/"};
  profiles::ProfileOptions o = profiles::resolve_options(flags.over(file), "ocpVersion in f", "/r/v4.18/catalog");
  CHECK(o.profiles == std::vector<Profile>{Profile::Konflux, Profile::OperatorHub});  // each once, opm dropped
  CHECK(o.ocp_version->text() == "4.14");
  CHECK(o.ocp_version_from == "ocpVersion in f");
  CHECK(o.konflux_registries == profiles::konflux_default_registries());
  CHECK(o.konflux_registries == std::vector<std::string>{"registry.redhat.io/", "registry.stage.redhat.io/"});
  CHECK(o.pipelines_registries == std::vector<std::string>{"quay.io/x/"});

  flags.ocp_version = profiles::parse_ocp_version("4.20");
  o = profiles::resolve_options(flags.over(file), "--ocp-version", "/r/v4.18/catalog");
  CHECK(o.ocp_version->text() == "4.20");
  CHECK(o.ocp_version_from == "--ocp-version");

  o = profiles::resolve_options(profiles::ProfileSettings{}, "", "/r/v4.18/catalog");
  CHECK(o.profiles.empty());
  CHECK(o.ocp_version->text() == "4.18");
  CHECK(o.ocp_version_from == "folder v4.18");
  CHECK(o.pipelines_registries.empty());  // upstream's default: no allow-list, no check
}

TEST_CASE("profiles: which gate a code belongs to", "[profiles]") {
  CHECK(profiles::profile_of(FindingId::ChannelMultipleHeads) == Profile::Opm);
  CHECK(profiles::profile_of(FindingId::JsonSyntax) == Profile::Opm);
  CHECK(profiles::profile_of(FindingId::KonfluxImageNotPinned) == Profile::Konflux);
  CHECK(profiles::profile_of(FindingId::PipelinesBundleObjectForbidden) == Profile::OperatorPipelines);
  CHECK(profiles::profile_of(FindingId::HubNoChannelWithCsv) == Profile::OperatorHub);
  CHECK(profiles::profile_of(FindingId::LegacyMaturityDeprecated) == Profile::OperatorHub);
  CHECK_FALSE(profiles::profile_of(FindingId::IconMissing));
  CHECK_FALSE(profiles::profile_of(FindingId::ClassicStrandsBundle));
  CHECK_FALSE(profiles::profile_of(FindingId::ProfileOcpVersionUnknown));
}

TEST_CASE("profiles: a single-file catalog has no folder to check, a broken one gets no 'no package'", "[profiles]") {
  profiles::ProfileOptions o;
  o.profiles = {Profile::Konflux};
  o.ocp_version = profiles::parse_ocp_version("4.17");
  o.konflux_registries = profiles::konflux_default_registries();
  MemoryFileSource single;
  single.add("catalog.yaml", read_file(fixture_dir("p05-konflux-no-package-folder") + "/catalog.yaml"));
  ValidationReport report = validate_catalog(single);
  o.catalog_is_folder = false;
  CHECK(profiles::check_profiles(report, o).empty());
  o.catalog_is_folder = true;
  REQUIRE(profiles::check_profiles(report, o).size() == 1);

  MemoryFileSource broken;
  broken.add("pkg/catalog.json", "{\"schema\": \"olm.package\", \"name\": ");
  report = validate_catalog(broken);
  REQUIRE(report.verdict == Verdict::LoadError);
  CHECK(profiles::check_profiles(report, o).empty());
}

}  // namespace
}  // namespace fbclens::test
