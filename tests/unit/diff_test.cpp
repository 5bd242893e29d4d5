// `fbclens diff` (core/diff, export/diff_json.h): single mutations of a small catalog, each
// asserting the whole JSON; a catalog against its JSON rendering; the pruning profile's rule.
#include <catch2/catch.hpp>

#include "diff/diff.h"
#include "export/diff_json.h"
#include "findings/format.h"
#include "support.h"

namespace fbclens::test {
namespace {

// Package p: stable and fast both list p.v1 <- p.v2 <- p.v3 (replaces); `channel_name` renames
// stable (to test the pruning exemption). Each mutation edits this text.
std::string base_catalog(const std::string& stable = "stable") {
  std::string s = "---\nschema: olm.package\nname: p\ndefaultChannel: " + stable + "\n";
  for (const std::string& c : {stable, std::string("fast")}) {
    s += "---\nschema: olm.channel\npackage: p\nname: " + c +
         "\nentries:\n  - name: p.v1\n  - name: p.v2\n    replaces: p.v1\n  - name: p.v3\n    replaces: p.v2\n";
  }
  for (const char* v : {"1", "2", "3"}) {
    s += std::string("---\nschema: olm.bundle\npackage: p\nname: p.v") + v + "\nimage: quay.io/x/p-bundle:v" + v +
         "\nproperties:\n  - type: olm.package\n    value: {packageName: p, version: " + v + ".0.0}\n";
  }
  return s;
}

ValidationReport validate_text(const std::string& text) {
  MemoryFileSource source;
  source.add("p/catalog.yaml", text);
  ValidationReport report = validate_catalog(source);
  INFO(report.opm_output);
  REQUIRE(report.verdict == Verdict::Valid);
  return report;
}

std::string replace_once(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

// The diff of OLD → NEW as JSON.
Json diff_of(const std::string& old_text, const std::string& new_text) {
  const ValidationReport a = validate_text(old_text), b = validate_text(new_text);
  return diff_json(diff::diff_models(a.model, b.model));
}

// The JSON of no difference; each test sets the parts its mutation changes.
Json no_difference() {
  return Json::parse(R"({"packages": {"added": [], "removed": []}, "channels": {"added": [], "removed": []},
    "entries": {"added": [], "removed": []}, "bundles": {"added": [], "removed": [], "changed": []}, "defaultChannels": [],
    "edges": [], "deprecations": {"added": [], "removed": []}, "upgrades": []})");
}

TEST_CASE("diff: a catalog against itself has no difference", "[diff]") {
  CHECK(diff_of(base_catalog(), base_catalog()) == no_difference());
  const ValidationReport a = validate_text(base_catalog());
  CHECK(diff_text(diff::diff_models(a.model, a.model)) == "no differences\n");
}

TEST_CASE("diff: a removed entry (its bundle still in another channel), which pruning fails on", "[diff]") {
  const std::string old_text = base_catalog();
  // stable loses its tail p.v1 (p.v2 still replaces it: a valid, shorter channel).
  const std::string new_text = replace_once(old_text, "entries:\n  - name: p.v1\n", "entries:\n");
  Json expected = no_difference();
  expected["entries"]["removed"] = Json::parse(R"([{"package": "p", "channel": "stable", "bundle": "p.v1", "within": null}])");
  CHECK(diff_of(old_text, new_text) == expected);

  const ValidationReport a = validate_text(old_text), b = validate_text(new_text);
  const diff::CatalogDiff d = diff::diff_models(a.model, b.model);
  // Located where the old catalog lists the entry (line 10: "  - name: p.v1" of stable).
  CHECK(pruning_json(diff::pruning_violations(d, &a.model)) ==
        Json::parse(R"({"passed": false, "violations": [{"package": "p", "channel": "stable", "bundle": "p.v1",
                        "where": "p/catalog.yaml:10:5"}]})"));
  CHECK(diff::pruning_violations(d)[0].where.file.empty());  // no model: no location
  CHECK(diff_text(d) == "- entry p/stable/p.v1\n1 difference\n");
  // The reverse is an added entry, which pruning allows.
  const diff::CatalogDiff back = diff::diff_models(b.model, a.model);
  REQUIRE(back.entries_added.size() == 1);
  CHECK(back.entries_added[0].bundle == "p.v1");
  CHECK(diff::pruning_violations(back).empty());
}

