// The upgrade-path and divergence answers as JSON: one shape for the CLI (`fbclens upgrade-path
// --output json`, `fbclens divergence --output json`) and the JS API (`fbclens.upgradePath`).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "load/document.h"
#include "update/divergence.h"

namespace fbclens {

/// What is asked: the installed bundle (absent = fresh install), Classic's Subscription fields and
/// OLM v1's ClusterExtension fields.
struct UpgradeRequest {
  std::string package;
  std::optional<update::Installed> installed;
  std::string subscription_channel;  ///< Classic spec.channel ("" = unset)
  std::string starting_csv;          ///< Classic spec.startingCSV
  update::V1Options v1;              ///< channels, version, policy
};

/// {"classic": {"candidates": [..], "next": NAME|null, "error": TEXT|null, "walk": [..]},
///  "v1": {"successors": [..], "next": NAME|null, "error": TEXT|null, "walk": [..]}}
/// Classic's next is null when it stays; v1's next is the bundle v1 resolves to (possibly the
/// installed one). Walks list bundle names from the installed bundle (or, on a fresh install, from
/// the first pick) to the fixed point.
Json upgrade_path_json(const update::PackageGraph& graph, const UpgradeRequest& request);

/// {"package", "differing", "stranded", "rows": [{channel, installed, installedVersion, classic:
/// {next, error, walk}, v1: {next, error, walk}, differs, classicStranded}]}
Json divergence_json(const update::DivergenceReport& report);

}  // namespace fbclens
