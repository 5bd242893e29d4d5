// open_catalog_path on a single file: a catalog of that one file, whose bytes are not kept by the
// source once the loader has taken them.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "load/file_source.h"
#include "load/loader.h"

using namespace fbclens;
namespace fs = std::filesystem;

namespace {

void write_file(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
}

}  // namespace

TEST_CASE("open_catalog_path: a single file is a catalog of that file, read from disk after the first read",
          "[load][file-source]") {
  const fs::path dir = fs::temp_directory_path() / "fbclens-single-file-source";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path file = dir / "catalog.json";
  const std::string first = R"({"schema":"olm.package","name":"a"})";
  write_file(file, first);

  std::string error;
  const std::unique_ptr<FileSource> source = open_catalog_path(file.string(), error);
  REQUIRE(source);
  CHECK(error.empty());
  std::vector<SourceError> walk_errors;
  CHECK(source->list_files(walk_errors) == std::vector<std::string>{"catalog.json"});
  CHECK(walk_errors.empty());

  // The first read gets the bytes open_catalog_path checked, even if the file changed since.
  const std::string second = R"({"schema":"olm.package","name":"b"})";
  write_file(file, second);
  std::string bytes;
  REQUIRE(source->read("catalog.json", bytes, error, 1 << 20));
  CHECK(bytes == first);
  // The source kept no copy: a later read (a source excerpt) reads the file as it is now.
  REQUIRE(source->read("catalog.json", bytes, error, 1 << 20));
  CHECK(bytes == second);

  CHECK_FALSE(source->read("other.json", bytes, error, 1 << 20));
  CHECK(error == "no such file");
  fs::remove_all(dir);
}

TEST_CASE("open_catalog_path: a single file over the loader's size limit is that load's finding", "[load][file-source]") {
  const fs::path dir = fs::temp_directory_path() / "fbclens-single-file-limit";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path file = dir / "big.json";
  write_file(file, std::string(100, ' ') + R"({"schema":"olm.package","name":"a"})");

  std::string error;
  const std::unique_ptr<FileSource> source = open_catalog_path(file.string(), error);
  REQUIRE(source);
  LoadOptions options;
  options.max_file_bytes = 64;
  const LoadResult load = load_catalog(*source, options);
  REQUIRE(load.findings.size() == 1);
  CHECK(load.findings[0].location.file == "big.json");
  CHECK(load.findings[0].message().find("file is larger than the limit of 64 bytes") != std::string::npos);
  CHECK(load.blobs.empty());
  fs::remove_all(dir);
}
