// Reading a file of concatenated JSON values ("{...}{...}" or one per line), as Go's streaming
// decoder does for FBC JSON files (spec validation.md §1.5).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "load/document.h"

namespace fbclens {

/// Why a stream stopped early.
struct StreamError {
  std::string message;   ///< ours, e.g. "JSON syntax error: unexpected end of input; expected '}'"
  TextPosition position;
  bool depth_limit = false;  ///< nesting deeper than kMaxNestingDepth
};

/// The values read from a JSON stream.
struct JsonStreamResult {
  std::vector<Document> documents;  ///< every value decoded before any error
  std::optional<StreamError> error;
  std::size_t resume_offset = 0;    ///< byte offset just after the last good value
};

/// How a JSON stream read value by value ended.
struct JsonStreamEnd {
  std::size_t values = 0;           ///< values handed to the visitor
  std::optional<StreamError> error;
  std::size_t resume_offset = 0;    ///< byte offset just after the last good value
};

/// Decodes the concatenated JSON values of `text`, handing each to `visit` as soon as it is read
/// (in file order), so a caller can keep only what it needs of each while the rest is read.
/// Values may be any JSON type (the caller rejects non-objects). Stops at the first malformed
/// value. Never throws (unless `visit` does); O(n).
JsonStreamEnd read_json_stream(std::string_view text, const std::function<void(Document&&)>& visit);

/// The same, collecting every value: for callers that need them all before they decide (the
/// repository's discovery, templates, tests).
JsonStreamResult read_json_stream(std::string_view text);

/// One JSON value, `text` whole: the same Json as `Json::parse(text, filter, false)` (discarded when
/// `text` is not one JSON value, trailing whitespace allowed), faster when it holds long plain
/// strings (a CSV manifest's base64 icons): those bypass nlohmann's character-at-a-time lexer, as
/// in read_json_stream. `filter` (nlohmann's parser callback; may be empty) must judge by keys and
/// structure only: in place of each plain string (printable ASCII, no escape) of 256 bytes or more
/// it sees a short placeholder. Never throws (unless `filter` does); O(n).
Json parse_json_value(std::string_view text, const Json::parser_callback_t& filter);

/// True when the first non-whitespace byte within the first 4096 bytes is '{' (opm's sniffing:
/// such a file is a JSON stream, anything else YAML).
bool looks_like_json(std::string_view text);

/// Line and column (1-based, bytes) of byte `offset` in `text`. O(offset).
TextPosition position_of_offset(std::string_view text, std::size_t offset);

}  // namespace fbclens
