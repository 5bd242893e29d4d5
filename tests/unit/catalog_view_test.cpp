// The explorer view the worker posts to the UI (core/export/catalog_view_json): rows, marks and
// source positions, checked on the sample catalog whose content is known.
#include <catch2/catch.hpp>

#include "view/bundle_details.h"
#include "export/catalog_view_json.h"
#include "export/layout_json.h"
#include "load/source_excerpt.h"
#include "load/utf8.h"
#include "support.h"
#include "validate/validate.h"

namespace fbclens::test {
namespace {

const Json& named(const Json& rows, const std::string& name) {
  for (const Json& r : rows) {
    if (r["name"] == name) return r;
  }
  FAIL("no row " << name);
  return rows;
}

TEST_CASE("catalog view: the sample catalog", "[view]") {
  DirectoryFileSource source(source_dir() + "/samples/catalog");
  const Json v = catalog_view_json(validate_catalog(source));
  CHECK(v["summary"]["verdict"] == "VALID");
  REQUIRE(v["packages"].size() == 3);
  const Json& cw = named(v["packages"], "cert-watcher");
  CHECK(cw["defaultChannel"] == "stable");
  CHECK(cw["deprecation"].is_null());
  CHECK(cw["where"] == "cert-watcher/catalog.yaml:2");
  const Json& alpha = named(cw["channels"], "alpha");
  CHECK(alpha["deprecation"] == "The alpha channel is no longer updated. Switch to stable.");
  CHECK(alpha["isDefault"] == false);
  const Json& stable = named(cw["channels"], "stable");
  CHECK(stable["isDefault"] == true);
  // Newest first; the head marked; the deprecated bundle carries its message.
  std::vector<std::string> order;
  for (const Json& b : stable["bundles"]) order.push_back(b["version"]);
  CHECK(order == std::vector<std::string>{"2.0.0", "1.2.0", "1.1.0", "1.0.0"});
  CHECK(stable["bundles"][0]["head"] == true);
  CHECK(stable["bundles"][1]["head"] == false);
  CHECK(stable["bundles"][3]["deprecation"].get<std::string>().rfind("cert-watcher 1.0.0 has a known", 0) == 0);
  CHECK(stable["bundles"][0]["image"] == "quay.io/fbclens-example/cert-watcher-bundle:v2.0.0");
  CHECK(stable["bundles"][3]["where"].get<std::string>().rfind("cert-watcher/catalog.yaml:", 0) == 0);
}

TEST_CASE("catalog view: channels in natural order after the default, every head marked, duplicates counted once", "[view]") {
  MemoryFileSource source;
  std::string text = "---\nschema: olm.package\nname: p\ndefaultChannel: stable-3.9\n---\nschema: olm.package\nname: p\n";
  for (const char* c : {"stable-3.10", "stable-3.6", "stable-3.9", "alpha", "stable-3.06x"}) {
    text += std::string("---\nschema: olm.channel\npackage: p\nname: ") + c + "\nentries:\n  - name: p.v1\n";
  }
  text += "---\nschema: olm.channel\npackage: p\nname: two-heads\nentries:\n  - name: p.v1\n  - name: p.v2\n";
  for (const char* b : {"p.v1", "p.v2"}) {
    text += std::string("---\nschema: olm.bundle\npackage: p\nname: ") + b + "\nimage: x\nproperties:\n"
            "  - type: olm.package\n    value: {packageName: p, version: " + (b[3] == '1' ? "1.0.0" : "2.0.0") + "}\n";
  }
  source.add("c.yaml", text);
  const ValidationReport report = validate_catalog(source);
  const Json v = catalog_view_json(report);
  CHECK(v["summary"]["packages"] == 1);  // declared twice, counted once
  CHECK(v["summary"]["schemas"]["olm.package"] == 2);
  std::vector<std::string> order;
  for (const Json& c : v["packages"][0]["channels"]) order.push_back(c["name"]);
  CHECK(order == std::vector<std::string>{"stable-3.9", "alpha", "stable-3.6", "stable-3.06x", "stable-3.10", "two-heads"});
  const Json& two = v["packages"][0]["channels"][5];
  CHECK(two["bundles"][0]["head"] == true);  // both heads of the broken channel are heads
  CHECK(two["bundles"][1]["head"] == true);
}

TEST_CASE("catalog view: findings are counted on their package and channel", "[view]") {
  MemoryFileSource source;
  source.add("c.yaml", "---\nschema: olm.package\nname: p\ndefaultChannel: stable\n---\nschema: olm.channel\npackage: p\n"
                       "name: stable\nentries:\n  - name: p.v1\n    replaces: p.v0\n");
  const ValidationReport report = validate_catalog(source);
  REQUIRE(!report.findings.empty());
  const Json v = catalog_view_json(report);
  const Json& p = named(v["packages"], "p");
  int in_channel = 0, in_package = 0;
  for (const Finding& f : report.findings) {
    in_package += f.object.package == "p";
    in_channel += f.object.package == "p" && f.object.channel == "stable";
  }
  CHECK(in_channel > 0);
  CHECK(p["findings"] == in_package);
  CHECK(named(p["channels"], "stable")["findings"] == in_channel);
}

TEST_CASE("bundle details: a channel entry with its olm.bundle, whole", "[view]") {
  DirectoryFileSource source(source_dir() + "/samples/catalog");
  const ValidationReport report = validate_catalog(source);
  std::string error;
  const Json old = view::write_json(*view::bundle_details(report.model, "cert-watcher", "stable", "cert-watcher.v1.0.0", error));
  CHECK(old["version"] == "1.0.0");
  CHECK(old["where"] == "cert-watcher/catalog.yaml:51");
  CHECK(old["deprecation"].get<std::string>().rfind("cert-watcher 1.0.0 has a known renewal bug", 0) == 0);
  CHECK(old["replaces"] == "");
  REQUIRE(old["properties"].size() == 2);
  CHECK(old["properties"][0] == Json{{"type", "olm.package"}, {"value", R"({"packageName":"cert-watcher","version":"1.0.0"})"},
                                     {"truncated", false}});
  CHECK(old["properties"][1]["type"] == "olm.gvk");
  CHECK(old["relatedImages"] == Json::array({{{"name", "operator"}, {"image", "quay.io/fbclens-example/cert-watcher:v1.0.0"}}}));
  // What the entry declares is per channel: 1.2.0 replaces and skips in stable, neither in fast.
  const Json stable = view::write_json(*view::bundle_details(report.model, "cert-watcher", "stable", "cert-watcher.v1.2.0", error));
  CHECK(stable["replaces"] == "cert-watcher.v1.1.0");
  CHECK(stable["skips"] == Json::array({"cert-watcher.v1.1.1"}));
  CHECK(stable["deprecation"].is_null());
  const Json fast = view::write_json(*view::bundle_details(report.model, "cert-watcher", "fast", "cert-watcher.v1.2.0", error));
  CHECK(fast["replaces"] == "");
  CHECK(fast["skips"].empty());
  const Json head = view::write_json(*view::bundle_details(report.model, "cert-watcher", "stable", "cert-watcher.v2.0.0", error));
  CHECK(head["skipRange"] == ">=1.0.0 <2.0.0");
  CHECK(head["head"] == true);
  CHECK(stable["head"] == false);
  // Unknown names are request errors, never exceptions.
  CHECK_FALSE(view::bundle_details(report.model, "nope", "stable", "x", error));
  CHECK(error == "package nope is not in the catalog");
  CHECK_FALSE(view::bundle_details(report.model, "cert-watcher", "nope", "x", error));
  CHECK(error == "package cert-watcher has no channel nope");
  CHECK_FALSE(view::bundle_details(report.model, "cert-watcher", "fast", "cert-watcher.v1.0.0", error));
  CHECK(error ==
        "channel fast has no entry cert-watcher.v1.0.0");
}

TEST_CASE("bundle details: long values are cut, bundle objects described by their size", "[view]") {
  MemoryFileSource source;
  const std::string description(1000, 'd');
  // "e30=" is base64 of "{}": one bundle object of 2 bytes.
  source.add("c.json", R"({"schema":"olm.package","name":"p","defaultChannel":"s"}
{"schema":"olm.channel","package":"p","name":"s","entries":[{"name":"p.v1"}]}
{"schema":"olm.bundle","package":"p","name":"p.v1","image":"quay.io/p/b:v1","properties":[
  {"type":"olm.package","value":{"packageName":"p","version":"1.0.0"}},
  {"type":"example.com/long","value":{"text":")" + description + R"("}},
  {"type":"olm.bundle.object","value":{"data":"e30="}}]}
)");
  const ValidationReport report = validate_catalog(source);
  REQUIRE(report.verdict == Verdict::Valid);
  std::string error;
  const Json d = view::write_json(*view::bundle_details(report.model, "p", "s", "p.v1", error));
  REQUIRE(d["properties"].size() == 3);
  CHECK(d["properties"][1]["truncated"] == true);
  CHECK(d["properties"][1]["value"].get<std::string>().size() == view::kPropertyValueTextLimit);
  CHECK(d["properties"][2]["value"] == "(a base64 manifest, checked at load and not kept; the bundle has 1 object, 2 bytes decoded)");
  CHECK(d["bundleObjects"] == 1);
  CHECK(d["bundleObjectBytes"] == 2);
}

TEST_CASE("layout JSON round trip of the fields the UI reads", "[view]") {
  DirectoryFileSource source(source_dir() + "/samples/catalog");
  const ValidationReport report = validate_catalog(source);
  const ChannelLayout l = layout_channel(report.model.packages.at("cert-watcher").channels.at("stable"));
  const Json j = layout_json(l);
  REQUIRE(j["nodes"].size() == l.nodes.size());
  REQUIRE(j["edges"].size() == l.edges.size());
  CHECK(j["ranges"][0]["range"] == ">=1.0.0 <2.0.0");
  CHECK(j["bands"][0]["channel"] == "stable");
  for (std::size_t i = 0; i < l.edges.size(); ++i) {
    CHECK(j["edges"][i]["kind"] == edge_kind_name(l.edges[i].kind));
    CHECK(j["edges"][i]["range"] == l.edges[i].range);
  }
}

TEST_CASE("source excerpt: lines around a line, numbered", "[view]") {
  const std::string text = "one\ntwo\r\nthree\nfour\nfive";
  const auto e = source_excerpt(text, 2, 1);
  REQUIRE(e.size() == 3);
  CHECK(e[0] == std::pair<std::uint32_t, std::string>{1, "one"});
  CHECK(e[1] == std::pair<std::uint32_t, std::string>{2, "two"});  // CR dropped
  CHECK(e[2] == std::pair<std::uint32_t, std::string>{3, "three"});
  CHECK(source_excerpt(text, 5, 2).size() == 3);  // nothing past the end
  CHECK(source_excerpt(text, 0, 2).empty());
  CHECK(source_excerpt(std::string(1000, 'x'), 1, 0)[0].second.size() == 240);
}

TEST_CASE("source excerpt: a binary or non-UTF-8 line is escaped, never shown raw", "[view]") {
  // NUL, ESC (a terminal escape), a lone continuation byte, a truncated sequence, DEL; tab and
  // well-formed UTF-8 (é, €, 😀) stay as they are.
  std::string line = "a";
  line += '\0';
  line += "b\x1b" "[31mc\x80" "d\xE2\x82" "e\x7F" "\tf\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80";
  const auto e = source_excerpt(line + "\nnext", 1, 0);
  REQUIRE(e.size() == 1);
  CHECK(e[0].second == "a\\x00b\\x1B[31mc\\x80d\\xE2\\x82e\\x7F\tf\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80");
  // Overlong and surrogate encodings are not well-formed either.
  CHECK(printable_text("\xC0\xAF\xED\xA0\x80") == "\\xC0\\xAF\\xED\\xA0\\x80");
  // A long line is cut at a character boundary before escaping: no half character is escaped.
  const std::string long_line = std::string(239, 'x') + "\xC3\xA9";
  CHECK(source_excerpt(long_line, 1, 0)[0].second == std::string(239, 'x'));
}

}  // namespace
}  // namespace fbclens::test

