// upgrade-path: what OLM Classic and OLM v1 pick next for an installed bundle, and their walks
// (core/update, export/upgrade_json.h).
#include <iostream>

#include "common.h"
#include "export/upgrade_json.h"
#include "update/upgrade_request.h"
#include "verb.h"

namespace fbclens::cli {

namespace {

// One explained walk (export/upgrade_json.h steps_json) as indented text: each step's summary,
// then every bundle considered with its verdict, the edges that made it a candidate and why.
void print_steps(const Json& steps) {
  int number = 0;
  for (const Json& step : steps) {
    std::cout << "  " << ++number << ". " << step["summary"].get<std::string>() << "\n";
    if (!step["error"].is_null() && step["summary"].get<std::string>().find(step["error"].get<std::string>()) == std::string::npos) {
      std::cout << "     error: " << step["error"].get<std::string>() << "\n";
    }
    for (const Json& c : step["considered"]) {
      std::cout << "     " << (c["verdict"] == "chosen" ? "* " : "- ") << c["bundle"].get<std::string>();
      if (!c["version"].get<std::string>().empty()) std::cout << " (" << c["version"].get<std::string>() << ")";
      std::cout << " [" << c["verdict"].get<std::string>() << "] " << c["reason"].get<std::string>() << "\n";
      for (const Json& e : c["edges"]) std::cout << "         via " << e.get<std::string>() << "\n";
    }
    if (step["more"].get<std::size_t>() > 0) std::cout << "     ... and " << step["more"].get<std::size_t>() << " more\n";
    if (!step["maxOpenShiftVersion"].is_null()) {
      std::cout << "     note: " << step["to"].get<std::string>() << " declares olm.maxOpenShiftVersion "
                << step["maxOpenShiftVersion"].get<std::string>()
                << "; it does not change this pick, but blocks cluster upgrades past that OpenShift version\n";
    }
  }
}

// Classic's dependency view of its first pick: what installs along, and why candidates were skipped.
void print_dependencies(const Json& classic) {
  if (!classic["dependencies"].get<bool>()) {
    std::cout << "  dependencies: ignored (--ignore-dependencies)\n";
    return;
  }
  const Json& r = classic["resolution"];
  if (r.is_null()) return;
  for (const Json& i : r["installs"]) {
    if (i["requiredBy"].is_null()) continue;
    std::cout << "  installs along: " << i["bundle"].get<std::string>() << " (package " << i["package"].get<std::string>()
              << "), required by " << i["requiredBy"].get<std::string>() << "\n";
  }
  for (const Json& c : r["candidates"]) {
    if (!c["tried"].get<bool>() || c["chosen"].get<bool>()) continue;
    std::cout << "  skipped " << c["bundle"].get<std::string>() << ":\n";
    for (const Json& u : c["unmet"]) {
      const std::string constraint = u["constraint"].get<std::string>();
      std::cout << "    " << (constraint.empty() ? "" : constraint + ": ") << u["reason"].get<std::string>() << "\n";
      if (!u["failureMessage"].is_null()) std::cout << "      failureMessage: " << u["failureMessage"].get<std::string>() << "\n";
    }
  }
}

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
  const Json result = upgrade_path_json(update::answer_upgrade(graph, *request, &report->model));
  if (output == "json") {
    std::cout << result.dump(2) << "\n";
    return 0;
  }
  const auto text = [](const Json& v) { return v.is_null() ? std::string("-") : v.get<std::string>(); };
  const Json& c = result["classic"];
  const Json& v = result["v1"];
  std::cout << "OLM Classic: " << (c["error"].is_null() ? (c["next"].is_null() ? "stays" : "next " + text(c["next"])) : "error: " + text(c["error"]))
            << "\n  candidates (head first): " << join(c["candidates"].get<std::vector<std::string>>(), ", ")
            << "\n  walk: " << join(c["walk"].get<std::vector<std::string>>(), " -> ") << "\n";
  print_dependencies(c);
  std::cout << "OLM v1:      " << (v["error"].is_null() ? "resolves to " + text(v["next"]) : "error: " + text(v["error"]))
            << "\n  successors: " << join(v["successors"].get<std::vector<std::string>>(), ", ")
            << "\n  walk: " << join(v["walk"].get<std::vector<std::string>>(), " -> ") << "\n";
  // Said only when OLM v1 would refuse to install what it resolved (install/olm_v1_install.h).
  if (const Json& i = v["nextInstallable"]; i.is_object() && i["installable"] == false) {
    std::cout << "  but OLM v1 cannot install " << text(v["next"]) << ": "
              << join(i["reasons"].get<std::vector<std::string>>(), "; ") << "\n";
  }
  for (const char* side : {"classic", "v1"}) {
    if (!result[side].contains("steps")) continue;
    std::cout << "\nWhy, step by step (" << (side == std::string("classic") ? "OLM Classic" : "OLM v1") << "):\n";
    print_steps(result[side]["steps"]);
  }
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
