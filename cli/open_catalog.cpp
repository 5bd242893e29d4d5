#include <cstdio>

#include "common.h"

namespace fbclens::cli {

std::unique_ptr<FileSource> open_catalog(const std::string& path) {
  std::string error;
  std::unique_ptr<FileSource> source = open_catalog_path(path, error);
  if (!source) std::fprintf(stderr, "fbclens: %s\n", error.c_str());
  return source;
}

}  // namespace fbclens::cli
