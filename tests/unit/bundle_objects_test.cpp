// Bundle-object manifests read once per repository (core/declcfg/bundle_objects.h): a catalog
// validated with a memo that other catalogs filled must be the catalog validated alone, down to
// every fact read from its manifests, and the memo must be taken from (hits), not just kept.
#include <catch2/catch.hpp>

#include "declcfg/bundle_objects.h"
#include "repo/repository.h"
#include "support.h"

namespace fbclens::test {
namespace {

// Everything the model holds of a bundle's olm.bundle.object manifests, as one JSON value per
// bundle ("package/bundle" → facts), to compare two validations of the same catalog.
Json manifest_facts(const model::Model& model) {
  Json out = Json::object();
  for (const auto& [package_name, package] : model.packages) {
    for (const model::PackageBundle& b : package.bundles) {
      Json facts{{"objects", b.object_count}, {"bytes", b.object_bytes}};
      if (b.manifests) {
        Json objects = Json::array();
        for (const auto& o : b.manifests->objects) objects.push_back({o.api_version, o.kind, o.name});
        Json hooks = Json::array();
        for (const auto& w : b.manifests->webhooks) {
          Json rules = Json::array();
          for (const auto& r : w.rules) rules.push_back({r.api_groups, r.resources});
          hooks.push_back({w.type, w.generate_name, w.deployment_name, w.conversion_crds, rules});
        }
        facts["manifests"] = {{"objects", objects}, {"hasCsv", b.manifests->has_csv}, {"webhooks", hooks},
                              {"deployments", b.manifests->deployments}};
      }
      if (const property::CsvMetadata* csv = b.properties.csv.get()) {
        Json icons = Json::array();
        for (const auto& i : csv->icons) icons.push_back({*i.base64_data, i.media_type});
        Json modes = Json::array();
        for (const auto& m : csv->install_modes) modes.push_back({m.type, m.supported});
        Json crds = Json::array();
        for (const auto& c : csv->owned_crds) crds.push_back({c.name, c.version, c.kind});
        Json services = Json::array();
        for (const auto& a : csv->owned_api_services) services.push_back({a.group, a.version, a.kind, a.name});
        Json people = Json::array();
        for (const auto& m : csv->maintainers) people.push_back({m.name, m.text});
        for (const auto& l : csv->links) people.push_back({l.name, l.text});
        facts["csv"] = {{"fromBundleObject", csv->from_bundle_object}, {"displayName", csv->display_name},
                        {"provider", csv->provider}, {"description", *csv->description}, {"icons", icons},
                        {"annotations", csv->annotations}, {"longAnnotations", csv->long_annotations},
                        {"labels", csv->labels}, {"keywords", csv->keywords}, {"maturity", csv->maturity},
                        {"minKubeVersion", csv->min_kube_version}, {"installModes", modes},
                        {"installModesDeclared", csv->install_modes_declared}, {"ownedCrds", crds},
                        {"ownedApiServices", services}, {"people", people}, {"replaces", csv->replaces},
                        {"version", csv->version}};
      }
      out[package_name + "/" + b.name] = std::move(facts);
    }
  }
  return out;
}

ValidationReport validate_with(const FileSource& source, declcfg::BundleObjectMemo* memo) {
  ValidateOptions options;
  options.bundle_objects = memo;
  return validate_catalog(source, options);
}

// A package whose one bundle holds `objects` as olm.bundle.object payloads (each a manifest's
// text, base64-encoded here).
std::string catalog_with_objects(const std::vector<std::string>& objects) {
  Json properties = Json::array({{{"type", "olm.package"}, {"value", {{"packageName", "p"}, {"version", "1.0.0"}}}}});
  for (const std::string& o : objects) properties.push_back({{"type", "olm.bundle.object"}, {"value", {{"data", base64_encode(o)}}}});
  return Json{{"schema", "olm.package"}, {"name", "p"}, {"defaultChannel", "stable"}}.dump() + "\n" +
         Json{{"schema", "olm.channel"}, {"package", "p"}, {"name", "stable"}, {"entries", {{{"name", "p.v1.0.0"}}}}}.dump() + "\n" +
         Json{{"schema", "olm.bundle"}, {"package", "p"}, {"name", "p.v1.0.0"}, {"image", "example.com/p:1"}, {"properties", properties}}.dump() + "\n";
}

const char* const kCsv = R"({"apiVersion":"operators.coreos.com/v1alpha1","kind":"ClusterServiceVersion",
  "metadata":{"name":"p.v1.0.0","annotations":{"capabilities":"Basic Install"}},
  "spec":{"displayName":"P","install":{"spec":{"deployments":[{"name":"p-controller"}]}},
          "webhookdefinitions":[{"type":"ValidatingAdmissionWebhook","generateName":"vp.example.com","deploymentName":"p-controller"}]}})";
const char* const kSecondCsv = R"({"apiVersion":"operators.coreos.com/v1alpha1","kind":"ClusterServiceVersion",
  "metadata":{"name":"p.v1.0.0-other"},"spec":{"displayName":"Not read: the bundle has its CSV"}})";
const char* const kCrd = R"({"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":"ps.example.com"}})";

