#include "deps/resolve.h"

#include <algorithm>
#include <map>
#include <set>

namespace fbclens::deps {

bool parse_cluster_provides(const std::string& text, ClusterProvides& into, std::string& error) {
  const auto at = text.find('@');
  if (at != std::string::npos) {
    const std::string name = text.substr(0, at);
    std::string why;
    const std::optional<semver::Version> v = semver::parse(text.substr(at + 1), &why);
    if (name.empty() || !v) {
      error = "--cluster-provides " + text + ": expected package@version with a SemVer version" + (why.empty() ? "" : " (" + why + ")");
      return false;
    }
    into.packages.push_back({name, *v});
    return true;
  }
  const auto first = text.find('/');
  const auto second = first == std::string::npos ? std::string::npos : text.find('/', first + 1);
  if (second == std::string::npos || text.find('/', second + 1) != std::string::npos || second + 1 == text.size() ||
      second == first + 1) {
    error = "--cluster-provides " + text + ": expected group/version/Kind (group may be empty: /v1/Kind) or package@version";
    return false;
  }
  into.gvks.push_back({text.substr(0, first), text.substr(first + 1, second - first - 1), text.substr(second + 1)});
  return true;
}

bool sort_channel(const model::Package& package, const model::Channel& channel, const std::vector<std::string>& names,
                  std::vector<std::string>& out, std::string& error) {
  out.clear();
  std::vector<const model::Bundle*> bundles;
  if (names.empty()) {
    bundles = channel.entries();
  } else {
    for (const std::string& n : names) {
      auto it = channel.bundles.find(n);
      if (it != channel.bundles.end()) bundles.push_back(&it->second);
    }
  }
  if (bundles.empty()) return true;
  std::map<std::string, const model::Bundle*> lookup;
  for (const model::Bundle* b : bundles) lookup[b->name] = b;
  std::set<std::string> replaced, skipped;
  std::map<std::string, std::string> replaces;
  for (const model::Bundle* b : bundles) {
    if (!b->replaces.empty() && lookup.count(b->replaces)) {
      replaced.insert(b->replaces);
      replaces[b->name] = b->replaces;
    }
    for (const std::string& s : b->skips) {
      if (lookup.count(s)) {
        replaced.insert(s);
        skipped.insert(s);
      }
    }
  }
  const auto quote = [](const std::string& s) { return "\"" + s + "\""; };
  std::vector<const model::Bundle*> heads;
  for (const model::Bundle* b : bundles) {
    if (!replaced.count(b->name)) heads.push_back(b);
  }
  if (heads.empty()) {
    error = "no channel heads (entries not replaced by another entry) found in channel " + quote(channel.name) +
            " of package " + quote(package.name);
    return false;
  }
  std::vector<std::vector<std::string>> chains;
  for (const model::Bundle* head : heads) {
    std::vector<std::string> chain;
    std::set<std::string> visited;
    std::string current = head->name;
    for (;;) {
      visited.insert(current);
      if (!skipped.count(current)) chain.push_back(current);
      auto next = replaces.find(current);
      if (next == replaces.end()) break;
      if (visited.count(next->second)) {
        error = "a cycle exists in the chain of replacement beginning with " + quote(head->name) + " in channel " +
                quote(channel.name) + " of package " + quote(package.name);
        return false;
      }
      current = next->second;
    }
    chains.push_back(std::move(chain));
  }
  if (chains.size() > 1) {
    std::string list;
    for (std::size_t i = 0; i < chains.size(); ++i) {
      const auto& c = chains[i];
      list += i ? ", " : "";
      list += c.empty() ? "[]" : c.size() == 1 ? c[0] : c.front() + "..." + c.back();
    }
    error = "a unique replacement chain within a channel is required to determine the relative order between channel "
            "entries, but " + std::to_string(chains.size()) + " replacement chains were found in channel " +
            quote(channel.name) + " of package " + quote(package.name) + ": " + list;
    return false;
  }
  out = std::move(chains[0]);
  return true;
}

namespace {

struct Option {
  const model::Package* package = nullptr;
  std::string channel, bundle;
  bool operator==(const Option& o) const { return package == o.package && channel == o.channel && bundle == o.bundle; }
};

struct DepInfo {
  Dependency dep;
  std::string clause;             // "bundle X requires an operator ..."
  std::vector<Option> options;
  std::string cluster;            // "" = the cluster does not satisfy it
  bool not_evaluated = false;     // no option is certain, some are not evaluated (cel)
};

struct BundleInfo {
  std::string error;  // OLM's abort message for any resolution reaching this bundle ("" = none)
  const model::Package* package = nullptr;
  const model::PackageBundle* bundle = nullptr;
  Provider provider;
  std::vector<DepInfo> deps;
};

constexpr std::size_t kMaxInstalls = 4096;  // deeper choice chains give up (bounded recursion)

// A key that tells constraints apart (describe() does not: not over one child reads as the child).
std::string memo_key(const Constraint& c) {
  std::string out = std::to_string(static_cast<int>(c.kind)) + "(" + c.package_name + "\n" + c.version_range + "\n" +
                    c.gvk.group + "\n" + c.gvk.version + "\n" + c.gvk.kind + "\n" + c.cel_rule;
  for (const Constraint& child : c.children) out += "," + memo_key(child);
  return out + ")";
}

std::string gvk_text(const property::Gvk& g) { return g.group + "/" + g.version + "/" + g.kind; }

class Resolver {
 public:
  Resolver(const model::Model& model, ClusterProvides cluster, std::size_t step_budget)
      : model_(model), cluster_request_(std::move(cluster)), step_budget_(step_budget) {
    for (const property::Gvk& g : cluster_request_.gvks) cluster_.push_back({{}, std::nullopt, {g}});
    for (const auto& p : cluster_request_.packages) cluster_.push_back({p.package_name, p.version, {}});
  }

