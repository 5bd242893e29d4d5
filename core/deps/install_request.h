// The resolve request as the user gives it, and its one checker: the CLI (`fbclens resolve`'s
// flags) and the JS API (the `resolve` operation's JSON) both go through make_install_request, so
// they have the same defaults and refuse the same requests with the same words.
#pragma once

#include <string>
#include <vector>

#include "deps/resolve.h"
#include "load/document.h"

namespace fbclens::deps {

/// The request's fields as given: CLI flags or the JS API's JSON keys (in brackets). Empty strings
/// mean "not given".
struct InstallFields {
  std::string package;            ///< --package [package]; required
  std::string channel;            ///< --channel [channel]: the Subscription's channel ("" = every channel)
  std::string starting_bundle;    ///< --starting-bundle [startingBundle]: the Subscription's startingCSV
  std::string installed_bundle;   ///< --installed-bundle [installedBundle]: resolve its upgrade instead
  std::string installed_version;  ///< --installed-version [installedVersion]: for a bundle no longer in the catalog
  std::vector<std::string> cluster_provides;  ///< --cluster-provides... [clusterProvides]: "g/v/Kind" or "package@version"
};

/// Checks `fields` into `out`. Returns "" on success, else the first error of: "request needs a
/// package", "give startingBundle or installedBundle, not both", parse_cluster_provides's error
/// for the first clusterProvides entry that does not parse.
std::string make_install_request(const InstallFields& fields, InstallRequest& out);

/// Reads the JS API's resolve request {package, channel?, startingBundle?, installedBundle?,
/// installedVersion?, clusterProvides?: [..]} into `out` (make_install_request over its fields).
/// Returns "" on success, else the error: "request must be a JSON object", "request field K must
/// be a string", make_install_request's errors, and "request field clusterProvides must be an
/// array of strings" (after those of the entries before a non-string one). Null counts as absent;
/// unknown keys are ignored.
std::string install_request_from_json(const Json& request, InstallRequest& out);

}  // namespace fbclens::deps
