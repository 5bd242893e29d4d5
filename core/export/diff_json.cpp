#include "export/diff_json.h"

#include "findings/format.h"

namespace fbclens {

namespace {

Json text_or_null(const std::string& s) { return s.empty() ? Json(nullptr) : Json(s); }

Json outcome_json(const diff::OlmOutcome& o) {
  return Json{{"next", text_or_null(o.next)}, {"end", o.end}, {"error", text_or_null(o.error)}};
}

template <typename T, typename F>
Json added_removed(const std::vector<T>& added, const std::vector<T>& removed, F to_json) {
  Json a = Json::array(), r = Json::array();
  for (const T& x : added) a.push_back(to_json(x));
  for (const T& x : removed) r.push_back(to_json(x));
  return Json{{"added", std::move(a)}, {"removed", std::move(r)}};
}

std::string or_dash(const std::string& s) { return s.empty() ? "(none)" : s; }

std::string outcome_text(const diff::OlmOutcome& o) {
  if (!o.error.empty()) return "error: " + o.error;
  if (o.next.empty()) return "stays";
  return "next " + o.next + (o.end == o.next ? "" : ", ends at " + o.end);
}

// " (with its channel)" / " (with its package)" for what came or went with its container.
std::string with(const std::string& within) { return within.empty() ? "" : " (with its " + within + ")"; }

std::string skips_text(const std::vector<std::string>& skips) {
  std::string s = "[";
  for (std::size_t i = 0; i < skips.size(); ++i) s += (i ? ", " : "") + skips[i];
  return s + "]";
}

}  // namespace

Json diff_json(const diff::CatalogDiff& d) {
  Json out = Json::object();
  out["packages"] = added_removed(d.packages_added, d.packages_removed, [](const std::string& p) { return Json(p); });
  out["channels"] = added_removed(d.channels_added, d.channels_removed, [](const diff::ChannelKey& c) {
    return Json{{"package", c.package}, {"channel", c.channel}, {"within", text_or_null(c.within)}};
  });
  out["entries"] = added_removed(d.entries_added, d.entries_removed, [](const diff::EntryKey& e) {
    return Json{{"package", e.package}, {"channel", e.channel}, {"bundle", e.bundle}, {"within", text_or_null(e.within)}};
  });
  out["bundles"] = added_removed(d.bundles_added, d.bundles_removed, [](const diff::BundleKey& b) {
    return Json{{"package", b.package}, {"bundle", b.bundle}};
  });
  Json changed = Json::array();
  for (const diff::BundleChange& c : d.bundles_changed) {
    changed.push_back({{"package", c.package}, {"bundle", c.bundle}, {"severity", c.severity}, {"changes", c.changes}});
  }
  out["bundles"]["changed"] = std::move(changed);
  Json defaults = Json::array();
  for (const diff::DefaultChannelChange& c : d.default_channels) {
    defaults.push_back({{"package", c.package}, {"old", text_or_null(c.old_channel)}, {"new", text_or_null(c.new_channel)}});
  }
  out["defaultChannels"] = std::move(defaults);
  Json edges = Json::array();
  for (const diff::EdgeChange& e : d.edges) {
    Json row{{"package", e.package}, {"channel", e.channel}, {"bundle", e.bundle}, {"field", e.field}};
    if (e.field == "skips") {
      row["old"] = e.old_skips;
      row["new"] = e.new_skips;
    } else {
      row["old"] = text_or_null(e.old_text);
      row["new"] = text_or_null(e.new_text);
    }
    edges.push_back(std::move(row));
  }
  out["edges"] = std::move(edges);
  out["deprecations"] = added_removed(d.deprecations_added, d.deprecations_removed, [](const diff::DeprecationKey& k) {
    return Json{{"package", k.package}, {"schema", k.schema}, {"name", k.name}, {"message", k.message}};
  });
  Json upgrades = Json::array();
  for (const diff::UpgradeChange& u : d.upgrades) {
    upgrades.push_back({{"package", u.package}, {"channel", u.channel}, {"installed", u.installed},
                        {"classic", {{"old", outcome_json(u.classic_old)}, {"new", outcome_json(u.classic_new)}}},
                        {"v1", {{"old", outcome_json(u.v1_old)}, {"new", outcome_json(u.v1_new)}}},
                        {"stranded", {{"old", u.stranded_old}, {"new", u.stranded_new}}}});
  }
  out["upgrades"] = std::move(upgrades);
  return out;
}

Json pruning_json(const std::vector<diff::PruningViolation>& violations, const PathStyle& paths) {
  Json list = Json::array();
  for (const diff::PruningViolation& v : violations) {
    list.push_back({{"package", v.package}, {"channel", v.channel}, {"bundle", text_or_null(v.bundle)},
                    {"where", text_or_null(location_text(paths.located(v.where)))}});
  }
  return Json{{"passed", violations.empty()}, {"violations", std::move(list)}};
}

std::string diff_text(const diff::CatalogDiff& d) {
  std::string s;
  for (const auto& p : d.packages_added) s += "+ package " + p + "\n";
  for (const auto& p : d.packages_removed) s += "- package " + p + "\n";
  for (const auto& c : d.channels_added) s += "+ channel " + c.package + "/" + c.channel + with(c.within) + "\n";
  for (const auto& c : d.channels_removed) s += "- channel " + c.package + "/" + c.channel + with(c.within) + "\n";
  for (const auto& e : d.entries_added) s += "+ entry " + e.package + "/" + e.channel + "/" + e.bundle + with(e.within) + "\n";
  for (const auto& e : d.entries_removed) s += "- entry " + e.package + "/" + e.channel + "/" + e.bundle + with(e.within) + "\n";
  for (const auto& b : d.bundles_added) s += "+ bundle " + b.package + "/" + b.bundle + "\n";
  for (const auto& b : d.bundles_removed) s += "- bundle " + b.package + "/" + b.bundle + "\n";
  for (const auto& c : d.bundles_changed) {
    s += "~ bundle " + c.package + "/" + c.bundle + " changed (" + c.severity + "): ";
    for (std::size_t i = 0; i < c.changes.size(); ++i) s += (i ? "; " : "") + c.changes[i];
    s += "\n";
  }
  for (const auto& c : d.default_channels) {
    s += "~ default channel " + c.package + ": " + or_dash(c.old_channel) + " -> " + or_dash(c.new_channel) + "\n";
  }
  for (const auto& e : d.edges) {
    s += "~ " + e.field + " " + e.package + "/" + e.channel + "/" + e.bundle + ": ";
    s += e.field == "skips" ? skips_text(e.old_skips) + " -> " + skips_text(e.new_skips)
                            : or_dash(e.old_text) + " -> " + or_dash(e.new_text);
    s += "\n";
  }
  for (const auto& k : d.deprecations_added) {
    s += "+ deprecation " + k.package + " " + k.schema + (k.name.empty() ? "" : " " + k.name) + ": " + k.message + "\n";
  }
  for (const auto& k : d.deprecations_removed) {
    s += "- deprecation " + k.package + " " + k.schema + (k.name.empty() ? "" : " " + k.name) + ": " + k.message + "\n";
  }
  for (const auto& u : d.upgrades) {
    s += "~ upgrade " + u.package + "/" + u.channel + " from " + u.installed + ":\n";
    if (u.classic_old != u.classic_new) {
      s += "    OLM Classic: " + outcome_text(u.classic_old) + " -> " + outcome_text(u.classic_new) + "\n";
    }
    if (u.v1_old != u.v1_new) s += "    OLM v1:      " + outcome_text(u.v1_old) + " -> " + outcome_text(u.v1_new) + "\n";
    if (u.stranded_old != u.stranded_new) {
      s += std::string("    ") + (u.stranded_new ? "now stranded by Classic" : "no longer stranded by Classic") + "\n";
    }
  }
  const std::size_t n = d.count();
  s += n == 0 ? "no differences\n" : std::to_string(n) + (n == 1 ? " difference\n" : " differences\n");
  return s;
}

}  // namespace fbclens
