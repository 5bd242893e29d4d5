// The only I/O the core does: a catalog is a FileSource, a tree of named byte strings.
// The CLI reads a directory; the browser hands over dropped files; tests build one in memory.
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace fbclens {

/// A problem enumerating or reading the catalog tree (permission denied, symlink loop, ...).
struct SourceError {
  std::string path;     ///< '/'-separated path relative to the root ("" = the root itself)
  std::string message;  ///< the OS's or the source's explanation
};

/// The files a reader is about to read (FileSource::plan_reads).
struct ReadPlan {
  std::vector<std::string> paths;  ///< as list_files gives them, in the order they will be read
  /// Whether they will be read again soon after this plan's reads (discovery's: the catalog roots'
  /// loads read the same files next), so a source that reads slowly may keep what it read, within
  /// a budget of its own, for those later reads.
  bool read_again = false;
};

/// A read-only tree of files. Paths are relative to the catalog root, '/'-separated, without
/// a leading "./". Implementations need not sort: the loader orders paths like opm's walk.
class FileSource {
 public:
  virtual ~FileSource() = default;

  /// Every non-directory entry below the root (regular files and symlinks, which opm opens as
  /// files). Appends problems met while walking to `errors`; the walk continues past them.
  virtual std::vector<std::string> list_files(std::vector<SourceError>& errors) const = 0;

  /// Reads the whole file at `path` into `bytes`, replacing what it held (a caller may pass the
  /// same string for file after file, so that its buffer is reused). Returns false with `error`
  /// set on failure, including when the file is larger than `max_bytes` (`bytes` is then
  /// unspecified).
  virtual bool read(const std::string& path, std::string& bytes, std::string& error,
                    std::size_t max_bytes) const = 0;

  /// Whether `path` is a symbolic link to a directory, which opm's walk lists as a file and then
  /// fails to read (spec validation.md §1.2). False where there are no symlinks (memory).
  virtual bool is_symlink_to_directory(const std::string& path) const { (void)path; return false; }
  /// A hint, nothing more: `plan` names the files about to be read, in the order they will be
  /// read; the reads themselves follow as usual, and a path may be read that no plan named. A
  /// source whose reads are slow and can run side by side (the browser's Files,
  /// wasm/staged_files.h) starts reading them ahead; a later plan replaces an earlier one. Sources
  /// that wrap another pass it on. Default: nothing.
  virtual void plan_reads(const ReadPlan& plan) const { (void)plan; }
};

/// A FileSource held in memory: used by the browser build (dropped files) and by tests.
class MemoryFileSource final : public FileSource {
 public:
  /// Adds or replaces a file. `path` is normalised ("./a//b" → "a/b").
  void add(std::string path, std::string bytes);
  std::size_t size() const { return files_.size(); }

  std::vector<std::string> list_files(std::vector<SourceError>& errors) const override;
  bool read(const std::string& path, std::string& bytes, std::string& error,
            std::size_t max_bytes) const override;

 private:
  std::vector<std::pair<std::string, std::string>> files_;
};

/// A directory on the local file system (the CLI, native tests; MEMFS in the browser).
/// Symlinks are listed but never followed while walking, as opm's fs.WalkDir does.
class DirectoryFileSource final : public FileSource {
 public:
  explicit DirectoryFileSource(std::string root) : root_(std::move(root)) {}

  std::vector<std::string> list_files(std::vector<SourceError>& errors) const override;
  bool read(const std::string& path, std::string& bytes, std::string& error,
            std::size_t max_bytes) const override;
  bool is_symlink_to_directory(const std::string& path) const override;

 private:
  std::string root_;
};

/// A FileSource that passes every call on to `base`: the base of a source that changes one thing of
/// another (ListedOnce; a repository root's reads during discovery, core/repo/discover.cpp), or a
/// borrowed source held where an owned one is expected. `base` must outlive it.
class ForwardingFileSource : public FileSource {
 public:
  explicit ForwardingFileSource(const FileSource& base) : base_(base) {}

  std::vector<std::string> list_files(std::vector<SourceError>& errors) const override { return base_.list_files(errors); }
  bool read(const std::string& path, std::string& bytes, std::string& error, std::size_t max_bytes) const override {
    return base_.read(path, bytes, error, max_bytes);
  }
  bool is_symlink_to_directory(const std::string& path) const override { return base_.is_symlink_to_directory(path); }
  void plan_reads(const ReadPlan& plan) const override { base_.plan_reads(plan); }

 protected:
  const FileSource& base() const { return base_; }

 private:
  const FileSource& base_;
};

/// `base` listed once: list_files answers the first call's paths and errors again, without asking
/// `base`; everything else goes to `base`. For a reader that lists the same tree many times, each
/// time keeping a part (a repository's roots: a folder of 3,000 version folders walked the disk once
/// per root, two minutes for `validate`). `base` must outlive it, and its files must not change
/// meanwhile.
class ListedOnce final : public ForwardingFileSource {
 public:
  using ForwardingFileSource::ForwardingFileSource;

  std::vector<std::string> list_files(std::vector<SourceError>& errors) const override;

 private:
  mutable bool listed_ = false;
  mutable std::vector<std::string> paths_;
  mutable std::vector<SourceError> errors_;
};

/// Opens PATH as a catalog root the way `opm validate` is pointed at one: a folder is read as a
/// DirectoryFileSource; a single file is a folder holding just it, under its own name (read once
/// here to check it; those bytes go to the first read, later reads read the file again). Returns
/// nullptr with `error` set ("stat PATH: ..." or the read error).
std::unique_ptr<FileSource> open_catalog_path(const std::string& path, std::string& error);

/// Normalises a relative path: backslashes are kept, "./" and empty components dropped.
std::string normalize_relative_path(const std::string& path);

/// The '/'-separated components of `path`, empty ones kept ("a//b/" → "a", "", "b", "").
std::vector<std::string> path_components(const std::string& path);

/// Orders paths as Go's fs.WalkDir visits them: depth-first, entries of a directory in
/// lexical byte order of their names (so "a/b" comes before "a.txt").
bool walk_order_less(const std::string& a, const std::string& b);

}  // namespace fbclens
