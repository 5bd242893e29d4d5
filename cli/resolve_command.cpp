// resolve: the CLI face of core/deps (what OLM Classic installs for a new Subscription).
#include <iostream>

#include "common.h"
#include "deps/resolve.h"
#include "deps/resolve_json.h"
#include "update/resolve_request.h"
#include "verb.h"

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

struct ResolveSettings {
  std::string catalog, package, channel, starting_bundle, installed_bundle, installed_version, output = "text";
  std::vector<std::string> cluster_provides;
};

int run_resolve(const CLI::App& verb, const ResolveSettings& s) {
  const std::string& output = s.output;
  // The same reader as the JS API's resolve, so both refuse the same requests.
  Json fields{{"package", s.package}, {"channel", s.channel}, {"startingBundle", s.starting_bundle},
              {"installedBundle", s.installed_bundle}, {"installedVersion", s.installed_version},
              {"clusterProvides", s.cluster_provides}};
  deps::InstallRequest request;
  if (const std::string error = deps::install_request_from_json(fields, request); !error.empty()) {
    return usage_error(verb, error);
  }
  const auto report = load(s.catalog);
  if (!report) return 2;
  const deps::Resolution r = update::resolve_request(report->model, request);
  if (output == "json") std::cout << deps::resolution_json(r).dump(2) << "\n";
  else print_text(r, request.package, request.installed_bundle);
  return r.ok ? 0 : 1;
}

}  // namespace

Verb add_resolve_verb(CLI::App& fbclens) {
  CLI::App* verb = add_verb(fbclens, "resolve",
      "The bundles OLM Classic installs for a new Subscription (or, with --installed-bundle, as its upgrade): the "
      "pick and every dependency (olm.package.required, olm.gvk.required, olm.constraint), each with the constraint "
      "that pulled it in; candidates skipped for unmet dependencies, with the constraint and its failureMessage. "
      "Exits 1 when nothing resolves (an upgrade that stays).\n\n"
      "Exit status: 0 resolved, 1 nothing resolves, 2 usage or I/O error.");
  auto s = std::make_shared<ResolveSettings>();
  verb->add_option("CATALOG", s->catalog, "The catalog folder or file.")->required();
  verb->add_option("--package", s->package, "The package the Subscription names.")->type_name("PKG")->required();
  verb->add_option("--channel", s->channel, "The Subscription's channel (default: the package's default channel).")->type_name("CH");
  verb->add_option("--starting-bundle", s->starting_bundle, "The Subscription's startingCSV.")->type_name("NAME");
  verb->add_option("--installed-bundle", s->installed_bundle,
                   "Resolve the upgrade of this installed bundle instead (not with --starting-bundle).")
      ->type_name("NAME");
  verb->add_option("--installed-version", s->installed_version,
                   "With --installed-bundle: its version, for a bundle no longer in the catalog.")
      ->type_name("VERSION");
  repeatable(verb->add_option("--cluster-provides", s->cluster_provides,
                              "An API or package the cluster already has, meeting dependencies."))
      ->type_name("group/version/Kind|package@version");
  one_of(verb->add_option("--output", s->output, "text for people, json for tools."), {"text", "json"})->capture_default_str();
  return {verb, [verb, s] { return run_resolve(*verb, *s); }};
}

}  // namespace fbclens::cli
