#include "advice/advice.h"

#include <algorithm>
#include <map>
#include <set>

#include "deps/cycles.h"
#include "deps/deps.h"
#include "hub/hub_preview.h"
#include "install/install_findings.h"
#include "update/divergence.h"
#include "update/package_graph.h"

namespace fbclens::advice {

namespace {

std::string join(const std::vector<std::string>& list, const char* separator) {
  std::string out;
  for (std::size_t i = 0; i < list.size(); ++i) out += (i ? separator : "") + list[i];
  return out;
}

bool starts_with_ci(const std::string& text, const std::string& prefix) {
  if (text.size() < prefix.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(text[i])) != std::tolower(static_cast<unsigned char>(prefix[i]))) return false;
  }
  return true;
}

// Each analysis row (analyses/analyses.cpp) runs one of these methods for one package (or the
// catalog), appending to `out`.
class Advisor {
 public:
  Advisor(analyses::Context& context, std::vector<Finding>& out) : context_(context), model_(context.model()), out_(out) {}

  // ---- Dependency cycles between packages (deps/cycles.h), once for the catalog; none through a
  // package opm rejects. Located at the dependency that starts the cycle. ----
  void dependency_cycles(const std::set<std::string>& skip) {
    for (const deps::PackageCycle& cycle : deps::package_cycles(model_)) {
      const bool rejected = std::any_of(cycle.needs.begin(), cycle.needs.end(),
                                        [&](const deps::PackageNeed& n) { return skip.count(n.from_package) > 0; });
      if (rejected || cycle.needs.empty()) continue;
      const deps::PackageNeed& first = cycle.needs.front();
      emit(FindingId::DependencyCycle, {deps::cycle_text(cycle), first.bundle, first.clause, first.pointer}, first.where,
           ObjectPath{first.from_package, "", first.bundle});
    }
  }

  Finding& emit(FindingId id, const FindingArgs& args, const SourceLocation& where, ObjectPath object) {
    out_.push_back(make_finding(id, args, where, std::move(object)));
    return out_.back();
  }

  // ---- Dependencies: what OLM Classic's resolver cannot read or no bundle of the catalog meets ----
  void dependencies(const model::Package& pkg) {
    for (const model::PackageBundle& b : pkg.bundles) {
      for (const deps::Dependency& d : deps::bundle_dependencies(b)) {
        const ObjectPath object{pkg.name, "", b.name};
        if (d.property_type == "olm.constraint" && d.value_bytes > deps::kMaxConstraintBytes) {
          emit(FindingId::DependencyConstraintTooLarge,
               {b.name, d.pointer, std::to_string(d.value_bytes), std::to_string(deps::kMaxConstraintBytes), d.error},
               d.where, object);
          continue;
        }
        if (!d.error.empty()) {
          emit(FindingId::DependencyUnreadable, {b.name, d.property_type, d.pointer, d.error}, d.where, object);
          continue;
        }
        if (!d.constraint) continue;
        bool met = false;
        for (const deps::Provider& p : providers()) {
          if (deps::evaluate(*d.constraint, p) != deps::Verdict::Unsatisfied) {
            met = true;  // satisfied, or a cel rule we cannot evaluate (never guessed)
            break;
          }
        }
        if (met) continue;
        const std::string message = d.constraint->failure_message.empty() ? "" : " (failureMessage: " + d.constraint->failure_message + ")";
        std::string why = "no bundle provides it";
        if (d.constraint->kind == deps::Constraint::Kind::Package) {
          why = model_.packages.count(d.constraint->package_name) ? "no version of package " + d.constraint->package_name + " is in range"
                                                                   : "package " + d.constraint->package_name + " is not in the catalog";
        }
        emit(FindingId::DependencyUnsatisfiable, {b.name, deps::describe(*d.constraint), message, why + ", " + d.pointer}, d.where, object);
      }
    }
  }

  const std::vector<deps::Provider>& providers() { return context_.providers(); }

