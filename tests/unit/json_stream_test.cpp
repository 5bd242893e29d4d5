// The JSON stream reader: value splitting, positions, and the long-string shortcut, which must
// give exactly the document nlohmann builds on its own.
#include <catch2/catch.hpp>

#include <filesystem>

#include "declcfg/go_shape.h"
#include "load/json_stream.h"
#include "property/property.h"
#include "support.h"

namespace fbclens {
namespace {

Json direct(const std::string& text) { return Json::parse(text, nullptr, false); }

// Equal values, or both discarded (a discarded value equals nothing, not even itself).
// Compared as text too: nlohmann's == takes 0 for 0.0 and -0.0, and a stand-in 0 left behind must show.
bool same(const Json& a, const Json& b) { return a.is_discarded() ? b.is_discarded() : !b.is_discarded() && a == b && a.dump() == b.dump(); }

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
      "{\"esc\":\"" + a + "\\n" + b + "\"}",            // escapes inside: decoded by decode_json_string
      "{\"q\":\"" + a + "\\\"" + b + "\\\\\",\"k\":\"" + c + "\"}",  // an escaped quote, then a backslash last
      "{\"u\":\"" + a + "\xc3\xa9" + b + "\"}",          // UTF-8 inside: decoded (copied as it is)
      "{\"del\":\"" + a + "\x7f" + b + "\"}",             // DEL inside: decoded
      "{\"pair\":\"" + a + "\\ud83d\\ude00\\u00e9\\u20AC\\/\\b\\f\\r\\t" + b + "\"}",  // every escape
      "{\"json\":\"[{\\\"kind\\\":\\\"" + c + "\\\"}]\",\"d\":\"" + a + "\\n\"}",  // JSON in a string, like alm-examples
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

// Drops every member named "drop" at any depth, and keeps the rest.
bool keep_unless_drop(const std::vector<std::string>& path) { return path.back() != "drop"; }
const JsonMemberFilter kDropFilter{keep_unless_drop, 64};

// What parse_json_value must equal: nlohmann's own parse with the filter's callback.
Json reference(const std::string& text, const JsonMemberFilter& filter) {
  return Json::parse(text, member_filter_callback(filter), false);
}

TEST_CASE("json value: the same value nlohmann parses, with or without a filter", "[json]") {
  const std::string long_text(500, 'L');
  std::vector<std::string> cases = long_string_cases();
  cases.push_back("{\"drop\":\"" + long_text + "\",\"keep\":[\"" + long_text + "\",{\"drop\":1}]}");
  cases.push_back("{\"drop\":{\"x\":\"" + long_text + "\"},\"y\":\"" + long_text + "\"}\n\t ");  // trailing space
  cases.push_back("{\"a\":\"" + long_text + "\",\"b\":\"\\u00000\"}");  // looks like a placeholder
  // Long strings nlohmann rejects: the value is discarded, as it is without the shortcut.
  for (const std::string& bad : {"\\ud83d", "\\ude00", "\\ud83d\\u0041", "\\u12g4", "\\x", "\x01", "\xc0\xaf", "\xed\xa0\x80",
                                 "\xe2\x82", "\xf5\x80\x80\x80", "\x80"}) {
    cases.push_back("{\"k\":\"" + long_text + bad + long_text + "\",\"drop\":1}");
  }
  for (const std::string& text : cases) {
    INFO(text.substr(0, 80));
    CHECK(same(parse_json_value(text, nullptr), direct(text)));
    CHECK(same(parse_json_value(text, &kDropFilter), reference(text, kDropFilter)));
  }
  // A max_depth below 1 judges no member, in the scan as in nlohmann's callback: nothing is cut.
  const JsonMemberFilter judges_nothing{keep_unless_drop, -1};
  const std::string text = "{\"drop\":[1,{\"x\":2}],\"a\":1}";
  std::size_t cut = 1;
  CHECK(same(parse_json_value(text, &judges_nothing, &cut), reference(text, judges_nothing)));
  CHECK(cut == 0);
  // Not one JSON value: discarded, as nlohmann's parse is, long strings or not.
  for (const std::string& text : {"{\"a\":\"" + long_text + "\"} {}", "{\"a\":\"" + long_text + "\" \"b\":1}",
                                  "{\"a\":\"" + long_text + "\",}", "{\"a\":[\"" + long_text + "\"}", std::string("")}) {
    INFO(text.substr(0, 80));
    CHECK(parse_json_value(text, nullptr).is_discarded());
    CHECK(parse_json_value(text, &kDropFilter).is_discarded());
  }
}

// A JSON string's content built from pieces nlohmann accepts and pieces it rejects, chosen by a
// fixed linear congruential sequence (the same cases on every run).
std::string string_content(std::uint32_t& seed, std::size_t pieces) {
  static const char* const kPieces[] = {
      "a", "plain text ", "\\n", "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\r", "\\t", "\\u00e9", "\\u20AC", "\\uFFFF",
      "\\u0041", "\\ud83d\\ude00", "\\uDBFF\\uDFFF", "\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80", "\x7f", "\xf4\x8f\xbf\xbf",
      // rejected:
      "\\ud83d", "\\ude00", "\\ud83d\\u0041", "\\ud83dx", "\\u12", "\\u12g4", "\\x", "\\", "\"", "\x01", "\x1f", "\t",
      "\xc0\xaf", "\xc1\xbf", "\xed\xa0\x80", "\xe0\x80\x80", "\xe2\x82", "\xf0\x8f\xbf\xbf", "\xf4\x90\x80\x80",
      "\xf5\x80\x80\x80", "\x80", "\xff"};
  constexpr std::size_t kCount = sizeof kPieces / sizeof kPieces[0];
  std::string out;
  for (std::size_t k = 0; k < pieces; ++k) {
    seed = seed * 1664525u + 1013904223u;
    // Mostly pieces nlohmann accepts, so that most strings are whole and reach the decoding.
    const std::size_t choice = (seed >> 8) % 64 < 60 ? (seed >> 16) % 21 : (seed >> 16) % kCount;
    out += kPieces[choice];
  }
  return out;
}

TEST_CASE("json string: decode_json_string decodes and rejects exactly as nlohmann's lexer", "[json]") {
  std::uint32_t seed = 21;
  std::size_t accepted = 0, rejected = 0;
  for (int round = 0; round < 4000; ++round) {
    const std::string content = string_content(seed, 1 + round % 40);
    const Json expected = Json::parse("\"" + content + "\"", nullptr, /*allow_exceptions=*/false);
    std::string decoded;
    const bool ok = decode_json_string(content, decoded);
    INFO(content);
    REQUIRE(ok == !expected.is_discarded());
    if (ok) {
      CHECK(decoded == expected.get<std::string>());
      ++accepted;
    } else {
      ++rejected;
    }
  }
  // Both answers are met many times (a generator that made one only would test nothing).
  CHECK(accepted > 500);
  CHECK(rejected > 500);
  std::string decoded = "old";
  CHECK(decode_json_string("", decoded));
  CHECK(decoded.empty());
  CHECK(decode_json_string(std::string(100, 'x') + "\\u0000" + "y", decoded));  // a NUL, as nlohmann gives it
  CHECK(decoded == std::string(100, 'x') + std::string(1, '\0') + "y");
}

TEST_CASE("json value: a dropped member's value is cut only where nlohmann would accept it", "[json]") {
  struct Case {
    std::string text;
    bool cut;  // whether the strict check may cut (a test that a cut happens where it should)
  };
  const std::string big = "{\"x\":[1,-2.5,3e10,true,false,null,\"s\\n\\u00e9\\ud83d\\ude00\",{},[]],\"y\":{\"z\":{}}}";
  const std::vector<Case> cases = {
      {"{\"drop\":" + big + ",\"keep\":1}", true},
      {"{\"keep\":1,\"drop\" : \n " + big + " \n}", true},
      {"{\"drop\":\"caf\xc3\xa9\",\"k\":[1]}", true},
      {"{\"drop\":\"\xf0\x9f\x98\x80\"}", true},
      {"{\"drop\":-0.0e-00}", true},
      {"{\"drop\":{\"drop\":{\"a\":1}},\"b\":2}", true},
      {"{\"drop\":1,\"drop\":2}", true},                         // a duplicate, both dropped
      {"{\"a\":{\"drop\":[]},\"a\":{\"drop\":{}}}", true},
      // Malformed inside what is dropped: nlohmann fails, and so must we (nothing cut).
      {"{\"drop\":{\"a\":01},\"k\":1}", false},
      {"{\"drop\":[1,],\"k\":1}", false},
      {"{\"drop\":{\"a\" 1},\"k\":1}", false},
      {"{\"drop\":{\"a\"::1},\"k\":1}", false},
      {"{\"drop\":\"\x01\"}", false},                             // a control byte in a string
      {"{\"drop\":\"\xc0\xaf\"}", false},                         // an overlong encoding
      {"{\"drop\":\"\xed\xa0\x80\"}", false},                    // an encoded surrogate
      {"{\"drop\":\"\xf4\x90\x80\x80\"}", false},                // beyond U+10FFFF
      {"{\"drop\":\"\xe2\x82\"}", false},                         // a truncated sequence
      {"{\"drop\":\"\\ud83d\"}", false},                          // an unpaired high surrogate
      {"{\"drop\":\"\\ude00\"}", false},                          // a lone low surrogate
      {"{\"drop\":\"\\ud83d\\u0041\"}", false},                  // high then not low
      {"{\"drop\":\"\\x\"}", false},                              // an unknown escape
      {"{\"drop\":\"\\u12G4\"}", false},
      {"{\"drop\":tru}", false},
      {"{\"drop\":-}", false},
      {"{\"drop\":1.}", false},
      {"{\"drop\":1e}", false},
      {"{\"drop\":1e400}", false},                                // overflows a double: nlohmann fails
      {"{\"drop\":" + std::string(400, '9') + "}", false},
      // Valid but refused by the strict check (too long to judge cheaply): nlohmann decides.
      {"{\"drop\":1234567890123456,\"k\":1}", false},
      {"{\"drop\":1e100,\"k\":1}", false},
      // What follows the value decides how "0" would read in its place.
      {"{\"drop\":{}.5}", false},
      {"{\"drop\":[]5}", false},
      {"{\"drop\":{} \"k\":1}", false},
      {"{\"drop\"::{}}", false},
      {"{\"drop\" {}}", false},
      {"{\"drop\":{}", false},
      // Escaped or non-ASCII keys: their decoded text is not built, so they are left to nlohmann.
      {"{\"dro\\u0070\":{\"a\":1},\"k\":1}", false},
      {"{\"\\u0061\":{\"drop\":[1]}}", false},
      {"{\"a\xc3\xa9\":{\"drop\":[1]}}", false},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    std::size_t cut = 0;
    const Json value = parse_json_value(c.text, &kDropFilter, &cut);
    CHECK(same(value, reference(c.text, kDropFilter)));
    CHECK(value.is_discarded() == direct(c.text).is_discarded());
    CHECK((cut > 0) == c.cut);
  }
}

// Drops m where its path is [a, "", "", m]: two array levels, however many objects with keys
// came before at those levels.
bool keep_unless_m_in_arrays(const std::vector<std::string>& path) {
  return !(path.size() == 4 && path[1].empty() && path[2].empty() && path[3] == "m");
}

TEST_CASE("json value: a member's path is its containers' keys, \"\" for an array", "[json]") {
  const JsonMemberFilter filter{keep_unless_m_in_arrays, 4};
  for (const std::string text : {
           "{\"a\":[{\"k\":1},[{\"m\":[1,2],\"n\":3}]]}",  // k's object before does not show
           "{\"a\":[[{\"m\":[1,2]}],{\"m\":3}]}",            // the second m is [a, "", m]: kept
           "{\"a\":[{\"k\":{\"z\":1}},[{\"m\":{\"k\":1}}],[{\"m\":[3]}]]}",
       }) {
    INFO(text);
    CHECK(same(parse_json_value(text, &filter), reference(text, filter)));
  }
  std::size_t cut = 0;
  const Json value = parse_json_value("{\"a\":[{\"k\":1},[{\"m\":[1,2],\"n\":3}]]}", &filter, &cut);
  CHECK(value.dump() == "{\"a\":[{\"k\":1},[{\"n\":3}]]}");
  CHECK(cut == 5);  // "[1,2]"

  // A dropped member's keys never show in a path outside it. Here d's value is cut, k inside it
  // with it, and m's path is [a, "", d, "", m] (the key of d's member; an array level below).
  const JsonMemberFilter inner{[](const std::vector<std::string>& path) {
                                 const bool d = path.size() == 3 && path[2] == "d";
                                 const bool k_seen = path.size() == 5 && path[3] == "k";
                                 return !d && !k_seen;
                               },
                               5};
  const std::string text = "{\"a\":[{\"d\":{\"k\":1}},[[{\"m\":[1]}]]]}";
  const Json kept = parse_json_value(text, &inner, &cut);
  CHECK(same(kept, reference(text, inner)));
  CHECK(kept.dump() == "{\"a\":[{},[[{\"m\":[1]}]]]}");
  CHECK(cut == 7);  // {"k":1}
}

TEST_CASE("json value: every CSV manifest of a real catalog reads the same with its dropped members cut", "[json][shared]") {
  if (!test::shared_available()) {
    WARN("../shared/catalogs is absent: skipped");
    return;
  }
  // certified-operators v4.14 in JSON: its bundles carry their manifests as olm.bundle.object.
  const std::string dir = test::shared_dir() + "/catalogs/certified-operators-v4.14-json/catalogs/v4.14";
  const JsonMemberFilter& filter = property::csv_member_filter();
  std::size_t manifests = 0, bytes = 0, bytes_cut = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".json") continue;
    for (const Document& doc : read_json_stream(test::read_file(entry.path().string())).documents) {
      // Looked up with a JSON pointer: a const Json's operator[] must not be asked for a missing key.
      const Json::json_pointer properties_at("/properties");
      if (!doc.value.is_object() || !doc.value.contains(properties_at) || !doc.value[properties_at].is_array()) continue;
      for (const Json& p : doc.value[properties_at]) {
        const Json::json_pointer data_at("/value/data");
        if (!p.is_object() || p.value("type", "") != "olm.bundle.object" || !p.contains(data_at) || !p[data_at].is_string()) continue;
        std::string manifest, error;
        if (!go_base64_decode(p[data_at].get<std::string>(), &manifest, error)) continue;
        if (manifest.find("ClusterServiceVersion") == std::string::npos || !looks_like_json(manifest)) continue;
        INFO(entry.path().string() << ": " << manifest.substr(0, 120));
        std::size_t cut = 0;
        CHECK(same(parse_json_value(manifest, &filter, &cut), reference(manifest, filter)));
        ++manifests;
        bytes += manifest.size();
        bytes_cut += cut;
      }
    }
  }
  WARN(manifests << " CSV manifests, " << bytes << " bytes, " << bytes_cut << " of them cut");
  CHECK(manifests > 300);
  CHECK(bytes_cut * 5 > bytes);  // deployments and descriptors: about a quarter of the bytes
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
