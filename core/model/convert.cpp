// Phases A–E of opm's ConvertToModel (spec validation.md §2.1–2.5).
#include <algorithm>
#include <set>

#include "declcfg/go_shape.h"
#include "findings/go_format.h"
#include "model/model.h"
#include "model/names.h"

namespace fbclens::model {

namespace {

using declcfg::DeclarativeConfig;

class Converter {
 public:
  Converter(const DeclarativeConfig& cfg, const LoadResult& load) : cfg_(cfg), load_(load) {}

  Conversion run() {
    packages();
    channels();
    bundles();
    entries_without_bundles();
    default_channels();
    deprecations();
    return std::move(out_);
  }

 private:
  // Records a finding. `opm` says whether opm's fail-fast would stop here (the first such one
  // is what opm prints); findings after that are ours alone.
  // Both texts come from the table row of `id` (codes.def) with `args`.
  Finding& emit(FindingId id, const FindingArgs& args, SourceLocation where, ObjectPath object, bool opm = true) {
    Finding f = make_finding(id, args, std::move(where), std::move(object));
    if (opm && !out_.opm_failed) {
      f.reported_by_opm = true;
      out_.opm_failed = true;
    }
    out_.findings.push_back(std::move(f));
    return out_.findings.back();
  }

  SourceLocation at(std::uint32_t blob, const std::string& field = "") const {
    return load_.locate(load_.blobs[blob], field);
  }

  // ---- Phase A ----
  void packages() {
    for (std::size_t i = 0; i < cfg_.packages.size(); ++i) {
      const declcfg::Package& p = cfg_.packages[i];
      if (p.name.empty()) {
        emit(FindingId::PackageNoName, {}, at(p.blob), {});
        continue;
      }
      if (auto first = out_.model.packages.find(p.name); first != out_.model.packages.end()) {
        emit(FindingId::PackageDuplicate, {p.name}, at(p.blob, "/name"), {p.name, "", ""})
            .notes.push_back({"package " + go_quote(p.name) + " is first declared here",
                              at(cfg_.packages[first->second.package_blob].blob, "/name")});
        continue;
      }
      const std::vector<std::string> problems = dns1123_label_errors(p.name);
      if (!problems.empty()) {
        std::string joined;
        for (std::size_t k = 0; k < problems.size(); ++k) joined += (k ? "; " : "") + problems[k];
        emit(FindingId::PackageNameInvalid, {p.name, joined, go_string_slice(problems)}, at(p.blob, "/name"),
             {p.name, "", ""});
      }
      Package& mp = out_.model.packages[p.name];
      mp.name = p.name;
      mp.package_blob = static_cast<int>(i);
      mp.default_channel = p.default_channel;
    }
  }

  // ---- Phase B ----
  void channels() {
    for (std::size_t i = 0; i < cfg_.channels.size(); ++i) {
      const declcfg::Channel& c = cfg_.channels[i];
      auto pkg = out_.model.packages.find(c.package);
      if (pkg == out_.model.packages.end()) {
        emit(FindingId::ChannelUnknownPackage, {c.package, c.name}, at(c.blob, "/package"), {c.package, c.name, ""});
        continue;
      }
      if (c.name.empty()) {
        emit(FindingId::ChannelNoName, {c.package}, at(c.blob), {c.package, "", ""});
        continue;
      }
      if (auto first = pkg->second.channels.find(c.name); first != pkg->second.channels.end()) {
        emit(FindingId::ChannelDuplicate, {c.package, c.name}, at(c.blob, "/name"), {c.package, c.name, ""})
            .notes.push_back({"channel " + go_quote(c.name) + " is first declared here",
                              at(cfg_.channels[first->second.channel_blob].blob, "/name")});
        continue;
      }
      Channel mc;
      mc.name = c.name;
      mc.channel_blob = static_cast<int>(i);
      for (const declcfg::ChannelEntry& e : c.entries) {
        if (auto first = mc.bundles.find(e.name); first != mc.bundles.end()) {
          emit(FindingId::ChannelEntryDuplicate, {c.package, c.name, e.name},
               at(c.blob, "/entries/" + std::to_string(e.index)), {c.package, c.name, e.name})
              .notes.push_back({"entry " + go_quote(e.name) + " is first listed here",
                                at(c.blob, "/entries/" + std::to_string(first->second.index))});
          continue;
        }
        Bundle b;
        static_cast<declcfg::ChannelEntry&>(b) = e;
        mc.bundles.emplace(e.name, std::move(b));
        mc.entry_order.push_back(e.name);
      }
      // opm remembers only the last-processed channel's entries for phase D (§2.4 quirk).
      last_channel_entries_[c.package] = std::set<std::string>(mc.entry_order.begin(), mc.entry_order.end());
      pkg->second.channels.emplace(c.name, std::move(mc));
    }
  }

