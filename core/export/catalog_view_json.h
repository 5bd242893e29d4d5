// The catalog as a browser shows it, as data: what the app's explorer and findings panels need,
// computed where the catalog lives (the Web Worker) and posted to the UI thread as JSON, so the UI
// never holds the model itself.
#pragma once

#include "validate/validate.h"

namespace fbclens {

/// The explorer view of `report`:
///   {summary: <summary_json>,
///    packages: [{name, defaultChannel, deprecation: TEXT|null, where, findings,
///                channels: [{name, isDefault, deprecation, where, findings,
///                            bundles: [{name, version, image, properties, relatedImages,
///                                       bundleObjects, head, deprecation, where}]}]}]}
/// Packages are sorted by name; a package's channels start with its default channel, then the
/// rest in natural order ("stable-3.6" before "stable-3.10"); bundles newest first (SemVer
/// precedence, entries without a known version last). `where` is "file:line" of the object's opening (spec §1.6),
/// "" when the object has no blob (a package known only from its bundles). `findings` counts the
/// findings whose object is inside the row. `head` is set on every channel head (an entry
/// no other entry replaces or skips; several when the channel is broken, which a finding reports).
Json catalog_view_json(const ValidationReport& report);

/// The `packages` member of catalog_view_json alone (the worker writes the view's text from it and
/// the Summary's text it keeps, so the Summary is built once per load).
Json catalog_packages_json(const ValidationReport& report);

}  // namespace fbclens
