#include "deps/deps.h"

#include <cctype>

#include "findings/go_format.h"

namespace fbclens::deps {

namespace {

constexpr int kMaxDepth = 256;

bool iequal(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  }
  return true;
}

// Go's encoding/json member lookup: the field name matches a key exactly or case-insensitively.
// Returns the canonical field name a key maps to among `fields`, or "".
std::string field_for(const std::string& key, const std::vector<std::string>& fields) {
  for (const std::string& f : fields) {
    if (f == key) return f;
  }
  for (const std::string& f : fields) {
    if (iequal(f, key)) return f;
  }
  return "";
}

const char* json_kind(const Json& v) {
  if (v.is_string()) return "string";
  if (v.is_number()) return "number";
  if (v.is_boolean()) return "bool";
  if (v.is_array()) return "array";
  if (v.is_object()) return "object";
  return "null";
}

std::string type_error(const Json& v, const std::string& field, const std::string& go_type) {
  return std::string("json: cannot unmarshal ") + json_kind(v) + " into Go struct field " + field + " of type " + go_type;
}

// Reads an object of string members `fields` (Go struct of strings). Null members stay "".
bool read_strings(const Json& v, const std::string& where, const std::vector<std::string>& fields,
                  std::vector<std::string>& out, std::string& error) {
  out.assign(fields.size(), "");
  if (v.is_null()) return true;
  if (!v.is_object()) {
    error = type_error(v, where, "struct");
    return false;
  }
  for (auto it = v.begin(); it != v.end(); ++it) {
    const std::string f = field_for(it.key(), fields);
    if (f.empty()) {
      error = "json: unknown field " + go_quote(it.key());
      return false;
    }
    if (it->is_null()) continue;
    if (!it->is_string()) {
      error = type_error(*it, where + "." + f, "string");
      return false;
    }
    for (std::size_t i = 0; i < fields.size(); ++i) {
      if (fields[i] == f) out[i] = it->get<std::string>();
    }
  }
  return true;
}

struct Parser {
  std::string error;
  bool range_error = false;

  // Decodes one constraints.Constraint object. `convert` errors (empty constraint, bad range) are
  // prefixed by the caller; shape errors come first, as Parse runs before convertConstraints.
  std::optional<Constraint> parse(const Json& v, int depth, std::string& convert_error) {
    if (depth > kMaxDepth) {
      error = "json: exceeded max depth";
      return std::nullopt;
    }
    Constraint c;
    if (!v.is_object()) {
      error = type_error(v, "Constraint", "constraints.Constraint");
      return std::nullopt;
    }
    static const std::vector<std::string> kFields = {"failureMessage", "cel", "package", "gvk", "all", "any", "not"};
    const Json* member[7] = {};
    for (auto it = v.begin(); it != v.end(); ++it) {
      const std::string f = field_for(it.key(), kFields);
      if (f.empty()) {
        error = "json: unknown field " + go_quote(it.key());
        return std::nullopt;
      }
      for (std::size_t i = 0; i < kFields.size(); ++i) {
        if (kFields[i] == f) member[i] = it->is_null() ? nullptr : &*it;
      }
    }
    if (member[0]) {
      if (!member[0]->is_string()) {
        error = type_error(*member[0], "Constraint.failureMessage", "string");
        return std::nullopt;
      }
      c.failure_message = member[0]->get<std::string>();
    }
    // Every member is decoded (Parse), then the kind is chosen in convertConstraints' order.
    std::vector<std::string> cel, pkg, gvk;
    if (member[1] && !read_strings(*member[1], "Constraint.cel", {"rule"}, cel, error)) return std::nullopt;
    if (member[2] && !read_strings(*member[2], "Constraint.package", {"packageName", "versionRange"}, pkg, error)) return std::nullopt;
    if (member[3] && !read_strings(*member[3], "Constraint.gvk", {"group", "kind", "version"}, gvk, error)) return std::nullopt;
    std::vector<Constraint> compound[3];
    for (int k = 0; k < 3; ++k) {
      const Json* m = member[4 + k];
      if (!m) continue;
      const std::string field = std::string("Constraint.") + kFields[4 + k];
      if (!m->is_object()) {
        error = type_error(*m, field, "constraints.CompoundConstraint");
        return std::nullopt;
      }
      for (auto it = m->begin(); it != m->end(); ++it) {
        if (field_for(it.key(), {"constraints"}).empty()) {
          error = "json: unknown field " + go_quote(it.key());
          return std::nullopt;
        }
        if (it->is_null()) continue;
        if (!it->is_array()) {
          error = type_error(*it, field + ".constraints", "[]constraints.Constraint");
          return std::nullopt;
        }
        compound[k].clear();
        for (const Json& child : *it) {
          std::optional<Constraint> parsed = parse(child, depth + 1, convert_error);
          if (!parsed) return std::nullopt;
          compound[k].push_back(std::move(*parsed));
        }
      }
    }
    if (member[3]) {
      c.kind = Constraint::Kind::Gvk;
      c.gvk = {gvk[0], gvk[2], gvk[1]};
    } else if (member[2]) {
      c.kind = Constraint::Kind::Package;
      c.package_name = pkg[0];
      c.version_range = pkg[1];
      std::string range_text;
      c.range = semver::parse_range(c.version_range, &range_text);
      if (!c.range && convert_error.empty()) {
        convert_error = range_text;
        range_error = true;
      }
    } else if (member[4] || member[5] || member[6]) {
      const int k = member[4] ? 0 : member[5] ? 1 : 2;
      c.kind = k == 0 ? Constraint::Kind::All : k == 1 ? Constraint::Kind::Any : Constraint::Kind::Not;
      c.children = std::move(compound[k]);
    } else if (member[1]) {
      c.kind = Constraint::Kind::Cel;
      c.cel_rule = cel[0];
    } else if (convert_error.empty()) {
      convert_error = "constraint is empty";
    }
    return c;
  }
};

}  // namespace

