// The header: open a catalog, the catalog of a repository shown, the check profiles and the
// OpenShift version they assume, the theme, Share & export, and the status (the verdict and
// counts, or what is loading).
import { h } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import htm from 'htm';
import { failedProfiles, formatBytes, plural } from './format.js';
import { rootLabel } from './repository.js';

const html = htm.bind(h);

const PROFILE_CHOICES = [['', 'opm'], ['konflux', 'opm + Konflux'], ['operator-pipelines', 'opm + operator pipelines'],
  ['operatorhub', 'opm + OperatorHub'], ['konflux,operator-pipelines,operatorhub', 'all']];

/**
 * A menu button (WAI-ARIA menu button pattern): Enter, Space or ArrowDown opens it and focuses the
 * first item; arrows move, Escape closes and gives focus back; a click outside or Tab closes it.
 * Items are {label, title, run}. Closing never depends on focus events (a file chooser opened from
 * an item takes the focus away: the crash of issue 20 came from closing on focusout).
 */
export function Menu({ label, items }) {
  const [open, setOpen] = useState(false);
  const button = useRef(null), list = useRef(null);
  const focusItem = (i) => {
    const nodes = list.current ? list.current.querySelectorAll('[role=menuitem]') : [];
    if (nodes.length) nodes[(i + nodes.length) % nodes.length].focus();
  };
  useEffect(() => {
    if (!open) return undefined;
    focusItem(0);
    const root = button.current.closest('.fbclens');
    const outside = (e) => { if (!button.current.parentNode.contains(e.target)) setOpen(false); };
    root.addEventListener('pointerdown', outside);
    return () => root.removeEventListener('pointerdown', outside);
  }, [open]);
  const onKeyDown = (e) => {
    const nodes = [...list.current.querySelectorAll('[role=menuitem]')];
    const i = nodes.indexOf(document.activeElement);
    if (e.key === 'ArrowDown') focusItem(i + 1);
    else if (e.key === 'ArrowUp') focusItem(i - 1);
    else if (e.key === 'Home') focusItem(0);
    else if (e.key === 'End') focusItem(nodes.length - 1);
    else if (e.key === 'Escape') { setOpen(false); button.current.focus(); } else if (e.key === 'Tab') setOpen(false);
    else return;
    if (e.key !== 'Tab') e.preventDefault();
  };
  const run = (item) => {
    setOpen(false);
    button.current.focus();
    item.run();
  };
  return html`<div class="fl-menu">
    <button type="button" class="fl-button" ref=${button} aria-haspopup="menu" aria-expanded=${open ? 'true' : 'false'}
      onClick=${() => setOpen(!open)} onKeyDown=${(e) => { if (e.key === 'ArrowDown') { e.preventDefault(); setOpen(true); } }}>${label} ▾</button>
    ${open ? html`<div class="fl-menu-items" role="menu" aria-label=${label} ref=${list} onKeyDown=${onKeyDown}>
      ${items.map((item) => (item.separator ? html`<div role="separator" class="fl-menu-separator"></div>`
        : html`<button type="button" role="menuitem" tabindex="-1" title=${item.title || ''} onClick=${() => run(item)}>${item.label}</button>`))}
    </div>` : ''}
  </div>`;
}

/** A hidden file input, outside every menu; `pick` opens its chooser from a user's click. */
function useFilePicker(onFiles, directory) {
  const input = useRef(null);
  const element = html`<input type="file" multiple hidden ref=${input} webkitdirectory=${!!directory}
    onChange=${(e) => {
      // A copy: the input's FileList is live, and emptying the input (so the same folder can be
      // picked again) empties it.
      const files = Array.from(e.target.files || []);
      e.target.value = '';
      if (files.length) onFiles(files);
    }} />`;
  return [element, () => input.current && input.current.click()];
}

/** The verdict and counts (or the load in flight), and what failed. */
function Status({ state, context }) {
  if (state.loading) {
    return html`<span class="fl-progress" role="status">
      <progress max="1" value=${state.loading.fraction === null ? undefined : state.loading.fraction}></progress>
      <span class="fl-progress-text">${state.loading.text}</span>
      ${state.loading.cancellable === false ? '' : html`<button type="button" class="fl-button" onClick=${() => context.instance.cancel()}>Cancel</button>`}
    </span>`;
  }
  const s = state.catalog && state.catalog.summary;
  const failed = failedProfiles(s);
  const bad = s && (s.verdict !== 'VALID' || failed.length);
  const counts = s ? [
    plural(s.files, 'file'), formatBytes(s.bytes), plural(s.packages, 'package'), plural(s.bundles, 'bundle'),
    plural(s.findingCounts.error, 'error'), plural(s.findingCounts.warning, 'warning'),
  ] : [];
  return html`<span class="fl-status" role="status" aria-live="polite">
    ${s ? html`<span class=${'fl-verdict ' + (bad ? 'invalid' : 'valid')}>${s.verdict}${failed.length ? ' · ' + failed.join(', ') + ' check failed' : ''}</span>` : ''}
    ${counts.map((c) => html`<span class="fl-stat">${c}</span>`)}
    ${s && s.ignoredFiles ? html`<span class="fl-stat" title="Files .indexignore leaves out">${plural(s.ignoredFiles, 'file')} ignored</span>` : ''}
    ${state.status.text ? html`<span class=${'fl-status-text ' + state.status.tone}>${state.status.text}</span>` : ''}
  </span>`;
}

