#include "declcfg/go_shape.h"

#include <array>
#include <cctype>
#include <cstdint>
#include <cmath>
#include <string_view>
#include <utility>
#include <vector>

#include "load/byte_search.h"

namespace fbclens {

namespace {

bool ascii_equal_fold(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  }
  return true;
}

const char* json_kind(const Json& v) {
  switch (v.type()) {
    case Json::value_t::string: return "string";
    case Json::value_t::boolean: return "bool";
    case Json::value_t::array: return "array";
    case Json::value_t::object: return "object";
    default: return "number";
  }
}

// The member of `obj` Go's encoding/json decodes into field `name`: the exact key, else the first
// key equal to it without regard to ASCII case. {key, value}, or {nullptr, nullptr}.
std::pair<const std::string*, const Json*> find_field(const Json& obj, std::string_view name) {
  if (!obj.is_object()) return {nullptr, nullptr};
  const auto exact = obj.find(name);
  if (exact != obj.end()) return {&exact.key(), &exact.value()};
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    if (ascii_equal_fold(it.key(), name)) return {&it.key(), &it.value()};
  }
  return {nullptr, nullptr};
}

// Walks a value as encoding/json would decode it into a shape. Where it is (the document path and
// Go's FieldStack) is kept as parts and written out only for the error: every value of every
// decoded blob is visited, and building those strings at each one was most of the walk.
struct Checker {
  std::string error;
  std::string error_path;

  // A step of the document path: an object key, or an array index when `key` is null.
  struct Step {
    const std::string* key = nullptr;
    std::size_t index = 0;
  };
  std::vector<Step> path;
  std::vector<std::string_view> fields;  // the JSON field names from the top (Go's FieldStack)

  std::string doc_path() const {
    std::string out;
    for (const Step& step : path) {
      out += '/';
      out += step.key ? *step.key : std::to_string(step.index);
    }
    return out;
  }

  std::string field_stack() const {
    std::string out;
    for (std::string_view field : fields) {
      if (!out.empty()) out += '.';
      out += field;
    }
    return out;
  }

  // Checks `v` at `step` (pushed for the walk below it).
  bool check_at(const Json& v, const GoShape& s, std::string_view go_struct, Step step) {
    path.push_back(step);
    const bool ok = check(v, s, go_struct);
    path.pop_back();
    return ok;
  }

  // `go_struct`: the innermost Go struct's name ("" at the top).
  bool check(const Json& v, const GoShape& s, std::string_view go_struct) {
    if (v.is_null()) return true;
    const auto type_error = [&](const std::string& value_kind) {
      if (go_struct.empty()) {
        error = "json: cannot unmarshal " + value_kind + " into Go value of type " + s.go_type;
      } else {
        error = "json: cannot unmarshal " + value_kind + " into Go struct field " + std::string(go_struct) + "." +
                field_stack() + " of type " + s.go_type;
      }
      error_path = doc_path();
      return false;
    };
    switch (s.kind) {
      case GoShape::Kind::Any: return true;
      case GoShape::Kind::String: return v.is_string() ? true : type_error(json_kind(v));
      case GoShape::Kind::Bool: return v.is_boolean() ? true : type_error(json_kind(v));
      case GoShape::Kind::Int32: {
        if (!v.is_number()) return type_error(json_kind(v));
        const double d = v.get<double>();
        if (d != std::floor(d) || d < -2147483648.0 || d > 2147483647.0) return type_error("number " + v.dump());
        return true;
      }
      case GoShape::Kind::Bytes: {
        if (!v.is_string()) return type_error(json_kind(v));
        std::string err;
        if (!go_base64_decode(v.get_ref<const std::string&>(), nullptr, err)) {
          error = err;
          error_path = doc_path();
          return false;
        }
        return true;
      }
      case GoShape::Kind::Slice: {
        if (!v.is_array()) return type_error(json_kind(v));
        std::size_t i = 0;
        for (const Json& e : v) {
          if (!check_at(e, *s.element, go_struct, {nullptr, i++})) return false;
        }
        return true;
      }
      case GoShape::Kind::Map: {
        if (!v.is_object()) return type_error(json_kind(v));
        for (auto it = v.begin(); it != v.end(); ++it) {
          if (!check_at(it.value(), *s.element, go_struct, {&it.key(), 0})) return false;
        }
        return true;
      }
      case GoShape::Kind::Struct: {
        if (!v.is_object()) return type_error(json_kind(v));
        const std::string_view type = s.go_type;
        const auto dot = type.rfind('.');
        const std::string_view name = dot == std::string_view::npos ? type : type.substr(dot + 1);
        for (const auto& [field, shape] : s.fields) {
          const auto [key, member] = find_field(v, field);
          if (!member) continue;
          fields.push_back(field);
          const bool ok = check_at(*member, *shape, name, {key, 0});
          fields.pop_back();
          if (!ok) return false;
        }
        return true;
      }
    }
    return true;
  }
};

