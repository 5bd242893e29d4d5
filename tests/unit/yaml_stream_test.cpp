// The YAML reader (core/load/yaml_stream.cpp): plain-scalar typing as go-yaml v2 resolves it, the
// positions it records, and the long plain values it reads without libyaml (olm.bundle.object's
// base64 "data"), which must give exactly what libyaml gives for the text as written wherever such a
// line is not a plain value: inside a block scalar, a quoted string, a flow collection, or followed by
// continuation lines. (scripts/check-loader.sh compares the loader before and after on every real
// catalog; these are the cases real catalogs do not have.)
#include <catch2/catch.hpp>

#include "load/yaml_stream.h"

namespace fbclens::test {
namespace {

Json yaml(const std::string& text) {
  Json out;
  std::string error;
  REQUIRE(yaml_to_json(text, out, error));
  return out;
}

const std::string kLong = std::string(300, 'A') + "/+=" + std::string(300, 'b');

Document one_document(const std::string& text) {
  std::vector<YamlItem> items = read_yaml_stream(text);
  REQUIRE(items.size() == 1);
  REQUIRE(items[0].ok);
  return std::move(items[0].document);
}

}  // namespace

TEST_CASE("yaml: plain scalars typed as go-yaml v2 types them", "[yaml]") {
  const Json v = yaml("a: yes\nb: No\nc: ~\nd: 0x1F\ne: 1_000\nf: 3.10\ng: .inf\nh: olm.bundle\ni: Off\nj: ''\nk: +12\n"
                      "l: y\nm: longer-than-five\noct: 0755\no: '123'\np: <<x\n");
  CHECK(v["a"] == true);
  CHECK(v["b"] == false);
  CHECK(v["c"].is_null());
  CHECK(v["d"] == 31);
  CHECK(v["e"] == 1000);
  CHECK(v["f"] == 3.1);
  CHECK(v["g"] == ".inf");
  CHECK(v["h"] == "olm.bundle");
  CHECK(v["i"] == false);
  CHECK(v["j"] == "");
  CHECK(v["k"] == 12);
  CHECK(v["l"] == true);
  CHECK(v["m"] == "longer-than-five");
  CHECK(v["oct"] == 493);
  CHECK(v["o"] == "123");
  CHECK(v["p"] == "<<x");
  // Keys resolve too (sigs.k8s.io/yaml writes non-string keys back as text).
  const Json keys = yaml("true: 1\non: 2\n1.50: 3\n~: 4\n");
  CHECK(keys.contains("true"));
  CHECK(keys["true"] == 2);  // "on" is true as well: the later one wins
  CHECK(keys.contains("1.5"));
  CHECK(keys.contains("null"));
  // So do y and n, which go-yaml v2 reads as bools even as keys.
  CHECK(yaml("y: 1\nn: 2\n") == Json{{"true", 1}, {"false", 2}});
}

TEST_CASE("yaml: number spellings at the edges of go-yaml v2's int and float", "[yaml]") {
  const Json v = yaml("hex: -0x10\noct: 0o17\nbin: 0b101\nmin: -9223372036854775808\nbig: 9223372036854775808\n"
                      "over: 18446744073709551616\nunder: 1_0.5\nversion: 1.2.3\nbadoct: 0o19\nsign: +\nexp: 1e3\n"
                      "falsy: FALSE\nnan: .NaN\ninfs: -.Inf\ndots: ..5\nlong: 123456789012345678901234567890.5\n");
  CHECK(v["hex"] == -16);
  CHECK(v["oct"] == 15);
  CHECK(v["bin"] == 5);
  CHECK(v["min"].is_number_integer());
  CHECK(v["min"].get<std::int64_t>() == INT64_MIN);
  CHECK(v["big"].is_number_unsigned());  // above int64: go-yaml's uint64
  CHECK(v["big"].get<std::uint64_t>() == 9223372036854775808ull);
  CHECK(v["over"].is_number_float());  // above uint64 too: a float, as strconv.ParseFloat reads it
  CHECK(v["over"].get<double>() == 18446744073709551616.0);
  CHECK(v["under"] == 10.5);  // '_' is dropped from floats as from ints
  CHECK(v["version"] == "1.2.3");  // two dots: neither int nor float
  CHECK(v["badoct"] == "0o19");
  CHECK(v["sign"] == "+");
  CHECK(v["exp"] == 1000.0);
  CHECK(v["falsy"] == false);
  CHECK(v["nan"] == ".NaN");  // JSON has no NaN: kept as text
  CHECK(v["infs"] == "-.Inf");
  CHECK(v["dots"] == "..5");
  CHECK(v["long"].is_number_float());
}

TEST_CASE("yaml: merge keys, repeated keys, and the positions of fields to depth 4", "[yaml]") {
  const Json v = yaml("base: &b {x: 1, z: 2}\nm:\n  <<: *b\n  z: 3\nr: 1\nr: 2\n'<<': quoted\n");
  CHECK(v["m"] == Json{{"x", 1}, {"z", 3}});
  CHECK(v["r"] == 2);
  CHECK(v["<<"] == "quoted");
  const Document d = one_document("schema: olm.channel\nentries:\n  - name: a\n    skips:\n      - x\n      - y\n");
  CHECK(d.position.line == 1);
  CHECK(d.fields.find("/entries/0/name").line == 3);
  CHECK(d.fields.find("/entries/0/name").column == 11);
  CHECK(d.fields.find("/entries/0/skips/1").line == 6);
  CHECK(d.fields.find("/entries/0/skips/1/deeper").line == 6);  // the nearest recorded ancestor
  CHECK(d.fields.find("/nope").line == 0);
}

TEST_CASE("yaml: long base64 values are read back exactly, positions as libyaml's", "[yaml]") {
  const std::string text = "schema: olm.bundle\nproperties:\n- type: olm.bundle.object\n  value:\n    data: " + kLong +
                           "\n- type: olm.bundle.object\n  value:\n    data: " + kLong + "\r\nname: after\n";
  const Document d = one_document(text);
  CHECK(d.value["properties"][0]["value"]["data"] == kLong);
  CHECK(d.value["properties"][1]["value"]["data"] == kLong);
  CHECK(d.value["name"] == "after");
  CHECK(d.fields.find("/properties/0/value/data").line == 5);
  CHECK(d.fields.find("/properties/0/value/data").column == 11);
  CHECK(d.fields.find("/name").line == 9);
  // A digits-only long value is a number to go-yaml v2, cut out or not.
  CHECK(yaml("num: " + std::string(400, '9') + "\n")["num"].is_number_float());
  // A long value that is also a key's text elsewhere changes nothing.
  CHECK(yaml("a: " + kLong + "\nb: x\n") == Json{{"a", kLong}, {"b", "x"}});
}

TEST_CASE("yaml: a line that only looks like a long value is read as libyaml reads it", "[yaml]") {
  // Inside a literal block scalar: text, not a value.
  CHECK(yaml("d: |\n  data: " + kLong + "\nn: 1\n") == Json{{"d", "data: " + kLong + "\n"}, {"false", 1}});  // n is false
  // Continued on a deeper line: one folded plain scalar.
  CHECK(yaml("d:\n  data: " + kLong + "\n   more\n")["d"]["data"] == kLong + " more");
  // Followed by a blank line and a deeper one: folded with a line break.
  CHECK(yaml("d:\n  data: " + kLong + "\n\n   more\n")["d"]["data"] == kLong + "\nmore");
  // Inside a flow mapping, continued on a shallower line (flow context ignores indentation).
  CHECK(yaml("d: {\n  data: " + kLong + "\nzz, e: 1}\n")["d"]["data"] == kLong + " zz");
  // Inside a double-quoted string spanning lines.
  CHECK(yaml("d: \"a\n  data: " + kLong + "\n  b\"\n")["d"] == "a data: " + kLong + " b");
  // Two values in one document, only the second a real value: both right.
  CHECK(yaml("a: |\n  data: " + kLong + "\nb:\n  data: " + kLong + "\n") == Json{{"a", "data: " + kLong + "\n"}, {"b", {{"data", kLong}}}});
}

TEST_CASE("yaml: errors after a long value are libyaml's, at the same place", "[yaml]") {
  std::vector<YamlItem> items = read_yaml_stream("a:\n  data: " + kLong + "\n b: [\n");
  REQUIRE(items.size() == 1);
  REQUIRE_FALSE(items[0].ok);
  std::vector<YamlItem> short_items = read_yaml_stream("a:\n  data: x\n b: [\n");
  REQUIRE_FALSE(short_items[0].ok);
  CHECK(items[0].error.opm_message == short_items[0].error.opm_message);
  CHECK(items[0].error.position.line == short_items[0].error.position.line);
  CHECK(items[0].error.position.column == short_items[0].error.position.column);
}

}  // namespace fbclens::test
