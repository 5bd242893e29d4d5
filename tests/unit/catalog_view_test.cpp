// The explorer view the worker posts to the UI (core/export/catalog_view_json): rows, marks and
// source positions, checked on the sample catalog whose content is known.
#include <catch2/catch.hpp>

#include "view/bundle_details.h"
#include "declcfg/value_text.h"
#include "export/hub_json.h"
#include "hub/hub_preview.h"
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
  CHECK(old["where"] == "cert-watcher/catalog.yaml:54");
  CHECK(old["deprecation"].get<std::string>().rfind("cert-watcher 1.0.0 has a known renewal bug", 0) == 0);
  CHECK(old["replaces"] == "");
  REQUIRE(old["properties"].size() == 3);
  CHECK(old["properties"][0] == Json{{"type", "olm.package"}, {"value", R"({"packageName":"cert-watcher","version":"1.0.0"})"},
                                     {"truncated", false}});
  CHECK(old["properties"][1]["type"] == "olm.gvk");
  CHECK(old["properties"][2]["type"] == "olm.csv.metadata");
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

TEST_CASE("layout read back: what the canvas reads is what the worker wrote", "[view]") {
  DirectoryFileSource source(source_dir() + "/samples/catalog");
  const ValidationReport report = validate_catalog(source);
  const ChannelLayout original = layout_channel(report.model.packages.at("cert-watcher").channels.at("stable"),
                                                &report.model.packages.at("cert-watcher"));
  const ChannelLayout read = read_layout(layout_json(original));
  CHECK(layout_json(read) == layout_json(original));  // one mapping, both ways
  CHECK(read.package == "cert-watcher");
  REQUIRE(read.edges.size() == original.edges.size());
  CHECK(read.ranges[0].from == original.ranges[0].from);
  // The ghost (stable's 1.2.0 skips 1.1.1, which no channel lists) and its edge.
  REQUIRE(read.ghosts.size() == 1);
  CHECK(read.ghosts[0].name == "cert-watcher.v1.1.1");
  REQUIRE(read.ghost_edges.size() == 1);
  CHECK(read.ghost_edges[0].kind == EdgeKind::Skips);
  CHECK(read.nodes[read.ghost_edges[0].to].name == "cert-watcher.v1.2.0");
  const ChannelLayout whole = read_layout(layout_json(layout_package(report.model.packages.at("cert-watcher"))));
  REQUIRE(whole.bands.size() == 3);
  CHECK(whole.bands[0].is_default);
  CHECK(whole.bands[1].channel == "alpha");
  CHECK(whole.bands[1].deprecated);
  CHECK(whole.bands[2].columns == 3);
}

TEST_CASE("layout: an entry whose olm.bundle is missing is marked, the others are not", "[view]") {
  MemoryFileSource files;
  files.add("c.yaml", "---\nschema: olm.package\nname: p\ndefaultChannel: s\n---\nschema: olm.channel\npackage: p\nname: s\n"
                      "entries:\n- name: p.v1\n- name: p.v2\n  replaces: p.v1\n---\nschema: olm.bundle\npackage: p\nname: p.v1\n"
                      "image: i\nproperties:\n- type: olm.package\n  value: {packageName: p, version: 1.0.0}\n");
  const ValidationReport report = validate_catalog(files);
  const ChannelLayout l = layout_package(report.model.packages.at("p"));
  REQUIRE(l.nodes.size() == 2);
  for (const LayoutNode& n : l.nodes) CHECK(n.missing_bundle == (n.name == "p.v2"));
  CHECK(layout_json(l)["nodes"][1]["missingBundle"].is_boolean());
}

TEST_CASE("app view model: lane headings name the default and deprecated channels", "[view]") {
  DirectoryFileSource source(source_dir() + "/samples/catalog");
  const ValidationReport report = validate_catalog(source);
  const ChannelLayout whole = layout_package(report.model.packages.at("cert-watcher"));
  CHECK(web::band_titles(whole) == std::vector<std::string>{"stable  [default]", "alpha  [deprecated]", "fast"});
  CHECK(web::graph_title(whole, true) == "cert-watcher (all channels)");
  const ChannelLayout one = layout_channel(report.model.packages.at("cert-watcher").channels.at("stable"),
                                           &report.model.packages.at("cert-watcher"));
  CHECK(web::graph_title(one, false) == "cert-watcher / stable  [default]");
}

TEST_CASE("layout read back: malformed answers give a layout safe to draw, never a crash", "[view]") {
  for (const char* text : {"null", "[]", "{\"packages\": 3}", "{\"nodes\": \"x\", \"bands\": [1, 2]}",
                           "{\"nodes\": [{}], \"edges\": [{\"from\": 0, \"to\": 9}, {\"from\": -1}], \"ranges\": [{\"from\": [5]}]}",
                           "{\"nodes\": [{\"band\": 7}], \"ghosts\": [{\"band\": -3}], \"ghostEdges\": [{\"ghost\": 4, \"to\": 0}]}",
                           "{\"nodes\": [{}, {}], \"edges\": [{\"from\": 0, \"to\": 1, \"range\": 3, \"kind\": \"teleport\"}]}"}) {
    INFO(text);
    const ChannelLayout l = read_layout(Json::parse(text));
    for (const auto& e : l.edges) {
      CHECK((e.from >= 0 && e.from < static_cast<int>(l.nodes.size()) && e.to >= 0 && e.to < static_cast<int>(l.nodes.size())));
      CHECK(e.range == -1);  // no range 3: none
    }
    CHECK(l.ghost_edges.empty());
    for (const auto& r : l.ranges) CHECK(r.from.empty());
    // Band indices name bands that exist (a layout with nodes gets one band).
    for (const auto& n : l.nodes) CHECK((n.band >= 0 && n.band < static_cast<int>(l.bands.size())));
    for (const auto& g : l.ghosts) CHECK((g.band >= 0 && g.band < static_cast<int>(l.bands.size())));
  }
}

}  // namespace
}  // namespace fbclens::test

