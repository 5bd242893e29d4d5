// Reading a template as opm render-template does (template.h), every rule it checks before it
// renders: the first document only (alpha/template/schema.go detectSchema), basic's and
// substitutes' lenient decoding with declcfg.LoadSlice of the entries, semver's strict decoding
// (sigs.k8s.io/yaml UnmarshalStrict) and its option defaults (semver.go readFile).
#include <algorithm>
#include <cctype>

#include "declcfg/go_shape.h"
#include "findings/go_format.h"
#include "load/json_stream.h"
#include "load/yaml_stream.h"
#include "model/model.h"
#include "template/template.h"

namespace fbclens::tmpl {

namespace {

SourceLocation at(const std::string& file, const Document& doc, const std::string& path = "") {
  TextPosition pos = doc.position;
  if (!path.empty()) {
    const TextPosition field = doc.fields.find(path);
    if (field.line) pos = field;
  }
  return SourceLocation{file, pos.line, pos.column};
}

void add(Template& t, FindingId id, const FindingArgs& args, SourceLocation where, ObjectPath object = {}) {
  t.findings.push_back(make_finding(id, args, std::move(where), std::move(object)));
}

// The member of a template document Go would decode field `name` into: the key as spelled.
std::string spelled(const Json& obj, const char* name) {
  std::string key;
  return go_field(obj, name, &key) ? key : std::string(name);
}

// Field positions of a sub-value at `prefix` ("/entries/3") as a document of its own.
Document sub_document(const Document& doc, const std::string& prefix, const Json& value) {
  Document out;
  out.value = value;
  out.position = doc.fields.find(prefix);
  if (!out.position.line) out.position = doc.position;
  for (std::size_t i = 0; i < doc.fields.size(); ++i) {
    const std::string_view path = doc.fields.path(i);
    if (path.size() > prefix.size() && path.compare(0, prefix.size(), prefix) == 0 && path[prefix.size()] == '/') {
      out.fields.add(path.substr(prefix.size()), doc.fields.position(i));
    }
  }
  return out;
}

// The JSON type word Go's decoder errors use ("array", "string", "number", "bool", "object").
std::string json_kind(const Json& v) {
  return v.is_array() ? "array" : v.is_string() ? "string" : v.is_boolean() ? "bool" : v.is_object() ? "object" : "number";
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// declcfg.Meta.UnmarshalJSON of one entry (declcfg.go): an object whose schema/package/name keys
// (matched without regard to case, and unique so) hold strings. "" when it decodes, else Go's error.
std::string meta_error(const Json& entry, Blob& blob) {
  if (!entry.is_object()) return "json: cannot unmarshal " + json_kind(entry) + " into Go value of type map[string]interface {}";
  std::map<std::string, std::vector<std::string>> folded;
  for (auto it = entry.begin(); it != entry.end(); ++it) folded[lower(it.key())].push_back(it.key());
  for (auto& [key, spellings] : folded) {
    if (spellings.size() > 1) {
      std::sort(spellings.begin(), spellings.end());
      return "duplicate keys for key " + go_quote(key) + ": " + go_string_slice(spellings);
    }
  }
  for (const char* meta : {"schema", "package", "name"}) {
    const auto f = folded.find(meta);
    if (f == folded.end()) continue;
    const Json& v = entry[f->second[0]];
    if (!v.is_string()) return "expected value for key " + go_quote(f->second[0]) + " to be a string, got " + go_format_t(v) + ": " + go_format_v(v);
    (meta[0] == 's' ? blob.schema : meta[0] == 'p' ? blob.package : blob.name) = v.get<std::string>();
  }
  return {};
}

// The entries of a basic or substitutes template as blobs of a one-file catalog, decoded by
// declcfg.LoadSlice's rules (ConfigBuilder). `opm_prefix` is what opm puts before a problem.
bool load_entries(Template& t, const char* opm_prefix, const char* slice_prefix) {
  t.entries_load.files.push_back(CatalogFile{t.file});
  const std::string key = spelled(t.document.value, "entries");
  const Json* entries = go_field(t.document.value, "entries");
  if (entries && !entries->is_null() && !entries->is_array()) {
    add(t, FindingId::TemplateInvalid,
        {"entries must be a list of catalog objects", std::string(opm_prefix) + "json: cannot unmarshal " + json_kind(*entries) +
                                                          " into Go struct field of type []*declcfg.Meta"},
        at(t.file, t.document, "/" + key));
    return false;
  }
  bool ok = true;
  if (entries && entries->is_array()) {
    std::size_t i = 0;
    for (const Json& entry : *entries) {
      const std::string path = "/" + key + "/" + std::to_string(i++);
      Blob blob;
      const std::string error = meta_error(entry, blob);
      if (!error.empty()) {
        add(t, FindingId::TemplateInvalid, {"entry " + std::to_string(i - 1) + ": " + error, std::string(opm_prefix) + error},
            at(t.file, t.document, path));
        ok = false;
        continue;
      }
      if (blob.schema.empty()) {
        const std::string opm = "object '" + entry.dump() + "\n' is missing root schema field";
        add(t, FindingId::TemplateInvalid, {"this entry has no schema (olm.package, olm.channel, olm.bundle, olm.deprecations, ...)", std::string(slice_prefix) + opm},
            at(t.file, t.document, path));
        ok = false;
        continue;
      }
      blob.document = sub_document(t.document, path, entry);
      t.entries_load.blobs.push_back(std::move(blob));
    }
  }
  // declcfg.LoadSlice: typed decoding of olm.package/channel/bundle/deprecations (ConfigBuilder
  // reports a failure as a load finding and leaves the blob out).
  declcfg::ConfigBuilder builder;
  builder.add_blobs(t.entries_load, 0);
  t.entries = builder.take();
  for (const Finding& f : t.entries_load.findings) {
    add(t, FindingId::TemplateInvalid, {f.message(), std::string(slice_prefix) + f.opm_message()}, f.location, f.object);
    ok = false;
  }
  t.entries_load.findings.clear();
  return ok;
}

// basic.go isBundleTemplate: schema and image set; no package, properties or relatedImages.
void check_basic_bundles(Template& t) {
  for (const declcfg::Bundle& b : t.entries.bundles) {
    const Blob& blob = t.entries_load.blobs[b.blob];
    std::vector<std::string> extra;
    if (!b.package.empty()) extra.push_back("package");
    if (!b.properties.empty()) extra.push_back("properties");
    if (!b.related_images.empty()) extra.push_back("relatedImages");
    if (b.image.empty()) extra.push_back("no image");
    if (extra.empty()) continue;
    std::string what;
    for (const std::string& e : extra) what += (what.empty() ? "" : ", ") + e;
    add(t, FindingId::BasicBundleFields, {" (this one: " + what + ")"}, t.entries_load.locate(blob), ObjectPath{"", "", b.name});
  }
}

// ---- semver: the shape readFile decodes into, strictly ----

const GoShape& semver_shape() {
  static const GoShape text{GoShape::Kind::String, "string", {}, nullptr};
  static const GoShape boolean{GoShape::Kind::Bool, "bool", {}, nullptr};
  static const GoShape stream{GoShape::Kind::String, "semver.StreamType", {}, nullptr};
  static const GoShape entry{GoShape::Kind::Struct, "semver.bundleEntry", {{"image", &text}}, nullptr};
  static const GoShape entries{GoShape::Kind::Slice, "[]semver.bundleEntry", {}, &entry};
  static const GoShape channel{GoShape::Kind::Struct, "semver.channelBundles", {{"bundles", &entries}}, nullptr};
  static const GoShape data{GoShape::Kind::Struct,
                            "semver.SemverTemplateData",
                            {{"schema", &text},
                             {"generateMajorChannels", &boolean},
                             {"generateMinorChannels", &boolean},
                             {"defaultChannelTypePreference", &stream},
                             {"candidate", &channel},
                             {"fast", &channel},
                             {"stable", &channel}},
                            nullptr};
  return data;
}

// json.Decoder.DisallowUnknownFields under sigs.k8s.io/yaml UnmarshalStrict: the first member
// (in Go's map order, i.e. the document's, here its sorted keys) no field takes. "" when none.
std::string unknown_field(const Json& value, const GoShape& shape, const std::string& path, std::string& where) {
  if (shape.kind == GoShape::Kind::Slice && value.is_array() && shape.element) {
    std::size_t i = 0;
    for (const Json& v : value) {
      const std::string found = unknown_field(v, *shape.element, path + "/" + std::to_string(i++), where);
      if (!found.empty()) return found;
    }
    return {};
  }
  if (shape.kind != GoShape::Kind::Struct || !value.is_object()) return {};
  for (auto it = value.begin(); it != value.end(); ++it) {
    const GoShape* field = nullptr;
    for (const auto& [name, s] : shape.fields) {
      if (lower(name) == lower(it.key())) field = s;
    }
    if (!field) {
      where = path + "/" + it.key();
      return it.key();
    }
    const std::string found = unknown_field(*it, *field, path + "/" + it.key(), where);
    if (!found.empty()) return found;
  }
  return {};
}

void parse_semver(Template& t) {
  const Json& v = t.document.value;
  const std::string read_prefix = "render: unable to read file: ";
  std::string where;
  const std::string unknown = unknown_field(v, semver_shape(), "", where);
  if (!unknown.empty()) {
    add(t, FindingId::TemplateInvalid,
        {"a semver template has no field " + go_quote(unknown) + " (opm reads it strictly: schema, generateMajorChannels, "
         "generateMinorChannels, defaultChannelTypePreference, candidate, fast, stable; bundles; image)",
         read_prefix + "error unmarshaling JSON: while decoding JSON: json: unknown field " + go_quote(unknown)},
        at(t.file, t.document, where));
    return;
  }
  std::string error_path;
  const std::string type_error = go_decode_check(v, semver_shape(), &error_path);
  if (!type_error.empty()) {
    add(t, FindingId::TemplateInvalid, {type_error, read_prefix + "error unmarshaling JSON: while decoding JSON: " + type_error},
        at(t.file, t.document, error_path));
    return;
  }
  const auto flag = [&](const char* name) {
    const Json* f = go_field(v, name);
    return f && f->is_boolean() && f->get<bool>();
  };
  const auto text = [&](const char* name) {
    const Json* f = go_field(v, name);
    return f && f->is_string() ? f->get<std::string>() : std::string();
  };
  if (text("schema") != "olm.semver") {
    add(t, FindingId::TemplateInvalid, {"the schema must be \"olm.semver\"", read_prefix + "readFile: input file has unknown schema, should be \"olm.semver\""},
        at(t.file, t.document, "/" + spelled(v, "schema")));
    return;
  }
  t.generate_major = flag("generateMajorChannels");
  t.generate_minor = flag("generateMinorChannels");
  if (!t.generate_major && !t.generate_minor) t.generate_minor = true;  // readFile's default
  const std::string preference = text("defaultChannelTypePreference");
  const SourceLocation preference_at = at(t.file, t.document, "/" + spelled(v, "defaultChannelTypePreference"));
  if (preference.empty()) {
    t.default_channel_type_preference = t.generate_minor ? "minor" : "major";
  } else if (preference == "minor" || preference == "major") {
    const bool generated = preference == "minor" ? t.generate_minor : t.generate_major;
    if (!generated) {
      add(t, FindingId::SemverOptions,
          {"defaultChannelTypePreference is " + go_quote(preference) + " but the template does not generate " + preference + "-version channels",
           read_prefix + "schema attribute mismatch: DefaultChannelTypePreference set to '" + preference + "' doesn't make sense if not generating " +
               preference + "-version channels"},
          preference_at);
      return;
    }
    t.default_channel_type_preference = preference;
  } else {
    add(t, FindingId::SemverOptions,
        {"defaultChannelTypePreference must be \"major\" or \"minor\", not " + go_quote(preference),
         read_prefix + "unknown DefaultChannelTypePreference: " + go_quote(preference) + "\nValid values are 'major' or 'minor'"},
        preference_at);
    return;
  }
  for (const auto& [name, target] : {std::pair{"candidate", &t.candidate}, std::pair{"fast", &t.fast}, std::pair{"stable", &t.stable}}) {
    const Json* channel = go_field(v, name);
    if (!channel || !channel->is_object()) continue;
    const std::string channel_key = spelled(v, name);
    const Json* bundles = go_field(*channel, "bundles");
    if (!bundles || !bundles->is_array()) continue;
    const std::string bundles_key = spelled(*channel, "bundles");
    std::size_t i = 0;
    for (const Json& b : *bundles) {
      const std::string path = "/" + channel_key + "/" + bundles_key + "/" + std::to_string(i++);
      const Json* image = b.is_object() ? go_field(b, "image") : nullptr;
      Template::SemverBundle entry;
      entry.image = image && image->is_string() ? image->get<std::string>() : std::string();
      entry.where = at(t.file, t.document, image ? path + "/" + spelled(b, "image") : path);
      target->push_back(std::move(entry));
    }
  }
  t.renderable = true;
}

void parse_substitutes(Template& t) {
  const std::string parse_prefix = "render: unable to parse template: unmarshalling template: ";
  const Json& v = t.document.value;
  const Json* subs = go_field(v, "substitutions");
  if (subs && !subs->is_null() && !subs->is_array()) {
    add(t, FindingId::TemplateInvalid,
        {"substitutions must be a list of {name, base}", parse_prefix + "json: cannot unmarshal " + json_kind(*subs) +
                                                             " into Go struct field SubstitutesTemplateData.substitutions of type []substitutes.Substitute"},
        at(t.file, t.document, "/" + spelled(v, "substitutions")));
    return;
  }
  if (subs && subs->is_array()) {
    static const GoShape text{GoShape::Kind::String, "string", {}, nullptr};
    static const GoShape substitute{GoShape::Kind::Struct, "substitutes.Substitute", {{"name", &text}, {"base", &text}}, nullptr};
    const std::string key = spelled(v, "substitutions");
    std::size_t i = 0;
    for (const Json& s : *subs) {
      const std::string path = "/" + key + "/" + std::to_string(i++);
      std::string error_path;
      const std::string error = go_decode_check(s, substitute, &error_path);
      if (!error.empty()) {
        add(t, FindingId::TemplateInvalid, {error, parse_prefix + error}, at(t.file, t.document, path + error_path));
        return;
      }
      Template::Substitution sub;
      if (s.is_object()) {
        if (const Json* n = go_field(s, "name"); n && n->is_string()) sub.name = n->get<std::string>();
        if (const Json* b = go_field(s, "base"); b && b->is_string()) sub.base = b->get<std::string>();
      }
      sub.where = at(t.file, t.document, path);
      t.substitutions.push_back(std::move(sub));
    }
  }
  const Json* schema = go_field(v, "schema");
  const std::string value = schema && schema->is_string() ? schema->get<std::string>() : "";
  if (value != "olm.template.substitutes") {
    add(t, FindingId::TemplateInvalid,
        {"the schema must be \"olm.template.substitutes\"",
         "render: unable to parse template: template has unknown schema (" + go_quote(value) + "), should be \"olm.template.substitutes\""},
        at(t.file, t.document, "/" + spelled(v, "schema")));
    return;
  }
  if (!load_entries(t, parse_prefix.c_str(), "render: unable to create declarative config from entries: ")) return;
  // declcfg.ConvertToModel (conversion, then Model.Validate): the entries must be a valid catalog.
  model::Conversion conversion = model::convert_to_model(t.entries, t.entries_load);
  bool valid = true;
  for (const Finding& f : conversion.findings) {
    add(t, FindingId::SubstitutesEntriesInvalid,
        {"the entries are not a valid catalog: " + f.message(), "render: entries are not valid FBC: " + f.opm_message()}, f.location, f.object);
    valid = false;
  }
  if (valid) {
    const model::ModelValidation validation = model::validate_model(conversion.model, t.entries, t.entries_load, true);
    for (const Finding& f : validation.findings) {
      if (f.info().severity != Severity::Error) continue;
      add(t, FindingId::SubstitutesEntriesInvalid,
          {"the entries are not a valid catalog: " + f.message(), "render: entries are not valid FBC: " + render_error_tree(validation.opm_tree)},
          f.location, f.object);
      valid = false;
    }
  }
  t.renderable = valid;
}

}  // namespace

Template parse_template(const std::string& file, const std::string& bytes, const repo::TemplateFile* discovered) {
  Template t;
  t.file = file;
  if (discovered && discovered->document != 0) {
    t.schema = discovered->schema;
    const std::string first = discovered->first_schema;
    const std::string opm = first.empty() ? "auto-detecting template type: template input missing required 'schema' field"
                                          : "auto-detecting template type: unknown template schema: " + first;
    add(t, FindingId::TemplateNotFirstDocument,
        {repo::template_schema_name(discovered->schema), std::to_string(discovered->document + 1), first, opm},
        SourceLocation{file, discovered->position.line, discovered->position.column});
    return t;
  }
  // yaml.NewYAMLOrJSONDecoder(reader, 4096).Decode: a JSON value when the input starts with '{',
  // else the first YAML document.
  bool have = false;
  if (looks_like_json(bytes)) {
    JsonStreamResult stream = read_json_stream(bytes);
    if (!stream.documents.empty()) {
      t.document = std::move(stream.documents.front());
      have = true;
    } else {
      const std::string error = stream.error ? stream.error->message : "the file is empty";
      const TextPosition pos = stream.error ? stream.error->position : TextPosition{1, 1};
      add(t, FindingId::TemplateUnreadable, {error, "decoding template input: " + error}, SourceLocation{file, pos.line, pos.column});
      return t;
    }
  } else {
    std::vector<YamlItem> items = read_yaml_stream(bytes, 1);
    for (YamlItem& item : items) {
      if (!item.ok && item.error.kind == YamlChunkError::Kind::EmptyChunk && &item == &items.front() && items.size() > 1) continue;
      if (!item.ok) {
        add(t, FindingId::TemplateUnreadable, {item.error.message, "decoding template input: " + item.error.opm_message},
            SourceLocation{file, item.error.position.line, item.error.position.column});
        return t;
      }
      t.document = std::move(item.document);
      have = true;
      break;
    }
    if (!have) {
      add(t, FindingId::TemplateUnreadable, {"the file holds no document", "decoding template input: EOF"}, SourceLocation{file, 1, 1});
      return t;
    }
  }
  if (!t.document.value.is_object()) {
    const std::string error = "json: cannot unmarshal " + json_kind(t.document.value) + " into Go value of type struct { Schema string \"json:\\\"schema\\\"\" }";
    add(t, FindingId::TemplateUnreadable, {"the template must be an object with a schema", "unmarshalling template schema: " + error},
        at(file, t.document));
    return t;
  }
  const Json* schema = go_field(t.document.value, "schema");
  const std::string schema_value = schema && schema->is_string() ? schema->get<std::string>() : std::string();
  const std::optional<repo::TemplateSchema> kind = repo::parse_template_schema(schema_value);
  if (!kind) {
    const std::string opm = schema_value.empty() ? "auto-detecting template type: template input missing required 'schema' field"
                                                 : "auto-detecting template type: unknown template schema: " + schema_value;
    add(t, FindingId::TemplateInvalid,
        {schema_value.empty() ? "the template has no schema (olm.template.basic, olm.semver or olm.template.substitutes)"
                              : "unknown template schema " + go_quote(schema_value) + " (olm.template.basic, olm.semver or olm.template.substitutes)",
         opm},
        at(file, t.document, schema ? "/" + spelled(t.document.value, "schema") : ""));
    return t;
  }
  t.schema = *kind;
  switch (*kind) {
    case repo::TemplateSchema::Basic: {
      const std::size_t before = t.findings.size();
      load_entries(t, "unmarshalling template: ", "");
      check_basic_bundles(t);
      t.renderable = t.findings.size() == before;
      break;
    }
    case repo::TemplateSchema::Semver: parse_semver(t); break;
    case repo::TemplateSchema::Substitutes: parse_substitutes(t); break;
  }
  return t;
}

}  // namespace fbclens::tmpl
