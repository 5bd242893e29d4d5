// The JSON stream reader: value splitting, positions, and the long-string shortcut, which must
// give exactly the document nlohmann builds on its own.
#include <catch2/catch.hpp>

#include "load/json_stream.h"

namespace fbclens {
namespace {

Json direct(const std::string& text) { return Json::parse(text, nullptr, false); }

TEST_CASE("json stream: long strings are restored exactly where nlohmann puts them", "[json]") {
  const std::string a(300, 'A'), b(400, 'b'), c(1000, 'c');
  const std::vector<std::string> cases = {
      "{\"schema\":\"x\",\"data\":\"" + a + "\"}",
      "{\"schema\":\"x\",\"p\":[{\"value\":{\"data\":\"" + a + "\"}},{\"value\":{\"data\":\"" + b + "\"}}]}",
      "{\"deep\":[[[[[[\"" + c + "\"]]]]]],\"k\":\"" + a + "\"}",
      "{\"a\":\"" + a + "\",\"a\":\"short\"}",          // duplicate key: the last (short) wins
      "{\"a\":\"short\",\"a\":\"" + b + "\"}",          // duplicate key: the last (long) wins
      "{\"a\":\"" + a + "\",\"a\":\"" + b + "\"}",      // both long: the last wins
      "{\"a\":\"" + a + "\",\"a\":\"\"}",               // the last is really empty: stays empty
      "{\"k\\u0065y\":\"" + a + "\"}",                  // an escaped key
      "{\"esc\":\"" + a + "\\n" + b + "\"}",            // escapes inside: not shortened, still right
  };
  for (const std::string& text : cases) {
    INFO(text.substr(0, 80));
    const JsonStreamResult r = read_json_stream(text);
    REQUIRE_FALSE(r.error);
    REQUIRE(r.documents.size() == 1);
    CHECK(r.documents[0].value == direct(text));
  }
}

TEST_CASE("json stream: concatenated values, positions and errors", "[json]") {
  const std::string text = "{\"schema\":\"a\"}\n\n  {\"schema\":\"b\",\n \"name\":\"n\"}{\"schema\":\"c\"}\n";
  const JsonStreamResult r = read_json_stream(text);
  REQUIRE_FALSE(r.error);
  REQUIRE(r.documents.size() == 3);
  CHECK(r.documents[1].position.line == 3);
  CHECK(r.documents[1].position.column == 3);
  CHECK(r.documents[1].fields.find("/name").line == 4);
  CHECK(r.documents[2].position.line == 4);
  const JsonStreamResult bad = read_json_stream("{\"a\":1}\n{\"b\":\n");
  REQUIRE(bad.error);
  CHECK(bad.documents.size() == 1);
  CHECK(bad.error->position.line == 3);
}

}  // namespace
}  // namespace fbclens

namespace fbclens {
namespace {

TEST_CASE("json stream: strings that look like the shortcut's placeholders stay what they are", "[json]") {
  const std::string a(300, 'A');
  for (const std::string& text : {"{\"a\":\"" + a + "\",\"b\":\"\\u00000\"}", "{\"b\":\"\\u00000\",\"a\":\"" + a + "\"}"}) {
    const JsonStreamResult r = read_json_stream(text);
    REQUIRE(r.documents.size() == 1);
    CHECK(r.documents[0].value == Json::parse(text));
  }
}

}  // namespace
}  // namespace fbclens
