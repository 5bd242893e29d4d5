#include "support.h"

#include <algorithm>
#include <deque>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <catch2/catch.hpp>

#include "load/yaml_stream.h"
#include "profiles/profiles.h"

namespace fbclens::test {

namespace fs = std::filesystem;

std::string source_dir() { return FBCLENS_SOURCE_DIR; }
std::string shared_dir() { return FBCLENS_SHARED_DIR; }
bool shared_available() { return fs::is_directory(shared_dir() + "/spec/validation-vectors"); }

std::string base64_encode(const std::string& bytes) {
  static const char* const kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::size_t n = std::min<std::size_t>(3, bytes.size() - i);
    unsigned v = 0;
    for (std::size_t k = 0; k < 3; ++k) v = v << 8 | (k < n ? static_cast<unsigned char>(bytes[i + k]) : 0u);
    for (std::size_t k = 0; k < 4; ++k) out += k <= n ? kAlphabet[(v >> (18 - 6 * k)) & 63] : '=';
  }
  return out;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

ValidationReport validate_fixture_catalog(const std::string& catalog) {
  DirectoryFileSource source(catalog);
  ValidationReport report = validate_catalog(source);
  profiles::ProfileOptions options;
  std::string error;
  INFO(catalog);
  REQUIRE(profiles::catalog_options(source, report.load, {}, "", catalog, options, error));
  CHECK(error.empty());
  profiles::apply_profiles(report, options);
  return report;
}

std::vector<std::string> list_dirs(const std::string& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (e.is_directory()) out.push_back(e.path().filename().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

namespace {

struct Node {
  std::string text;
  std::vector<Node> children;
};

std::string render(const Node& n, int depth) {
  std::string out(depth * 2, ' ');
  out += n.text + "\n";
  std::vector<std::string> kids;
  for (const Node& c : n.children) kids.push_back(render(c, depth + 1));
  std::sort(kids.begin(), kids.end());
  for (const std::string& k : kids) out += k;
  return out;
}

// Splits a tree line into (depth, text). Units are 4 code points: "├── ", "└── ", "│   ", "    ".
std::pair<int, std::string> split_tree_line(const std::string& line) {
  const std::string branch = "├── ", last = "└── ", pipe = "│   ", blank = "    ";
  int depth = 0;
  std::size_t i = 0;
  bool ended_with_branch = false;
  while (true) {
    if (line.compare(i, branch.size(), branch) == 0) { i += branch.size(); ended_with_branch = true; }
    else if (line.compare(i, last.size(), last) == 0) { i += last.size(); ended_with_branch = true; }
    else if (line.compare(i, pipe.size(), pipe) == 0) { i += pipe.size(); ended_with_branch = false; }
    else if (line.compare(i, blank.size(), blank) == 0) { i += blank.size(); ended_with_branch = false; }
    else break;
    ++depth;
  }
  if (!ended_with_branch) return {0, line};  // a continuation line of a multi-line leaf
  return {depth, line.substr(i)};
}

}  // namespace

std::string canonical_opm_output(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("# NOTE", 0) == 0) continue;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    lines.push_back(line);
  }
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  if (lines.empty() || lines[0] != "invalid index:") {
    std::string out;
    for (const std::string& l : lines) out += l + "\n";
    return out;
  }
  Node root{"invalid index", {}};
  std::vector<Node*> stack{&root};
  Node* last = &root;
  for (std::size_t k = 1; k < lines.size(); ++k) {
    auto [depth, body] = split_tree_line(lines[k]);
    if (depth == 0) {  // continuation of a multi-line leaf
      last->text += "\n" + body;
      continue;
    }
    if (!body.empty() && body.back() == ':') body.pop_back();
    stack.resize(static_cast<std::size_t>(depth));
    stack.back()->children.push_back(Node{body, {}});
    last = &stack.back()->children.back();
    stack.push_back(last);
  }
  return render(root, 0);
}

namespace {

class FunctionInvoker : public Catch::ITestInvoker {
 public:
  explicit FunctionInvoker(std::function<void()> f) : f_(std::move(f)) {}
  void invoke() const override { f_(); }

 private:
  std::function<void()> f_;
};

}  // namespace

void register_test(const std::string& name, const std::string& tags, std::function<void()> body) {
  static std::deque<std::string> names;  // Catch keeps StringRefs: the strings must live on
  names.push_back(name);
  const std::string& stored_name = names.back();
  names.push_back(tags);
  const std::string& stored_tags = names.back();
  Catch::AutoReg(new FunctionInvoker(std::move(body)), CATCH_INTERNAL_LINEINFO, Catch::StringRef(),
                 Catch::NameAndTags{stored_name, stored_tags});
}

void check_opm_output(const std::string& expected, const std::string& actual) {
  const std::string first_line = expected.substr(0, expected.find('\n'));
  const std::string actual_first = actual.substr(0, actual.find('\n'));
  INFO("expected:\n" << expected << "\nactual:\n" << actual);
  REQUIRE(actual_first == first_line);
  if (first_line == "LOAD ERROR:") return;
  const std::string rest_expected = expected.find('\n') == std::string::npos ? "" : expected.substr(expected.find('\n') + 1);
  const std::string rest_actual = actual.find('\n') == std::string::npos ? "" : actual.substr(actual.find('\n') + 1);
  CHECK(canonical_opm_output(rest_actual) == canonical_opm_output(rest_expected));
}

bool each_libyaml_event(const std::string& text, const std::function<bool(const yaml_event_t&)>& visit) {
  yaml_parser_t parser;
  yaml_parser_initialize(&parser);
  yaml_parser_set_input_string(&parser, reinterpret_cast<const unsigned char*>(text.data()), text.size());
  bool ok = true;
  for (bool done = false; !done;) {
    yaml_event_t event;
    if (!yaml_parser_parse(&parser, &event)) {
      ok = false;
      break;
    }
    const bool more = visit(event);
    done = !more || event.type == YAML_STREAM_END_EVENT;
    yaml_event_delete(&event);
  }
  yaml_parser_delete(&parser);
  return ok;
}

void check_same_as_written(const std::string& text) {
  const std::vector<YamlItem> want = read_yaml_stream_as_written(text);
  const std::vector<YamlItem> got = read_yaml_stream(text);
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    INFO("item " << i);
    REQUIRE(got[i].ok == want[i].ok);
    if (!want[i].ok) {
      CHECK(got[i].error.kind == want[i].error.kind);
      CHECK(got[i].error.position.line == want[i].error.position.line);
      CHECK(got[i].error.position.column == want[i].error.position.column);
      CHECK(got[i].error.message == want[i].error.message);
      CHECK(got[i].error.opm_message == want[i].error.opm_message);
      continue;
    }
    const Document& g = got[i].document;
    const Document& w = want[i].document;
    CHECK(g.value == w.value);
    CHECK(g.position.line == w.position.line);
    CHECK(g.position.column == w.position.column);
    REQUIRE(g.fields.size() == w.fields.size());
    for (std::size_t f = 0; f < w.fields.size(); ++f) {
      CHECK(g.fields.path(f) == w.fields.path(f));
      CHECK(g.fields.position(f).line == w.fields.position(f).line);
      CHECK(g.fields.position(f).column == w.fields.position(f).column);
    }
  }
}


}  // namespace fbclens::test
