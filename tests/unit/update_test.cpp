// The update graph end to end from catalog files: the seed example of issue 4 (Classic stays,
// v1 walks 1.0.0 → 2.0.0 → 3.0.0), and the divergence report on every real catalog.
#include <catch2/catch.hpp>
#include <set>

#include "update/divergence.h"
#include "update/upgrade_view.h"
#include "support.h"
#include "validate/validate.h"

namespace fbclens::test {
namespace {

TEST_CASE("seed example: v3 skips v2, v2 skipRange >=1.0.0 <2.0.0, 1.0.0 installed", "[update]") {
  DirectoryFileSource source(source_dir() + "/tests/fixtures/update/seed");
  const ValidationReport report = validate_catalog(source);
  REQUIRE(report.verdict == Verdict::Valid);  // opm validate accepts this catalog
  const auto graph = update::package_graph(report.model, "example");
  REQUIRE(graph);
  update::UpgradeFields fields;
  fields.package = "example";
  fields.installed_bundle = "example.v1.0.0";  // pruned from the catalog: only its version says where it is
  fields.subscription_channel = "stable";
  update::RequestError error;
  CHECK_FALSE(update::make_upgrade_request(fields, report.model, error));
  CHECK(error.kind == update::RequestError::Kind::NotFound);
  CHECK(error.message == "installed bundle example.v1.0.0 is not in package example; give its version to ask about a bundle "
                 "no longer in the catalog");
  fields.installed_version = "1.0.0";
  const auto request = update::make_upgrade_request(fields, report.model, error);
  REQUIRE(request);
  const Json r = view::write_json(update::upgrade_view(update::answer_upgrade(*graph, *request)));
  CHECK(r["classic"]["next"].is_null());  // Classic stays: v2 is skipped, v3 does not cover 1.0.0
  CHECK(r["classic"]["candidates"].empty());
  CHECK(r["classic"]["walk"] == Json::array({"example.v1.0.0"}));
  CHECK(r["v1"]["next"] == "example.v2.0.0");
  CHECK(r["v1"]["walk"] == Json::array({"example.v1.0.0", "example.v2.0.0", "example.v3.0.0"}));

  const update::DivergenceReport d = update::divergence(*graph);
  REQUIRE(d.rows.size() == 2);
  // From 2.0.0 both OLMs go to 3.0.0; 3.0.0 is the head: no divergence inside the channel.
  CHECK(d.differing == 0);
}

TEST_CASE("upgrade request: one parser for the CLI and the JS API, same defaults and errors", "[update]") {
  DirectoryFileSource source(source_dir() + "/tests/fixtures/update/seed");
  const ValidationReport report = validate_catalog(source);
  update::UpgradeFields fields;
  CHECK(update::upgrade_fields_from_json(Json::array(), fields) == "request must be a JSON object");
  CHECK(update::upgrade_fields_from_json(Json{{"package", 3}}, fields) == "request field package must be a string");
  CHECK(update::upgrade_fields_from_json(Json{{"channels", "stable"}}, fields) ==
        "request field channels must be an array of strings");
  fields = {};
  REQUIRE(update::upgrade_fields_from_json(Json{{"package", "example"}, {"installedBundle", "example.v2.0.0"},
                                                {"channels", {"stable"}}, {"policy", "SelfCertified"}, {"other", 1}},
                                           fields)
              .empty());
  update::RequestError error;
  const auto request = update::make_upgrade_request(fields, report.model, error);
  REQUIRE(request);
  CHECK(request->installed->version == "2.0.0");  // the installed bundle's own version by default
  CHECK(request->v1.channels == std::vector<std::string>{"stable"});
  CHECK(request->v1.self_certified);

  using Kind = update::RequestError::Kind;
  const auto fails_with = [&](update::UpgradeFields f) {
    update::RequestError e;
    CHECK_FALSE(update::make_upgrade_request(f, report.model, e));
    return std::make_pair(e.kind, e.message);
  };
  CHECK(fails_with({}) == std::make_pair(Kind::Malformed, std::string("request needs a package")));
  update::UpgradeFields unknown;
  unknown.package = "nope";
  CHECK(fails_with(unknown) == std::make_pair(Kind::NotFound, std::string("package nope is not in the catalog")));
  update::UpgradeFields policy;
  policy.package = "example";
  policy.policy = "Sometimes";
  CHECK(fails_with(policy) ==
        std::make_pair(Kind::Malformed, std::string("unknown policy Sometimes (CatalogProvided or SelfCertified)")));

  // A fresh install: both OLMs pick the head and walk from there.
  update::UpgradeFields fresh;
  fresh.package = "example";
  const auto fresh_request = update::make_upgrade_request(fresh, report.model, error);
  REQUIRE(fresh_request);
  const update::UpgradeAnswer a = update::answer_upgrade(*update::package_graph(report.model, "example"), *fresh_request);
  CHECK(a.classic.next == "example.v3.0.0");
  CHECK(a.classic_walk == std::vector<std::string>{"example.v3.0.0"});
  CHECK(a.v1_walk == std::vector<std::string>{"example.v3.0.0"});
}

TEST_CASE("a fresh install lists each Classic candidate once, though a bundle sits in several channels", "[update]") {
  DirectoryFileSource source(source_dir() + "/samples/catalog");
  const ValidationReport report = validate_catalog(source);
  const auto graph = update::package_graph(report.model, "cert-watcher");
  REQUIRE(graph);
  const update::ClassicResult r = update::classic_next(*graph, nullptr, {});
  // The default channel (stable) first, then the others by name (alpha, fast), each bundle once.
  CHECK(r.candidates == std::vector<std::string>{"cert-watcher.v2.0.0", "cert-watcher.v1.2.0", "cert-watcher.v1.1.0",
                                                  "cert-watcher.v1.0.0", "cert-watcher.v2.1.0-rc.1"});
  CHECK(r.next == "cert-watcher.v2.0.0");
}

const bool registered = [] {
  const std::string catalogs = shared_dir() + "/catalogs";
  const Json expected = Json::parse(read_file(catalogs + "/expected.json"), nullptr, false);
  if (!expected.is_object()) {
    register_test("divergence/(skipped: ../shared/catalogs is absent)", "[divergence][shared]", [] { WARN("skipped"); });
    return true;
  }
  for (auto it = expected.begin(); it != expected.end(); ++it) {
    const std::string root = it.key();
    register_test("divergence/" + root, "[divergence][shared]", [catalogs, root] {
      std::string error;
      const std::unique_ptr<FileSource> source = open_catalog_path(catalogs + "/" + root, error);
      REQUIRE(source);
      const ValidationReport report = validate_catalog(*source);
      for (const auto& [name, pkg] : report.model.packages) {
        const auto graph = update::package_graph(report.model, name);
        REQUIRE(graph);
        const update::DivergenceReport d = update::divergence(*graph);
        std::size_t entries = 0;
        std::set<std::string> names;  // every node a walk can visit: entries and bundles
        for (const update::GraphChannel& c : graph->channels) {
          entries += c.entries.size();
          for (const update::ChannelEntry& e : c.entries) names.insert(e.name);
        }
        for (const update::GraphBundle& b : graph->bundles) names.insert(b.name);
        CHECK(d.rows.size() == entries);
        for (const update::DivergenceRow& r : d.rows) {
          INFO(name << " / " << r.channel << " / " << r.installed);
          // Walks terminate: they start at the installed bundle and never repeat a bundle.
          for (const auto* walk : {&r.classic_walk, &r.v1_walk}) {
            REQUIRE_FALSE(walk->empty());
            CHECK(walk->front() == r.installed);
            CHECK(std::set<std::string>(walk->begin(), walk->end()).size() == walk->size());
            CHECK(walk->size() <= names.size() + 1);
          }
        }
        // The report resolves through a GraphIndex; each row's steps are those of the resolutions
        // without one, and so (walks being made of steps) are its walks.
        std::size_t row = 0;
        for (const update::GraphChannel& c : graph->channels) {
          const update::ClassicOptions classic{c.name, ""};
          update::V1Options v1;
          v1.channels = {c.name};
          for (const update::ChannelEntry& e : c.entries) {
            REQUIRE(row < d.rows.size());
            const update::DivergenceRow& r = d.rows[row++];
            INFO(name << " / " << c.name << " / " << e.name);
            const update::GraphBundle* b = graph->bundle(e.name);
            const update::Installed installed{e.name, b ? b->version : ""};
            const update::ClassicResult cr = update::classic_next(*graph, &installed, classic);
            CHECK(r.classic_next == cr.next);
            CHECK(r.classic_error == cr.error);
            const update::V1Result vr = update::v1_next(*graph, &installed, v1);
            CHECK(r.v1_error == vr.error);
            CHECK(r.v1_next == update::v1_step(*graph, installed, vr));
          }
        }
      }
    });
  }
  return true;
}();

}  // namespace
}  // namespace fbclens::test
