#include "property/property.h"

#include "load/json_skim.h"
#include "property/csv_manifest.h"

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

// The CSV fields OperatorHub reads; `spec` is the CSV's spec (a manifest) or the whole
// olm.csv.metadata value, which has the same field names.
CsvMetadata read_csv_fields(const Json& spec, const Json* annotations, const Json* labels, TextPool& pool) {
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
    if (value.size() <= CsvMetadata::kMaxAnnotationBytes) {
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
    for (const Json& mode : *modes) {
      const Json* supported = field(mode, "supported");
      m.install_modes.push_back({text(mode, "type"), supported && supported->is_boolean() && supported->get<bool>()});
    }
  }
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

Json::parser_callback_t csv_fields_filter() {
  // Keys are judged at depth 1 (the manifest's own) and depth 2 (inside metadata or spec); deeper
  // members of a kept field are all kept. Callback depth counts the enclosing objects/arrays.
  return [parent = std::string()](int depth, Json::parse_event_t event, Json& parsed) mutable {
    if (event != Json::parse_event_t::key) return true;
    const std::string& key = parsed.get_ref<const std::string&>();
    if (depth == 1) {
      parent = key;
      return key == "kind" || key == "metadata" || key == "spec";
    }
    if (depth != 2) return true;
    if (parent == "metadata") return key == "annotations" || key == "labels";
    static const char* const kSpecFields[] = {"displayName", "provider", "description", "icon", "keywords", "maturity",
                                              "minKubeVersion", "installModes", "replaces", "version"};
    for (const char* f : kSpecFields) {
      if (key == f) return true;
    }
    return false;
  };
}

Json csv_manifest_from_json(std::string_view json) {
  const auto slow = [json] { return Json::parse(json.begin(), json.end(), csv_fields_filter(), /*allow_exceptions=*/false); };
  if (!json_valid(json)) return Json(Json::value_t::discarded);
  std::size_t first = 0;
  while (first < json.size() && json[first] != '{' && json[first] != '[' && json[first] != '"') ++first;
  if (first == json.size() || json[first] != '{') return slow();  // not an object: never a CSV
  // csv_fields_filter's choices, member by member: kind, metadata and spec at depth 1; inside an
  // object kept there, metadata's annotations and labels, or the spec fields (for kind and spec);
  // every member below those. A repeated key's last value wins, as in nlohmann's parse.
  static const char* const kSpecFields[] = {"displayName", "provider", "description", "icon", "keywords", "maturity",
                                            "minKubeVersion", "installModes", "replaces", "version"};
  Json out = Json::object();
  for (const JsonMember& top : json_members(json.substr(first))) {
    if (top.key_escaped) return slow();
    if (top.key != "kind" && top.key != "metadata" && top.key != "spec") continue;
    const std::string key(top.key);
    if (top.value.front() != '{') {
      out[key] = Json::parse(top.value.begin(), top.value.end(), nullptr, false);
      continue;
    }
    Json kept = Json::object();
    for (const JsonMember& m : json_members(top.value)) {
      if (m.key_escaped) return slow();
      bool keep = false;
      if (key == "metadata") {
        keep = m.key == "annotations" || m.key == "labels";
      } else {
        for (const char* f : kSpecFields) keep = keep || m.key == f;
      }
      if (keep) kept[std::string(m.key)] = Json::parse(m.value.begin(), m.value.end(), nullptr, false);
    }
    out[key] = std::move(kept);
  }
  return out;
}

CsvMetadata csv_metadata_from_manifest(const Json& csv, TextPool& pool) {
  static const Json kEmpty = Json::object();
  const Json* metadata = field(csv, "metadata");
  const Json* spec = field(csv, "spec");
  CsvMetadata m = read_csv_fields(spec ? *spec : kEmpty, metadata ? field(*metadata, "annotations") : nullptr,
                                  metadata ? field(*metadata, "labels") : nullptr, pool);
  if (spec) {
    m.replaces = text(*spec, "replaces");
    m.version = text(*spec, "version");
  }
  m.from_bundle_object = true;
  return m;
}

CsvMetadata csv_metadata_from_property(const Json& value, TextPool& pool) {
  return read_csv_fields(value, field(value, "annotations"), field(value, "labels"), pool);
}

Properties decode_properties(const std::vector<declcfg::Property>& list, TextPool& pool,
                             std::optional<CsvMetadata> bundle_object_csv) {
  Properties out;
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
      if (!out.csv) out.csv = std::make_shared<const CsvMetadata>(csv_metadata_from_property(v, pool));
    } else if (p.type == "olm.channel") {
      out.channels.push_back(text(v, "channelName"));
    } else if (p.type != "olm.bundle.object" && p.type != "olm.deprecated") {
      out.other_types.push_back(p.type);
    }
  }
  if (!out.csv && bundle_object_csv) out.csv = std::make_shared<const CsvMetadata>(std::move(*bundle_object_csv));
  return out;
}

}  // namespace fbclens::property
