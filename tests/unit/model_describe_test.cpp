// The self-contained model: typed properties decoded once (core/property), and what describe_model
// adds for consumers that take the model alone (locations, file order, bundles once, deprecations
// as declared), on tests/fixtures/model/typed-properties.
#include <catch2/catch.hpp>

#include "support.h"
#include "update/entry_edges.h"
#include "update/package_graph.h"
#include "validate/validate.h"

namespace fbclens::test {
namespace {

ValidationReport typed_properties_catalog() {
  DirectoryFileSource source(source_dir() + "/tests/fixtures/model/typed-properties");
  return validate_catalog(source);
}

TEST_CASE("typed properties: olm.package, GVKs, dependencies, constraints, csv.metadata, legacy olm.deprecated",
          "[model][property]") {
  const ValidationReport report = typed_properties_catalog();
  REQUIRE(report.verdict == Verdict::Valid);
  const model::Package& pkg = report.model.packages.at("widget");
  const model::PackageBundle* b = pkg.bundle("widget.v1.1.0");
  REQUIRE(b);
  const property::Properties& p = b->properties;
  REQUIRE(p.package);
  CHECK(p.package->package_name == "widget");
  CHECK(b->version_text() == "1.1.0");
  REQUIRE(p.provided_gvks.size() == 1);
  CHECK(p.provided_gvks[0].kind == "Widget");
  REQUIRE(p.required_gvks.size() == 1);
  CHECK(p.required_gvks[0].group == "cert-manager.io");
  REQUIRE(p.required_packages.size() == 1);
  CHECK(p.required_packages[0].version_range == ">=1.0.0");
  REQUIRE(p.constraints.size() == 1);
  CHECK(p.constraints[0].failure_message == "needs a gadget");
  CHECK(Json::parse(p.constraints[0].json)["package"]["packageName"] == "gadget");
  CHECK(p.first_dependency_type == "olm.gvk.required");
  CHECK(p.legacy_deprecated);
  CHECK(p.other_types == std::vector<std::string>{"example.com/custom"});
  REQUIRE(p.csv);
  CHECK_FALSE(p.csv->from_bundle_object);
  CHECK(p.csv->display_name == "Widget Operator");
  CHECK(p.csv->provider == "Widget Corp");
  CHECK(*p.csv->description == "Makes widgets, faster.");
  CHECK(p.csv->keywords == std::vector<std::string>{"widgets", "example"});
  CHECK(p.csv->maturity == "beta");
  CHECK(p.csv->min_kube_version == "1.25.0");
  CHECK(*p.csv->annotation("capabilities") == "Seamless Upgrades");
  CHECK(*p.csv->label("operatorframework.io/os.linux") == "supported");
  CHECK(p.csv->label("nope") == nullptr);
  REQUIRE(p.csv->install_modes.size() == 1);
  CHECK(p.csv->install_modes[0].type == "AllNamespaces");
  CHECK(p.csv->install_modes[0].supported);
}

TEST_CASE("typed properties: the CSV inside olm.bundle.object is read before its payload is released",
          "[model][property]") {
  const ValidationReport report = typed_properties_catalog();
  const model::PackageBundle* b = report.model.packages.at("widget").bundle("widget.v1.0.0");
  REQUIRE(b);
  CHECK(b->object_count == 2);
  REQUIRE(b->properties.csv);
  const property::CsvMetadata& csv = *b->properties.csv;
  CHECK(csv.from_bundle_object);
  CHECK(csv.display_name == "Widget Operator (from the manifest)");
  CHECK(csv.provider == "Widget Corp");
  CHECK(*csv.description == "Makes widgets.");
  CHECK(csv.replaces == "widget.v0.9.0");
  CHECK(csv.maturity == "stable");
  REQUIRE(csv.icons.size() == 1);
  CHECK(csv.icons[0].media_type == "image/svg+xml");
  CHECK(*csv.icons[0].base64_data == "PHN2Zz48L3N2Zz4=");
  CHECK(*csv.annotation("capabilities") == "Basic Install");
  // alm-examples (6,002 bytes here) is over the 1 KiB annotation cap: only its size is kept.
  CHECK(csv.annotation("alm-examples") == nullptr);
  CHECK(csv.long_annotations == std::vector<std::pair<std::string, std::size_t>>{{"alm-examples", 6002}});
  REQUIRE(csv.install_modes.size() == 2);
  CHECK_FALSE(csv.install_modes[1].supported);
  CHECK_FALSE(b->properties.legacy_deprecated);
  CHECK(b->properties.first_dependency_type.empty());
}

TEST_CASE("text pool: equal texts are stored once", "[property]") {
  property::TextPool pool;
  const auto a = pool.intern("Makes widgets.");
  const auto b = pool.intern(std::string("Makes ") + "widgets.");
  const auto c = pool.intern("Other.");
  CHECK(a.get() == b.get());
  CHECK(a.get() != c.get());
  CHECK(*c == "Other.");
}

TEST_CASE("describe_model: locations, file order, bundles once, deprecations as declared", "[model]") {
  const ValidationReport report = typed_properties_catalog();
  const model::Package& pkg = report.model.packages.at("widget");
  CHECK(pkg.description == "Widgets for everyone.");
  REQUIRE(pkg.icon);
  CHECK(pkg.icon->media_type == "image/svg+xml");
  CHECK(pkg.where.file == "catalog.yaml");
  CHECK(pkg.where.line == 2);
  CHECK(pkg.channel_order == std::vector<std::string>{"stable", "alpha"});  // file order, not name order
  CHECK(pkg.channels.at("alpha").where.line == 18);
  const model::Bundle& entry = pkg.channels.at("stable").bundles.at("widget.v1.1.0");
  CHECK(entry.where.line == 15);  // "- name: widget.v1.1.0" of the stable channel
  CHECK(entry.replaces == "widget.v1.0.0");
  REQUIRE(pkg.bundles.size() == 2);
  CHECK(pkg.bundles[0].name == "widget.v1.0.0");
  CHECK(pkg.bundles[0].where.line == 24);
  CHECK(pkg.bundles[0].channels == std::vector<std::string>{"stable"});
  CHECK(pkg.bundles[1].channels == std::vector<std::string>{"stable", "alpha"});
  CHECK(pkg.bundles[0].deprecation == std::optional<std::string>("widget.v1.0.0 has a bug"));
  CHECK_FALSE(pkg.bundles[1].deprecation);
  REQUIRE(pkg.deprecations.size() == 2);
  CHECK(pkg.deprecations[0].schema == "olm.channel");
  CHECK(pkg.deprecations[0].name == "alpha");
  CHECK(pkg.deprecations[0].message == "alpha is retired");
  CHECK(pkg.deprecations[0].where.line == 60);
  CHECK(pkg.bundle("nope") == nullptr);
}

TEST_CASE("package graph from the model alone: file order, versions, flags", "[model][update]") {
  const ValidationReport report = typed_properties_catalog();
  const update::PackageGraph g = update::package_graph(report.model.packages.at("widget"));
  REQUIRE(g.channels.size() == 2);
  CHECK(g.channels[0].name == "stable");
  CHECK(g.channels[0].entries[1].replaces == "widget.v1.0.0");
  REQUIRE(g.bundles.size() == 2);
  CHECK(g.bundles[0].version == "1.0.0");
  CHECK(g.bundles[0].deprecated);
  CHECK(g.bundles[1].olm_deprecated);
  CHECK(g.bundles[1].dependency_property == "olm.gvk.required");
  CHECK_FALSE(update::package_graph(report.model, "nope"));
}

TEST_CASE("entry edges: replaces, then skips, then skipRange, an unparsable skipRange reaches nothing", "[update]") {
  declcfg::ChannelEntry e;
  e.name = "p.v3";
  e.replaces = "p.v2";
  e.skips = {"p.v2.1"};
  e.skip_range = ">=1.0.0 <2.0.0";
  const update::EntryEdges edges(e);
  CHECK(edges.reaches("p.v2", semver::parse("2.0.0")) == EdgeKind::Replaces);
  CHECK(edges.reaches("p.v2.1", semver::parse("2.1.0")) == EdgeKind::Skips);
  CHECK(edges.reaches("p.v1.5", semver::parse("1.5.0")) == EdgeKind::SkipRange);
  CHECK_FALSE(edges.reaches("p.v1.5", std::nullopt));
  CHECK_FALSE(edges.reaches("p.v2.5", semver::parse("2.5.0")));
  e.skip_range = "not a range";
  CHECK_FALSE(update::EntryEdges(e).reaches("p.v1.5", semver::parse("1.5.0")));
}

}  // namespace
}  // namespace fbclens::test
