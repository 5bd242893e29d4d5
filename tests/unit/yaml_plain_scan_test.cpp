// scan_plain_yaml (core/load/yaml_plain_scan.cpp) reads the plain YAML of rendered catalogs without
// libyaml, and must give exactly libyaml's events wherever it does. The reference here is libyaml's
// own parser over the same text, event by event (type, style, value, tag, anchor, start line and
// column), so the test does not trust the code it checks: hand-written shapes it takes and shapes it
// must decline, thousands of generated documents, and every YAML document of the fixtures and of
// ../shared/catalogs.
#include <catch2/catch.hpp>

#include <dirent.h>
#include <sys/stat.h>

#include <optional>
#include <random>
#include <string>
#include <vector>

#include <yaml.h>

#include "load/yaml_plain_scan.h"
#include "support.h"

namespace fbclens::test {
namespace {

/// One event as the builder reads it.
struct Event {
  int type = 0;
  int style = 0;  // a scalar's, or a collection start's
  std::string value;
  bool has_tag = false, has_anchor = false;
  std::size_t line = 0, column = 0;
  bool operator==(const Event& o) const {
    return type == o.type && style == o.style && value == o.value && has_tag == o.has_tag && has_anchor == o.has_anchor &&
           line == o.line && column == o.column;
  }
};

std::ostream& operator<<(std::ostream& out, const Event& e) {
  return out << "{type " << e.type << ", style " << e.style << ", '" << e.value << "'" << (e.has_tag ? ", tag" : "")
             << (e.has_anchor ? ", anchor" : "") << " at " << e.line << ":" << e.column << "}";
}

Event event_of(const yaml_event_t& e) {
  Event out;
  out.type = e.type;
  out.line = e.start_mark.line;
  out.column = e.start_mark.column;
  if (e.type == YAML_SCALAR_EVENT) {
    out.style = e.data.scalar.style;
    out.value.assign(reinterpret_cast<const char*>(e.data.scalar.value), e.data.scalar.length);
    out.has_tag = e.data.scalar.tag != nullptr;
    out.has_anchor = e.data.scalar.anchor != nullptr;
  } else if (e.type == YAML_MAPPING_START_EVENT) {
    out.style = e.data.mapping_start.style;
    out.has_tag = e.data.mapping_start.tag != nullptr;
    out.has_anchor = e.data.mapping_start.anchor != nullptr;
  } else if (e.type == YAML_SEQUENCE_START_EVENT) {
    out.style = e.data.sequence_start.style;
    out.has_tag = e.data.sequence_start.tag != nullptr;
    out.has_anchor = e.data.sequence_start.anchor != nullptr;
  }
  // Document and stream events: only their order matters to the reader (the builder counts
  // documents); their marks are libyaml's business.
  if (e.type != YAML_SCALAR_EVENT && e.type != YAML_MAPPING_START_EVENT && e.type != YAML_SEQUENCE_START_EVENT) {
    out.line = out.column = 0;
  }
  return out;
}

/// libyaml's events for `text`, or nothing when it reports an error.
std::optional<std::vector<Event>> libyaml_events(const std::string& text) {
  std::vector<Event> out;
  if (!each_libyaml_event(text, [&out](const yaml_event_t& e) {
        out.push_back(event_of(e));
        return true;
      })) {
    return std::nullopt;
  }
  return out;
}

/// The scanner's events for `text`, or nothing when it declines.
std::optional<std::vector<Event>> scanned_events(const std::string& text) {
  std::vector<yaml_event_t> events;
  std::string storage;
  if (!scan_plain_yaml(text, events, storage)) return std::nullopt;
  std::vector<Event> out;
  for (const yaml_event_t& e : events) out.push_back(event_of(e));
  return out;
}

/// Whether the scanner takes `text`; where it does, its events must be libyaml's.
bool agrees_with_libyaml(const std::string& text) {
  const auto scanned = scanned_events(text);
  if (!scanned) return false;
  INFO("text:\n" << text);
  const auto reference = libyaml_events(text);
  REQUIRE(reference);  // the scanner took text libyaml rejects
  REQUIRE(scanned->size() == reference->size());
  for (std::size_t i = 0; i < scanned->size(); ++i) {
    INFO("event " << i);
    CHECK((*scanned)[i] == (*reference)[i]);
  }
  return true;
}

const std::string kBundle =
    "---\n"
    "image: quay.io/example/bundle@sha256:0123456789abcdef\n"
    "name: example.v1.2.3\n"
    "package: example\n"
    "properties:\n"
    "- type: olm.gvk\n"
    "  value:\n"
    "    group: example.com\n"
    "    kind: Widget\n"
    "    version: v1\n"
    "- type: olm.package\n"
    "  value:\n"
    "    packageName: example\n"
    "    version: 1.2.3\n"
    "- type: olm.csv.metadata\n"
    "  value:\n"
    "    annotations:\n"
    "      alm-examples: '[]'\n"
    "      capabilities: Basic Install\n"
    "      createdAt: \"2024-01-02T03:04:05Z\"\n"
    "      operators.openshift.io/valid-subscription: '[\"OpenShift Container Platform\"]'\n"
    "    installModes:\n"
    "    - supported: true\n"
    "      type: OwnNamespace\n"
    "    - supported: false\n"
    "      type: AllNamespaces\n"
    "    keywords:\n"
    "      - widgets\n"
    "      - gadgets\n"
    "    labels: {}\n"
    "    maturity: alpha\n"
    "    relatedImages: []\n"
    "    minKubeVersion: 1.21.0\n"
    "relatedImages:\n"
    "- image: quay.io/example/operator:v1.2.3\n"
    "  name: \"\"\n"
    "schema: olm.bundle\n";

TEST_CASE("plain scan: a rendered bundle, channel and package read as libyaml reads them", "[yaml]") {
  CHECK(agrees_with_libyaml(kBundle));
  CHECK(agrees_with_libyaml(kBundle.substr(4)));  // without "---"
  CHECK(agrees_with_libyaml("schema: olm.channel\nname: stable\npackage: example\nentries:\n"
                            "- name: example.v1.0.0\n- name: example.v1.1.0\n  replaces: example.v1.0.0\n"
                            "  skipRange: '>=0.9.0 <1.1.0'\n  skips:\n  - example.v0.9.0\n"));
  CHECK(agrees_with_libyaml("defaultChannel: stable\nicon:\n  base64data: iVBORw0KGgo=\n  mediatype: image/png\n"
                            "name: example\nschema: olm.package\n"));
  // Numbers, booleans and nulls are the builder's to type: the events carry the text.
  CHECK(agrees_with_libyaml("a: 1\nb: true\nc: null\nd: ~\ne: 0755\nf: 1.5\ng: 'true'\nh: \"\"\n"));
  // Blank lines, blanks after values and keys, more than one space after ':' and '-'.
  CHECK(agrees_with_libyaml("a:   b  \n\n\nc:  \n  -   d\n  -    e: f\n       g: h\n\n"));
  CHECK(agrees_with_libyaml("a: b"));  // no line break at the end
  CHECK(agrees_with_libyaml("a: b:c\nd: http://x/y?z=1&w=2#frag\ne: x]y[z}{,\n"));
}

TEST_CASE("plain scan: values over several lines, escapes and UTF-8 read as libyaml reads them", "[yaml]") {
  // go-yaml wraps long values at 80 columns: plain and single-quoted scalars go on over deeper lines.
  for (const std::string text : {
           "a: plain\n  continued\n", "a: plain\n\n  folded\n\n\n   twice\nb: c\n", "a:\n- x\n  - b\n  c d\n",
           "a:\n- description: ApicurioRegistry3 represents an instance of\n    version 3.\n  name: x\n",
           "a: 'it''s'\n", "a: 'quoted\n  over ''lines''\n\n  and blank ones  '\nb: c\n", "a: ''\n",
           "a: \"x\\ty \\\" \\\\ \\/ \\0 \\e \\N \\_ \\L \\P \\x41 \\u00e9 \\U0001F600\"\n",
           "a: \"long \\\n  joined\\\n\n  with a break\"\n", "a: \"folded\n   \\ kept space\"\n",
           "a: caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80\nb: 'caf\xC3\xA9'\n", "a:\n- caf\xC3\xA9\n- x\n"}) {
    INFO("text:\n" << text);
    CHECK(agrees_with_libyaml(text));
  }
  // What libyaml rejects, or reads otherwise, stays declined.
  for (const std::string text : {
           "a: 'open\n", "a: \"open\\\"\n", "a: \"\\q\"\n", "a: \"\\uD800\"\n", "a: \"\\x4\"\n", "a: 'x' y\n",
           "a: 'x\nb: y'\n", "a: plain\n  key: value\n", "a: plain\n  ends:\n", "a: \xC2\x85\n", "a: \xE2\x80\xA8\n",
           "a: \xEF\xBB\xBF\n", "a: \xC3\n", "a: \xED\xA0\x80\n", "a: \xC2\x9F\n", "a: 'x'\n  deeper\n"}) {
    INFO("text:\n" << text);
    CHECK_FALSE(scanned_events(text));
  }
}

TEST_CASE("plain scan: what it does not take is left to libyaml", "[yaml]") {
  for (const std::string& text : std::vector<std::string>{
           "# comment\na: b\n", "a: b # comment\n", "a: b\n  # comment\n", "a:\tb\n", "a: b\r\n", "a: &x b\nc: *x\n",
           "a: !!str b\n", "a: |\n  text\n", "a: >\n  text\n", "a: [b, c]\n", "a: {b: c}\n", "'a': b\n", "\"a\": b\n",
           "a:\nb: c\n", "a:\n", "a: b\n...\n", "a: b\n---\nc: d\n",
           "- a\n- b\n", "  a: b\n", "a:\n    b: c\n  d: e\n",
           "a:\n  - b\n  c: d\n", "a: b: c\n", "a: b:\n", "a: -b\n", "a: ?b\n", "a: 'b' c\n", "a: %b\n", "a: @b\n",
           "a:\n- - b\n", "a:\n-\n  b: c\n", "? a\n: b\n", "a b: c\n", "-a: b\n", "a: b\n c: d\n", "", "---\n", "\n\n",
           std::string(1001, 'k') + ": v\n", std::string("a: b\0c\n", 7), "\xEF\xBB\xBF" "a: b\n"}) {
    INFO("text:\n" << text);
    CHECK_FALSE(scanned_events(text));
  }
  // A key of 1,000 bytes is still taken (libyaml allows 1,024 before the ':').
  CHECK(agrees_with_libyaml(std::string(1000, 'k') + ": v\n"));
}

TEST_CASE("plain scan: generated documents read as libyaml reads them", "[yaml]") {
  std::mt19937 random(20261128);
  const auto pick = [&random](int n) { return static_cast<int>(random() % static_cast<unsigned>(n)); };
  const std::vector<std::string> values = {
      "plain", "two words", "1.2.3", "0755", "true", "~", "''", "'quoted: text'", "\"double\"", "[]", "{}", "x:y", "a#b",
      "-", "- x", "-x", "x:", "x: y", "'a''b'", "\"a\\\"b\"", "[a]", "{a: b}", "|", "&a x", "*a", "!t x", "x #c", "x\ty", "?",
      "quay.io/o/p@sha256:00ff", ":x", "%x", "caf\xC3\xA9"};
  const auto value = [&]() { return values[static_cast<std::size_t>(pick(static_cast<int>(values.size())))]; };
  std::size_t taken = 0;
  for (int doc = 0; doc < 4000; ++doc) {
    std::string text = pick(4) == 0 ? "---\n" : "";
    // A mapping at `column`, entries of the shapes the scanner takes and some it must not.
    const std::function<void(int, int)> mapping = [&](int column, int depth) {
      const int entries = 1 + pick(4);
      for (int e = 0; e < entries; ++e) {
        // The first key of a mapping in a sequence entry is on the entry's line.
        const std::string pad = e == 0 && !text.empty() && text.back() != '\n' ? "" : std::string(static_cast<std::size_t>(column), ' ');
        const std::string key = pad + (pick(30) == 0 ? "bad key" : "k" + std::to_string(e));
        const int shape = depth > 3 ? 0 : pick(6);
        if (shape <= 2) {
          text += key + ": " + value() + "\n";
        } else if (shape == 3) {
          text += key + ":\n";
          mapping(column + 1 + pick(3), depth + 1);
        } else {
          text += key + ":\n";
          const int dash = column + (pick(2) ? 0 : 1 + pick(2));  // indentless or indented
          const int items = 1 + pick(3);
          for (int i = 0; i < items; ++i) {
            text += std::string(static_cast<std::size_t>(dash), ' ') + "-" + std::string(static_cast<std::size_t>(1 + pick(2)), ' ');
            if (pick(2)) {
              text += value() + "\n";
            } else {
              mapping(static_cast<int>(text.size() - text.rfind('\n') - 1), depth + 1);
            }
          }
        }
        if (pick(25) == 0) text += std::string(static_cast<std::size_t>(pick(6)), ' ') + (pick(2) ? "stray\n" : "\n");
      }
    };
    mapping(0, 0);
    if (pick(10) == 0) text.pop_back();
    if (agrees_with_libyaml(text)) ++taken;
  }
  // The generator makes mostly documents the scanner takes: a scanner that declined everything
  // would agree vacuously.
  CHECK(taken > 400);
}

TEST_CASE("plain scan: generated multi-line and quoted values read as libyaml reads them", "[yaml]") {
  // Values built from pieces that matter to folding and escapes: words, runs of spaces, line breaks
  // followed by any indentation (deeper than the key or not), blank lines with and without spaces,
  // '' and backslash escapes, and the quote itself.
  std::mt19937 random(28112026);
  const auto pick = [&random](int n) { return static_cast<int>(random() % static_cast<unsigned>(n)); };
  const std::vector<std::string> pieces = {
      "word", "two words", " ", "   ", "\n", "\n  ", "\n    ", "\n\n  ", "\n   \n  ", "\n \n\n   ", "''", "\\\"", "\\\\",
      "\\n", "\\t", "\\ ", "\\\n", "\\\n  ", "\\x41", "\\u263A", "\\q", "'", "\"", ":", ": ", "-", "#", " #", "caf\xC3\xA9", "\t"};
  std::size_t taken = 0;
  for (int doc = 0; doc < 6000; ++doc) {
    const int style = pick(3);  // plain, single-quoted, double-quoted
    std::string value = style == 1 ? "'" : style == 2 ? "\"" : "v";
    const int n = 1 + pick(6);
    for (int i = 0; i < n; ++i) value += pieces[static_cast<std::size_t>(pick(static_cast<int>(pieces.size())))];
    value += style == 1 ? "'" : style == 2 ? "\"" : "";
    const std::string entry = pick(2) ? "  key: " : "  - ";
    const std::string text = "a:\n" + entry + value + "\n" + (pick(2) ? "b: c\n" : "  d: e\n");
    if (agrees_with_libyaml(text)) ++taken;
  }
  CHECK(taken > 600);
}

// Every file named *.yaml or *.yml under `dir`.
void yaml_files(const std::string& dir, std::vector<std::string>& out) {
  DIR* d = opendir(dir.c_str());
  if (!d) return;
  while (const dirent* e = readdir(d)) {
    const std::string name = e->d_name;
    if (name == "." || name == "..") continue;
    const std::string path = dir + "/" + name;
    struct stat st;
    if (stat(path.c_str(), &st) != 0) continue;
    if (S_ISDIR(st.st_mode)) {
      yaml_files(path, out);
    } else if ((name.size() > 5 && name.compare(name.size() - 5, 5, ".yaml") == 0) ||
               (name.size() > 4 && name.compare(name.size() - 4, 4, ".yml") == 0)) {
      out.push_back(path);
    }
  }
  closedir(d);
}

// The documents of a YAML stream, split at lines that start with "---" (each keeps its "---").
std::vector<std::string> documents(const std::string& text) {
  std::vector<std::string> out(1);
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t end = std::min(text.find('\n', i), text.size());
    const std::string line = text.substr(i, end + 1 - i);
    if (line.compare(0, 3, "---") == 0 && !out.back().empty()) out.emplace_back();
    out.back() += line;
    i = end + 1;
  }
  return out;
}

// Checks every document of every YAML file under `dir` against libyaml's events, and the reader's
// items for the whole file (the plain scan on the text with long values cut out, libyaml where it
// declines) against libyaml's reading of the text as written. Returns {documents, taken}.
std::pair<std::size_t, std::size_t> check_folder(const std::string& dir) {
  std::vector<std::string> files;
  yaml_files(dir, files);
  std::size_t total = 0, taken = 0;
  for (const std::string& file : files) {
    INFO("file " << file);
    const std::string text = read_file(file);
    for (const std::string& doc : documents(text)) {
      ++total;
      if (agrees_with_libyaml(doc)) ++taken;
    }
    check_same_as_written(text);
  }
  return {total, taken};
}

TEST_CASE("plain scan: the fixtures' YAML documents read as libyaml reads them", "[yaml]") {
  const auto [total, taken] = check_folder(source_dir() + "/tests/fixtures");
  INFO(taken << " of " << total << " documents taken");
  CHECK(total > 100);
  // Fixtures are mostly odd YAML on purpose (comments, block scalars, errors); still, hundreds are
  // the plain shape, so a scanner that declined everything would fail here.
  CHECK(taken > 150);
}

TEST_CASE("plain scan: every YAML document of ../shared/catalogs reads as libyaml reads it", "[yaml][shared]") {
  if (!shared_available()) {
    WARN("../shared/catalogs is absent: skipped");
    return;
  }
  const auto [total, taken] = check_folder(shared_dir() + "/catalogs");
  WARN(taken << " of " << total << " documents of ../shared/catalogs taken by the plain scan");
  CHECK(taken * 2 > total);
}

}  // namespace
}  // namespace fbclens::test