TEST_CASE("diff: pruning allows removals in dev-preview, pre-ga and candidate channels only", "[diff]") {
  CHECK(diff::pruning_allowed("candidate"));
  CHECK(diff::pruning_allowed("stable-candidate-v2"));
  CHECK(diff::pruning_allowed("dev-preview"));
  CHECK(diff::pruning_allowed("v1-pre-ga"));
  CHECK_FALSE(diff::pruning_allowed("stable"));
  CHECK_FALSE(diff::pruning_allowed("Candidate"));  // bash =~ is case-sensitive
  CHECK_FALSE(diff::pruning_allowed("pre_ga"));
  // The same removal as above, in a candidate channel: reported, but no violation.
  const std::string old_text = base_catalog("candidate-1.x");
  const std::string new_text = replace_once(old_text, "entries:\n  - name: p.v1\n", "entries:\n");
  const ValidationReport a = validate_text(old_text), b = validate_text(new_text);
  const diff::CatalogDiff d = diff::diff_models(a.model, b.model);
  CHECK(d.entries_removed.size() == 1);
  CHECK(diff::pruning_violations(d).empty());
  // A whole channel removed fails; a whole package removed does not (Konflux tests only the
  // packages the new catalog configures).
  const std::string no_fast = base_catalog().substr(0, base_catalog().find("---\nschema: olm.channel\npackage: p\nname: fast"));
  const std::string bundles_only_in_stable = no_fast + base_catalog().substr(base_catalog().find("---\nschema: olm.bundle"));
  const ValidationReport c = validate_text(bundles_only_in_stable);
  const ValidationReport base = validate_text(base_catalog());
  const auto channel_violations = diff::pruning_violations(diff::diff_models(base.model, c.model));
  REQUIRE(channel_violations.size() == 1);
  CHECK(channel_violations[0].channel == "fast");
  const auto located = diff::pruning_violations(diff::diff_models(base.model, c.model), &base.model);
  CHECK(location_text(located[0].where) == "p/catalog.yaml:16:1");  // fast's olm.channel (after the "---" on line 15)
  CHECK(channel_violations[0].bundle.empty());
  const diff::CatalogDiff removed_package = diff::diff_models(base.model, model::Model{});
  CHECK(removed_package.packages_removed == std::vector<std::string>{"p"});
  // Its channels and entries are listed with it (issue 24 item 5) but are no violations.
  REQUIRE(removed_package.channels_removed.size() == 2);
  CHECK(removed_package.channels_removed[0].within == "package");
  CHECK(removed_package.entries_removed.size() == 6);
  CHECK(removed_package.count() == 1);
  CHECK(diff::pruning_violations(removed_package).empty());
}