  // ---- Phase C ----
  void bundles() {
    std::map<std::string, std::map<std::string, std::uint32_t>> seen;  // package → bundle name → first blob
    for (std::size_t i = 0; i < cfg_.bundles.size(); ++i) {
      const declcfg::Bundle& b = cfg_.bundles[i];
      const ObjectPath obj{b.package, "", b.name};
      if (b.package.empty()) {
        emit(FindingId::BundleNoPackage, {b.package, b.name}, at(b.blob), obj);
        continue;
      }
      auto pkg = out_.model.packages.find(b.package);
      if (pkg == out_.model.packages.end()) {
        emit(FindingId::BundleUnknownPackage, {b.package, b.name}, at(b.blob, "/package"), obj);
        continue;
      }
      if (auto [first, fresh] = seen[b.package].emplace(b.name, b.blob); !fresh) {
        emit(FindingId::BundleDuplicate, {b.package, b.name}, at(b.blob, "/name"), obj)
            .notes.push_back({"bundle " + go_quote(b.name) + " is first declared here", at(first->second, "/name")});
        continue;
      }
      pkg->second.bundle_blobs.push_back(static_cast<int>(i));
      attach(static_cast<int>(i), pkg->second);
    }
  }

  // Checks one bundle blob (C.4–C.10) and attaches it to every channel entry of its name (C.11).
  void attach(int index, Package& pkg) {
    const declcfg::Bundle& b = cfg_.bundles[index];
    const ObjectPath obj{b.package, "", b.name};
    const std::string props = "/properties/";
    // C.4: parse properties.
    const declcfg::Property* package_prop = nullptr;
    int package_props = 0;
    bool property_error = false;
    for (const declcfg::Property& p : b.properties) {
      if (!p.error.empty()) {  // checked when the blob was decoded
        if (!property_error) {
          emit(FindingId::PropertyInvalid, {b.package, b.name, std::to_string(p.index), p.type, p.error},
               at(b.blob, props + std::to_string(p.index) + (p.value ? "/value" + p.error_path : "")), obj);
        }
        property_error = true;
        continue;
      }
      if (p.type == "olm.package") {
        ++package_props;
        if (!package_prop) package_prop = &p;
      }
    }
    if (property_error) {
      // opm stops here; we still attach the bundle (without a version) so its channel entries
      // are not reported a second time as entries without a bundle.
      attach_to_channels(index, pkg, std::nullopt, "", {});
      return;
    }
    // C.5, C.6
    if (package_props != 1) {
      emit(FindingId::PackagePropertyCount, {b.package, b.name, std::to_string(package_props)},
           at(b.blob, package_props ? props + std::to_string(package_prop->index) : "/properties"), obj);
    }
    std::string version_text, release_text, package_name;
    if (package_prop && package_prop->value && package_prop->value->is_object()) {
      const Json& v = *package_prop->value;
      const auto str = [&v](const char* k) {
        const Json* f = go_field(v, k);
        return f && f->is_string() ? f->get<std::string>() : std::string();
      };
      version_text = str("version");
      release_text = str("release");
      package_name = str("packageName");
    }
    const std::string pp = package_prop ? props + std::to_string(package_prop->index) + "/value" : "/properties";
    if (package_props == 1 && package_name != b.package) {
      emit(FindingId::PackagePropertyMismatch, {b.package, b.name, package_name}, at(b.blob, pp + "/packageName"), obj);
    }
    // C.7, C.8
    if (!b.image.empty()) {
      const std::string e = image_reference_error(b.image);
      if (!e.empty()) {
        emit(FindingId::ImageInvalid, {b.package, b.name, b.image, e}, at(b.blob, "/image"), obj);
      }
    }
    for (std::size_t k = 0; k < b.related_images.size(); ++k) {
      const std::string& image = b.related_images[k].image;
      if (image.empty()) continue;
      const std::string e = image_reference_error(image);
      if (e.empty()) continue;
      emit(FindingId::RelatedImageInvalid, {b.package, b.name, std::to_string(k), image, e},
           at(b.blob, "/relatedImages/" + std::to_string(k) + "/image"), obj);
    }
    // C.9, C.10
    std::string error;
    std::optional<semver::Version> version = semver::parse(version_text, &error);
    if (!version) {
      emit(FindingId::VersionInvalid, {b.package, b.name, version_text, error}, at(b.blob, pp + "/version"), obj);
    }
    std::vector<semver::PrereleaseId> release_ids;
    if (!parse_release(release_text, release_ids, error)) {
      emit(FindingId::ReleaseInvalid, {b.package, b.name, release_text, error}, at(b.blob, pp + "/release"), obj);
      release_ids.clear();
    }
    if (!attach_to_channels(index, pkg, version, release_text, release_ids)) {
      emit(FindingId::BundleNotInChannel, {b.package, b.name}, at(b.blob, "/name"), obj);
    }
  }