GoShape make(GoShape::Kind kind, std::string go_type, std::vector<std::pair<std::string, const GoShape*>> fields = {},
             const GoShape* element = nullptr) {
  GoShape s;
  s.kind = kind;
  s.go_type = std::move(go_type);
  s.fields = std::move(fields);
  s.element = element;
  return s;
}

using K = GoShape::Kind;
const GoShape kString = make(K::String, "string");
const GoShape kBool = make(K::Bool, "bool");
const GoShape kInt32 = make(K::Int32, "int32");
const GoShape kAny = make(K::Any, "interface {}");
const GoShape kRaw = make(K::Any, "json.RawMessage");
const GoShape kBytes = make(K::Bytes, "[]uint8");
const GoShape kStrings = make(K::Slice, "[]string", {}, &kString);
const GoShape kStringMap = make(K::Map, "map[string]string", {}, &kString);

const GoShape kProperty = make(K::Struct, "property.Property", {{"type", &kString}, {"value", &kRaw}});
const GoShape kProperties = make(K::Slice, "[]property.Property", {}, &kProperty);

}  // namespace

const Json* go_field(const Json& obj, std::string_view name, std::string* key_out) {
  const auto [key, member] = find_field(obj, name);
  if (member && key_out) *key_out = *key;
  return member;
}

std::string go_decode_check(const Json& value, const GoShape& shape, std::string* field_path_out) {
  Checker c;
  c.check(value, shape, "");
  if (field_path_out) *field_path_out = c.error_path;
  return c.error;
}

#if defined(__wasm_simd128__)
namespace {

// Sixteen base64 characters (no '=', no line break) decoded at once, where the build has
// WebAssembly SIMD: go_base64_decode was 6.5% of the worker's CPU on the union, most of it in its
// four-characters-a-step loop. Writes the twelve bytes to `dst` and four more after them (which the
// caller writes over or cuts off), and returns true; returns false and writes nothing when one of
// the sixteen is not one of base64's characters (the caller's careful path then reads them).
bool decode_base64_sixteen(const char* in, char* dst) {
  const v128_t bytes = wasm_v128_load(in);
  const v128_t upper = bytes_in_range(bytes, 'A', 25), lower = bytes_in_range(bytes, 'a', 25), digit = bytes_in_range(bytes, '0', 9);
  const v128_t plus = wasm_i8x16_eq(bytes, wasm_i8x16_splat('+')), slash = wasm_i8x16_eq(bytes, wasm_i8x16_splat('/'));
  const v128_t valid = wasm_v128_or(wasm_v128_or(wasm_v128_or(upper, lower), digit), wasm_v128_or(plus, slash));
  if (wasm_i8x16_bitmask(valid) != 0xFFFF) return false;
  // Each character's sextet: its byte plus the offset of its range ('A' → 0, 'a' → 26, '0' → 52,
  // '+' → 62, '/' → 63); the ranges do not overlap, so the offsets can be or-ed together.
  v128_t offset = wasm_v128_and(upper, wasm_i8x16_splat(-65));
  offset = wasm_v128_or(offset, wasm_v128_and(lower, wasm_i8x16_splat(-71)));
  offset = wasm_v128_or(offset, wasm_v128_and(digit, wasm_i8x16_splat(4)));
  offset = wasm_v128_or(offset, wasm_v128_and(plus, wasm_i8x16_splat(19)));
  offset = wasm_v128_or(offset, wasm_v128_and(slash, wasm_i8x16_splat(16)));
  const v128_t sextets = wasm_i8x16_add(bytes, offset);
  // Pairs of sextets into 12 bits (the first one high), then pairs of those into 24: each 32-bit
  // lane holds one group's three bytes, lowest first, which the shuffle puts in text order.
  const v128_t twelve = wasm_v128_or(wasm_i16x8_shl(wasm_v128_and(sextets, wasm_i16x8_splat(0x00FF)), 6), wasm_u16x8_shr(sextets, 8));
  const v128_t groups = wasm_v128_or(wasm_i32x4_shl(wasm_v128_and(twelve, wasm_i32x4_splat(0xFFFF)), 12), wasm_u32x4_shr(twelve, 16));
  wasm_v128_store(dst, wasm_i8x16_shuffle(groups, groups, 2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, 3, 7, 11, 15));
  return true;
}

}  // namespace
#endif

