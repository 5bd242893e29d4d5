// What the repository verbs share (cli/repository.cpp): `validate REPO`, and the folders of
// --bundles-from opened as sources of bundle content for rendering templates.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "load/file_source.h"
#include "profile_options.h"
#include "repo/discover.h"
#include "repo/repository.h"

namespace fbclens::cli {

/// The folders of --bundles-from, opened: the sources (kept alive) and their list as core takes it.
struct OpenedSources {
  std::vector<std::unique_ptr<FileSource>> sources;
  std::vector<repo::BundleSource> list;
};

/// Opens each folder of `folders` into `out`; false (after printing why) when one cannot be read.
bool open_bundle_sources(const std::vector<std::string>& folders, OpenedSources& out);

/// `validate REPO` for a folder discovery found to be a repository (core/repo/repository.h):
/// each catalog's report, then the templates and drift; `output` is text, json, sarif or opm.
/// Returns the exit status (repo::exit_status; with opm, 1 when any catalog is not VALID).
int validate_repository(const std::string& path, const FileSource& source, const repo::Discovery& discovery,
                        const std::string& output, const ProfileFlags& flags, const std::vector<std::string>& bundles_from);

}  // namespace fbclens::cli
