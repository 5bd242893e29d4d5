// OLM Classic's upgrade answers with dependencies (issue 15 item 3): a candidate whose
// dependencies cannot be met is skipped and the next one tried, the installed bundle stays when
// none is left, an unparsable versionRange aborts with OLM's message, --ignore-dependencies gives
// the graph-only answer back, and OLM v1 does not change. Fixture: tests/fixtures/update/deps.
#include <catch2/catch.hpp>

#include "deps/install_request.h"
#include "deps/resolution_view.h"
#include "update/upgrade_view.h"
#include "update/resolve_request.h"
#include "support.h"
#include "validate/validate.h"

namespace fbclens::test {
namespace {

struct DepsFixture {
  DirectoryFileSource source{source_dir() + "/tests/fixtures/update/deps"};
  ValidationReport report = validate_catalog(source);

  Json answer(const std::string& package, const std::string& installed, std::vector<std::string> cluster = {},
              bool ignore = false, bool explain = true) {
    update::UpgradeFields fields;
    fields.package = package;
    fields.installed_bundle = installed;
    fields.cluster_provides = std::move(cluster);
    fields.ignore_dependencies = ignore;
    fields.explain = explain;
    update::RequestError error;
    const auto request = update::make_upgrade_request(fields, report.model, error);
    REQUIRE(request);
    return view::write_json(update::upgrade_view(update::answer_upgrade(*update::package_graph(report.model, package), *request, &report.model)));
  }
};

const Json* considered(const Json& step, const std::string& bundle) {
  for (const Json& c : step["considered"]) {
    if (c["bundle"] == bundle) return &c;
  }
  return nullptr;
}

TEST_CASE("upgrade-path with dependencies: an unmet candidate is skipped, the next one taken", "[deps][upgrade]") {
  DepsFixture f;
  const Json r = f.answer("app", "app.v1");
  const Json& c = r["classic"];
  CHECK(c["dependencies"] == true);
  CHECK(c["candidates"] == Json::array({"app.v3", "app.v2"}));  // app.v3 skips app.v1: head first
  CHECK(c["next"] == "app.v2");
  CHECK(c["walk"] == Json::array({"app.v1", "app.v2"}));  // and from app.v2 it stays
  const Json& res = c["resolution"];
  REQUIRE(res["candidates"].size() == 2);
  CHECK(res["candidates"][0]["bundle"] == "app.v3");
  CHECK(res["candidates"][0]["chosen"] == false);
  REQUIRE(res["candidates"][0]["unmet"].size() == 1);
  const Json& unmet = res["candidates"][0]["unmet"][0];
  CHECK(unmet["constraint"] ==
        "bundle app.v3 requires an operator providing an API with group: cert-manager.io, version: v1, kind: Certificate");
  CHECK(unmet["failureMessage"] == "install cert-manager first");
  CHECK(unmet["property"] == "/properties/1/value");
  CHECK(res["candidates"][1]["chosen"] == true);
  // app.v2 brings the newest db in its range along.
  REQUIRE(res["installs"].size() == 2);
  CHECK(res["installs"][1]["bundle"] == "db.v1.5.0");
  CHECK(res["installs"][1]["requiredBy"] == "app.v2");

  // --explain: the skipped candidate's verdict names the constraint and its failureMessage.
  const Json& steps = c["steps"];
  REQUIRE(steps.size() == 2);
  const Json* v3 = considered(steps[0], "app.v3");
  REQUIRE(v3);
  CHECK((*v3)["verdict"] == "unmet-dependencies");
  CHECK((*v3)["reason"].get<std::string>().find("(failureMessage: install cert-manager first)") != std::string::npos);
  REQUIRE((*v3)["unmet"].size() == 1);
  CHECK((*considered(steps[0], "app.v2"))["verdict"] == "chosen");
  CHECK(steps[0]["installsAlong"].size() == 1);
  CHECK(steps[0]["installsAlong"][0]["package"] == "db");
  CHECK(steps[1]["to"].is_null());
  CHECK(steps[1]["summary"] == "OLM Classic stays on app.v2: no candidate has its dependencies met");
  CHECK((*considered(steps[1], "app.v3"))["verdict"] == "unmet-dependencies");
}

TEST_CASE("upgrade-path with dependencies: the cluster's APIs, --ignore-dependencies and OLM v1", "[deps][upgrade]") {
  DepsFixture f;
  // The cluster has cert-manager: app.v3 resolves, from app.v1 and from app.v2.
  Json r = f.answer("app", "app.v1", {"cert-manager.io/v1/Certificate"});
  CHECK(r["classic"]["next"] == "app.v3");
  CHECK(r["classic"]["walk"] == Json::array({"app.v1", "app.v3"}));
  r = f.answer("app", "app.v2", {"cert-manager.io/v1/Certificate"});
  CHECK(r["classic"]["next"] == "app.v3");

  // Without the cluster's help Classic stays on app.v2; no error.
  r = f.answer("app", "app.v2");
  CHECK(r["classic"]["next"].is_null());
  CHECK(r["classic"]["error"].is_null());
  CHECK(r["classic"]["walk"] == Json::array({"app.v2"}));

  // --ignore-dependencies: the graph alone, as before issue 15.
  const Json graph_only = f.answer("app", "app.v1", {}, true);
  CHECK(graph_only["classic"]["dependencies"] == false);
  CHECK(graph_only["classic"]["resolution"].is_null());
  CHECK(graph_only["classic"]["next"] == "app.v3");
  CHECK(graph_only["classic"]["walk"] == Json::array({"app.v1", "app.v3"}));
  for (const Json& s : graph_only["classic"]["steps"]) {
    for (const Json& c : s["considered"]) CHECK(c["verdict"] != "unmet-dependencies");
  }
  // OLM v1 answers the same either way.
  const Json with_deps = f.answer("app", "app.v1");
  CHECK(with_deps["v1"] == graph_only["v1"]);

  // A fresh install: the head is skipped, app.v2 installed with db.
  r = f.answer("app", "");
  CHECK(r["classic"]["next"] == "app.v2");
  CHECK(r["classic"]["resolution"]["installs"].size() == 2);
}

TEST_CASE("upgrade-path with dependencies: a versionRange blang cannot parse aborts Classic with its message",
          "[deps][upgrade]") {
  DepsFixture f;
  const Json r = f.answer("broken", "broken.v1");
  CHECK(r["classic"]["next"].is_null());
  CHECK(r["classic"]["error"] == "Last element in range is '||'");
  CHECK(r["classic"]["walk"] == Json::array({"broken.v1"}));
  CHECK(r["classic"]["steps"][0]["summary"] == "OLM Classic fails: Last element in range is '||'");
  // The graph alone does not read dependencies, so it moves on.
  CHECK(f.answer("broken", "broken.v1", {}, true)["classic"]["next"] == "broken.v2");
}

TEST_CASE("upgrade-path with dependencies: requests the CLI and the JS API refuse", "[deps][upgrade]") {
  DepsFixture f;
  update::UpgradeFields fields;
  CHECK(update::upgrade_fields_from_json(Json{{"package", "app"}, {"ignoreDependencies", "yes"}}, fields) ==
        "request field ignoreDependencies must be a boolean");
  CHECK(update::upgrade_fields_from_json(Json{{"package", "app"}, {"clusterProvides", "g/v/K"}}, fields) ==
        "request field clusterProvides must be an array of strings");
  fields = {};
  REQUIRE(update::upgrade_fields_from_json(
              Json{{"package", "app"}, {"clusterProvides", {"nonsense"}}, {"ignoreDependencies", true}}, fields)
              .empty());
  CHECK(fields.ignore_dependencies);
  update::RequestError error;
  CHECK_FALSE(update::make_upgrade_request(fields, f.report.model, error));
  CHECK(error.kind == update::RequestError::Kind::Malformed);
  CHECK(error.message.rfind("--cluster-provides nonsense: expected group/version/Kind", 0) == 0);
}

TEST_CASE("resolve --installed-bundle: Classic's upgrade candidates with their dependencies", "[deps][upgrade]") {
  DepsFixture f;
  deps::InstallRequest req;
  REQUIRE(deps::install_request_from_json(Json{{"package", "app"}, {"installedBundle", "app.v1"}}, req).empty());
  deps::Resolution r = update::resolve_request(f.report.model, req);
  REQUIRE(r.ok);
  REQUIRE(r.installs.size() == 2);
  CHECK(r.installs[0].bundle == "app.v2");  // app.v3 (head, skips app.v1) skipped for cert-manager
  CHECK(r.installs[1].bundle == "db.v1.5.0");
  REQUIRE(r.candidates.size() == 2);
  CHECK(r.candidates[0].unmet[0].failure_message == "install cert-manager first");

  // From app.v2 it stays (a candidate, skipped); from the head nothing upgrades at all.
  req.installed_bundle = "app.v2";
  r = update::resolve_request(f.report.model, req);
  CHECK_FALSE(r.ok);
  CHECK(r.error.empty());
  CHECK(r.candidates.size() == 1);
  req.installed_bundle = "app.v3";
  r = update::resolve_request(f.report.model, req);
  CHECK_FALSE(r.ok);
  CHECK(r.candidates.empty());

  // A bundle no longer in the catalog needs its version; with it, its skipRange/replaces decide.
  req.installed_bundle = "app.v0";
  CHECK(update::resolve_request(f.report.model, req).error ==
        "installed bundle app.v0 is not in package app; give its version to ask about a bundle no longer in the catalog");
  req.installed_version = "0.1.0";
  r = update::resolve_request(f.report.model, req);
  CHECK(r.error.empty());
  CHECK(r.candidates.empty());

  // An unreadable range aborts, with OLM's message.
  req = {};
  REQUIRE(deps::install_request_from_json(Json{{"package", "broken"}, {"installedBundle", "broken.v1"}}, req).empty());
  CHECK(update::resolve_request(f.report.model, req).error == "Last element in range is '||'");
  CHECK(deps::install_request_from_json(Json{{"package", "app"}, {"installedBundle", "a"}, {"startingBundle", "b"}}, req) ==
        "give startingBundle or installedBundle, not both");
}

TEST_CASE("CandidateResolver: a question asked again is answered from memory, all searches share a budget",
          "[deps][upgrade][hostile]") {
  DepsFixture f;
  deps::CandidateResolver resolver(f.report.model, {}, 1000, 2);
  const std::vector<deps::Candidate> v3_then_v2{{"stable", "app.v3", false}, {"stable", "app.v2", false}};
  const deps::Resolution first = resolver.resolve("app", v3_then_v2, true);
  REQUIRE(first.ok);
  CHECK(first.candidates[1].chosen);
  // The budget (2 steps in all) is spent: a new question is refused, the same one still answered.
  const deps::Resolution refused = resolver.resolve("app", {{"stable", "app.v2", false}}, true);
  CHECK_FALSE(refused.ok);
  CHECK(refused.error == "resolution gave up after 2 search steps in all");
  const deps::Resolution again = resolver.resolve("app", v3_then_v2, true);
  CHECK(again.ok);
  CHECK(again.installs.size() == first.installs.size());
  // A prohibited candidate (legacy olm.deprecated) is skipped with OLM's reason.
  deps::CandidateResolver fresh(f.report.model, {});
  const deps::Resolution prohibited = fresh.resolve("app", {{"stable", "app.v2", true}}, true);
  CHECK_FALSE(prohibited.ok);
  REQUIRE(prohibited.candidates[0].unmet.size() == 1);
  CHECK(prohibited.candidates[0].unmet[0].reason == "bundle app.v2 is deprecated");
}

// Real cases on ../shared/catalogs where dependencies change Classic's upgrade answer (found by
// comparing classic_next with and without dependencies for every installed bundle of the
// certified v4.14 and community v4.16 / v4.21 catalogs; these are all of them).
Json real_answer(const ValidationReport& report, const std::string& package, const std::string& installed,
                 std::vector<std::string> cluster = {}, bool ignore = false) {
  update::UpgradeFields fields;
  fields.package = package;
  fields.installed_bundle = installed;
  fields.cluster_provides = std::move(cluster);
  fields.ignore_dependencies = ignore;
  update::RequestError error;
  const auto request = update::make_upgrade_request(fields, report.model, error);
  REQUIRE(request);
  return view::write_json(update::upgrade_view(update::answer_upgrade(*update::package_graph(report.model, package), *request, &report.model)));
}

TEST_CASE("real catalog: cpd-platform-operator stays, its head needs IBM's CommonService API (certified v4.14)",
          "[deps][upgrade][real]") {
  if (!shared_available()) return;
  DirectoryFileSource source(shared_dir() + "/catalogs/certified-operators-v4.14/catalogs/v4.14");
  const ValidationReport report = validate_catalog(source);
  const std::string head = "cpd-platform-operator.v6.4.11";
  for (const char* installed : {"cpd-platform-operator.v6.1.3", "cpd-platform-operator.v6.4.9"}) {
    INFO(installed);
    CHECK(real_answer(report, "cpd-platform-operator", installed, {}, true)["classic"]["next"] == head);
    const Json r = real_answer(report, "cpd-platform-operator", installed);
    CHECK(r["classic"]["next"].is_null());
    CHECK(r["classic"]["error"].is_null());
    const Json& skipped = r["classic"]["resolution"]["candidates"][0];
    CHECK(skipped["bundle"] == head);
    REQUIRE_FALSE(skipped["unmet"].empty());
    CHECK(skipped["unmet"][0]["constraint"] ==
          "bundle cpd-platform-operator.v6.4.11 requires an operator providing an API with group: operator.ibm.com, "
          "version: v3, kind: CommonService");
    // It also needs package ibm-common-service-operator <5.0.0: the API alone is not enough.
    const Json api_only = real_answer(report, "cpd-platform-operator", installed, {"operator.ibm.com/v3/CommonService"});
    CHECK(api_only["classic"]["next"].is_null());
    CHECK(api_only["classic"]["resolution"]["candidates"][0]["unmet"][0]["constraint"] ==
          "bundle cpd-platform-operator.v6.4.11 requires an operator with package: ibm-common-service-operator and with "
          "version in range: <5.0.0");
    // A cluster that has IBM's common services 4.x moves on to the head.
    CHECK(real_answer(report, "cpd-platform-operator", installed,
                      {"operator.ibm.com/v3/CommonService", "ibm-common-service-operator@4.6.0"})["classic"]["next"] == head);
  }
}

TEST_CASE("real catalog: shipwright-operator 0.9.0 stays, 0.13.0 needs cert-manager (community v4.16)",
          "[deps][upgrade][real]") {
  if (!shared_available()) return;
  DirectoryFileSource source(shared_dir() + "/catalogs/community-operators-prod-v4.16/catalogs/v4.16");
  const ValidationReport report = validate_catalog(source);
  CHECK(real_answer(report, "shipwright-operator", "shipwright-operator.v0.9.0", {}, true)["classic"]["next"] ==
        "shipwright-operator.v0.13.0");
  const Json r = real_answer(report, "shipwright-operator", "shipwright-operator.v0.9.0");
  CHECK(r["classic"]["next"].is_null());
  CHECK(r["classic"]["resolution"]["candidates"][0]["unmet"][0]["constraint"].get<std::string>().find(
            "group: cert-manager.io, version: v1, kind: Certificate") != std::string::npos);
  const Json moved = real_answer(report, "shipwright-operator", "shipwright-operator.v0.9.0",
                                 {"cert-manager.io/v1/Certificate", "cert-manager.io/v1/Issuer",
                                  "operator.tekton.dev/v1alpha1/TektonConfig"});
  CHECK(moved["classic"]["next"] == "shipwright-operator.v0.13.0");
}

}  // namespace
}  // namespace fbclens::test