// The app's side (web/view_model.cpp): what it reads back from the worker's JSON.
#include "view_model.h"

namespace fbclens::test {
namespace {

TEST_CASE("app view model: reads the worker's view and layout back", "[view]") {
  DirectoryFileSource source(source_dir() + "/samples/catalog");
  const ValidationReport report = validate_catalog(source);
  const web::CatalogView v = web::parse_catalog_view(catalog_view_json(report), 7);
  CHECK(v.generation == 7);
  CHECK(v.verdict == "VALID");
  CHECK(v.packages == 3);
  CHECK(v.bundles == 10);
  REQUIRE(v.package_rows.size() == 3);
  const web::PackageRow& cw = v.package_rows[0];
  CHECK(cw.name == "cert-watcher");
  CHECK(cw.default_channel == "stable");
  REQUIRE(cw.channels.size() == 3);  // the default channel first, then natural order
  CHECK(cw.channels[0].name == "stable");
  CHECK(cw.channels[0].is_default);
  CHECK(cw.channels[0].bundles[0].head);
  CHECK(cw.channels[0].bundles[3].deprecated);
  CHECK(cw.channels[1].name == "alpha");
  CHECK(cw.channels[1].deprecated);
  CHECK(cw.channels[2].name == "fast");
  CHECK(!cw.channels[2].deprecated);

  const ChannelLayout original = layout_channel(report.model.packages.at("cert-watcher").channels.at("stable"));
  const ChannelLayout read = web::parse_layout(layout_json(original));
  REQUIRE(read.nodes.size() == original.nodes.size());
  REQUIRE(read.edges.size() == original.edges.size());
  for (std::size_t i = 0; i < read.edges.size(); ++i) {
    CHECK(read.edges[i].kind == original.edges[i].kind);
    CHECK(read.edges[i].range == original.edges[i].range);
    CHECK(read.edges[i].classic_ignored == original.edges[i].classic_ignored);
  }
  CHECK(read.ranges[0].from == original.ranges[0].from);
  CHECK(read.nodes[0].label == original.nodes[0].label);
  CHECK(read.heads == 1);
  for (std::size_t i = 0; i < read.nodes.size(); ++i) {
    CHECK(read.nodes[i].short_label == original.nodes[i].short_label);
    CHECK(read.nodes[i].tiny_label == original.nodes[i].tiny_label);
    CHECK(read.nodes[i].band == original.nodes[i].band);
  }
  // The ghost (stable's 1.2.0 skips 1.1.1, which no channel lists) and its edge.
  REQUIRE(read.ghosts.size() == 1);
  CHECK(read.ghosts[0].name == "cert-watcher.v1.1.1");
  CHECK(read.ghosts[0].layer == original.ghosts[0].layer);
  REQUIRE(read.ghost_edges.size() == 1);
  CHECK(read.ghost_edges[0].kind == EdgeKind::Skips);
  CHECK(read.nodes[read.ghost_edges[0].to].name == "cert-watcher.v1.2.0");
  // Band flags of a whole package.
  const ChannelLayout whole = web::parse_layout(layout_json(layout_package(report.model.packages.at("cert-watcher"))));
  REQUIRE(whole.bands.size() == 3);
  CHECK(whole.bands[0].is_default);
  CHECK(whole.bands[1].channel == "alpha");
  CHECK(whole.bands[1].deprecated);
  CHECK(whole.bands[2].columns == 3);
}

TEST_CASE("app view model: findings grouped as the core names the groups, keyed by Summary index", "[view]") {
  // group, where and notes are the core's own strings (export/report_json.h); the view keeps them.
  const Json view = Json::parse(R"({"summary": {"verdict": "INVALID", "findings": [
      {"code": "FBC3001", "severity": "error", "group": "package \"b\" > channel \"c\" > bundle \"x\""},
      {"code": "FBC3002", "severity": "warning", "group": "package \"a\""},
      {"code": "FBC3003", "severity": "info", "group": "package \"b\" > channel \"c\"", "file": "f.yaml", "line": 3,
       "column": 5, "where": "f.yaml:3:5", "notes": [{"message": "declared here", "where": "g.yaml:1:1"}]}]}})");
  const web::CatalogView v = web::parse_catalog_view(view, 1);
  REQUIRE(v.findings.size() == 3);
  CHECK(v.findings[0].group == "package \"a\"");
  CHECK(v.findings[0].index == 1);
  CHECK(v.findings[0].severity == 1);
  CHECK(v.findings[1].group == "package \"b\" > channel \"c\"");
  CHECK(v.findings[1].where == "f.yaml:3:5");
  REQUIRE(v.findings[1].notes.size() == 1);
  CHECK(v.findings[1].notes[0].where == "g.yaml:1:1");
  CHECK(v.findings[1].notes[0].message == "declared here");
  CHECK(v.findings[2].group == "package \"b\" > channel \"c\" > bundle \"x\"");
  CHECK(v.findings[2].index == 0);
}

