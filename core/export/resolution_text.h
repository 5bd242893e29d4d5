// OLM Classic's dependency resolution as text for people: what `fbclens resolve` prints without
// --output json, from the struct its JSON is written from (deps/resolution_view.h).
#pragma once

#include <string>

#include "deps/resolution_view.h"

namespace fbclens {

/// `resolve`'s text for `resolution`, the answer about `package` (the request's; named when the
/// resolution fails) and `installed_bundle` (the request's installed bundle; "" for an install):
/// the error ("resolution of P fails: ..."), or the bundles installed, each with the constraint
/// that pulled it in and its failureMessage, and the notes; or, when nothing resolves, that
/// Classic stays on the installed bundle (saying whether any candidate upgraded from it) or cannot
/// resolve the package. Then the candidates skipped, in Classic's preference order, each with its
/// unmet constraints, where they are declared and their failureMessage. Lines end with "\n".
std::string render_resolution_text(const deps::ResolutionView& resolution, const std::string& package,
                                   const std::string& installed_bundle);

}  // namespace fbclens
