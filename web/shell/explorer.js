// The explorer: the catalog as a tree of packages → channels → bundles (the WAI-ARIA tree view
// pattern): arrow keys walk it (Right opens or goes in, Left closes or goes up), Home and End,
// type-ahead (typing jumps to the next item starting with what was typed), Enter or a click shows
// the item in the graph. A search box above filters it. Built from the explorer view of the load
// (core/export/catalog_view_json.h) that the store holds; nothing is asked of the worker.
import { h } from 'preact';
import { useMemo, useRef, useState, useEffect } from 'preact/hooks';
import htm from 'htm';

const html = htm.bind(h);
const TYPEAHEAD_MS = 700;

const keyOf = (...parts) => parts.join('\n');

/**
 * The rows the tree shows, in order: {key, level (1-3), kind, label, package, channel, bundle,
 * expandable, expanded, parent (key), row} where `row` is the view's row. A search (case-insensitive
 * substring of package, channel or bundle names and versions) keeps the rows that match and their
 * parents, opened.
 */
export function treeRows(packages, expanded, query) {
  const q = query.trim().toLowerCase();
  const has = (text) => String(text || '').toLowerCase().includes(q);
  const rows = [];
  for (const p of packages) {
    const pkgKey = keyOf(p.name);
    const channelHits = q ? p.channels.filter((c) => has(c.name) || c.bundles.some((b) => has(b.name) || has(b.version))) : p.channels;
    if (q && !has(p.name) && !channelHits.length) continue;
    const open = q ? channelHits.length > 0 : expanded.has(pkgKey);
    rows.push({ key: pkgKey, level: 1, kind: 'package', label: p.name, package: p.name, channel: '', bundle: '',
      expandable: p.channels.length > 0, expanded: open, parent: '', row: p });
    if (!open) continue;
    for (const c of (q ? channelHits : p.channels)) {
      const chKey = keyOf(p.name, c.name);
      const bundleHits = q ? c.bundles.filter((b) => has(b.name) || has(b.version)) : c.bundles;
      const chOpen = q ? bundleHits.length > 0 && !has(c.name) : expanded.has(chKey);
      rows.push({ key: chKey, level: 2, kind: 'channel', label: c.name, package: p.name, channel: c.name, bundle: '',
        expandable: c.bundles.length > 0, expanded: chOpen, parent: pkgKey, row: c });
      if (!chOpen) continue;
      for (const b of (q ? bundleHits : c.bundles)) {
        rows.push({ key: keyOf(p.name, c.name, b.name), level: 3, kind: 'bundle', label: b.version || b.name,
          package: p.name, channel: c.name, bundle: b.name, expandable: false, expanded: false, parent: chKey, row: b });
      }
    }
  }
  return rows;
}

function Marks({ row, kind }) {
  return html`${row.deprecation ? html`<span class="fl-mark deprecated" title=${'Deprecated: ' + row.deprecation}>deprecated</span>` : ''}
    ${kind === 'channel' && row.isDefault ? html`<span class="fl-mark">default</span>` : ''}
    ${kind === 'bundle' && row.head ? html`<span class="fl-mark head">head</span>` : ''}
    ${row.findings ? html`<span class="fl-count" title=${row.findings + ' findings'}>${row.findings}</span>` : ''}`;
}

