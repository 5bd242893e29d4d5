// A 64-bit digest of a JSON value as declared, for telling whether a property changed between two
// catalogs (diff: bundles are immutable) after the heavy parts of the value have been released
// (olm.bundle.object payloads, olm.csv.metadata's CRD descriptions; declcfg.h).
#pragma once

#include <cstdint>

#include "load/document.h"

namespace fbclens::declcfg {

/// Digest of `value`: its type, every scalar and, for objects, every key (in the value's key order,
/// which nlohmann keeps sorted, so the order keys were written in does not matter). Equal values
/// give equal digests in every run and build; different values collide with probability about
/// 2^-64 (not a cryptographic hash: catalogs are not adversaries of their own diff). Numbers are
/// digested as their JSON text, so 1 and 1.0 differ, as they do in the file. O(size of the value);
/// never fails, no recursion limit beyond the loader's depth cap.
std::uint64_t value_digest(const Json& value);

}  // namespace fbclens::declcfg
