// upgrade-path, semver and divergence: the CLI face of core/update.
#include <iostream>
#include <algorithm>
#include <map>

#include "args.h"
#include "commands.h"
#include "export/upgrade_json.h"
#include "semver/blang.h"
#include "semver/masterminds.h"
#include "validate/validate.h"

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

}  // namespace

int upgrade_path_command(int argc, char** argv) {
  const Args args(argc, argv, {"--package", "--installed-bundle", "--installed-version", "--subscription-channel",
                               "--starting-csv", "--channel", "--version", "--policy", "--output", "--cluster-provides"},
                  {"--explain", "--ignore-dependencies"});
  if (!args.error.empty()) return usage_error(args.error);
  if (args.positional.size() != 1) return usage_error("upgrade-path needs one CATALOG");
  if (!args.has("--package")) return usage_error("upgrade-path needs --package");
  const std::string output = args.get("--output", "text");
  if (output != "text" && output != "json") return usage_error("unknown --output " + output);

  const auto report = load(args.positional[0]);
  if (!report) return 2;
  update::UpgradeFields fields;
  fields.package = args.get("--package");
  fields.installed_bundle = args.get("--installed-bundle");
  fields.installed_version = args.get("--installed-version");
  fields.subscription_channel = args.get("--subscription-channel");
  fields.starting_csv = args.get("--starting-csv");
  if (args.has("--channel")) fields.channels = args.flags.at("--channel");
  fields.version = args.get("--version");
  fields.policy = args.get("--policy");
  fields.explain = args.has("--explain");
  fields.ignore_dependencies = args.has("--ignore-dependencies");
  if (args.has("--cluster-provides")) fields.cluster_provides = args.flags.at("--cluster-provides");
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

int semver_command(int argc, char** argv) {
  const Args args(argc, argv, {"--flavor", "--range"});
  if (!args.error.empty()) return usage_error(args.error);
  const std::string flavor = args.get("--flavor");
  if (flavor != "blang" && flavor != "masterminds") return usage_error("--flavor must be blang or masterminds");
  if (!args.has("--range")) return usage_error("semver needs --range");
  const std::string range = args.get("--range");
  std::string error;
  std::optional<semver::Range> blang;
  std::optional<semver::masterminds::Constraints> masterminds;
  if (flavor == "blang") blang = semver::parse_range(range, &error);
  else masterminds = semver::masterminds::parse_constraints(range, &error);
  if (!blang && !masterminds) {
    std::cerr << error << "\n";
    return 2;
  }
  int status = 0;
  for (const std::string& version : args.positional) {
    bool match = false;
    if (blang) {
      auto v = semver::parse(version, &error);
      if (!v) {
        std::cerr << "fbclens: version " << version << ": " << error << "\n";
        status = 2;
        continue;
      }
      match = blang->contains(*v);
    } else {
      auto v = semver::masterminds::parse_version(version, &error);
      if (!v) {
        std::cerr << "fbclens: version " << version << ": " << error << "\n";
        status = 2;
        continue;
      }
      match = masterminds->check(*v);
    }
    std::cout << version << " " << (match ? "true" : "false") << "\n";
  }
  return status;
}

int divergence_command(int argc, char** argv) {
  const Args args(argc, argv, {"--package", "--output"}, {"--report-only"});
  if (!args.error.empty()) return usage_error(args.error);
  if (args.positional.size() != 1) return usage_error("divergence needs one CATALOG");
  std::size_t stranded = 0;  // exit 1 when Classic strands a bundle, unless --report-only
  const std::string output = args.get("--output", "text");
  if (output != "text" && output != "json") return usage_error("unknown --output " + output);
  const auto report = load(args.positional[0]);
  if (!report) return 2;
  std::vector<std::string> packages;
  if (args.has("--package")) packages.push_back(args.get("--package"));
  else for (const auto& [name, pkg] : report->model.packages) packages.push_back(name);
  Json all = Json::array();
  for (const std::string& package : packages) {
    const std::optional<update::PackageGraph> graph = update::package_graph(report->model, package);
    if (!graph) {
      std::cerr << "fbclens: package " << package << " is not in the catalog\n";
      return 2;
    }
    const update::DivergenceReport d = update::divergence(*graph);
    stranded += d.stranded;
    if (output == "json") {
      all.push_back(divergence_json(d));
      continue;
    }
    std::cout << "package " << package << ": " << d.rows.size() << " installed bundles checked, " << d.differing
              << " where Classic and v1 differ, " << d.stranded << " stranded by Classic\n";
    for (const update::DivergenceRow& r : d.rows) {
      if (!r.differs && !r.classic_stranded) continue;
      std::cout << "  " << r.channel << " / " << r.installed << ":"
                << (r.classic_stranded ? " [stranded by Classic]" : "") << "\n"
                << "    Classic: " << join(r.classic_walk, " -> ") << (r.classic_error.empty() ? "" : "  (" + r.classic_error + ")") << "\n"
                << "    v1:      " << join(r.v1_walk, " -> ") << (r.v1_error.empty() ? "" : "  (" + r.v1_error + ")") << "\n";
    }
  }
  if (output == "json") std::cout << all.dump(2) << "\n";
  return stranded > 0 && !args.has("--report-only") ? 1 : 0;
}

}  // namespace fbclens::cli
