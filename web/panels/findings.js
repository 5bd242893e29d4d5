// The Findings panel: the one findings list of the app. Every finding of the Summary, grouped by
// the object it is about (package > channel > bundle, as the core groups them), filtered by
// severity, by who reports it and by text; one line each, drawn only where the list is scrolled
// (so 20,000 findings scroll as smoothly as 20); the selected finding in full below, with its
// source lines. Up/Down walk the list and select each finding's object in the graph.
import { h } from 'preact';
import { useMemo, useRef, useState, useLayoutEffect } from 'preact/hooks';
import htm from 'htm';
import { findingSource, plural } from '../shell/format.js';
import { catalogFindings, countSeverities } from '../shell/repository.js';

const html = htm.bind(h);
const ROW_PX = 24;      // every line of the list is this tall (CSS .fl-frow): the list is virtual
const OVERSCAN = 12;    // lines drawn above and below the visible ones
const SEVERITIES = [['error', 'Errors'], ['warning', 'Warnings'], ['info', 'Info']];
const SEVERITY_MARK = { error: '✖', warning: '▲', info: 'i' };

/**
 * The list as the filters leave it: [{heading: group} | {finding: index}], each group's heading
 * before its first finding shown, groups in the order of their first finding (the Summary keeps
 * the core's order), findings in Summary order within a group.
 */
export function findingRows(findings, filter, summary) {
  const text = filter.text.trim().toLowerCase();
  const groups = new Map();
  findings.forEach((f, i) => {
    if (!filter[f.severity]) return;
    if (filter.onlyOpm && !f.reportedByOpm) return;
    if (text && !(f.message.toLowerCase().includes(text) || f.code.toLowerCase().includes(text) ||
        (f.where || '').toLowerCase().includes(text) || (f.group || '').toLowerCase().includes(text))) return;
    const key = f.group || 'catalog';
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(i);
  });
  const rows = [];
  for (const [group, list] of groups) {
    rows.push({ heading: group });
    for (const i of list) rows.push({ finding: i });
  }
  void summary;
  return rows;
}

function Detail({ finding, summary, context, index }) {
  if (!finding) return html`<p class="fl-dim fl-detail">Select a finding to see it in full, with its source.</p>`;
  const source = findingSource(finding, summary);
  const excerpt = finding.file && finding.line ? context.answers.get('excerpt', { file: finding.file, line: finding.line, context: 4 }) : null;
  return html`<div class="fl-detail" aria-label="The selected finding">
    <p class="fl-detail-head"><span class=${'fl-sev ' + finding.severity}>${finding.severity}</span>
      <b>${finding.code}</b> ${finding.name} · <span class=${source.gate ? 'fl-gate' : 'fl-dim'}>${source.label}${source.gate ? ' (fails the run)' : ''}</span>
      ${finding.where ? html` · <span class="fl-mono">${finding.where}</span>` : ''}</p>
    <p class="fl-pre">${finding.message}</p>
    ${finding.reportedByOpm && finding.opmMessage && finding.opmMessage !== finding.message
      ? html`<p class="fl-pre fl-opm"><span class="fl-dim">opm says: </span>${finding.opmMessage}</p>` : ''}
    ${(finding.notes || []).map((n) => html`<p class="fl-note-line"><span class="fl-dim">note: </span>${n.where ? html`<span class="fl-mono">${n.where}</span> ` : ''}${n.message}</p>`)}
    ${excerpt && excerpt.state === 'ok' ? html`<pre class="fl-excerpt" aria-label=${'Source around ' + finding.where}>${
      excerpt.value.lines.map(([n, t]) => html`<span class=${'fl-line' + (n === excerpt.value.line ? ' hit' : '')}>${String(n).padStart(5) + '  ' + t}</span>`)}</pre>` : ''}
    <span hidden data-index=${index}></span>
  </div>`;
}

