// The fbclens CLI's commands. Each takes the arguments after its name and returns the exit
// status: 0 success (valid), 1 invalid, 2 usage or I/O error.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "load/file_source.h"
#include "repo/discover.h"

namespace fbclens::cli {

int validate_command(int argc, char** argv);
int upgrade_path_command(int argc, char** argv);
int semver_command(int argc, char** argv);
int divergence_command(int argc, char** argv);
/// hub-preview CATALOG --package PKG [--channel CH] [--version V] [--console 4.x] [--output text|json]:
/// what OperatorHub shows (core/hub/hub_preview.h); unknown package/channel/version/console exit 2.
int hub_preview_command(int argc, char** argv);
/// render-graph CATALOG [--package-name P] [--minimum-edge BUNDLE] [--draw-v0-semantics]: opm alpha
/// render-graph's Mermaid text (core/export/mermaid.h); exits 1 where opm fails.
int render_graph_command(int argc, char** argv);
/// export-graph CATALOG --package P [--channel C] --format dot|svg|json [--theme light|dark]
/// [--columns-per-row N]: the upgrade graph as DOT, SVG or layout JSON (core/export/graph_export.h);
/// an unknown package or channel exits 2.
int export_graph_command(int argc, char** argv);

/// diff OLD NEW [--output text|json] [--profile pruning]: what changed between two catalogs
/// (core/diff/diff.h); exits 1 when the pruning profile finds a removal Konflux forbids.
int diff_command(int argc, char** argv);
/// resolve CATALOG --package P [--channel C] [--starting-bundle B] [--cluster-provides GVK|pkg@ver]...
/// [--output text|json]: the bundles OLM Classic installs for a new Subscription, dependencies included
/// (core/deps/resolve.h). Exits 0 when it resolves, 1 when it does not, 2 on usage or I/O errors.
int resolve_command(int argc, char** argv);

/// install-preview CATALOG [--package P [--bundle B]] [--console 4.x] [--output text|json]: what
/// installing takes (core/install/install_preview.h); an unknown package, bundle or console exits 2.
int install_preview_command(int argc, char** argv);
/// matrix REPO [--output text|json]: the version matrix of a catalog repository (core/repo/matrix.h).
int matrix_command(int argc, char** argv);
/// render-template TEMPLATE [--bundles-from DIR]... [--output json|yaml]: the template rendered
/// offline as opm alpha render-template prints it (core/template/write.h); exits 1 when a rule
/// fails or an image no catalog holds is named.
int render_template_command(int argc, char** argv);

/// open_catalog_path (core/load/file_source.h), printing the error when PATH cannot be read.
std::unique_ptr<FileSource> open_catalog(const std::string& path);

struct ProfileFlags;
/// `validate REPO` for a folder discovery found to be a repository (core/repo/repository.h):
/// each catalog's report, then the templates and drift; `output` is text, json, sarif or opm.
int validate_repository(const std::string& path, const FileSource& source, const repo::Discovery& discovery,
                        const std::string& output, const ProfileFlags& flags, const std::vector<std::string>& bundles_from);

/// Prints the usage to stdout (for --help).
void print_usage();

/// Prints `message` and the usage to stderr; returns 2.
int usage_error(const std::string& message);

}  // namespace fbclens::cli
