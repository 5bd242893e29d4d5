// The findings table and its one formatter: message formats rendered from codes.def, the group
// path and file:line:col text every renderer uses, and notes (first declarations, each head)
// carried through JSON, SARIF and the text report with real positions from our fixtures.
#include <catch2/catch.hpp>

#include "export/object_fields.h"
#include "export/report_json.h"
#include "export/report_text.h"
#include "export/path_style.h"
#include "findings/format.h"
#include "support.h"
#include "validate/validate.h"

namespace fbclens {
namespace {

ValidationReport validate_fixture(const std::string& id) {
  DirectoryFileSource source(test::source_dir() + "/tests/fixtures/validation/" + id + "/catalog");
  return validate_catalog(source);
}

// The only finding of `id` in `report`; fails the test when there is not exactly one.
const Finding& only(const ValidationReport& report, FindingId id) {
  const Finding* found = nullptr;
  int count = 0;
  for (const Finding& f : report.findings) {
    if (f.id == id) {
      found = &f;
      ++count;
    }
  }
  REQUIRE(count == 1);
  return *found;
}

TEST_CASE("render_message: positional arguments, Go quoting, literal braces", "[findings]") {
  CHECK(render_message("package {0:q} has duplicate channel {1:q}", {"a", "b\"c"}) ==
        "package \"a\" has duplicate channel \"b\\\"c\"");
  CHECK(render_message("{1} before {0}", {"x", "y"}) == "y before x");
  CHECK(render_message("map[string]interface {{}}", {}) == "map[string]interface {}");
  CHECK(render_message("Ref{{Schema:{0:q}}}", {"olm.bundle"}) == "Ref{Schema:\"olm.bundle\"}");
  CHECK(render_message("{2}", {"a"}) == "%!{2}(MISSING)");  // a mistake shows, it does not crash
  CHECK(render_message("{x} {0:z} {", {"a"}) == "{x} {0:z} {");  // not placeholders: kept as text
}

TEST_CASE("make_finding renders our text and opm's from one row and one set of arguments", "[findings]") {
  const Finding f = make_finding(FindingId::ChannelEntryDuplicate, {"demo", "stable", "demo.v1"},
                                 SourceLocation{"c.yaml", 4, 5}, ObjectPath{"demo", "stable", "demo.v1"});
  CHECK(f.message() == "channel \"stable\" lists entry \"demo.v1\" more than once");
  CHECK(f.opm_message() == "invalid package \"demo\", channel \"stable\": duplicate entry \"demo.v1\"");
  CHECK(opm_text(FindingId::ChannelMultipleHeads, {"stable", "2", "a, b"}) == "multiple channel heads found in graph: a, b");
  CHECK_FALSE(f.reported_by_opm);
  CHECK(f.notes.empty());
}

TEST_CASE("every fixture's messages render completely, and phase F's are opm's tree leaves", "[findings]") {
  const std::string root = test::source_dir() + "/tests/fixtures/validation";
  for (const std::string& id : test::list_dirs(root)) {
    const ValidationReport report = validate_fixture(id);
    for (const Finding& f : report.findings) {
      INFO(id << " " << f.info().code << ": " << f.message() << " / " << f.opm_message());
      CHECK(f.message().find("%!{") == std::string::npos);
      CHECK(f.opm_message().find("%!{") == std::string::npos);
      if (f.info().phase == Phase::Model && f.reported_by_opm) {
        CHECK(report.opm_output.find(f.opm_message()) != std::string::npos);
      }
    }
  }
}

TEST_CASE("a document that is not an object is named with its article: an array, a string", "[findings]") {
  const auto message = [](const std::string& text) {
    MemoryFileSource source;
    source.add("catalog.yaml", text);
    const ValidationReport report = validate_catalog(source);
    REQUIRE_FALSE(report.findings.empty());
    return report.findings.front().message();
  };
  CHECK(message("---\n- a\n- b\n").find("this document is an array;") == 0);
  CHECK(message("---\njust text\n").find("this document is a string;") == 0);
}

TEST_CASE("path style: relative to the current directory when under it, else absolute, URIs percent-encoded",
          "[findings][format]") {
  PathStyle p = path_style_for("catalogs/v4.14", true, "/repo");
  CHECK(p.prefix == "catalogs/v4.14/");
  CHECK(p.srcroot_uri == "file:///repo/");
  CHECK(p.path("pkg/catalog.yaml") == "catalogs/v4.14/pkg/catalog.yaml");
  CHECK(p.path("") == "");
  CHECK(path_style_for("./catalogs/v4.14/", true, "/repo/").prefix == "catalogs/v4.14/");
  CHECK(path_style_for("/repo/catalogs", true, "/repo").prefix == "catalogs/");
  CHECK(path_style_for(".", true, "/repo").prefix == "");
  CHECK(path_style_for("catalog.yaml", false, "/repo").prefix == "");  // a file: named by its own name
  CHECK(path_style_for("/srv/cat", true, "/repo").prefix == "/srv/cat/");
  CHECK(path_style_for("/srv/cat", true, "/repo").srcroot_uri == "");
  CHECK(path_style_for("../other", true, "/repo").prefix == "/other/");
  CHECK(path_style_for("x", true, "/my repo").srcroot_uri == "file:///my%20repo/");
  CHECK(uri_path_encode("a b/c#d%e.yaml") == "a%20b/c%23d%25e.yaml");
}

TEST_CASE("group_path: package > channel > bundle, quoted, or the catalog", "[findings][format]") {
  CHECK(group_path(ObjectPath{"a", "b", "c"}) == "package \"a\" > channel \"b\" > bundle \"c\"");
  CHECK(group_path(ObjectPath{"a", "b", ""}) == "package \"a\" > channel \"b\"");
  CHECK(group_path(ObjectPath{"a", "", "c"}) == "package \"a\" > bundle \"c\"");
  CHECK(group_path(ObjectPath{"a", "", ""}) == "package \"a\"");
  CHECK(group_path(ObjectPath{}) == "catalog");
  CHECK(group_path(ObjectPath{"we\"ird", "", ""}) == "package \"we\\\"ird\"");
}

TEST_CASE("location_text: file:line:col, file:line, file or nothing", "[findings][format]") {
  CHECK(location_text(SourceLocation{"a/catalog.yaml", 12, 5}) == "a/catalog.yaml:12:5");
  CHECK(location_text(SourceLocation{"a/catalog.yaml", 12, 0}) == "a/catalog.yaml:12");
  CHECK(location_text(SourceLocation{"a/catalog.yaml", 0, 0}) == "a/catalog.yaml");
  CHECK(location_text(SourceLocation{}) == "");
  // The explorer names objects by line: the same formatter, without the column.
  CHECK(where_text(SourceLocation{"a/catalog.yaml", 12, 5}) == "a/catalog.yaml:12");
  CHECK(where_text(SourceLocation{}) == "");
}

TEST_CASE("notes: a duplicate points at the first declaration", "[findings][notes]") {
  struct Case {
    const char* fixture;
    FindingId id;
    const char* where;       // the duplicate
    const char* note_where;  // its first declaration
  };
  const Case cases[] = {
      {"f13-pkg-duplicate", FindingId::PackageDuplicate, "catalog.yaml:31:7", "catalog.yaml:3:7"},
      {"f17-ch-duplicate", FindingId::ChannelDuplicate, "catalog.yaml:32:7", "catalog.yaml:8:7"},
      {"f22-b-duplicate", FindingId::BundleDuplicate, "catalog.yaml:32:7", "catalog.yaml:16:7"},
      {"f18-ch-duplicate-entry", FindingId::ChannelEntryDuplicate, "catalog.yaml:13:5", "catalog.yaml:10:5"},
      {"f33-dep-two-blobs", FindingId::DeprecationDuplicateBlob, "catalog.yaml:38:1", "catalog.yaml:30:1"},
      {"f35-dep-entry-duplicate", FindingId::DeprecationEntryDuplicate, "catalog.yaml:37:5", "catalog.yaml:33:5"},
  };
  for (const Case& c : cases) {
    INFO(c.fixture);
    const ValidationReport report = validate_fixture(c.fixture);
    const Finding& f = only(report, c.id);
    CHECK(location_text(f.location) == c.where);
    REQUIRE(f.notes.size() == 1);
    CHECK(location_text(f.notes[0].location) == c.note_where);
    CHECK(f.notes[0].message.find("first") != std::string::npos);
  }
  CHECK(only(validate_fixture("f13-pkg-duplicate"), FindingId::PackageDuplicate).notes[0].message ==
        "package \"demo\" is first declared here");
}

TEST_CASE("notes: multiple heads point at each head", "[findings][notes]") {
  const ValidationReport report = validate_fixture("f46-multiple-heads");
  const Finding& f = only(report, FindingId::ChannelMultipleHeads);
  REQUIRE(f.notes.size() == 2);
  CHECK(location_text(f.notes[0].location) == "catalog.yaml:10:5");  // - name: "demo.v1.0.0"
  CHECK(f.notes[0].message == "head \"demo.v1.0.0\" is here: no entry replaces or skips it");
  CHECK(location_text(f.notes[1].location) == "catalog.yaml:11:5");  // - name: "demo.v1.1.0"
  CHECK(f.notes[1].message == "head \"demo.v1.1.0\" is here: no entry replaces or skips it");
}

TEST_CASE("notes: duplicate versions point at each bundle's version", "[findings][notes]") {
  const ValidationReport report = validate_fixture("f42-duplicate-versions");
  const Finding& f = only(report, FindingId::DuplicateVersions);
  REQUIRE(f.notes.size() == 2);
  CHECK(location_text(f.notes[0].location) == "catalog.yaml:22:41");  // version: "1.0.0" of demo.v1.0.0
  CHECK(f.notes[0].message == "bundle \"demo.v1.0.0\" has version 1.0.0");
  CHECK(location_text(f.notes[1].location) == "catalog.yaml:30:41");
}

TEST_CASE("notes: a replaces cycle points at the replaces that closes it and the entry it returns to", "[findings][notes]") {
  const ValidationReport report = validate_fixture("f47-cycle");
  const Finding& f = only(report, FindingId::ReplacesCycle);
  CHECK(location_text(f.location) == "catalog.yaml:11:15");  // replaces: "demo.v1.1.0" under demo.v1.0.0
  REQUIRE(f.notes.size() == 1);
  CHECK(location_text(f.notes[0].location) == "catalog.yaml:12:5");  // - name: "demo.v1.1.0"
}

TEST_CASE("a replaces naming no bundle is not a finding (opm allows it), so it has no note", "[findings][notes]") {
  // Spec validation.md §3.3: replaces and skips may name bundles that do not exist.
  MemoryFileSource source;
  source.add("catalog.yaml",
             "---\nschema: olm.package\nname: demo\ndefaultChannel: stable\nicon: {base64data: PHN2Zy8+, mediatype: image/svg+xml}\n"
             "---\nschema: olm.channel\npackage: demo\nname: stable\nentries:\n"
             "  - name: demo.v1.0.0\n    replaces: demo.v0.9.0\n"
             "---\nschema: olm.bundle\npackage: demo\nname: demo.v1.0.0\nimage: quay.io/demo/bundle:v1.0.0\n"
             "properties:\n  - {type: olm.package, value: {packageName: demo, version: 1.0.0}}\n"
             // A CSV, and the package's icon below, so that no advice (core/advice) applies either.
             "  - {type: olm.csv.metadata, value: {displayName: Demo, provider: {name: Demo}}}\n");
  const ValidationReport report = validate_catalog(source);
  CHECK(report.verdict == Verdict::Valid);
  CHECK(report.findings.empty());
}

TEST_CASE("JSON and SARIF carry the group, the location text and the notes", "[findings][notes][sarif]") {
  const ValidationReport report = validate_fixture("f13-pkg-duplicate");
  std::size_t index = 0;
  while (report.findings[index].id != FindingId::PackageDuplicate) ++index;

  const Json json = summary_json(report)["findings"][index];
  CHECK(json["group"] == "package \"demo\"");
  CHECK(json["where"] == "catalog.yaml:31:7");
  REQUIRE(json["notes"].size() == 1);
  CHECK(json["notes"][0]["message"] == "package \"demo\" is first declared here");
  CHECK(json["notes"][0]["file"] == "catalog.yaml");
  CHECK(json["notes"][0]["line"] == 3);
  CHECK(json["notes"][0]["column"] == 7);
  CHECK(json["notes"][0]["where"] == "catalog.yaml:3:7");
  CHECK(json["code"] == "FBC2002");  // the keys that were there stay
  CHECK(json["line"] == 31);

  const Json result = sarif_json(report)["runs"][0]["results"][index];
  CHECK(result["ruleId"] == "FBC2002");
  CHECK(result["locations"][0]["physicalLocation"]["region"]["startLine"] == 31);
  CHECK(result["locations"][0]["logicalLocations"][0]["fullyQualifiedName"] == "package \"demo\"");
  REQUIRE(result["relatedLocations"].size() == 1);
  const Json& related = result["relatedLocations"][0];
  CHECK(related["id"] == 1);
  CHECK(related["message"]["text"] == "package \"demo\" is first declared here");
  CHECK(related["physicalLocation"]["artifactLocation"]["uri"] == "catalog.yaml");
  CHECK(related["physicalLocation"]["region"]["startLine"] == 3);
  CHECK(related["physicalLocation"]["region"]["startColumn"] == 7);
  // A finding without notes has no relatedLocations (SARIF: absent rather than empty). f01 passes
  // opm; its one finding is advice that OperatorHub will not list it (no CSV), which has no notes.
  const ValidationReport valid = validate_fixture("f01-valid-base");
  const Json results = sarif_json(valid)["runs"][0]["results"];
  REQUIRE(results.size() == 1);
  CHECK(results[0]["ruleId"] == "FBC4101");
  CHECK(results[0]["level"] == "warning");
  CHECK_FALSE(results[0].contains("relatedLocations"));
}

TEST_CASE("the text report prints notes clang-style under their finding", "[findings][notes]") {
  const std::string dir = test::source_dir() + "/tests/fixtures/validation/f13-pkg-duplicate/catalog";
  DirectoryFileSource source(dir);
  const std::string text = render_text_report(validate_catalog(source), &source);
  const std::size_t error = text.find("catalog.yaml:31:7: error[FBC2002]: ");
  const std::size_t note = text.find("catalog.yaml:3:7: note: package \"demo\" is first declared here\n");
  CHECK(text.find("\npackage \"demo\"\n") != std::string::npos);
  REQUIRE(error != std::string::npos);
  REQUIRE(note != std::string::npos);
  CHECK(error < note);
}

TEST_CASE("the text report reads the same once release_catalog has freed the catalog", "[findings][format]") {
  // The CLI frees the model, the config and the documents before writing the text report.
  std::size_t with_findings = 0;
  for (const std::string& id : test::list_dirs(test::source_dir() + "/tests/fixtures/validation")) {
    INFO(id);
    const std::string folder = test::source_dir() + "/tests/fixtures/validation/" + id + "/catalog";
    DirectoryFileSource source(folder);
    ValidationReport report = validate_catalog(source);
    const auto text_of = [&source](const ValidationReport& r) {
      std::string text;
      write_text_report(r, &source, PathStyle{}, [&text](std::string_view piece) { text += piece; });
      return text;
    };
    const std::string before = text_of(report);
    const std::size_t objects = report.load.blobs.size();
    release_catalog(report);
    CHECK(report.model.packages.empty());
    CHECK(report.config.bundles.empty());
    CHECK(report.load.blobs.size() == objects);
    CHECK(text_of(report) == before);
    with_findings += !report.findings.empty();
  }
  CHECK(with_findings > 50);  // the fixtures exercise excerpts, notes and opm's texts
}

}  // namespace
}  // namespace fbclens