TEST_CASE("app view model: long finding texts are previewed in the table, whole when selected", "[view]") {
  // opm's stranded-bundles message lists every bundle: build one of 400 names.
  std::string names;
  for (int i = 0; i < 400; ++i) names += (i ? ", b.v" : "b.v") + std::to_string(i) + ".0.0";
  const std::string message = "channel \"stable\": " + names;
  const std::string preview = web::preview_text(message, 100);
  CHECK(preview.size() < 130);
  CHECK(preview.rfind(message.substr(0, 60), 0) == 0);  // it starts as the message does
  // Cut between names, never inside one, and say how much is left out.
  const std::size_t cut = preview.find("... (+");
  REQUIRE(cut != std::string::npos);
  CHECK(message.compare(cut, 2, ", ") == 0);
  CHECK(preview.substr(cut) == "... (+" + std::to_string(message.size() - cut) + " characters)");
  CHECK(web::preview_text("short", 100) == "short");
  // No space to cut at: a UTF-8 character boundary, never half a character.
  std::string accents;
  for (int i = 0; i < 80; ++i) accents += "\xc3\xa9";  // "é" × 80 = 160 bytes
  const std::string cut_accents = web::preview_text(accents, 101);
  CHECK(cut_accents.rfind("... (+30 characters)") == 100);  // characters, not bytes
  // In the view: the row keeps the whole text beside its preview.
  const Json view = Json{{"summary", {{"findings", Json::array({{{"code", "FBC3105"}, {"message", message},
                                                                 {"opmMessage", "short"}}})}}}};
  const web::CatalogView v = web::parse_catalog_view(view, 1);
  REQUIRE(v.findings.size() == 1);
  CHECK(v.findings[0].message == message);
  CHECK(v.findings[0].message_preview == web::preview_text(message));
  CHECK(v.findings[0].message_preview.size() < message.size());
  CHECK(v.findings[0].opm_preview == "short");
}

