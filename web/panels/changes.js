// The Changes panel ("Compare with…"): an older version of the catalog shown against it, as
// `fbclens diff OLD NEW` says it (the protocol's `compare`, core/diff): packages, channels, channel
// entries and bundles added and removed, default channels, changed replaces / skips / skipRange,
// deprecations, and where OLM Classic's and OLM v1's upgrades changed. On the graph, entries the
// older catalog lacks get a green ring and entries whose edges changed an amber one
// (changeMarks); each listed change with a place in the catalog shown is a button that shows it.
import { h } from 'preact';
import htm from 'htm';

const html = htm.bind(h);

/** The graph's marks for a diff: {packages: [name] (every entry added), added: [{package, channel,
 *  bundle}] (each entry once), changed: [{package, channel, bundle}] (edges changed)}. */
export function changeMarks(diff) {
  return {
    packages: diff.packages.added,
    // An added package's entries are listed within it too (core/diff): its package mark covers them.
    added: diff.entries.added.filter((e) => e.within !== 'package'),
    changed: diff.edges.map((e) => ({ package: e.package, channel: e.channel, bundle: e.bundle })),
  };
}

const outcome = (o) => (o.error ? 'error (' + o.error + ')' : (o.next ? 'next ' + o.next : 'stays') + (o.end && o.end !== o.next ? ', ends at ' + o.end : ''));
/** A diff's value as text: '(none)' for null, '' or an empty list. */
export const orNone = (v) => (v === null || v === undefined || v === '' ? '(none)' : Array.isArray(v) ? v.join(', ') || '(none)' : String(v));

function Group({ title, items, show }) {
  if (!items.length) return null;
  return html`<h3>${title} (${items.length})</h3><ul class="fl-changes">
    ${items.map(([kind, text, target]) => html`<li class=${kind}>${target
      ? html`<button type="button" class="fl-link" onClick=${() => show(target)}>${text}</button>` : text}</li>`)}
  </ul>`;
}

export function ChangesPanel({ state, context }) {
  const c = state.compare;
  if (!c) return html`<p class="fl-dim">Compare the catalog shown with an older one: Share & export → Compare with…</p>`;
  if (c.pending) return html`<p class="fl-dim">Comparing with ${c.name}…</p>`;
  if (c.error) return html`<p class="fl-bad">Could not compare with ${c.name}: ${c.error}</p>`;
  const d = c.diff;
  const show = (t) => context.actions.select({ package: t.package, channel: t.channel, bundle: t.bundle || '', lanes: !t.channel });
  const pkg = (p) => ({ package: p });
  const entry = (e) => ({ package: e.package, channel: e.channel, bundle: e.bundle || '' });
  const count = ['packages', 'channels', 'entries', 'bundles', 'deprecations']
    .reduce((n, k) => n + d[k].added.length + d[k].removed.length, 0) + d.defaultChannels.length + d.edges.length + d.upgrades.length;
  const dep = (x) => x.package + ' ' + x.schema + (x.name ? ' ' + x.name : '') + ': ' + x.message;
  return html`<div class="fl-compare">
    <p>${count ? count + ' changes since ' + c.name + ' (' + c.old.files + ' files, ' + c.old.bundles + ' bundles, ' + c.old.verdict + ')'
      : 'None: ' + c.name + ' (' + c.old.files + ' files) has the same packages, channels, entries, edges and deprecations'}
      <span class="fl-key"><span class="key-added">◯</span> added entry <span class="key-changed">◯</span> edges changed</span>
      <button type="button" class="fl-button" onClick=${() => { context.store.set({ compare: null }); context.actions.openPanel('findings'); }}>Clear</button></p>
    <${Group} title="Packages" show=${show} items=${d.packages.added.map((p) => ['added', p, pkg(p)]).concat(d.packages.removed.map((p) => ['removed', p]))} />
    <${Group} title="Channels" show=${show} items=${d.channels.added.map((x) => ['added', x.package + ' / ' + x.channel, entry(x)])
      .concat(d.channels.removed.map((x) => ['removed', x.package + ' / ' + x.channel]))} />
    <${Group} title="Default channels" show=${show} items=${d.defaultChannels.map((x) => ['changed', x.package + ': ' + orNone(x.old) + ' → ' + orNone(x.new), pkg(x.package)])} />
    <${Group} title="Channel entries" show=${show} items=${d.entries.added.map((e) => ['added', e.package + ' / ' + e.channel + ': ' + e.bundle, entry(e)])
      .concat(d.entries.removed.map((e) => ['removed', e.package + ' / ' + e.channel + ': ' + e.bundle]))} />
    <${Group} title="Edges" show=${show} items=${d.edges.map((e) => ['changed', e.package + ' / ' + e.channel + ': ' + e.bundle + ' ' + e.field + ' ' + orNone(e.old) + ' → ' + orNone(e.new), entry(e)])} />
    <${Group} title="Bundles" show=${show} items=${d.bundles.added.map((b) => ['added', b.package + ': ' + b.bundle])
      .concat(d.bundles.removed.map((b) => ['removed', b.package + ': ' + b.bundle]))
      .concat((d.bundles.changed || []).map((b) => ['changed', b.package + ': ' + b.bundle + ' changed (' + b.changes.join('; ') + ')']))} />
    <${Group} title="Deprecations" show=${show} items=${d.deprecations.added.map((x) => ['added', dep(x), pkg(x.package)]).concat(d.deprecations.removed.map((x) => ['removed', dep(x)]))} />
    <${Group} title="Upgrades" show=${show} items=${d.upgrades.map((u) => ['changed', u.package + ' / ' + u.channel + ' from ' + u.installed + ': Classic ' +
      outcome(u.classic.old) + ' → ' + outcome(u.classic.new) + ', v1 ' + outcome(u.v1.old) + ' → ' + outcome(u.v1.new) +
      (u.stranded.new && !u.stranded.old ? ' (now stranded)' : u.stranded.old && !u.stranded.new ? ' (no longer stranded)' : ''),
      { package: u.package, channel: u.channel, bundle: u.installed }])} />
  </div>`;
}
