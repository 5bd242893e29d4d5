// The Install panel: what installing the selected bundle (or, with none selected, the package's
// bundles) takes, drawn from the worker's installPreview answer (core/install/install_view.h, the
// CLI's install-preview --output json): install modes, the OperatorGroups OLM Classic accepts,
// OLM v1's verdict, the console's install page for the console picked here (shared with the
// OperatorHub panel), and the upgrade edges that drop an install mode (while it is open, the graph
// marks those edges: web/shell/mount.js).
import { h } from 'preact';
import htm from 'htm';
import { consoleVersions } from './hub.js';

const html = htm.bind(h);

const MODES = ['OwnNamespace', 'SingleNamespace', 'MultiNamespace', 'AllNamespaces'];

/** OLM v1's verdict in words: installable true, false, or null (needs manifests the catalog lacks). */
function v1Text(v1) {
  if (v1.installable === true) return 'installs it';
  if (v1.installable === false) return 'refuses it: ' + v1.reasons.join('; ');
  return 'cannot be judged: needs ' + v1.unchecked.join(', ');
}

function ModeList({ modes }) {
  return html`<ul class="fl-modes">${MODES.map((m) => html`<li class=${modes[m] ? 'on' : 'off'}>
    <span aria-hidden="true">${modes[m] ? '✓' : '✗'}</span> ${m}<span class="fl-hidden-heading">${modes[m] ? ' supported' : ' not supported'}</span></li>`)}</ul>`;
}

function Risks({ risks }) {
  if (!risks.length) return '';
  return html`<h3>Upgrade steps that drop an install mode</h3>
    <ul class="fl-props">${risks.map((r) => html`<li><span class="fl-mono">${r.from} → ${r.to}</span> in channel ${r.channel} (${r.via.join(', ')}): drops ${r.lostModes.join(', ')}${r.classic ? ' (OLM Classic takes this step)' : ''}</li>`)}</ul>`;
}

function ConsolePage({ page, error }) {
  if (!page) return html`<h3>The console's install page</h3><p class="fl-dim">${error || 'None.'}</p>`;
  return html`<h3>The console's install page <span class="fl-dim">(console ${page.console}, ${page.breadcrumb})</span></h3>
    ${page.installable ? '' : html`<p class="fl-bad" role="note"><b>${page.cannotInstallTitle}</b> ${page.cannotInstallDetail}</p>`}
    <dl class="fl-facts">
      <dt>channel</dt><dd>${page.channel}</dd>
      <dt>version</dt><dd>${page.version}${page.version !== '' && page.head !== '' ? html` <span class="fl-dim">(head ${page.head})</span>` : ''}</dd>
      <dt>installation mode</dt><dd>${page.modes.map((m) => html`<div>${m.mode === page.preselectedMode ? '◉' : '○'} ${m.label}${m.enabled ? '' : ' (disabled)'}</div>`)}</dd>
      <dt>namespace</dt><dd class="fl-mono">${page.preselectedNamespace || '—'}${page.suggestedNamespace ? html` <span class="fl-dim">(suggested by ${page.suggestedNamespaceSource})</span>` : ''}</dd>
      <dt>update approval</dt><dd>${page.defaultApproval}${page.automaticDisabled ? ' (Automatic cannot be chosen: not the channel head)' : ''}</dd>
    </dl>
    ${page.offeredButUnsupported.length ? html`<p class="fl-bad" role="note">The page offers ${page.offeredButUnsupported.join(', ')} (from the channel head),
      which this version does not support: choosing it fails the install with UnsupportedOperatorGroup.</p>` : ''}`;
}

