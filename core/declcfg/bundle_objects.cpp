#include "declcfg/bundle_objects.h"

#include <utility>

namespace fbclens::declcfg {

namespace {

// About what a reading holds on the heap: its strings' bytes plus a fixed share per string and per
// element, enough to keep a repository's memo within its bound, not an exact account. The
// description and icons are counted whole although bundles share them: once a catalog's bundles
// are released the memo may be all that holds them.
constexpr std::size_t kPerString = 32;

std::size_t text_bytes(const std::string& s) { return kPerString + s.size(); }

template <typename T, typename Size>
std::size_t list_bytes(const std::vector<T>& items, Size size_of) {
  std::size_t n = 0;
  for (const T& item : items) n += size_of(item);
  return n;
}

std::size_t csv_bytes(const property::CsvMetadata& m) {
  std::size_t n = sizeof(m) + text_bytes(m.display_name) + text_bytes(m.provider) + text_bytes(m.maturity) +
                  text_bytes(m.min_kube_version) + text_bytes(m.replaces) + text_bytes(m.version);
  if (m.description) n += text_bytes(*m.description);
  n += list_bytes(m.icons, [](const property::Icon& i) { return (i.base64_data ? text_bytes(*i.base64_data) : 0) + text_bytes(i.media_type); });
  const auto pair = [](const std::pair<std::string, std::string>& p) { return text_bytes(p.first) + text_bytes(p.second); };
  n += list_bytes(m.annotations, pair) + list_bytes(m.labels, pair);
  n += list_bytes(m.long_annotations, [](const std::pair<std::string, std::size_t>& p) { return text_bytes(p.first) + 8; });
  n += list_bytes(m.keywords, text_bytes);
  n += list_bytes(m.install_modes, [](const property::InstallMode& i) { return text_bytes(i.type) + 8; });
  n += list_bytes(m.owned_crds, [](const property::OwnedCrd& c) { return text_bytes(c.name) + text_bytes(c.version) + text_bytes(c.kind); });
  n += list_bytes(m.owned_api_services, [](const property::OwnedApiService& a) {
    return text_bytes(a.group) + text_bytes(a.version) + text_bytes(a.kind) + text_bytes(a.name);
  });
  const auto named = [](const property::NamedText& t) { return text_bytes(t.name) + text_bytes(t.text); };
  n += list_bytes(m.maintainers, named) + list_bytes(m.links, named);
  return n;
}

std::size_t reading_bytes(const BundleObjectReading& r) {
  std::size_t n = sizeof(r) + 64 /* the map's node */ + text_bytes(r.identity.api_version) + text_bytes(r.identity.kind) +
                  text_bytes(r.identity.name);
  if (r.csv) n += csv_bytes(*r.csv);
  n += list_bytes(r.webhooks, [](const property::BundleManifests::Webhook& w) {
    std::size_t k = text_bytes(w.type) + text_bytes(w.generate_name) + text_bytes(w.deployment_name);
    k += list_bytes(w.conversion_crds, text_bytes);
    for (const auto& rule : w.rules) k += list_bytes(rule.api_groups, text_bytes) + list_bytes(rule.resources, text_bytes);
    return k;
  });
  n += list_bytes(r.deployments, text_bytes);
  return n;
}

}  // namespace

const BundleObjectReading* BundleObjectMemo::find(std::uint64_t value_digest, std::size_t payload_bytes, bool bundle_had_csv) {
  const auto it = readings_.find(Key{value_digest, payload_bytes, bundle_had_csv});
  if (it == readings_.end()) return nullptr;
  ++hits_;
  return &it->second;
}

void BundleObjectMemo::keep(std::uint64_t value_digest, std::size_t payload_bytes, bool bundle_had_csv, BundleObjectReading reading) {
  const std::size_t bytes = reading_bytes(reading);
  if (bytes_ + bytes > max_bytes_) return;
  if (readings_.emplace(Key{value_digest, payload_bytes, bundle_had_csv}, std::move(reading)).second) bytes_ += bytes;
}

}  // namespace fbclens::declcfg
