// Drift: what a template renders against the catalog committed beside it (template.h drift()).
#include <algorithm>
#include <map>
#include <set>

#include "findings/go_format.h"
#include "template/template.h"

namespace fbclens::tmpl {

namespace {

// "registry.stage.redhat.io" → "registry.redhat.io" for two references of one digest: the parts
// before the longest common tail that starts at a '/'.
std::pair<std::string, std::string> rewrite_of(const std::string& from, const std::string& to) {
  std::size_t common = 0;
  while (common < from.size() && common < to.size() && from[from.size() - 1 - common] == to[to.size() - 1 - common]) ++common;
  // Move the cut right until the common tail starts with '/'.
  std::size_t cut = common;
  while (cut > 0 && from[from.size() - cut] != '/') --cut;
  return {from.substr(0, from.size() - cut), to.substr(0, to.size() - cut)};
}

std::string joined_skips(std::vector<std::string> skips) {
  if (skips.empty()) return "no skips";
  std::string out = "skips [";
  for (std::size_t i = 0; i < skips.size(); ++i) out += (i ? " " : "") + skips[i];
  return out + "]";
}

class Comparer {
 public:
  Comparer(const Rendering& rendered, const Skeleton& committed, std::string file, std::string root)
      : r_(rendered.skeleton), c_(committed), file_(std::move(file)), root_(std::move(root)) {
    root_name_ = root_.empty() ? std::string("the committed catalog") : root_;
  }

  std::vector<Finding> run() {
    packages();
    channels();
    bundles();
    deprecations();
    std::stable_sort(out_.begin(), out_.end(), [](const Finding& a, const Finding& b) {
      return a.location.line != b.location.line ? a.location.line < b.location.line : a.location.column < b.location.column;
    });
    return std::move(out_);
  }

 private:
  // Where a finding about something only the committed catalog has goes: the template's
  // declaration of its package, else the template's first object, else its first line.
  SourceLocation anchor(const std::string& package) const {
    for (const Skeleton::Package& p : r_.packages) {
      if (p.name == package) return p.where;
    }
    if (!r_.packages.empty()) return r_.packages.front().where;
    if (!r_.channels.empty()) return r_.channels.front().where;
    return SourceLocation{file_, 1, 1};
  }

  void emit(FindingId id, const FindingArgs& args, SourceLocation where, ObjectPath object, const SourceLocation* committed,
            const std::string& note) {
    Finding f = make_finding(id, args, std::move(where), std::move(object));
    if (committed && !committed->file.empty()) {
      SourceLocation at = *committed;
      at.file = root_.empty() ? at.file : root_ + "/" + at.file;
      f.notes.push_back(FindingNote{note, at});
    }
    out_.push_back(std::move(f));
  }

  std::string only_rendered() const { return "is rendered by the template but " + root_name_ + " does not declare it"; }
  std::string only_committed() const { return "is declared in " + root_name_ + " but the template does not render it"; }

  void packages() {
    std::map<std::string, const Skeleton::Package*> committed;
    for (const Skeleton::Package& p : c_.packages) committed[p.name] = &p;
    std::set<std::string> rendered;
    for (const Skeleton::Package& p : r_.packages) {
      rendered.insert(p.name);
      const auto it = committed.find(p.name);
      if (it == committed.end()) {
        emit(FindingId::DriftPackage, {p.name, only_rendered()}, p.where, ObjectPath{p.name, "", ""}, nullptr, "");
        continue;
      }
      const Skeleton::Package& c = *it->second;
      if (p.default_channel != c.default_channel) {
        emit(FindingId::DriftDefaultChannel, {p.name, p.default_channel, root_name_, c.default_channel}, p.where, ObjectPath{p.name, "", ""},
             &c.where, "the committed package is declared here");
      }
      if (p.description != c.description) {
        emit(FindingId::DriftPackageMetadata, {p.name, "description", root_name_}, p.where, ObjectPath{p.name, "", ""}, &c.where,
             "the committed package is declared here");
      }
      if (p.metadata_known && p.icon != c.icon) {
        emit(FindingId::DriftPackageMetadata, {p.name, "icon", root_name_}, p.where, ObjectPath{p.name, "", ""}, &c.where,
             "the committed package is declared here");
      }
    }
    for (const Skeleton::Package& c : c_.packages) {
      if (!rendered.count(c.name)) {
        emit(FindingId::DriftPackage, {c.name, only_committed()}, anchor(c.name), ObjectPath{c.name, "", ""}, &c.where,
             "the committed package is declared here");
      }
    }
  }

