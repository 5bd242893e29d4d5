// What fbclens is and whose behaviour it follows, for `fbclens --version`, SARIF's tool block and
// anything else that must say so.
#pragma once

namespace fbclens {

/// fbclens's own version (semver; raised when behaviour users can see changes).
inline constexpr const char* kFbclensVersion = "0.11.0";

/// The upstream `opm` whose `validate` and `alpha render-graph` fbclens reproduces byte for byte:
/// operator-registry at 4f9d6f222b01, just after tag v1.73.0 (spec validation.md, header).
inline constexpr const char* kOpmVersion = "v1.73.0 (operator-registry 4f9d6f222b01)";

}  // namespace fbclens