  Resolution install(const InstallRequest& request) {
    Resolution out;
    auto pit = model_.packages.find(request.package);
    const std::string sub = request.package;  // the subscription's name in OLM's messages
    if (pit == model_.packages.end()) {
      out.error = "no operators found in package " + request.package + " in the catalog referenced by subscription " + sub;
      return out;
    }
    const model::Package& pkg = pit->second;
    // Candidates: default channel first, then by name; each channel by sortChannel.
    std::vector<const model::Channel*> channels;
    for (const auto& [name, ch] : pkg.channels) {
      if (request.channel.empty() || name == request.channel) channels.push_back(&ch);
    }
    if (channels.empty()) {
      out.error = "no operators found in channel " + request.channel + " of package " + request.package +
                  " in the catalog referenced by subscription " + sub;
      return out;
    }
    std::stable_sort(channels.begin(), channels.end(), [&](const model::Channel* a, const model::Channel* b) {
      const bool ad = a->name == pkg.default_channel, bd = b->name == pkg.default_channel;
      if (ad != bd) return ad;
      return a->name < b->name;
    });
    std::vector<Candidate> candidates;
    for (const model::Channel* ch : channels) {
      std::vector<std::string> names, sorted;
      if (!request.starting_bundle.empty()) {
        if (!ch->bundles.count(request.starting_bundle)) continue;
        names.push_back(request.starting_bundle);
      }
      if (!sort_channel(pkg, *ch, names, sorted, out.error)) return out;
      for (const std::string& b : sorted) candidates.push_back({ch->name, b, false});
    }
    if (candidates.empty()) {
      out.error = "no operators found with name " + request.starting_bundle + " in channel " + request.channel +
                  " of package " + request.package + " in the catalog referenced by subscription " + sub;
      return out;
    }
    return resolve(pkg, candidates, false);
  }

