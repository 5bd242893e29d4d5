// fbclens command-line interface: the same core as the browser app, for CI and scripts.
#include <cstdio>
#include <string>

#include "commands.h"
#include "version.h"

namespace fbclens::cli {

namespace {

constexpr const char* kUsage =
    "usage:\n"
    "  fbclens validate PATH [--output text|json|sarif|opm]\n"
    "      PATH is a catalog folder or a single file. text: findings for people (default); json: every\n"
    "      finding and the summary; sarif: SARIF 2.1.0; opm: exactly opm's VALID / INVALID: / LOAD ERROR: text.\n"
    "      [--profile opm|konflux|operator-pipelines|operatorhub[,...]] [--ocp-version X.Y] [--config FILE]\n"
    "      [--konflux-registries PREFIX,...] [--operator-pipelines-registries PREFIX,...]\n"
    "      Check profiles add the catalog checks of Konflux's validate-fbc, the operator pipelines and\n"
    "      OperatorHub, and fail the run (1) when theirs fail; opm always runs. Settings also come from\n"
    "      .fbclens.yaml in the catalog's folder or above; the OpenShift version also from a vX.Y folder.\n"
    "      [--single-catalog] [--bundles-from DIR]...\n"
    "      A folder holding several catalogs (one per OpenShift version: v4.16/catalog, catalog/v4.17/<pkg>,\n"
    "      catalogs/v4.18, catalog-4-14) or catalog templates is validated as a repository: each catalog on\n"
    "      its own (its version from its folder), each template with opm render-template's rules, rendered\n"
    "      offline from the bundles the catalogs (and --bundles-from) hold and compared with the catalog it\n"
    "      renders (drift). --single-catalog validates the folder as one catalog, as opm would.\n"
    "  fbclens upgrade-path CATALOG --package PKG [--installed-bundle NAME [--installed-version VERSION]]\n"
    "      [--subscription-channel CH] [--starting-csv NAME] [--channel CH]... [--version RANGE]\n"
    "      [--policy CatalogProvided|SelfCertified] [--explain] [--output text|json]\n"
    "      [--cluster-provides group/version/Kind|package@version]... [--ignore-dependencies]\n"
    "      What OLM Classic (Subscription fields) and OLM v1 (ClusterExtension fields) pick next, and their walks.\n"
    "      The installed version defaults to the bundle's own; give it for a bundle no longer in the catalog.\n"
    "      Classic skips candidates whose dependencies neither the catalog nor --cluster-provides meet\n"
    "      (--ignore-dependencies: the upgrade graph alone).\n"
    "  fbclens semver --flavor blang|masterminds --range RANGE VERSION...\n"
    "      Prints 'VERSION true|false' per version; an invalid range exits 2 with the parser's error.\n"
    "  fbclens divergence CATALOG [--package PKG] [--output text|json] [--report-only]\n"
    "      For every channel and installed bundle: where Classic and v1 differ, and where Classic strands it.\n"
    "      Exits 1 when Classic strands a bundle, unless --report-only.\n"
    "  fbclens --version\n"
    "      The fbclens version and the opm version whose behaviour it follows.\n"
    "  fbclens hub-preview CATALOG --package PKG [--channel CH] [--version VERSION] [--console 4.16..4.21]\n"
    "      [--output text|json]\n"
    "      What the OpenShift console's OperatorHub shows: listed or hidden (and why), tile, details alert,\n"
    "      channel and version dropdowns. Console defaults to 4.21; channel and version to the console's picks.\n"
    "  fbclens render-graph CATALOG [--package-name|-p PKG] [--minimum-edge BUNDLE] [--draw-v0-semantics]\n"
    "      The upgrade graphs as Mermaid, byte for byte what `opm alpha render-graph` prints, with its\n"
    "      warnings on stderr. Exits 1 where opm fails (catalog does not load, bad bundle version,\n"
    "      unknown --minimum-edge).\n"
    "  fbclens export-graph CATALOG --package PKG [--channel CH] --format dot|svg|json [--theme light|dark]\n"
    "      [--columns-per-row N]\n"
    "      The upgrade graph of a channel, or of the whole package with a lane per channel, as Graphviz DOT,\n"
    "      a self-contained SVG as the app draws it (legend included), or the layout's JSON. The SVG wraps\n"
    "      long channels to fit a 1600x1000 page unless --columns-per-row (0 = no wrap). Unknown package or\n"
    "      channel exits 2.\n"
    "  fbclens diff OLD NEW [--output text|json|sarif] [--profile pruning]\n"
    "      What changed from catalog OLD to NEW: packages, channels, entries, bundles, default channels,\n"
    "      replaces/skips/skipRange, deprecations, and entries whose OLM Classic / OLM v1 next step or\n"
    "      walk end changed or that Classic now strands. --profile pruning exits 1 when a channel or\n"
    "      channel entry is removed outside dev-preview/pre-ga/candidate channels (Konflux's rule).\n"
    "  fbclens matrix REPO [--output text|json]\n"
    "      Per package and catalog (OpenShift version) of a repository: present, default channel, channels\n"
    "      and heads, deprecations, maxOpenShiftVersion, the bundle format the version needs; and what each\n"
    "      catalog changed against the one before it.\n"
    "  fbclens render-template TEMPLATE [--bundles-from DIR]... [--output json|yaml]\n"
    "      The template (olm.template.basic, olm.semver, olm.template.substitutes) rendered as opm alpha\n"
    "      render-template prints it, each bundle image's content taken from a catalog that holds it: the\n"
    "      repository's catalog beside the template, or DIR. Exits 1 when a rule fails or no catalog holds an image.\n"
    "  fbclens resolve CATALOG --package PKG [--channel CH] [--starting-bundle NAME | --installed-bundle NAME\n"
    "      [--installed-version VERSION]] [--cluster-provides group/version/Kind|package@version]... [--output text|json]\n"
    "      The bundles OLM Classic installs for a new Subscription (or, with --installed-bundle, as its\n"
    "      upgrade): the pick and every dependency (olm.package.required, olm.gvk.required, olm.constraint),\n"
    "      each with the constraint that pulled it in; candidates skipped for unmet dependencies, with the\n"
    "      constraint and its failureMessage. Exits 1 when nothing resolves (an upgrade that stays).\n"
    "  fbclens install-preview CATALOG [--package PKG [--bundle NAME]] [--console 4.16..4.21] [--output text|json]\n"
    "      What installing takes: each bundle's install modes, provided APIs (as olm.providedAPIs) and whether\n"
    "      OLM v1 installs it (with operator-controller's reasons); upgrade edges that drop an install mode;\n"
    "      APIs two packages own. With --bundle also the OperatorGroup shapes it can join and the console's\n"
    "      install page (modes offered, preselected mode and namespace, default approval).\n"
    "exit status: 0 valid/success, 1 invalid (or a selected profile failed), 2 usage or I/O error, 3 (validate) valid but no catalog content\n"
    "      (with --output opm the status is opm's: 0 for that case)\n";

}  // namespace

void print_usage() { std::fputs(kUsage, stdout); }

int usage_error(const std::string& message) {
  std::fprintf(stderr, "fbclens: %s\n%s", message.c_str(), kUsage);
  return 2;
}

}  // namespace fbclens::cli

