// One declared JSON mapping per view struct: the answers the worker sends, the CLI prints as
// `--output json` and the page and the ImGui app read are plain structs, and each lists its JSON
// fields once. The same list writes the JSON (write_json) and reads it back (read_json), so a shape
// cannot drift between the writer and its readers.
//
// A struct opts in with one function in its own namespace (found by ADL), listing (JSON name,
// member) pairs:
//
//   inline auto json_fields(const RelatedImage*) {
//     return std::make_tuple(view::field("name", &RelatedImage::name), view::field("image", &RelatedImage::image));
//   }
//
// A key only some answers carry is an optional_field over a std::optional member: left out while
// empty, rather than written as null.
//
// An enum opts in with a table of (value, name):
//
//   inline auto json_enum(const Severity*) {
//     return std::array{std::pair{Severity::Error, "error"}, std::pair{Severity::Warning, "warning"}};
//   }
//
// Why not NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE: it names each JSON key after its C++ member, and our
// JSON is camelCase with names fixed by the documented outputs (`skipRange`, `OwnNamespace`), while
// members follow the C++ style; and its reader throws on a mistyped field, which the app (built
// without exceptions) would turn into an abort. Here reading never throws.
//
// nlohmann's objects keep their keys sorted, so the order of a field list does not change the text.
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "load/document.h"  // Json

