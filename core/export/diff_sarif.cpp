#include "export/diff_sarif.h"

#include "diff/diff_findings.h"
#include "export/sarif.h"

namespace fbclens {

Json diff_sarif_json(const diff::CatalogDiff& diff, const model::Model& old_model, const model::Model& new_model,
                     const PathStyle& old_paths, const PathStyle& new_paths, bool pruning) {
  const std::vector<diff::DiffFinding> findings = diff::diff_findings(diff, old_model, new_model, pruning);
  std::vector<SarifItem> items;
  items.reserve(findings.size());
  bool passed = true;
  for (const diff::DiffFinding& f : findings) {
    items.push_back(SarifItem{&f.finding, f.in_old ? &old_paths : &new_paths});
    if (f.finding.info().severity == Severity::Error) passed = false;
  }
  Json properties = {{"differences", diff.count()}};
  if (pruning) properties["pruning"] = {{"passed", passed}};
  return sarif_log(items, properties);
}

}  // namespace fbclens
