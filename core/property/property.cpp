#include "property/property.h"

#include <algorithm>

#include "declcfg/declcfg.h"
#include "declcfg/go_shape.h"

namespace fbclens::property {

namespace {

// Deepest olm.constraint value kept as text (core/deps refuses anything past 256 constraint levels).
constexpr std::size_t kMaxKeptJsonDepth = 1024;

// Fields are matched as Go's encoding/json matches them (exact key, else case-folded), since
// opm decodes these values with it.
const Json* field(const Json& obj, const char* name) { return obj.is_object() ? go_field(obj, name) : nullptr; }

std::string text(const Json& obj, const char* name) {
  const Json* v = field(obj, name);
  return v && v->is_string() ? v->get<std::string>() : std::string();
}

// A JSON object's string members, sorted by key (nlohmann objects iterate in key order).
std::vector<std::pair<std::string, std::string>> string_map(const Json* obj) {
  std::vector<std::pair<std::string, std::string>> out;
  if (!obj || !obj->is_object()) return out;
  for (const auto& [k, v] : obj->items()) {
    if (v.is_string()) out.emplace_back(k, v.get<std::string>());
  }
  return out;
}

template <typename Value>
const Value* find_sorted(const std::vector<std::pair<std::string, Value>>& list, std::string_view key) {
  auto it = std::lower_bound(list.begin(), list.end(), key, [](const auto& e, std::string_view k) { return e.first < k; });
  return it != list.end() && it->first == key ? &it->second : nullptr;
}

std::vector<NamedText> named_texts(const Json* list, const char* text_field) {
  std::vector<NamedText> out;
  if (!list || !list->is_array()) return out;
  for (const Json& item : *list) out.push_back({text(item, "name"), text(item, text_field)});
  return out;
}

// `owned` of a CSV's CRD or APIService definitions ({owned: [...], required: [...]}).
const Json* owned_list(const Json& spec, const char* field_name) {
  const Json* defs = field(spec, field_name);
  const Json* owned = defs ? field(*defs, "owned") : nullptr;
  return owned && owned->is_array() ? owned : nullptr;
}

// The CSV fields OperatorHub and the install analyses read; `spec` is the CSV's spec (a manifest)
// or the whole olm.csv.metadata value, which has the same field names except for the owned API
// lists (`crds_field`, `api_services_field`).
CsvMetadata read_csv_fields(const Json& spec, const Json* annotations, const Json* labels, TextPool& pool,
                            const char* crds_field, const char* api_services_field) {
  CsvMetadata m;
  m.display_name = text(spec, "displayName");
  if (const Json* provider = field(spec, "provider")) m.provider = text(*provider, "name");
  m.description = pool.intern(text(spec, "description"));
  if (const Json* icons = field(spec, "icon"); icons && icons->is_array()) {
    for (const Json& icon : *icons) {
      m.icons.push_back({pool.intern(text(icon, "base64data")), text(icon, "mediatype")});
    }
  }
  for (auto& [key, value] : string_map(annotations)) {
    const bool template_annotation = key == "operatorframework.io/suggested-namespace-template";
    if (value.size() <= (template_annotation ? CsvMetadata::kMaxNamespaceTemplateBytes : CsvMetadata::kMaxAnnotationBytes)) {
      m.annotations.emplace_back(key, std::move(value));
    } else {
      m.long_annotations.emplace_back(key, value.size());
    }
  }
  m.labels = string_map(labels);
  if (const Json* keywords = field(spec, "keywords"); keywords && keywords->is_array()) {
    for (const Json& k : *keywords) {
      if (k.is_string()) m.keywords.push_back(k.get<std::string>());
    }
  }
  m.maturity = text(spec, "maturity");
  m.min_kube_version = text(spec, "minKubeVersion");
  if (const Json* modes = field(spec, "installModes"); modes && modes->is_array()) {
    m.install_modes_declared = true;
    for (const Json& mode : *modes) {
      const Json* supported = field(mode, "supported");
      m.install_modes.push_back({text(mode, "type"), supported && supported->is_boolean() && supported->get<bool>()});
    }
  }
  if (const Json* owned = owned_list(spec, crds_field)) {
    for (const Json& crd : *owned) m.owned_crds.push_back({text(crd, "name"), text(crd, "version"), text(crd, "kind")});
  }
  if (const Json* owned = owned_list(spec, api_services_field)) {
    for (const Json& api : *owned) {
      m.owned_api_services.push_back({text(api, "group"), text(api, "version"), text(api, "kind"), text(api, "name")});
    }
  }
  m.maintainers = named_texts(field(spec, "maintainers"), "email");
  m.links = named_texts(field(spec, "links"), "url");
  return m;
}

}  // namespace

const std::string* CsvMetadata::annotation(std::string_view key) const { return find_sorted(annotations, key); }

const std::string* CsvMetadata::label(std::string_view key) const { return find_sorted(labels, key); }

std::shared_ptr<const std::string> TextPool::intern(std::string text) {
  auto it = pool_.find(text);
  if (it != pool_.end()) return it->second;
  auto shared = std::make_shared<const std::string>(std::move(text));
  pool_.emplace(std::string_view(*shared), shared);
  return shared;
}

namespace {

bool equal_fold(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  }
  return true;
}

bool one_of(std::string_view key, std::initializer_list<std::string_view> names) {
  for (std::string_view n : names) {
    if (equal_fold(key, n)) return true;
  }
  return false;
}

// Whether the member at `path` (keys from the manifest's root; "" for an array level) is kept.
// Keys match as Go's encoding/json matches them when OLM decodes the CSV: case-folded.
bool keep_csv_member(const std::vector<std::string>& path) {
  const std::size_t d = path.size();
  const auto at = [&](std::size_t i, std::string_view name) { return i < d && equal_fold(path[i], name); };
  if (d == 1) return one_of(path[0], {"apiVersion", "kind", "metadata", "spec"});
  if (at(0, "metadata")) return d > 2 || one_of(path[1], {"annotations", "labels", "name"});
  if (!at(0, "spec")) return true;
  if (d == 2) {
    return one_of(path[1], {"displayName", "provider", "description", "icon", "keywords", "maturity", "minKubeVersion",
                            "installModes", "replaces", "version", "maintainers", "links", "webhookdefinitions",
                            "customresourcedefinitions", "apiservicedefinitions", "install"});
  }
  // spec.customresourcedefinitions.owned[].{name,version,kind}; spec.apiservicedefinitions
  // .owned[].{group,version,kind,name}: their descriptors (most of a CSV's bytes) are dropped.
  if (at(1, "customresourcedefinitions") || at(1, "apiservicedefinitions")) {
    if (d == 3) return equal_fold(path[2], "owned");
    if (d == 5) return at(1, "apiservicedefinitions") ? one_of(path[4], {"group", "version", "kind", "name"})
                                                      : one_of(path[4], {"name", "version", "kind"});
    return false;
  }
  // spec.install.spec.deployments[].name only.
  if (at(1, "install")) {
    if (d == 3) return equal_fold(path[2], "spec");
    if (d == 4) return equal_fold(path[3], "deployments");
    if (d == 6) return equal_fold(path[5], "name");
    return false;
  }
  return true;  // inside a kept spec field (icons, webhooks, maintainers, ...)
}

}  // namespace

