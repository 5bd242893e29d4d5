#include <algorithm>

#include "declcfg/bundle_objects.h"
#include "declcfg/declcfg.h"
#include "declcfg/go_shape.h"
#include "declcfg/value_digest.h"
#include "declcfg/value_text.h"
#include "findings/go_format.h"
#include "load/json_stream.h"
#include "load/yaml_stream.h"

namespace fbclens::declcfg {

namespace {

std::string string_field(const Json& obj, const char* name) {
  const Json* v = go_field(obj, name);
  return v && v->is_string() ? v->get<std::string>() : std::string();
}

std::vector<Property> properties_of(const Json& obj) {
  std::vector<Property> out;
  const Json* list = go_field(obj, "properties");
  if (!list || !list->is_array()) return out;
  std::uint32_t i = 0;
  for (const Json& p : *list) {
    Property prop;
    prop.index = i++;
    if (p.is_object()) {
      prop.type = string_field(p, "type");
      prop.value = go_field(p, "value");
    }
    if (!prop.value) {
      prop.error = "unexpected end of JSON input";  // every property needs a value (spec §2.9)
    } else if (const GoShape* shape = typed_property_shape(prop.type)) {
      prop.error = go_decode_check(*prop.value, *shape, &prop.error_path);
    }
    out.push_back(prop);
  }
  return out;
}

// olm.csv.metadata's CRD and API service descriptions are most of a catalog's JSON nodes; once the
// value has been checked nothing reads them but the owned entries' identities (core/install: the
// provided APIs, OLM v1's APIService rule), which are taken as typed facts into `b`; the rest is
// released (node counts dominate memory).
void release_csv_descriptions(Bundle& b) {
  for (const Property& p : b.properties) {
    if (p.type != "olm.csv.metadata" || !p.error.empty() || !p.value || !p.value->is_object()) continue;
    Json& value = const_cast<Json&>(*p.value);  // the builder owns the blobs mutably
    const auto text = [](const Json& item, const char* name) {
      const Json* v = item.is_object() ? go_field(item, name) : nullptr;
      return v && v->is_string() ? v->get<std::string>() : std::string();
    };
    const auto owned = [&](const char* field) -> const Json* {
      const Json* defs = go_field(value, field);
      const Json* list = defs && defs->is_object() ? go_field(*defs, "owned") : nullptr;
      return list && list->is_array() ? list : nullptr;
    };
    if (!b.metadata_owned) {  // the first olm.csv.metadata is the one decode_properties reads
      b.metadata_owned = std::make_unique<property::OwnedApis>();
      if (const Json* list = owned("crdDescriptions")) {
        for (const Json& c : *list) b.metadata_owned->crds.push_back({text(c, "name"), text(c, "version"), text(c, "kind")});
      }
      if (const Json* list = owned("apiServiceDefinitions")) {
        for (const Json& a : *list) {
          b.metadata_owned->api_services.push_back({text(a, "group"), text(a, "version"), text(a, "kind"), text(a, "name")});
        }
      }
    }
    for (const char* heavy : {"crdDescriptions", "apiServiceDefinitions"}) {
      std::string key;
      if (go_field(value, heavy, &key)) value.erase(key);
    }
  }
}

class Decoder {
 public:
  Decoder(LoadResult& load, DeclarativeConfig& cfg, property::TextPool& pool, BundleObjectMemo* memo)
      : load_(load), cfg_(cfg), pool_(pool), memo_(memo) {}

  void run(std::size_t first, bool release) {
    for (std::uint32_t i = static_cast<std::uint32_t>(first); i < load_.blobs.size(); ++i) {
      decode(i);
      if (!release) continue;
      if (!cfg_.bundles.empty() && cfg_.bundles.back().blob == i) release_csv_metadata(cfg_.bundles.back());
      slim(load_.blobs[i]);
    }
  }

 private:
  // A decoded bundle's olm.csv.metadata values: the first valid one is read now, as decode_properties
  // would read it later (property::csv_metadata_from_property), and each valid one is then released,
  // keeping the beginning of its text for the views. One that does not decode stays: its error is
  // reported later at a path inside it.
  void release_csv_metadata(Bundle& b) {
    for (Property& p : b.properties) {
      if (p.type != "olm.csv.metadata" || !p.error.empty() || !p.value) continue;
      if (!b.metadata_csv) {
        b.metadata_csv = std::make_unique<property::CsvMetadata>(property::csv_metadata_from_property(*p.value, pool_));
      }
      p.released_text = compact_json_prefix(*p.value, kReleasedValueTextBytes);
      const_cast<Json&>(*p.value) = nullptr;  // the builder owns the blobs mutably
      p.value = nullptr;
    }
  }

