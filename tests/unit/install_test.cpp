// Installing (core/install, issue 23): install modes and OperatorGroups as OLM Classic judges them,
// the provided APIs an OperatorGroup lists, OLM v1's install rules, the console's install page per
// version, upgrade edges that lose a mode, what the load keeps of bundle-object manifests, the
// findings FBC46xx on their fixtures (tests/fixtures/validation/f72–f80), and v1's upgrade answers.
#include <catch2/catch.hpp>
#include <algorithm>
#include <map>
#include <set>

#include "update/upgrade_view.h"
#include "findings/format.h"
#include "install/bundle_checks.h"
#include "install/console_install.h"
#include "install/install_findings.h"
#include "install/install_modes.h"
#include "install/install_preview.h"
#include "install/olm_v1_install.h"
#include "install/provided_apis.h"
#include "support.h"
#include "update/package_graph.h"
#include "update/upgrade_request.h"
#include "validate/validate.h"

namespace fbclens::test {
namespace {

using Strings = std::vector<std::string>;

ValidationReport load_dir(const std::string& dir) {
  DirectoryFileSource source(dir);
  return validate_catalog(source);
}

ValidationReport console_fixture() { return load_dir(source_dir() + "/tests/fixtures/install/console"); }

// The CSV of `b` to edit: the model holds CSVs as shared const values (property.h), so the test
// gives the bundle its own copy first.
property::CsvMetadata& csv_of(model::PackageBundle& b) {
  auto own = std::make_shared<property::CsvMetadata>(b.properties.csv ? *b.properties.csv : property::CsvMetadata{});
  b.properties.csv = own;
  return *own;
}

// A bundle whose CSV lists `modes` ({type, supported}); `declared` false leaves the list out.
model::PackageBundle bundle_with(std::vector<property::InstallMode> modes, bool declared = true) {
  model::PackageBundle b;
  b.name = "demo.v1.0.0";
  property::CsvMetadata csv;
  csv.install_modes = std::move(modes);
  csv.install_modes_declared = declared;
  b.properties.csv = std::make_shared<const property::CsvMetadata>(std::move(csv));
  return b;
}

TEST_CASE("install: a type the list leaves out is unsupported, duplicates and unknown types", "[install]") {
  const install::InstallModes own = install::install_modes_of(bundle_with({{"OwnNamespace", true}}));
  CHECK(own.supports(install::Mode::OwnNamespace));
  CHECK_FALSE(own.supports(install::Mode::SingleNamespace));
  CHECK_FALSE(own.supports(install::Mode::MultiNamespace));
  CHECK_FALSE(own.supports(install::Mode::AllNamespaces));
  CHECK(own.supported_names() == Strings{"OwnNamespace"});

  // Go's map assignment: the last entry of a type wins, but Classic refuses a list with duplicates.
  const install::InstallModes dup = install::install_modes_of(bundle_with({{"AllNamespaces", true}, {"AllNamespaces", false}}));
  CHECK_FALSE(dup.supports(install::Mode::AllNamespaces));
  CHECK(dup.duplicates == Strings{"AllNamespaces"});
  CHECK(dup.go_text == "[{AllNamespaces true} {AllNamespaces false}]");
  CHECK(std::string(install::install_failure_reason(dup)) == "InvalidInstallModes");
  CHECK(install::operator_group_refusal(dup, "operators", {""}) ==
        "InstallMode list contains duplicates, cannot make set: [{AllNamespaces true} {AllNamespaces false}]");

  // Types are compared exactly: "allNamespaces" is not AllNamespaces.
  const install::InstallModes odd = install::install_modes_of(bundle_with({{"allNamespaces", true}}));
  CHECK_FALSE(odd.supports(install::Mode::AllNamespaces));
  CHECK(odd.unknown_types == Strings{"allNamespaces"});

  const install::InstallModes none = install::install_modes_of(model::PackageBundle{});
  CHECK_FALSE(none.has_csv);
  CHECK(none.supported_names().empty());
}

TEST_CASE("install: the OperatorGroup examples (own, targetNamespaces, global) as OLM Classic judges them", "[install]") {
  // An OperatorGroup in namespace my-ns: targetNamespaces [my-ns] (own), [ns1, ns2] (targetNamespaces),
  // none (global: status.namespaces [""]). InstallModeSet.Supports' messages, exactly.
  const install::InstallModes all = install::install_modes_of(bundle_with({{"AllNamespaces", true}}));
  const install::InstallModes own_multi = install::install_modes_of(
      bundle_with({{"OwnNamespace", true}, {"SingleNamespace", false}, {"MultiNamespace", true}, {"AllNamespaces", false}}));
  CHECK(install::operator_group_refusal(all, "my-ns", {""}) == "");
  CHECK(install::operator_group_refusal(all, "my-ns", {"my-ns"}) ==
        "OwnNamespace InstallModeType not supported, cannot configure to watch own namespace");
  CHECK(install::operator_group_refusal(all, "my-ns", {"ns1", "ns2"}) ==
        "MultiNamespace InstallModeType not supported, cannot configure to watch 2 namespaces");
  CHECK(install::operator_group_refusal(all, "my-ns", {"ns1"}) ==
        "SingleNamespace InstallModeType not supported, cannot configure to watch one namespace");
  CHECK(install::operator_group_refusal(own_multi, "my-ns", {"my-ns"}) == "");
  CHECK(install::operator_group_refusal(own_multi, "my-ns", {"ns1", "ns2"}) == "");
  CHECK(install::operator_group_refusal(own_multi, "my-ns", {"my-ns", "ns1"}) == "");  // own among several: needs OwnNamespace too
  CHECK(install::operator_group_refusal(own_multi, "my-ns", {""}) ==
        "AllNamespaces InstallModeType not supported, cannot configure to watch all namespaces");
  const install::InstallModes multi_only = install::install_modes_of(bundle_with({{"MultiNamespace", true}}));
  CHECK(install::operator_group_refusal(multi_only, "my-ns", {"ns1", "my-ns"}) ==
        "OwnNamespace InstallModeType not supported, cannot configure to watch own namespace");
  CHECK(install::operator_group_refusal(multi_only, "my-ns", {"ns1", ""}) ==
        "operatorgroup has invalid selected namespaces, NamespaceAll found when |selected namespaces| > 1");
  CHECK(install::operator_group_refusal(all, "my-ns", {}) ==
        "operatorgroup has invalid selected namespaces, cannot configure to watch zero namespaces");

  const std::vector<install::GroupVerdict> shapes = install::operator_group_verdicts(own_multi);
  REQUIRE(shapes.size() == 4);
  CHECK(shapes[0].joins);
  CHECK(shapes[0].target_namespaces == Strings{"operators"});
  CHECK_FALSE(shapes[1].joins);
  CHECK(shapes[1].reason == "UnsupportedOperatorGroup");
  CHECK(shapes[1].message == "SingleNamespace InstallModeType not supported, cannot configure to watch one namespace");
  CHECK(shapes[2].joins);
  CHECK_FALSE(shapes[3].joins);
  CHECK(shapes[3].target_namespaces == Strings{""});
}

TEST_CASE("install: provided APIs as an OperatorGroup's olm.providedAPIs lists them", "[install]") {
  const ValidationReport report = console_fixture();
  REQUIRE(report.verdict == Verdict::Valid);
  const model::PackageBundle* b = report.model.packages.at("both").bundle("both.v2.0.0");
  REQUIRE(b);
  // Kind.version.group, sorted as Go's sort.Strings sorts them; owned CRDs and APIServices only.
  CHECK(install::provided_apis_of(*b).apis == Strings{"Gadget.v1alpha1.example.com", "Metric.v1beta1.metrics.example.com",
                                                      "Widget.v1.example.com"});
  // Both readings of ownership: olm.gvk and the CSV's owned lists.
  CHECK(install::owned_gvks_of(*b) == Strings{"example.com/v1/Widget", "example.com/v1alpha1/Gadget",
                                              "metrics.example.com/v1beta1/Metric"});
  model::PackageBundle bad = bundle_with({{"AllNamespaces", true}});
  csv_of(bad).owned_crds.push_back({"widgets", "v1", "Widget"});
  const install::ProvidedApis apis = install::provided_apis_of(bad);
  CHECK(apis.apis.empty());
  CHECK(apis.unreadable_crd_names == Strings{"widgets"});
}

TEST_CASE("install: OLM v1's rules, in operator-controller's words", "[install]") {
  model::PackageBundle b = bundle_with({{"OwnNamespace", true}, {"AllNamespaces", false}});
  SECTION("no manifests: what needs them is unknown, never guessed") {
    b = bundle_with({{"AllNamespaces", true}});
    const install::V1Installability v = install::v1_installability(b, "demo");
    CHECK_FALSE(v.installable.has_value());
    CHECK(v.reasons.empty());
    CHECK(v.unchecked == Strings{"webhook definitions", "deployment names", "manifests"});
  }
  SECTION("no AllNamespaces: installable only with a watchNamespace") {
    const install::V1Installability v = install::v1_installability(b, "demo");
    CHECK(v.installable == false);
    CHECK(v.reasons == Strings{"unsupported bundle: bundle does not support AllNamespaces install mode"});
    CHECK(v.needs_watch_namespace);
  }
  SECTION("dependencies, an APIService, no usable mode") {
    b = bundle_with({{"MultiNamespace", true}});
    b.properties.first_dependency_type = "olm.gvk.required";
    csv_of(b).owned_api_services.push_back({"metrics.example.com", "v1", "Metric", "metrics"});
    const install::V1Installability v = install::v1_installability(b, "demo");
    CHECK(v.reasons == Strings{
        "validating bundle \"demo.v1.0.0\": bundle \"demo.v1.0.0\" has a dependency declared via property \"olm.gvk.required\" which is currently not supported",
        "unsupported bundle: apiServiceDefintions are not supported",
        "unsupported bundle: bundle does not support AllNamespaces install mode",
        "unsupported bundle: bundle must support at least one of [AllNamespaces SingleNamespace OwnNamespace] install modes"});
    CHECK_FALSE(v.needs_watch_namespace);
  }
  SECTION("the registry+v1 validators on the manifests") {
    b = bundle_with({{"OwnNamespace", true}, {"AllNamespaces", true}});
    csv_of(b).owned_crds = {{"widgets.example.com", "v1", "Widget"}, {"gadgets.example.com", "v1", "Gadget"}};
    property::BundleManifests m;
    m.has_csv = true;
    m.objects = {{"operators.coreos.com/v1alpha1", "ClusterServiceVersion", "demo.v1.0.0"},
                 {"apiextensions.k8s.io/v1", "CustomResourceDefinition", "widgets.example.com"},
                 {"apiextensions.k8s.io/v1", "CustomResourceDefinition", "widgets.example.com"},
                 {"apps/v1", "Deployment", "extra"}};
    m.deployments = {"Controller", "controller", "controller"};
    m.webhooks = {{"ConversionWebhook", "cw", "controller", {"widgets.example.com", "other.example.com"}, {}},
                  {"ValidatingAdmissionWebhook", "vw", "missing", {}, {{{"*"}, {"pods"}}}},
                  {"MutatingAdmissionWebhook", "mw", "controller", {}, {{{"admissionregistration.k8s.io"}, {"ValidatingWebhookConfigurations"}}}}};
    b.manifests = std::make_shared<const property::BundleManifests>(m);
    const install::V1Installability v = install::v1_installability(b, "demo");
    CHECK(v.installable == false);
    CHECK(v.unchecked.empty());
    const std::string dns =
        "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an "
        "alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
    CHECK(v.reasons == Strings{
        "cluster service version contains duplicate strategy deployment spec 'controller'",
        "invalid cluster service version strategy deployment name 'Controller': " + dns,
        "bundle contains duplicate custom resource definition 'widgets.example.com'",
        "cluster service definition references owned custom resource definition 'gadgets.example.com' not found in bundle",
        "bundle contains conversion webhook \"cw\" and supports install modes [AllNamespaces OwnNamespace] - conversion webhooks are only "
        "supported for bundles that only support AllNamespaces install mode",
        "webhook of type 'ValidatingAdmissionWebhook' with name 'vw' references non-existent deployment 'missing'",
        "conversion webhook 'cw' references custom resource definition 'other.example.com' not owned bundle",
        "webhook \"vw\" contains forbidden rule: admission webhook rules cannot reference API group \"*\"",
        "webhook \"mw\" contains forbidden rule: admission webhook rules cannot reference resource \"ValidatingWebhookConfigurations\" for API group "
        "\"admissionregistration.k8s.io\"",
        "unsupported resource \"extra\" with kind \"Deployment\""});
  }
  SECTION("DNS-1123 subdomains") {
    CHECK(install::dns1123_subdomain_errors("a.b-c.d").empty());
    CHECK(install::dns1123_subdomain_errors("a..b").size() == 1);
    CHECK(install::dns1123_subdomain_errors("-a").size() == 1);
    CHECK(install::dns1123_subdomain_errors(std::string(254, 'a')) == Strings{"must be no more than 253 characters"});
  }
}

TEST_CASE("install: the console's install page, on every console version", "[install]") {
  const ValidationReport report = console_fixture();
  for (const hub::ConsoleVersion& row : hub::kConsoles) {
    const std::string console = row.name;
    INFO("console " << console);
    std::string error;
    // The head: AllNamespaces preselected, the suggested namespace for it, Automatic approval.
    auto page = install::console_install_page(report.model, "both", "both.v2.0.0", console, error);
    REQUIRE(page);
    CHECK(page->console == console);
    CHECK(page->channel == "stable");
    CHECK(page->head == "both.v2.0.0");
    CHECK(page->installable);
    REQUIRE(page->modes.size() == 2);
    CHECK(page->modes[0].label == "All namespaces on the cluster (default)");
    CHECK(page->modes[0].enabled);
    CHECK(page->modes[1].description == "Operator will be available in a single Namespace only.");
    CHECK(page->preselected_mode == "AllNamespaces");
    CHECK(page->suggested_namespace == std::optional<std::string>("both-system"));
    CHECK(page->preselected_namespace == "both-system");
    CHECK(page->default_approval == "Automatic");
    CHECK_FALSE(page->automatic_disabled);
    CHECK(page->breadcrumb == (console == "4.16" || console == "4.17" || console == "4.18" || console == "4.19" ? "OperatorHub" : "Software Catalog"));
    CHECK(page->provided_apis.size() == 3);
    CHECK(page->offered_but_unsupported.empty());

    // An older version: the page still reads the head's CSV, so it offers OwnNamespace, which
    // both.v1.1.0 does not support; approval turns Manual.
    page = install::console_install_page(report.model, "both", "both.v1.1.0", console, error);
    REQUIRE(page);
    CHECK(page->version == "1.1.0");
    CHECK(page->default_approval == "Manual");
    CHECK(page->automatic_disabled);
    CHECK(page->offered_but_unsupported == Strings{"OwnNamespace"});

    // OwnNamespace only; the template names the namespace but the recommended radio needs the
    // plain annotation.
    page = install::console_install_page(report.model, "own-template", "own-template.v1.0.0", console, error);
    REQUIRE(page);
    CHECK(page->preselected_mode == "OwnNamespace");
    CHECK_FALSE(page->modes[0].enabled);
    CHECK(page->modes[0].description == "This mode is not supported by this Operator");
    CHECK(page->suggested_namespace == std::optional<std::string>("own-system"));
    CHECK(page->suggested_namespace_source == "operatorframework.io/suggested-namespace-template");
    CHECK(page->preselected_namespace == "own-system");
    CHECK_FALSE(page->recommended_namespace_radio);

    // SingleNamespace only: the page refuses.
    page = install::console_install_page(report.model, "single-only", "single-only.v1.0.0", console, error);
    REQUIRE(page);
    CHECK_FALSE(page->installable);
    CHECK(page->cannot_install_title == "Single Only can't be installed");
    CHECK(page->modes.empty());
  }
  std::string error;
  CHECK_FALSE(install::console_install_page(report.model, "both", "nope", "4.21", error));
  CHECK(error == "bundle nope is not in package both");
}

TEST_CASE("install: upgrade edges that lose a mode, and the preview's JSON", "[install]") {
  const ValidationReport report = console_fixture();
  const model::Package& both = report.model.packages.at("both");
  // stable: v1.1.0 replaces v1.0.0 (loses OwnNamespace and SingleNamespace); v2.0.0 replaces v1.1.0
  // and skipRanges both (v1.0.0 → v2.0.0 loses nothing).
  const std::vector<install::UpgradeRiskView> risks = install::upgrade_risks(both);
  REQUIRE(risks.size() == 1);
  CHECK(risks[0].channel == "stable");
  CHECK(risks[0].from == "both.v1.0.0");
  CHECK(risks[0].to == "both.v1.1.0");
  CHECK(risks[0].via == Strings{"replaces"});
  CHECK(risks[0].lost_modes == Strings{"OwnNamespace", "SingleNamespace"});
  CHECK(risks[0].classic);
  const std::vector<install::ChannelEdge> edges = install::channel_edges(both);
  CHECK(edges.size() == 3);  // stable: 1.0→1.1 (replaces), 1.1→2.0 (replaces, skipRange), 1.0→2.0 (skipRange)

  std::string error;
  auto preview = install::install_preview(report.model, {"both", "both.v1.1.0", "4.18"}, error);
  REQUIRE(preview);
  const Json j = install::install_preview_json(*preview);
  REQUIRE(j["bundles"].size() == 1);
  CHECK(j["bundles"][0]["installModes"] == Json{{"OwnNamespace", false}, {"SingleNamespace", false}, {"MultiNamespace", false},
                                                {"AllNamespaces", true}});
  CHECK(j["bundles"][0]["olmV1"]["installable"].is_null());
  CHECK(j["bundles"][0]["csvSource"] == "olm.csv.metadata");
  CHECK(j["upgradeRisks"].size() == 1);
  CHECK(j["operatorGroups"].size() == 4);
  CHECK(j["operatorGroups"][3]["joins"] == true);
  CHECK(j["console"]["console"] == "4.18");
  CHECK(j["consoleError"] == "");
  // One mapping writes and reads: the page can read the answer back into the same structs.
  install::InstallPreview back;
  CHECK(view::read_json(j, back));
  back.with_bundle = true;
  CHECK(install::install_preview_json(back) == j);

  preview = install::install_preview(report.model, {}, error);
  REQUIRE(preview);
  CHECK(preview->bundles.size() == 5);
  CHECK(preview->bundles.front().bundle == "both.v1.0.0");
  CHECK_FALSE(preview->with_bundle);
  CHECK_FALSE(install::install_preview_json(*preview).contains("console"));
  CHECK_FALSE(install::install_preview(report.model, {"nope", "", "4.21"}, error));
  CHECK(error == "package nope is not in the catalog");
  CHECK_FALSE(install::install_preview(report.model, {"both", "", "4.15"}, error));
  CHECK(error == "console 4.15 is not one of 4.16, 4.17, 4.18, 4.19, 4.20, 4.21, 4.22, 5.0");
}

TEST_CASE("install: the load keeps each bundle-object manifest's identity, the CSV's webhooks and deployments", "[install]") {
  const ValidationReport report = load_dir(source_dir() + "/tests/fixtures/validation/f76-advice-conversion-webhook/catalog");
  REQUIRE(report.verdict == Verdict::Valid);
  const model::PackageBundle* b = report.model.packages.at("demo").bundle("demo.v1.0.0");
  REQUIRE(b);
  REQUIRE(b->manifests);
  REQUIRE(b->manifests->objects.size() == 2);
  CHECK(b->manifests->objects[0].kind == "ClusterServiceVersion");
  CHECK(b->manifests->objects[0].name == "demo.v1.0.0");
  CHECK(b->manifests->objects[1].api_version == "apiextensions.k8s.io/v1");
  CHECK(b->manifests->objects[1].name == "widgets.example.com");
  CHECK(b->manifests->deployments == Strings{"demo-controller"});
  REQUIRE(b->manifests->webhooks.size() == 1);
  CHECK(b->manifests->webhooks[0].conversion_crds == Strings{"widgets.example.com"});
  REQUIRE(b->properties.csv);
  CHECK(b->properties.csv->owned_crds.size() == 1);
  CHECK(b->properties.csv->owned_crds[0].name == "widgets.example.com");
  CHECK(b->properties.csv->install_modes_declared);

  // The identity scan stops early, takes keys in any order, and survives malformed text.
  const auto id = property::scan_manifest_identity(R"({"metadata":{"labels":{"name":"x"},"name":"n"},"kind":"K","apiVersion":"v1","spec":{)");
  CHECK(id.api_version == "v1");
  CHECK(id.kind == "K");
  CHECK(id.name == "n");
  const auto broken = property::scan_manifest_identity("{\"kind\": 3, \"apiVersion\": \"v");
  CHECK(broken.kind.empty());
  CHECK(broken.api_version.empty());
}

TEST_CASE("install: operator-framework/api's image-free checks", "[install]") {
  model::PackageBundle b = bundle_with({});
  CHECK(install::install_mode_errors(b) == Strings{"install modes not found"});
  b = bundle_with({{"OwnNamespace", false}});
  CHECK(install::install_mode_errors(b) == Strings{"none of InstallModeTypes are supported"});
  csv_of(b).min_kube_version = "v1.20.0";
  CHECK(install::min_kube_version_check(b).message == "csv.Spec.MinKubeVersion has an invalid value: v1.20.0");
  csv_of(b).min_kube_version = "1.20.0";
  CHECK(install::min_kube_version_check(b).message.empty());
  csv_of(b).min_kube_version = " ";
  CHECK(install::min_kube_version_check(b).missing);
  csv_of(b).provider = "Demo";
  csv_of(b).links = {{"Docs", "https://example.com/docs"}, {"", "/relative"}, {"Bad", "example.com"}, {"Bad", ":x"}};
  csv_of(b).annotations = {{"capabilities", "Seamless Upgrades"}, {"categories", "Database,Nope"}};
  CHECK(install::hub_metadata_problems(b) == Strings{
      "csv.Spec.Links elements should contain both name and url",
      "csv.Spec.Links url example.com is invalid: parse \"example.com\": invalid URI for request",
      "csv.Spec.Links url :x is invalid: parse \":x\": missing protocol scheme",
      "csv.Metadata.Annotations[\"categories\"] value \"Nope\" is not in the set of standard categories"});
}

// code → "file:line:col group" of each FBC46xx finding, in order.
std::multimap<std::string, std::string> install_findings_of(const ValidationReport& report) {
  std::multimap<std::string, std::string> out;
  for (const Finding& f : report.findings) {
    if (f.info().code.rfind("FBC46", 0) != 0) continue;
    CHECK(f.info().phase == Phase::Advice);
    CHECK_FALSE(f.reported_by_opm);
    CHECK(f.opm_message().empty());
    out.emplace(std::string(f.info().code), location_text(f.location) + " " + group_path(f.object));
  }
  return out;
}

TEST_CASE("install: each finding on its fixture, at the object that causes it, opm's verdict untouched", "[install][advice]") {
  using Expected = std::multimap<std::string, std::string>;
  const std::map<std::string, Expected> cases = {
      {"f72-advice-install-mode-lost", {{"FBC4601", "catalog.json:18:5 package \"demo\" > channel \"stable\" > bundle \"demo.v2.0.0\""}}},
      {"f73-advice-install-modes-unusable",
       {{"FBC4602", "catalog.json:30:1 package \"demo\" > bundle \"demo.v1.0.0\""},
        {"FBC4602", "catalog.json:68:1 package \"demo\" > bundle \"demo.v2.0.0\""}}},
      {"f74-advice-owned-crd-name", {{"FBC4603", "catalog.json:20:1 package \"demo\" > bundle \"demo.v1.0.0\""}}},
      {"f75-advice-console-cannot-install",
       {{"FBC4604", "catalog.json:20:1 package \"demo\" > channel \"stable\" > bundle \"demo.v1.0.0\""},
        {"FBC4621", "catalog.json:20:1 package \"demo\" > channel \"stable\" > bundle \"demo.v1.0.0\""}}},
      {"f76-advice-conversion-webhook",
       {{"FBC4605", "catalog.json:20:1 package \"demo\" > bundle \"demo.v1.0.0\""},
        {"FBC4621", "catalog.json:20:1 package \"demo\" > channel \"stable\" > bundle \"demo.v1.0.0\""}}},
      {"f77-advice-api-owned-twice",
       {{"FBC4611", "catalog.json:1:1 package \"alpha\""}, {"FBC4611", "catalog.json:70:1 package \"beta\""}}},
      {"f78-advice-min-kube-version", {{"FBC4631", "catalog.json:20:1 package \"demo\" > bundle \"demo.v1.0.0\""}}},
      {"f79-advice-hub-metadata", {{"FBC4632", "catalog.json:20:1 package \"demo\" > channel \"stable\" > bundle \"demo.v1.0.0\""}}},
      {"f80-advice-removed-api", {{"FBC4641", "catalog.json:20:1 package \"demo\" > bundle \"demo.v1.0.0\""}}},
  };
  for (const auto& [id, expected] : cases) {
    INFO(id);
    const ValidationReport report = load_dir(source_dir() + "/tests/fixtures/validation/" + id + "/catalog");
    CHECK(report.verdict == Verdict::Valid);
    CHECK(report.opm_output == "VALID");
    CHECK(install_findings_of(report) == expected);
  }
}

TEST_CASE("install: the messages name the edge, the modes and what fails", "[install][advice]") {
  const ValidationReport lost = load_dir(source_dir() + "/tests/fixtures/validation/f72-advice-install-mode-lost/catalog");
  const auto it = std::find_if(lost.findings.begin(), lost.findings.end(), [](const Finding& f) { return f.id == FindingId::InstallModeLostOnUpgrade; });
  REQUIRE(it != lost.findings.end());
  CHECK(it->message() ==
        "upgrading \"demo.v1.0.0\" to \"demo.v2.0.0\" in channel \"stable\" (replaces) drops install mode OwnNamespace: a cluster that "
        "installed \"demo.v1.0.0\" in an OperatorGroup that needs it (targeting the operator's own namespace) gets \"demo.v2.0.0\" failed "
        "with UnsupportedOperatorGroup, and its upgrade is stuck at that step. Keep the mode in \"demo.v2.0.0\" or end the upgrade path for "
        "such clusters deliberately");
  const ValidationReport removed = load_dir(source_dir() + "/tests/fixtures/validation/f80-advice-removed-api/catalog");
  const auto r = std::find_if(removed.findings.begin(), removed.findings.end(), [](const Finding& f) { return f.id == FindingId::RemovedApiInManifests; });
  REQUIRE(r != removed.findings.end());
  CHECK(r->message().find("Kubernetes 1.22 (OpenShift 4.9 and later): CustomResourceDefinition widgets.example.com "
                        "(apiextensions.k8s.io/v1beta1), ClusterRole demo-metrics-reader (rbac.authorization.k8s.io/v1beta1)") != std::string::npos);
}

TEST_CASE("install: OLM v1's upgrade answer says whether it can install its target", "[install]") {
  const ValidationReport report = console_fixture();
  update::UpgradeFields fields;
  fields.package = "both";
  fields.installed_bundle = "both.v1.1.0";
  update::RequestError error;
  const auto request = update::make_upgrade_request(fields, report.model, error);
  REQUIRE(request);
  const Json j = view::write_json(update::upgrade_view(update::answer_upgrade(*update::package_graph(report.model, "both"), *request, &report.model)));
  CHECK(j["v1"]["next"] == "both.v2.0.0");
  CHECK(j["v1"]["nextInstallable"]["installable"] == false);
  CHECK(j["v1"]["nextInstallable"]["reasons"] == Json{"unsupported bundle: apiServiceDefintions are not supported"});
  // Without a model there is nothing to judge.
  const Json bare = view::write_json(update::upgrade_view(update::answer_upgrade(*update::package_graph(report.model, "both"), *request)));
  CHECK(bare["v1"]["nextInstallable"].is_null());
}

}  // namespace
}  // namespace fbclens::test

