#include "load/file_source.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <system_error>

namespace fbclens {

std::string normalize_relative_path(const std::string& path) {
  std::string out;
  std::size_t i = 0;
  while (i <= path.size()) {
    std::size_t j = path.find('/', i);
    if (j == std::string::npos) j = path.size();
    std::string part = path.substr(i, j - i);
    if (!part.empty() && part != ".") {
      if (!out.empty()) out += '/';
      out += part;
    }
    i = j + 1;
  }
  return out;
}

bool walk_order_less(const std::string& a, const std::string& b) {
  std::size_t i = 0, j = 0;
  while (true) {
    const std::size_t ea = std::min(a.find('/', i), a.size());
    const std::size_t eb = std::min(b.find('/', j), b.size());
    const int c = a.compare(i, ea - i, b, j, eb - j);
    if (c != 0) return c < 0;
    const bool a_done = ea == a.size(), b_done = eb == b.size();
    if (a_done || b_done) return a_done && !b_done;
    i = ea + 1;
    j = eb + 1;
  }
}

namespace {

// What a source holding the bytes in memory says of a file over `max_bytes`.
std::string too_large(std::size_t max_bytes) {
  return "file is larger than the limit of " + std::to_string(max_bytes) + " bytes";
}

// A catalog that is one file on disk (open_catalog_path): listed under its own name. The bytes
// open_catalog_path read to check the file are handed to the first read instead of being kept
// (the loader holds a file's text only while it parses it; a copy kept here would stay alive
// through the whole validation, the size of the catalog again at the peak); later reads, such as
// a source excerpt, read the file from disk again.
class SingleFileSource final : public FileSource {
 public:
  SingleFileSource(std::string directory, std::string name, std::string bytes)
      : directory_(std::move(directory)), name_(std::move(name)), first_read_(std::move(bytes)) {}

  std::vector<std::string> list_files(std::vector<SourceError>&) const override { return {name_}; }

  bool read(const std::string& path, std::string& bytes, std::string& error, std::size_t max_bytes) const override {
    if (path != name_) {
      error = "no such file";
      return false;
    }
    if (handed_over_) return directory_.read(name_, bytes, error, max_bytes);
    if (first_read_.size() > max_bytes) {
      error = too_large(max_bytes);
      return false;
    }
    bytes = std::move(first_read_);
    first_read_ = std::string();
    handed_over_ = true;
    return true;
  }

 private:
  DirectoryFileSource directory_;
  std::string name_;
  mutable std::string first_read_;  ///< until the first read takes it
  mutable bool handed_over_ = false;
};

}  // namespace

std::unique_ptr<FileSource> open_catalog_path(const std::string& path, std::string& error) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (ec || !fs::exists(status)) {
    error = "stat " + path + ": " + (ec ? ec.message() : std::string("no such file or directory"));
    return nullptr;
  }
  if (fs::is_directory(status)) return std::make_unique<DirectoryFileSource>(path);
  const fs::path file(path);
  const std::string directory = file.parent_path().empty() ? "." : file.parent_path().string();
  const std::string name = normalize_relative_path(file.filename().string());
  std::string bytes;
  if (!DirectoryFileSource(directory).read(name, bytes, error, std::size_t(1) << 31)) return nullptr;
  return std::make_unique<SingleFileSource>(directory, name, std::move(bytes));
}

// ---- MemoryFileSource ----

void MemoryFileSource::add(std::string path, std::string bytes) {
  path = normalize_relative_path(path);
  for (auto& f : files_) {
    if (f.first == path) {
      f.second = std::move(bytes);
      return;
    }
  }
  files_.emplace_back(std::move(path), std::move(bytes));
}

std::vector<std::string> ListedOnce::list_files(std::vector<SourceError>& errors) const {
  if (!listed_) {
    paths_ = base().list_files(errors_);
    listed_ = true;
  }
  errors.insert(errors.end(), errors_.begin(), errors_.end());
  return paths_;
}

std::vector<std::string> MemoryFileSource::list_files(std::vector<SourceError>&) const {
  std::vector<std::string> out;
  out.reserve(files_.size());
  for (const auto& f : files_) out.push_back(f.first);
  return out;
}

bool MemoryFileSource::read(const std::string& path, std::string& bytes, std::string& error,
                            std::size_t max_bytes) const {
  for (const auto& f : files_) {
    if (f.first != path) continue;
    if (f.second.size() > max_bytes) {
      error = too_large(max_bytes);
      return false;
    }
    bytes = f.second;
    return true;
  }
  error = "no such file";
  return false;
}

// ---- DirectoryFileSource ----

namespace fs = std::filesystem;

std::vector<std::string> DirectoryFileSource::list_files(std::vector<SourceError>& errors) const {
  std::vector<std::string> out;
  std::error_code ec;
  fs::recursive_directory_iterator it(root_, fs::directory_options::skip_permission_denied, ec);
  if (ec) {
    errors.push_back({"", ec.message()});
    return out;
  }
  for (; it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (ec) {
      errors.push_back({"", ec.message()});
      break;
    }
    std::error_code sec;
    // symlink_status: a symlink (even to a directory) is a file to opm's walk.
    const auto st = it->symlink_status(sec);
    if (fs::is_directory(st)) continue;
    // Lexically: fs::relative resolves symlinks, which would name a link by its target.
    out.push_back(it->path().lexically_relative(root_).generic_string());
  }
  return out;
}

bool DirectoryFileSource::is_symlink_to_directory(const std::string& path) const {
  const fs::path full = fs::path(root_) / path;
  std::error_code ec;
  return fs::is_symlink(fs::symlink_status(full, ec)) && fs::is_directory(full, ec);
}

bool DirectoryFileSource::read(const std::string& path, std::string& bytes, std::string& error,
                               std::size_t max_bytes) const {
  const fs::path full = fs::path(root_) / path;
  std::error_code ec;
  if (fs::is_directory(full, ec)) {
    error = "read " + path + ": is a directory";
    return false;
  }
  std::ifstream in(full, std::ios::binary);
  if (!in) {
    error = "open " + path + ": " + std::strerror(errno);
    return false;
  }
  in.seekg(0, std::ios::end);
  const auto size = in.tellg();
  if (size < 0) {
    error = "read " + path + ": cannot determine size";
    return false;
  }
  if (static_cast<std::size_t>(size) > max_bytes) {
    error = "read " + path + ": file is larger than the limit of " + std::to_string(max_bytes) + " bytes";
    return false;
  }
  bytes.resize(static_cast<std::size_t>(size));
  in.seekg(0);
  if (size > 0 && !in.read(&bytes[0], size)) {
    error = "read " + path + ": " + std::strerror(errno);
    return false;
  }
  return true;
}

std::vector<std::string> path_components(const std::string& path) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i <= path.size()) {
    std::size_t j = path.find('/', i);
    if (j == std::string::npos) j = path.size();
    out.push_back(path.substr(i, j - i));
    i = j + 1;
  }
  return out;
}

}  // namespace fbclens