const JsonMemberFilter& csv_member_filter() {
  // Below depth 6 every decision is already made by an ancestor (kept whole, or dropped).
  static const JsonMemberFilter filter{keep_csv_member, 6};
  return filter;
}

CsvMetadata csv_metadata_from_manifest(const Json& csv, TextPool& pool) {
  static const Json kEmpty = Json::object();
  const Json* metadata = field(csv, "metadata");
  const Json* spec = field(csv, "spec");
  CsvMetadata m = read_csv_fields(spec ? *spec : kEmpty, metadata ? field(*metadata, "annotations") : nullptr,
                                  metadata ? field(*metadata, "labels") : nullptr, pool, "customresourcedefinitions",
                                  "apiservicedefinitions");
  if (spec) {
    m.replaces = text(*spec, "replaces");
    m.version = text(*spec, "version");
  }
  m.from_bundle_object = true;
  return m;
}

CsvMetadata csv_metadata_from_property(const Json& value, TextPool& pool) {
  return read_csv_fields(value, field(value, "annotations"), field(value, "labels"), pool, "crdDescriptions",
                         "apiServiceDefinitions");
}

Properties decode_properties(const std::vector<declcfg::Property>& list, TextPool& pool,
                             std::optional<CsvMetadata> bundle_object_csv, std::optional<OwnedApis> metadata_owned,
                             std::unique_ptr<CsvMetadata> metadata_csv) {
  Properties out;
  std::shared_ptr<CsvMetadata> csv = std::move(metadata_csv);  // out.csv, once complete (shared as const)
  for (const declcfg::Property& p : list) {
    // What a property's type alone says holds even when its value is malformed: OLM reads the type.
    const bool dependency = p.type == "olm.package.required" || p.type == "olm.gvk.required" || p.type == "olm.constraint";
    if (dependency && out.first_dependency_type.empty()) out.first_dependency_type = p.type;
    if (p.type == "olm.deprecated") out.legacy_deprecated = true;
    if (!p.error.empty() || !p.value) continue;  // reported by the validator (PropertyInvalid)
    const Json& v = *p.value;
    if (p.type == "olm.package") {
      if (!out.package) out.package = Package{text(v, "packageName"), text(v, "version"), text(v, "release")};
    } else if (p.type == "olm.gvk") {
      out.provided_gvks.push_back({text(v, "group"), text(v, "version"), text(v, "kind")});
    } else if (p.type == "olm.gvk.required") {
      out.required_gvks.push_back({text(v, "group"), text(v, "version"), text(v, "kind")});
    } else if (p.type == "olm.package.required") {
      out.required_packages.push_back({text(v, "packageName"), text(v, "versionRange")});
    } else if (p.type == "olm.constraint") {
      // Kept as text for the resolver; a value nested past any constraint OLM reads is kept empty
      // (dumping it would recurse per level; core/deps reports it as too deep).
      out.constraints.push_back({text(v, "failureMessage"), json_deeper_than(v, kMaxKeptJsonDepth) ? std::string() : v.dump()});
    } else if (p.type == "olm.csv.metadata") {
      if (!csv) csv = std::make_shared<CsvMetadata>(csv_metadata_from_property(v, pool));
    } else if (p.type == "olm.channel") {
      out.channels.push_back(text(v, "channelName"));
    } else if (p.type != "olm.bundle.object" && p.type != "olm.deprecated") {
      out.other_types.push_back(p.type);
    }
  }
  if (csv && metadata_owned) {
    csv->owned_crds = std::move(metadata_owned->crds);
    csv->owned_api_services = std::move(metadata_owned->api_services);
  }
  if (!csv && bundle_object_csv) csv = std::make_shared<CsvMetadata>(std::move(*bundle_object_csv));
  out.csv = std::move(csv);
  return out;
}

}  // namespace fbclens::property
