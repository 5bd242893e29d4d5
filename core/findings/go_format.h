// Go fmt verbs as opm's messages use them, so our "opm text" is byte-identical to opm's.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "load/document.h"

namespace fbclens {

/// Go's %q for a string: double-quoted with Go escapes (\" \\ \n \t \xNN \uNNNN).
std::string go_quote(std::string_view s);

/// Go's %v of a JSON value decoded into interface{} (float64, string, bool, nil, map, slice).
std::string go_format_v(const Json& value);

/// Go's %t of such a value (e.g. "%!t(float64=5)", "%!t(<nil>)", "true").
std::string go_format_t(const Json& value);

/// Go's %v of a []string: "[a b c]".
std::string go_string_slice(const std::vector<std::string>& items);

/// Go's strconv.FormatFloat(f, 'g', -1, 64), i.e. %v of a float64.
std::string go_format_float(double f);

}  // namespace fbclens
