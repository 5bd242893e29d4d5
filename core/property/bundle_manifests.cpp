// The small facts core/install reads from a bundle's olm.bundle.object manifests (property.h
// BundleManifests), taken while the load checks the payloads and before it releases them.
#include <cstdint>

#include "declcfg/go_shape.h"
#include "property/property.h"

namespace fbclens::property {

namespace {

const Json* field(const Json& obj, const char* name) { return obj.is_object() ? go_field(obj, name) : nullptr; }

std::string text(const Json& obj, const char* name) {
  const Json* v = field(obj, name);
  return v && v->is_string() ? v->get<std::string>() : std::string();
}

std::vector<std::string> strings(const Json* list) {
  std::vector<std::string> out;
  if (!list || !list->is_array()) return out;
  for (const Json& s : *list) {
    if (s.is_string()) out.push_back(s.get<std::string>());
  }
  return out;
}

// A SAX handler that records the manifest's top-level apiVersion and kind and its metadata.name,
// and stops the parse (returns false) once it has all three.
class IdentityScanner : public nlohmann::json_sax<Json> {
 public:
  BundleManifests::Object found;

  bool null() override { return scalar(); }
  bool boolean(bool) override { return scalar(); }
  bool number_integer(number_integer_t) override { return scalar(); }
  bool number_unsigned(number_unsigned_t) override { return scalar(); }
  bool number_float(number_float_t, const string_t&) override { return scalar(); }
  bool binary(binary_t&) override { return scalar(); }
  bool string(string_t& value) override {
    if (depth_ == 1 && key_is_("apiVersion")) found.api_version = value, seen_ |= 1;
    if (depth_ == 1 && key_is_("kind")) found.kind = value, seen_ |= 2;
    if (depth_ == 2 && in_metadata_ && key_is_("name")) found.name = value, seen_ |= 4;
    key_.clear();
    return seen_ != 7;
  }
  bool start_object(std::size_t) override {
    in_metadata_ = depth_ == 1 && key_is_("metadata") ? true : (depth_ >= 2 ? in_metadata_ : false);
    ++depth_;
    key_.clear();
    return true;
  }
  bool end_object() override {
    if (--depth_ <= 1) in_metadata_ = false;
    return true;
  }
  bool start_array(std::size_t) override {
    ++depth_;
    key_.clear();
    return true;
  }
  bool end_array() override {
    --depth_;
    return true;
  }
  bool key(string_t& value) override {
    key_ = value;
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

 private:
  bool scalar() {
    key_.clear();
    return true;
  }
  // Keys match as Go's encoding/json matches struct fields: exact, else case-folded.
  bool key_is_(const char* name) const {
    std::size_t i = 0;
    for (; name[i] && i < key_.size(); ++i) {
      if (std::tolower(static_cast<unsigned char>(name[i])) != std::tolower(static_cast<unsigned char>(key_[i]))) return false;
    }
    return !name[i] && i == key_.size();
  }

  int depth_ = 0;
  bool in_metadata_ = false;
  std::string key_;
  unsigned seen_ = 0;
};

}  // namespace

void read_csv_manifest_facts(const Json& csv, BundleManifests& out) {
  const Json* spec = field(csv, "spec");
  if (!spec) return;
  if (const Json* hooks = field(*spec, "webhookdefinitions"); hooks && hooks->is_array()) {
    for (const Json& h : *hooks) {
      BundleManifests::Webhook w{text(h, "type"), text(h, "generateName"), text(h, "deploymentName"),
                                 strings(field(h, "conversionCRDs")), {}};
      if (const Json* rules = field(h, "rules"); rules && rules->is_array()) {
        for (const Json& r : *rules) w.rules.push_back({strings(field(r, "apiGroups")), strings(field(r, "resources"))});
      }
      out.webhooks.push_back(std::move(w));
    }
  }
  const Json* install = field(*spec, "install");
  const Json* strategy = install ? field(*install, "spec") : nullptr;
  if (const Json* deployments = strategy ? field(*strategy, "deployments") : nullptr; deployments && deployments->is_array()) {
    for (const Json& d : *deployments) out.deployments.push_back(text(d, "name"));
  }
}

BundleManifests::Object scan_manifest_identity(const std::string& json_text) {
  IdentityScanner scanner;
  Json::sax_parse(json_text, &scanner, Json::input_format_t::json, /*strict=*/false);
  return scanner.found;
}

}  // namespace fbclens::property