std::optional<Constraint> parse_constraint(const Json& value, std::string& error, bool& range_error) {
  error.clear();
  range_error = false;
  Parser parser;
  std::string convert_error;
  std::optional<Constraint> c = parser.parse(value, 0, convert_error);
  if (!c) {
    error = "parse olm.constraint: " + parser.error;
    return std::nullopt;
  }
  if (!convert_error.empty()) {
    error = "convert olm.constraint to resolver predicate: " + convert_error;
    range_error = parser.range_error;
    return std::nullopt;
  }
  return c;
}

std::vector<Dependency> bundle_dependencies(const model::PackageBundle& bundle) {
  std::vector<Dependency> out;
  const auto add_package = [&](Dependency d, const std::string& name, const std::string& range) {
    Constraint c;
    c.kind = Constraint::Kind::Package;
    c.package_name = name;
    c.version_range = range;
    std::string error;
    c.range = semver::parse_range(range, &error);
    if (!c.range) {
      d.error = error;
      d.range_error = true;
    } else {
      d.constraint = std::move(c);
    }
    out.push_back(std::move(d));
  };
  const auto add_gvk = [&](Dependency d, const property::Gvk& gvk) {
    Constraint c;
    c.kind = Constraint::Kind::Gvk;
    c.gvk = gvk;
    d.constraint = std::move(c);
    out.push_back(std::move(d));
  };
  if (!bundle.declared) {
    for (const property::Gvk& g : bundle.properties.required_gvks) add_gvk({"olm.gvk.required", 0, "", bundle.where, 0, {}, "", false}, g);
    for (const property::PackageRequired& p : bundle.properties.required_packages) {
      add_package({"olm.package.required", 0, "", bundle.where, 0, {}, "", false}, p.package_name, p.version_range);
    }
    return out;
  }
  for (const declcfg::Property& p : bundle.declared->properties) {
    if (p.type != "olm.package.required" && p.type != "olm.gvk.required" && p.type != "olm.constraint") continue;
    Dependency d;
    d.property_type = p.type;
    d.property_index = p.index;
    d.pointer = "/properties/" + std::to_string(p.index) + "/value";
    d.where = bundle.where;
    static const Json kNull;
    const Json& v = p.value ? *p.value : kNull;
    // Deeper than any value OLM decodes (kMaxDepth constraint levels of three JSON levels each):
    // refused before dump() or the decoder recurse through it (see json_deeper_than).
    if (json_deeper_than(v, 3 * kMaxDepth + 8)) {
      d.error = (p.type == "olm.constraint" ? "parse olm.constraint: " : "") + std::string("json: exceeded max depth");
      out.push_back(std::move(d));
      continue;
    }
    d.value_bytes = v.dump(-1, ' ', false, Json::error_handler_t::replace).size();
    if (p.type == "olm.constraint") {
      if (d.value_bytes > kMaxConstraintBytes) {
        d.error = "parse olm.constraint: olm.constraint value is greater than max constraint size " +
                  std::to_string(kMaxConstraintBytes) + " bytes";
      } else {
        d.constraint = parse_constraint(v, d.error, d.range_error);
      }
      out.push_back(std::move(d));
      continue;
    }
    // The legacy types: plain json.Unmarshal (unknown members ignored, case-insensitive names).
    std::vector<std::string> fields;
    std::string error;
    const bool gvk = p.type == "olm.gvk.required";
    std::vector<std::string> names = gvk ? std::vector<std::string>{"group", "version", "kind"}
                                         : std::vector<std::string>{"packageName", "versionRange"};
    fields.assign(names.size(), "");
    if (v.is_object()) {
      for (auto it = v.begin(); it != v.end(); ++it) {
        const std::string f = field_for(it.key(), names);
        if (f.empty() || it->is_null()) continue;
        if (!it->is_string()) {
          error = type_error(*it, std::string(gvk ? "" : ".") + f, "string");
          break;
        }
        for (std::size_t i = 0; i < names.size(); ++i) {
          if (names[i] == f) fields[i] = it->get<std::string>();
        }
      }
    } else if (!v.is_null()) {
      error = std::string("json: cannot unmarshal ") + json_kind(v) + " into Go value of type struct";
    }
    if (!error.empty()) {
      d.error = error;
      out.push_back(std::move(d));
    } else if (gvk) {
      add_gvk(std::move(d), {fields[0], fields[1], fields[2]});
    } else {
      add_package(std::move(d), fields[0], fields[1]);
    }
  }
  return out;
}

