// upgrade-path: what OLM Classic and OLM v1 pick next for an installed bundle, and their walks
// (core/update; the answer as update/upgrade_view.h, its text export/upgrade_text.h).
#include <iostream>

#include "common.h"
#include "export/upgrade_text.h"
#include "update/upgrade_request.h"
#include "update/upgrade_view.h"
#include "verb.h"

namespace fbclens::cli {

namespace {

struct UpgradePathSettings {
  std::string catalog, output = "text";
  update::UpgradeFields fields;
};

int run_upgrade_path(const UpgradePathSettings& s) {
  const std::string& output = s.output;
  const auto report = load(s.catalog);
  if (!report) return 2;
  const update::UpgradeFields& fields = s.fields;
  update::RequestError error;
  const std::optional<update::UpgradeRequest> request = update::make_upgrade_request(fields, report->model, error);
  if (!request) {
    std::cerr << "fbclens: " << error.message << "\n";
    return 2;
  }
  const update::PackageGraph graph = update::package_graph(report->model.packages.at(request->package));
  const update::UpgradeView answer = update::upgrade_view(update::answer_upgrade(graph, *request, &report->model));
  if (output == "json") std::cout << view::write_json(answer).dump(2) << "\n";
  else std::cout << render_upgrade_text(answer);
  return 0;
}

}  // namespace

Verb add_upgrade_path_verb(CLI::App& fbclens) {
  CLI::App* verb = add_verb(fbclens, "upgrade-path",
      "What OLM Classic (Subscription fields) and OLM v1 (ClusterExtension fields) pick next, and their walks. "
      "The installed version defaults to the bundle's own; give it for a bundle no longer in the catalog. Classic "
      "skips candidates whose dependencies neither the catalog nor --cluster-provides meet (--ignore-dependencies: "
      "the upgrade graph alone).\n\n"
      "Exit status: 0 answered, 2 usage or I/O error (also a package or installed bundle not in the catalog).");
  auto s = std::make_shared<UpgradePathSettings>();
  update::UpgradeFields& f = s->fields;
  verb->add_option("CATALOG", s->catalog, "The catalog folder or file.")->required();
  verb->add_option("--package", f.package, "The package (Subscription spec.name, ClusterExtension packageName).")
      ->type_name("PKG")
      ->required();
  verb->add_option("--installed-bundle", f.installed_bundle, "The installed bundle; none: a fresh install.")->type_name("NAME");
  verb->add_option("--installed-version", f.installed_version,
                   "With --installed-bundle: its version, for a bundle no longer in the catalog.")
      ->type_name("VERSION");
  verb->add_option("--subscription-channel", f.subscription_channel, "Classic: the Subscription's channel (default: the package's default channel).")
      ->type_name("CH");
  verb->add_option("--starting-csv", f.starting_csv, "Classic: the Subscription's startingCSV.")->type_name("NAME");
  repeatable(verb->add_option("--channel", f.channels, "OLM v1: a channel the ClusterExtension allows."))->type_name("CH");
  verb->add_option("--version", f.version, "OLM v1: the ClusterExtension's version range.")->type_name("RANGE");
  one_of(verb->add_option("--policy", f.policy, "OLM v1: the upgrade constraint policy (default CatalogProvided)."),
         {"CatalogProvided", "SelfCertified"}, true);
  verb->add_flag("--explain", f.explain, "Add each step's candidates and why each was taken or not.");
  one_of(verb->add_option("--output", s->output, "text for people, json for tools."), {"text", "json"})->capture_default_str();
  repeatable(verb->add_option("--cluster-provides", f.cluster_provides,
                              "Classic: an API or package the cluster already has, meeting dependencies."))
      ->type_name("group/version/Kind|package@version");
  verb->add_flag("--ignore-dependencies", f.ignore_dependencies, "Classic: the upgrade graph alone, dependencies not checked.");
  return {verb, [s] { return run_upgrade_path(*s); }};
}

}  // namespace fbclens::cli
