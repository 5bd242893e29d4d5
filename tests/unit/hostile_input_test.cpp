// Hostile input never crashes, hangs or exhausts memory: each case becomes a finding (or, where
// opm accepts the input, a clean load). Runs natively and in wasm under Node.
#include <catch2/catch.hpp>
#include <cstdio>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "validate/validate.h"

namespace fbclens {
namespace {

ValidationReport validate_one(const std::string& path, std::string bytes) {
  MemoryFileSource source;
  source.add(path, std::move(bytes));
  return validate_catalog(source);
}

bool has_finding(const ValidationReport& r, FindingId id) {
  for (const Finding& f : r.findings) {
    if (f.id == id) return true;
  }
  return false;
}

TEST_CASE("hostile: truncated JSON is a located syntax finding", "[hostile]") {
  const auto r = validate_one("a.json", "{\"schema\":\"olm.package\",\n\"name\":\"a\"");
  CHECK(r.verdict == Verdict::LoadError);
  REQUIRE(has_finding(r, FindingId::JsonSyntax));
  CHECK(r.findings.front().location.file == "a.json");
  CHECK(r.findings.front().location.line == 2);
}

TEST_CASE("hostile: 100k-deep JSON nesting stops at Go's depth limit", "[hostile]") {
  std::string deep = "{\"schema\":\"x\",\"a\":";
  for (int i = 0; i < 100000; ++i) deep += "{\"a\":";
  deep += "1";
  for (int i = 0; i < 100000; ++i) deep += "}";
  deep += "}";
  const auto r = validate_one("deep.json", deep);
  CHECK(r.verdict == Verdict::LoadError);
  CHECK(has_finding(r, FindingId::InputLimit));
}

TEST_CASE("hostile: 100k-deep YAML flow nesting stops at the depth limit", "[hostile]") {
  const auto r = validate_one("deep.yaml", "schema: x\nv: " + std::string(100000, '[') + std::string(100000, ']') + "\n");
  CHECK(r.verdict == Verdict::LoadError);
  CHECK(has_finding(r, FindingId::InputLimit));
}

TEST_CASE("hostile: a YAML alias bomb (billion laughs) is refused quickly", "[hostile]") {
  std::string bomb = "schema: x\na0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
  for (int i = 1; i < 10; ++i) {
    const std::string p = "*a" + std::to_string(i - 1);
    bomb += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [" + p + "," + p + "," + p + "," + p + "," + p + "," +
            p + "," + p + "," + p + "," + p + "]\n";
  }
  const auto r = validate_one("bomb.yaml", bomb);
  CHECK(r.verdict == Verdict::LoadError);
  REQUIRE(has_finding(r, FindingId::InputLimit));
  CHECK(r.findings.front().opm_message().find("excessive aliasing") != std::string::npos);
}

TEST_CASE("hostile: invalid UTF-8 in a JSON string is accepted as U+FFFD, like Go", "[hostile]") {
  const auto r = validate_one("u.json", "{\"schema\":\"example.com/x\",\"name\":\"bad\xff\xfe\"}");
  CHECK(r.load.findings.empty());
  REQUIRE(r.load.blobs.size() == 1);
  CHECK(r.load.blobs[0].name == "bad\xEF\xBF\xBD\xEF\xBF\xBD");
}

TEST_CASE("hostile: invalid UTF-8 in YAML is a YAML finding", "[hostile]") {
  const auto r = validate_one("u.yaml", "schema: x\nname: bad\xff\n");
  CHECK(r.verdict == Verdict::LoadError);
  CHECK(has_finding(r, FindingId::YamlSyntax));
}

TEST_CASE("hostile: a 200 MB single string loads without trouble", "[hostile][large]") {
  std::string big = "{\"schema\":\"example.com/blob\",\"name\":\"big\",\"data\":\"";
  big.append(std::size_t(200) << 20, 'x');
  big += "\"}";
  const auto r = validate_one("big.json", std::move(big));
  CHECK(r.load.findings.empty());
  CHECK(r.load.blobs.size() == 1);
}

TEST_CASE("hostile: binary bytes and NULs become findings", "[hostile]") {
  std::string binary;
  for (int i = 0; i < 4096; ++i) binary += static_cast<char>((i * 7919) & 0xff);
  CHECK(validate_one("blob.bin", binary).verdict == Verdict::LoadError);
  CHECK(validate_one("nul.json", std::string("{\"schema\":\"olm.package\",\"name\":\"a\0b\"}", 37)).verdict == Verdict::LoadError);
  CHECK(validate_one("nul.yaml", std::string("schema: olm.package\nname: a\0b\n", 30)).verdict == Verdict::LoadError);
}

TEST_CASE("hostile: empty files are fine, whitespace-only files are opm's empty-document error", "[hostile]") {
  CHECK(validate_one("empty.yaml", "").verdict == Verdict::Valid);
  const auto r = validate_one("blank.yaml", "  \n\n");
  CHECK(r.verdict == Verdict::LoadError);
  CHECK(has_finding(r, FindingId::EmptyDocument));
}

#ifndef __EMSCRIPTEN__
TEST_CASE("hostile: a symlink loop is an unreadable-file finding, not a hang", "[hostile]") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / "fbclens-symlink-loop";
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::create_symlink("loop", dir / "loop");
  fs::create_symlink(dir, dir / "self");  // a symlink to a directory: opened as a file by opm's walk
  DirectoryFileSource source(dir.string());
  const auto r = validate_catalog(source);
  CHECK(r.verdict == Verdict::LoadError);
  CHECK(has_finding(r, FindingId::FileUnreadable));  // "loop": a symlink, but to nothing readable
  // "self" is named as the link, not as its target, and said to be a symlink opm does not follow.
  const auto self = std::find_if(r.findings.begin(), r.findings.end(),
                                 [](const Finding& f) { return f.id == FindingId::SymlinkNotFollowed; });
  REQUIRE(self != r.findings.end());
  CHECK(self->location.file == "self");
  CHECK(self->opm_message() == "read self: is a directory");
  CHECK(self->message().find("self is a symbolic link to a directory: opm does not follow symlinks") == 0);
  fs::remove_all(dir);
}
#endif

}  // namespace
}  // namespace fbclens

namespace fbclens {
namespace {

// Inputs the fuzzers found; each once hung or crashed the loader.
TEST_CASE("hostile: fuzzer regressions load without hanging", "[hostile][fuzz]") {
  const std::string dir = std::string(FBCLENS_SOURCE_DIR) + "/tests/fuzz/regressions";
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    // Subfolders hold other targets' inputs (model/: fuzz_model's bytes, replayed by fuzz.sh).
    if (!entry.is_regular_file()) continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    INFO(entry.path().filename().string());
    const auto r = validate_one("catalog.json", bytes);
    CHECK(r.verdict != Verdict::Valid);
  }
  // After two good objects opm does not fall back to YAML, so the stray ':' is a JSON error.
  CHECK(validate_one("a.json", "{\"schema\":\"x\"}{\"schema\":\"y\"}{\"a\":[1:2]}").verdict == Verdict::LoadError);
  // Alone, the same value is valid YAML flow syntax ("1:2" is a plain scalar), which opm accepts.
  CHECK(validate_one("b.json", "{\"schema\":\"x\",\"a\":[1:2]}").verdict == Verdict::Valid);
}

}  // namespace
}  // namespace fbclens
