// Read plans (FileSource::plan_reads): the core names the files it is about to read, in the order
// it reads them, so that a slow source (the browser's Files) can read them ahead. A plan that names
// a file never read, or misses or misorders the reads that follow, would have the browser read
// bytes nobody takes while the core waits for others; these tests hold the plans to the reads.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "load/file_source.h"
#include "load/loader.h"
#include "repo/discover.h"
#include "repo/repository.h"

namespace fbclens::test {
namespace {

// A MemoryFileSource that records every plan and every read, in order.
class RecordingSource final : public FileSource {
 public:
  MemoryFileSource files;
  mutable std::vector<std::vector<std::string>> plans;
  mutable std::vector<bool> read_again;  ///< each plan's
  mutable std::vector<std::string> reads;

  std::vector<std::string> list_files(std::vector<SourceError>& errors) const override { return files.list_files(errors); }
  bool read(const std::string& path, std::string& bytes, std::string& error, std::size_t max_bytes) const override {
    reads.push_back(path);
    return files.read(path, bytes, error, max_bytes);
  }
  void plan_reads(const ReadPlan& plan) const override {
    plans.push_back(plan.paths);
    read_again.push_back(plan.read_again);
  }
};

std::string package_file(const std::string& name) {
  return "{\"schema\":\"olm.package\",\"name\":\"" + name + "\"}\n";
}

// The reads after the one that started `plan` began, as many as it names.
std::vector<std::string> reads_from(const RecordingSource& source, std::size_t first, std::size_t count) {
  const auto begin = source.reads.begin() + static_cast<std::ptrdiff_t>(first);
  return {begin, begin + static_cast<std::ptrdiff_t>(std::min(count, source.reads.size() - first))};
}

TEST_CASE("load_catalog plans its .indexignore files, then the files it reads after them, in its walk order", "[load][read-plan]") {
  RecordingSource source;
  source.files.add("z/catalog.json", package_file("z"));
  source.files.add("z/.indexignore", "skip.json\n");
  source.files.add("z/skip.json", "{ not json");
  source.files.add(".indexignore", "ignored/\n*.md\n");
  source.files.add("ignored/broken.json", "{ not json");
  source.files.add("a/catalog.json", package_file("a"));
  source.files.add("a.json", package_file("top"));
  source.files.add("README.md", "# not a catalog");

  const LoadResult result = load_catalog(source, {});
  REQUIRE(source.plans.size() == 2);
  const std::vector<std::string> ignore_files{".indexignore", "z/.indexignore"};
  CHECK(source.plans[0] == ignore_files);
  // Walk order: "a/catalog.json" before "a.json" (a directory's entries by name: "a" < "a.json").
  const std::vector<std::string> expected{"a/catalog.json", "a.json", "z/catalog.json"};
  CHECK(source.plans[1] == expected);
  CHECK(source.read_again == std::vector<bool>{false, false});
  REQUIRE(source.reads.size() == 5);
  CHECK(reads_from(source, 0, 2) == ignore_files);
  CHECK(reads_from(source, 2, 3) == expected);
  CHECK(result.total_bytes > 0);
}

TEST_CASE("a catalog without an .indexignore plans its reads once", "[load][read-plan]") {
  RecordingSource source;
  source.files.add("p/catalog.json", package_file("p"));
  load_catalog(source, {});
  CHECK(source.plans == std::vector<std::vector<std::string>>{{"p/catalog.json"}});
}

TEST_CASE("a catalog with nothing to read plans nothing to read", "[load][read-plan]") {
  RecordingSource source;
  source.files.add(".indexignore", "*\n");
  source.files.add("catalog.json", package_file("p"));
  load_catalog(source, {});
  REQUIRE(source.plans.size() == 2);
  CHECK(source.plans[0] == std::vector<std::string>{".indexignore"});
  CHECK(source.plans[1].empty());
  CHECK(source.reads == std::vector<std::string>{".indexignore"});
}

TEST_CASE("a repository plans discovery's reads, then each root's, named as the repository names them", "[repo][read-plan]") {
  RecordingSource source;
  source.files.add("v4.20/catalog/p/catalog.json", package_file("p"));
  source.files.add("v4.20/catalog/q/catalog.json", package_file("q"));
  source.files.add("v4.21/catalog/p/catalog.json", package_file("p"));
  source.files.add(".github/workflows/ci.yaml", "on: push\n");
  source.files.add("README.md", "# a repository\n");

  const repo::Discovery discovery = repo::discover_repository(source);
  REQUIRE(discovery.repository);
  REQUIRE(source.plans.size() == 1);
  const std::vector<std::string> looked_at{"v4.20/catalog/p/catalog.json", "v4.20/catalog/q/catalog.json",
                                           "v4.21/catalog/p/catalog.json"};
  CHECK(source.plans[0] == looked_at);
  CHECK(source.read_again == std::vector<bool>{true});  // the roots' loads read them again
  CHECK(source.reads == looked_at);

  source.plans.clear();
  source.read_again.clear();
  source.reads.clear();
  const repo::RepositoryReport report = repo::validate_repository(source, discovery);
  REQUIRE(report.roots.size() == 2);
  // One plan per root, each followed by exactly its reads (the roots in version order).
  const std::vector<std::vector<std::string>> expected{
      {"v4.20/catalog/p/catalog.json", "v4.20/catalog/q/catalog.json"}, {"v4.21/catalog/p/catalog.json"}};
  CHECK(source.plans == expected);
  CHECK(source.read_again == std::vector<bool>{false, false});
  CHECK(reads_from(source, 0, 3) == std::vector<std::string>{"v4.20/catalog/p/catalog.json", "v4.20/catalog/q/catalog.json",
                                                             "v4.21/catalog/p/catalog.json"});
}

TEST_CASE("a repository plans its .indexignore files before reading them, then discovery's reads", "[repo][read-plan]") {
  // In the page each unplanned read is a round trip to the page's thread, which may be drawing the
  // catalog shown: discovery names its .indexignore files first, so they are read all at once.
  RecordingSource source;
  source.files.add("v4.20/catalog/p/catalog.json", package_file("p"));
  source.files.add("v4.20/catalog/.indexignore", "notes.json\n");
  source.files.add("v4.20/catalog/notes.json", "not a catalog\n");
  source.files.add("v4.21/catalog/p/catalog.json", package_file("p"));
  source.files.add(".indexignore", "drafts/\n");
  source.files.add("drafts/catalog.json", package_file("draft"));

  const repo::Discovery discovery = repo::discover_repository(source);
  REQUIRE(discovery.repository);
  REQUIRE(source.plans.size() == 2);
  const std::vector<std::string> ignore_files{".indexignore", "v4.20/catalog/.indexignore"};
  CHECK(source.plans[0] == ignore_files);
  CHECK(source.read_again[0]);  // each root's load reads its own .indexignore files again
  CHECK(reads_from(source, 0, 2) == ignore_files);
  const std::vector<std::string> looked_at{"v4.20/catalog/p/catalog.json", "v4.21/catalog/p/catalog.json"};
  CHECK(source.plans[1] == looked_at);
  CHECK(reads_from(source, 2, 10) == looked_at);
}

TEST_CASE("a catalog's template watch plans the .indexignore files it reads again after the load, not to be kept", "[repo][read-plan]") {
  RecordingSource source;
  source.files.add(".indexignore", "notes.yaml\n");
  source.files.add("notes.yaml", "schema: olm.template.basic\n");  // ignored: read by neither
  source.files.add("p/catalog.json", package_file("p"));
  const repo::FolderOutcome outcome = repo::validate_folder(source, {});
  REQUIRE(outcome.report != nullptr);
  const std::vector<std::vector<std::string>> expected{{".indexignore"}, {"p/catalog.json"}, {".indexignore"}};
  CHECK(source.plans == expected);
  CHECK(source.read_again == std::vector<bool>{false, false, false});
  CHECK(source.reads == std::vector<std::string>{".indexignore", "p/catalog.json", ".indexignore"});
}

TEST_CASE("a folder that is one catalog plans its reads once, through the template watch", "[repo][read-plan]") {
  RecordingSource source;
  source.files.add("p/catalog.json", package_file("p"));
  source.files.add("q/catalog.yaml", "schema: olm.package\nname: q\n");
  const repo::FolderOutcome outcome = repo::validate_folder(source, {});
  REQUIRE(outcome.report != nullptr);
  CHECK(source.plans == std::vector<std::vector<std::string>>{{"p/catalog.json", "q/catalog.yaml"}});
  CHECK(source.reads == std::vector<std::string>{"p/catalog.json", "q/catalog.yaml"});
}

}  // namespace
}  // namespace fbclens::test
