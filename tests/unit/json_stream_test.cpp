// The JSON stream reader: value splitting, positions, and the long-string shortcut, which must
// give exactly the document nlohmann builds on its own.
#include <catch2/catch.hpp>

#include "load/json_stream.h"

namespace fbclens {
namespace {

Json direct(const std::string& text) { return Json::parse(text, nullptr, false); }

// Values holding long strings (256 bytes or more: the shortcut's) where nlohmann's own rules decide.
std::vector<std::string> long_string_cases() {
  const std::string a(300, 'A'), b(400, 'b'), c(1000, 'c');
  return {
      "{\"schema\":\"x\",\"data\":\"" + a + "\"}",
      "{\"schema\":\"x\",\"p\":[{\"value\":{\"data\":\"" + a + "\"}},{\"value\":{\"data\":\"" + b + "\"}}]}",
      "{\"deep\":[[[[[[\"" + c + "\"]]]]]],\"k\":\"" + a + "\"}",
      "{\"a\":\"" + a + "\",\"a\":\"short\"}",          // duplicate key: the last (short) wins
      "{\"a\":\"short\",\"a\":\"" + b + "\"}",          // duplicate key: the last (long) wins
      "{\"a\":\"" + a + "\",\"a\":\"" + b + "\"}",      // both long: the last wins
      "{\"a\":\"" + a + "\",\"a\":\"\"}",               // the last is really empty: stays empty
      "{\"k\\u0065y\":\"" + a + "\"}",                  // an escaped key
      "{\"esc\":\"" + a + "\\n" + b + "\"}",            // escapes inside: not shortened, still right
      "{\"q\":\"" + a + "\\\"" + b + "\\\\\",\"k\":\"" + c + "\"}",  // an escaped quote, then a backslash last
      "{\"u\":\"" + a + "\xc3\xa9" + b + "\"}",          // UTF-8 inside: not shortened
      "{\"del\":\"" + a + "\x7f" + b + "\"}",             // DEL inside: not shortened
      "{\"edge\":\"" + std::string(256, 'e') + "\",\"x\":[\"" + std::string(255, 'f') + "\"]}",  // 256 and 255 bytes
  };
}

TEST_CASE("json stream: long strings are restored exactly where nlohmann puts them", "[json]") {
  for (const std::string& text : long_string_cases()) {
    INFO(text.substr(0, 80));
    const JsonStreamResult r = read_json_stream(text);
    REQUIRE_FALSE(r.error);
    REQUIRE(r.documents.size() == 1);
    CHECK(r.documents[0].value == direct(text));
  }
}

TEST_CASE("json value: the same value nlohmann parses, with or without a filter", "[json]") {
  // Drops every member named "drop" and keeps the rest, as the CSV manifest's filter does by key.
  const Json::parser_callback_t drop_filter = [](int, Json::parse_event_t event, Json& parsed) {
    return event != Json::parse_event_t::key || parsed != "drop";
  };
  const std::string long_text(500, 'L');
  std::vector<std::string> cases = long_string_cases();
  cases.push_back("{\"drop\":\"" + long_text + "\",\"keep\":[\"" + long_text + "\",{\"drop\":1}]}");
  cases.push_back("{\"drop\":{\"x\":\"" + long_text + "\"},\"y\":\"" + long_text + "\"}\n\t ");  // trailing space
  cases.push_back("{\"a\":\"" + long_text + "\",\"b\":\"\\u00000\"}");  // looks like a placeholder
  for (const std::string& text : cases) {
    INFO(text.substr(0, 80));
    CHECK(parse_json_value(text, nullptr) == direct(text));
    const Json filtered = Json::parse(text, drop_filter, false);
    CHECK(parse_json_value(text, drop_filter) == filtered);
  }
  // Not one JSON value: discarded, as nlohmann's parse is, long strings or not.
  for (const std::string& text : {"{\"a\":\"" + long_text + "\"} {}", "{\"a\":\"" + long_text + "\" \"b\":1}",
                                  "{\"a\":\"" + long_text + "\",}", "{\"a\":[\"" + long_text + "\"}", std::string("")}) {
    INFO(text.substr(0, 80));
    CHECK(parse_json_value(text, nullptr).is_discarded());
    CHECK(parse_json_value(text, drop_filter).is_discarded());
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
  for (const std::string& text : {"{\"a\":\"" + a + "\",\"b\":\"\\u00000\"}", "{\"b\":\"\\u00000\",\"a\":\"" + a + "\"}",
                                  "{\"\\u00000\":\"\\u00000\",\"a\":\"" + a + "\"}",      // in a key too
                                  "{\"b\":\"\\\\u00000\",\"a\":\"" + a + "\"}"}) {    // an escaped backslash, then text
    INFO(text.substr(0, 40));
    const JsonStreamResult r = read_json_stream(text);
    REQUIRE(r.documents.size() == 1);
    CHECK(r.documents[0].value == Json::parse(text));
  }
}

}  // namespace
}  // namespace fbclens