/** The picker's label of the root shown (its title: the whole label, which a narrow select cuts). */
function currentRootLabel(overview) {
  const root = overview.roots.find((r) => r.root === overview.current);
  const label = root ? rootLabel(root, root.verdict) : '';
  return overview.pending ? label + ' (the repository\'s other catalogs are being validated)' : label;
}

export function Header({ state, context }) {
  const { actions, instance, checkOptions } = context;
  const source = state.catalog && state.catalog.source;
  // A repository (shell/repository.js): its catalogs, one per OpenShift version, in a picker.
  const repository = state.catalog && state.catalog.repository;
  const [folderInput, pickFolder] = useFilePicker((files) => instance.loadFiles(files).catch(() => {}), true);
  const [filesInput, pickFiles] = useFilePicker((files) => instance.loadFiles(files).catch(() => {}), false);
  const [compareFolderInput, pickCompareFolder] = useFilePicker((files) => instance.compareWith(files).catch(() => {}), true);
  const [compareFilesInput, pickCompareFiles] = useFilePicker((files) => instance.compareWith(files).catch(() => {}), false);
  // A new check choice validates the catalog shown again (not the built-in sample: it is opm's);
  // in a repository, the catalog of the same version again.
  const recheck = (patch) => {
    context.store.set({ checks: { ...state.checks, ...patch } });
    const root = repository ? repository.overview.current : '';
    if (source && source.files) {
      queueMicrotask(() => instance.loadFiles(source.files, checkOptions(source.files))
        .then(() => (root ? instance.selectRoot(root) : null)).catch(() => {}));
    }
  };
  const profiles = state.catalog && state.catalog.summary.profiles;
  const ocpPlaceholder = profiles && profiles.ocpVersion ? profiles.ocpVersion + ' (' + profiles.ocpVersionFrom + ')' : 'OCP x.y';
  const ex = context.exports;
  const menu = [
    { label: 'Copy link', title: 'A link to this view (the catalog by its URL, or by its fingerprint when opened from disk)', run: () => ex.copy('link') },
    { label: 'Copy embed snippet (element)', run: () => ex.copy('element') },
    { label: 'Copy embed snippet (iframe)', run: () => ex.copy('iframe') },
    { label: 'Copy Mermaid', title: "The package's graph as opm alpha render-graph prints it", run: () => ex.copyMermaid() },
    { separator: true },
    { label: 'Save graph as SVG', run: () => ex.save('svg') },
    { label: 'Save graph as PNG', run: () => ex.save('png') },
    { label: 'Save graph as DOT', run: () => ex.save('dot') },
    { label: repository ? 'Save the repository\'s findings as JSON' : 'Save findings as JSON', run: () => ex.save('findings-json') },
    { label: repository ? 'Save this catalog\'s findings as SARIF' : 'Save findings as SARIF', run: () => ex.save('sarif') },
    { label: 'Save upgrade walks as JSON', run: () => ex.save('walks') },
    { separator: true },
    { label: 'Compare with an older folder…', run: pickCompareFolder },
    { label: 'Compare with older files or a .tar.gz…', run: pickCompareFiles },
  ];
  return html`<header class="fl-header">
    ${context.heading ? html`<h1 class="fl-hidden-heading">${context.heading}</h1>` : ''}
    <span class="fl-title" aria-hidden=${context.heading ? 'true' : undefined}>fbclens</span>
    ${state.narrow ? html`<button type="button" class="fl-button" aria-expanded=${state.explorerOpen ? 'true' : 'false'}
      onClick=${() => actions.setExplorerOpen(!state.explorerOpen)}>Catalog</button>` : ''}
    <button type="button" class="fl-button" onClick=${pickFolder}>Open folder…</button>
    <button type="button" class="fl-button" onClick=${pickFiles}>Open files…</button>
    ${repository ? html`<label class="fl-field">Version <select class="fl-roots" aria-label="Catalog of the repository (one per OpenShift version)"
      value=${repository.overview.current} title=${currentRootLabel(repository.overview)} disabled=${!!repository.overview.pending}
      onChange=${(e) => instance.selectRoot(e.target.value).catch(() => {})}>
      ${repository.overview.roots.map((r) => html`<option value=${r.root}>${rootLabel(r, r.verdict)}</option>`)}
    </select></label>` : ''}
    <label class="fl-field">Checks <select aria-label="Checks" value=${state.checks.profiles} onChange=${(e) => recheck({ profiles: e.target.value })}>
      ${PROFILE_CHOICES.map(([value, text]) => html`<option value=${value}>${text}</option>`)}
    </select></label>
    <input class="fl-ocp" type="text" size="9" value=${state.checks.ocpVersion} placeholder=${ocpPlaceholder}
      aria-label=${'OpenShift version the checks assume' + (profiles && profiles.ocpVersion ? ' (now ' + ocpPlaceholder + ')' : '')}
      onChange=${(e) => recheck({ ocpVersion: e.target.value })} />
    <label class="fl-field">Theme <select aria-label="Theme" value=${state.theme} onChange=${(e) => actions.setTheme(e.target.value)}>
      <option value="system">system</option><option value="light">light</option><option value="dark">dark</option>
    </select></label>
    <${Menu} label="Share & export" items=${menu} />
    <${Status} state=${state} context=${context} />
    <span class="fl-note" role="status">${state.note}</span>
    ${folderInput}${filesInput}${compareFolderInput}${compareFilesInput}
  </header>`;
}