TEST_CASE("app view model: the findings list as filtered, a heading before each group", "[view]") {
  const Json view = Json::parse(R"({"summary": {"verdict": "INVALID", "findings": [
      {"code": "FBC3001", "severity": "error", "group": "package b", "reportedByOpm": true},
      {"code": "FBC3002", "severity": "warning", "group": "package a"},
      {"code": "FBC3003", "severity": "error", "group": "package b"},
      {"code": "FBC3004", "severity": "info", "group": "package c", "message": "two\nlines"}]}})");
  const web::CatalogView v = web::parse_catalog_view(view, 1);
  const auto shown = [&v](const bool (&severity)[3], bool only_opm) {
    std::vector<std::string> out;
    for (const web::FindingListRow& r : web::finding_list_rows(v, severity, only_opm)) {
      out.push_back(r.heading ? "# " + v.findings[r.finding].group : v.findings[r.finding].code);
    }
    return out;
  };
  const bool all[3] = {true, true, true}, errors[3] = {true, false, false};
  CHECK(shown(all, false) == std::vector<std::string>{"# package a", "FBC3002", "# package b", "FBC3001", "FBC3003",
                                                       "# package c", "FBC3004"});
  CHECK(shown(errors, false) == std::vector<std::string>{"# package b", "FBC3001", "FBC3003"});
  CHECK(shown(all, true) == std::vector<std::string>{"# package b", "FBC3001"});
  const bool none[3] = {false, false, false};
  CHECK(shown(none, false).empty());
  CHECK(v.findings[3].message_preview == "two lines");  // one line in the list
  CHECK(v.findings[3].message == "two\nlines");
}

