// Dependencies as OLM Classic resolves them (core/deps): each constraint kind decoded with OLM's
// errors, the compound examples of OLM's compound-bundle-constraints enhancement evaluated,
// the resolver's preference rules (default channel first, then by name, newer first, one
// bundle per package), skipped candidates, the cluster's own APIs, and a real catalog where a
// required cert-manager API changes Classic's answer.
#include <catch2/catch.hpp>

#include "deps/deps.h"
#include "deps/resolve.h"
#include "load/file_source.h"
#include "support.h"
#include "validate/validate.h"

namespace fbclens::test {
namespace {

using deps::Constraint;
using deps::Verdict;

std::optional<Constraint> parse(const std::string& json, std::string& error) {
  bool range_error = false;
  return deps::parse_constraint(Json::parse(json), error, range_error);
}

deps::Provider provider(const std::string& pkg, const std::string& version, std::vector<property::Gvk> gvks = {}) {
  return {pkg, semver::parse(version), std::move(gvks)};
}

TEST_CASE("olm.constraint: each kind decodes, with OLM's errors for what it rejects", "[deps]") {
  std::string error;
  auto c = parse(R"({"failureMessage":"needs foo","package":{"packageName":"foo","versionRange":">=1.0.0 <2.0.0"}})", error);
  REQUIRE(c);
  CHECK(c->kind == Constraint::Kind::Package);
  CHECK(c->failure_message == "needs foo");
  CHECK(deps::describe(*c) == "with package: foo and with version in range: >=1.0.0 <2.0.0");

  c = parse(R"({"gvk":{"group":"cert-manager.io","version":"v1","kind":"Certificate"}})", error);
  REQUIRE(c);
  CHECK(deps::describe(*c) == "providing an API with group: cert-manager.io, version: v1, kind: Certificate");

  c = parse(R"j({"failureMessage":"no","cel":{"rule":"properties.exists(p, p.type == \"certified\")"}})j", error);
  REQUIRE(c);
  CHECK(c->kind == Constraint::Kind::Cel);
  CHECK(deps::describe(*c) == "with constraint: \"properties.exists(p, p.type == \\\"certified\\\")\" and message: \"no\"");
  CHECK(deps::evaluate(*c, provider("foo", "1.0.0")) == Verdict::NotEvaluated);

  // Go's encoding/json matches member names case-insensitively.
  c = parse(R"({"Package":{"PackageName":"foo","versionrange":"1.0.0"}})", error);
  REQUIRE(c);
  CHECK(c->package_name == "foo");

  CHECK_FALSE(parse(R"({"pkg":{}})", error));
  CHECK(error == "parse olm.constraint: json: unknown field \"pkg\"");
  CHECK_FALSE(parse(R"({"failureMessage":"x"})", error));
  CHECK(error == "convert olm.constraint to resolver predicate: constraint is empty");
  CHECK_FALSE(parse(R"({"all":{"constraints":[{"package":{"packageName":"a","versionRange":"not a range"}}]}})", error));
  CHECK(error.rfind("convert olm.constraint to resolver predicate: ", 0) == 0);
  CHECK_FALSE(parse(R"({"package":"foo"})", error));
  CHECK(error.rfind("parse olm.constraint: json: cannot unmarshal string", 0) == 0);