  void channels() {
    std::map<std::pair<std::string, std::string>, const Skeleton::Channel*> committed;
    for (const Skeleton::Channel& c : c_.channels) committed[{c.package, c.name}] = &c;
    std::set<std::pair<std::string, std::string>> rendered;
    for (const Skeleton::Channel& ch : r_.channels) {
      rendered.insert({ch.package, ch.name});
      const auto it = committed.find({ch.package, ch.name});
      if (it == committed.end()) {
        emit(FindingId::DriftChannel, {ch.package, ch.name, only_rendered()}, ch.where, ObjectPath{ch.package, ch.name, ""}, nullptr, "");
        continue;
      }
      entries(ch, *it->second);
    }
    for (const Skeleton::Channel& c : c_.channels) {
      if (!rendered.count({c.package, c.name})) {
        emit(FindingId::DriftChannel, {c.package, c.name, only_committed()}, anchor(c.package), ObjectPath{c.package, c.name, ""},
             &c.where, "the committed channel is declared here");
      }
    }
  }

  void entries(const Skeleton::Channel& rendered, const Skeleton::Channel& committed) {
    std::map<std::string, const Skeleton::Entry*> by_name;
    for (const Skeleton::Entry& e : committed.entries) by_name.emplace(e.name, &e);
    std::set<std::string> seen;
    const ObjectPath channel{rendered.package, rendered.name, ""};
    for (const Skeleton::Entry& e : rendered.entries) {
      seen.insert(e.name);
      const ObjectPath object{rendered.package, rendered.name, e.name};
      const auto it = by_name.find(e.name);
      if (it == by_name.end()) {
        emit(FindingId::DriftEntry, {rendered.package, rendered.name, e.name, only_rendered()}, e.where, object, &committed.where,
             "the committed channel is declared here");
        continue;
      }
      const Skeleton::Entry& c = *it->second;
      const auto edge = [&](const char* field, const std::string& ours, const std::string& theirs) {
        emit(FindingId::DriftEdge, {rendered.package, rendered.name, e.name, field, ours, root_name_, theirs}, e.where, object, &c.where,
             "the committed entry is here");
      };
      const auto quoted = [](const std::string& v) { return v.empty() ? std::string("none") : go_quote(v); };
      if (e.replaces != c.replaces) edge("replaces", quoted(e.replaces), quoted(c.replaces));
      std::vector<std::string> ours = e.skips, theirs = c.skips;
      std::sort(ours.begin(), ours.end());
      std::sort(theirs.begin(), theirs.end());
      if (ours != theirs) edge("skips", joined_skips(ours), joined_skips(theirs));
      if (e.skip_range != c.skip_range) edge("skipRange", quoted(e.skip_range), quoted(c.skip_range));
    }
    for (const Skeleton::Entry& c : committed.entries) {
      if (!seen.count(c.name)) {
        emit(FindingId::DriftEntry, {rendered.package, rendered.name, c.name, only_committed()}, rendered.where,
             ObjectPath{rendered.package, rendered.name, c.name}, &c.where, "the committed entry is here");
      }
    }
    (void)channel;
  }