TEST_CASE("diff: a changed replaces breaks stable's chain: the edge, and both OLMs' outcomes", "[diff]") {
  const std::string old_text = base_catalog();
  // In stable (the first p.v3 entry), p.v3 now replaces p.v1: p.v2 and p.v3 are both heads.
  const std::string new_text = replace_once(old_text, "  - name: p.v3\n    replaces: p.v2\n", "  - name: p.v3\n    replaces: p.v1\n");
  const std::string chains_error =
      "a unique replacement chain within a channel is required to determine the relative order between channel "
      "entries, but 2 replacement chains were found in channel \"stable\" of package \"p\": p.v2...p.v1, p.v3...p.v1";
  Json expected = no_difference();
  expected["edges"] = Json::parse(
      R"([{"package": "p", "channel": "stable", "bundle": "p.v3", "field": "replaces", "old": "p.v2", "new": "p.v1"}])");
  // Classic: every entry of stable now fails to sort (it stayed only at the head before).
  // v1: from p.v1 both p.v2 and p.v3 are successors and it takes the highest; nothing upgrades
  // p.v2 any more, so it stays there.
  const auto outcome = [](const char* next, const char* end, const Json& error) {
    return Json{{"next", next ? Json(next) : Json(nullptr)}, {"end", end}, {"error", error}};
  };
  const auto row = [](const char* installed, Json classic_old, Json classic_new, Json v1_old, Json v1_new) {
    return Json{{"package", "p"}, {"channel", "stable"}, {"installed", installed},
                {"classic", {{"old", classic_old}, {"new", classic_new}}}, {"v1", {{"old", v1_old}, {"new", v1_new}}},
                {"stranded", {{"old", false}, {"new", false}}}};
  };
  const Json none = nullptr;
  expected["upgrades"] = Json::array({
      row("p.v1", outcome("p.v2", "p.v3", none), outcome(nullptr, "p.v1", chains_error), outcome("p.v2", "p.v3", none),
          outcome("p.v3", "p.v3", none)),
      row("p.v2", outcome("p.v3", "p.v3", none), outcome(nullptr, "p.v2", chains_error), outcome("p.v3", "p.v3", none),
          outcome(nullptr, "p.v2", none)),
      row("p.v3", outcome(nullptr, "p.v3", none), outcome(nullptr, "p.v3", chains_error), outcome(nullptr, "p.v3", none),
          outcome(nullptr, "p.v3", none)),
  });
  // opm rejects the new catalog (validate_text requires VALID), yet the diff compares what loaded.
  MemoryFileSource a_src, b_src;
  a_src.add("p/catalog.yaml", old_text);
  b_src.add("p/catalog.yaml", new_text);
  const ValidationReport a = validate_catalog(a_src), b = validate_catalog(b_src);
  CHECK(b.verdict == Verdict::Invalid);  // opm's own check finds the second head
  CHECK(diff_json(diff::diff_models(a.model, b.model)) == expected);
}

TEST_CASE("diff: a new deprecation", "[diff]") {
  const std::string old_text = base_catalog();
  const std::string new_text = old_text +
      "---\nschema: olm.deprecations\npackage: p\nentries:\n  - reference: {schema: olm.bundle, name: p.v1}\n"
      "    message: p.v1 is deprecated\n";
  Json expected = no_difference();
  expected["deprecations"]["added"] =
      Json::parse(R"([{"package": "p", "schema": "olm.bundle", "name": "p.v1", "message": "p.v1 is deprecated"}])");
  CHECK(diff_of(old_text, new_text) == expected);
  // And removed the other way.
  Json back = no_difference();
  back["deprecations"]["removed"] = expected["deprecations"]["added"];
  CHECK(diff_of(new_text, old_text) == back);
}

TEST_CASE("diff: a new default channel", "[diff]") {
  const std::string old_text = base_catalog();
  const std::string new_text = replace_once(old_text, "defaultChannel: stable\n", "defaultChannel: fast\n");
  Json expected = no_difference();
  expected["defaultChannels"] = Json::parse(R"([{"package": "p", "old": "stable", "new": "fast"}])");
  CHECK(diff_of(old_text, new_text) == expected);
}

TEST_CASE("diff: skips compare as sets, skipRange changes, lists are sorted", "[diff]") {
  const std::string old_text = replace_once(base_catalog(), "  - name: p.v3\n    replaces: p.v2\n",
                                            "  - name: p.v3\n    replaces: p.v2\n    skips: [b, a]\n");
  const std::string reordered = replace_once(old_text, "skips: [b, a]", "skips: [a, b, a]");
  CHECK(diff_of(old_text, reordered) == no_difference());
  const std::string changed = replace_once(replace_once(old_text, "skips: [b, a]", "skips: [c]\n    skipRange: '<2.0.0'"),
                                           "name: fast\nentries:\n  - name: p.v1\n  - name: p.v2\n    replaces: p.v1\n",
                                           "name: fast\nentries:\n  - name: p.v1\n  - name: p.v2\n    replaces: p.v1\n"
                                           "    skipRange: '<1.0.0'\n");
  const Json d = diff_of(old_text, changed);
  CHECK(d["edges"] == Json::parse(R"([
    {"package": "p", "channel": "fast", "bundle": "p.v2", "field": "skipRange", "old": null, "new": "<1.0.0"},
    {"package": "p", "channel": "stable", "bundle": "p.v3", "field": "skipRange", "old": null, "new": "<2.0.0"},
    {"package": "p", "channel": "stable", "bundle": "p.v3", "field": "skips", "old": ["a", "b"], "new": ["c"]}])"));
}

