// "With X installed, where does it go next?": the one upgrade request type, the one parser that
// the CLI (`fbclens upgrade-path`) and the JS API (`upgradePath`) share, so both have the same
// defaults and the same errors, and the orchestration of one answer (next steps and walks of both
// OLMs, fresh install included). update/upgrade_view.h shapes the answer for the views.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "install/olm_v1_install.h"
#include "load/document.h"
#include "model/model.h"
#include "update/classic.h"
#include "update/explain.h"
#include "update/olm_v1.h"

namespace fbclens::update {

/// The request's fields as the user gives them: CLI flags or the JS API's JSON keys (in brackets).
/// Empty strings mean "not given".
struct UpgradeFields {
  std::string package;               ///< --package [package]; required
  std::string installed_bundle;      ///< --installed-bundle [installedBundle]; "" = a fresh install
  std::string installed_version;     ///< --installed-version [installedVersion]; default: that bundle's olm.package version
  std::string subscription_channel;  ///< --subscription-channel [subscriptionChannel]: Classic's spec.channel
  std::string starting_csv;          ///< --starting-csv [startingCsv]: Classic's spec.startingCSV
  std::vector<std::string> channels; ///< --channel... [channels]: OLM v1's channels
  std::string version;               ///< --version [version]: OLM v1's version range (Masterminds)
  std::string policy;                ///< --policy [policy]: CatalogProvided (default) or SelfCertified
  bool explain = false;              ///< --explain [explain]: add each walk's step-by-step explanation (explain.h)
  bool ignore_dependencies = false;  ///< --ignore-dependencies [ignoreDependencies]: Classic from the graph alone
  std::vector<std::string> cluster_provides;  ///< --cluster-provides... [clusterProvides]: "g/v/Kind" or "package@version"
};

/// A checked request: the installed bundle (absent = fresh install), Classic's Subscription fields
/// and OLM v1's ClusterExtension fields.
struct UpgradeRequest {
  std::string package;
  std::optional<Installed> installed;
  ClassicOptions classic;  ///< channel, startingCSV
  V1Options v1;            ///< channels, version, policy
  bool explain = false;    ///< also explain every step of both walks
  bool dependencies = true;       ///< Classic resolves each candidate's dependencies (issue 15)
  deps::ClusterProvides cluster;  ///< what the cluster already has, for those dependencies
};

/// Reads UpgradeFields from the JS API's JSON object. Returns "" on success, else the error:
/// "request must be a JSON object", "request field K must be a string" (an array of strings for
/// channels and clusterProvides, a boolean for explain and ignoreDependencies). Unknown keys are
/// ignored.
std::string upgrade_fields_from_json(const Json& request, UpgradeFields& out);

/// Why a request was refused, so callers can answer in their own terms (the CLI exits 2; the JS
/// protocol answers badRequest or notFound) without reading the message.
struct RequestError {
  enum class Kind { Malformed, NotFound };
  Kind kind = Kind::Malformed;
  std::string message;
};

/// Checks `fields` against `model`. Returns the request, or nullopt with `error` set to:
///   Malformed: "request needs a package", "unknown policy X (CatalogProvided or SelfCertified)",
///              deps::parse_cluster_provides's error for a clusterProvides entry;
///   NotFound:  "package P is not in the catalog", "installed bundle B is not in package P; give its
///              version ..." (only when no installed version is given: a bundle pruned from the
///              catalog may still be installed).
std::optional<UpgradeRequest> make_upgrade_request(const UpgradeFields& fields, const model::Model& model,
                                                   RequestError& error);

/// Both OLMs' answers to one request (successors.md §1 and §2): the next step and the whole walk.
/// A walk lists bundle names from the installed bundle, or on a fresh install from the first
/// pick, to the fixed point; it is empty when there is nothing to walk from.
struct UpgradeAnswer {
  ClassicResult classic;
  std::vector<std::string> classic_walk;
  V1Result v1;
  std::vector<std::string> v1_walk;
  /// With request.explain: each walk explained step by step (explain.h), the first step being
  /// the answer above; empty otherwise.
  std::vector<StepExplanation> classic_steps, v1_steps;
  /// Whether Classic's answer took dependencies into account (request.dependencies and a model).
  bool classic_dependencies = false;
  /// Whether OLM v1 can install the bundle it moves to (install/olm_v1_install.h): set when the
  /// answer had a model and v1's next is another bundle than the installed one; a target v1
  /// resolves but then refuses to install leaves the cluster where it is.
  std::optional<install::V1Installability> v1_next_installability;
};

/// Answers `request` (made by make_upgrade_request against the same model) on its package's graph.
/// With `model` (the catalog the graph came from) and request.dependencies, Classic's picks
/// resolve dependencies (ClassicOptions::dependencies; each step of the walk on its own, with the
/// same cluster: what an earlier step installed along is not added to it). Without a model, or
/// with request.dependencies false, Classic answers from the graph alone. OLM v1 is unaffected.
UpgradeAnswer answer_upgrade(const PackageGraph& graph, const UpgradeRequest& request,
                             const model::Model* model = nullptr);

}  // namespace fbclens::update
