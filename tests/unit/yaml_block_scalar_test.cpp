// Literal block scalars (`key: |`) read without libyaml (core/load/yaml_stream.cpp, StandIn): the
// reader must give exactly what libyaml gives for the text as written. The reference here is
// libyaml's own event stream over that text, so the test does not trust the code it checks:
// hand-picked shapes first, then thousands of generated documents mixing the shapes the fast path
// takes with every shape it must leave to libyaml (folded and indented headers, tabs and carriage
// returns, other line breaks, control characters and bad UTF-8, lines between the key and the
// content indentation, blank lines with spaces, the end of the text with or without a line break),
// and plain values on one line with what ends them early.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include <yaml.h>

#include "load/yaml_stream.h"
#include "support.h"

namespace fbclens::test {
namespace {

/// A scalar value of a document: its JSON-Pointer path, its text and where it starts (1-based).
struct ScalarAt {
  std::string path;
  std::string text;
  TextPosition position;
  bool operator==(const ScalarAt& o) const {
    return path == o.path && text == o.text && position.line == o.position.line && position.column == o.position.column;
  }
};

/// What libyaml reads from `text`: whether it parses, and every scalar value below a mapping key or
/// in a sequence, with its path (the generator writes no anchors, aliases or complex keys).
struct Reading {
  bool ok = false;
  std::vector<ScalarAt> scalars;
};

Reading libyaml_reading(const std::string& text) {
  Reading out;
  yaml_parser_t parser;
  yaml_parser_initialize(&parser);
  yaml_parser_set_input_string(&parser, reinterpret_cast<const unsigned char*>(text.data()), text.size());
  struct Frame {
    bool is_map;
    bool have_key = false;
    std::string key;
    std::size_t index = 0;
    std::string path;
  };
  std::vector<Frame> stack;
  const auto child_path = [&stack]() {
    Frame& f = stack.back();
    return f.path + "/" + (f.is_map ? f.key : std::to_string(f.index));
  };
  const auto advance = [&stack]() {
    Frame& f = stack.back();
    if (f.is_map) f.have_key = false;
    else ++f.index;
  };
  bool done = false;
  while (!done) {
    yaml_event_t event;
    if (!yaml_parser_parse(&parser, &event)) {
      yaml_parser_delete(&parser);
      return Reading{};  // not ok, and no values
    }
    switch (event.type) {
      case YAML_STREAM_END_EVENT:
      case YAML_DOCUMENT_END_EVENT:
        done = true;
        break;
      case YAML_MAPPING_START_EVENT:
      case YAML_SEQUENCE_START_EVENT: {
        Frame f{event.type == YAML_MAPPING_START_EVENT};
        f.path = stack.empty() ? "" : child_path();
        stack.push_back(f);
        break;
      }
      case YAML_MAPPING_END_EVENT:
      case YAML_SEQUENCE_END_EVENT:
        stack.pop_back();
        if (!stack.empty()) advance();
        break;
      case YAML_SCALAR_EVENT: {
        const std::string value(reinterpret_cast<const char*>(event.data.scalar.value), event.data.scalar.length);
        if (stack.empty()) break;
        Frame& f = stack.back();
        if (f.is_map && !f.have_key) {
          f.key = value;
          f.have_key = true;
          break;
        }
        out.scalars.push_back({child_path(), value,
                               {static_cast<std::uint32_t>(event.start_mark.line) + 1,
                                static_cast<std::uint32_t>(event.start_mark.column) + 1}});
        advance();
        break;
      }
      default:
        break;
    }
    yaml_event_delete(&event);
  }
  yaml_parser_delete(&parser);
  out.ok = true;
  return out;
}

/// Whether libyaml parses `text` up to its second document's start (or the end) without an error:
/// what yaml_to_json reads of a text as written.
bool libyaml_reads_first_document(const std::string& text) {
  int documents = 0;
  return each_libyaml_event(text, [&documents](const yaml_event_t& e) {
    return !(e.type == YAML_DOCUMENT_START_EVENT && ++documents == 2);
  });
}

void collect(const Json& v, const std::string& path, const Document& d, std::vector<ScalarAt>& out) {
  if (v.is_object()) {
    for (auto it = v.begin(); it != v.end(); ++it) collect(it.value(), path + "/" + it.key(), d, out);
  } else if (v.is_array()) {
    for (std::size_t i = 0; i < v.size(); ++i) collect(v[i], path + "/" + std::to_string(i), d, out);
  } else {
    out.push_back({path, v.is_string() ? v.get<std::string>() : "<" + v.dump() + ">", d.fields.find(path)});
  }
}

/// What our reader reads from `text` (one chunk: the generator writes no "---" lines).
Reading our_reading(const std::string& text) {
  Reading out;
  std::vector<YamlItem> items = read_yaml_stream(text);
  out.ok = items.size() == 1 && items[0].ok;
  if (out.ok) collect(items[0].document.value, "", items[0].document, out.scalars);
  return out;
}

void check_same_reading(const std::string& text) {
  INFO("text:\n" << text);
  check_same_as_written(text);
  Reading want = libyaml_reading(text);
  const Reading got = our_reading(text);
  REQUIRE(got.ok == want.ok);
  const auto by_path = [](const ScalarAt& a, const ScalarAt& b) { return a.path < b.path; };
  std::sort(want.scalars.begin(), want.scalars.end(), by_path);
  REQUIRE(got.scalars.size() == want.scalars.size());
  for (std::size_t i = 0; i < want.scalars.size(); ++i) {
    INFO("path " << want.scalars[i].path);
    CHECK(got.scalars[i].path == want.scalars[i].path);
    CHECK(got.scalars[i].text == want.scalars[i].text);
    // Positions are recorded to depth 4.
    if (std::count(want.scalars[i].path.begin(), want.scalars[i].path.end(), '/') <= 4) {
      CHECK(got.scalars[i].position.line == want.scalars[i].position.line);
      CHECK(got.scalars[i].position.column == want.scalars[i].position.column);
    }
  }
}

const std::string kText = "Lorem ipsum dolor sit amet, consectetur adipiscing elit";  // 55 bytes

}  // namespace

TEST_CASE("yaml: literal block scalars read as libyaml reads them", "[yaml]") {
  // The plain shapes: clip, strip, keep; blank lines inside and after; deeper lines; the next key.
  check_same_reading("a: |\n  " + kText + "\n  " + kText + "\nb: x\n");
  check_same_reading("a: |-\n  " + kText + "\n\n    deeper " + kText + "\n\n\nb: x\n");
  check_same_reading("a: |+\n  " + kText + "\n\n  " + kText + "\n\n\nb: x\n");
  check_same_reading("a:\n  b: |\n      six spaces " + kText + "\n      " + kText + "\n  c: v\nd: z\n");
  check_same_reading("- a: |\n    " + kText + "\n    \t" + kText + "\n  b: x\n- c: |-\n    " + kText + "\n");
  // Blank lines holding spaces, fewer and more than the indentation; comments as text and after.
  check_same_reading("a: |\n  " + kText + "\n \n     \n  # not a comment " + kText + "\n# a comment\nb: x\n");
  // Leading blank lines; the text ending with and without a line break.
  check_same_reading("a: |\n\n\n  " + kText + "\n  " + kText);
  check_same_reading("a: |+\n  " + kText + "\n  " + kText + "\n\n");
  check_same_reading("a: |-\n  " + kText + "\n  " + kText + "\n   ");
  // UTF-8 text, and characters libyaml rejects or reads as line breaks.
  check_same_reading("a: |\n  caf\xC3\xA9 \xF0\x9F\x9A\x80 " + kText + "\n  " + kText + "\nb: x\n");
  for (const std::string odd : {"\x01", "\x7F", "\r", "\xC2\x80", "\xC2\x9F", "\xC2\x85", "\xE2\x80\xA8", "\xFF", "\xC3", "\xEF\xBF\xBE", "\xED\xA0\x80"}) {
    check_same_reading("a: |\n  " + kText + odd + "\n  " + kText + "\nb: x\n");
    check_same_reading("a: |\n  " + kText + "\n" + odd + "  " + kText + "\nb: x\n");
  }
  // A tab where indentation is expected; a line between the key and the indentation.
  check_same_reading("a: |\n  " + kText + "\n \t" + kText + "\nb: x\n");
  check_same_reading("a: |\n\t" + kText + "\nb: x\n");
  check_same_reading("x:\n  a: |\n      " + kText + "\n    " + kText + "\n  b: x\n");
  // Shapes left to libyaml: folded, an indentation indicator, a comment, nothing after the header.
  check_same_reading("a: >\n  " + kText + "\n  " + kText + "\nb: x\n");
  check_same_reading("a: |2\n   " + kText + "\n  " + kText + "\nb: x\n");
  check_same_reading("a: | # note\n  " + kText + "\n  " + kText + "\nb: x\n");
  check_same_reading("a: |\nb: " + kText + kText + "\n");
  // Not a value of a block mapping: inside a flow mapping, a quoted string and another block scalar.
  check_same_reading("f: {\n  a: |\n  " + kText + "\n  " + kText + "\n}\n");
  check_same_reading("f: {\n  a: |\n    " + kText + "\n    " + kText + "\n}\n");
  check_same_reading("s: [\n  a: |-\n    " + kText + "\n    " + kText + "\n]\n");
  check_same_reading("f: {\n  a: Lorem ipsum dolor sit amet, b: c, d: [e]\n}\n");  // a plain value in a flow mapping
  check_same_reading("q: \"\n  a: |\n    " + kText + "\n    " + kText + "\n  \"\n");
  check_same_reading("o: |\n  a: |\n    " + kText + "\n    " + kText + "\nb: x\n");
}

TEST_CASE("yaml: what would make libyaml read a stand-in's text differently leaves it to libyaml", "[yaml]") {
  const std::string long_value = kText + " " + kText;
  // "||" is no header: libyaml's error.
  check_same_reading("k: ||\n  " + long_value + "\nb: 1\n");
  // Lines broken by a lone '\r', NEL or U+2028 before the value: libyaml counts them, so another
  // key's "x" would stand where the stand-in is expected.
  check_same_reading("p: one\rq: x\nk: |\n  " + long_value + "\n");
  check_same_reading("p: \"a\xC2\x85" "b\"\nq: x\nk: |-\n  " + long_value + "\nz: two\n");
  check_same_reading("p: \"a\xE2\x80\xA8" "b\"\nq: x\nk: |-\n  " + long_value + "\nz: two\n");
  check_same_reading("p: one\rq: x\nk: " + std::string(300, 'A') + "\n");
  // A UTF-16 text (libyaml decodes it; lines and columns are not bytes).
  const char utf16[] = "\xFF\xFE" "a\0:\0 \0 \nk: |\n  LLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLL\nz \n\0q\0:\0 \0x\0\n\0";
  check_same_as_written(std::string(utf16, sizeof utf16 - 1));
  // The text's end without a line break: libyaml's stream end is on a line of its own.
  check_same_as_written("?\n  a: |\n    " + long_value);
  check_same_as_written("?\n  a: |\n    " + long_value + "\n  ");
  // A second document in the chunk (after a "---" behind a lone '\r'), and a bad byte after it that
  // libyaml's reader may or may not have reached by then.
  std::string lines;
  for (int i = 0; i < 3; ++i) lines += "  " + std::string(98, 'a') + "\n";
  check_same_as_written("k: |\n" + lines + "#" + std::string(16071, 'p') + "\nz: 1\r---\rb: 1\n#" + std::string(1000, 'q') +
                        "\n# bad \x01 byte\n");
  // The same through yaml_to_json, which reads a whole text (olm.bundle.object payloads): whether
  // libyaml's reader got to the bad byte before the second document depends on where its 16 KiB
  // refills fall in the text as written.
  const std::string two_documents =
      "k: |\n" + lines + "#" + std::string(16071, 'p') + "\nz: 1\n---\nb: 1\n#" + std::string(1000, 'q') + "\n# bad \x01 byte\n";
  Json out;
  std::string error;
  CHECK(yaml_to_json(two_documents, out, error) == libyaml_reads_first_document(two_documents));
}

TEST_CASE("yaml: plain values on one line read as libyaml reads them", "[yaml]") {
  // What ends a plain scalar early or makes the line something else (short values here: those are
  // libyaml's; the long base64 ones, which stand-ins take, are in yaml_stream_test.cpp).
  for (const std::string& value : std::vector<std::string>{
           kText, kText + " # a comment", kText + "#not a comment", kText + ": a mapping", kText + ":",
           kText + ":not a mapping", kText + "   ", kText + "\r", kText + "\tx", "quay.io/operator@sha256:0123456789abcdef",
           "-" + kText, "&anchor " + kText, "[" + kText + "]", kText + "\xC3\xA9"}) {
    check_same_reading("a: " + value + "\nb: c\n");
    check_same_reading("- a: " + value + "\n  b: c\n");
    check_same_reading("a: " + value + "\n  deeper: c\n");
    check_same_reading("a: " + value + "\n\n  folded\n");
  }
}

TEST_CASE("yaml: generated block scalars read as libyaml reads them", "[yaml]") {
  std::mt19937 random(20261127);
  const auto pick = [&random](int n) { return static_cast<int>(random() % static_cast<unsigned>(n)); };
  const std::vector<std::string> headers = {"|", "|", "|-", "|-", "|+", "|  ", "|-\t", ">", "|2", "|-1", "| #c", "|x", "||"};
  const std::vector<std::string> odd = {"\t", "\r", "\x01", "\x7F", "\xC2\x85", "\xE2\x80\xA9", "\xFF", "\xC3\xA9", "#", ": ", "- ", "|", "'", "\""};
  const auto words = [&]() {
    std::string s;
    const int n = 1 + pick(8);
    for (int i = 0; i < n; ++i) s += (i ? " " : "") + kText.substr(static_cast<std::size_t>(pick(40)), static_cast<std::size_t>(1 + pick(12)));
    if (pick(10) == 0) s.insert(static_cast<std::size_t>(pick(static_cast<int>(s.size()))), odd[static_cast<std::size_t>(pick(static_cast<int>(odd.size())))]);
    return s;
  };
  // A block scalar entry for `key` at `column`, whose content is indented `indent` (> column).
  const auto block = [&](const std::string& prefix, const std::string& key, int column, int indent) {
    std::string s = prefix + key + ": " + headers[static_cast<std::size_t>(pick(static_cast<int>(headers.size())))] + "\n";
    if (pick(6) == 0) s += std::string(static_cast<std::size_t>(pick(indent + 2)), ' ') + "\n";  // a leading blank line
    const int lines = pick(7);
    for (int i = 0; i < lines; ++i) {
      switch (pick(12)) {
        case 0: s += "\n"; break;
        case 1: s += std::string(static_cast<std::size_t>(pick(indent + 3)), ' ') + "\n"; break;
        case 2: s += std::string(static_cast<std::size_t>(indent + 1 + pick(3)), ' ') + words() + "\n"; break;
        case 3: s += std::string(static_cast<std::size_t>(pick(indent)), ' ') + (pick(2) ? "\t" : "# c") + words() + "\n"; break;
        case 4: s += std::string(static_cast<std::size_t>(column + 1 + pick(std::max(1, indent - column))), ' ') + words() + "\n"; break;
        default: s += std::string(static_cast<std::size_t>(indent), ' ') + words() + "\n"; break;
      }
    }
    return s;
  };
  for (int doc = 0; doc < 3000; ++doc) {
    std::string text;
    const int entries = 1 + pick(5);
    for (int e = 0; e < entries; ++e) {
      const std::string key = "k" + std::to_string(e);
      switch (pick(6)) {
        case 0: text += key + ": plain " + words() + "\n"; break;
        case 1: text += key + ":\n" + block("  ", "inner", 2, 3 + pick(4)); break;
        case 2: text += key + ":\n" + block("- ", "item", 2, 3 + pick(3)) + "  other: value\n"; break;
        case 3: text += key + ":\n  - " + block("", "deep", 4, 5 + pick(3)); break;
        case 4: text += key + ": {\n" + block("  ", "flow", 2, 3 + pick(3)) + "}\n"; break;
        default: text += block("", key, 0, 1 + pick(4)); break;
      }
      if (pick(8) == 0) text += std::string(static_cast<std::size_t>(pick(3)), ' ') + "# comment\n";
    }
    if (pick(6) == 0 && !text.empty()) text.pop_back();  // no line break at the end
    if (pick(20) == 0) {  // another line break libyaml counts, early in the text
      const std::string breaks[] = {"\r", "\xC2\x85", "\xE2\x80\xA8", "\xE2\x80\xA9"};
      text = "p: \"a" + breaks[pick(4)] + "b\"\nq: x\n" + text;
    }
    if (pick(20) == 0) text += "\r---\rlater: document\n";  // a second document in the chunk
    check_same_reading(text);
  }
}

}  // namespace fbclens::test