  // ---- Updates: Classic strands a bundle; Classic and v1 disagree (update/divergence.h) ----
  void updates(const model::Package& pkg) {
    const update::DivergenceReport report = update::divergence(update::package_graph(pkg));
    std::map<std::string, std::vector<std::string>> differing;  // channel → "installed: Classic → X, v1 → Y"
    for (const update::DivergenceRow& row : report.rows) {
      const model::Channel& channel = pkg.channels.at(row.channel);
      const model::Bundle& entry = channel.bundles.at(row.installed);
      if (row.classic_stranded) {
        const std::vector<std::string> heads = model::channel_heads(channel);
        const std::string& end = row.classic_walk.back();
        emit(FindingId::ClassicStrandsBundle,
             {row.installed, end == row.installed ? "stays on it" : "stops at \"" + end + "\"",
              heads.size() == 1 ? heads[0] : "", row.channel, end},
             entry.where, {pkg.name, row.channel, row.installed});
      }
      if (row.differs) {
        const auto end = [](const std::vector<std::string>& walk, const std::string& error) {
          return error.empty() ? (walk.size() > 1 ? walk.back() : std::string("stays")) : std::string("fails");
        };
        differing[row.channel].push_back(row.installed + " (Classic: " + end(row.classic_walk, row.classic_error) +
                                         ", v1: " + end(row.v1_walk, row.v1_error) + ")");
      }
    }
    for (const auto& [channel, rows] : differing) {
      emit(FindingId::UpdateDivergence,
           {channel, std::to_string(rows.size()), rows.size() == 1 ? "bundle" : "bundles", join(rows, "; ")},
           pkg.channels.at(channel).where, {pkg.name, channel, ""});
    }
  }

  // ---- OperatorHub: hidden packages, legacy conventions on channel heads, the icon ----
  void operatorhub(const model::Package& pkg) {
    for (const model::PackageBundle& b : pkg.bundles) {
      if (b.properties.legacy_deprecated) emit(FindingId::LegacyDeprecatedProperty, {b.name}, b.where, {pkg.name, "", b.name});
    }
    std::string error;
    const std::optional<hub::HubPreview> preview = hub::hub_preview(model_, {pkg.name, "", "", hub::kDefaultConsole, ""}, error);
    if (!preview) return;
    // The head of the default channel as package-server settles it (a fallback when the declared
    // one is dropped): what the tile, the filters and the icon are read from.
    const std::string head = preview->selected_channel ? head_name(pkg, *preview->selected_channel) : "";
    const model::PackageBundle* default_head = head.empty() ? nullptr : pkg.bundle(head);
    const SourceLocation where = default_head ? default_head->where : pkg.where;
    for (const std::string& reason : preview->hidden_reasons) {
      // "no-default-channel" is opm's own error (DefaultChannelUnset): not said twice.
      if (reason == "no-channel-with-csv") emit(FindingId::HubNoChannelWithCsv, {pkg.name}, pkg.where, {pkg.name, "", ""});
      if (reason == "non-standalone") emit(FindingId::HubNonStandalone, {pkg.name, head}, where, {pkg.name, "", head});
      if (reason == "os-arch-unsupported") emit(FindingId::HubOsArchUnsupported, {pkg.name, head}, where, {pkg.name, "", head});
    }
    for (const std::string& name : pkg.channel_order) {
      const std::string head = head_name(pkg, name);
      const model::PackageBundle* b = head.empty() ? nullptr : pkg.bundle(head);
      if (!b || !b->properties.csv) continue;
      const property::CsvMetadata& csv = *b->properties.csv;
      if (starts_with_ci(csv.display_name, "[deprecated]") || starts_with_ci(csv.display_name, "(deprecated)")) {
        emit(FindingId::LegacyDeprecatedDisplayName, {b->name, csv.display_name, name}, b->where, {pkg.name, name, b->name});
      }
      if (csv.maturity == "deprecated") {
        emit(FindingId::LegacyMaturityDeprecated, {b->name, name}, b->where, {pkg.name, name, b->name});
      }
    }
    if (preview->has_manifest && default_head && default_head->properties.csv) icon(pkg, *default_head);
  }

