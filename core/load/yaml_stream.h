// Reading a multi-document YAML file as opm does (spec validation.md §1.5): line-based
// chunking on "---", then each chunk YAML(1.1, go-yaml v2 rules) → JSON.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "load/document.h"

namespace fbclens {

/// A problem with one YAML chunk; other chunks are still read.
struct YamlChunkError {
  enum class Kind { Syntax, BadSeparator, EmptyChunk, Limit };
  Kind kind;
  std::string message;      ///< ours
  std::string opm_message;  ///< what opm prints (go-yaml / apimachinery wording where known)
  TextPosition position;
};

/// One item of a YAML stream, in file order: a document or an error.
struct YamlItem {
  bool ok = false;
  Document document;     ///< when ok
  YamlChunkError error;  ///< when !ok
};

/// Splits `text` into chunks by opm's rules and converts each to JSON, handing each item (a
/// document or a chunk's error) to `visit` as soon as it is read, in file order, so a caller can
/// keep only what it needs of each while the rest is read. `first_line` is the line number of
/// text[0] in its file (for the JSON→YAML fallback, which starts mid-file). Never throws (unless
/// `visit` does); alias expansion and nesting are bounded.
void read_yaml_stream(std::string_view text, std::uint32_t first_line, const std::function<void(YamlItem&&)>& visit);

/// The same, collecting every item: for callers that need them all before they decide.
std::vector<YamlItem> read_yaml_stream(std::string_view text, std::uint32_t first_line = 1);

/// The same items, with every value read by libyaml from the text as written: read_yaml_stream cuts
/// long values out of what libyaml parses and puts them back (stand-ins, yaml_stream.cpp), and reads
/// chunks of the plain shape rendered catalogs have without libyaml (yaml_plain_scan.h); it must give
/// exactly these items. Slower; the reference it is tested against.
std::vector<YamlItem> read_yaml_stream_as_written(std::string_view text, std::uint32_t first_line = 1);

/// How plain scalars are typed.
enum class YamlSchema {
  GoYamlV2,  ///< YAML 1.1 as go-yaml v2 (opm): y/yes/on → true, 0755 → octal, ...
  Core12,    ///< YAML 1.2 core schema: only true/false are booleans (for files written as YAML 1.2)
};

/// Converts one YAML document (no "---" splitting) to JSON, as sigs.k8s.io/yaml does with
/// go-yaml v2 (or with the YAML 1.2 core schema). Used for olm.bundle.object payloads and for
/// reading the spec's test vectors. Returns false with `error` set on failure; an empty document
/// gives null.
bool yaml_to_json(std::string_view text, Json& out, std::string& error, YamlSchema schema = YamlSchema::GoYamlV2);

}  // namespace fbclens