namespace fbclens::view {

/// One field of a struct's JSON mapping: its key and the member it holds.
template <class T, class M>
struct Field {
  const char* name;
  M T::*member;
  /// The key is left out while the member (a std::optional) is empty, and a missing key reads as
  /// empty (optional_field).
  bool omitted_when_empty = false;
};

/// A field of a mapping: `name` is the JSON key, `member` the struct member it reads and writes.
template <class T, class M>
constexpr Field<T, M> field(const char* name, M T::*member) {
  return {name, member, false};
}

/// A key that only some answers have (e.g. the upgrade answer's "steps", present with explain):
/// written only when the std::optional member holds a value (no key, rather than null, when
/// empty); read as empty when the key is missing or null, which is no error.
template <class T, class M>
constexpr Field<T, std::optional<M>> optional_field(const char* name, std::optional<M> T::*member) {
  return {name, member, true};
}

/// `text`, or empty when it is "": for the many answers whose JSON shows an empty name or error as
/// null (a std::optional<std::string> member).
inline std::optional<std::string> null_if_empty(const std::string& text) {
  return text.empty() ? std::nullopt : std::optional<std::string>(text);
}

namespace detail {

template <class T, class = void>
struct has_fields : std::false_type {};
template <class T>
struct has_fields<T, std::void_t<decltype(json_fields(static_cast<const T*>(nullptr)))>> : std::true_type {};

template <class T, class = void>
struct has_enum : std::false_type {};
template <class T>
struct has_enum<T, std::void_t<decltype(json_enum(static_cast<const T*>(nullptr)))>> : std::true_type {};

template <class T>
struct is_vector : std::false_type {};
template <class T, class A>
struct is_vector<std::vector<T, A>> : std::true_type {};

template <class T>
struct is_optional : std::false_type {};
template <class T>
struct is_optional<std::optional<T>> : std::true_type {};

template <class T>
struct is_string_map : std::false_type {};
template <class T, class C, class A>
struct is_string_map<std::map<std::string, T, C, A>> : std::true_type {};

template <class>
inline constexpr bool kUnsupported = false;

// For optional_field: whether a member holds a value, and emptying it (only std::optional members
// are ever omitted; the other overloads keep the fold expressions above compiling for plain fields).
template <class M>
bool holds_value(const std::optional<M>& member) { return member.has_value(); }
template <class M>
bool holds_value(const M&) { return true; }
template <class M>
void clear(std::optional<M>& member) { member.reset(); }
template <class M>
void clear(M&) {}

}  // namespace detail

/// The JSON value of `value`: bool, integers, floating point, std::string, Json (as is),
/// std::vector (array), std::optional (null when empty), std::map<std::string, T> (object), enums
/// with json_enum (their name; an unlisted value writes null), and structs with json_fields
/// (an object of their fields).
template <class T>
Json write_json(const T& value) {
  if constexpr (std::is_same_v<T, Json>) {
    return value;
  } else if constexpr (std::is_same_v<T, bool> || std::is_arithmetic_v<T> || std::is_same_v<T, std::string>) {
    return Json(value);
  } else if constexpr (detail::has_enum<T>::value) {
    for (const auto& [v, name] : json_enum(static_cast<const T*>(nullptr))) {
      if (v == value) return Json(name);
    }
    return Json(nullptr);
  } else if constexpr (detail::is_optional<T>::value) {
    return value ? write_json(*value) : Json(nullptr);
  } else if constexpr (detail::is_vector<T>::value) {
    Json out = Json::array();
    for (const auto& item : value) out.push_back(write_json(item));
    return out;
  } else if constexpr (detail::is_string_map<T>::value) {
    Json out = Json::object();
    for (const auto& [key, item] : value) out[key] = write_json(item);
    return out;
  } else if constexpr (detail::has_fields<T>::value) {
    Json out = Json::object();
    std::apply(
        [&](const auto&... f) {
          ((f.omitted_when_empty && !detail::holds_value(value.*(f.member))
                ? void()
                : void(out[f.name] = write_json(value.*(f.member)))),
           ...);
        },
        json_fields(static_cast<const T*>(nullptr)));
    return out;
  } else {
    static_assert(detail::kUnsupported<T>, "write_json: give the type json_fields or json_enum");
  }
}

/// Reads `json` into `value`, as write_json wrote it. Tolerant: a field that is missing or of
/// another type keeps what `value` held (its default), the rest is read, and the result is false;
/// true when everything was present and well typed. A number out of an integer's range reads as
/// mistyped. Never throws.
template <class T>
bool read_json(const Json& json, T& value) {
  if constexpr (std::is_same_v<T, Json>) {
    value = json;
    return true;
  } else if constexpr (std::is_same_v<T, bool>) {
    if (!json.is_boolean()) return false;
    value = json.get<bool>();
    return true;
  } else if constexpr (std::is_integral_v<T>) {
    if (json.is_number_integer()) {
      // Range-checked through the widest type of the JSON's own sign.
      if (json.is_number_unsigned()) {
        const auto v = json.get<std::uint64_t>();
        if (v > static_cast<std::uint64_t>(std::numeric_limits<T>::max())) return false;
        value = static_cast<T>(v);
        return true;
      }
      const auto v = json.get<std::int64_t>();
      if constexpr (std::is_unsigned_v<T>) {
        if (v < 0 || static_cast<std::uint64_t>(v) > static_cast<std::uint64_t>(std::numeric_limits<T>::max())) return false;
      } else {
        if (v < static_cast<std::int64_t>(std::numeric_limits<T>::min()) ||
            v > static_cast<std::int64_t>(std::numeric_limits<T>::max()))
          return false;
      }
      value = static_cast<T>(v);
      return true;
    }
    return false;
  } else if constexpr (std::is_floating_point_v<T>) {
    if (!json.is_number()) return false;
    value = json.get<T>();
    return true;
  } else if constexpr (std::is_same_v<T, std::string>) {
    if (!json.is_string()) return false;
    value = json.get_ref<const std::string&>();
    return true;
  } else if constexpr (detail::has_enum<T>::value) {
    if (!json.is_string()) return false;
    for (const auto& [v, name] : json_enum(static_cast<const T*>(nullptr))) {
      if (json.get_ref<const std::string&>() == name) {
        value = v;
        return true;
      }
    }
    return false;
  } else if constexpr (detail::is_optional<T>::value) {
    if (json.is_null()) {
      value.reset();
      return true;
    }
    typename T::value_type inner{};
    const bool ok = read_json(json, inner);
    value = std::move(inner);
    return ok;
  } else if constexpr (detail::is_vector<T>::value) {
    if (!json.is_array()) return false;
    bool ok = true;
    value.clear();
    value.reserve(json.size());
    for (const Json& item : json) {
      value.emplace_back();
      ok = read_json(item, value.back()) && ok;
    }
    return ok;
  } else if constexpr (detail::is_string_map<T>::value) {
    if (!json.is_object()) return false;
    bool ok = true;
    value.clear();
    for (const auto& [key, item] : json.items()) ok = read_json(item, value[key]) && ok;
    return ok;
  } else if constexpr (detail::has_fields<T>::value) {
    if (!json.is_object()) return false;
    bool ok = true;
    std::apply(
        [&](const auto&... f) {
          ((ok = [&] {
             const auto it = json.find(f.name);
             if (it == json.end() && f.omitted_when_empty) {
               detail::clear(value.*(f.member));
               return true;
             }
             return it != json.end() && read_json(*it, value.*(f.member));
           }() && ok),
           ...);
        },
        json_fields(static_cast<const T*>(nullptr)));
    return ok;
  } else {
    static_assert(detail::kUnsupported<T>, "read_json: give the type json_fields or json_enum");
  }
}

}  // namespace fbclens::view
