// Catalog repositories (issue 22): discovery, templates with opm render-template's rules, offline
// rendering, drift, the matrix. One test per fixture folder in tests/fixtures/repository (written
// by tests/support/make_repository_fixtures.py), each naming the roots, the pairing and the codes it
// expects; then the real repositories of ../shared/catalogs against roots.json and expected.json.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <set>

#include "analyses/analyses.h"
#include "load/file_source.h"
#include "repo/discover.h"
#include "repo/repository.h"
#include "repo/repository_json.h"
#include "support.h"
#include "template/template.h"
#include "template/write.h"
#include "validate/validate.h"

namespace fbclens::test {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> codes_of(const std::vector<Finding>& findings) {
  std::vector<std::string> out;
  for (const Finding& f : findings) out.emplace_back(f.info().code);
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> strings(const Json& list) {
  std::vector<std::string> out;
  for (const Json& v : list) out.push_back(v.get<std::string>());
  return out;
}

const std::string kFixtures = source_dir() + "/tests/fixtures/repository";

// A repository validated as the worker validates one: each root as discovery passes it
// (validate_folder's on_root), the rest when discovery is done. `passed`: the roots passed.
struct Streamed {
  std::optional<repo::RepositoryReport> report;  ///< unset when the folder is one catalog
  std::vector<std::string> passed;
  std::vector<std::string> ahead;  ///< the roots passed ahead of their turn
};

Streamed validate_streamed(const FileSource& source, const repo::RepositoryOptions& options = {}) {
  Streamed out;
  repo::RepositoryValidation validation(options);
  const repo::FolderOutcome folder = repo::validate_folder(
      source, {}, [&](const repo::CatalogRoot& root, const repo::Discovery& so_far, const FileSource& files, bool ahead) {
        (ahead ? out.ahead : out.passed).push_back(root.path);
        validation.take_root(files, so_far, root, ahead);
      });
  if (folder.repository) out.report = validation.finish(source, *folder.repository);
  return out;
}

// A source that records its reads ("read PATH") and read plans ("plan [again] PATH..."), in one sequence.
struct RecordingSource final : FileSource {
  MemoryFileSource files;
  mutable std::vector<std::string> events;
  std::vector<std::string> list_files(std::vector<SourceError>& errors) const override { return files.list_files(errors); }
  bool read(const std::string& path, std::string& bytes, std::string& error, std::size_t max_bytes) const override {
    events.push_back("read " + path);
    return files.read(path, bytes, error, max_bytes);
  }
  void plan_reads(const ReadPlan& plan) const override {
    std::string e = std::string("plan") + (plan.read_again ? " again" : "");
    for (const std::string& p : plan.paths) e += " " + p;
    events.push_back(e);
  }
  /// The paths read, sorted.
  std::vector<std::string> reads() const {
    std::vector<std::string> out;
    for (const std::string& e : events) {
      if (e.rfind("read ", 0) == 0) out.push_back(e.substr(5));
    }
    std::sort(out.begin(), out.end());
    return out;
  }
};

// The app's repository load (wasm/api.cpp): the root find_shown_root finds validated first and
// shown, then the repository validated with that report given (give_report) as discovery passes
// the roots. The root must be discovery's last versioned one, and the report validate_repository's.
void check_shown_first(const FileSource& source, const repo::Discovery& discovery, const repo::RepositoryReport& report) {
  const repo::CatalogRoot* newest = nullptr;
  for (const repo::CatalogRoot& r : discovery.roots) {
    if (r.ocp_version) newest = &r;
  }
  const std::optional<repo::ShownRoot> shown = repo::find_shown_root(source);
  REQUIRE(shown.has_value() == (newest != nullptr));
  if (!shown) return;
  CHECK(shown->root.path == newest->path);
  CHECK(shown->root.version_folder == newest->version_folder);
  CHECK(shown->root.ocp_version->text() == newest->ocp_version->text());
  CHECK(shown->so_far.repository);
  // The shown root's report is the one given: it is not validated again.
  const ValidationReport* given_at = nullptr;
  const ValidationReport* shown_report = nullptr;
  repo::RepositoryOptions options;
  options.on_root = [&](const repo::RootOutcome& outcome, std::unique_ptr<ValidationReport>& r, const FileSource&) {
    if (outcome.root.path == shown->root.path) shown_report = r.get();
  };
  repo::RepositoryValidation validation(options);
  std::string from;
  const std::unique_ptr<FileSource> files = repo::root_source(source, shown->so_far, shown->root);
  auto given = std::make_unique<ValidationReport>(repo::validate_root(*files, shown->root, options, from));
  given_at = given.get();
  validation.give_report(shown->root, std::move(given), from);
  const repo::FolderOutcome folder = repo::validate_folder(
      source, {}, [&](const repo::CatalogRoot& root, const repo::Discovery& so_far, const FileSource& files_now, bool ahead) {
        validation.take_root(files_now, so_far, root, ahead);
      });
  REQUIRE(folder.repository);
  const repo::RepositoryReport streamed = validation.finish(source, *folder.repository);
  CHECK(shown_report == given_at);
  CHECK(repo::repository_json(streamed) == repo::repository_json(report));
}

// Whether `passed` is the first roots of `discovery`, in its order.
bool passed_first(const std::vector<std::string>& passed, const repo::Discovery& discovery) {
  if (passed.size() > discovery.roots.size()) return false;
  for (std::size_t i = 0; i < passed.size(); ++i) {
    if (passed[i] != discovery.roots[i].path) return false;
  }
  return true;
}

const bool registered = [] {
  for (const std::string& id : list_dirs(kFixtures)) {
    register_test("repository/" + id, "[repository]", [id] {
      const std::string dir = kFixtures + "/" + id;
      const Json expected = Json::parse(read_file(dir + "/expected.json"));
      const DirectoryFileSource source(dir + "/repo");
      const repo::Discovery discovery = repo::discover_repository(source);
      CHECK(discovery.repository == expected["repository"].get<bool>());
      std::vector<std::string> roots;
      for (const repo::CatalogRoot& r : discovery.roots) roots.push_back(r.path);
      CHECK(roots == strings(expected["roots"]));
      // What the CLI's validate and the worker ask: the same answer as discovery's.
      const repo::FolderOutcome folder = repo::validate_folder(source, {});
      CHECK(folder.repository.has_value() == discovery.repository);
      CHECK((folder.report != nullptr) == !discovery.repository);
      const Streamed streamed = validate_streamed(source);
      CHECK(streamed.report.has_value() == discovery.repository);
      if (!discovery.repository) {
        CHECK(streamed.passed.empty());
        return;
      }
      const repo::RepositoryReport report = repo::validate_repository(source, discovery);
      // Validated as discovery found the roots: the same report, the roots passed in its order.
      CHECK(passed_first(streamed.passed, discovery));
      CHECK(repo::repository_json(*streamed.report) == repo::repository_json(report));
      check_shown_first(source, discovery, report);
      CHECK(codes_of(report.findings) == strings(expected["codes"]));
      REQUIRE(report.templates.size() == expected["templates"].size());
      for (const repo::TemplateOutcome& t : report.templates) {
        INFO("template " << t.file.path);
        REQUIRE(expected["templates"].contains(t.file.path));
        const Json& want = expected["templates"][t.file.path];
        CHECK(t.file.renders == strings(want["renders"]));
        std::vector<std::string> want_codes = strings(want["codes"]);
        std::sort(want_codes.begin(), want_codes.end());
        CHECK(codes_of(t.findings) == want_codes);
        for (const Finding& f : t.findings) {
          // Every template finding is located in the repository: at the template, or (for a
          // drift note) at the committed catalog.
          CHECK(!f.location.file.empty());
          CHECK(f.info().phase == Phase::Repository);
        }
      }
    });
  }
  return true;
}();

TEST_CASE("every repository code is exercised by a fixture or a named test", "[repository][coverage]") {
  std::set<std::string> seen;
  for (const std::string& id : list_dirs(kFixtures)) {
    const Json expected = Json::parse(read_file(kFixtures + "/" + id + "/expected.json"));
    for (const auto& [path, t] : expected["templates"].items()) {
      for (const Json& c : t["codes"]) seen.insert(c.get<std::string>());
    }
    for (const Json& c : expected["codes"]) seen.insert(c.get<std::string>());
  }
  // FBC7001 (a template that does not decode): "a template that does not decode" below. FBC7202
  // (a file discovery cannot read) needs an unreadable file, which a committed fixture cannot be.
  const std::set<std::string> elsewhere = {"FBC7001", "FBC7202"};
  for (const FindingInfo& info : all_finding_infos()) {
    if (info.phase != Phase::Repository || elsewhere.count(std::string(info.code))) continue;
    INFO("code " << info.code << " " << info.name << " has no fixture in tests/fixtures/repository");
    CHECK(seen.count(std::string(info.code)) == 1);
  }
}

TEST_CASE("a template that does not decode", "[repository]") {
  const tmpl::Template t = tmpl::parse_template("t.json", "{\"schema\": \"olm.template.basic\", \"entries\": [");
  REQUIRE(t.findings.size() == 1);
  CHECK(t.findings[0].info().code == "FBC7001");
  CHECK(!t.renderable);
  const tmpl::Template unknown = tmpl::parse_template("t.yaml", "schema: olm.template.fancy\n");
  REQUIRE(unknown.findings.size() == 1);
  CHECK(unknown.findings[0].opm_message() == "auto-detecting template type: unknown template schema: olm.template.fancy");
}

TEST_CASE("OpenShift versions in folder names", "[repository]") {
  const auto v = [](const char* name) {
    const auto version = repo::ocp_version_of_folder(name);
    return version ? version->text() : std::string("-");
  };
  CHECK(v("v4.12") == "4.12");
  CHECK(v("4.16") == "4.16");
  CHECK(v("catalog-4-14") == "4.14");
  CHECK(v("v4-14") == "4.14");
  CHECK(v("ocp-v4.18") == "4.18");
  CHECK(v("v5.0") == "5.0");
  CHECK(v("v1.2") == "-");  // a bundle version, not OpenShift
  CHECK(v("catalog") == "-");
  CHECK(v("release-2.7") == "-");
  CHECK(repo::effective_ocp_version({4, 23}).text() == "5.0");
  CHECK(repo::ocp_version_less({4, 22}, {4, 23}));
  CHECK(repo::ocp_version_less({4, 23}, {5, 0}));
}

TEST_CASE("the matrix of a fixture repository", "[repository]") {
  const DirectoryFileSource source(kFixtures + "/l03-catalogs-version-packages/repo");
  const repo::Discovery discovery = repo::discover_repository(source);
  const repo::RepositoryReport report = repo::validate_repository(source, discovery);
  const repo::Matrix& m = report.matrix;
  REQUIRE(m.columns.size() == 3);
  CHECK(m.packages == std::vector<std::string>{"bar", "foo"});
  REQUIRE(m.cell(0, "bar"));
  CHECK(m.cell(1, "bar") == nullptr);  // bar is dropped in 4.23
  const repo::MatrixCell* foo = m.cell(1, "foo");
  REQUIRE(foo);
  CHECK(foo->default_channel == "stable");
  REQUIRE(foo->channels.size() == 1);
  CHECK(foo->channels[0].head == "foo.v1.2.0");
  CHECK(foo->format.needed == "olm.csv.metadata");
  CHECK(!foo->format.ok);  // the fixture's bundles carry neither format
  REQUIRE(m.changes.size() == 2);
  CHECK(m.changes[0].diff.packages_removed == std::vector<std::string>{"bar"});
  const Json json = repo::matrix_json(m);
  CHECK(json["columns"][1]["ocpVersion"] == "4.23");
  CHECK(json["columns"][1]["effectiveOcpVersion"] == "5.0");
  CHECK(json["packages"][0]["cells"][1].is_null());
}

// The app defers the analyses beyond opm of every root (RepositoryOptions::defer_analyses): each
// outcome holds opm's findings only, with the verdict, matrix and templates' findings of a whole
// run; the root shown is completed from its kept report (record_root_report), the others by
// validating them again (complete_root), and the repository's report is then the undeferred one.
TEST_CASE("deferred analyses of a repository's roots, completed later, give the undeferred report", "[repository]") {
  const DirectoryFileSource source(kFixtures + "/l03-catalogs-version-packages/repo");
  const repo::Discovery discovery = repo::discover_repository(source);
  REQUIRE(discovery.roots.size() == 3);
  const repo::RepositoryReport whole = repo::validate_repository(source, discovery);
  const std::string shown = discovery.roots.back().path;

  repo::RepositoryOptions options;
  options.defer_analyses = true;
  std::unique_ptr<ValidationReport> kept;
  options.on_root = [&](const repo::RootOutcome& outcome, std::unique_ptr<ValidationReport>& report, const FileSource&) {
    if (outcome.root.path == shown) kept = std::move(report);
  };
  repo::RepositoryReport deferred = repo::validate_repository(source, discovery, options);
  REQUIRE(kept);
  CHECK(!kept->analyses_complete);
  for (std::size_t i = 0; i < deferred.roots.size(); ++i) {
    INFO("root " << deferred.roots[i].root.path);
    CHECK(!deferred.roots[i].analyses_complete);
    CHECK(deferred.roots[i].verdict == whole.roots[i].verdict);
  }
  CHECK(repo::matrix_json(deferred.matrix) == repo::matrix_json(whole.matrix));
  REQUIRE(deferred.templates.size() == whole.templates.size());
  for (std::size_t i = 0; i < deferred.templates.size(); ++i) CHECK(codes_of(deferred.templates[i].findings) == codes_of(whole.templates[i].findings));
  // The fixture's roots have advice (no-head-max-OpenShift and the like): deferring shows.
  REQUIRE(codes_of(deferred.roots.back().findings) != codes_of(whole.roots.back().findings));
  REQUIRE(codes_of(deferred.roots.front().findings) != codes_of(whole.roots.front().findings));

  analyses::Cache cache(kept->model, kept->findings, !kept->config.others.empty(), &kept->lifecycle_findings);
  analyses::complete_report(*kept, cache);
  repo::record_root_report(deferred.roots.back(), *kept);
  CHECK(deferred.roots.back().analyses_complete);
  CHECK(repo::repository_json(deferred) != repo::repository_json(whole));  // the other roots still lack theirs
  for (repo::RootOutcome& outcome : deferred.roots) repo::complete_root(source, discovery, options, outcome);
  for (const repo::RootOutcome& outcome : deferred.roots) CHECK(outcome.analyses_complete);
  CHECK(repo::repository_json(deferred) == repo::repository_json(whole));
}

// Discovery reads a version's folders before the next version's, and passes each root once no
// folder still to read can make a root before it (RootFound). "v4.14" and "v4.14-4-14" are both
// 4.14, and "v4.14-4-14" sorts before "v4.14/catalog": neither root is passed until both folders
// are read. The folder's own files come last and block nothing.
TEST_CASE("roots are passed in Discovery::roots order, each once no unread folder can come before it", "[repository]") {
  MemoryFileSource source;
  const std::string package = "{\"schema\":\"olm.package\",\"name\":\"p\"}\n";
  for (const char* path : {"v4.15/catalog/p/catalog.json", "v4.14/catalog/p/catalog.json", "v4.14-4-14/p/catalog.json",
                           "v4.14-4-14/q/catalog.json", "v4.16/catalog/p/catalog.json", "catalog-old/p/catalog.json", "stray.json"}) {
    source.add(path, package);
  }
  const auto version = repo::ocp_version_of_folder("v4.14-4-14");
  CHECK((version && version->major == 4 && version->minor == 14));
  std::vector<std::string> passed, ahead;
  const repo::Discovery discovery = repo::discover_repository(
      source, [&](const repo::CatalogRoot& root, const repo::Discovery&, const FileSource&, bool is_ahead) {
        (is_ahead ? ahead : passed).push_back(root.path);
      });
  std::vector<std::string> roots;
  for (const repo::CatalogRoot& r : discovery.roots) roots.push_back(r.path);
  CHECK(roots == std::vector<std::string>{"v4.14-4-14", "v4.14/catalog", "v4.15/catalog", "v4.16/catalog", "catalog-old"});
  // The folder's own files are read last, and cannot make a root beside others: every root is
  // passed during discovery, "catalog-old" just before them.
  CHECK(passed == std::vector<std::string>{"v4.14-4-14", "v4.14/catalog", "v4.15/catalog", "v4.16/catalog", "catalog-old"});
  // "v4.14/catalog" waits for "v4.14-4-14": passed ahead of its turn, to be validated meanwhile.
  CHECK(ahead == std::vector<std::string>{"v4.14/catalog"});
  CHECK(discovery.stray_content == std::vector<std::string>{"stray.json"});
  // Validated so, the report is validate_repository's.
  const Streamed streamed = validate_streamed(source);
  REQUIRE(streamed.report);
  CHECK(streamed.ahead == ahead);
  CHECK(repo::repository_json(*streamed.report) == repo::repository_json(repo::validate_repository(source, discovery)));
}

// The app shows a repository's newest root before it discovers the rest (find_shown_root): only the
// newest versions' folders are read, one version at a time, until one holds catalog content.
TEST_CASE("the root shown first is found from the newest versions' folders alone", "[repository]") {
  RecordingSource source;
  const std::string package = "{\"schema\":\"olm.package\",\"name\":\"p\"}\n";
  const std::string basic = "{\"schema\":\"olm.template.basic\",\"entries\":[]}\n";
  // 4.16: only a template (no content); 4.15: "v4.15-4-15" and "v4.15/catalog" (the latter comes
  // last: '-' sorts before '/'); 4.14 and the unversioned catalog-old are never read.
  for (const char* path : {"v4.14/catalog/p/catalog.json", "v4.15/catalog/p/catalog.json", "v4.15-4-15/p/catalog.json",
                           "catalog-old/p/catalog.json"}) {
    source.files.add(path, package);
  }
  source.files.add("v4.16/catalog-template.json", basic);
  source.files.add("v4.15/catalog-template.json", basic);
  const std::optional<repo::ShownRoot> shown = repo::find_shown_root(source);
  REQUIRE(shown);
  CHECK(shown->root.path == "v4.15/catalog");
  CHECK(shown->root.version_folder == "v4.15");
  CHECK(shown->so_far.roots.size() == 1);
  // Not read: 4.14's folder and catalog-old (v4.16's template was read, as 4.16 came first).
  CHECK(shown->rest == std::vector<std::string>{"catalog-old/p/catalog.json", "v4.14/catalog/p/catalog.json"});
  std::vector<std::string> templates;
  for (const repo::TemplateFile& t : shown->so_far.templates) templates.push_back(t.path);
  CHECK(templates == std::vector<std::string>{"v4.15/catalog-template.json", "v4.16/catalog-template.json"});
  CHECK(source.reads() == std::vector<std::string>{"v4.15-4-15/p/catalog.json", "v4.15/catalog-template.json", "v4.15/catalog/p/catalog.json",
                                          "v4.16/catalog-template.json"});
  // Discovery agrees: the last versioned root.
  const repo::Discovery discovery = repo::discover_repository(source.files);
  std::vector<std::string> roots;
  for (const repo::CatalogRoot& r : discovery.roots) roots.push_back(r.path);
  CHECK(roots == std::vector<std::string>{"v4.14/catalog", "v4.15-4-15/p", "v4.15/catalog", "catalog-old"});
  check_shown_first(source.files, discovery, repo::validate_repository(source.files, discovery));

  // Asked before each version's folders are read, with what would stay unread: a caller that finds
  // the rest too small to show a root first stops it before anything is read.
  std::vector<std::vector<std::string>> asked;
  source.events.clear();
  const auto worth_it = [&](const std::vector<std::string>& rest) {
    asked.push_back(rest);
    return rest.size() >= 3;
  };
  CHECK_FALSE(repo::find_shown_root(source, worth_it));
  REQUIRE(asked.size() == 2);
  CHECK(asked[0].size() == 5);  // every file but 4.16's template
  CHECK(asked[1] == shown->rest);
  CHECK(source.reads() == std::vector<std::string>{"v4.16/catalog-template.json"});

  // No version folder, or none of the newest kMaxShownRootVersions versions with content: nullopt.
  MemoryFileSource unversioned;
  unversioned.add("catalog/p/catalog.json", package);
  CHECK_FALSE(repo::find_shown_root(unversioned));
  MemoryFileSource templates_only;
  templates_only.add("v4.10/catalog/p/catalog.json", package);
  for (std::size_t k = 0; k < repo::kMaxShownRootVersions; ++k) {
    templates_only.add("v4." + std::to_string(20 + k) + "/catalog-template.json", basic);
  }
  CHECK_FALSE(repo::find_shown_root(templates_only));
}

TEST_CASE("a root passed during discovery reads its files with discovery's next reads planned after them", "[repository]") {
  RecordingSource source;
  const std::string package = "{\"schema\":\"olm.package\",\"name\":\"p\"}\n";
  source.files.add("v4.21/catalog/p/catalog.json", package);
  source.files.add("v4.20/catalog/p/catalog.json", package);
  const repo::RepositoryOptions options;
  const Streamed streamed = validate_streamed(source, options);
  REQUIRE(streamed.report);
  CHECK(streamed.passed == std::vector<std::string>{"v4.20/catalog"});
  const std::vector<std::string> expected{
      // discovery: a version's folder before the next version's
      "plan again v4.20/catalog/p/catalog.json v4.21/catalog/p/catalog.json",
      "read v4.20/catalog/p/catalog.json",
      // v4.20's root, validated before discovery reads v4.21's files, which its plans name next
      "plan again v4.20/catalog/p/catalog.json v4.21/catalog/p/catalog.json",
      "read v4.20/catalog/p/catalog.json",
      "read v4.21/catalog/p/catalog.json",
      // v4.21's root, after discovery
      "plan v4.21/catalog/p/catalog.json",
      "read v4.21/catalog/p/catalog.json",
  };
  CHECK(source.events == expected);
}

// Each root keeps its own folder of the repository's listing: listing the repository once per
// root walked the disk once per root (a folder of 3,000 version folders took two minutes).
TEST_CASE("a repository is listed once by discovery and once by its roots' validation, however many roots", "[repository]") {
  struct Counting final : FileSource {
    MemoryFileSource files;
    mutable int listings = 0;
    std::vector<std::string> list_files(std::vector<SourceError>& errors) const override {
      ++listings;
      return files.list_files(errors);
    }
    bool read(const std::string& path, std::string& bytes, std::string& error, std::size_t max_bytes) const override {
      return files.read(path, bytes, error, max_bytes);
    }
  } source;
  const std::string package = "{\"schema\":\"olm.package\",\"name\":\"p\"}\n";
  for (int minor = 10; minor < 30; ++minor) source.files.add("v4." + std::to_string(minor) + "/catalog/p/catalog.json", package);
  const repo::Discovery discovery = repo::discover_repository(source);
  CHECK(source.listings == 1);
  REQUIRE(discovery.roots.size() == 20);
  source.listings = 0;
  const repo::RepositoryReport report = repo::validate_repository(source, discovery);
  CHECK(source.listings == 1);
  REQUIRE(report.roots.size() == 20);
  source.listings = 0;
  const Streamed streamed = validate_streamed(source);
  CHECK(streamed.passed.size() == 19);  // the last when discovery is done
  // validate_folder's look at the paths, discovery with the roots it passed, then the last root.
  CHECK(source.listings == 3);
  CHECK(repo::repository_json(*streamed.report) == repo::repository_json(report));
}

TEST_CASE("roots added out of Discovery::roots order are validated again in order", "[repository]") {
  const DirectoryFileSource source(kFixtures + "/l03-catalogs-version-packages/repo");
  const repo::Discovery discovery = repo::discover_repository(source);
  REQUIRE(discovery.roots.size() == 3);
  std::vector<std::string> on_root;
  repo::RepositoryOptions options;
  options.on_root = [&](const repo::RootOutcome& outcome, std::unique_ptr<ValidationReport>&, const FileSource&) {
    on_root.push_back(outcome.root.path);
  };
  repo::RepositoryValidation validation(options);
  validation.add_root(source, discovery, discovery.roots[1]);
  const repo::RepositoryReport report = validation.finish(source, discovery);
  CHECK(repo::repository_json(report) == repo::repository_json(repo::validate_repository(source, discovery)));
  CHECK(on_root == std::vector<std::string>{discovery.roots[1].path, discovery.roots[0].path, discovery.roots[1].path,
                                            discovery.roots[2].path});
}

// ---- the real repositories of ../shared/catalogs ----

const char* const kRepositories[] = {"mtv-fbc", "kueue-fbc", "rhtpa-fbc", "compliance-operator-fbc", "koku-metrics-fbc"};

TEST_CASE("real repositories: each root's verdict is opm's, templates paired", "[repository][shared]") {
  if (!shared_available()) {
    WARN("../shared is absent: real repositories skipped");
    return;
  }
  const std::string catalogs = shared_dir() + "/catalogs";
  const Json expected = Json::parse(read_file(catalogs + "/expected.json"));
  for (const char* name : kRepositories) {
    INFO("repository " << name);
    const DirectoryFileSource source(catalogs + "/" + name);
    const repo::Discovery discovery = repo::discover_repository(source);
    REQUIRE(discovery.repository);
    const repo::RepositoryReport report = repo::validate_repository(source, discovery);
    // Validated as discovery finds the roots: the same report, and most roots passed while it read.
    const Streamed streamed = validate_streamed(source);
    REQUIRE(streamed.report);
    CHECK(repo::repository_json(*streamed.report) == repo::repository_json(report));
    CHECK(passed_first(streamed.passed, discovery));
    if (discovery.roots.size() > 1) CHECK(!streamed.passed.empty());
    check_shown_first(source, discovery, report);
    // The roots are exactly expected.json's roots of this dataset, each with opm's verdict.
    std::set<std::string> want, got;
    for (const auto& [root, v] : expected.items()) {
      if (root.rfind(std::string(name) + "/", 0) == 0) want.insert(root.substr(std::string(name).size() + 1));
    }
    for (const repo::RootOutcome& r : report.roots) {
      got.insert(r.root.path);
      const Json& e = expected[std::string(name) + "/" + r.root.path];
      INFO("root " << r.root.path);
      std::string output;
      for (const Json& line : e["output"]) output += line.get<std::string>() + "\n";
      check_opm_output(output, r.opm_output);
    }
    CHECK(got == want);
    for (const repo::TemplateOutcome& t : report.templates) {
      INFO("template " << t.file.path);
      const std::vector<std::string> codes = codes_of(t.findings);
      if (std::string(name) == "rhtpa-fbc") {
        // graph.yaml: olm.channel documents first, the basic template later: opm render-template
        // reads only the first document.
        CHECK(codes == std::vector<std::string>{"FBC7002"});
      } else if (t.file.path == "v4.16/catalog-template.json") {
        // mtv's v4.16 catalog is not in ../shared (over 4 MB): nothing to pair, and its newest
        // images are in no other catalog.
        CHECK(t.file.renders.empty());
        CHECK(std::count(codes.begin(), codes.end(), "FBC7010") == 1);
      } else {
        CHECK(codes.empty());  // no drift in the real data
        CHECK(!t.file.renders.empty());
        CHECK(t.rendered);
      }
    }
  }
}

TEST_CASE("every root of ../shared/catalogs is one catalog, validated as before", "[repository][shared]") {
  if (!shared_available()) {
    WARN("../shared is absent: skipped");
    return;
  }
  const std::string catalogs = shared_dir() + "/catalogs";
  const Json expected = Json::parse(read_file(catalogs + "/expected.json"));
  std::size_t by_paths = 0;
  for (const auto& [root, v] : expected.items()) {
    INFO("root " << root);
    if (!fs::is_directory(catalogs + "/" + root)) continue;  // a single file is never a repository
    const DirectoryFileSource source(catalogs + "/" + root);
    CHECK_FALSE(repo::discover_repository(source).repository);
    // The worker loads most of them without discovery reading their files (TemplateWatch).
    std::vector<SourceError> errors;
    if (repo::only_a_template_makes_a_repository(source.list_files(errors))) {
      ++by_paths;
      CHECK_FALSE(repo::TemplateWatch(source).may_hold_template());
    }
  }
  CHECK(by_paths > expected.size() / 2);
}

TEST_CASE("folders whose paths leave only a template to make them a repository", "[repository]") {
  CHECK(repo::only_a_template_makes_a_repository({"catalog.yaml", "etcd/index.json", "a/b/c.yaml", "catalogs.json"}));
  CHECK(repo::only_a_template_makes_a_repository({}));
  CHECK_FALSE(repo::only_a_template_makes_a_repository({"etcd/index.json", "v4.14/etcd/index.json"}));
  CHECK_FALSE(repo::only_a_template_makes_a_repository({"catalog/etcd/index.json"}));
  CHECK_FALSE(repo::only_a_template_makes_a_repository({"catalog-old/etcd.yaml"}));
  CHECK_FALSE(repo::only_a_template_makes_a_repository({"ocp-4-14/x/y.yaml"}));
}

TEST_CASE("a TemplateWatch looks at what the load read, and reads only what it did not", "[repository]") {
  const std::string package = "{\"schema\":\"olm.package\",\"name\":\"etcd\"}\n";
  const std::string semver = "schema: olm.semver\nGenerateMajorChannels: true\nStable:\n  bundles: []\n";
  MemoryFileSource catalog;
  catalog.add("etcd/index.json", package);
  const repo::TemplateWatch plain(catalog);
  const ValidationReport plain_report = validate_catalog(plain);
  CHECK_FALSE(plain.may_hold_template(&plain_report.load));
  CHECK_FALSE(repo::discover_repository(catalog).repository);

  // The template read by the load: seen while it was read.
  MemoryFileSource with_template = catalog;
  with_template.add("semver.yaml", semver);
  const repo::TemplateWatch loaded(with_template);
  const ValidationReport loaded_report = validate_catalog(loaded);
  CHECK(loaded.may_hold_template(&loaded_report.load));

  // A file the load could not read (here over its size cap) is read by the watch with discovery's.
  LoadOptions small;
  small.max_file_bytes = 40;
  const repo::TemplateWatch capped(with_template);
  const ValidationReport capped_report = validate_catalog(capped, small);
  CHECK(capped.may_hold_template(&capped_report.load));
  CHECK(repo::discover_repository(with_template).repository);

  // Nothing read through the watch: it reads the files discovery would look at itself, and the
  // word only in a file discovery never looks at (no catalog extension) does not count.
  const repo::TemplateWatch unread(with_template);
  CHECK(unread.may_hold_template());
  MemoryFileSource notes = catalog;
  notes.add("NOTES.txt", "see olm.semver");
  CHECK_FALSE(repo::TemplateWatch(notes).may_hold_template());
  CHECK_FALSE(repo::discover_repository(notes).repository);

  // validate_folder: one catalog validated once, through the watch; the template beside the
  // package makes the folder a repository, found after that load (whose report is dropped).
  const repo::FolderOutcome one = repo::validate_folder(catalog, {});
  CHECK_FALSE(one.repository);
  REQUIRE(one.report);
  CHECK(one.decided_after_load);
  CHECK(one.report->model.packages.count("etcd") == 1);
  const repo::FolderOutcome beside = repo::validate_folder(with_template, {});
  REQUIRE(beside.repository);
  CHECK(beside.report == nullptr);
  CHECK_FALSE(beside.decided_after_load);
  REQUIRE(beside.repository->templates.size() == 1);
  CHECK(beside.repository->templates[0].path == "semver.yaml");
  CHECK(repo::validate_folder(notes, {}).report != nullptr);

  // The textual test: a template schema's name anywhere, after other "olm.template." words.
  MemoryFileSource other = catalog;
  other.add("other.yaml", "schema: olm.template.other\n");
  CHECK_FALSE(repo::TemplateWatch(other).may_hold_template());
  other.add("more.yaml", "a: olm.template.other\nb: olm.template.\nschema: olm.template.substitutes\n");
  CHECK(repo::TemplateWatch(other).may_hold_template());
}

TEST_CASE("render-template prints what the real repositories committed", "[repository][shared]") {
  if (!shared_available()) {
    WARN("../shared is absent: skipped");
    return;
  }
  const std::string catalogs = shared_dir() + "/catalogs";
  struct Case {
    const char* repository;
    const char* template_file;
    const char* committed;
    tmpl::OutputFormat format;
  };
  for (const Case& c : {Case{"mtv-fbc", "v4.15/catalog-template.json", "v4.15/catalog/mtv-operator/catalog.json", tmpl::OutputFormat::Json},
                        Case{"mtv-fbc", "v4.20/catalog-template.json", "v4.20/catalog/mtv-operator/catalog.json", tmpl::OutputFormat::Json},
                        Case{"koku-metrics-fbc", "catalog-template/basic-template.yaml",
                             "catalog/costmanagement-metrics-operator/catalog.yaml", tmpl::OutputFormat::Yaml}}) {
    INFO(c.repository << "/" << c.template_file);
    const DirectoryFileSource source(catalogs + "/" + c.repository);
    const repo::Discovery discovery = repo::discover_repository(source);
    tmpl::RenderSources sources;
    sources.add_repository(source, discovery, "");
    const auto file = std::find_if(discovery.templates.begin(), discovery.templates.end(),
                                   [&](const repo::TemplateFile& t) { return t.path == c.template_file; });
    REQUIRE(file != discovery.templates.end());
    const tmpl::Template t = tmpl::parse_template(file->path, read_file(catalogs + "/" + c.repository + "/" + c.template_file), &*file);
    const tmpl::Rendering r = tmpl::render_template(t, sources.index(), file->renders);
    REQUIRE(r.complete);
    std::string text, error;
    REQUIRE(tmpl::write_rendering(t, r, sources, c.format, text, error));
    CHECK(text == read_file(catalogs + "/" + c.repository + "/" + c.committed));
  }
}

}  // namespace
}  // namespace fbclens::test
