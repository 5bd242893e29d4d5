// The loader hands a file's objects to LoadOptions::on_blobs_added in batches while it reads, so
// a caller (validate_catalog's decoder) can slim their documents early; the findings must come out
// in the order they had when the hook ran once after each file.
#include <catch2/catch.hpp>

#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "load/file_source.h"
#include "load/loader.h"

using namespace fbclens;

namespace {

// A stand-in for the decoder: one finding per object handed over, at the object's line.
void report_each(LoadResult& load, std::size_t first) {
  for (std::size_t i = first; i < load.blobs.size(); ++i) {
    load.findings.push_back(make_finding(FindingId::MissingSchema, {load.blobs[i].name},
                                         load.locate(load.blobs[i], ""), {}));
  }
}

std::vector<std::tuple<std::string, std::uint32_t, std::string>> summary(const LoadResult& load) {
  std::vector<std::tuple<std::string, std::uint32_t, std::string>> out;
  for (const Finding& f : load.findings) out.emplace_back(f.location.file, f.location.line, f.message());
  return out;
}

MemoryFileSource catalog() {
  MemoryFileSource source;
  // 150 objects, a list among them (a load finding mid-file), then a value cut short.
  std::string a;
  for (int i = 0; i < 150; ++i) {
    if (i == 70) a += "[1]\n";
    a += R"({"schema":"olm.bundle","package":"p","name":"a)" + std::to_string(i) + "\"}\n";
  }
  a += "{\"schema\":";
  source.add("a.json", a);
  // 100 YAML documents, one without a schema.
  std::string b;
  for (int i = 0; i < 100; ++i) {
    b += i == 30 ? "name: noschema\n---\n" : "schema: olm.bundle\nname: b" + std::to_string(i) + "\n---\n";
  }
  source.add("b.yaml", b);
  // One good value, then one JSON rejects and YAML's flow syntax accepts: opm keeps both.
  source.add("c.json", "{\"schema\":\"olm.package\",\"name\":\"c0\"}\n{\"schema\": \"olm.package\", \"name\": \"c1\",}\n");
  return source;
}

}  // namespace

TEST_CASE("load: objects handed over in batches while read, findings in the order of a hook per file",
          "[load]") {
  const MemoryFileSource source = catalog();

  LoadOptions per_file;
  per_file.on_file_loaded = report_each;
  const LoadResult expected = load_catalog(source, per_file);

  LoadOptions batched;
  std::vector<std::pair<std::size_t, std::size_t>> batches;  // [first, end) of each call
  std::vector<std::size_t> files_done;
  batched.on_blobs_added = [&batches](LoadResult& load, std::size_t first) {
    batches.emplace_back(first, load.blobs.size());
    report_each(load, first);
  };
  batched.on_file_loaded = [&files_done](LoadResult& load, std::size_t) { files_done.push_back(load.blobs.size()); };
  const LoadResult got = load_catalog(source, batched);

  REQUIRE(got.blobs.size() == 150 + 99 + 2);
  CHECK(got.blobs[249].name == "c0");
  CHECK(got.blobs[250].name == "c1");
  CHECK(summary(got) == summary(expected));
  // Load findings of a.json (the list, the cut value) come before what the hook said of its objects.
  REQUIRE(got.findings.size() == 3 + 251);
  CHECK(got.findings[0].id == FindingId::NotAnObject);
  CHECK(got.findings[1].id == FindingId::JsonSyntax);
  CHECK(got.findings[2].location.line == 1);

  // Every object handed over once, in order, at most kBlobBatch at a time, and the rest of each
  // file at its end (an empty batch for a file whose objects were all handed over already).
  const std::vector<std::pair<std::size_t, std::size_t>> want = {
      {0, 64}, {64, 128}, {128, 150},   // a.json
      {150, 214}, {214, 249},           // b.yaml
      {249, 251}};                      // c.json
  CHECK(batches == want);
  CHECK(files_done == std::vector<std::size_t>{150, 249, 251});
}

TEST_CASE("load: a file of exactly one batch gets one more call at its end, with nothing new", "[load]") {
  MemoryFileSource source;
  std::string a;
  for (std::size_t i = 0; i < kBlobBatch; ++i) a += R"({"schema":"x","name":"n)" + std::to_string(i) + "\"}\n";
  source.add("a.json", a);
  LoadOptions options;
  std::vector<std::pair<std::size_t, std::size_t>> batches;
  options.on_blobs_added = [&batches](LoadResult& load, std::size_t first) { batches.emplace_back(first, load.blobs.size()); };
  const LoadResult got = load_catalog(source, options);
  CHECK(got.blobs.size() == kBlobBatch);
  CHECK(batches == std::vector<std::pair<std::size_t, std::size_t>>{{0, kBlobBatch}, {kBlobBatch, kBlobBatch}});
}