  // C.11: fills in every channel entry named like bundle blob `index`. Returns whether any was.
  bool attach_to_channels(int index, Package& pkg, const std::optional<semver::Version>& version,
                          const std::string& release_text, const std::vector<semver::PrereleaseId>& release_ids) {
    const declcfg::Bundle& b = cfg_.bundles[index];
    bool found = false;
    for (auto& [name, channel] : pkg.channels) {
      auto it = channel.bundles.find(b.name);
      if (it == channel.bundles.end()) continue;
      found = true;
      Bundle& mb = it->second;
      mb.bundle_blob = index;
      mb.image = b.image;
      mb.object_count = b.object_count;
      mb.version = version;
      mb.release = release_text;
      mb.release_ids = release_ids;
    }
    last_channel_entries_[b.package].erase(b.name);
    return found;
  }

  // ---- Phase D ----
  // opm checks only the last-processed channel of each package (§2.4 quirk); we report every
  // entry without a blob, and flag as opm's only what opm itself would print.
  void entries_without_bundles() {
    const std::set<std::string> undecoded = undecoded_bundles();
    for (auto& [pkg_name, pkg] : out_.model.packages) {
      std::set<std::string> missing;
      const Channel* first_channel = nullptr;
      std::uint32_t first_entry = 0;
      for (const auto& [ch_name, ch] : pkg.channels) {
        for (const std::string& e : ch.entry_order) {
          if (ch.bundles.at(e).bundle_blob >= 0) continue;
          if (missing.insert(e).second && !first_channel) {
            first_channel = &ch;
            first_entry = ch.bundles.at(e).index;
          }
        }
      }
      if (missing.empty()) continue;
      const std::set<std::string>& opm_set = last_channel_entries_[pkg_name];
      // Blobs that failed to decode at load time are already reported; do not say "missing" again.
      std::vector<std::string> names;
      for (const std::string& n : missing) {
        if (!undecoded.count(pkg_name + "\n" + n)) names.push_back(n);
      }
      if (names.empty()) continue;
      std::vector<std::string> opm_names(opm_set.begin(), opm_set.end());
      std::vector<std::string> quoted;
      for (const std::string& n : names) quoted.push_back(go_quote(n));
      std::string list;
      for (std::size_t k = 0; k < quoted.size(); ++k) list += (k ? ", " : "") + quoted[k];
      emit(FindingId::EntryWithoutBundle, {pkg_name, list, go_string_slice(opm_names.empty() ? names : opm_names)},
           at(cfg_.channels[first_channel->channel_blob].blob, "/entries/" + std::to_string(first_entry)),
           {pkg_name, first_channel->name, names.front()}, /*opm=*/!opm_set.empty());
    }
  }

  // olm.bundle objects that loaded but failed to decode (reported at load time), as package\nname.
  std::set<std::string> undecoded_bundles() const {
    std::set<std::string> decoded, failed;
    for (const declcfg::Bundle& b : cfg_.bundles) decoded.insert(b.package + "\n" + b.name);
    for (const Blob& blob : load_.blobs) {
      if (blob.schema == "olm.bundle" && !decoded.count(blob.package + "\n" + blob.name)) {
        failed.insert(blob.package + "\n" + blob.name);
      }
    }
    return failed;
  }

