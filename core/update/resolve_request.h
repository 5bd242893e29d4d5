// One resolve request, install or upgrade (`fbclens resolve`, the JS API's resolve): an install
// is deps::resolve_install; an upgrade resolves the dependencies of Classic's upgrade candidates
// for the installed bundle (classic_next with a deps::CandidateResolver), which only core/update
// knows how to find.
#pragma once

#include "deps/resolve.h"
#include "model/model.h"

namespace fbclens::update {

/// Resolves `request` in `model`. Without installed_bundle: deps::resolve_install. With it: the
/// candidates of classic_next for that bundle on request.channel ("" = every channel, the
/// default first), each with its dependencies, the installed bundle staying when none can be met
/// (Resolution::ok false, no error; no candidate at all when nothing upgrades from it). Errors
/// (Resolution::error): OLM's for an unknown package or channel or an unreadable dependency, and
/// "installed bundle B is not in package P; give its version ..." when B is not in the catalog
/// and no installed_version is given. starting_bundle is ignored for an upgrade (OLM reads
/// startingCSV only when nothing is installed). Never throws.
deps::Resolution resolve_request(const model::Model& model, const deps::InstallRequest& request);

}  // namespace fbclens::update