  // §1.5: the OLMv0 console serves spec.icon[0] of the default channel head's CSV; a bundle
  // described by olm.csv.metadata gets a synthesised CSV whose icon is the olm.package icon.
  void icon(const model::Package& pkg, const model::PackageBundle& head) {
    const property::CsvMetadata& csv = *head.properties.csv;
    const ObjectPath object{pkg.name, "", head.name};
    if (!csv.from_bundle_object) {
      if (!pkg.icon) {
        emit(FindingId::IconMissing, {pkg.name, "its olm.package has no icon, and its default channel head describes itself "
                                                "with olm.csv.metadata, which takes the icon from the olm.package"},
             pkg.where, {pkg.name, "", ""});
      } else if (pkg.icon->media_type.empty() || pkg.icon->base64_data.empty()) {
        emit(FindingId::IconUnusable, {pkg.name, pkg.icon->media_type.empty() ? "the olm.package icon has no mediatype"
                                                                                : "the olm.package icon has no base64data"},
             pkg.where, {pkg.name, "", ""});
      }
      return;
    }
    if (csv.icons.empty()) {
      emit(FindingId::IconMissing, {pkg.name, "the CSV of its default channel head " + head.name + " has no spec.icon"},
           head.where, object);
      return;
    }
    std::vector<std::string> problems;
    if (csv.icons.size() > 1) problems.push_back("the CSV of " + head.name + " has " + std::to_string(csv.icons.size()) + " icons");
    if (csv.icons[0].media_type.empty()) problems.push_back("spec.icon[0] of " + head.name + " has no mediatype");
    if (csv.icons[0].base64_data->empty()) problems.push_back("spec.icon[0] of " + head.name + " has no base64data");
    if (!problems.empty()) emit(FindingId::IconUnusable, {pkg.name, join(problems, "; ")}, head.where, object);
  }

  // ---- Deprecations users meet in surprising ways ----
  void deprecations(const model::Package& pkg) {
    if (const auto it = pkg.channels.find(pkg.default_channel); it != pkg.channels.end() && it->second.deprecation) {
      emit(FindingId::DeprecatedDefaultChannel, {pkg.name, pkg.default_channel}, record_where(pkg, "olm.channel", pkg.default_channel),
           {pkg.name, pkg.default_channel, ""});
    }
    for (const std::string& name : pkg.channel_order) {
      const std::string head = head_name(pkg, name);
      if (head.empty() || !pkg.channels.at(name).bundles.at(head).deprecation) continue;
      emit(FindingId::DeprecatedChannelHead, {pkg.name, name, head}, record_where(pkg, "olm.bundle", head), {pkg.name, name, head});
    }
    for (const model::DeprecationRecord& d : pkg.deprecations) {
      const std::string what = d.schema == "olm.package"   ? "package \"" + pkg.name + "\""
                               : d.schema == "olm.channel" ? "channel \"" + d.name + "\""
                                                           : "bundle \"" + d.name + "\"";
      if (const std::string construct = markdown_construct(d.message); !construct.empty()) {
        emit(FindingId::DeprecationMarkdown, {what, construct}, d.where, {pkg.name, d.schema == "olm.channel" ? d.name : "",
                                                                           d.schema == "olm.bundle" ? d.name : ""});
      }
      if (d.schema != "olm.bundle") continue;
      const model::PackageBundle* b = pkg.bundle(d.name);
      if (!b) continue;  // opm's DeprecationBundleNotFound
      std::string why;
      if (b->channels.empty()) why = "no channel lists it";
      else if (b->properties.legacy_deprecated) why = "its legacy olm.deprecated property leaves it out of the version list";
      if (!why.empty()) emit(FindingId::DeprecationOnHiddenBundle, {d.name, why}, d.where, {pkg.name, "", d.name});
    }
  }