int main(int argc, char** argv) {
  using namespace fbclens::cli;
  if (argc < 2) return usage_error("missing command");
  const std::string command = argv[1];
  if (command == "validate") return validate_command(argc - 2, argv + 2);
  if (command == "upgrade-path") return upgrade_path_command(argc - 2, argv + 2);
  if (command == "semver") return semver_command(argc - 2, argv + 2);
  if (command == "hub-preview") return hub_preview_command(argc - 2, argv + 2);
  if (command == "divergence") return divergence_command(argc - 2, argv + 2);
  if (command == "diff") return diff_command(argc - 2, argv + 2);
  if (command == "resolve") return resolve_command(argc - 2, argv + 2);
  if (command == "render-graph") return render_graph_command(argc - 2, argv + 2);
  if (command == "export-graph") return export_graph_command(argc - 2, argv + 2);
  if (command == "install-preview") return install_preview_command(argc - 2, argv + 2);
  if (command == "matrix") return matrix_command(argc - 2, argv + 2);
  if (command == "render-template") return render_template_command(argc - 2, argv + 2);
  if (command == "--version" || command == "version") {
    std::printf("fbclens %s (follows opm %s)\n", fbclens::kFbclensVersion, fbclens::kOpmVersion);
    return 0;
  }
  if (command == "-h" || command == "--help" || command == "help") {
    print_usage();
    return 0;
  }
  return usage_error("unknown command " + command);
}
