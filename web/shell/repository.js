// A catalog repository in the page (issue 22): a folder of catalogs, one per OpenShift version,
// and the templates they are rendered from. The worker validates every root at load and answers
// about one root at a time (wasm/repository_state.h); the page shows that root like any catalog,
// and adds to its findings the findings of the repository's templates (drift against the committed
// catalog, template rules, images no catalog holds) and of the repository itself, each pointing at
// its template file. Pure functions of the worker's answers: no DOM, no store.

/**
 * The findings of a repository the page shows beside the root `root`'s: those of every template
 * that renders that root (renders or rendersAlso), of every template paired with no root (nothing
 * else would show them), and the repository's own (report.findings). `report` is the worker's
 * repositoryReport answer (the CLI's validate REPO --output json, or its templates and findings
 * alone: repositoryReport {catalogs: false}). Each finding keeps its fields
 * (file and line are the template's, relative to the repository) and gains `template`: the
 * template file ('' for the repository's own), and a `group` that names the template first, so the
 * findings list groups them under it.
 */
export function repositoryFindings(report, root) {
  if (!report) return [];
  const out = [];
  for (const t of report.templates || []) {
    const renders = t.renders === root || (t.rendersAlso || []).includes(root);
    if (!renders && t.renders !== null) continue;
    for (const f of t.findings || []) {
      const object = f.group && f.group !== 'catalog' ? ' > ' + f.group : '';
      out.push({ ...f, template: t.file, group: 'template ' + t.file + object });
    }
  }
  for (const f of report.findings || []) out.push({ ...f, template: '', group: 'repository' });
  return out;
}

const joined = new WeakMap();  // summary → {extra, findings}: the joined list, built once per pair

/**
 * The findings the page lists for the catalog shown: the Summary's (the root's, for a repository),
 * then the repository's (repositoryFindings) when one is loaded. An index into this list is what
 * the store's `finding` and a share link's `finding` mean; the Summary's findings keep their
 * indexes, so a link made on one catalog keeps working.
 */
export function catalogFindings(catalog) {
  if (!catalog) return [];
  const extra = catalog.repository ? catalog.repository.findings : [];
  if (!extra.length) return catalog.summary.findings;
  let entry = joined.get(catalog.summary);
  if (!entry || entry.extra !== extra) {
    entry = { extra, findings: catalog.summary.findings.concat(extra) };
    joined.set(catalog.summary, entry);
  }
  return entry.findings;
}

/** {error, warning, info}: how many findings of each severity `findings` holds. */
export function countSeverities(findings) {
  const counts = { error: 0, warning: 0, info: 0 };
  for (const f of findings) counts[f.severity] = (counts[f.severity] || 0) + 1;
  return counts;
}

/** How a root ({root, ocpVersion}) reads in the Versions panel: "v4.18/catalog (OCP 4.18)";
 *  the header's picker adds its verdict: "v4.18/catalog (OCP 4.18) · VALID". */
export function rootLabel(root, verdict) {
  return root.root + (root.ocpVersion ? ' (OCP ' + root.ocpVersion + ')' : '') + (verdict ? ' · ' + verdict : '');
}