  // Once a blob is decoded, only its properties are read from its JSON (typed properties, the
  // bundle details' raw values, dependency constraints) and a package's icon (describe_model):
  // the rest (names, entries, related images; also of olm.* objects that did not decode) is
  // released, which is most of a catalog's JSON for channels and much of it for bundles.
  // Property::value points into the properties array, which erasing other keys leaves in place.
  void slim(Blob& blob) {
    Json& v = blob.document.value;
    // Objects of other schemas are read later as they are (core/lifecycle's lifecycle objects).
    if (!v.is_object() || (blob.schema != "olm.package" && blob.schema != "olm.channel" && blob.schema != "olm.bundle" &&
                           blob.schema != "olm.deprecations")) {
      return;
    }
    const bool package = blob.schema == "olm.package";
    for (auto it = v.begin(); it != v.end();) {
      std::string key = it.key();
      for (char& ch : key) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      if (key == "properties" || (package && key == "icon")) {
        ++it;
      } else {
        it = v.erase(it);
      }
    }
  }

  void decode(std::uint32_t i) {
    DeclarativeConfig& cfg = cfg_;
    {
      const Blob& blob = load_.blobs[i];
      const Json& v = blob.document.value;
      if (blob.schema == "olm.package") {
        if (!typed_ok(i, shapes::package(), "parse package: ")) return;
        Package p;
        p.blob = i;
        p.name = string_field(v, "name");
        p.default_channel = string_field(v, "defaultChannel");
        p.description = string_field(v, "description");
        const Json* icon = go_field(v, "icon");
        p.has_icon = icon && icon->is_object();
        p.properties = properties_of(v);
        cfg.packages.push_back(std::move(p));
      } else if (blob.schema == "olm.channel") {
        if (!typed_ok(i, shapes::channel(), "parse channel: ")) return;
        Channel c;
        c.blob = i;
        c.name = string_field(v, "name");
        c.package = string_field(v, "package");
        if (const Json* entries = go_field(v, "entries"); entries && entries->is_array()) {
          std::uint32_t k = 0;
          for (const Json& e : *entries) {
            ChannelEntry entry;
            entry.index = k++;
            entry.name = string_field(e, "name");
            entry.replaces = string_field(e, "replaces");
            entry.skip_range = string_field(e, "skipRange");
            if (const Json* skips = go_field(e, "skips"); skips && skips->is_array()) {
              for (const Json& s : *skips) entry.skips.push_back(s.is_string() ? s.get<std::string>() : "");
            }
            c.entries.push_back(std::move(entry));
          }
        }
        c.properties = properties_of(v);
        cfg.channels.push_back(std::move(c));
      } else if (blob.schema == "olm.bundle") {
        if (!typed_ok(i, shapes::bundle(), "parse bundle: ")) return;
        Bundle b;
        b.blob = i;
        b.name = string_field(v, "name");
        b.package = string_field(v, "package");
        b.image = string_field(v, "image");
        b.properties = properties_of(v);
        for (Property& p : b.properties) p.digest = p.value ? value_digest(*p.value) : 0;
        if (const Json* related = go_field(v, "relatedImages"); related && related->is_array()) {
          for (const Json& r : *related) b.related_images.push_back({string_field(r, "name"), string_field(r, "image")});
        }
        if (!read_bundle_objects(i, b)) return;
        release_csv_descriptions(b);
        cfg.bundles.push_back(std::move(b));
      } else if (blob.schema == "olm.deprecations") {
        if (!typed_ok(i, shapes::deprecation(), "parse deprecation: ")) return;
        Deprecation d;
        d.blob = i;
        d.package = string_field(v, "package");
        if (const Json* entries = go_field(v, "entries"); entries && entries->is_array()) {
          std::uint32_t k = 0;
          for (const Json& e : *entries) {
            DeprecationEntry entry;
            entry.index = k++;
            entry.message = string_field(e, "message");
            if (const Json* ref = go_field(e, "reference"); ref && ref->is_object()) {
              entry.reference.schema = string_field(*ref, "schema");
              entry.reference.name = string_field(*ref, "name");
            }
            d.entries.push_back(std::move(entry));
          }
        }
        cfg.deprecations.push_back(std::move(d));
      } else {
        cfg.others.push_back(i);
      }
    }
  }

