// How numbers and names read in the page: sizes, counts, a finding's source. One place, so the
// header, the panels and the exports say the same thing the same way.

/** "117.7 KB", "10.7 MB" (binary units, as the file pickers' totals). */
export function formatBytes(n) {
  if (!(n >= 0)) return '';
  if (n >= 1 << 20) return (n / (1 << 20)).toFixed(1) + '\u00a0MB';
  return Math.max(n > 0 ? 0.1 : 0, n / 1024).toFixed(1) + '\u00a0KB';
}

/** "3 errors", "1 warning": `count` and the noun, plural as English makes it. */
export function plural(count, noun) {
  return count + '\u00a0' + noun + (count === 1 ? '' : 's');
}

const PROFILE_OF_CODE = [[/^FBC51/, 'konflux'], [/^FBC52/, 'operator-pipelines'], [/^FBC4[12]/, 'operatorhub']];

/**
 * Who reports a finding and whether it fails the run, for the findings list and the status:
 *   {label: 'opm validate' | 'check: konflux' | 'fbclens advice' | 'template FILE' | 'repository',
 *    gate: true when it fails the run}.
 * A check profile's finding fails the run when its profile was selected (summary.profiles); advice
 * that a selected `operatorhub` profile turns into its gate does too (README "Check profiles").
 */
export function findingSource(finding, summary) {
  // A repository's template or its own finding (shell/repository.js): an error fails validate REPO.
  if (finding.template !== undefined) {
    return { label: finding.template ? 'template ' + finding.template : 'repository', gate: finding.severity === 'error' };
  }
  if (finding.reportedByOpm) return { label: 'opm validate', gate: finding.severity === 'error' };
  const selected = new Set(((summary && summary.profiles && summary.profiles.results) || []).map((r) => r.name));
  for (const [pattern, profile] of PROFILE_OF_CODE) {
    if (pattern.test(finding.code) && (finding.phase === 'profile' || selected.has(profile))) {
      return { label: 'check: ' + profile, gate: selected.has(profile) && (finding.severity === 'error' || profile === 'operatorhub') };
    }
  }
  return { label: 'fbclens advice', gate: false };
}

/** The profiles that failed in `summary` (names), [] when none ran or all passed. */
export function failedProfiles(summary) {
  const results = (summary && summary.profiles && summary.profiles.results) || [];
  return results.filter((r) => !r.passed && r.name !== 'opm').map((r) => r.name);
}
