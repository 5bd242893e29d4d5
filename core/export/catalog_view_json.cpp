#include "export/catalog_view_json.h"

#include <algorithm>
#include <map>

#include "export/object_fields.h"
#include "export/report_json.h"
#include "model/names.h"

namespace fbclens {


Json catalog_view_json(const ValidationReport& report) {
  return Json{{"summary", summary_json(report)}, {"packages", catalog_packages_json(report)}};
}

Json catalog_packages_json(const ValidationReport& report) {
  // Findings per package ("" channel key) and per package/channel, counted once.
  std::map<std::pair<std::string, std::string>, int> findings_in;
  for (const Finding& f : report.findings) {
    ++findings_in[{f.object.package, ""}];
    if (!f.object.channel.empty()) ++findings_in[{f.object.package, f.object.channel}];
  }
  const auto count = [&findings_in](const std::string& package, const std::string& channel) {
    auto it = findings_in.find({package, channel});
    return it == findings_in.end() ? 0 : it->second;
  };
  Json packages = Json::array();
  for (const auto& [name, pkg] : report.model.packages) {
    // The explorer's order: the default channel first, then the rest in natural order.
    std::vector<const std::string*> order;
    for (const auto& [cname, ch] : pkg.channels) order.push_back(&cname);
    const std::string& default_channel = pkg.default_channel;  // (lambdas cannot capture structured bindings)
    std::stable_sort(order.begin(), order.end(), [&default_channel](const std::string* a, const std::string* b) {
      const bool da = *a == default_channel, db = *b == default_channel;
      if (da != db) return da;
      return natural_less(*a, *b);
    });
    Json channels = Json::array();
    for (const std::string* channel_name : order) {
      const std::string& cname = *channel_name;
      const model::Channel& ch = pkg.channels.at(cname);
      std::vector<const model::Bundle*> newest_first;
      for (const auto& [bname, b] : ch.bundles) newest_first.push_back(&b);
      std::stable_sort(newest_first.begin(), newest_first.end(), [](const model::Bundle* a, const model::Bundle* b) {
        if (a->version && b->version) return semver::compare(*a->version, *b->version) > 0;
        return a->version.has_value() && !b->version.has_value();
      });
      const std::vector<std::string> heads = model::channel_heads(ch);
      Json bundles = Json::array();
      for (const model::Bundle* b : newest_first) {
        Json row{{"name", b->name},
                 {"version", b->version ? b->version->to_string() : ""},
                 {"head", std::find(heads.begin(), heads.end(), b->name) != heads.end()},
                 {"deprecation", deprecation_json(b->deprecation)},
                 {"image", ""}, {"properties", 0}, {"relatedImages", 0}, {"bundleObjects", 0}, {"where", ""}};
        if (const model::PackageBundle* blob = b->bundle_blob >= 0 ? pkg.bundle(b->name) : nullptr) {
          row["image"] = blob->image;
          row["properties"] = blob->declared->properties.size();
          row["relatedImages"] = blob->declared->related_images.size();
          row["bundleObjects"] = blob->object_count;
          row["where"] = where_text(blob->where);
        }
        bundles.push_back(std::move(row));
      }
      channels.push_back({{"name", cname},
                          {"isDefault", cname == pkg.default_channel},
                          {"deprecation", deprecation_json(ch.deprecation)},
                          {"where", where_text(ch.where)},
                          {"findings", count(name, cname)},
                          {"bundles", std::move(bundles)}});
    }
    packages.push_back({{"name", name},
                        {"defaultChannel", pkg.default_channel},
                        {"deprecation", deprecation_json(pkg.deprecation)},
                        {"where", where_text(pkg.where)},
                        {"findings", count(name, "")},
                        {"channels", std::move(channels)}});
  }
  return packages;
}

}  // namespace fbclens