  // ---- Phase E ----
  void default_channels() {
    for (auto& [name, pkg] : out_.model.packages) {
      if (pkg.default_channel.empty() || pkg.channels.count(pkg.default_channel)) continue;
      Channel synthetic;
      synthetic.name = pkg.default_channel;  // opm adds an empty channel; phase F reports it
      pkg.channels.emplace(pkg.default_channel, std::move(synthetic));
    }
  }

  void deprecations() {
    std::map<std::string, std::uint32_t> seen_packages;  // package → its first olm.deprecations blob
    for (std::size_t i = 0; i < cfg_.deprecations.size(); ++i) {
      const declcfg::Deprecation& d = cfg_.deprecations[i];
      if (d.package.empty()) {
        emit(FindingId::DeprecationNoPackage, {std::to_string(i)}, at(d.blob), {});
        continue;
      }
      auto pkg_it = out_.model.packages.find(d.package);
      if (pkg_it == out_.model.packages.end()) {
        emit(FindingId::DeprecationUnknownPackage, {d.package}, at(d.blob, "/package"), {d.package, "", ""});
        continue;
      }
      if (auto [first, fresh] = seen_packages.emplace(d.package, d.blob); !fresh) {
        emit(FindingId::DeprecationDuplicateBlob, {d.package}, at(d.blob), {d.package, "", ""})
            .notes.push_back({"the first olm.deprecations object of package " + go_quote(d.package) + " is here",
                              at(first->second)});
        continue;
      }
      Package& pkg = pkg_it->second;
      // (schema, name) → index of the entry that first names it
      std::map<std::pair<std::string, std::string>, std::uint32_t> refs;
      for (const declcfg::DeprecationEntry& e : d.entries) {
        const std::string where = "/entries/" + std::to_string(e.index);
        // Every entry row of codes.def takes {package, entry index, schema, name}.
        const FindingArgs args{d.package, std::to_string(e.index), e.reference.schema, e.reference.name};
        if (e.reference.schema.empty()) {
          emit(FindingId::DeprecationEntryNoSchema, args, at(d.blob, where), {d.package, "", ""});
          continue;
        }
        if (auto [first, fresh] = refs.emplace(std::make_pair(e.reference.schema, e.reference.name), e.index); !fresh) {
          FindingArgs dup = args;
          dup.push_back(e.reference.name.empty() ? "" : " " + go_quote(e.reference.name));
          emit(FindingId::DeprecationEntryDuplicate, dup, at(d.blob, where), {d.package, "", ""})
              .notes.push_back({"first referenced by entry " + std::to_string(first->second) + " here",
                                at(d.blob, "/entries/" + std::to_string(first->second))});
          continue;
        }
        if (e.reference.schema == "olm.bundle") {
          bool found = false;
          for (int bi : pkg.bundle_blobs) found = found || cfg_.bundles[bi].name == e.reference.name;
          if (!found) {
            emit(FindingId::DeprecationBundleNotFound, args, at(d.blob, where + "/reference"),
                 {d.package, "", e.reference.name});
            continue;
          }
          for (auto& [cn, ch] : pkg.channels) {
            auto b = ch.bundles.find(e.reference.name);
            if (b != ch.bundles.end()) b->second.deprecation = e.message;
          }
        } else if (e.reference.schema == "olm.channel") {
          auto ch = pkg.channels.find(e.reference.name);
          if (ch == pkg.channels.end()) {
            emit(FindingId::DeprecationChannelNotFound, args, at(d.blob, where + "/reference"),
                 {d.package, e.reference.name, ""});
            continue;
          }
          ch->second.deprecation = e.message;
        } else if (e.reference.schema == "olm.package") {
          if (!e.reference.name.empty()) {
            emit(FindingId::DeprecationPackageNamed, args, at(d.blob, where + "/reference"), {d.package, "", ""});
            continue;
          }
          pkg.deprecation = e.message;
        } else {
          emit(FindingId::DeprecationUnknownSchema, args, at(d.blob, where + "/reference"), {d.package, "", ""});
        }
      }
    }
  }

  const DeclarativeConfig& cfg_;
  const LoadResult& load_;
  Conversion out_;
  std::map<std::string, std::set<std::string>> last_channel_entries_;
};

}  // namespace

Conversion convert_to_model(const DeclarativeConfig& cfg, const LoadResult& load) { return Converter(cfg, load).run(); }

}  // namespace fbclens::model
