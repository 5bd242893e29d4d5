// A check (not a test): prints everything the loader gives for a catalog, so two builds of the loader
// can be compared byte for byte on real catalogs (scripts/check-loader.sh): every file, every load
// finding, every document (its value as JSON, its position, and each recorded field position in
// order), and for each olm.bundle.object payload what yaml_to_json makes of it. It compiles against
// the loader before and after issue 21 (FieldPositions changed shape; both are read here).
//   dump_documents CATALOG_DIR > out.txt
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

#include "load/loader.h"
#include "load/yaml_stream.h"

namespace {

using fbclens::Json;

// FieldPositions as a vector of (path, position) pairs (before) or with path(i)/position(i) (after).
template <typename F>
auto for_each_field(const F& fields, int, void (*fn)(std::string_view, fbclens::TextPosition))
    -> decltype(fields.entries, void()) {
  for (const auto& e : fields.entries) fn(e.first, e.second);
}
template <typename F>
void for_each_field(const F& fields, long, void (*fn)(std::string_view, fbclens::TextPosition)) {
  for (std::size_t i = 0; i < fields.size(); ++i) fn(fields.path(i), fields.position(i));
}

void print_field(std::string_view path, fbclens::TextPosition at) {
  std::cout << "  field " << path << " " << at.line << ":" << at.column << "\n";
}

std::string base64(const std::string& in) {
  static const std::string chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  int bits = 0, value = 0;
  for (char c : in) {
    const auto at = chars.find(c);
    if (at == std::string::npos) continue;
    value = (value << 6) | static_cast<int>(at);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((value >> bits) & 0xFF);
    }
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: dump_documents CATALOG_DIR\n");
    return 2;
  }
  std::string error;
  const std::unique_ptr<fbclens::FileSource> source = fbclens::open_catalog_path(argv[1], error);
  if (!source) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 2;
  }
  const fbclens::LoadResult load = fbclens::load_catalog(*source);
  for (const fbclens::CatalogFile& f : load.files) {
    std::cout << "file " << f.path << " " << f.bytes << " ignored=" << f.ignored << " blobs=" << f.blobs << " error=" << f.has_error << "\n";
  }
  for (const fbclens::Finding& f : load.findings) {
    std::cout << "finding " << std::string(f.info().code) << " " << f.location.file << ":" << f.location.line << ":"
              << f.location.column << " " << f.message() << " | " << f.opm_message() << "\n";
  }
  for (const fbclens::Blob& b : load.blobs) {
    std::cout << "blob " << load.files[b.file].path << " " << b.document.position.line << ":" << b.document.position.column
              << " " << b.schema << " " << b.package << " " << b.name << "\n";
    std::cout << "  value " << b.document.value.dump(-1, ' ', false, Json::error_handler_t::replace) << "\n";
    for_each_field(b.document.fields, 0, print_field);
    const auto properties = b.document.value.find("properties");
    if (properties == b.document.value.end() || !properties->is_array()) continue;
    for (const Json& p : *properties) {
      if (!p.is_object() || p.value("type", Json()) != "olm.bundle.object") continue;
      const auto value = p.find("value");
      if (value == p.end() || !value->is_object() || !value->contains("data") || !(*value)["data"].is_string()) continue;
      const std::string text = base64((*value)["data"].get<std::string>());
      if (!text.empty() && text.find_first_not_of(" \t\r\n") != std::string::npos && text[text.find_first_not_of(" \t\r\n")] == '{') continue;
      Json manifest;
      std::string why;
      const bool ok = fbclens::yaml_to_json(text, manifest, why);
      std::cout << "  object " << (ok ? manifest.dump(-1, ' ', false, Json::error_handler_t::replace) : "error " + why) << "\n";
    }
  }
  return 0;
}