// tests/fixtures/diff/d02-nested-and-immutable: a package removed and one added, a channel removed
// and one added (issue 24 item 5), and two released bundles changed (item 6): p.v1's image digest,
// an olm.gvk value and a related image; p.v2 moved registry with the same digests (its olm.gvk
// written with its keys and its properties in another order, which is no change).
TEST_CASE("diff: nested channels and entries are listed, changed bundles named (d02)", "[diff]") {
  const std::string root = source_dir() + "/tests/fixtures/diff/d02-nested-and-immutable";
  DirectoryFileSource old_source(root + "/old"), new_source(root + "/new");
  const ValidationReport a = validate_catalog(old_source), b = validate_catalog(new_source);
  REQUIRE(a.verdict == Verdict::Valid);
  REQUIRE(b.verdict == Verdict::Valid);
  const diff::CatalogDiff d = diff::diff_models(a.model, b.model);
  const std::string A = "sha256:" + std::string(64, '1'), B = "sha256:" + std::string(64, '2'), C = "sha256:" + std::string(64, '3'),
                    E = "sha256:" + std::string(64, '4');
  Json expected = no_difference();
  expected["packages"] = Json::parse(R"({"added": ["fresh"], "removed": ["gone"]})");
  expected["channels"] = Json::parse(R"({
    "added": [{"package": "fresh", "channel": "candidate", "within": "package"},
              {"package": "fresh", "channel": "stable", "within": "package"},
              {"package": "p", "channel": "alpha", "within": null}],
    "removed": [{"package": "gone", "channel": "stable", "within": "package"},
                {"package": "p", "channel": "beta", "within": null}]})");
  expected["entries"] = Json::parse(R"({
    "added": [{"package": "fresh", "channel": "candidate", "bundle": "fresh.v1", "within": "package"},
              {"package": "fresh", "channel": "stable", "bundle": "fresh.v1", "within": "package"},
              {"package": "p", "channel": "alpha", "bundle": "p.v2", "within": "channel"}],
    "removed": [{"package": "gone", "channel": "stable", "bundle": "gone.v1", "within": "package"},
                {"package": "gone", "channel": "stable", "bundle": "gone.v2", "within": "package"},
                {"package": "p", "channel": "beta", "bundle": "p.b1", "within": "channel"}]})");
  expected["bundles"]["removed"] = Json::parse(R"([{"package": "p", "bundle": "p.b1"}])");
  expected["bundles"]["changed"] = Json::array(
      {{{"package", "p"}, {"bundle", "p.v1"}, {"severity", "warning"},
        {"changes", {"image digest changed from " + A + " to " + C, "properties changed: olm.gvk",
                     "related images added: proxy (quay.io/x/p-proxy@" + A + ")"}}},
       {{"package", "p"}, {"bundle", "p.v2"}, {"severity", "info"},
        {"changes", {"image moved from quay.io/x/p-bundle to registry.redhat.io/x/p-bundle (same digest " + B + ")",
                     "related image operator moved from quay.io/x/p-operator to registry.redhat.io/x/p-operator (same digest " + E + ")"}}}});
  CHECK(diff_json(d) == expected);
  CHECK(d.count() == 7);  // 2 packages, 2 channels, 1 bundle removed, 2 changed; the nested ones go with theirs
  CHECK(diff_text(d) ==
        "+ package fresh\n"
        "- package gone\n"
        "+ channel fresh/candidate (with its package)\n"
        "+ channel fresh/stable (with its package)\n"
        "+ channel p/alpha\n"
        "- channel gone/stable (with its package)\n"
        "- channel p/beta\n"
        "+ entry fresh/candidate/fresh.v1 (with its package)\n"
        "+ entry fresh/stable/fresh.v1 (with its package)\n"
        "+ entry p/alpha/p.v2 (with its channel)\n"
        "- entry gone/stable/gone.v1 (with its package)\n"
        "- entry gone/stable/gone.v2 (with its package)\n"
        "- entry p/beta/p.b1 (with its channel)\n"
        "- bundle p/p.b1\n"
        "~ bundle p/p.v1 changed (warning): image digest changed from " + A + " to " + C +
            "; properties changed: olm.gvk; related images added: proxy (quay.io/x/p-proxy@" + A + ")\n"
        "~ bundle p/p.v2 changed (info): image moved from quay.io/x/p-bundle to registry.redhat.io/x/p-bundle (same digest " + B +
            "); related image operator moved from quay.io/x/p-operator to registry.redhat.io/x/p-operator (same digest " + E + ")\n"
        "7 differences\n");
  // The pruning profile's verdict is what it was: beta's removal alone fails it (its entry and the
  // removed package's content are not violations of their own).
  const auto violations = diff::pruning_violations(d, &a.model);
  REQUIRE(violations.size() == 1);
  CHECK(violations[0].channel == "beta");
  CHECK(violations[0].bundle.empty());
  // Back again: the same lists with added and removed swapped; p.v1's and p.v2's changes read the
  // other way round.
  const diff::CatalogDiff back = diff::diff_models(b.model, a.model);
  CHECK(back.channels_added.size() == 2);
  CHECK(back.entries_added.size() == 3);
  REQUIRE(back.bundles_changed.size() == 2);
  CHECK(back.bundles_changed[0].changes[2] == "related images removed: proxy (quay.io/x/p-proxy@" + A + ")");
  CHECK(back.bundles_changed[1].severity == "info");
}