  Resolution resolve(const model::Package& pkg, const std::vector<Candidate>& candidates, bool upgrade) {
    Resolution out;
    steps_ = 0;
    upgrade_package_ = upgrade ? pkg.name : "";
    // Explore every bundle reachable (OLM builds variables for all of them, and any error aborts).
    std::vector<Option> stack;
    for (auto it = candidates.rbegin(); it != candidates.rend(); ++it) {
      if (pkg.bundle(it->bundle)) stack.push_back({&pkg, it->channel, it->bundle});
    }
    while (!stack.empty()) {
      const Option o = stack.back();
      stack.pop_back();
      if (explored_.count(key(o))) continue;
      BundleInfo* info = explore(o, out.error);
      if (!out.error.empty()) return out;
      explored_.insert(key(o));
      for (const DepInfo& d : info->deps) {
        for (const Option& opt : d.options) {
          if (!explored_.count(key(opt))) stack.push_back(opt);
        }
      }
    }
    for (const Candidate& c : candidates) out.candidates.push_back({c.channel, c.bundle, false, {}, false});
    for (std::size_t i = 0; i < candidates.size(); ++i) {
      CandidateOutcome& outcome = out.candidates[i];
      outcome.tried = true;
      const Option c{&pkg, candidates[i].channel, candidates[i].bundle};
      if (!pkg.bundle(c.bundle)) {
        outcome.unmet.push_back({c.bundle, "", "", "", {}, "it is not a bundle of package " + pkg.name});
        continue;
      }
      if (candidates[i].prohibited) {
        outcome.unmet.push_back({c.bundle, "", "", "", {}, "bundle " + c.bundle + " is deprecated"});
        continue;
      }
      reset();
      failures_.clear();
      if (!choose(c, "", "", "", "")) {
        outcome.unmet.push_back({c.bundle, "", "", "", {}, "it provides an API the cluster already has or its package is installed"});
        continue;
      }
      if (solve(0)) {
        outcome.chosen = true;
        out.ok = true;
        out.installs = installs_;
        out.notes = notes_;
        return out;
      }
      if (steps_ > step_budget_) {
        out.error = "resolution gave up after " + std::to_string(step_budget_) + " search steps";
        return out;
      }
      outcome.unmet = failures_;
    }
    return out;
  }

 const model::Model& model() const { return model_; }
  std::size_t steps() const { return steps_; }  // the last resolve()'s search steps

 private:
  struct Ob {
    std::string bundle_key;
    std::size_t dep = 0;
  };

  static std::string key(const Option& o) { return o.package->name + "\n" + o.bundle; }

  BundleInfo* explore(const Option& o, std::string& error) {
    const std::string k = key(o);
    auto it = infos_.find(k);
    if (it != infos_.end()) {
      error = it->second.error;
      return error.empty() ? &it->second : nullptr;
    }
    const model::PackageBundle* b = o.package->bundle(o.bundle);
    BundleInfo& info = infos_[k];
    info.package = o.package;
    info.bundle = b;
    if (!b) return &info;
    info.provider = provider_of(*b);
    if (info.provider.package_name.empty()) info.provider.package_name = o.package->name;
    for (Dependency& d : bundle_dependencies(*b)) {
      if (!d.error.empty()) {
        error = info.error = d.error;  // remembered: every later resolution reaching it fails too
        info.deps.clear();
        return nullptr;
      }
      DepInfo di;
      di.clause = "bundle " + b->name + " requires an operator " + describe(*d.constraint);
      for (const Provider& p : cluster_) {
        if (evaluate(*d.constraint, p) == Verdict::Satisfied) {
          di.cluster = p.provided_gvks.empty() ? p.package_name + "@" + p.version->to_string() : gvk_text(p.provided_gvks[0]);
          break;
        }
      }
      const std::string memo = memo_key(*d.constraint);
      auto cached = options_cache_.find(memo);
      if (cached == options_cache_.end()) {
        DepInfo probe;
        if (!options_for(*d.constraint, probe, error)) {
          infos_.erase(k);  // not cached: the next resolution reaching it reports the error again
          return nullptr;
        }
        cached = options_cache_.emplace(memo, std::make_pair(probe.options, probe.not_evaluated)).first;
      }
      di.options = cached->second.first;
      di.not_evaluated = cached->second.second;
      di.dep = std::move(d);
      info.deps.push_back(std::move(di));
    }
    return &info;
  }