  // gvk wins over package when both are set (convertConstraints' order).
  c = parse(R"({"package":{"packageName":"a","versionRange":"1.0.0"},"gvk":{"group":"g","version":"v","kind":"K"}})", error);
  REQUIRE(c);
  CHECK(c->kind == Constraint::Kind::Gvk);
}

TEST_CASE("compound constraints: the enhancement's all / any / not examples", "[deps]") {
  std::string error;
  // all: a package in range AND an API.
  const auto all = parse(R"({"failureMessage":"Requires etcd >=3.1 with EtcdCluster v1beta2","all":{"constraints":[
      {"package":{"packageName":"etcd","versionRange":">=3.1.0"}},
      {"gvk":{"group":"etcd.database.coreos.com","version":"v1beta2","kind":"EtcdCluster"}}]}})", error);
  REQUIRE(all);
  const property::Gvk etcd_api{"etcd.database.coreos.com", "v1beta2", "EtcdCluster"};
  CHECK(deps::evaluate(*all, provider("etcd", "3.2.0", {etcd_api})) == Verdict::Satisfied);
  CHECK(deps::evaluate(*all, provider("etcd", "3.0.0", {etcd_api})) == Verdict::Unsatisfied);
  CHECK(deps::evaluate(*all, provider("etcd", "3.2.0")) == Verdict::Unsatisfied);
  CHECK(deps::describe(*all) ==
        "with package: etcd and with version in range: >=3.1.0 and providing an API with group: "
        "etcd.database.coreos.com, version: v1beta2, kind: EtcdCluster");

  // any: one of two API versions.
  const auto any = parse(R"({"any":{"constraints":[
      {"gvk":{"group":"example.com","version":"v1beta1","kind":"Foo"}},
      {"gvk":{"group":"example.com","version":"v1beta2","kind":"Foo"}}]}})", error);
  REQUIRE(any);
  CHECK(deps::evaluate(*any, provider("x", "1.0.0", {{"example.com", "v1beta2", "Foo"}})) == Verdict::Satisfied);
  CHECK(deps::evaluate(*any, provider("x", "1.0.0", {{"example.com", "v1", "Foo"}})) == Verdict::Unsatisfied);
  CHECK(deps::describe(*any).find(" or ") != std::string::npos);

  // all with not: any etcd except the 3.1.x line.
  const auto except = parse(R"({"all":{"constraints":[
      {"package":{"packageName":"etcd","versionRange":">=3.0.0"}},
      {"not":{"constraints":[{"package":{"packageName":"etcd","versionRange":">=3.1.0 <3.2.0"}}]}}]}})", error);
  REQUIRE(except);
  CHECK(deps::evaluate(*except, provider("etcd", "3.0.5")) == Verdict::Satisfied);
  CHECK(deps::evaluate(*except, provider("etcd", "3.1.2")) == Verdict::Unsatisfied);
  CHECK(deps::evaluate(*except, provider("etcd", "3.2.0")) == Verdict::Satisfied);

  // A cel leaf keeps the result unknown unless the rest decides it.
  const auto mixed = parse(R"({"any":{"constraints":[{"cel":{"rule":"true"}},{"package":{"packageName":"a","versionRange":"1.0.0"}}]}})", error);
  REQUIRE(mixed);
  CHECK(deps::evaluate(*mixed, provider("a", "1.0.0")) == Verdict::Satisfied);
  CHECK(deps::evaluate(*mixed, provider("b", "1.0.0")) == Verdict::NotEvaluated);
  CHECK(deps::cel_rules(*mixed) == std::vector<std::string>{"true"});
}

// A catalog as a JSON stream; each bundle: {name, package, version, channels handled by caller}.
struct CatalogBuilder {
  std::string text;
  void package(const std::string& name, const std::string& default_channel) {
    text += Json{{"schema", "olm.package"}, {"name", name}, {"defaultChannel", default_channel}}.dump() + "\n";
  }
  void channel(const std::string& pkg, const std::string& name, const Json& entries) {
    text += Json{{"schema", "olm.channel"}, {"package", pkg}, {"name", name}, {"entries", entries}}.dump() + "\n";
  }
  void bundle(const std::string& pkg, const std::string& name, const std::string& version, Json extra = Json::array()) {
    Json props = Json::array({Json{{"type", "olm.package"}, {"value", {{"packageName", pkg}, {"version", version}}}}});
    for (const Json& p : extra) props.push_back(p);
    text += Json{{"schema", "olm.bundle"}, {"package", pkg}, {"name", name}, {"image", "quay.io/x/" + name + ":1"},
                 {"properties", props}}.dump() + "\n";
  }
  ValidationReport validate() const {
    MemoryFileSource source;
    source.add("catalog.json", text);
    return validate_catalog(source);
  }
};

