// json_valid accepts exactly what nlohmann::json::parse accepts, and csv_manifest_from_json gives
// exactly the filtered parse it replaces (core/load/json_skim.h, core/property/csv_manifest.h): on
// hand-picked edge cases of the JSON grammar and of UTF-8, on every one-byte mutation of a small CSV,
// and on random mutations of a real one.
#include <catch2/catch.hpp>

#include <random>

#include "load/json_skim.h"
#include "property/csv_manifest.h"
#include "property/property.h"

namespace fbclens::test {
namespace {

bool nlohmann_accepts(const std::string& text) { return !Json::parse(text, nullptr, false).is_discarded(); }

Json filtered(const std::string& text) { return Json::parse(text, property::csv_fields_filter(), false); }

void same_as_nlohmann(const std::string& text) {
  INFO(text);
  CHECK(json_valid(text) == nlohmann_accepts(text));
  const Json fast = property::csv_manifest_from_json(text), slow = filtered(text);
  CHECK(fast.is_discarded() == slow.is_discarded());
  if (!slow.is_discarded()) CHECK(fast == slow);
}

const std::string kCsv = R"({"apiVersion": "operators.coreos.com/v1alpha1", "kind": "ClusterServiceVersion",
 "metadata": {"name": "x.v1", "annotations": {"capabilities": "Basic Install", "alm-examples": "[{\"a\": 1}]"},
              "labels": {"operatorframework.io/os.linux": "supported"}},
 "spec": {"displayName": "X \u00e9\ud83d\ude00", "version": "1.0.0", "replaces": "x.v0", "keywords": ["a", "b"],
          "icon": [{"base64data": "AAAA", "mediatype": "image/png"}], "maturity": "alpha", "minKubeVersion": "1.25.0",
          "installModes": [{"type": "OwnNamespace", "supported": true}], "install": {"strategy": "deployment", "spec": {"deployments": [{"name": "d", "spec": {"replicas": 1}}]}},
          "webhookdefinitions": [{"type": "ConversionWebhook", "deploymentName": "d", "conversionCRDs": ["w.x"]}],
          "description": "line\nline", "provider": {"name": "p"}, "customresourcedefinitions": {"owned": [{"n": -1.5e3, "name": "w.x", "kind": "W", "specDescriptors": [1]}]}},
 "spec": {"displayName": "second spec wins"}, "status": null})";

}  // namespace

TEST_CASE("json_valid: what nlohmann accepts and rejects", "[json][skim]") {
  for (const char* text : {"{}", "[]", " {} ", "\xEF\xBB\xBF{}", "{} x", "{,}", "{\"a\":1,}", "[1,]", "[01]", "[-]", "[1.]", "[1e]",
                           "[1e+2]", "[-0.0e-0]", "[1E99999]", "[true,false,null]", "[tru]", "[nulls]", "\"\\u0041\"",
                           "\"\\ud83d\\ude00\"", "\"\\ud83d\"", "\"\\ude00\"", "\"\\ud83dx\"", "\"\\x\"", "\"\\u12g4\"",
                           "\"\x7f\"", "\"\x1f\"", "\"\t\"", "\"\xc3\xa9\"", "\"\xc0\xaf\"", "\"\xe0\x80\x80\"", "\"\xed\xa0\x80\"",
                           "\"\xf4\x90\x80\x80\"", "\"\xf0\x9f\x98\x80\"", "\"\xff\"", "\"abc", "", " ", "1", "-", "[[[[]]]]",
                           "{\"a\" 1}", "{\"a\":}", "{1:2}", "[\"a\" \"b\"]", "{\"a\":1 \"b\":2}", "\"a\\\"b\"", "[1]\n\r\t "}) {
    same_as_nlohmann(text);
  }
  same_as_nlohmann(std::string("[\"a\0b\"]", 8));
  same_as_nlohmann(std::string(100000, '[') + std::string(100000, ']'));
}

TEST_CASE("csv_manifest_from_json: the filtered parse, member by member", "[json][skim]") {
  same_as_nlohmann(kCsv);
  const Json fast = property::csv_manifest_from_json(kCsv);
  CHECK(fast["spec"] == Json{{"displayName", "second spec wins"}});
  CHECK(fast["metadata"]["annotations"]["capabilities"] == "Basic Install");
  CHECK_FALSE(fast["metadata"].contains("name"));
  // Keys with escapes, kind as an object, spec as an array, a top-level array: as the filter does.
  for (const char* text : {R"({"k\u0069nd": "ClusterServiceVersion", "spec": {"v\u0065rsion": "1"}})",
                           R"({"kind": {"displayName": 1, "x": 2}, "spec": [{"x": 1}]})", R"([{"kind": 1}])",
                           R"({"metadata": {"annotations": {"a": 1}, "annotations": {"b": 2}}})", R"({"spec": 5})"}) {
    same_as_nlohmann(text);
  }
  // Every one-byte change of the CSV: deleted, or replaced by one of a few telling bytes.
  for (std::size_t i = 0; i < kCsv.size(); ++i) {
    std::string deleted = kCsv;
    deleted.erase(i, 1);
    same_as_nlohmann(deleted);
    for (char c : {'"', '\\', '{', '}', ',', ':', '0', '\x01', '\x80'}) {
      std::string changed = kCsv;
      changed[i] = c;
      same_as_nlohmann(changed);
    }
  }
  // Random multi-byte mutations.
  std::mt19937 random(21);
  for (int round = 0; round < 3000; ++round) {
    std::string text = kCsv;
    for (int k = 0; k < 3; ++k) text[random() % text.size()] = static_cast<char>(random() % 256);
    same_as_nlohmann(text);
  }
}

}  // namespace fbclens::test