  // OLM's sortBundles over the channels holding a bundle that satisfies `c`, then filtered by `c`.
  bool options_for(const Constraint& c, DepInfo& di, std::string& error) {
    struct Source {
      const model::Package* package;
      const model::Channel* channel;
      bool is_default;
    };
    std::vector<Source> sources;
    bool unknown = false;
    for (const auto& [pname, pkg] : model_.packages) {
      for (const model::PackageBundle& b : pkg.bundles) {
        Provider p = provider_of(b);
        if (p.package_name.empty()) p.package_name = pname;
        const Verdict v = evaluate(c, p);
        if (v == Verdict::NotEvaluated) unknown = true;
        if (v != Verdict::Satisfied) continue;
        for (const std::string& chname : b.channels) {
          auto ch = pkg.channels.find(chname);
          if (ch == pkg.channels.end()) continue;
          const bool seen = std::any_of(sources.begin(), sources.end(),
                                        [&](const Source& s) { return s.channel == &ch->second; });
          if (!seen) sources.push_back({&pkg, &ch->second, chname == pkg.default_channel});
        }
      }
    }
    std::stable_sort(sources.begin(), sources.end(), [](const Source& a, const Source& b) {
      if (a.is_default != b.is_default) return a.is_default;
      if (a.package->name != b.package->name) return a.package->name < b.package->name;
      return a.channel->name < b.channel->name;
    });
    for (const Source& s : sources) {
      std::vector<std::string> sorted;
      if (!sort_channel(*s.package, *s.channel, {}, sorted, error)) return false;
      for (const std::string& name : sorted) {
        const model::PackageBundle* b = s.package->bundle(name);
        if (!b) continue;
        Provider p = provider_of(*b);
        if (p.package_name.empty()) p.package_name = s.package->name;
        if (evaluate(c, p) == Verdict::Satisfied) di.options.push_back({s.package, s.channel->name, name});
      }
    }
    di.not_evaluated = di.options.empty() && unknown;
    return true;
  }

  void reset() {
    chosen_.clear();
    gvk_owner_.clear();
    installs_.clear();
    notes_.clear();
    queue_.clear();
    for (const auto& p : cluster_request_.packages) {
      if (p.package_name != upgrade_package_) chosen_[p.package_name] = Option{nullptr, "", "(cluster)"};
    }
  }

  // Adds `o` to the solution unless it conflicts (package taken, GVK provided twice).
  bool choose(const Option& o, const std::string& by, const std::string& clause, const std::string& message,
              const std::string& pointer, std::string* conflict = nullptr) {
    if (chosen_.count(o.package->name)) {
      if (conflict) {
        const Option& taken = chosen_[o.package->name];
        *conflict = taken.package ? "package " + o.package->name + " already has " + taken.bundle
                                  : "the cluster already has package " + o.package->name + " (--cluster-provides)";
      }
      return false;
    }
    const BundleInfo& info = infos_.at(key(o));
    for (const property::Gvk& g : info.provider.provided_gvks) {
      auto it = gvk_owner_.find(gvk_text(g));
      if (it != gvk_owner_.end()) {
        if (conflict) *conflict = it->second + " already provides " + gvk_text(g);
        return false;
      }
    }
    chosen_[o.package->name] = o;
    for (const property::Gvk& g : info.provider.provided_gvks) gvk_owner_[gvk_text(g)] = o.bundle;
    installs_.push_back({o.package->name, o.channel, o.bundle, by, clause, message, pointer});
    for (std::size_t i = 0; i < info.deps.size(); ++i) queue_.push_back({key(o), i});
    return true;
  }

  void unchoose(const Option& o, std::size_t queue_size) {
    const BundleInfo& info = infos_.at(key(o));
    for (const property::Gvk& g : info.provider.provided_gvks) gvk_owner_.erase(gvk_text(g));
    chosen_.erase(o.package->name);
    installs_.pop_back();
    queue_.resize(queue_size);
  }

  void fail(const BundleInfo& info, const DepInfo& d, const std::string& reason) {
    const std::string bundle = info.bundle ? info.bundle->name : "";
    for (const Unmet& u : failures_) {
      if (u.bundle == bundle && u.constraint == d.clause) return;
    }
    failures_.push_back({bundle, d.clause, d.dep.constraint ? d.dep.constraint->failure_message : "", d.dep.pointer,
                         d.dep.where, reason});
  }

  bool solve(std::size_t qi) {
    const std::size_t notes_size = notes_.size();
    // Obligations met without a choice (the cluster, cel, an option already chosen) are passed in
    // a loop, so recursion only deepens with each bundle chosen.
    for (;; ++qi) {
      if (++steps_ > step_budget_ || installs_.size() > kMaxInstalls) {
        steps_ = step_budget_ + 1;
        notes_.resize(notes_size);
        return false;
      }
      if (qi == queue_.size()) return true;
      const Ob& ob = queue_[qi];
      const BundleInfo& info = infos_.at(ob.bundle_key);
      const DepInfo& d = info.deps[ob.dep];
      const std::string by = info.bundle ? info.bundle->name : "";
      if (!d.cluster.empty() || d.not_evaluated) {
        std::string detail = d.cluster.empty() ? "not evaluated: cel rule" : "satisfied by the cluster: " + d.cluster;
        if (d.cluster.empty()) {
          for (const std::string& r : cel_rules(*d.dep.constraint)) detail += " " + r;
        }
        notes_.push_back({by, d.clause, detail});
        continue;
      }
      bool met = false;
      for (const Option& o : d.options) {
        auto it = chosen_.find(o.package->name);
        if (it != chosen_.end() && it->second == o) met = true;
      }
      if (met) continue;
      if (choose_for(qi)) return true;
      notes_.resize(notes_size);
      return false;
    }
  }