Json gvk(const std::string& type, const std::string& g, const std::string& v, const std::string& k) {
  return {{"type", type}, {"value", {{"group", g}, {"version", v}, {"kind", k}}}};
}
Json needs_package(const std::string& pkg, const std::string& range) {
  return {{"type", "olm.package.required"}, {"value", {{"packageName", pkg}, {"versionRange", range}}}};
}

std::vector<std::string> installed(const deps::Resolution& r) {
  std::vector<std::string> out;
  for (const deps::Installed& i : r.installs) out.push_back(i.bundle);
  return out;
}

TEST_CASE("resolve: newest candidate with its dependencies met, skipped ones say which constraint failed", "[deps][resolve]") {
  CatalogBuilder c;
  c.package("app", "stable");
  c.channel("app", "stable", Json::parse(R"([{"name":"app.v1"},{"name":"app.v2","replaces":"app.v1"}])"));
  c.channel("app", "alpha", Json::parse(R"([{"name":"app.v3"}])"));
  // app.v2 (the stable head) needs an API nobody provides, with a failureMessage.
  c.bundle("app", "app.v1", "1.0.0", Json::array({needs_package("db", ">=1.0.0 <2.0.0")}));
  c.bundle("app", "app.v2", "2.0.0",
           Json::array({Json{{"type", "olm.constraint"},
                             {"value", {{"failureMessage", "install cert-manager first"},
                                        {"gvk", {{"group", "cert-manager.io"}, {"version", "v1"}, {"kind", "Certificate"}}}}}}}));
  c.bundle("app", "app.v3", "3.0.0");
  c.package("db", "stable");
  c.channel("db", "stable", Json::parse(R"([{"name":"db.v1.0.0"},{"name":"db.v1.5.0","replaces":"db.v1.0.0"},{"name":"db.v2.0.0","replaces":"db.v1.5.0"}])"));
  c.bundle("db", "db.v1.0.0", "1.0.0", Json::array({gvk("olm.gvk", "db.io", "v1", "Db")}));
  c.bundle("db", "db.v1.5.0", "1.5.0", Json::array({gvk("olm.gvk", "db.io", "v1", "Db")}));
  c.bundle("db", "db.v2.0.0", "2.0.0", Json::array({gvk("olm.gvk", "db.io", "v1", "Db")}));
  const ValidationReport report = c.validate();
  REQUIRE(report.verdict == fbclens::Verdict::Valid);

  deps::InstallRequest req;
  req.package = "app";
  req.channel = "stable";
  deps::Resolution r = deps::resolve_install(report.model, req);
  REQUIRE(r.ok);
  // app.v2 is skipped; app.v1 pulls in the newest db in range (1.5.0, not 2.0.0 nor 1.0.0).
  CHECK(installed(r) == std::vector<std::string>{"app.v1", "db.v1.5.0"});
  CHECK(r.installs[1].required_by == "app.v1");
  CHECK(r.installs[1].constraint == "bundle app.v1 requires an operator with package: db and with version in range: >=1.0.0 <2.0.0");
  CHECK(r.installs[1].property_pointer == "/properties/1/value");
  REQUIRE(r.candidates.size() == 2);
  CHECK(r.candidates[0].bundle == "app.v2");
  CHECK_FALSE(r.candidates[0].chosen);
  REQUIRE(r.candidates[0].unmet.size() == 1);
  CHECK(r.candidates[0].unmet[0].failure_message == "install cert-manager first");
  CHECK(r.candidates[0].unmet[0].reason == "no bundle in the catalog satisfies it");
  CHECK(r.candidates[1].chosen);

  // The cluster has the API: the head resolves on its own.
  REQUIRE(deps::parse_cluster_provides("cert-manager.io/v1/Certificate", req.cluster, r.error));
  r = deps::resolve_install(report.model, req);
  REQUIRE(r.ok);
  CHECK(installed(r) == std::vector<std::string>{"app.v2"});
  REQUIRE(r.notes.size() == 1);
  CHECK(r.notes[0].detail == "satisfied by the cluster: cert-manager.io/v1/Certificate");

  // No channel: the default channel's candidates come first, then the others by name.
  req = {};
  req.package = "app";
  r = deps::resolve_install(report.model, req);
  REQUIRE(r.candidates.size() == 3);
  CHECK(r.candidates[0].channel == "stable");
  CHECK(r.candidates[2].channel == "alpha");
  CHECK(installed(r) == std::vector<std::string>{"app.v1", "db.v1.5.0"});

  // A starting bundle is the only candidate.
  req.starting_bundle = "app.v3";
  r = deps::resolve_install(report.model, req);
  CHECK(installed(r) == std::vector<std::string>{"app.v3"});

  // The cluster already has db 1.0.0: it satisfies the range, nothing else of db is installed.
  req = {};
  req.package = "app";
  req.channel = "stable";
  REQUIRE(deps::parse_cluster_provides("db@1.0.0", req.cluster, r.error));
  r = deps::resolve_install(report.model, req);
  CHECK(installed(r) == std::vector<std::string>{"app.v1"});

  // OLM's messages for what the subscription names but the catalog lacks.
  req = {};
  req.package = "nope";
  CHECK(deps::resolve_install(report.model, req).error ==
        "no operators found in package nope in the catalog referenced by subscription nope");
  req.package = "app";
  req.channel = "beta";
  CHECK(deps::resolve_install(report.model, req).error ==
        "no operators found in channel beta of package app in the catalog referenced by subscription app");
}

