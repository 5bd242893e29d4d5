// The Versions panel of a catalog repository (issue 22): the version matrix the worker's matrix
// operation answers (core/repo/repository_json.h, the CLI's matrix REPO --output json). Per
// package, a row per catalog of the repository (one per OpenShift version): present or not, its
// default channel, channels and their heads, bundles, deprecations, olm.maxOpenShiftVersion and
// the bundle metadata format that OpenShift version needs; then what each catalog changed against
// the one before it. A row's catalog button opens that catalog on that package.
import { h } from 'preact';
import htm from 'htm';
import { plural } from '../shell/format.js';
import { rootLabel } from '../shell/repository.js';
import { orNone } from './changes.js';

const html = htm.bind(h);

/** One part of a diff in words, '' when it holds nothing: "bundles +3 −1, 2 changed" for
 *  {added, removed, changed?}; "2 entries' skips changed" for a list, with `one` and `many` the
 *  noun's two forms. */
function partCounts(part, one, many) {
  if (!part) return '';
  if (Array.isArray(part)) return part.length ? part.length + ' ' + (part.length === 1 ? one : many) + ' changed' : '';
  const bits = [];
  if (part.added && part.added.length) bits.push('+' + part.added.length);
  if (part.removed && part.removed.length) bits.push('−' + part.removed.length);
  const counts = bits.join(' ');
  const changed = part.changed && part.changed.length ? part.changed.length + ' changed' : '';
  return counts || changed ? many + ' ' + [counts, changed].filter(Boolean).join(', ') : '';
}

/** What a catalog changed against the one before it, in a line: "bundles +2 −1; default channel …". */
export function changeLine(diff) {
  const parts = [
    partCounts(diff.packages, 'package', 'packages'), partCounts(diff.channels, 'channel', 'channels'),
    partCounts(diff.bundles, 'bundle', 'bundles'), partCounts(diff.entries, 'channel entry', 'channel entries'),
    partCounts(diff.edges, "entry's replaces/skips/skipRange", "entries' replaces/skips/skipRange"),
    partCounts(diff.upgrades, "installed version's upgrade", "installed versions' upgrades"),
    partCounts(diff.deprecations, 'deprecation', 'deprecations'),
  ].filter(Boolean);
  for (const d of diff.defaultChannels || []) parts.push(d.package + ': default channel ' + orNone(d.old) + ' → ' + orNone(d.new));
  return parts.length ? parts.join('; ') : 'no change';
}

/** The notes of one cell: deprecations, the head's maxOpenShiftVersion, the bundle format. */
function cellNotes(cell, column) {
  const notes = [];
  if (cell.deprecation) notes.push({ bad: true, text: 'package deprecated' });
  if (cell.deprecatedChannels.length) notes.push({ bad: false, text: plural(cell.deprecatedChannels.length, 'deprecated channel') });
  if (cell.deprecatedBundles.length) notes.push({ bad: false, text: plural(cell.deprecatedBundles.length, 'deprecated bundle') });
  if (cell.defaultHeadMaxOpenShiftVersion) {
    notes.push({ bad: cell.blocksClusterUpgrade, text: 'head: max OCP ' + cell.defaultHeadMaxOpenShiftVersion +
      (cell.blocksClusterUpgrade ? ' (blocks upgrading past OCP ' + column.effectiveOcpVersion + ')' : '') });
  }
  const f = cell.bundleFormat;
  if (!f.ok) notes.push({ bad: true, text: 'OCP ' + column.ocpVersion + ' needs ' + f.needed + ': ' + (f.needed === 'olm.csv.metadata' ? f.csvMetadata : f.bundleObject) + ' of ' + f.bundles + ' bundles have it' });
  return notes;
}

/** The channels of a cell: how many, every name (and its head) on hover. */
function channelCount(cell) {
  const lines = cell.channels.map((c) => c.name + (c.deprecated ? ' (deprecated)' : '') + ': ' + c.entries +
    (c.entries === 1 ? ' entry' : ' entries') + ', head ' + (c.head || (c.heads.length ? c.heads.join(', ') + ' (several heads)' : 'none')) +
    (c.headMaxOpenShiftVersion ? ', max OCP ' + c.headMaxOpenShiftVersion : ''));
  return html`<span title=${lines.join('\n')}>${cell.channels.length}</span>`;
}

