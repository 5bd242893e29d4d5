// A catalog's content fingerprint: what a share link of a catalog opened from disk carries, so the
// page can tell whether the catalog opened later is the one the link was made from. Not a
// cryptographic hash (a link is not a security boundary): a fast 64-bit mix of every file's path
// and bytes, the same for the same files whatever order they were added in.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fbclens {

/// A 64-bit hash of `bytes` (8 bytes a step, then the tail; a final avalanche). Deterministic on
/// every platform (little-endian reads), ~1 byte a cycle natively.
std::uint64_t content_hash(std::string_view bytes);

/// The fingerprint of a catalog whose files are (path, content_hash of its bytes): 16 lowercase hex
/// digits over the paths and hashes in path order. The empty catalog has one too.
std::string catalog_fingerprint(std::vector<std::pair<std::string, std::uint64_t>> files);

}  // namespace fbclens
