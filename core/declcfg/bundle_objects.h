// What reading an olm.bundle.object manifest found, kept so that the same payload met again is not
// read again. A catalog repository keeps one catalog per OpenShift version, and most bundles are in
// several of them with the same payloads (eleven of compliance-operator-fbc's twelve version
// folders hold the same catalog file); the union of ../shared/catalogs holds 155 MB of base64 payloads of
// which 72 MB are distinct. Reading a payload is decoding its base64, which is always done (opm's
// check, below), then finding its identity and, for a ClusterServiceVersion, parsing it for its
// metadata: the part this memo spares.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "property/property.h"

namespace fbclens::declcfg {

/// What one JSON bundle-object manifest contributed to its bundle (declcfg::Bundle): its identity,
/// its decoded size, and when it was read as the bundle's ClusterServiceVersion, the CSV's metadata
/// and the facts core/install reads of it.
struct BundleObjectReading {
  property::BundleManifests::Object identity;  ///< apiVersion, kind, metadata.name
  std::size_t decoded_bytes = 0;
  /// Set when the manifest was read as the bundle's CSV (the first CSV of a bundle).
  std::shared_ptr<const property::CsvMetadata> csv;
  std::vector<property::BundleManifests::Webhook> webhooks;  ///< the CSV's, when `csv` is set
  std::vector<std::string> deployments;                     ///< the CSV's, when `csv` is set
};

/// Bundle-object readings by payload, shared by the decoding of several catalogs (the roots of one
/// repository: repo::RepositoryOptions::bundle_objects). Not thread-safe; one decoder at a time.
///
/// Keyed by the property value's digest (value_digest: 64 bits over its keys and the payload's
/// text), the payload's length, and whether the bundle already had its CSV (a bundle reads only its
/// first CSV's metadata, so the same manifest contributes differently). Only JSON manifests are
/// kept, and a payload found here is still base64-decoded and must still start with '{': every
/// finding opm's reading of bundle objects can give (bad base64, a manifest that does not convert
/// from YAML) comes from the payload itself, so the verdict and opm's findings never depend on this
/// memo. Two different payloads with the same key would make the second bundle show the first
/// one's identity and CSV metadata (and the analyses beyond opm, which read them, find what they
/// find in those): a chance of about 2^-64 per pair, not a cryptographic guarantee (the same trade
/// as the diff's digests; see value_digest.h).
class BundleObjectMemo {
 public:
  /// `max_bytes`: about how much memory the readings kept may take (estimated, see
  /// estimated_bytes); once reached, new readings are not kept (those kept are still found).
  explicit BundleObjectMemo(std::size_t max_bytes = kDefaultMaxBytes) : max_bytes_(max_bytes) {}

  /// The reading kept for this payload, or nullptr. Counts a hit when found.
  const BundleObjectReading* find(std::uint64_t value_digest, std::size_t payload_bytes, bool bundle_had_csv);
  /// Keeps `reading` for this payload unless one is kept already or the memo is full.
  void keep(std::uint64_t value_digest, std::size_t payload_bytes, bool bundle_had_csv, BundleObjectReading reading);

  std::size_t size() const { return readings_.size(); }   ///< readings kept
  std::size_t hits() const { return hits_; }              ///< finds that found one
  std::size_t estimated_bytes() const { return bytes_; }  ///< the readings' estimated memory

  /// 64 MiB: the union of ../shared/catalogs (183.5 MB, 1,578 distinct payloads) keeps about 5 MB.
  static constexpr std::size_t kDefaultMaxBytes = std::size_t(64) << 20;

 private:
  struct Key {
    std::uint64_t digest;
    std::size_t bytes;
    bool had_csv;
    bool operator==(const Key& o) const { return digest == o.digest && bytes == o.bytes && had_csv == o.had_csv; }
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const { return static_cast<std::size_t>(k.digest ^ (k.bytes * 0x9e3779b97f4a7c15ULL) ^ k.had_csv); }
  };
  std::unordered_map<Key, BundleObjectReading, KeyHash> readings_;
  std::size_t max_bytes_;
  std::size_t bytes_ = 0;
  std::size_t hits_ = 0;
};

}  // namespace fbclens::declcfg
