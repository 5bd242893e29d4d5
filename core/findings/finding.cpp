#include "findings/finding.h"

namespace fbclens {

const std::vector<FindingInfo>& all_finding_infos() {
  static const std::vector<FindingInfo> table = {
#define FBC_FINDING(id, code, severity, phase, explanation) \
  FindingInfo{code, #id, Severity::severity, Phase::phase, explanation},
#include "findings/codes.def"
#undef FBC_FINDING
  };
  return table;
}

const FindingInfo& finding_info(FindingId id) { return all_finding_infos()[static_cast<std::size_t>(id)]; }

}  // namespace fbclens
