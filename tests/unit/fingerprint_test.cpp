// A catalog's content fingerprint (core/load/fingerprint.h): the same files give the same one in
// any order; any change of a path or a byte gives another.
#include <catch2/catch.hpp>

#include "load/fingerprint.h"

namespace fbclens::test {

TEST_CASE("fingerprint: the same files in any order, the same fingerprint, and any change another") {
  const auto fp = [](std::vector<std::pair<std::string, std::string>> files) {
    std::vector<std::pair<std::string, std::uint64_t>> hashed;
    for (auto& [path, bytes] : files) hashed.emplace_back(path, content_hash(bytes));
    return catalog_fingerprint(hashed);
  };
  const std::string a = fp({{"a/catalog.yaml", "schema: olm.package\nname: a\n"}, {"b.json", "{}"}});
  CHECK(a.size() == 16);
  CHECK(a == fp({{"b.json", "{}"}, {"a/catalog.yaml", "schema: olm.package\nname: a\n"}}));
  CHECK(a != fp({{"a/catalog.yaml", "schema: olm.package\nname: b\n"}, {"b.json", "{}"}}));  // one byte
  CHECK(a != fp({{"a/catalog.yml", "schema: olm.package\nname: a\n"}, {"b.json", "{}"}}));   // a path
  CHECK(a != fp({{"a/catalog.yaml", "schema: olm.package\nname: a\n"}}));                     // a file fewer
  CHECK(fp({{"x", "{}"}, {"y", ""}}) != fp({{"x", ""}, {"y", "{}"}}));                      // contents swapped
  CHECK(content_hash("") != content_hash(std::string(1, '\0')));
  CHECK(content_hash("12345678") != content_hash("12345679"));
}

TEST_CASE("fingerprint: the same value in every build, as share links made earlier carry it") {
  // Values computed by the first implementation (bytes assembled into words one at a time).
  CHECK(content_hash("schema: olm.package\nname: a\n") == 0xc8b7cb70cc6ea4cbULL);
  CHECK(catalog_fingerprint({{"a/catalog.yaml", content_hash("schema: olm.package\nname: a\n")}, {"b.json", content_hash("{}")}}) ==
        "6674284f9e5c9485");
}

}  // namespace fbclens::test
