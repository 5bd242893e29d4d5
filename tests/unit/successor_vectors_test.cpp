// Data-driven over ../shared/spec/successor-vectors.yaml: successor_vectors (Classic and v1, walks,
// option cases), resolve_vectors_v1, classic_sort_channel_vectors and fbc_validation_vectors.
// One test case per vector (and per case of a multi-case vector), named by its id.
#include <catch2/catch.hpp>
#include <set>

#include "load/yaml_stream.h"
#include "model/model.h"
#include "support.h"
#include "update/classic.h"
#include "update/olm_v1.h"

namespace fbclens::test {
namespace {

using namespace fbclens::update;

std::string str(const Json& v) { return v.is_string() ? v.get<std::string>() : v.is_null() ? "" : v.dump(); }
std::vector<std::string> strs(const Json& v) {
  std::vector<std::string> out;
  if (v.is_array()) for (const Json& x : v) out.push_back(str(x));
  return out;
}
std::set<std::string> as_set(const std::vector<std::string>& v) { return {v.begin(), v.end()}; }

ChannelEntry entry_of(const Json& e) {
  return ChannelEntry{str(e.value("name", Json(""))), str(e.value("replaces", Json(""))), strs(e.value("skips", Json::array())),
                    str(e.value("skipRange", Json("")))};
}

// A vector catalog → PackageGraph (bundles: channel entries in order, first occurrence, then extras).
PackageGraph graph_of(const Json& c) {
  PackageGraph g;
  g.package = str(c["package"]);
  g.default_channel = str(c.value("default_channel", Json("")));
  std::set<std::string> seen;
  const auto add_bundle = [&](const std::string& name, const std::string& version) {
    if (!seen.insert(name).second) return;
    GraphBundle b;
    b.name = name;
    b.version = version;
    g.bundles.push_back(b);
  };
  for (auto it = c["channels"].begin(); c["channels"].is_object() && it != c["channels"].end(); ++it) {
    GraphChannel ch;
    ch.name = it.key();
    for (const Json& e : it.value()) {
      ch.entries.push_back(entry_of(e));
      add_bundle(str(e["name"]), str(e["version"]));
    }
    g.channels.push_back(std::move(ch));
  }
  for (const Json& b : c.value("bundles_outside_channels", Json::array())) add_bundle(str(b["name"]), str(b["version"]));
  for (GraphBundle& b : g.bundles) {
    for (const std::string& d : strs(c.value("deprecated_bundles", Json::array()))) b.deprecated = b.deprecated || d == b.name;
    for (const std::string& d : strs(c.value("olm_deprecated_property", Json::array()))) b.olm_deprecated = b.olm_deprecated || d == b.name;
  }
  return g;
}

V1Options v1_options(const Json& o) {
  V1Options v;
  v.channels = strs(o.value("channels", Json::array()));
  v.version = str(o.value("version", Json("")));
  v.self_certified = str(o.value("policy", Json(""))) == "SelfCertified";
  return v;
}

std::string version_of(const PackageGraph& g, const Installed& installed, const std::string& name) {
  if (name == installed.name) return installed.version;
  const GraphBundle* b = g.bundle(name);
  return b ? b->version : "?";
}

void check_classic(const PackageGraph& g, const Installed* installed, const Json& options, const Json& expect) {
  ClassicOptions o{str(options.value("channel", Json(""))), str(options.value("starting_csv", Json("")))};
  const ClassicResult r = classic_next(g, installed, o);
  INFO("classic: next=" << r.next << " error=" << r.error);
  if (expect.contains("error")) CHECK(r.error == str(expect["error"]));
  if (expect.contains("error_prefix")) CHECK(r.error.rfind(str(expect["error_prefix"]), 0) == 0);
  if (!expect.contains("error") && !expect.contains("error_prefix")) CHECK(r.error.empty());
  if (expect.contains("sorted_channel")) CHECK(r.sorted == strs(expect["sorted_channel"]));
  if (expect.contains("candidates")) CHECK(r.candidates == strs(expect["candidates"]));
  if (expect.contains("chosen")) {
    const std::string chosen = str(expect["chosen"]);
    CHECK(r.next == (chosen == "stay" ? "" : chosen));
  }
  if (str(expect.value("result", Json(""))) == "stay") CHECK((r.next.empty() && r.error.empty()));
}

void check_v1(const PackageGraph& g, const Installed* installed, const V1Options& o, const Json& expect) {
  const V1Result r = v1_next(g, installed, o);
  INFO("v1: next=" << r.next << " error=" << r.error);
  if (expect.contains("error")) CHECK(r.error == str(expect["error"]));
  if (expect.contains("error_contains")) CHECK(r.error.find(str(expect["error_contains"])) != std::string::npos);
  if (expect.contains("successor_set")) CHECK(as_set(r.successors) == as_set(strs(expect["successor_set"])));
  for (const std::string& n : strs(expect.value("not_in_set", Json::array()))) CHECK_FALSE(as_set(r.successors).count(n));
  if (expect.contains("predicate")) {
    std::vector<const GraphChannel*> all;
    for (const GraphChannel& c : g.channels) all.push_back(&c);
    for (auto it = expect["predicate"].begin(); it != expect["predicate"].end(); ++it) {
      INFO("predicate " << it.key());
      CHECK(is_successor(all, it.key(), *installed) == it.value().get<bool>());
    }
  }
  if (expect.contains("chosen")) {
    const std::string chosen = str(expect["chosen"]);
    if (chosen.rfind("tie", 0) == 0) {
      // Equal version+release: catalog (bundle list) order decides, so the first such successor wins.
      REQUIRE_FALSE(r.next.empty());
      CHECK(as_set(strs(expect["successor_set"])).count(r.next));
      for (const GraphBundle& b : g.bundles) {
        if (as_set(strs(expect["successor_set"])).count(b.name) &&
            compare(version_release(b.version), version_release(g.bundle(r.next)->version)) == 0) {
          CHECK(b.name == r.next);
          break;
        }
      }
    } else {
      CHECK(r.next == chosen);
    }
  }
  if (!expect.contains("error") && !expect.contains("error_contains")) CHECK(r.error.empty());
}

void register_successor_vectors(const Json& all) {
  for (const Json& v : all["successor_vectors"]) {
    const std::string id = str(v["id"]);
    register_test("successor/" + id + " " + str(v.value("title", Json(""))), "[successors][shared]", [v, &all] {
      const PackageGraph g = graph_of(all["catalogs"][str(v["catalog"])]);
      std::optional<Installed> inst;
      if (v.contains("installed") && !v["installed"].is_null()) inst = Installed{str(v["installed"]["name"]), str(v["installed"]["version"])};
      const Installed* installed = inst ? &*inst : nullptr;
      const Json expect = v.value("expect", Json::object());
      if (expect.contains("classic") && v.contains("classic")) check_classic(g, installed, v["classic"], expect["classic"]);
      if (expect.contains("v1") && v.contains("v1")) check_v1(g, installed, v1_options(v["v1"]), expect["v1"]);
      for (const Json& c : v.value("v1_cases", Json::array())) {
        INFO("v1 case " << c.dump());
        check_v1(g, installed, v1_options(c["v1"]), c);
      }
      for (const Json& c : v.value("cases", Json::array())) {
        INFO("case " << c.dump());
        if (c.contains("classic_chosen")) check_classic(g, installed, c["classic"], Json{{"chosen", c["classic_chosen"]}});
        if (c.contains("v1_chosen")) check_v1(g, installed, v1_options(c["v1"]), Json{{"chosen", c["v1_chosen"]}});
      }
      const auto versions = [&](const std::vector<std::string>& names) {
        std::vector<std::string> out;
        for (const std::string& n : names) out.push_back(version_of(g, *inst, n));
        return out;
      };
      if (expect.contains("walk_classic")) {
        REQUIRE(inst);
        const ClassicOptions o{str(v["classic"].value("channel", Json(""))), ""};
        CHECK(versions(classic_walk(g, *inst, o)) == strs(expect["walk_classic"]));
      }
      if (expect.contains("walk_v1")) {
        REQUIRE(inst);
        CHECK(versions(v1_walk(g, *inst, v1_options(v["v1"]))) == strs(expect["walk_v1"]));
      }
    });
  }
}

// resolve_vectors_v1: catalogs are oc-genpackage unless given.
void register_resolve_vectors(const Json& all) {
  for (const Json& v : all["resolve_vectors_v1"]) {
    const std::string id = str(v["id"]);
    const Json cases = v.contains("cases") ? v["cases"] : Json::array({Json::object()});
    for (std::size_t k = 0; k < cases.size(); ++k) {
      register_test("resolve/" + id + (cases.size() > 1 ? " case " + std::to_string(k + 1) : ""), "[successors][shared]", [v, &all, c = cases[k]] {
        std::vector<PackageGraph> graphs;
        std::vector<V1Catalog> catalogs;
        graphs.reserve(16);
        const Json gen = all["catalogs"]["oc-genpackage"];
        const std::string package = str(gen["package"]);
        if (!v.contains("catalogs")) {
          graphs.push_back(graph_of(gen));
          catalogs.push_back({"catalog", 0, true, nullptr});
        } else {
          for (auto it = v["catalogs"].begin(); it != v["catalogs"].end(); ++it) {
            const Json& spec = it.value();
            V1Catalog cat{it.key(), 0, true, nullptr};
            if (spec.is_object()) {
              cat.priority = spec.value("priority", 0);
              cat.available = str(spec.value("availability", Json("Available"))) != "Unavailable";
              if (spec.contains("content")) {
                graphs.push_back(graph_of(all["catalogs"][str(spec["content"])]));
              } else if (spec.contains("bundles")) {
                Json c = {{"package", package}, {"channels", Json::object()}, {"bundles_outside_channels", Json::array()},
                          {"deprecated_bundles", spec.value("deprecated_bundles", Json::array())}};
                for (const Json& b : spec["bundles"]) {
                  if (b.contains("channel")) c["channels"][str(b["channel"])].push_back(b);
                  else c["bundles_outside_channels"].push_back(b);
                }
                graphs.push_back(graph_of(c));
              } else {
                graphs.push_back(PackageGraph{});  // no such package in this catalog
                graphs.back().package = "";
              }
            } else {
              graphs.push_back(PackageGraph{});  // "empty"
            }
            catalogs.push_back(cat);
          }
        }
        for (std::size_t i = 0; i < catalogs.size(); ++i) catalogs[i].graph = graphs[i].package.empty() ? nullptr : &graphs[i];
        V1Options o = v1_options(v.value("request", Json::object()));
        if (c.contains("version")) o.version = str(c["version"]);
        if (v.contains("selector")) {
          const Json labels = v["selector"].value("matchLabels", Json::object());
          for (auto it = labels.begin(); it != labels.end(); ++it) o.match_labels[it.key()] = str(it.value());
          for (const Json& e : v["selector"].value("matchExpressions", Json::array())) {
            o.match_expressions.push_back({str(e["key"]), str(e["operator"]), strs(e.value("values", Json::array()))});
          }
        }
        std::optional<Installed> inst;
        if (v.contains("installed") && v["installed"].is_object()) inst = Installed{str(v["installed"]["name"]), str(v["installed"]["version"])};
        if (str(v["id"]) == "RES-27") {
          // Validation after selection: the chosen bundle declares a dependency.
          for (GraphBundle& b : graphs[0].bundles) if (b.name == package + ".v3.0.0") b.dependency_property = "olm.package.required";
        }
        const V1Result r = v1_resolve(catalogs, package, inst ? &*inst : nullptr, o);
        INFO("next=" << r.next << " catalog=" << r.catalog << " error=" << r.error);
        const Json expect = c.empty() ? v : c;
        if (expect.contains("error")) {
          std::string want = str(expect["error"]);
          for (std::size_t p; (p = want.find("<name>")) != std::string::npos;) want.replace(p, 6, package + ".v3.0.0");
          CHECK(r.error == want);
        }
        if (expect.contains("error_contains")) CHECK(r.error.find(str(expect["error_contains"])) != std::string::npos);
        if (expect.contains("chosen")) CHECK(r.next == str(expect["chosen"]));
        if (expect.contains("chosen_version")) {
          const PackageGraph* from = nullptr;
          for (const V1Catalog& cat : catalogs) if (cat.name == r.catalog) from = cat.graph;
          REQUIRE(from);
          CHECK(from->bundle(r.next)->version == str(expect["chosen_version"]));
        }
        if (expect.contains("successor_set")) CHECK(as_set(r.successors) == as_set(strs(expect["successor_set"])));
        if (str(expect.value("result", Json(""))) == "success") CHECK(r.error.empty());
        if (expect.contains("walk")) {
          REQUIRE(inst);
          std::vector<std::string> walk;
          for (const std::string& n : v1_walk(graphs[0], *inst, o)) walk.push_back(version_of(graphs[0], *inst, n));
          CHECK(walk == strs(expect["walk"]));
        }
      });
    }
  }
}

void register_channel_vectors(const Json& all) {
  for (const Json& v : all["classic_sort_channel_vectors"]) {
    register_test("sort-channel/" + str(v["id"]), "[successors][shared]", [v, &all] {
      GraphChannel ch{"channel", {}};
      std::string package = "package";
      if (v.contains("input_catalog")) {
        const PackageGraph g = graph_of(all["catalogs"][str(v["input_catalog"])]);
        ch = g.channels.front();
        package = g.package;
      } else {
        for (const Json& e : v["input"]) ch.entries.push_back(entry_of(e));
      }
      std::string error;
      const std::vector<std::string> sorted = sort_channel(ch, package, error);
      if (v.contains("error")) CHECK(error == str(v["error"]));
      else CHECK(sorted == strs(v["output"]));
    });
  }
  for (const Json& v : all["fbc_validation_vectors"]) {
    register_test("fbc-validation/" + str(v["id"]), "[successors][shared]", [v, &all] {
      model::Channel ch;
      ch.name = "channel";
      std::vector<ChannelEntry> entries;
      if (v.contains("catalog")) {
        entries = graph_of(all["catalogs"][str(v["catalog"])]).channels.front().entries;
      } else {
        for (const Json& e : v["entries"]) entries.push_back(entry_of(e));
      }
      for (const ChannelEntry& e : entries) {
        model::Bundle b;
        b.name = e.name;
        b.replaces = e.replaces;
        b.skips = e.skips;
        b.skip_range = e.skip_range;
        ch.bundles[e.name] = b;
        ch.entry_order.push_back(e.name);
      }
      const std::string error = model::replaces_chain_error(ch);
      if (v.contains("error")) CHECK(error == str(v["error"]));
      else CHECK(error.empty());
      if (v.contains("head")) CHECK(model::channel_heads(ch) == std::vector<std::string>{str(v["head"])});
    });
  }
}

const bool registered = [] {
  static Json all;  // the tests keep references into it
  const std::string text = read_file(shared_dir() + "/spec/successor-vectors.yaml");
  std::string error;
  if (text.empty() || !yaml_to_json(text, all, error, YamlSchema::Core12)) {
    register_test("successor/(skipped: ../shared/spec/successor-vectors.yaml is absent)", "[successors][shared]",
                  [] { WARN("successor-vectors.yaml not found: successor vectors skipped"); });
    return true;
  }
  for (const char* section : {"catalogs", "successor_vectors", "resolve_vectors_v1", "classic_sort_channel_vectors",
                              "fbc_validation_vectors"}) {
    if (!all.contains(section) || all[section].empty()) {
      register_test(std::string("successor/section missing: ") + section, "[successors][shared]",
                    [section] { FAIL("no " << section << " in the vector file"); });
    }
  }
  register_successor_vectors(all);
  register_resolve_vectors(all);
  register_channel_vectors(all);
  return true;
}();

}  // namespace
}  // namespace fbclens::test
