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
/// (in file order), so a caller can keep only what it needs of each while the rest is read. Each
/// value is nlohmann's parse of its text; long strings are read as parse_json_value reads them.
/// Values may be any JSON type (the caller rejects non-objects). Stops at the first malformed
/// value. Never throws (unless `visit` does); O(n).
JsonStreamEnd read_json_stream(std::string_view text, const std::function<void(Document&&)>& visit);

/// The same, collecting every value: for callers that need them all before they decide (the
/// repository's discovery, templates, tests).
JsonStreamResult read_json_stream(std::string_view text);

/// Which members of a JSON value a parse keeps, judged by their keys alone (a CSV manifest's
/// filter: property::csv_member_filter). `keep` is asked about each member whose key is at most
/// `max_depth` containers deep (the root object is depth 1), with `path` holding one entry per
/// container from the root to that member: the key of the member each object level is in, and ""
/// for an array level. A member kept is kept whole below `max_depth`; a member dropped is dropped
/// whole.
struct JsonMemberFilter {
  bool (*keep)(const std::vector<std::string>& path) = nullptr;
  int max_depth = 0;
};

/// The nlohmann parser callback that applies `filter` (copied; a max_depth below 1 judges nothing): what
/// parse_json_value's answer must equal, and what it uses where it cannot cut.
Json::parser_callback_t member_filter_callback(const JsonMemberFilter& filter);

/// One JSON value, `text` whole: the same Json as `Json::parse(text, member_filter_callback(*filter),
/// false)` (discarded when `text` is not one JSON value, trailing whitespace allowed; no filter:
/// everything kept), faster in two ways:
/// - long string values (256 bytes or more: a CSV manifest's base64 icons, its description and
///   JSON examples) bypass nlohmann's character-at-a-time lexer, as in read_json_stream: copied
///   when plain (printable ASCII without escapes), else decoded by decode_json_string (one that it
///   rejects is left to nlohmann, which rejects it too);
/// - the value of a member `filter` drops (a CSV's deployment specs and CRD descriptors) is cut from
///   the text nlohmann reads when a strict check finds it to be one JSON value that nlohmann would
///   accept there (and replaced by `0`, which the filter drops in its place); anything the check
///   is unsure of (an escaped key, a number that might not fit a double, malformed text) is left to
///   nlohmann, so a malformed manifest is still discarded as before.
/// `bytes_cut` (optional) receives how many bytes the second shortcut kept from nlohmann.
/// Never throws; O(n).
Json parse_json_value(std::string_view text, const JsonMemberFilter* filter, std::size_t* bytes_cut = nullptr);

/// The content of one JSON string (the bytes between its quotes) decoded as nlohmann's lexer decodes
/// it, into `out` (replaced): the escapes (a backslash followed by one of "\\/bfnrt, or by u and
/// four hex digits, surrogate pairs joined) as UTF-8, every other byte as it is. False (and `out`
/// unspecified) wherever nlohmann rejects the string: a control byte below 0x20, an unescaped '"',
/// malformed UTF-8 (RFC 3629, as utf8_char_length), an unknown escape, a u escape without four hex
/// digits, or a lone surrogate. Runs of bytes that need no decoding are copied whole
/// (plain_json_string_run_end), where nlohmann copies a byte at a time: CSV manifests'
/// descriptions and JSON-in-annotation examples are megabytes of escaped text. O(n).
bool decode_json_string(std::string_view content, std::string& out);

/// True when the first non-whitespace byte within the first 4096 bytes is '{' (opm's sniffing:
/// such a file is a JSON stream, anything else YAML).
bool looks_like_json(std::string_view text);

/// Line and column (1-based, bytes) of byte `offset` in `text`. O(offset).
TextPosition position_of_offset(std::string_view text, std::size_t offset);

}  // namespace fbclens
