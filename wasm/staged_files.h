// The catalog files JavaScript hands to the core module: each either copied in (fbclens_add_file)
// or only named, with its size and a handle JavaScript keeps (fbclens_add_file_ref), so the worker
// never holds a catalog's text in its wasm memory: the loader reads a file when it parses it (the
// worker copies it in from its File, with FileReaderSync, and frees it once parsed), and source
// excerpts read it again when they are shown.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "load/file_source.h"

namespace fbclens::wasm {

/// A FileSource over files staged by JavaScript. Paths are normalised as MemoryFileSource does; a
/// path staged twice keeps the last one.
class StagedFiles final : public FileSource {
 public:
  /// A file whose bytes are copied in now.
  void add(std::string path, std::string bytes);
  /// A file JavaScript reads on request: `size` bytes, identified by `handle` (what
  /// Module.fbclensReadFile(handle, pointer, size) is called with). A negative `size` is unknown:
  /// the page did not ask the File (in Chromium, each first look-up of a picked File's size blocks
  /// for about 0.2 ms), and the first read learns it from the bytes.
  void add_ref(std::string path, double size, int handle);
  std::size_t size() const { return files_.size(); }
  /// The bytes of every file whose size is known: each added, and each added by reference whose
  /// size was given or has been learned by a read. After a load, every file the load read.
  double known_bytes() const { return estimated_bytes(0); }
  /// known_bytes, with each file whose size is not known yet counted as `per_unknown_file` bytes:
  /// a guess at a repository's size before its files are read. With `paths`, of those files only
  /// (a path not staged counts nothing).
  double estimated_bytes(double per_unknown_file, const std::vector<std::string>* paths = nullptr) const;

  /// Every file's (path, content_hash of its bytes) for catalog_fingerprint (core/load/fingerprint.h):
  /// hashed when added or first read; a file never read yet is read now (one that cannot be read,
  /// or is over the loader's max_file_bytes, counts as empty).
  std::vector<std::pair<std::string, std::uint64_t>> hashes() const;

  std::vector<std::string> list_files(std::vector<SourceError>& errors) const override;
  /// Copies a file in: its staged bytes, or JavaScript's through Module.fbclensReadFile (which
  /// returns the bytes written, or -1 when the file cannot be read, e.g. it changed on disk). A
  /// file whose size is unknown is read in two calls: fbclensReadFile(handle, 0, -1) takes its
  /// bytes and answers their number (or -1), then fbclensReadFile(handle, pointer, n) copies them
  /// in, or (n = 0, a file over `max_bytes`) drops them, with the error a known size gives.
  bool read(const std::string& path, std::string& bytes, std::string& error, std::size_t max_bytes) const override;
  /// Hands JavaScript the handles of the planned files that it reads (add_ref), in the plan's order,
  /// through Module.fbclensPlanReads(handles: Int32Array, readAgain: boolean), which starts reading
  /// them ahead during a load and, for a plan read again, keeps what it read (readAhead in
  /// fbclens-api.js). Paths not staged, and files copied in, are left out.
  void plan_reads(const ReadPlan& plan) const override;

 private:
  struct File {
    std::string path;
    std::string bytes;  ///< add(): the bytes
    mutable double size = 0;  ///< add_ref(): the size (negative until a read learns it) and handle
    int handle = -1;
    mutable bool hashed = false;  ///< whether `hash` is the content_hash of its bytes yet
    mutable std::uint64_t hash = 0;
  };
  File& slot(std::string path);
  const File* find(const std::string& path) const;
  std::vector<File> files_;
  std::unordered_map<std::string, std::size_t> index_;  ///< path → its place in files_
};

}  // namespace fbclens::wasm
