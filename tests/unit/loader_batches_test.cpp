// The loader hands a file's objects to LoadOptions::on_blobs_added in batches while it reads, so
// a caller (validate_catalog's decoder) can slim their documents early; the findings must come out
// in the order they had when the hook ran once after each file.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "declcfg/declcfg.h"
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

namespace {

// What the decoder built, in a form two runs can be compared by.
std::vector<std::string> decoded(const declcfg::DeclarativeConfig& config) {
  std::vector<std::string> out;
  for (const declcfg::Package& p : config.packages) out.push_back("package " + p.name + " " + std::to_string(p.blob));
  for (const declcfg::Channel& c : config.channels) out.push_back("channel " + c.name + " " + std::to_string(c.entries.size()));
  for (const declcfg::Bundle& b : config.bundles) {
    out.push_back("bundle " + b.name + " " + std::to_string(b.blob) + " csv " + std::to_string(b.metadata_csv != nullptr));
    for (const declcfg::Property& p : b.properties) {
      out.push_back("  " + p.type + " " + p.error + " " + p.error_path + " " + std::to_string(p.digest) + " " +
                    (p.value ? p.value->dump() : "released " + p.released_text.value_or("-")));
    }
  }
  return out;
}

}  // namespace

TEST_CASE("load: the decoder over batches builds what it built over whole files", "[load][declcfg]") {
  // One line of 150 objects: a package, a channel, bundles with CSV metadata (released once read),
  // with a property that does not decode, and with an image that is not a string.
  std::string line = R"({"schema":"olm.package","name":"p","defaultChannel":"s"})"
                     R"({"schema":"olm.channel","package":"p","name":"s","entries":[{"name":"p.v1"}]})";
  for (int i = 0; i < 148; ++i) {
    const std::string name = "p.v" + std::to_string(i);
    if (i % 9 == 4) {
      line += R"({"schema":"olm.bundle","package":"p","name":")" + name + R"(","image":5})";
    } else if (i % 7 == 3) {
      line += R"({"schema":"olm.bundle","package":"p","name":")" + name +
              R"(","image":"i","properties":[{"type":"olm.package","value":"not an object"}]})";
    } else {
      line += R"({"schema":"olm.bundle","package":"p","name":")" + name + R"(","image":"i","properties":[)"
              R"({"type":"olm.package","value":{"packageName":"p","version":"0.0.)" + std::to_string(i) + R"("}},)"
              R"({"type":"olm.csv.metadata","value":{"displayName":"P","description":"d)" + std::to_string(i) + R"("}}]})";
    }
    if (i == 100) line += "[1]";
  }
  MemoryFileSource source;
  source.add("a.json", line);
  source.add("b.json", R"({"schema":"olm.bundle","package":"p","name":"b","image":"i"})");

  const auto run = [&source](bool batched) {
    declcfg::ConfigBuilder builder;
    builder.release_decoded(true);
    LoadOptions options;
    auto decode = [&builder](LoadResult& load, std::size_t first) { builder.add_blobs(load, first); };
    if (batched) options.on_blobs_added = decode;
    else options.on_file_loaded = decode;
    LoadResult load = load_catalog(source, options);
    const declcfg::DeclarativeConfig config = builder.take();
    return std::make_pair(summary(load), decoded(config));
  };
  const auto whole = run(false);
  const auto batches = run(true);
  CHECK(batches.first == whole.first);
  CHECK(batches.second == whole.second);
  // The catalog exercised what it is meant to: 16 bundles that do not decode and the list among
  // the findings, properties that do not decode kept with their errors, values released once read.
  CHECK(whole.first.size() == 17);
  CHECK(std::count_if(whole.second.begin(), whole.second.end(),
                      [](const std::string& s) { return s.find("olm.package json: ") != std::string::npos; }) > 10);
  CHECK(std::count_if(whole.second.begin(), whole.second.end(),
                      [](const std::string& s) { return s.find("released {") != std::string::npos; }) > 50);
}