TEST_CASE("app view model: lane headings name the default and deprecated channels", "[view]") {
  DirectoryFileSource source(source_dir() + "/samples/catalog");
  const ValidationReport report = validate_catalog(source);
  const web::CatalogView v = web::parse_catalog_view(catalog_view_json(report), 1);
  const ChannelLayout whole = layout_package(report.model.packages.at("cert-watcher"));
  CHECK(web::band_titles(v, "cert-watcher", whole) ==
        std::vector<std::string>{"stable  [default]", "alpha  [deprecated]", "fast"});
  CHECK(web::band_titles(v, "nope", whole) == std::vector<std::string>{"stable", "alpha", "fast"});
}

TEST_CASE("app view model: malformed answers give an empty view, never a crash", "[view]") {
  for (const char* text : {"null", "[]", "{\"packages\": 3}", "{\"summary\": [], \"packages\": [1, \"x\", {\"channels\": {}}]}",
                           "{\"nodes\": [{}], \"edges\": [{\"from\": 0, \"to\": 9}, {\"from\": -1}], \"ranges\": [{\"from\": [5]}]}",
                           "{\"nodes\": [{\"band\": 7}], \"ghosts\": [{\"band\": -3}], \"ghostEdges\": [{\"ghost\": 4, \"to\": 0}]}"}) {
    INFO(text);
    const Json j = Json::parse(text);
    const web::CatalogView v = web::parse_catalog_view(j, 1);
    CHECK(v.findings.empty());
    const ChannelLayout l = web::parse_layout(j);
    CHECK(l.edges.empty());  // edges whose ends are not nodes are dropped
    CHECK(l.ghost_edges.empty());
    for (const auto& r : l.ranges) CHECK(r.from.empty());
    // Band indices name bands that exist (a layout with nodes gets one band).
    for (const auto& n : l.nodes) CHECK((n.band >= 0 && n.band < static_cast<int>(l.bands.size())));
    for (const auto& g : l.ghosts) CHECK((g.band >= 0 && g.band < static_cast<int>(l.bands.size())));
    CHECK(web::parse_bundle_details(j).name.empty());
  }
  CHECK(web::parse_bundle_details(Json::parse("null")).error == "malformed answer");
}

TEST_CASE("app view model: bundle details read back", "[view]") {
  DirectoryFileSource source(source_dir() + "/samples/catalog");
  const ValidationReport report = validate_catalog(source);
  std::string error;
  const web::BundleDetails d = web::parse_bundle_details(view::write_json(*view::bundle_details(report.model, "cert-watcher", "stable", "cert-watcher.v1.0.0", error)));
  CHECK(d.error.empty());
  CHECK(d.name == "cert-watcher.v1.0.0");
  CHECK(d.channel == "stable");
  CHECK(d.deprecated);
  REQUIRE(d.properties.size() == 2);
  CHECK(d.properties[1].type == "olm.gvk");
  REQUIRE(d.related_images.size() == 1);
  CHECK(d.related_images[0].first == "operator");
}

}  // namespace
}  // namespace fbclens::test