namespace fbclens::test {
namespace {

// What the note reports for a real catalog: bundles per install-mode set, edges that lose a mode,
// GVKs owned by two or more packages, and OLM v1's verdicts with the reasons it refuses.
struct RealCounts {
  std::map<std::string, int> mode_sets;  ///< "AllNamespaces+OwnNamespace" / "none" / "no CSV" → bundles
  int bundles = 0;
  int losing_edges = 0;
  int losing_edges_classic = 0;
  int shared_gvks = 0;
  int v1_installable = 0, v1_refused = 0, v1_unknown = 0;
  std::map<std::string, int> v1_reasons;  ///< reason class → bundles refused for it (a bundle may count in several)
};

std::string reason_class(const std::string& reason) {
  if (reason.rfind("validating bundle", 0) == 0) return "dependency property";
  if (reason.find("AllNamespaces install mode") != std::string::npos) return "no AllNamespaces";
  if (reason.find("apiServiceDefintions") != std::string::npos) return "APIService";
  if (reason.find("conversion webhook") != std::string::npos) return "conversion webhook";
  if (reason.find("webhook") != std::string::npos) return "webhook rule";
  if (reason.find("unsupported resource") != std::string::npos) return "unsupported object kind";
  if (reason.find("custom resource definition") != std::string::npos) return "CRD";
  if (reason.find("deployment") != std::string::npos) return "deployment";
  return reason;
}

RealCounts real_counts(const std::string& root) {
  DirectoryFileSource source(shared_dir() + "/catalogs/" + root);
  const ValidationReport report = validate_catalog(source);
  std::string error;
  const auto preview = install::install_preview(report.model, {}, error);
  REQUIRE(preview);
  RealCounts c;
  for (const install::BundleInstallView& b : preview->bundles) {
    ++c.bundles;
    std::vector<std::string> modes;
    if (b.install_modes.all_namespaces) modes.push_back("AllNamespaces");
    if (b.install_modes.multi_namespace) modes.push_back("MultiNamespace");
    if (b.install_modes.own_namespace) modes.push_back("OwnNamespace");
    if (b.install_modes.single_namespace) modes.push_back("SingleNamespace");
    std::string key = b.csv_source.empty() ? "no CSV" : modes.empty() ? "none" : "";
    for (std::size_t i = 0; i < modes.size(); ++i) key += (i ? "+" : "") + modes[i];
    ++c.mode_sets[key];
    if (!b.olm_v1.installable) {
      ++c.v1_unknown;
    } else if (*b.olm_v1.installable) {
      ++c.v1_installable;
    } else {
      ++c.v1_refused;
      std::set<std::string> classes;
      for (const std::string& r : b.olm_v1.reasons) classes.insert(reason_class(r));
      for (const std::string& k : classes) ++c.v1_reasons[k];
    }
  }
  c.losing_edges = static_cast<int>(preview->upgrade_risks.size());
  for (const install::UpgradeRiskView& r : preview->upgrade_risks) c.losing_edges_classic += r.classic ? 1 : 0;
  c.shared_gvks = static_cast<int>(preview->api_conflicts.size());
  return c;
}

std::string describe(const RealCounts& c) {
  std::string s = std::to_string(c.bundles) + " bundles;";
  for (const auto& [k, n] : c.mode_sets) s += " " + k + "=" + std::to_string(n);
  s += "; losing edges " + std::to_string(c.losing_edges) + " (Classic " + std::to_string(c.losing_edges_classic) + ")";
  s += "; shared GVKs " + std::to_string(c.shared_gvks);
  s += "; v1 installable " + std::to_string(c.v1_installable) + ", refused " + std::to_string(c.v1_refused) + ", unknown " +
       std::to_string(c.v1_unknown) + ":";
  for (const auto& [k, n] : c.v1_reasons) s += " " + k + "=" + std::to_string(n);
  return s;
}

const bool real_registered = [] {
  if (read_file(shared_dir() + "/catalogs/roots.json").empty()) {
    register_test("install/real catalogs/(skipped: ../shared/catalogs is absent)", "[install][shared]", [] { WARN("skipped"); });
    return true;
  }
  // The figures of the issue's note, per catalog.
  struct Expected {
    const char* root;
    const char* counts;
  };
  for (const Expected& e : std::vector<Expected>{
           {"certified-operators-v4.14/catalogs/v4.14",
            "369 bundles; AllNamespaces=172 AllNamespaces+MultiNamespace+OwnNamespace+SingleNamespace=82 "
            "AllNamespaces+OwnNamespace+SingleNamespace=12 OwnNamespace=73 OwnNamespace+SingleNamespace=30; losing edges 0 (Classic 0); "
            "shared GVKs 0; v1 installable 243, refused 126, unknown 0: dependency property=33 no AllNamespaces=103"},
           {"community-operators-prod-v4.21/catalogs/v4.21",
            "745 bundles; AllNamespaces=251 AllNamespaces+MultiNamespace+OwnNamespace+SingleNamespace=410 AllNamespaces+OwnNamespace=20 "
            "AllNamespaces+OwnNamespace+SingleNamespace=12 OwnNamespace=9 OwnNamespace+SingleNamespace=43; losing edges 0 (Classic 0); "
            "shared GVKs 0; v1 installable 0, refused 59, unknown 686: dependency property=7 no AllNamespaces=52"},
           {"community-operators-prod-v4.16/catalogs/v4.16",
            "221 bundles; AllNamespaces=96 AllNamespaces+MultiNamespace+OwnNamespace+SingleNamespace=36 AllNamespaces+OwnNamespace=15 "
            "AllNamespaces+OwnNamespace+SingleNamespace=27 MultiNamespace+OwnNamespace+SingleNamespace=1 OwnNamespace=6 "
            "OwnNamespace+SingleNamespace=40; losing edges 0 (Classic 0); shared GVKs 0; v1 installable 172, refused 49, unknown 0: "
            "dependency property=2 no AllNamespaces=47"},
           {"rhtpa-fbc/v4.19/catalog",
            "13 bundles; AllNamespaces+OwnNamespace+SingleNamespace=1 OwnNamespace+SingleNamespace=12; losing edges 4 (Classic 4); "
            "shared GVKs 0; v1 installable 0, refused 12, unknown 1: no AllNamespaces=12"},
       }) {
    register_test(std::string("install/real catalogs/") + e.root, "[install][shared]", [e] {
      CHECK(describe(real_counts(e.root)) == e.counts);
    });
  }
  // The one real catalog here whose upgrade edges lose a mode: rhtpa's v4.19 catalog gives
  // rhtpa-operator.v1.0.0 AllNamespaces, which v1.0.1 and v1.0.2 (its replacement and a skip) drop,
  // in both channels that list them.
  register_test("install/real catalogs/rhtpa-fbc v4.19: the edges that drop AllNamespaces", "[install][shared]", [] {
    DirectoryFileSource source(shared_dir() + "/catalogs/rhtpa-fbc/v4.19/catalog");
    const ValidationReport report = validate_catalog(source);
    std::vector<std::string> edges;
    for (const install::UpgradeRiskView& r : install::upgrade_risks(report.model.packages.at("rhtpa-operator"))) {
      edges.push_back(r.channel + ": " + r.from + " -> " + r.to + " (" + r.via[0] + ") " + r.lost_modes[0]);
    }
    CHECK(edges == Strings{"stable: rhtpa-operator.v1.0.0 -> rhtpa-operator.v1.0.1 (replaces) AllNamespaces",
                           "stable: rhtpa-operator.v1.0.0 -> rhtpa-operator.v1.0.2 (skips) AllNamespaces",
                           "stable-v1.0: rhtpa-operator.v1.0.0 -> rhtpa-operator.v1.0.1 (replaces) AllNamespaces",
                           "stable-v1.0: rhtpa-operator.v1.0.0 -> rhtpa-operator.v1.0.2 (skips) AllNamespaces"});
    const auto lost = std::count_if(report.findings.begin(), report.findings.end(),
                                    [](const Finding& f) { return f.id == FindingId::InstallModeLostOnUpgrade; });
    CHECK(lost == 4);
  });
  return true;
}();

}  // namespace
}  // namespace fbclens::test