Provider provider_of(const model::PackageBundle& bundle) {
  Provider p;
  if (bundle.properties.package) {
    p.package_name = bundle.properties.package->package_name;
    p.version = semver::parse(bundle.properties.package->version);
  }
  p.provided_gvks = bundle.properties.provided_gvks;
  return p;
}

Verdict evaluate(const Constraint& c, const Provider& p) {
  switch (c.kind) {
    case Constraint::Kind::Gvk:
      for (const property::Gvk& g : p.provided_gvks) {
        if (g.group == c.gvk.group && g.version == c.gvk.version && g.kind == c.gvk.kind) return Verdict::Satisfied;
      }
      return Verdict::Unsatisfied;
    case Constraint::Kind::Package:
      if (p.package_name.empty() || p.package_name != c.package_name || !c.range || !p.version) return Verdict::Unsatisfied;
      return c.range->contains(*p.version) ? Verdict::Satisfied : Verdict::Unsatisfied;
    case Constraint::Kind::Cel:
      return Verdict::NotEvaluated;
    case Constraint::Kind::All: {
      bool unknown = false;
      for (const Constraint& child : c.children) {
        const Verdict v = evaluate(child, p);
        if (v == Verdict::Unsatisfied) return Verdict::Unsatisfied;
        if (v == Verdict::NotEvaluated) unknown = true;
      }
      return unknown ? Verdict::NotEvaluated : Verdict::Satisfied;
    }
    case Constraint::Kind::Any:
    case Constraint::Kind::Not: {
      bool unknown = false, any = false;
      for (const Constraint& child : c.children) {
        const Verdict v = evaluate(child, p);
        if (v == Verdict::Satisfied) {
          any = true;
          break;
        }
        if (v == Verdict::NotEvaluated) unknown = true;
      }
      const Verdict or_verdict = any ? Verdict::Satisfied : unknown ? Verdict::NotEvaluated : Verdict::Unsatisfied;
      if (c.kind == Constraint::Kind::Any || or_verdict == Verdict::NotEvaluated) return or_verdict;
      return or_verdict == Verdict::Satisfied ? Verdict::Unsatisfied : Verdict::Satisfied;
    }
  }
  return Verdict::Unsatisfied;
}

std::string describe(const Constraint& c) {
  switch (c.kind) {
    case Constraint::Kind::Gvk:
      return "providing an API with group: " + c.gvk.group + ", version: " + c.gvk.version + ", kind: " + c.gvk.kind;
    case Constraint::Kind::Package:
      return "with package: " + c.package_name + " and with version in range: " + c.version_range;
    case Constraint::Kind::Cel:
      return "with constraint: " + go_quote(c.cel_rule) + " and message: " + go_quote(c.failure_message);
    case Constraint::Kind::All:
    case Constraint::Kind::Any:
    case Constraint::Kind::Not: {
      const char* sep = c.kind == Constraint::Kind::All ? " and " : c.kind == Constraint::Kind::Any ? " or " : " and not ";
      std::string out;
      for (std::size_t i = 0; i < c.children.size(); ++i) out += (i ? sep : "") + describe(c.children[i]);
      return out;
    }
  }
  return "";
}

std::vector<std::string> cel_rules(const Constraint& c) {
  std::vector<std::string> out;
  if (c.kind == Constraint::Kind::Cel) out.push_back(c.cel_rule);
  for (const Constraint& child : c.children) {
    std::vector<std::string> sub = cel_rules(child);
    out.insert(out.end(), sub.begin(), sub.end());
  }
  return out;
}

}  // namespace fbclens::deps