function BundleInstall({ answer, bundle }) {
  const b = answer.bundles.find((x) => x.bundle === bundle) || answer.bundles[0];
  if (!b) return html`<p class="fl-dim">No bundle to install.</p>`;
  const risks = answer.upgradeRisks.filter((r) => r.from === b.bundle || r.to === b.bundle);
  return html`<h3>Installing ${b.bundle} <span class="fl-dim">(CSV from ${b.csvSource})</span></h3>
    <dl class="fl-facts">
      <dt>install modes</dt><dd><${ModeList} modes=${b.installModes} /></dd>
      ${b.installModeProblems.length ? html`<dt>problems</dt><dd class="fl-bad">${b.installModeProblems.join('; ')}</dd>` : ''}
      <dt>OLM v1</dt><dd>${v1Text(b.olmV1)}${b.olmV1.needsWatchNamespace ? ' (needs a watch namespace)' : ''}</dd>
      ${b.providedAPIs.length ? html`<dt>provides</dt><dd class="fl-mono">${b.providedAPIs.join(', ')}</dd>` : ''}
    </dl>
    <h3>OperatorGroups (OLM Classic)</h3>
    <div class="fl-table-scroll"><table class="fl-sim-table">
      <thead><tr><th>shape</th><th>targets</th><th>installs?</th></tr></thead>
      <tbody>${(answer.operatorGroups || []).map((g) => html`<tr>
        <td>${g.shape}</td><td class="name">${g.targetNamespaces.length ? g.targetNamespaces.join(', ') : '(all namespaces)'}</td>
        <td>${g.joins ? 'yes' : html`no: ${g.reason}${g.message ? ' (' + g.message + ')' : ''}`}</td></tr>`)}</tbody>
    </table></div>
    <${ConsolePage} page=${answer.console} error=${answer.consoleError} />
    <${Risks} risks=${risks} />`;
}

function PackageInstall({ answer, pkg }) {
  return html`<h3>Installing ${pkg} <span class="fl-dim">(every bundle; select one for its OperatorGroups and install page)</span></h3>
    <div class="fl-table-scroll"><table class="fl-sim-table">
      <thead><tr><th>bundle</th>${MODES.map((m) => html`<th title=${m}>${m.replace(/Namespaces?$/, '')}</th>`)}<th>OLM v1</th></tr></thead>
      <tbody>${answer.bundles.map((b) => html`<tr><td class="name">${b.bundle}</td>
        ${MODES.map((m) => html`<td>${b.installModes[m] ? '✓' : '✗'}</td>`)}
        <td>${b.olmV1.installable === true ? 'installs' : b.olmV1.installable === false ? 'refuses' : 'unknown'}</td></tr>`)}</tbody>
    </table></div>
    <${Risks} risks=${answer.upgradeRisks} />
    ${answer.apiConflicts.length ? html`<h3>APIs another package owns too</h3><ul class="fl-props">${answer.apiConflicts.map((c) =>
      html`<li><span class="fl-mono">${c.gvk}</span>: ${c.packages.join(', ')}</li>`)}</ul>` : ''}`;
}

/**
 * The installPreview question the Install panel asks for the selection (null: no package): the
 * graph's marks on the steps that lose an install mode read the same answer (its upgradeRisks are
 * the package's, whichever bundle is selected), so it is asked once.
 */
export function installRequest(state, context) {
  const sel = state.selection;
  if (!state.catalog || !sel.package) return null;
  const { names: consoles, default: defaultConsole } = consoleVersions(context);
  const request = { package: sel.package, console: consoles.includes(state.console) ? state.console : defaultConsole };
  if (sel.bundle) request.bundle = sel.bundle;
  return request;
}

export function InstallPanel({ state, context }) {
  const sel = state.selection;
  if (!state.catalog) return html`<p class="fl-dim">No catalog loaded.</p>`;
  if (!sel.package) return html`<p class="fl-dim">No package selected.</p>`;
  const { names: consoles } = consoleVersions(context);
  const request = installRequest(state, context);
  const console_ = request.console;
  const answer = context.answers.get('installPreview', request);
  return html`<div class="fl-install">
    <div class="fbclens-hub-controls">
      <label>Console <select value=${console_} aria-label="Console version" onChange=${(e) => context.actions.setConsole(e.target.value)}>
        ${consoles.map((v) => html`<option value=${v}>${v}</option>`)}</select></label>
    </div>
    ${answer.state === 'pending' ? html`<p class="fl-dim">Asking…</p>`
      : answer.state === 'failed' ? html`<p class="fl-bad">${answer.error.message}</p>`
      : sel.bundle ? html`<${BundleInstall} answer=${answer.value} bundle=${sel.bundle} />`
      : html`<${PackageInstall} answer=${answer.value} pkg=${sel.package} />`}
  </div>`;
}