  void fail(FindingId id, std::uint32_t blob, const std::string& field_path, const FindingArgs& args) {
    const Blob& b = load_.blobs[blob];
    ObjectPath object;
    object.package = b.schema == "olm.package" ? b.name : b.package;
    if (b.schema == "olm.channel") object.channel = b.name;
    if (b.schema == "olm.bundle") object.bundle = b.name;
    load_.findings.push_back(make_finding(id, args, load_.locate(b, field_path), std::move(object)));
    load_.files[b.file].has_error = true;
  }

  bool typed_ok(std::uint32_t blob, const GoShape& shape, const char* opm_prefix) {
    std::string path;
    const std::string error = go_decode_check(load_.blobs[blob].document.value, shape, &path);
    if (error.empty()) return true;
    const Blob& b = load_.blobs[blob];
    fail(FindingId::TypedDecode, blob, path, {b.schema, b.name, path.empty() ? "" : " field " + path, error, opm_prefix});
    return false;
  }

  // opm reads olm.bundle.object properties at load time (spec §1.6 "Bundle objects"): the data
  // must be padded base64, and unless it is JSON it must convert from YAML. Once checked, the
  // payload (often megabytes of base64 per bundle; olm-docs call it a performance problem) is
  // released from the document and only its decoded size is kept.
  bool read_bundle_objects(std::uint32_t blob, Bundle& b) {
    for (const Property& p : b.properties) {
      if (p.type != "olm.bundle.object") continue;
      const std::string where = "/properties/" + std::to_string(p.index) + "/value";
      const std::string prefix = "package " + go_quote(b.package) + ", bundle " + go_quote(b.name) + ": ";
      std::string error;
      std::string& data = object_data_;  // the last object's bytes until this one's are decoded into it
      bool decoded = false;
      Json* payload = nullptr;
      if (!p.value) {
        error = "unexpected end of JSON input";
      } else if (!p.value->is_null() && !p.value->is_object()) {
        error = go_decode_check(*p.value, shapes::property_bundle_object());
      } else if (p.value->is_object()) {
        // The Decoder owns load_.blobs mutably; Property keeps const pointers into them.
        payload = const_cast<Json*>(go_field(*p.value, "data"));
        if (payload && !payload->is_null()) {
          if (!payload->is_string()) {
            error = go_decode_check(*p.value, shapes::property_bundle_object());
          } else {
            decoded = go_base64_decode(payload->get_ref<const std::string&>(), &data, error);
          }
        }
      }
      if (!decoded) data.clear();
      if (!error.empty()) {
        bundle_object_error(blob, where, prefix + "parse property at index " + std::to_string(p.index) + " as bundle object: " + error);
        return false;
      }
      const auto first = std::find_if(data.begin(), data.end(), [](char c) { return !std::isspace(static_cast<unsigned char>(c)); });
      const bool is_json = first != data.end() && *first == '{';
      if (!b.object_manifests) b.object_manifests = std::make_unique<property::BundleManifests>();
      property::BundleManifests& facts = *b.object_manifests;
      // The same JSON manifest read before (another catalog of the repository): its reading is
      // taken as it was. Everything that can fail is behind us (bundle_objects.h says why).
      const std::size_t payload_bytes = payload && payload->is_string() ? payload->get_ref<const std::string&>().size() : 0;
      const bool had_csv = b.object_csv != nullptr;
      if (memo_ && is_json && payload_bytes) {
        if (const BundleObjectReading* reading = memo_->find(p.digest, payload_bytes, had_csv)) {
          take_reading(*reading, b, facts);
          *payload = std::string();  // checked; release it
          continue;
        }
      }
      // Only a manifest that names ClusterServiceVersion is read as JSON: CRDs are most of the bytes.
      const bool maybe_csv = !had_csv && data.find("ClusterServiceVersion") != std::string::npos;
      Json manifest;
      if (!is_json) {
        if (!yaml_to_json(data, manifest, error)) {
          bundle_object_error(blob, where,
                              prefix + "convert bundle object property at index " + std::to_string(p.index) + " to JSON: " + error);
          return false;
        }
      } else if (maybe_csv) {
        manifest = parse_json_value(data, &property::csv_member_filter());
      }
      if (manifest.is_object()) {
        const auto str = [&manifest](const char* name, const Json* in = nullptr) {
          const Json* v = go_field(in ? *in : manifest, name);
          return v && v->is_string() ? v->get<std::string>() : std::string();
        };
        const Json* metadata = go_field(manifest, "metadata");
        facts.objects.push_back({str("apiVersion"), str("kind"), metadata && metadata->is_object() ? str("name", metadata) : ""});
      } else if (is_json) {
        facts.objects.push_back(property::scan_manifest_identity(data));
      }
      if (maybe_csv && manifest.is_object()) {
        if (const Json* kind = go_field(manifest, "kind"); kind && *kind == "ClusterServiceVersion") {
          b.object_csv = std::make_unique<property::CsvMetadata>(property::csv_metadata_from_manifest(manifest, pool_));
          facts.has_csv = true;
          property::read_csv_manifest_facts(manifest, facts);
        }
      }
      ++b.object_count;
      b.object_bytes += data.size();
      if (memo_ && is_json && payload_bytes) memo_->keep(p.digest, payload_bytes, had_csv, reading_of(b, facts, had_csv, data.size()));
      if (payload && payload->is_string()) *payload = std::string();  // checked; release it
    }
    return true;
  }