  // Tries the options of obligation `qi` in order.
  bool choose_for(std::size_t qi) {
    const Ob ob = queue_[qi];
    const BundleInfo& info = infos_.at(ob.bundle_key);
    const DepInfo& d = info.deps[ob.dep];
    const std::string by = info.bundle ? info.bundle->name : "";
    std::string last_conflict;
    for (const Option& o : d.options) {
      const std::size_t queue_size = queue_.size();
      std::string conflict;
      if (!choose(o, by, d.clause, d.dep.constraint->failure_message, d.dep.pointer, &conflict)) {
        last_conflict = o.bundle + " cannot be installed: " + conflict;
        continue;
      }
      if (solve(qi + 1)) return true;
      unchoose(o, queue_size);
      if (steps_ > step_budget_) return false;
    }
    fail(info, d, d.options.empty() ? "no bundle in the catalog satisfies it"
                  : last_conflict.empty() ? "no option leads to a solution"
                                          : "every option conflicts (" + last_conflict + ")");
    return false;
  }

  const model::Model& model_;
  const ClusterProvides cluster_request_;
  const std::size_t step_budget_;
  std::string upgrade_package_;  // the subscription's package on an upgrade ("" on an install)
  std::set<std::string> explored_;  // bundles whose dependency options were all explored
  std::vector<Provider> cluster_;
  std::map<std::string, BundleInfo> infos_;
  std::map<std::string, std::pair<std::vector<Option>, bool>> options_cache_;
  std::map<std::string, Option> chosen_;
  std::map<std::string, std::string> gvk_owner_;
  std::vector<Installed> installs_;
  std::vector<Note> notes_;
  std::vector<Ob> queue_;
  std::vector<Unmet> failures_;
  std::size_t steps_ = 0;
};

}  // namespace

Resolution resolve_install(const model::Model& model, const InstallRequest& request) {
  return Resolver(model, request.cluster, request.step_budget).install(request);
}

struct CandidateResolver::Impl {
  Resolver resolver;
  std::size_t total_budget;
  std::size_t total_steps = 0;                  // search steps of every resolve() so far
  std::map<std::string, Resolution> memo;       // by package, upgrade and candidate list
};

CandidateResolver::CandidateResolver(const model::Model& model, ClusterProvides cluster, std::size_t step_budget,
                                     std::size_t total_budget)
    : impl_(new Impl{Resolver(model, std::move(cluster), step_budget), total_budget, 0, {}}) {}

CandidateResolver::~CandidateResolver() { delete impl_; }

Resolution CandidateResolver::resolve(const std::string& package, const std::vector<Candidate>& candidates,
                                      bool upgrade) {
  // A walk and its explanation ask the same question for every step: answer repeats from memory.
  std::string key = package + (upgrade ? "\n1" : "\n0");
  for (const Candidate& c : candidates) key += "\n" + c.channel + "\t" + c.bundle + (c.prohibited ? "\t!" : "");
  auto hit = impl_->memo.find(key);
  if (hit != impl_->memo.end()) return hit->second;
  Resolution out;
  auto pkg = impl_->resolver.model().packages.find(package);
  if (pkg == impl_->resolver.model().packages.end()) {
    out.error = "no operators found in package " + package + " in the catalog referenced by subscription " + package;
  } else if (impl_->total_steps > impl_->total_budget) {
    // Each search is bounded by the step budget; this bounds what a hostile walk's many add up to.
    out.error = "resolution gave up after " + std::to_string(impl_->total_budget) + " search steps in all";
  } else {
    out = impl_->resolver.resolve(pkg->second, candidates, upgrade);
    impl_->total_steps += impl_->resolver.steps();
  }
  impl_->memo.emplace(std::move(key), out);
  return out;
}

}  // namespace fbclens::deps