TEST_CASE("resolve: one bundle per package and per API, a range OLM cannot parse aborts", "[deps][resolve]") {
  CatalogBuilder c;
  c.package("app", "stable");
  c.channel("app", "stable", Json::parse(R"([{"name":"app.v1"}])"));
  // Needs db 1.x and, separately, a bundle providing Cache, which only db 2.0.0 provides.
  c.bundle("app", "app.v1", "1.0.0",
           Json::array({needs_package("db", "<2.0.0"), gvk("olm.gvk.required", "db.io", "v1", "Cache")}));
  c.package("db", "stable");
  c.channel("db", "stable", Json::parse(R"([{"name":"db.v1"},{"name":"db.v2","replaces":"db.v1"}])"));
  c.bundle("db", "db.v1", "1.0.0");
  c.bundle("db", "db.v2", "2.0.0", Json::array({gvk("olm.gvk", "db.io", "v1", "Cache")}));
  ValidationReport report = c.validate();
  REQUIRE(report.verdict == fbclens::Verdict::Valid);
  deps::InstallRequest req;
  req.package = "app";
  deps::Resolution r = deps::resolve_install(report.model, req);
  CHECK_FALSE(r.ok);
  REQUIRE(r.candidates.size() == 1);
  REQUIRE_FALSE(r.candidates[0].unmet.empty());
  CHECK(r.candidates[0].unmet[0].reason.find("package db already has db.v1") != std::string::npos);

  CatalogBuilder bad;
  bad.package("app", "stable");
  bad.channel("app", "stable", Json::parse(R"([{"name":"app.v1"}])"));
  bad.bundle("app", "app.v1", "1.0.0", Json::array({needs_package("db", ">=1.0.0 || ")}));
  report = bad.validate();
  r = deps::resolve_install(report.model, req);
  CHECK_FALSE(r.ok);
  CHECK_FALSE(r.error.empty());
  CHECK(r.candidates.empty());  // aborted before any candidate is tried
}

