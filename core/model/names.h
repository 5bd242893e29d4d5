// Syntax rules opm applies to names, image references and releases (spec validation.md §2.1,
// §2.10, §5.3), returning opm's exact error texts.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "semver/blang.h"

namespace fbclens {

/// k8s IsDNS1123Label: the list of problems with `name` (empty = valid), in k8s's wording.
std::vector<std::string> dns1123_label_errors(std::string_view name);

/// docker/reference ParseNormalizedNamed + go-digest validation, as opm uses it for bundle
/// images and relatedImages. Returns "" when `ref` is a valid pull spec, else the library's
/// message (e.g. "invalid reference format: repository name must be lowercase").
std::string image_reference_error(std::string_view ref);

/// model.NewRelease: a release is dot-separated pre-release identifiers, at most 20 bytes.
/// Returns false with `error` = "invalid release %q: ...".
bool parse_release(std::string_view release, std::vector<semver::PrereleaseId>& out, std::string& error);

/// Natural order of names (channel names in the explorer and the package layout): runs of digits
/// compare as numbers ("stable-3.9" before "stable-3.10"); equal numbers with more leading zeros,
/// then plain byte order, break ties, so the order is total. Strict weak ordering for std::sort.
bool natural_less(const std::string& a, const std::string& b);

}  // namespace fbclens
