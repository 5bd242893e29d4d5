// The install findings of one package (codes FBC46xx, Phase::Advice: Warning or Info, never in
// opm's verdict): upgrade edges that drop an install mode, unusable installModes, owned CRD names
// OLM cannot read, channel heads the console cannot install, conversion webhooks with other modes,
// APIs another package owns too, channel heads OLM v1 refuses, invalid minKubeVersions,
// OperatorHub metadata of channel heads, and APIs Kubernetes removed. One function from (model,
// package) to findings, so a per-package table of analyses can hold it as one row.
#pragma once

#include <vector>

#include "findings/finding.h"
#include "install/provided_apis.h"
#include "model/model.h"

namespace fbclens::install {

/// Every install finding of `pkg` (a package of `model`), located at the object that causes it
/// (the channel entry of an edge's target, the bundle, the package). `owners`: the model's API
/// owners when the caller judges many packages (build it once); nullptr builds it here, which
/// costs a pass over every bundle of the model. Never fails.
std::vector<Finding> install_findings(const model::Model& model, const model::Package& pkg, const ApiOwners* owners = nullptr);

}  // namespace fbclens::install