  // What the manifest just read (the last in `facts`) contributed to `b`; `had_csv`: whether `b`
  // had its CSV before it.
  static BundleObjectReading reading_of(const Bundle& b, const property::BundleManifests& facts, bool had_csv, std::size_t bytes) {
    BundleObjectReading r;
    r.identity = facts.objects.back();
    r.decoded_bytes = bytes;
    if (!had_csv && b.object_csv) {
      r.csv = std::make_shared<const property::CsvMetadata>(*b.object_csv);
      r.webhooks = facts.webhooks;
      r.deployments = facts.deployments;
    }
    return r;
  }

  // read_bundle_objects' work for a manifest read before, done with its reading.
  static void take_reading(const BundleObjectReading& r, Bundle& b, property::BundleManifests& facts) {
    facts.objects.push_back(r.identity);
    if (r.csv) {
      b.object_csv = std::make_unique<property::CsvMetadata>(*r.csv);
      facts.has_csv = true;
      facts.webhooks.insert(facts.webhooks.end(), r.webhooks.begin(), r.webhooks.end());
      facts.deployments.insert(facts.deployments.end(), r.deployments.begin(), r.deployments.end());
    }
    ++b.object_count;
    b.object_bytes += r.decoded_bytes;
  }

  void bundle_object_error(std::uint32_t blob, const std::string& where, const std::string& opm_detail) {
    fail(FindingId::BundleObject, blob, where, {opm_detail});
  }

  LoadResult& load_;
  DeclarativeConfig& cfg_;
  property::TextPool& pool_;
  BundleObjectMemo* memo_;  ///< nullptr: nothing shared with other catalogs' decoding
  // A bundle object's decoded bytes, reused from one object to the next: most are CRDs of
  // hundreds of kilobytes, and a fresh buffer for each cost the kernel's page clearing (9% of
  // certified v4.14 JSON's validate). Not cleared in between: go_base64_decode resizes it, which
  // zero-fills only what it grows by.
  std::string object_data_;
};

}  // namespace

void ConfigBuilder::add_blobs(LoadResult& load, std::size_t first) {
  Decoder(load, config_, text_pool_, bundle_objects_).run(first, release_);
}

DeclarativeConfig ConfigBuilder::take() {
  // Built object by object, each vector is up to half spare capacity: 4 MB of a catalog of 20,000
  // bundles, which the report keeps to the end.
  config_.packages.shrink_to_fit();
  config_.channels.shrink_to_fit();
  config_.bundles.shrink_to_fit();
  config_.deprecations.shrink_to_fit();
  config_.others.shrink_to_fit();
  return std::move(config_);
}

DeclarativeConfig decode_declarative_config(LoadResult& load) {
  ConfigBuilder builder;
  builder.add_blobs(load, 0);
  return builder.take();
}

const GoShape* typed_property_shape(const std::string& type) {
  if (type == "olm.package") return &shapes::property_package();
  if (type == "olm.package.required") return &shapes::property_package_required();
  if (type == "olm.gvk") return &shapes::property_gvk();
  if (type == "olm.gvk.required") return &shapes::property_gvk_required();
  if (type == "olm.csv.metadata") return &shapes::property_csv_metadata();
  if (type == "olm.channel") return &shapes::property_channel();
  return nullptr;  // olm.bundle.object is read at load time; other types stay raw
}

}  // namespace fbclens::declcfg