  // The single head of channel `name`, or "" (none, several, or no such channel).
  static std::string head_name(const model::Package& pkg, const std::string& name) {
    const auto it = pkg.channels.find(name);
    if (it == pkg.channels.end()) return "";
    const std::vector<std::string> heads = model::channel_heads(it->second);
    return heads.size() == 1 ? heads[0] : "";
  }
  static SourceLocation record_where(const model::Package& pkg, const std::string& schema, const std::string& name) {
    for (const model::DeprecationRecord& d : pkg.deprecations) {
      if (d.schema == schema && d.name == name) return d.where;
    }
    return pkg.where;
  }

 private:
  analyses::Context& context_;
  const model::Model& model_;
  std::vector<Finding>& out_;
};

}  // namespace

std::string markdown_construct(const std::string& text) {
  std::size_t line_start = 0;
  while (line_start <= text.size()) {
    std::size_t end = text.find('\n', line_start);
    if (end == std::string::npos) end = text.size();
    std::size_t i = line_start;
    while (i < end && (text[i] == ' ' || text[i] == '\t')) ++i;
    const std::string line = text.substr(i, end - i);
    if (line.rfind("# ", 0) == 0 || line.rfind("## ", 0) == 0 || line.rfind("### ", 0) == 0) return "a heading";
    if (line.rfind("- ", 0) == 0 || line.rfind("* ", 0) == 0 || line.rfind("> ", 0) == 0) return "a list item or quote";
    if (line.size() > 2 && std::isdigit(static_cast<unsigned char>(line[0])) && line.compare(1, 2, ". ") == 0) return "a numbered list";
    line_start = end + 1;
  }
  const auto paired = [&text](const char* mark) {
    const std::size_t a = text.find(mark);
    return a != std::string::npos && text.find(mark, a + 2) != std::string::npos;
  };
  if (paired("**") || paired("__")) return "emphasis";
  if (std::count(text.begin(), text.end(), '`') >= 2) return "code";
  const std::size_t close = text.find("](");
  if (close != std::string::npos && text.rfind('[', close) != std::string::npos && text.find(')', close) != std::string::npos) {
    return "a link";
  }
  return "";
}

void updates(analyses::Context& context, const model::Package& package, std::vector<Finding>& out) {
  Advisor(context, out).updates(package);
}
void operatorhub(analyses::Context& context, const model::Package& package, std::vector<Finding>& out) {
  Advisor(context, out).operatorhub(package);
}
void deprecations(analyses::Context& context, const model::Package& package, std::vector<Finding>& out) {
  Advisor(context, out).deprecations(package);
}
void dependencies(analyses::Context& context, const model::Package& package, std::vector<Finding>& out) {
  Advisor(context, out).dependencies(package);
}
void install(analyses::Context& context, const model::Package& package, std::vector<Finding>& out) {
  for (Finding& f : install::install_findings(context.model(), package, &context.api_owners())) out.push_back(std::move(f));
}
void lifecycles(analyses::Context& context, const std::set<std::string>&, std::vector<Finding>& out) {
  const std::vector<Finding>& found = context.lifecycle_findings();
  out.insert(out.end(), found.begin(), found.end());
}
void dependency_cycles(analyses::Context& context, const std::set<std::string>& skipped, std::vector<Finding>& out) {
  if (!context.model().packages.empty()) Advisor(context, out).dependency_cycles(skipped);
}
void catalog_content(analyses::Context& context, const std::set<std::string>& skipped, std::vector<Finding>& out) {
  // A catalog whose packages did not decode (skipped holds them) is not an empty catalog.
  if (!context.model().packages.empty() || !skipped.empty()) return;
  out.push_back(make_finding(FindingId::NoCatalogContent, {context.other_objects() ? " (only objects of other schemas)" : ""}, {}, {}));
}

std::vector<Finding> advise(const model::Model& model, const std::vector<Finding>& findings, bool other_objects) {
  analyses::Cache cache(model, findings, other_objects);
  return cache.all();
}

}  // namespace fbclens::advice