TEST_CASE("bundle objects met again: the report is the one validated alone", "[declcfg][bundle-objects]") {
  DirectoryFileSource source(source_dir() + "/tests/fixtures/model/typed-properties");
  const ValidationReport alone = validate_with(source, nullptr);
  REQUIRE(alone.model.packages.at("widget").bundle("widget.v1.0.0")->object_count == 2);

  declcfg::BundleObjectMemo memo;
  const ValidationReport first = validate_with(source, &memo);
  CHECK(memo.hits() == 0);
  CHECK(memo.size() == 2);  // both of widget.v1.0.0's manifests are JSON
  const ValidationReport again = validate_with(source, &memo);
  CHECK(memo.hits() == 2);
  for (const ValidationReport* r : {&first, &again}) {
    CHECK(manifest_facts(r->model) == manifest_facts(alone.model));
    CHECK(r->opm_output == alone.opm_output);
    CHECK(r->findings.size() == alone.findings.size());
  }
  // The CSV read from the memo is a copy: the first report's is not shared with the second's.
  CHECK(first.model.packages.at("widget").bundle("widget.v1.0.0")->properties.csv.get() !=
        again.model.packages.at("widget").bundle("widget.v1.0.0")->properties.csv.get());
}

TEST_CASE("bundle objects met again: the same manifest before and after the bundle's CSV", "[declcfg][bundle-objects]") {
  // One catalog reads kSecondCsv as its bundle's CSV; the other meets it after kCsv, when only its
  // identity is read. Keyed apart, each reading is what that catalog reads alone.
  MemoryFileSource as_csv, after_csv, bad;
  as_csv.add("catalog.json", catalog_with_objects({kSecondCsv, kCrd}));
  after_csv.add("catalog.json", catalog_with_objects({kCsv, kCrd, kSecondCsv}));
  declcfg::BundleObjectMemo memo;
  for (const MemoryFileSource* source : {&as_csv, &after_csv, &as_csv, &after_csv}) {
    const ValidationReport shared = validate_with(*source, &memo);
    const ValidationReport alone = validate_with(*source, nullptr);
    CHECK(manifest_facts(shared.model) == manifest_facts(alone.model));
  }
  // after_csv: kCrd after a CSV, as in as_csv (1); as_csv again (2); after_csv again (3).
  CHECK(memo.hits() == 6);
  const ValidationReport report = validate_with(after_csv, &memo);
  const model::PackageBundle* b = report.model.packages.at("p").bundle("p.v1.0.0");
  REQUIRE(b->properties.csv);
  CHECK(b->properties.csv->display_name == "P");
  CHECK(b->manifests->deployments == std::vector<std::string>{"p-controller"});
  REQUIRE(b->manifests->webhooks.size() == 1);
  CHECK(b->manifests->objects.size() == 3);

  // A payload that does not decode is an error whatever the memo holds: it is never looked up.
  std::string broken = catalog_with_objects({kCrd});
  broken.insert(broken.find("\"data\":\"") + 8, "%");
  bad.add("catalog.json", broken);
  const ValidationReport failed = validate_with(bad, &memo);
  CHECK(failed.verdict == Verdict::LoadError);
  CHECK(failed.opm_output == validate_with(bad, nullptr).opm_output);
}

TEST_CASE("bundle objects met again: the memo keeps no more than its bound", "[declcfg][bundle-objects]") {
  MemoryFileSource source;
  source.add("catalog.json", catalog_with_objects({kCsv, kCrd}));
  declcfg::BundleObjectMemo none(0);
  validate_with(source, &none);
  validate_with(source, &none);
  CHECK(none.size() == 0);
  CHECK(none.hits() == 0);
  CHECK(none.estimated_bytes() == 0);
  declcfg::BundleObjectMemo some;
  validate_with(source, &some);
  CHECK(some.size() == 2);
  CHECK(some.estimated_bytes() > 0);
  declcfg::BundleObjectMemo one(some.estimated_bytes() - 1);  // room for the CSV's reading, not both
  validate_with(source, &one);
  CHECK(one.size() == 1);
}

TEST_CASE("real repositories: roots sharing a memo give the reports they give alone", "[repository][shared][bundle-objects]") {
  if (!shared_available()) {
    WARN("../shared is absent: real repositories skipped");
    return;
  }
  for (const char* name : {"compliance-operator-fbc", "mtv-fbc", "koku-metrics-fbc"}) {
    DirectoryFileSource source(shared_dir() + "/catalogs/" + name);
    const repo::Discovery discovery = repo::discover_repository(source);
    std::vector<Json> facts[2];
    std::vector<std::string> outputs[2];
    std::size_t hits = 0;
    for (int shared = 0; shared < 2; ++shared) {
      repo::RepositoryOptions options;
      // A memo that keeps nothing shares nothing.
      options.bundle_objects = std::make_shared<declcfg::BundleObjectMemo>(shared ? declcfg::BundleObjectMemo::kDefaultMaxBytes : 0);
      options.on_root = [&](const repo::RootOutcome&, std::unique_ptr<ValidationReport>& report, const FileSource&) {
        facts[shared].push_back(manifest_facts(report->model));
      };
      const repo::RepositoryReport report = repo::validate_repository(source, discovery, options);
      for (const repo::RootOutcome& r : report.roots) outputs[shared].push_back(r.opm_output + r.summary.dump());
      if (shared) hits = options.bundle_objects->hits();
    }
    INFO(name);
    CHECK(facts[1] == facts[0]);
    CHECK(outputs[1] == outputs[0]);
    CHECK(hits > 0);
  }
}

}  // namespace
}  // namespace fbclens::test
