// A bundle object's manifest, read for its ClusterServiceVersion fields only.
#pragma once

#include <string_view>

#include "load/document.h"

namespace fbclens::property {

/// nlohmann::json::parse(json, csv_fields_filter(), false) (property.h): the manifest's kind, and of
/// its metadata and spec what csv_metadata_from_manifest reads, or a discarded value when `json` is
/// not JSON. The same value, built from only those members: the rest is checked (json_skim.h
/// json_valid) but not parsed, which is most of a CSV's bytes (its deployments, CRD descriptors and
/// alm-examples). Falls back to the filtered parse for keys written with escapes.
Json csv_manifest_from_json(std::string_view json);

}  // namespace fbclens::property
