// The YAML that catalogs are rendered as, scanned without libyaml: the event stream libyaml would
// give for text of that plain shape, or a refusal, after which the caller parses the text with
// libyaml. Internal to core/load (it speaks libyaml's event type); yaml_stream.cpp uses it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <yaml.h>

namespace fbclens {

/// The length in bytes (2-4) of the non-ASCII character starting at text[i] when it is well-formed
/// UTF-8 that libyaml's reader passes and reads as text, not as a line break; 0 otherwise: bad
/// UTF-8, C1 controls (NEL among them), U+2028, U+2029, U+FFFE and U+FFFF. `text[i]` must be
/// 0x80 or above. (The plain scan and the stand-ins of yaml_stream.cpp both check text with it.)
std::size_t yaml_text_char_length(std::string_view text, std::size_t i);

/// Scans `text` (one YAML document, as read_yaml_stream cuts a stream into chunks) and fills `events`
/// with exactly the events libyaml 0.2.5's parser reports for it: STREAM-START, DOCUMENT-START,
/// the document's mapping, sequence and scalar events, DOCUMENT-END, STREAM-END. A scalar's value
/// points into `text` when it is there as written, else into `storage` (folded lines, escapes);
/// values are not NUL-terminated (use `length`), tags and anchors are null, and each event's
/// `start_mark` holds the 0-based line and column libyaml gives; other mark fields and `end_mark`
/// are left zero. The events are valid while `text` and `storage` are, and `storage` unchanged.
///
/// Why: libyaml's scanner is about 40% of loading a YAML catalog (tests/bench/README.md), and
/// `opm render -o yaml` writes a narrow, regular subset of YAML. Only that subset is taken: a block
/// mapping at column 0 as the root (after an optional "---" line); block mappings whose keys are
/// plain words ([A-Za-z0-9._/], then also '-') followed by ": " or by ':' at the line's end; block
/// sequences, indented or at their key's column; values that are plain scalars, single- or
/// double-quoted scalars (escapes and folded lines as libyaml reads them), `[]` or `{}`, starting on
/// the key's or the entry's line and going on over deeper lines; text that is printable ASCII, '\n'
/// and well-formed UTF-8 that libyaml reads as text. Anything else (comments, tabs, '\r', anchors,
/// aliases, tags, block scalars, flow collections with content, quoted or complex keys, an empty
/// value, a key of over 1,000 bytes, "---" or "..." after the start, a quoted scalar's line that is
/// not deeper than its collection) returns false, and `events` and `storage` are then unspecified.
/// Never reads outside `text`; runs in time linear in its size.
bool scan_plain_yaml(std::string_view text, std::vector<yaml_event_t>& events, std::string& storage);

}  // namespace fbclens
