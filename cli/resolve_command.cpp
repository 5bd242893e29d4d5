// resolve: the CLI face of core/deps (what OLM Classic installs for a new Subscription; the answer
// as deps/resolution_view.h, its text export/resolution_text.h).
#include <iostream>

#include "common.h"
#include "deps/install_request.h"
#include "deps/resolution_view.h"
#include "export/resolution_text.h"
#include "update/resolve_request.h"
#include "verb.h"

namespace fbclens::cli {

namespace {

struct ResolveSettings {
  std::string catalog, package, channel, starting_bundle, installed_bundle, installed_version, output = "text";
  std::vector<std::string> cluster_provides;
};

int run_resolve(const CLI::App& verb, const ResolveSettings& s) {
  const std::string& output = s.output;
  // The same checks as the JS API's resolve, so both refuse the same requests.
  const deps::InstallFields fields{s.package, s.channel, s.starting_bundle, s.installed_bundle, s.installed_version,
                                   s.cluster_provides};
  deps::InstallRequest request;
  if (const std::string error = deps::make_install_request(fields, request); !error.empty()) {
    return usage_error(verb, error);
  }
  const auto report = load(s.catalog);
  if (!report) return 2;
  const deps::ResolutionView r = deps::resolution_view(update::resolve_request(report->model, request));
  if (output == "json") std::cout << view::write_json(r).dump(2) << "\n";
  else std::cout << render_resolution_text(r, request.package, request.installed_bundle);
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