bool go_base64_decode(std::string_view in, std::string* out, std::string& error) {
  static const auto table = [] {
    std::array<signed char, 256> t{};
    t.fill(-1);
    const char* alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (int i = 0; i < 64; ++i) t[static_cast<unsigned char>(alphabet[i])] = static_cast<signed char>(i);
    return t;
  }();
  const auto fail = [&error](std::size_t at) {
    error = "illegal base64 data at input byte " + std::to_string(at);
    return false;
  };
  char* dst = nullptr;
  if (out) {
    out->resize(in.size() / 4 * 3 + 3);
    dst = &(*out)[0];
  }
  std::size_t written = 0;
  unsigned quad[4];
  int have = 0;       // sextets collected in the current quantum
  int padding = 0;    // '=' seen
  for (std::size_t i = 0; i < in.size(); ++i) {
#if defined(__wasm_simd128__)
    // Sixteen characters a step while four more follow them: `written` is at most 3 * (i / 4), so
    // the sixteen bytes stored end within the buffer (3 * (in.size() / 4) + 3 bytes).
    if (dst) {
      while (have == 0 && !padding && i + 20 <= in.size() && decode_base64_sixteen(in.data() + i, dst + written)) {
        written += 12;
        i += 16;
      }
    }
#endif
    // Fast path: four plain alphabet characters form one 3-byte group (the common case).
    while (have == 0 && !padding && i + 4 <= in.size()) {
      const signed char a = table[static_cast<unsigned char>(in[i])], b = table[static_cast<unsigned char>(in[i + 1])],
                        c = table[static_cast<unsigned char>(in[i + 2])], d = table[static_cast<unsigned char>(in[i + 3])];
      if ((a | b | c | d) < 0) break;  // '=', '\r', '\n' or an error: the careful path below
      if (dst) {
        dst[written] = static_cast<char>((a << 2) | (b >> 4));
        dst[written + 1] = static_cast<char>(((b & 15) << 4) | (c >> 2));
        dst[written + 2] = static_cast<char>(((c & 3) << 6) | d);
      }
      written += 3;
      i += 4;
    }
    if (i >= in.size()) break;
    const unsigned char c = static_cast<unsigned char>(in[i]);
    if (c == '\r' || c == '\n') continue;
    if (padding) {
      // Only a second '=' completing "xx==" may follow the first one.
      if (c == '=' && have == 2 && padding == 1) {
        padding = 2;
        continue;
      }
      return fail(i);
    }
    if (c == '=') {
      if (have < 2) return fail(i);
      padding = 1;
      continue;
    }
    const signed char v = table[c];
    if (v < 0) return fail(i);
    quad[have++] = static_cast<unsigned>(v);
    if (have == 4) {
      if (dst) {
        dst[written] = static_cast<char>((quad[0] << 2) | (quad[1] >> 4));
        dst[written + 1] = static_cast<char>(((quad[1] & 15) << 4) | (quad[2] >> 2));
        dst[written + 2] = static_cast<char>(((quad[2] & 3) << 6) | quad[3]);
      }
      written += 3;
      have = 0;
    }
  }
  if (padding) {
    // "xx==" (have 2, two '=') or "xxx=" (have 3, one '=').
    if (!((have == 2 && padding == 2) || (have == 3 && padding == 1))) return fail(in.size());
  } else if (have != 0) {
    return fail(in.size() - (in.size() % 4 == 0 ? 4 : in.size() % 4));
  }
  if (have >= 2) {
    if (dst) dst[written] = static_cast<char>((quad[0] << 2) | (quad[1] >> 4));
    ++written;
  }
  if (have == 3) {
    if (dst) dst[written] = static_cast<char>(((quad[1] & 15) << 4) | (quad[2] >> 2));
    ++written;
  }
  if (out) out->resize(written);
  return true;
}