export function FindingsPanel({ state, context }) {
  const catalog = state.catalog;
  const summary = catalog && catalog.summary;
  // The Summary's findings, then (a repository) its templates' and its own, under their templates.
  const findings = catalogFindings(catalog);
  // A load that left the analyses beyond opm to the worker's analyses operation (shell/loads.js).
  const pending = !!(summary && summary.analyses && summary.analyses.complete === false);
  // A big repository's newest catalog, shown while the worker validates the rest: its analyses
  // wait for that (shell/loads.js).
  const waiting = !!(catalog && catalog.repository && catalog.repository.overview.pending);
  const filter = state.findingsFilter;
  const rows = useMemo(() => findingRows(findings, filter, summary), [findings, filter]);
  const list = useRef(null);
  const [scroll, setScroll] = useState({ top: 0, height: 400 });
  const selectedRow = rows.findIndex((r) => r.finding === state.finding);

  // Keep the selected finding in view when it changes from elsewhere (the graph, the API).
  useLayoutEffect(() => {
    const el = list.current;
    if (!el || selectedRow < 0) return;
    const top = selectedRow * ROW_PX;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + ROW_PX > el.scrollTop + el.clientHeight) el.scrollTop = top + ROW_PX - el.clientHeight;
  }, [state.finding, rows]);
  useLayoutEffect(() => {
    const el = list.current;
    if (el && el.clientHeight !== scroll.height) setScroll({ top: el.scrollTop, height: el.clientHeight });
  });

  if (!summary) return html`<p class="fl-dim">No catalog loaded.</p>`;
  const counts = findings === summary.findings ? summary.findingCounts : countSeverities(findings);
  const first = Math.max(0, Math.floor(scroll.top / ROW_PX) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scroll.top + scroll.height) / ROW_PX) + OVERSCAN);
  const findingRowIndexes = rows.map((r, i) => (r.heading === undefined ? i : -1)).filter((i) => i >= 0);
  const move = (to) => {
    const r = rows[to];
    if (r && r.finding !== undefined) context.actions.selectFinding(r.finding);
  };
  const onKeyDown = (e) => {
    const at = findingRowIndexes.indexOf(selectedRow);
    const page = Math.max(1, Math.floor(scroll.height / ROW_PX) - 1);
    const target = e.key === 'ArrowDown' ? at + 1 : e.key === 'ArrowUp' ? at - 1 : e.key === 'Home' ? 0
      : e.key === 'End' ? findingRowIndexes.length - 1 : e.key === 'PageDown' ? at + page : e.key === 'PageUp' ? at - page : null;
    if (target === null || !findingRowIndexes.length) return;
    e.preventDefault();
    move(findingRowIndexes[Math.max(0, Math.min(findingRowIndexes.length - 1, at < 0 && target < 0 ? 0 : target))]);
  };
  const shown = findingRowIndexes.length;
  return html`<div class="fl-findings">
    <div class="fl-findings-bar" role="group" aria-label="Filter the findings">
      ${SEVERITIES.map(([key, label]) => html`<button type="button" class=${'fl-toggle fl-sev-toggle ' + key} aria-pressed=${filter[key] ? 'true' : 'false'}
        onClick=${() => context.actions.setFindingsFilter({ [key]: !filter[key] })}>${label} <span class="fl-count">${counts[key] || 0}</span></button>`)}
      <label class="fl-check"><input type="checkbox" checked=${filter.onlyOpm} onChange=${(e) => context.actions.setFindingsFilter({ onlyOpm: e.target.checked })} /> only opm's</label>
      <input type="search" class="fl-filter" placeholder="Filter" aria-label="Filter the findings by text" value=${filter.text}
        onInput=${(e) => context.actions.setFindingsFilter({ text: e.target.value })} />
    </div>
    ${pending
      ? html`<p class="fl-dim fl-pending" role="status">${(waiting
        ? 'The analyses beyond opm (upgrade stranding, OperatorHub, dependencies, installing) run once the repository\'s other catalogs are validated.'
        : 'Running the analyses beyond opm (upgrade stranding, OperatorHub, dependencies, installing)…') +
        ' opm\'s findings are all here already.'}</p>` : ''}
    ${!findings.length ? (pending ? '' : html`<p class="fl-good">No findings: opm validate would pass this catalog, and fbclens has no advice.</p>`)
      : html`<div class="fl-flist" role="listbox" tabindex="0" aria-label=${plural(shown, 'finding') + ' shown of ' + findings.length}
        aria-activedescendant=${selectedRow >= first && selectedRow < last ? context.uid + 'finding-' + state.finding : undefined}
        ref=${list} onScroll=${(e) => setScroll({ top: e.currentTarget.scrollTop, height: e.currentTarget.clientHeight })} onKeyDown=${onKeyDown}>
        <div class="fl-fspace" style=${'height:' + rows.length * ROW_PX + 'px'}>
          ${rows.slice(first, last).map((r, k) => {
            const top = (first + k) * ROW_PX;
            if (r.heading !== undefined) return html`<div class="fl-frow fl-fgroup" role="presentation" style=${'top:' + top + 'px'}>${r.heading}</div>`;
            const f = findings[r.finding];
            const pos = findingRowIndexes.indexOf(first + k) + 1;
            return html`<div class=${'fl-frow' + (r.finding === state.finding ? ' selected' : '')} role="option" id=${context.uid + 'finding-' + r.finding} data-finding=${r.finding}
              aria-selected=${r.finding === state.finding ? 'true' : 'false'} aria-posinset=${pos} aria-setsize=${shown}
              style=${'top:' + top + 'px'} onClick=${() => context.actions.selectFinding(r.finding)} title=${f.message.slice(0, 600)}>
              <span class=${'fl-sev ' + f.severity} aria-label=${f.severity}>${SEVERITY_MARK[f.severity]}</span>
              <span class="fl-code">${f.code}</span>
              <span class="fl-where fl-mono">${f.where || '—'}</span>
              <span class="fl-msg">${f.message}</span>
            </div>`;
          })}
        </div>
      </div>`}
    <${Detail} finding=${findings[state.finding]} summary=${summary} context=${context} index=${state.finding} />
  </div>`;
}