export function Explorer({ state, context }) {
  const catalog = state.catalog;
  const packages = catalog ? catalog.view.packages || [] : [];
  const sel = state.selection;
  const [expanded, setExpanded] = useState(() => new Set());
  const [query, setQuery] = useState('');
  const [active, setActive] = useState('');
  const tree = useRef(null);
  const typed = useRef({ text: '', at: 0 });

  // The selection's package and channel open, so what the graph shows is in the tree.
  useEffect(() => {
    if (!sel.package) return;
    const want = [keyOf(sel.package), keyOf(sel.package, sel.channel)];
    if (want.every((k) => expanded.has(k))) return;
    const next = new Set(expanded);
    want.forEach((k) => next.add(k));
    setExpanded(next);
  }, [sel.package, sel.channel, catalog && catalog.generation]);

  const rows = useMemo(() => treeRows(packages, expanded, query), [packages, expanded, query]);
  const selectedKey = sel.bundle ? keyOf(sel.package, sel.channel, sel.bundle) : sel.lanes ? keyOf(sel.package) : keyOf(sel.package, sel.channel);
  // What the graph shows stays in sight in the tree, wherever the selection came from.
  useEffect(() => {
    const el = tree.current && [...tree.current.querySelectorAll('[role=treeitem]')].find((e) => e.dataset.key === selectedKey);
    if (el) el.scrollIntoView({ block: 'nearest' });
  }, [selectedKey, rows.length]);
  const activeKey = rows.some((r) => r.key === active) ? active : rows.some((r) => r.key === selectedKey) ? selectedKey : rows.length ? rows[0].key : '';

  const toggle = (row, open) => {
    const next = new Set(expanded);
    if (open) next.add(row.key);
    else next.delete(row.key);
    setExpanded(next);
  };
  const show = (row) => {
    if (row.kind === 'package') {
      context.actions.select({ package: row.package, lanes: sel.lanes }, { from: 'explorer' });
      if (!expanded.has(row.key)) toggle(row, true);
    } else {
      context.actions.select({ package: row.package, channel: row.channel, bundle: row.bundle, lanes: sel.lanes }, { from: 'explorer' });
    }
  };
  const focusRow = (key) => {
    setActive(key);
    queueMicrotask(() => {
      const el = tree.current && [...tree.current.querySelectorAll('[role=treeitem]')].find((e) => e.dataset.key === key);
      if (el) { el.focus(); el.scrollIntoView({ block: 'nearest' }); }
    });
  };

  const onKeyDown = (e) => {
    const i = rows.findIndex((r) => r.key === activeKey);
    if (i < 0) return;
    const row = rows[i];
    let handled = true;
    if (e.key === 'ArrowDown') focusRow(rows[Math.min(rows.length - 1, i + 1)].key);
    else if (e.key === 'ArrowUp') focusRow(rows[Math.max(0, i - 1)].key);
    else if (e.key === 'Home') focusRow(rows[0].key);
    else if (e.key === 'End') focusRow(rows[rows.length - 1].key);
    else if (e.key === 'ArrowRight') {
      if (row.expandable && !row.expanded) toggle(row, true);
      else if (row.expanded && rows[i + 1]) focusRow(rows[i + 1].key);
    } else if (e.key === 'ArrowLeft') {
      if (row.expanded) toggle(row, false);
      else if (row.parent) focusRow(row.parent);
    } else if (e.key === 'Enter' || e.key === ' ') show(row);
    else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      const now = Date.now();
      typed.current = { text: (now - typed.current.at < TYPEAHEAD_MS ? typed.current.text : '') + e.key.toLowerCase(), at: now };
      const prefix = typed.current.text;
      const order = rows.slice(i + (prefix.length === 1 ? 1 : 0)).concat(rows.slice(0, i + (prefix.length === 1 ? 1 : 0)));
      const hit = order.find((r) => r.label.toLowerCase().startsWith(prefix) || (r.kind === 'bundle' && r.bundle.toLowerCase().startsWith(prefix)));
      if (hit) focusRow(hit.key);
    } else handled = false;
    if (handled) e.preventDefault();
  };

  const onSearchKey = (e) => {
    if (e.key === 'Enter' && rows.length) {
      e.preventDefault();
      const first = rows.find((r) => r.kind === 'bundle') || rows[0];
      show(first);
      focusRow(first.key);
    } else if (e.key === 'ArrowDown' && rows.length) {
      e.preventDefault();
      focusRow(rows[0].key);
    } else if (e.key === 'Escape') setQuery('');
  };

  return html`<nav class="fl-explorer" aria-label="Catalog explorer">
    <h2 class="fl-hidden-heading">Catalog</h2>
    <input type="search" class="fl-search" placeholder="Search packages, channels, bundles" aria-label="Search packages, channels, bundles"
      value=${query} onInput=${(e) => setQuery(e.target.value)} onKeyDown=${onSearchKey} />
    ${!catalog ? html`<p class="fl-dim">No catalog yet.</p>`
      : !rows.length ? html`<p class="fl-dim">${query ? 'Nothing matches “' + query + '”.' : 'No packages: ' + explainEmpty(catalog.summary)}</p>`
        : html`<ul class="fl-tree" role="tree" aria-label="Packages, channels and bundles" ref=${tree} onKeyDown=${onKeyDown}>
          ${rows.map((r) => html`<li role="treeitem" data-key=${r.key} aria-level=${r.level}
            aria-expanded=${r.expandable ? (r.expanded ? 'true' : 'false') : undefined}
            aria-selected=${r.key === selectedKey ? 'true' : 'false'} tabindex=${r.key === activeKey ? '0' : '-1'}
            class=${'fl-node fl-' + r.kind} onClick=${(e) => { e.stopPropagation(); setActive(r.key); show(r); }}
            onFocus=${() => setActive(r.key)}>
            <span class="fl-twisty" aria-hidden="true" onClick=${(e) => { if (r.expandable) { e.stopPropagation(); toggle(r, !r.expanded); } }}>${r.expandable ? (r.expanded ? '▾' : '▸') : ''}</span>
            <span class="fl-label">${r.label}</span>${r.kind === 'bundle' && r.row.version ? html` <span class="fl-dim fl-name">${r.bundle}</span>` : ''}
            <${Marks} row=${r.row} kind=${r.kind} />
          </li>`)}
        </ul>`}
  </nav>`;
}

/** Why a catalog has no packages, in words: what .indexignore left out and what was found. */
export function explainEmpty(summary) {
  const ignored = summary.ignoredFiles || 0;
  const schemas = Object.keys(summary.schemas || {});
  if (ignored && !summary.files) return '.indexignore leaves out all ' + ignored + ' files of this folder.';
  if (ignored) return summary.files + ' files read, ' + ignored + ' left out by .indexignore, and none declares an olm.package.';
  if (schemas.length) return 'the objects found are of other schemas only (' + schemas.join(', ') + ').';
  return 'no catalog content was found in ' + summary.files + ' files.';
}