  // Bundles are matched by image digest (by the whole reference when it has none).
  void bundles() {
    const auto key = [](const std::string& image) {
      const std::string digest = image_digest(image);
      return digest.empty() ? image : digest;
    };
    std::multimap<std::string, const Skeleton::Bundle*> committed;
    for (const Skeleton::Bundle& b : c_.bundles) committed.emplace(key(b.image), &b);
    std::set<const Skeleton::Bundle*> matched;
    std::map<std::pair<std::string, std::string>, std::size_t> rewrites;
    std::size_t rewritten = 0;
    for (const Skeleton::Bundle& b : r_.bundles) {
      const auto range = committed.equal_range(key(b.image));
      const Skeleton::Bundle* match = nullptr;
      for (auto it = range.first; it != range.second; ++it) {
        if (!matched.count(it->second)) {
          match = it->second;
          break;
        }
      }
      if (!match) {
        emit(FindingId::DriftBundle, {b.package, b.name, "is rendered by the template (image " + b.image + ") but " + root_name_ + " does not hold that image"},
             b.where, ObjectPath{b.package, "", b.name}, nullptr, "");
        continue;
      }
      matched.insert(match);
      if (match->image != b.image) {
        ++rewrites[rewrite_of(b.image, match->image)];
        ++rewritten;
      }
    }
    for (const Skeleton::Bundle& c : c_.bundles) {
      if (!matched.count(&c)) {
        emit(FindingId::DriftBundle, {c.package, c.name, "is in " + root_name_ + " (image " + c.image + ") but the template does not render it"},
             anchor(c.package), ObjectPath{c.package, "", c.name}, &c.where, "the committed bundle is declared here");
      }
    }
    if (rewritten) {
      std::string list;
      for (const auto& [pair, n] : rewrites) {
        list += (list.empty() ? "" : "; ") + pair.first + "/… → " + pair.second + "/… (" + std::to_string(n) + ")";
      }
      emit(FindingId::RegistryRewrite, {std::to_string(rewritten), list + " in " + root_name_}, anchor(""), {}, nullptr, "");
    }
  }

  void deprecations() {
    using Key = std::tuple<std::string, std::string, std::string>;
    std::map<Key, const Skeleton::Deprecation*> committed;
    for (const Skeleton::Deprecation& d : c_.deprecations) committed.emplace(Key{d.package, d.schema, d.name}, &d);
    std::set<Key> seen;
    const auto what = [](const Skeleton::Deprecation& d) {
      return d.schema == "olm.package" ? std::string("the package") : d.schema + " " + go_quote(d.name);
    };
    for (const Skeleton::Deprecation& d : r_.deprecations) {
      const Key k{d.package, d.schema, d.name};
      seen.insert(k);
      const auto it = committed.find(k);
      if (it == committed.end()) {
        emit(FindingId::DriftDeprecation, {d.package, what(d), only_rendered()}, d.where, ObjectPath{d.package, "", ""}, nullptr, "");
      } else if (it->second->message != d.message) {
        emit(FindingId::DriftDeprecation, {d.package, what(d), "has another message in " + root_name_ + ": " + go_quote(it->second->message)},
             d.where, ObjectPath{d.package, "", ""}, &it->second->where, "the committed deprecation entry is here");
      }
    }
    for (const Skeleton::Deprecation& d : c_.deprecations) {
      if (!seen.count(Key{d.package, d.schema, d.name})) {
        emit(FindingId::DriftDeprecation, {d.package, what(d), only_committed()}, anchor(d.package), ObjectPath{d.package, "", ""}, &d.where,
             "the committed deprecation entry is here");
      }
    }
  }

  const Skeleton& r_;
  const Skeleton& c_;
  std::string file_, root_, root_name_;
  std::vector<Finding> out_;
};

}  // namespace

std::vector<Finding> drift(const Rendering& rendered, const Skeleton& committed, const std::string& template_file,
                           const std::string& root) {
  return Comparer(rendered, committed, template_file, root).run();
}

}  // namespace fbclens::tmpl