TEST_CASE("diff: a bundle's image without a digest, and properties only reordered", "[diff]") {
  const std::string old_text = base_catalog();
  // p.v2's tag changes: no digest to compare, so a warning naming both references.
  const std::string new_text = replace_once(old_text, "image: quay.io/x/p-bundle:v2", "image: quay.io/x/p-bundle:v2-rebuilt");
  const Json d = diff_of(old_text, new_text);
  CHECK(d["bundles"]["changed"] ==
        Json::parse(R"([{"package": "p", "bundle": "p.v2", "severity": "warning",
                         "changes": ["image changed from quay.io/x/p-bundle:v2 to quay.io/x/p-bundle:v2-rebuilt"]}])"));
  const std::string with_gvk = replace_once(old_text, "value: {packageName: p, version: 3.0.0}\n",
                                            "value: {packageName: p, version: 3.0.0}\n  - type: olm.gvk\n    value: {group: g, kind: K, version: v1}\n");
  const std::string reordered = replace_once(old_text, "properties:\n  - type: olm.package\n    value: {packageName: p, version: 3.0.0}\n",
                                             "properties:\n  - type: olm.gvk\n    value: {version: v1, kind: K, group: g}\n"
                                             "  - type: olm.package\n    value: {packageName: p, version: 3.0.0}\n");
  CHECK(diff_of(with_gvk, reordered) == no_difference());  // the same properties in another order
  CHECK(diff_of(old_text, with_gvk)["bundles"]["changed"][0]["changes"] == Json{"properties changed: olm.gvk"});
}

TEST_CASE("diff: certified-operators v4.14 as YAML and as its JSON twin have no difference", "[diff][shared]") {
  if (!shared_available()) return;
  DirectoryFileSource yaml(shared_dir() + "/catalogs/certified-operators-v4.14/catalogs/v4.14");
  DirectoryFileSource json(shared_dir() + "/catalogs/certified-operators-v4.14-json/catalogs/v4.14");
  const ValidationReport a = validate_catalog(yaml), b = validate_catalog(json);
  REQUIRE(a.model.packages.size() > 30);
  REQUIRE(a.model.packages.size() == b.model.packages.size());
  const diff::CatalogDiff d = diff::diff_models(a.model, b.model);
  CHECK(d.empty());
  CHECK(diff_json(d) == no_difference());
}

// The channels and entries listed with an added or removed package or channel, and the bundles
// changed after release, between the two community snapshots (see the test below). Both counts
// cross-checked with a separate reading of the raw YAML (channels and entries of the packages and
// channels only one side has; bundles in both whose image, property multiset or related images
// differ): every one of the 169 is the olm.bundle.object → olm.csv.metadata migration.
constexpr std::size_t kNestedV416ToV421 = 769;
constexpr std::size_t kChangedV416ToV421 = 169;

