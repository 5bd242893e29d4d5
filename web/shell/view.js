// The page shell as a function of the store (Preact + htm, no build-time JSX): the header, the
// explorer beside the main area, and the main area's dock: the graph canvas and the open panel
// side by side, or (below 1000 px, or in an embed) one at a time as tabs. The graph keeps at least
// half of the main area whenever it is shown; panels never squeeze it.
import { h } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import htm from 'htm';
import { Header } from './header.js';
import { Explorer } from './explorer.js';
import { PANELS, panelById } from '../panels/index.js';
import { namedView } from './url-state.js';

const html = htm.bind(h);
const MIN_PANEL_PX = 320;

/** The graph pane: the canvas (created once by mount.js) moved into it, never re-created. */
function GraphPane({ context, hidden }) {
  const host = useRef(null);
  useEffect(() => {
    if (host.current && context.canvas.parentNode !== host.current) host.current.append(context.canvas);
  });
  return html`<section class="fl-graph" id=${context.uid + 'graph'} aria-label="Upgrade graph" hidden=${hidden} ref=${host}></section>`;
}

/** The splitter between the graph and the panel: drag it, or focus it and use the arrow keys. */
function Splitter({ state, context, mainRef }) {
  const clamp = (px) => {
    const main = mainRef.current ? mainRef.current.clientWidth : 1200;
    return Math.round(Math.max(MIN_PANEL_PX, Math.min(px, main / 2)));
  };
  const onPointerDown = (e) => {
    e.preventDefault();
    const target = e.currentTarget;
    target.setPointerCapture(e.pointerId);
    const right = mainRef.current.getBoundingClientRect().right;
    const move = (m) => context.actions.setPanelWidth(clamp(right - m.clientX));
    const up = () => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', up);
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', up);
  };
  const onKeyDown = (e) => {
    const step = e.shiftKey ? 80 : 20;
    if (e.key === 'ArrowLeft') context.actions.setPanelWidth(clamp(state.panelWidth + step));
    else if (e.key === 'ArrowRight') context.actions.setPanelWidth(clamp(state.panelWidth - step));
    else return;
    e.preventDefault();
  };
  return html`<div class="fl-splitter" role="separator" aria-orientation="vertical" aria-label="Resize the panel"
    aria-valuenow=${state.panelWidth} aria-valuemin=${MIN_PANEL_PX} tabindex="0"
    onPointerDown=${onPointerDown} onKeyDown=${onKeyDown}></div>`;
}

/**
 * The tabs of the dock: the panels (and, one at a time, the graph) with their counts. Only the
 * selected tab names what it controls (aria-controls): the other tabs' views are not in the page.
 */
function Tabs({ state, context, withGraph }) {
  const tabs = (withGraph ? [{ id: 'graph', title: 'Graph' }] : []).concat(PANELS.filter((p) => !p.available || p.available(state)));
  const current = withGraph && !panelById(state.panel) ? 'graph' : state.panel;
  const choose = (id) => (id === 'graph' ? context.actions.closePanel() : context.actions.openPanel(id));
  const onKeyDown = (e) => {
    const i = tabs.findIndex((t) => t.id === current);
    const next = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? tabs.length - 1 : null;
    if (next === null) return;
    e.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length];
    choose(tab.id);
    queueMicrotask(() => {
      const el = e.currentTarget && e.currentTarget.querySelector('[data-tab="' + tab.id + '"]');
      if (el) el.focus();
    });
  };
  return html`<div class="fl-tabs"><div class="fl-tablist" role="tablist" aria-label="Views" onKeyDown=${onKeyDown}>
    ${tabs.map((t) => {
      const badge = t.badge ? t.badge(state) : '';
      return html`<button type="button" role="tab" class="fl-tab" data-tab=${t.id} id=${context.uid + 'tab-' + t.id}
        aria-controls=${t.id === current ? context.uid + (t.id === 'graph' ? 'graph' : 'panel') : undefined} aria-selected=${t.id === current ? 'true' : 'false'} tabindex=${t.id === current ? '0' : '-1'}
        onClick=${() => choose(t.id)}>${t.title}${badge !== '' ? html` <span class="fl-count">${badge}</span>` : ''}</button>`;
    })}</div>
    ${!withGraph && panelById(state.panel) ? html`<button type="button" class="fl-close" aria-label="Close the panel"
      title="Close the panel (the graph takes the room)" onClick=${() => context.actions.closePanel()}>×</button>` : ''}
  </div>`;
}

