#include "findings/format.h"

#include "findings/go_format.h"

namespace fbclens {

std::string group_path(const ObjectPath& object) {
  std::string out;
  const auto add = [&out](const char* kind, const std::string& name) {
    if (name.empty()) return;
    if (!out.empty()) out += " > ";
    out += kind;
    out += ' ';
    out += go_quote(name);
  };
  add("package", object.package);
  add("channel", object.channel);
  add("bundle", object.bundle);
  return out.empty() ? "catalog" : out;
}

std::string location_text(const SourceLocation& at) {
  if (at.file.empty()) return "";
  if (!at.line) return at.file;
  std::string out = at.file + ":" + std::to_string(at.line);
  if (at.column) out += ":" + std::to_string(at.column);
  return out;
}

}  // namespace fbclens