namespace fbclens::test {
namespace {

TEST_CASE("compact_json_prefix: the beginning of dump()'s compact text, however large the value", "[view]") {
  const Json small = Json::parse(R"({"b":[1,2.5,true,null,"x\"y"],"a":{"k":"\u00e9\u4e2d"},"c":{},"d":[]})");
  CHECK(declcfg::compact_json_prefix(small, 1000) == small.dump());
  for (std::size_t n = 0; n <= small.dump().size(); ++n) {
    CHECK(declcfg::compact_json_prefix(small, n) == small.dump().substr(0, n));
  }
  // Long strings, escapes and multi-byte characters at every cut; invalid UTF-8 replaced as dump does.
  Json big = Json::object();
  big["alm-examples"] = std::string(5000, 'q') + "\n\"\u00e9";
  big["bad"] = std::string("\xff\xfe ok");
  big["z"] = Json::array({std::string(300, '\n'), 7});
  const std::string full = big.dump(-1, ' ', false, Json::error_handler_t::replace);
  for (std::size_t n : {0, 1, 5, 255, 256, 4999, 5020, 5040}) {
    CHECK(declcfg::compact_json_prefix(big, n) == full.substr(0, n));
  }
  Json escapes = Json::array({std::string(400, '"'), std::string(100, '\x01')});
  const std::string escaped = escapes.dump();
  for (std::size_t n : {3, 256, 700, 900}) CHECK(declcfg::compact_json_prefix(escapes, n) == escaped.substr(0, n));
  // Deep nesting costs a byte a level: no recursion past the prefix.
  Json deep = Json::array();
  for (int i = 0; i < 5000; ++i) deep = Json::array({std::move(deep)});
  CHECK(declcfg::compact_json_prefix(deep, 256) == std::string(256, '['));
}

// The worker and the CLI's validate release each bundle's olm.csv.metadata value once it is read
// (ValidateOptions::release_documents): what OperatorHub and the bundle details show is the same.
TEST_CASE("released olm.csv.metadata: bundle details and CSV fields as with the documents kept", "[view]") {
  std::vector<std::string> dirs = {source_dir() + "/samples/catalog",
                                   source_dir() + "/tests/fixtures/validation/p09-konflux-images/catalog"};
  // A real catalog of the olm.csv.metadata era: values of tens of kilobytes (alm-examples), cut.
  if (shared_available()) dirs.push_back(shared_dir() + "/catalogs/community-operators-prod-v4.21/catalogs/v4.21");
  std::size_t cut_values = 0;
  for (const std::string& dir : dirs) {
    DirectoryFileSource source(dir);
    ValidateOptions kept, released;
    released.release_documents = true;
    const ValidationReport a = validate_catalog(source, kept), b = validate_catalog(source, released);
    std::size_t compared = 0;
    for (const auto& [name, pkg] : a.model.packages) {
      // What OperatorHub shows of the package (read from olm.csv.metadata), the same.
      std::string hub_error;
      const auto ha = hub::hub_preview(a.model, {name, "", "", hub::kDefaultConsole, ""}, hub_error);
      const auto hb = hub::hub_preview(b.model, {name, "", "", hub::kDefaultConsole, ""}, hub_error);
      REQUIRE(ha.has_value() == hb.has_value());
      if (ha) CHECK(view::write_json(*ha) == view::write_json(*hb));
      for (const auto& [cname, ch] : pkg.channels) {
        for (const auto& [bname, entry] : ch.bundles) {
          std::string error;
          const auto da = view::bundle_details(a.model, name, cname, bname, error);
          const auto db = view::bundle_details(b.model, name, cname, bname, error);
          REQUIRE(da.has_value() == db.has_value());
          if (da) CHECK(view::write_json(*da) == view::write_json(*db));
          const model::PackageBundle* pa = pkg.bundle(bname);
          const model::PackageBundle* pb = b.model.packages.at(name).bundle(bname);
          if (pa && pb && pa->properties.csv) {
            REQUIRE(pb->properties.csv);
            CHECK(pa->properties.csv->display_name == pb->properties.csv->display_name);
            CHECK(*pa->properties.csv->description == *pb->properties.csv->description);
            CHECK(pa->properties.csv->annotations == pb->properties.csv->annotations);
            CHECK(pa->properties.csv->long_annotations == pb->properties.csv->long_annotations);
            ++compared;
          }
        }
      }
    }
    CHECK(compared > 0);
    // And the values are gone: what is left of each is its beginning.
    std::size_t released_values = 0;
    for (const declcfg::Bundle& bundle : b.config.bundles) {
      for (const declcfg::Property& p : bundle.properties) {
        if (p.type != "olm.csv.metadata") continue;
        CHECK(p.value == nullptr);
        REQUIRE(p.released_text);
        CHECK(p.released_text->size() <= declcfg::kReleasedValueTextBytes);
        cut_values += p.released_text->size() == declcfg::kReleasedValueTextBytes;
        ++released_values;
      }
    }
    CHECK(released_values > 0);
  }
  CHECK(cut_values > 0);  // some value was longer than what is kept of it, and still showed the same
}

}  // namespace
}  // namespace fbclens::test