/** The open panel's body. */
function PanelPane({ state, context }) {
  const panel = panelById(state.panel);
  if (!panel) return null;
  return html`<section class="fl-panel" role="tabpanel" id=${context.uid + 'panel'} aria-labelledby=${context.uid + 'tab-' + panel.id}
    data-panel=${panel.id}>
    <h2 class="fl-hidden-heading">${panel.title}</h2>
    ${h(panel.component, { state, context })}
  </section>`;
}

/** Where the graph goes while nothing can be drawn: no catalog yet, or a link waiting for its catalog. */
function EmptyMain({ state }) {
  if (state.waiting) {
    return html`<div class="fl-empty" role="note">
      <h2>This link shows a view of a catalog opened from disk</h2>
      <p>Open the same catalog folder (Open folder…, or drop it here) and fbclens restores the view${state.waiting.package
        ? html`: package <b>${state.waiting.package}</b>${state.waiting.channel ? html`, channel <b>${state.waiting.channel}</b>` : ''}` : ''}.
        The link names the catalog by a fingerprint of its content, so fbclens can tell whether it is the same one.</p>
    </div>`;
  }
  return html`<div class="fl-empty"><p>${state.loading ? 'Loading…' : 'Open a catalog folder or files, or drop them here.'}</p></div>`;
}

/** The whole instance. */
export function Shell({ state, context }) {
  const mainRef = useRef(null);
  const panel = panelById(state.panel);
  if (state.embed) return html`<${Embedded} state=${state} context=${context} />`;
  const tabbed = state.narrow;
  const graphShown = !tabbed || !panel;
  const width = panel && !tabbed ? Math.max(MIN_PANEL_PX, state.panelWidth) : 0;
  return html`
    <${Header} state=${state} context=${context} />
    <div class="fl-body" data-explorer=${state.narrow ? (state.explorerOpen ? 'drawer' : 'closed') : 'side'}>
      <${Explorer} state=${state} context=${context} />
      <main class="fl-main" ref=${mainRef}>
        ${tabbed ? html`<${Tabs} state=${state} context=${context} withGraph=${true} />` : ''}
        <div class="fl-dock" style=${panel && !tabbed ? 'grid-template-columns: minmax(50%, 1fr) auto minmax(' + MIN_PANEL_PX + 'px, min(' + width + 'px, calc(50% - 6px)))' : ''}>
          ${state.catalog || state.loading ? '' : html`<${EmptyMain} state=${state} />`}
          <${GraphPane} context=${context} hidden=${!graphShown || !state.catalog} />
          ${panel && !tabbed ? html`<${Splitter} state=${state} context=${context} mainRef=${mainRef} />` : ''}
          ${panel || !tabbed ? html`<div class="fl-side" hidden=${!panel}>
            ${!tabbed ? html`<${Tabs} state=${state} context=${context} withGraph=${false} />` : ''}
            <${PanelPane} state=${state} context=${context} />
          </div>` : ''}
          ${!panel && !tabbed ? html`<${ReopenTabs} state=${state} context=${context} />` : ''}
        </div>
      </main>
    </div>`;
}

/** With the panel closed at full width, a slim column of its tabs stays, to open one again. */
function ReopenTabs({ state, context }) {
  const tabs = PANELS.filter((p) => !p.available || p.available(state));
  return html`<nav class="fl-reopen" aria-label="Open a panel">
    ${tabs.map((t) => html`<button type="button" class="fl-tab" onClick=${() => context.actions.openPanel(t.id)}>${t.title}${
      t.badge && t.badge(state) !== '' ? html` <span class="fl-count">${t.badge(state)}</span>` : ''}</button>`)}
  </nav>`;
}

// An embed shows one view: the graph alone, a panel alone, or (upgrade) the graph with the
// simulator beside it; a line at the bottom keeps the status (what loaded, or why not).
function Embedded({ state, context }) {
  const panel = panelById(namedView(state.embed).panel || '');
  const withGraph = !panel || state.embed === 'upgrade';
  return html`<div class="fl-embed" data-view=${state.embed}>
    <div class="fl-embed-main">
      ${withGraph ? html`<${GraphPane} context=${context} hidden=${false} />` : ''}
      ${panel ? html`<section class="fl-panel" data-panel=${panel.id} aria-label=${panel.title}><h2 class="fl-hidden-heading">${panel.title}</h2>${
        h(panel.component, { state, context })}</section>` : ''}
    </div>
    <${EmbedStatus} state=${state} context=${context} />
  </div>`;
}

function EmbedStatus({ state }) {
  const s = state.catalog && state.catalog.summary;
  const text = state.loading ? state.loading.text : state.status.text ||
    (s ? s.verdict + ' · ' + s.packages + ' packages · ' + s.bundles + ' bundles' : '');
  return html`<div class="fl-embed-status fbclens-status" role="status">${text}</div>`;
}
