// The view state of an app as a URL hash and back: what a share link carries. Catalogs are far too
// big for a URL, so a link carries the view (never sent to a server: it is the hash) and points at
// the catalog with ?catalog=<url> when it came from one; a catalog opened from disk is named by its
// content's fingerprint instead, so the link can say whether the catalog opened later is the same.
// Pure functions of strings: no DOM, no store (tests/browser/url-state.test.mjs checks them with
// fast-check).
//
// The view state:
//   {package, channel, bundle: strings ('' = none); lanes: the whole package with its channels as
//    lanes (channel then says which lane the selection is in); panel: the panel open beside the
//    graph ('' = none); console: the OperatorHub preview's console version ('' = the default);
//    theme: 'light'|'dark'|'system'; finding: the selected finding's index (-1 = none);
//    simulator: the upgrade simulator's upgradePath request, or null; fingerprint: the content
//    fingerprint of a catalog opened from disk ('' = none, 'unknown' = opened from disk by a link
//    made before fingerprints); root: the catalog of a repository shown, as the worker names its
//    roots ('' = the one a load shows first, the newest)}

/** The state nothing is chosen in (what a link leaves out). */
export const EMPTY_VIEW = Object.freeze({
  package: '', channel: '', bundle: '', lanes: false, panel: '', console: '', theme: 'system', finding: -1,
  simulator: null, fingerprint: '', root: '',
});

// Hash keys: short, as people read and edit them (Godbolt, the CUE playground).
const TEXT_KEYS = [['package', 'pkg'], ['channel', 'ch'], ['bundle', 'b'], ['panel', 'panel'], ['console', 'console'],
  ['theme', 'theme'], ['fingerprint', 'fp'], ['root', 'root']];
// The simulator's request, key by key (lists joined with ',', which no channel name holds: channel
// names are DNS-1123 labels, validation.md; a cluster-provides entry is group/version/Kind or
// package@version, neither with a comma).
const SIM_TEXT_KEYS = [['installedBundle', 'installed'], ['installedVersion', 'installedVersion'],
  ['subscriptionChannel', 'subscription'], ['version', 'range'], ['policy', 'policy']];
const SIM_LIST_KEYS = [['channels', 'channels'], ['clusterProvides', 'provides']];
const THEMES = ['light', 'dark', 'system'];
/** Longest value kept from a hash (a longer one is dropped: no catalog name comes near it). */
export const MAX_VALUE_LENGTH = 1024;
// The views named before panels, and still by hosts: a hash's view=..., mount's `view` and
// setView(name), an embed's embed=...: the lanes, or the one panel each opens.
const NAMED_VIEWS = { package: { lanes: true }, hub: { panel: 'hub' }, upgrade: { panel: 'simulator' },
  findings: { panel: 'findings' } };
/** What a view's name stands for, {lanes: true} or {panel}; {} for any other text (Object.hasOwn:
 *  the name is anyone's text, and 'toString' must not find Object.prototype's). */
export const namedView = (name) => (Object.hasOwn(NAMED_VIEWS, name) ? NAMED_VIEWS[name] : {});

/** The hash for `view` ('' when it holds nothing but defaults). */
export function toHash(view) {
  const v = { ...EMPTY_VIEW, ...view };
  const p = new URLSearchParams();
  for (const [key, short] of TEXT_KEYS) if (v[key] && v[key] !== EMPTY_VIEW[key]) p.set(short, String(v[key]));
  if (v.lanes) p.set('lanes', '1');
  if (Number.isInteger(v.finding) && v.finding >= 0) p.set('finding', String(v.finding));
  const sim = v.simulator;
  if (sim) {
    p.set('sim', '1');
    for (const [key, short] of SIM_TEXT_KEYS) if (sim[key]) p.set(short, String(sim[key]));
    for (const [key, short] of SIM_LIST_KEYS) if (Array.isArray(sim[key]) && sim[key].length) p.set(short, sim[key].join(','));
    if (sim.ignoreDependencies) p.set('nodeps', '1');
  }
  const text = p.toString();
  return text ? '#' + text : '';
}

/** The view a hash names: every key of EMPTY_VIEW, defaults where the hash says nothing or
 *  something unusable. Never throws, whatever the text. */
export function fromHash(hash) {
  let p;
  try {
    p = new URLSearchParams(String(hash == null ? '' : hash).replace(/^#/, ''));
  } catch {
    return { ...EMPTY_VIEW };
  }
  const get = (short) => {
    const value = p.get(short);
    return value && value.length <= MAX_VALUE_LENGTH ? value : '';
  };
  const view = { ...EMPTY_VIEW };
  for (const [key, short] of TEXT_KEYS) if (get(short)) view[key] = get(short);
  if (!THEMES.includes(view.theme)) view.theme = EMPTY_VIEW.theme;
  if (!/^[a-z]+$/.test(view.panel)) view.panel = '';
  view.lanes = get('lanes') === '1';
  const finding = get('finding');
  if (/^\d{1,9}$/.test(finding)) view.finding = Number(finding);
  const named = namedView(get('view'));
  if (named.lanes) view.lanes = true;
  if (named.panel && !view.panel) view.panel = named.panel;
  if (get('src') === 'local' && !view.fingerprint) view.fingerprint = 'unknown';
  if (get('sim') === '1') {
    const sim = { package: view.package, explain: true };
    for (const [key, short] of SIM_TEXT_KEYS) if (get(short)) sim[key] = get(short);
    for (const [key, short] of SIM_LIST_KEYS) {
      const list = get(short).split(',').filter(Boolean);
      if (list.length) sim[key] = list;
    }
    if (get('nodeps') === '1') sim.ignoreDependencies = true;
    view.simulator = sim;
  }
  return view;
}
