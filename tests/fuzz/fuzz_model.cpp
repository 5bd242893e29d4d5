// libFuzzer target that reaches the model: fuzz bytes choose a small but well-formed catalog
// (packages, channels with replaces/skips/skipRange, bundles with versions and properties,
// deprecations), which goes through validation, every check profile, both OLMs' successor walks
// (update::divergence, each of its rows' steps checked against the resolutions without its
// GraphIndex, and the explained walks with all-channel options), the OperatorHub preview
// of every package and channel, the install preview of every package and bundle, SARIF, and a diff against a mutated copy (with the pruning
// profile and its SARIF). The loader target (fuzz_loader) covers malformed bytes; this one
// covers the logic behind a catalog that parses. Any crash, hang, leak or sanitizer report fails,
// and so does a broken invariant (abort): a model diffed with itself has no difference.
//   build: scripts/fuzz.sh (clang, -fsanitize=fuzzer,address,undefined)
#include <fuzzer/FuzzedDataProvider.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <iterator>
#include <string>
#include <vector>

#include "diff/diff.h"
#include "export/diff_json.h"
#include "export/diff_sarif.h"
#include "export/report_json.h"
#include "hub/hub_preview.h"
#include "install/install_preview.h"
#include "profiles/profiles.h"
#include "update/divergence.h"
#include "update/explain.h"
#include "update/package_graph.h"
#include "validate/validate.h"

