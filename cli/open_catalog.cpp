#include <cstdio>
#include <filesystem>

#include "commands.h"

namespace fbclens::cli {

std::unique_ptr<FileSource> open_catalog(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (ec || !fs::exists(status)) {
    std::fprintf(stderr, "fbclens: stat %s: %s\n", path.c_str(), ec ? ec.message().c_str() : "no such file or directory");
    return nullptr;
  }
  if (fs::is_directory(status)) return std::make_unique<DirectoryFileSource>(path);
  const fs::path file(path);
  const DirectoryFileSource parent(file.parent_path().empty() ? "." : file.parent_path().string());
  std::string bytes, error;
  if (!parent.read(file.filename().string(), bytes, error, std::size_t(1) << 31)) {
    std::fprintf(stderr, "fbclens: %s\n", error.c_str());
    return nullptr;
  }
  auto single = std::make_unique<MemoryFileSource>();
  single->add(file.filename().string(), std::move(bytes));
  return single;
}

}  // namespace fbclens::cli
