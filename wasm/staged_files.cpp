#include "wasm/staged_files.h"

#include <emscripten/emscripten.h>

#include "load/fingerprint.h"
#include "load/loader.h"

// Copies file `handle` (a handle JavaScript gave with fbclens_add_file_ref) into wasm memory at
// `pointer` (`size` bytes reserved); returns the bytes written, or -1 when it cannot be read. With
// `size` -1 (a file of unknown size) it copies nothing: JavaScript takes the bytes and answers
// their number, and the next call for the handle copies them in, or drops them when they are more
// than its `size`. fbclens-api.js defines Module.fbclensReadFile.
EM_JS(double, fbclens_read_staged_file, (int handle, char* pointer, double size), {
  if (!Module['fbclensReadFile']) return -1;
  return Module['fbclensReadFile'](handle, pointer, size);
});

// Hands JavaScript a read plan: `count` handles at `handles`, and whether they will be read again
// (StagedFiles::plan_reads). A Module without fbclensPlanReads (an older page) ignores it.
EM_JS(void, fbclens_plan_staged_reads, (const int* handles, int count, int read_again), {
  if (Module['fbclensPlanReads']) Module['fbclensPlanReads'](HEAP32.slice(handles >> 2, (handles >> 2) + count), read_again !== 0);
});

namespace fbclens::wasm {

StagedFiles::File& StagedFiles::slot(std::string path) {
  path = normalize_relative_path(path);
  if (const auto at = index_.find(path); at != index_.end()) return files_[at->second] = File{std::move(path)};
  index_.emplace(path, files_.size());
  files_.push_back(File{std::move(path)});
  return files_.back();
}

const StagedFiles::File* StagedFiles::find(const std::string& path) const {
  const auto at = index_.find(path);
  return at == index_.end() ? nullptr : &files_[at->second];
}

void StagedFiles::plan_reads(const ReadPlan& plan) const {
  std::vector<int> handles;
  handles.reserve(plan.paths.size());
  for (const std::string& p : plan.paths) {
    const File* f = find(p);
    if (f && f->handle >= 0) handles.push_back(f->handle);
  }
  if (!handles.empty()) fbclens_plan_staged_reads(handles.data(), static_cast<int>(handles.size()), plan.read_again ? 1 : 0);
}

void StagedFiles::add(std::string path, std::string bytes) {
  File& f = slot(std::move(path));
  f.hash = content_hash(bytes);
  f.hashed = true;
  f.bytes = std::move(bytes);
}

void StagedFiles::add_ref(std::string path, double size, int handle) {
  File& f = slot(std::move(path));
  f.size = size;
  f.handle = handle;
}

std::vector<std::string> StagedFiles::list_files(std::vector<SourceError>&) const {
  std::vector<std::string> out;
  out.reserve(files_.size());
  for (const File& f : files_) out.push_back(f.path);
  return out;
}

bool StagedFiles::read(const std::string& path, std::string& bytes, std::string& error, std::size_t max_bytes) const {
  if (const File* staged = find(path)) {
    const File& f = *staged;
    const char* const unreadable = "the browser could not read the file (was it changed or removed after it was picked?)";
    if (f.handle >= 0 && f.size < 0) {
      const double taken = fbclens_read_staged_file(f.handle, nullptr, -1);
      if (taken < 0) {
        error = unreadable;
        return false;
      }
      f.size = taken;
      if (taken > static_cast<double>(max_bytes)) fbclens_read_staged_file(f.handle, nullptr, 0);  // drops them
    }
    const double size = f.handle < 0 ? static_cast<double>(f.bytes.size()) : f.size;
    if (size > static_cast<double>(max_bytes)) {
      error = "file is larger than the limit of " + std::to_string(max_bytes) + " bytes";
      return false;
    }
    if (f.handle < 0) {
      bytes = f.bytes;
      return true;
    }
    bytes.resize(static_cast<std::size_t>(size));
    const double written = fbclens_read_staged_file(f.handle, bytes.empty() ? nullptr : &bytes[0], size);
    if (written < 0 || written > size) {
      bytes.clear();
      error = unreadable;
      return false;
    }
    bytes.resize(static_cast<std::size_t>(written));
    if (!f.hashed) {
      f.hash = content_hash(bytes);
      f.hashed = true;
    }
    return true;
  }
  error = "no such file";
  return false;
}

double StagedFiles::estimated_bytes(double per_unknown_file, const std::vector<std::string>* paths) const {
  const auto estimate = [per_unknown_file](const File& f) {
    if (f.handle < 0) return static_cast<double>(f.bytes.size());
    return f.size >= 0 ? f.size : per_unknown_file;
  };
  double total = 0;
  if (!paths) {
    for (const File& f : files_) total += estimate(f);
    return total;
  }
  for (const std::string& p : *paths) {
    if (const File* f = find(p)) total += estimate(*f);
  }
  return total;
}

std::vector<std::pair<std::string, std::uint64_t>> StagedFiles::hashes() const {
  std::vector<std::pair<std::string, std::uint64_t>> out;
  out.reserve(files_.size());
  for (const File& f : files_) {
    if (!f.hashed) {
      std::string bytes, error;
      // At the loader's limit: a file over it (never loaded) is not copied in just to be hashed.
      if (!read(f.path, bytes, error, LoadOptions().max_file_bytes)) {
        f.hash = content_hash("");
        f.hashed = true;
      }
    }
    out.emplace_back(f.path, f.hash);
  }
  return out;
}

}  // namespace fbclens::wasm
