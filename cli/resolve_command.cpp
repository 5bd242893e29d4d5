// resolve: the CLI face of core/deps (what OLM Classic installs for a new Subscription).
#include <iostream>

#include "args.h"
#include "commands.h"
#include "deps/resolve.h"
#include "deps/resolve_json.h"
#include "update/resolve_request.h"

namespace fbclens::cli {

namespace {

void print_text(const deps::Resolution& r, const std::string& package, const std::string& installed) {
  if (!r.error.empty()) {
    std::cout << "resolution of " << package << " fails: " << r.error << "\n";
    return;
  }
  if (r.ok) {
    std::cout << "OLM Classic installs " << r.installs.size() << (r.installs.size() == 1 ? " bundle" : " bundles") << ":\n";
    for (const deps::Installed& i : r.installs) {
      std::cout << "  " << i.bundle << " (package " << i.package << ", channel " << i.channel << ")";
      if (i.required_by.empty()) std::cout << ": the subscription's pick\n";
      else {
        std::cout << ": pulled in by " << i.required_by << " " << i.property_pointer << "\n      " << i.constraint << "\n";
        if (!i.failure_message.empty()) std::cout << "      failureMessage: " << i.failure_message << "\n";
      }
    }
    for (const deps::Note& n : r.notes) std::cout << "  note: " << n.constraint << ": " << n.detail << "\n";
  } else if (!installed.empty()) {
    std::cout << "OLM Classic stays on " << installed << ": "
              << (r.candidates.empty() ? "no entry of its channel order replaces, skips or skipRanges it"
                                       : "no candidate has all its dependencies met")
              << "\n";
  } else {
    std::cout << "OLM Classic cannot resolve package " << package << ": no candidate has all its dependencies met\n";
  }
  bool header = false;
  for (const deps::CandidateOutcome& c : r.candidates) {
    if (!c.tried || c.chosen) continue;
    if (!header) std::cout << "skipped candidates, in Classic's preference order:\n";
    header = true;
    std::cout << "  " << c.bundle << " (channel " << c.channel << ")\n";
    for (const deps::Unmet& u : c.unmet) {
      std::cout << "    " << (u.constraint.empty() ? c.bundle : u.constraint) << ": " << u.reason;
      if (!u.where.file.empty()) std::cout << " [" << u.where.file << ":" << u.where.line << " " << u.property_pointer << "]";
      std::cout << "\n";
      if (!u.failure_message.empty()) std::cout << "      failureMessage: " << u.failure_message << "\n";
    }
  }
}

}  // namespace

int resolve_command(int argc, char** argv) {
  const Args args(argc, argv, {"--package", "--channel", "--starting-bundle", "--installed-bundle", "--installed-version",
                               "--cluster-provides", "--output"});
  if (!args.error.empty()) return usage_error(args.error);
  if (args.positional.size() != 1) return usage_error("resolve needs one CATALOG");
  if (!args.has("--package")) return usage_error("resolve needs --package");
  const std::string output = args.get("--output", "text");
  if (output != "text" && output != "json") return usage_error("unknown --output " + output);
  // The same reader as the JS API's resolve, so both refuse the same requests.
  Json fields{{"package", args.get("--package")}, {"channel", args.get("--channel")},
              {"startingBundle", args.get("--starting-bundle")}, {"installedBundle", args.get("--installed-bundle")},
              {"installedVersion", args.get("--installed-version")}, {"clusterProvides", Json::array()}};
  if (args.has("--cluster-provides")) fields["clusterProvides"] = args.flags.at("--cluster-provides");
  deps::InstallRequest request;
  if (const std::string error = deps::install_request_from_json(fields, request); !error.empty()) {
    return usage_error(error);
  }
  const auto report = load(args.positional[0]);
  if (!report) return 2;
  const deps::Resolution r = update::resolve_request(report->model, request);
  if (output == "json") std::cout << deps::resolution_json(r).dump(2) << "\n";
  else print_text(r, request.package, request.installed_bundle);
  return r.ok ? 0 : 1;
}

}  // namespace fbclens::cli