TEST_CASE("resolve: a cel constraint is reported as not evaluated and pulls nothing in", "[deps][resolve]") {
  CatalogBuilder c;
  c.package("app", "stable");
  c.channel("app", "stable", Json::parse(R"([{"name":"app.v1"}])"));
  c.bundle("app", "app.v1", "1.0.0",
           Json::array({Json{{"type", "olm.constraint"}, {"value", {{"cel", {{"rule", "properties.exists(p, p.type == \"x\")"}}}}}}}));
  const ValidationReport report = c.validate();
  deps::InstallRequest req;
  req.package = "app";
  const deps::Resolution r = deps::resolve_install(report.model, req);
  REQUIRE(r.ok);
  CHECK(installed(r) == std::vector<std::string>{"app.v1"});
  REQUIRE(r.notes.size() == 1);
  CHECK(r.notes[0].detail == "not evaluated: cel rule properties.exists(p, p.type == \"x\")");
}

TEST_CASE("olm.constraint over OLM's size limit is an error for the resolver", "[deps]") {
  CatalogBuilder c;
  c.package("app", "stable");
  c.channel("app", "stable", Json::parse(R"([{"name":"app.v1"}])"));
  c.bundle("app", "app.v1", "1.0.0",
           Json::array({Json{{"type", "olm.constraint"},
                             {"value", {{"failureMessage", std::string(deps::kMaxConstraintBytes, 'x')},
                                        {"gvk", {{"group", "g"}, {"version", "v1"}, {"kind", "K"}}}}}}}));
  const ValidationReport report = c.validate();
  const model::PackageBundle* b = report.model.packages.at("app").bundle("app.v1");
  REQUIRE(b);
  const std::vector<deps::Dependency> d = deps::bundle_dependencies(*b);
  REQUIRE(d.size() == 1);
  CHECK(d[0].value_bytes > deps::kMaxConstraintBytes);
  CHECK(d[0].error == "parse olm.constraint: olm.constraint value is greater than max constraint size 131072 bytes");
}

TEST_CASE("sort_channel: OLM's messages for channels it cannot order", "[deps]") {
  CatalogBuilder c;
  c.package("app", "stable");
  c.channel("app", "stable", Json::parse(R"([{"name":"a"},{"name":"b"}])"));
  c.bundle("app", "a", "1.0.0");
  c.bundle("app", "b", "2.0.0");
  const ValidationReport report = c.validate();  // opm rejects two heads; the model still holds them
  const model::Package& pkg = report.model.packages.at("app");
  std::vector<std::string> out;
  std::string error;
  CHECK_FALSE(deps::sort_channel(pkg, pkg.channels.at("stable"), {}, out, error));
  CHECK(error.find("but 2 replacement chains were found in channel \"stable\" of package \"app\": ") != std::string::npos);
}

TEST_CASE("real catalog: edb-hcp-operator needs cert-manager's Certificate, which the certified v4.14 catalog lacks",
          "[deps][resolve][real]") {
  if (!shared_available()) return;
  DirectoryFileSource source(shared_dir() + "/catalogs/certified-operators-v4.14/catalogs/v4.14");
  const ValidationReport report = validate_catalog(source);
  deps::InstallRequest req;
  req.package = "edb-hcp-operator";
  deps::Resolution r = deps::resolve_install(report.model, req);
  CHECK_FALSE(r.ok);
  REQUIRE_FALSE(r.candidates.empty());
  REQUIRE_FALSE(r.candidates[0].unmet.empty());
  CHECK(r.candidates[0].unmet[0].constraint ==
        "bundle edb-hcp-operator.v1.2.0 requires an operator providing an API with group: cert-manager.io, version: v1, kind: Certificate");
  REQUIRE(deps::parse_cluster_provides("cert-manager.io/v1/Certificate", req.cluster, r.error));
  r = deps::resolve_install(report.model, req);
  CHECK(r.ok);
  CHECK(installed(r) == std::vector<std::string>{"edb-hcp-operator.v1.2.0"});
}

}  // namespace
}  // namespace fbclens::test