TEST_CASE("diff: community-operators-prod v4.16 -> v4.21, the whole JSON", "[diff][shared]") {
  if (!shared_available()) return;
  DirectoryFileSource v416(shared_dir() + "/catalogs/community-operators-prod-v4.16/catalogs/v4.16");
  DirectoryFileSource v421(shared_dir() + "/catalogs/community-operators-prod-v4.21/catalogs/v4.21");
  const ValidationReport a = validate_catalog(v416), b = validate_catalog(v421);
  // Cross-checked with a separate reading of the raw olm.package / olm.channel / olm.bundle
  // objects. (The v4.16 snapshot lacks a few packages, _MISSING.txt, hence some "added".)
  Json expected = no_difference();
  expected["packages"] = Json::parse(R"({"added": ["aws-neuron-operator", "cat-facts-operator", "clusterpulse",
    "dotvirt-operator", "hive-operator", "infinispan", "jumpstarter-operator", "kepler-operator", "konflux-operator",
    "kubernaut-operator", "nfs-provisioner-operator", "opendatahub-operator", "openshift-integration-operator",
    "project-quay", "rabbitmq-cluster-operator", "rabbitmq-messaging-topology-operator", "rsct-operator",
    "sailoperator", "slurm-operator", "stackgres-community", "victoriametrics-operator"],
    "removed": ["coherence-operator", "dell-csm-operator", "multi-nic-cni-operator", "odf-node-recovery-operator",
    "openstack-lightspeed-operator", "shipwright-operator"]})");
  const std::string mgh = "multicluster-global-hub-operator";
  for (const char* c : {"release-1.4", "release-1.5", "release-1.6"}) {
    expected["channels"]["removed"].push_back({{"package", mgh}, {"channel", c}, {"within", nullptr}});
    expected["bundles"]["removed"].push_back({{"package", mgh}, {"bundle", mgh + ".v" + std::string(c).substr(8) + ".0"}});
  }
  // trident-operator's stable keeps only v26.2.0, which no longer replaces anything.
  for (const char* v : {"24.10.0", "24.10.1", "24.2.0", "24.6.0", "25.10.0", "25.2.0", "25.2.1", "25.6.0", "25.6.1", "25.6.2"}) {
    const std::string bundle = std::string("trident-operator.v") + v;
    expected["entries"]["removed"].push_back({{"package", "trident-operator"}, {"channel", "stable"}, {"bundle", bundle}, {"within", nullptr}});
    expected["bundles"]["removed"].push_back({{"package", "trident-operator"}, {"bundle", bundle}});
  }
  expected["edges"] = Json::parse(R"([{"package": "trident-operator", "channel": "stable", "bundle":
    "trident-operator.v26.2.0", "field": "replaces", "old": "trident-operator.v25.10.0", "new": null}])");
  const diff::CatalogDiff d = diff::diff_models(a.model, b.model);
  Json actual = diff_json(d);
  // What the issue 14 JSON listed is unchanged; issue 24 adds the channels and entries that came or
  // went with their package or channel, and the bundles that changed after release.
  const auto own = [](const Json& list) {
    Json out = Json::array();
    for (const Json& item : list) {
      if (item["within"].is_null()) out.push_back(item);
    }
    return out;
  };
  std::size_t nested = 0;
  for (const char* kind : {"channels", "entries"}) {
    for (const char* side : {"added", "removed"}) {
      const Json all = actual[kind][side];
      actual[kind][side] = own(all);
      nested += all.size() - actual[kind][side].size();
    }
  }
  const Json changed = actual["bundles"]["changed"];
  actual["bundles"]["changed"] = Json::array();
  CHECK(actual == expected);
  CHECK(nested == kNestedV416ToV421);
  CHECK(changed.size() == kChangedV416ToV421);
  for (const Json& c : changed) {
    CHECK(c["severity"] == "warning");
    CHECK(c["changes"] == Json{"properties changed: olm.bundle.object, olm.csv.metadata (olm.bundle.object replaced by "
                               "olm.csv.metadata, as a catalog migration writes it)"});
  }
  CHECK(d.count() == 54 + kChangedV416ToV421);
  CHECK(diff::pruning_violations(d).size() == 13);  // 3 channels + 10 entries, none exempt
}

}  // namespace
}  // namespace fbclens::test