namespace {

using fbclens::Json;

// Small pools keep names colliding often enough that replaces, skips, defaults and deprecations
// refer to things that exist (and sometimes to things that do not).
const char* const kPackages[] = {"a", "b", "c"};
const char* const kChannels[] = {"stable", "fast", "candidate-v1", "alpha", "Stable"};
const char* const kVersions[] = {"1.0.0", "1.0.1", "1.1.0", "2.0.0", "1.0.0-rc.1", "1.0.0+1", "0.1.0",
                                 "1.0.0+rc.1.2", "3.0.0-0", "1.0", "v1.2.3", "1.2.3-alpha.10.beta"};
const char* const kRanges[] = {">=1.0.0 <2.0.0", "<1.1.0", ">=0.0.0", "1.x", ">1.0.0 <1.0.1 || >=2.0.0", "<0.0.0-0", ""};
const char* const kImages[] = {
    "registry.redhat.io/x/b@sha256:73d84f347bc7d43c30125da859270d0173dd7600a183c8303a7fd4c90c6401f1",
    "quay.io/x/b:v1", "registry.stage.redhat.io/x/b@sha256:0000", "",
    "quay.io/y/b@sha256:73d84f347bc7d43c30125da859270d0173dd7600a183c8303a7fd4c90c6401f1"};
// Lifecycle version streams and dates, valid and not (the console's coerce and date readers).
const char* const kStreams[] = {"1.0", "2.10", "5.0", "4.16", "latest", "v01.2", "0.1", "12345678901234567.1"};
const char* const kDates[] = {"2024-01-01", "2026-12-31", "2024-02-30", "24-1-1", "", "2025-13-01", "2030-06-30", "x"};

template <std::size_t N>
std::string pick(FuzzedDataProvider& in, const char* const (&pool)[N]) {
  return pool[in.ConsumeIntegralInRange<std::size_t>(0, N - 1)];
}

// A bundle name of package `p`: p.v0 … p.v7.
std::string bundle_name(FuzzedDataProvider& in, const std::string& p) {
  return p + ".v" + std::to_string(in.ConsumeIntegralInRange(0, 7));
}

// A short fuzz string (free text where the catalog allows any: messages, ranges now and then).
std::string text(FuzzedDataProvider& in) { return in.ConsumeRandomLengthString(24); }

Json bundle(FuzzedDataProvider& in, const std::string& p, const std::string& name) {
  Json properties = Json::array();
  const std::string version = in.ConsumeBool() ? pick(in, kVersions) : text(in);
  if (in.ConsumeIntegralInRange(0, 15)) properties.push_back({{"type", "olm.package"}, {"value", {{"packageName", p}, {"version", version}}}});
  const int extra = in.ConsumeIntegralInRange(0, 4);
  for (int i = 0; i < extra; ++i) {
    switch (in.ConsumeIntegralInRange(0, 7)) {
      case 0: {
        // Sometimes with install modes (any of the four types, now and then twice or unknown) and an
        // owned CRD whose name may lack a group: what core/install reads.
        Json value = {{"displayName", text(in)}};
        if (in.ConsumeBool()) {
          static const char* const kModeTypes[] = {"OwnNamespace", "SingleNamespace", "MultiNamespace", "AllNamespaces", "allNamespaces"};
          Json modes = Json::array();
          for (int m = in.ConsumeIntegralInRange(0, 5); m > 0; --m) {
            modes.push_back({{"type", kModeTypes[in.ConsumeIntegralInRange(0, 4)]}, {"supported", in.ConsumeBool()}});
          }
          value["installModes"] = modes;
          Json crd = {{"name", in.ConsumeBool() ? "ks.g" : "ks"}, {"version", "v1"}, {"kind", "K"}};
          value["crdDescriptions"]["owned"] = Json::array({crd});
        }
        properties.push_back({{"type", "olm.csv.metadata"}, {"value", value}});
        break;
      }
      case 1: properties.push_back({{"type", "olm.bundle.object"}, {"value", {{"data", "e30="}}}}); break;
      case 2:
        properties.push_back({{"type", "olm.package.required"},
                              {"value", {{"packageName", pick(in, kPackages)}, {"versionRange", in.ConsumeBool() ? pick(in, kRanges) : text(in)}}}});
        break;
      case 3: properties.push_back({{"type", "olm.gvk"}, {"value", {{"group", "g"}, {"kind", "K"}, {"version", "v1"}}}}); break;
      case 4: properties.push_back({{"type", "olm.gvk.required"}, {"value", {{"group", "g"}, {"kind", "K"}, {"version", "v1"}}}}); break;
      case 5: properties.push_back({{"type", "olm.maxOpenShiftVersion"}, {"value", in.ConsumeBool() ? Json("4.16") : Json(in.ConsumeIntegral<std::int8_t>())}}); break;
      case 6: properties.push_back({{"type", "olm.deprecated"}, {"value", {}}}); break;
      default:
        properties.push_back({{"type", "olm.constraint"},
                              {"value", {{"failureMessage", text(in)}, {"package", {{"packageName", pick(in, kPackages)}, {"versionRange", pick(in, kRanges)}}}}}});
        break;
    }
  }
  Json b = {{"schema", "olm.bundle"}, {"package", p}, {"name", name}, {"properties", std::move(properties)}};
  const std::string image = pick(in, kImages);
  if (!image.empty()) b["image"] = image;
  return b;
}

Json channel(FuzzedDataProvider& in, const std::string& p, const std::string& name) {
  Json entries = Json::array();
  const int count = in.ConsumeIntegralInRange(0, 6);
  for (int i = 0; i < count; ++i) {
    Json e = {{"name", bundle_name(in, p)}};
    if (in.ConsumeBool()) e["replaces"] = bundle_name(in, p);
    if (in.ConsumeIntegralInRange(0, 3) == 0) {
      Json skips = Json::array();
      for (int k = in.ConsumeIntegralInRange(1, 3); k > 0; --k) skips.push_back(bundle_name(in, p));
      e["skips"] = std::move(skips);
    }
    if (in.ConsumeIntegralInRange(0, 3) == 0) e["skipRange"] = in.ConsumeIntegralInRange(0, 7) ? pick(in, kRanges) : text(in);
    entries.push_back(std::move(e));
  }
  return {{"schema", "olm.channel"}, {"package", p}, {"name", name}, {"entries", std::move(entries)}};
}

Json deprecations(FuzzedDataProvider& in, const std::string& p) {
  Json entries = Json::array();
  for (int i = in.ConsumeIntegralInRange(1, 3); i > 0; --i) {
    Json reference;
    switch (in.ConsumeIntegralInRange(0, 2)) {
      case 0: reference = {{"schema", "olm.package"}}; break;
      case 1: reference = {{"schema", "olm.channel"}, {"name", pick(in, kChannels)}}; break;
      default: reference = {{"schema", "olm.bundle"}, {"name", bundle_name(in, p)}}; break;
    }
    entries.push_back({{"reference", std::move(reference)}, {"message", text(in)}});
  }
  return {{"schema", "olm.deprecations"}, {"package", p}, {"entries", std::move(entries)}};
}

// An io.openshift.operators.lifecycles.v1alpha1 object for package p, sometimes misshapen.
Json lifecycle(FuzzedDataProvider& in, const std::string& p) {
  Json versions = Json::array();
  for (int i = in.ConsumeIntegralInRange(0, 3); i > 0; --i) {
    Json v = Json::object();
    switch (in.ConsumeIntegralInRange(0, 3)) {
      case 0: v["name"] = text(in); break;
      case 1: v["name"] = in.ConsumeFloatingPoint<double>(); break;
      default: v["name"] = pick(in, kStreams); break;
    }
    Json phases = Json::array();
    for (int k = in.ConsumeIntegralInRange(0, 3); k > 0; --k) {
      phases.push_back({{"name", text(in)}, {"startDate", pick(in, kDates)}, {"endDate", in.ConsumeBool() ? pick(in, kDates) : text(in)}});
    }
    if (in.ConsumeIntegralInRange(0, 7)) v["phases"] = std::move(phases);
    if (in.ConsumeBool()) v["platformCompatibility"] = {{{"name", "openshift"}, {"versions", {pick(in, kStreams), pick(in, kStreams)}}}};
    versions.push_back(std::move(v));
  }
  Json o = {{"schema", "io.openshift.operators.lifecycles.v1alpha1"}, {"package", p}, {"versions", std::move(versions)}};
  if (in.ConsumeIntegralInRange(0, 7) == 0) o["versions"] = text(in);
  return o;
}

// A catalog: per package, the list of its objects (written to <package>/catalog.json).
std::vector<std::vector<Json>> catalog(FuzzedDataProvider& in) {
  std::vector<std::vector<Json>> packages;
  const int count = in.ConsumeIntegralInRange(1, 3);
  for (int i = 0; i < count; ++i) {
    const std::string p = kPackages[i];
    std::vector<Json> objects;
    Json package = {{"schema", "olm.package"}, {"name", p}};
    if (in.ConsumeIntegralInRange(0, 7)) package["defaultChannel"] = pick(in, kChannels);
    if (in.ConsumeBool()) package["icon"] = {{"base64data", "PHN2Zy8+"}, {"mediatype", "image/svg+xml"}};
    if (in.ConsumeIntegralInRange(0, 15)) objects.push_back(std::move(package));
    for (int c = in.ConsumeIntegralInRange(0, 3); c > 0; --c) objects.push_back(channel(in, p, pick(in, kChannels)));
    for (int b = in.ConsumeIntegralInRange(0, 8); b > 0; --b) objects.push_back(bundle(in, p, bundle_name(in, p)));
    if (in.ConsumeIntegralInRange(0, 3) == 0) objects.push_back(deprecations(in, p));
    for (int l = in.ConsumeIntegralInRange(0, 5) / 3; l > 0; --l) objects.push_back(lifecycle(in, p));
    packages.push_back(std::move(objects));
  }
  return packages;
}

// One mutation of the kinds a release makes: an entry removed, a replaces changed, a channel
// dropped, a default channel changed, a deprecation added, a bundle removed, a released bundle's
// image or properties changed (which the diff reports as a changed bundle).
void mutate(FuzzedDataProvider& in, std::vector<std::vector<Json>>& packages) {
  auto& objects = packages[in.ConsumeIntegralInRange<std::size_t>(0, packages.size() - 1)];
  if (objects.empty()) return;
  Json& o = objects[in.ConsumeIntegralInRange<std::size_t>(0, objects.size() - 1)];
  const std::string schema = o.value("schema", "");
  const std::string p = o.value(schema == "olm.package" ? "name" : "package", "a");
  switch (in.ConsumeIntegralInRange(0, 7)) {
    case 0:
      if (schema == "olm.channel" && !o["entries"].empty()) o["entries"].erase(in.ConsumeIntegralInRange<std::size_t>(0, o["entries"].size() - 1));
      break;
    case 1:
      if (schema == "olm.channel" && !o["entries"].empty()) o["entries"][0]["replaces"] = bundle_name(in, p);
      break;
    case 2:
      if (schema == "olm.channel" || schema == "olm.bundle") o = {{"schema", "olm.deprecations"}, {"package", p}, {"entries", Json::array()}};
      break;
    case 3:
      if (schema == "olm.package") o["defaultChannel"] = pick(in, kChannels);
      break;
    case 4: objects.push_back(deprecations(in, p)); break;
    case 5:
      if (schema == "olm.bundle") o["image"] = pick(in, kImages);
      break;
    case 6:
      if (schema == "olm.bundle") o["properties"].push_back({{"type", "olm.gvk"}, {"value", {{"group", "g"}, {"kind", text(in)}, {"version", "v1"}}}});
      break;
    default:
      if (schema == "olm.channel" && !o["entries"].empty()) o["entries"][0]["skipRange"] = pick(in, kRanges);
      break;
  }
}

fbclens::ValidationReport validate(const std::vector<std::vector<Json>>& packages, bool split) {
  fbclens::MemoryFileSource source;
  for (std::size_t i = 0; i < packages.size(); ++i) {
    std::string stream;
    // Fuzz text may be invalid UTF-8, which dump() throws on; the loaders reject such bytes (the
    // loader target covers that), so here they become U+FFFD and the catalog stays well-formed.
    for (const Json& o : packages[i]) stream += o.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n";
    // Sometimes every package in one file at the root (Konflux's folder rule, .indexignore).
    source.add(split ? std::string(kPackages[i]) + "/catalog.json" : "catalog" + std::to_string(i) + ".json", stream);
  }
  return fbclens::validate_catalog(source);
}

void walk_and_preview(const fbclens::model::Model& model, const std::string& console, const std::string& date) {
  namespace update = fbclens::update;
  for (const auto& [name, package] : model.packages) {
    const auto graph = update::package_graph(model, name);
    if (!graph) continue;
    const update::DivergenceReport report = update::divergence(*graph);
    // The report resolves through a GraphIndex, which only saves work: each row's steps must be
    // those of the resolutions without one.
    std::size_t row = 0;
    for (const update::GraphChannel& c : graph->channels) {
      update::V1Options v1;
      v1.channels = {c.name};
      for (const update::ChannelEntry& e : c.entries) {
        if (row >= report.rows.size()) std::abort();
        const update::DivergenceRow& r = report.rows[row++];
        const update::GraphBundle* b = graph->bundle(e.name);
        const update::Installed installed{e.name, b ? b->version : ""};
        const update::ClassicResult classic = update::classic_next(*graph, &installed, update::ClassicOptions{c.name, ""});
        const update::V1Result v = update::v1_next(*graph, &installed, v1);
        if (r.classic_next != classic.next || r.classic_error != classic.error || r.v1_error != v.error ||
            r.v1_next != update::v1_step(*graph, installed, v)) {
          std::abort();
        }
      }
    }
    if (!report.rows.empty()) {
      const fbclens::update::Installed installed{report.rows[0].installed, report.rows[0].installed_version};
      (void)update::explain_classic_walk(*graph, &installed, update::ClassicOptions{});
      (void)update::explain_v1_walk(*graph, &installed, update::V1Options{});
    }
    std::string error;
    (void)fbclens::hub::hub_preview(model, fbclens::hub::PreviewRequest{name, "", "", console, date}, error);
    for (const auto& channel : package.channel_order) {
      (void)fbclens::hub::hub_preview(model, fbclens::hub::PreviewRequest{name, channel, "", console, date}, error);
    }
    // The install preview of the package and of each bundle (OperatorGroups, the console's page).
    (void)fbclens::install::install_preview(model, {name, "", console}, error);
    for (const auto& bundle : package.bundles) {
      (void)fbclens::install::install_preview(model, {name, bundle.name, console}, error);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  const bool split = in.ConsumeIntegralInRange(0, 7) != 0;
  const int ocp_minor = in.ConsumeIntegralInRange(14, 19);
  std::vector<std::vector<Json>> old_catalog = catalog(in);
  std::vector<std::vector<Json>> new_catalog = old_catalog;
  for (int i = in.ConsumeIntegralInRange(1, 3); i > 0; --i) mutate(in, new_catalog);

  namespace profiles = fbclens::profiles;
  fbclens::ValidationReport old_report = validate(old_catalog, split);
  profiles::ProfileOptions options;
  options.profiles = {profiles::Profile::Konflux, profiles::Profile::OperatorPipelines, profiles::Profile::OperatorHub};
  options.ocp_version = profiles::OcpVersion{4, ocp_minor};
  options.konflux_registries = profiles::konflux_default_registries();
  options.pipelines_registries = {"registry.redhat.io/", "quay.io/"};
  profiles::apply_profiles(old_report, options);
  (void)fbclens::sarif_json(old_report).dump();
  (void)fbclens::summary_json(old_report).dump();
  constexpr std::size_t kConsoleCount = std::size(fbclens::hub::kConsoles);
  walk_and_preview(old_report.model, fbclens::hub::kConsoles[(ocp_minor - 14 + (split ? 0 : 6)) % kConsoleCount].name,
                   pick(in, kDates));

  const fbclens::ValidationReport new_report = validate(new_catalog, split);
  const fbclens::diff::CatalogDiff diff = fbclens::diff::diff_models(old_report.model, new_report.model);
  const auto violations = fbclens::diff::pruning_violations(diff, &old_report.model);
  (void)fbclens::diff_json(diff).dump();
  (void)fbclens::diff_text(diff);
  const fbclens::PathStyle paths;
  (void)fbclens::diff_sarif_json(diff, old_report.model, new_report.model, paths, paths, true).dump();
  // Invariant: a catalog has no difference with itself.
  if (!fbclens::diff::diff_models(new_report.model, new_report.model).empty()) std::abort();
  return 0;
}