namespace fbclens::test {
namespace {

TEST_CASE("real catalogs: a dependency pulled in transitively, and cert-manager's API changing Classic's answer",
          "[deps][resolve][real]") {
  if (!shared_available()) return;
  {
    DirectoryFileSource source(shared_dir() + "/catalogs/community-operators-prod-v4.21/catalogs/v4.21");
    const ValidationReport report = validate_catalog(source);
    deps::InstallRequest req;
    req.package = "rabbitmq-messaging-topology-operator";
    const deps::Resolution r = deps::resolve_install(report.model, req);
    REQUIRE(r.ok);
    REQUIRE(r.installs.size() == 2);
    CHECK(r.installs[1].package == "rabbitmq-cluster-operator");
    CHECK(r.installs[1].required_by == r.installs[0].bundle);
    CHECK(r.installs[1].constraint.find("providing an API with group: rabbitmq.com, version: v1beta1, kind: RabbitmqCluster") !=
          std::string::npos);
  }
  {
    DirectoryFileSource source(shared_dir() + "/catalogs/community-operators-prod-v4.16/catalogs/v4.16");
    const ValidationReport report = validate_catalog(source);
    deps::InstallRequest req;
    req.package = "shipwright-operator";
    deps::Resolution r = deps::resolve_install(report.model, req);
    CHECK_FALSE(r.ok);
    REQUIRE(r.candidates.size() >= 2);
    CHECK(r.candidates[0].bundle == "shipwright-operator.v0.13.0");
    REQUIRE_FALSE(r.candidates[0].unmet.empty());
    CHECK(r.candidates[0].unmet[0].constraint.find("group: cert-manager.io, version: v1, kind: Certificate") != std::string::npos);
    // With cert-manager (and Tekton) on the cluster, Classic takes the channel head.
    for (const char* api : {"cert-manager.io/v1/Certificate", "cert-manager.io/v1/Issuer", "operator.tekton.dev/v1alpha1/TektonConfig"}) {
      REQUIRE(deps::parse_cluster_provides(api, req.cluster, r.error));
    }
    r = deps::resolve_install(report.model, req);
    REQUIRE(r.ok);
    CHECK(r.installs[0].bundle == "shipwright-operator.v0.13.0");
  }
}

}  // namespace
}  // namespace fbclens::test

namespace fbclens::test {
namespace {

// 3000 levels (9000 JSON levels, under the loader's 10000): refused before anything recurses
// through it (json_deeper_than), so the wasm build's JavaScript stack holds too.
TEST_CASE("hostile: an olm.constraint nested 3000 levels deep is an error, not a crash", "[deps][hostile]") {
  std::string value;
  for (int i = 0; i < 3000; ++i) value += R"({"not":{"constraints":[)";
  value += R"({"gvk":{"group":"g","version":"v","kind":"K"}})";
  for (int i = 0; i < 3000; ++i) value += "]}}";
  const std::string text =
      R"({"schema":"olm.package","name":"app","defaultChannel":"stable"})" "\n"
      R"({"schema":"olm.channel","package":"app","name":"stable","entries":[{"name":"app.v1"}]})" "\n"
      R"({"schema":"olm.bundle","package":"app","name":"app.v1","image":"quay.io/x/app:1","properties":[)"
      R"({"type":"olm.package","value":{"packageName":"app","version":"1.0.0"}},{"type":"olm.constraint","value":)" +
      value + "}]}\n";
  MemoryFileSource source;
  source.add("catalog.json", text);
  const ValidationReport report = validate_catalog(source);
  const model::PackageBundle* b = report.model.packages.at("app").bundle("app.v1");
  REQUIRE(b);
  const std::vector<deps::Dependency> d = deps::bundle_dependencies(*b);
  REQUIRE(d.size() == 1);
  CHECK(d[0].error == "parse olm.constraint: json: exceeded max depth");
  deps::InstallRequest req;
  req.package = "app";
  CHECK(deps::resolve_install(report.model, req).error == d[0].error);
}

}  // namespace
}  // namespace fbclens::test
