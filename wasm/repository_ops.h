// The protocol's repository operations (their rows are in wasm/protocol.cpp; repository_state.h
// says how a repository lives in the Session).
#pragma once

#include "load/document.h"
#include "wasm/protocol.h"

namespace fbclens::wasm {

/// `view` (a catalog_view_json answer) with `repository` (repository_overview_json) added when
/// the Session holds a repository; unchanged otherwise, so a single catalog's load answer keeps
/// its bytes.
Json with_repository(Json view, const Session& session);

/// selectRoot {root}: the root's explorer view as load answers it (with `repository`, whose
/// `current` is now `root`). NotFound for a root the repository does not have; NoCatalog when no
/// repository is loaded.
Answer select_root_op(Session& session, const Json& args);

/// matrix {}: the version matrix, exactly the CLI's `matrix REPO --output json`.
Answer matrix_op(Session& session, const Json& args);

/// repositoryReport {}: the CLI's `validate REPO --output json` for the loaded repository (files
/// relative to it; drift among each template's findings, located at the template file). Runs the
/// root shown's deferred analyses first (Session::complete_report), so it never differs from it.
Answer repository_report_op(Session& session, const Json& args);

/// repositoryOverview {}: repository_overview_json of the loaded repository, as it is now (after a
/// deferred root's analyses, its analysesComplete and findingCounts have changed). NoCatalog when
/// no repository is loaded.
Answer repository_overview_op(Session& session, const Json& args);

}  // namespace fbclens::wasm