/** The head of the default channel (or its heads, when it has several). */
function defaultHead(cell) {
  const c = cell.channels.find((x) => x.name === cell.defaultChannel);
  if (!c) return html`<span class="fl-bad">no such channel</span>`;
  return c.head || (c.heads.length ? c.heads.join(', ') + ' (several heads)' : html`<span class="fl-dim">none</span>`);
}

function PackageTable({ pkg, columns, current, open }) {
  return html`<h3>${pkg.name}</h3>
    <div class="fl-table-scroll"><table class="fl-sim-table fl-versions">
      <thead><tr><th>catalog</th><th>verdict</th><th>default channel</th><th>its head</th><th title="channels (hover for their names and heads)">channels</th><th>bundles</th><th>notes</th></tr></thead>
      <tbody>${columns.map((column, i) => {
        const cell = pkg.cells[i];
        const here = column.root === current;
        const label = rootLabel(column);
        return html`<tr class=${here ? 'current' : ''} aria-current=${here ? 'true' : undefined}>
          <td class="name">${cell ? html`<button type="button" class="fl-link" title=${'Show ' + pkg.name + ' in ' + column.root}
            onClick=${() => open(column.root, pkg.name, cell.defaultChannel)}>${label}</button>` : label}</td>
          <td class=${column.verdict === 'VALID' ? 'fl-good' : 'fl-bad'}>${column.verdict}</td>
          ${cell ? html`<td class="name">${cell.defaultChannel}</td><td class="name">${defaultHead(cell)}</td><td>${channelCount(cell)}</td><td>${cell.bundles}</td>
            <td>${cellNotes(cell, column).map((n) => html`<div class=${n.bad ? 'fl-bad' : ''}>${n.text}</div>`)}</td>`
            : html`<td colspan="5" class="fl-dim">not in this catalog</td>`}
        </tr>`;
      })}</tbody>
    </table></div>`;
}

export function VersionsPanel({ state, context }) {
  const repository = state.catalog && state.catalog.repository;
  if (!repository) return html`<p class="fl-dim">Not a repository: open a folder of catalogs, one per OpenShift version.</p>`;
  if (repository.overview.pending) {
    return html`<p class="fl-dim">Showing the newest catalog, <span class="fl-mono">${repository.overview.current}</span>; the repository's other catalogs and its templates are being validated.</p>`;
  }
  const answer = context.answers.get('matrix', {});
  if (answer.state === 'pending') return html`<p class="fl-dim">Asking…</p>`;
  if (answer.state === 'failed') return html`<p class="fl-bad">${answer.error.message}</p>`;
  const matrix = answer.value;
  const current = repository.overview.current;
  // The selected package first: it is the one the author is looking at.
  const selected = state.selection.package;
  const packages = [...matrix.packages].sort((a, b) => (b.name === selected) - (a.name === selected));
  const open = (root, pkg, channel) => {
    context.instance.selectRoot(root).then(() => context.actions.select({ package: pkg, channel }), () => {});
  };
  const templates = repository.overview.templates;
  return html`<div class="fl-versions-panel">
    <p class="fl-dim">${plural(matrix.columns.length, 'catalog')} in this repository, one per OpenShift version${templates.length
      ? ', ' + plural(templates.length, 'template') + ' (their findings, drift included, are in the Findings panel)' : ''}.
      Showing <span class="fl-mono">${current}</span>.</p>
    ${packages.map((pkg) => html`<${PackageTable} pkg=${pkg} columns=${matrix.columns} current=${current} open=${open} />`)}
    <h3>What each catalog changed against the one before</h3>
    <ul class="fl-props">${matrix.changes.map((c) => html`<li><span class="fl-mono">${c.from} → ${c.to}</span>: ${changeLine(c.diff)}</li>`)}</ul>
  </div>`;
}