namespace shapes {

const GoShape& package() {
  static const GoShape icon = make(K::Struct, "declcfg.Icon", {{"base64data", &kBytes}, {"mediatype", &kString}});
  static const GoShape s = make(K::Struct, "declcfg.Package",
                                {{"schema", &kString}, {"name", &kString}, {"defaultChannel", &kString},
                                 {"icon", &icon}, {"description", &kString}, {"properties", &kProperties}});
  return s;
}

const GoShape& channel() {
  static const GoShape entry = make(K::Struct, "declcfg.ChannelEntry",
                                    {{"name", &kString}, {"replaces", &kString}, {"skips", &kStrings},
                                     {"skipRange", &kString}});
  static const GoShape entries = make(K::Slice, "[]declcfg.ChannelEntry", {}, &entry);
  static const GoShape s = make(K::Struct, "declcfg.Channel",
                                {{"schema", &kString}, {"name", &kString}, {"package", &kString},
                                 {"entries", &entries}, {"properties", &kProperties}});
  return s;
}

const GoShape& bundle() {
  static const GoShape related = make(K::Struct, "declcfg.RelatedImage", {{"name", &kString}, {"image", &kString}});
  static const GoShape relateds = make(K::Slice, "[]declcfg.RelatedImage", {}, &related);
  static const GoShape s = make(K::Struct, "declcfg.Bundle",
                                {{"schema", &kString}, {"name", &kString}, {"package", &kString}, {"image", &kString},
                                 {"properties", &kProperties}, {"relatedImages", &relateds}});
  return s;
}

const GoShape& deprecation() {
  static const GoShape ref = make(K::Struct, "declcfg.PackageScopedReference", {{"schema", &kString}, {"name", &kString}});
  static const GoShape entry = make(K::Struct, "declcfg.DeprecationEntry", {{"reference", &ref}, {"message", &kString}});
  static const GoShape entries = make(K::Slice, "[]declcfg.DeprecationEntry", {}, &entry);
  static const GoShape s = make(K::Struct, "declcfg.Deprecation",
                                {{"schema", &kString}, {"package", &kString}, {"entries", &entries}});
  return s;
}

const GoShape& property_package() {
  static const GoShape s = make(K::Struct, "property.Package",
                                {{"packageName", &kString}, {"version", &kString}, {"release", &kString}});
  return s;
}
const GoShape& property_package_required() {
  static const GoShape s = make(K::Struct, "property.PackageRequired", {{"packageName", &kString}, {"versionRange", &kString}});
  return s;
}
const GoShape& property_gvk() {
  static const GoShape s = make(K::Struct, "property.GVK", {{"group", &kString}, {"kind", &kString}, {"version", &kString}});
  return s;
}
const GoShape& property_gvk_required() {
  static const GoShape s = make(K::Struct, "property.GVKRequired", {{"group", &kString}, {"kind", &kString}, {"version", &kString}});
  return s;
}
const GoShape& property_bundle_object() {
  static const GoShape s = make(K::Struct, "property.BundleObject", {{"data", &kBytes}});
  return s;
}
const GoShape& property_channel() {
  static const GoShape s = make(K::Struct, "property.Channel", {{"channelName", &kString}, {"priority", &kInt32}});
  return s;
}

const GoShape& property_csv_metadata() {
  static const GoShape descriptor = make(K::Struct, "v1alpha1.SpecDescriptor",
      {{"path", &kString}, {"displayName", &kString}, {"description", &kString}, {"x-descriptors", &kStrings}, {"value", &kAny}});
  static const GoShape descriptors = make(K::Slice, "[]v1alpha1.SpecDescriptor", {}, &descriptor);
  static const GoShape resource = make(K::Struct, "v1alpha1.APIResourceReference", {{"name", &kString}, {"kind", &kString}, {"version", &kString}});
  static const GoShape resources = make(K::Slice, "[]v1alpha1.APIResourceReference", {}, &resource);
  static const GoShape crd = make(K::Struct, "v1alpha1.CRDDescription",
      {{"name", &kString}, {"version", &kString}, {"kind", &kString}, {"displayName", &kString}, {"description", &kString},
       {"resources", &resources}, {"statusDescriptors", &descriptors}, {"specDescriptors", &descriptors},
       {"actionDescriptors", &descriptors}});
  static const GoShape crds = make(K::Slice, "[]v1alpha1.CRDDescription", {}, &crd);
  static const GoShape crd_set = make(K::Struct, "v1alpha1.CustomResourceDefinitions", {{"owned", &crds}, {"required", &crds}});
  static const GoShape api = make(K::Struct, "v1alpha1.APIServiceDescription",
      {{"name", &kString}, {"group", &kString}, {"version", &kString}, {"kind", &kString}, {"deploymentName", &kString},
       {"containerPort", &kInt32}, {"displayName", &kString}, {"description", &kString}, {"resources", &resources},
       {"statusDescriptors", &descriptors}, {"specDescriptors", &descriptors}, {"actionDescriptors", &descriptors}});
  static const GoShape apis = make(K::Slice, "[]v1alpha1.APIServiceDescription", {}, &api);
  static const GoShape api_set = make(K::Struct, "v1alpha1.APIServiceDefinitions", {{"owned", &apis}, {"required", &apis}});
  static const GoShape install_mode = make(K::Struct, "v1alpha1.InstallMode", {{"type", &kString}, {"supported", &kBool}});
  static const GoShape install_modes = make(K::Slice, "[]v1alpha1.InstallMode", {}, &install_mode);
  static const GoShape link = make(K::Struct, "v1alpha1.AppLink", {{"name", &kString}, {"url", &kString}});
  static const GoShape links = make(K::Slice, "[]v1alpha1.AppLink", {}, &link);
  static const GoShape maintainer = make(K::Struct, "v1alpha1.Maintainer", {{"name", &kString}, {"email", &kString}});
  static const GoShape maintainers = make(K::Slice, "[]v1alpha1.Maintainer", {}, &maintainer);
  static const GoShape gvk = make(K::Struct, "v1.GroupVersionKind", {{"group", &kString}, {"version", &kString}, {"kind", &kString}});
  static const GoShape gvks = make(K::Slice, "[]v1.GroupVersionKind", {}, &gvk);
  static const GoShape provider = make(K::Struct, "v1alpha1.AppLink", {{"name", &kString}, {"url", &kString}});
  static const GoShape s = make(K::Struct, "property.CSVMetadata",
      {{"annotations", &kStringMap}, {"apiServiceDefinitions", &api_set}, {"crdDescriptions", &crd_set},
       {"description", &kString}, {"displayName", &kString}, {"installModes", &install_modes}, {"keywords", &kStrings},
       {"labels", &kStringMap}, {"links", &links}, {"maintainers", &maintainers}, {"maturity", &kString},
       {"minKubeVersion", &kString}, {"nativeAPIs", &gvks}, {"provider", &provider}});
  return s;
}

}  // namespace shapes

}  // namespace fbclens
