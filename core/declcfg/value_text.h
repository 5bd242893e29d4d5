// The beginning of a JSON value's compact text, written without writing the rest: what a view shows
// of a property value (bundle details show its first 240 bytes) once the value itself has been
// released (declcfg.h: ConfigBuilder::release_decoded).
#pragma once

#include <cstddef>
#include <string>

#include "load/document.h"

namespace fbclens::declcfg {

/// The first `bytes` bytes of `value.dump(-1, ' ', false, Json::error_handler_t::replace)` (the
/// compact text, invalid UTF-8 replaced by U+FFFD), or all of it when it is shorter. The cut may
/// fall inside a character; a reader cuts it again where it shows it (utf8_cut_point). Writes at
/// most about `bytes` of text however large the value (long strings are escaped from their
/// beginning only), and recurses at most `bytes` levels (each level writes a byte). Never fails.
std::string compact_json_prefix(const Json& value, std::size_t bytes);

}  // namespace fbclens::declcfg
