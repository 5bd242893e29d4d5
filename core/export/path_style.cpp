#include "export/path_style.h"

#include <cctype>
#include <filesystem>

namespace fbclens {

std::string uri_path_encode(const std::string& path) {
  static const char* const kHex = "0123456789ABCDEF";
  std::string out;
  for (const char ch : path) {
    const auto c = static_cast<unsigned char>(ch);
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') {
      out += ch;
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 0xF];
    }
  }
  return out;
}

PathStyle path_style_for(const std::string& catalog_path, bool is_directory, const std::string& cwd) {
  namespace fs = std::filesystem;
  // Normal form without a trailing separator ("/a/b/" and "/a/b/." are "/a/b").
  const auto normal = [](fs::path p) {
    p = p.lexically_normal();
    return p.has_relative_path() && p.filename().empty() ? p.parent_path() : p;
  };
  const fs::path base = normal(cwd);
  fs::path root = normal(fs::path(catalog_path).is_relative() ? base / catalog_path : fs::path(catalog_path));
  if (!is_directory) root = root.parent_path();  // the file is named by its own name below it
  PathStyle style;
  const fs::path relative = root.lexically_relative(base);
  const bool under = !relative.empty() && *relative.begin() != "..";
  std::string dir = under ? relative.generic_string() : root.generic_string();
  if (dir == ".") dir.clear();
  if (!dir.empty() && dir.back() != '/') dir += '/';
  style.prefix = dir;
  if (under) {
    std::string cwd_path = base.generic_string();
    if (cwd_path.empty() || cwd_path.back() != '/') cwd_path += '/';
    style.srcroot_uri = "file://" + uri_path_encode(cwd_path);
  }
  return style;
}

}  // namespace fbclens
