// The upgrade simulator: pick an installed bundle (or a fresh install, or a bundle no longer in the
// catalog), OLM Classic's Subscription channel and OLM v1's ClusterExtension channels, version
// range and policy; see side by side where each OLM goes next and the whole walk, every step
// explained, OLM Classic's dependencies, the walks as routes on the graph, and a table of every
// installed entry where the two OLMs differ. It computes nothing: the answers are the protocol's
// upgradePath (with explain) and divergence (core/update/explain.h), drawn as they come.
// It starts on the selection (the bundle selected, in the channel it was selected in); what the
// user sets is the store's `simulator` request (so share links keep it).
import { h } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import htm from 'htm';
import { simulatorRequest } from './simulator-request.js';

const html = htm.bind(h);
const WALK_SHOWN = 6;          // walks longer than this show their ends, the rest on demand
const OTHER = '\u0000other';   // the installed select's value for a bundle no longer in the catalog
const EXAMPLES = [             // ready-made questions, each shown when its package is in the catalog
  { label: 'Seed example', title: '1.0.0 installed (no longer in the catalog): Classic stays, v1 walks to 3.0.0',
    request: { package: 'upgrade-seed', installedBundle: 'upgrade-seed.v1.0.0', installedVersion: '1.0.0' } },
];
// The verdicts' names (core/update/explain.h verdict_name) as people read them.
const VERDICTS = {
  'chosen': 'chosen', 'farther-from-head': 'farther from head', 'legacy-deprecated': 'olm.deprecated',
  'off-chain': 'dropped by channel order', 'lower-version': 'lower version', 'deprecated': 'deprecated',
  'not-in-channels': 'not in channels', 'outside-range': 'outside range', 'not-successor': 'not a successor',
  'unmet-dependencies': 'unmet dependencies',
};

/** SemVer-ish ordering for the installed list only (the core decides everything else). */
export function compareVersions(a, b) {
  const pa = String(a).split(/[.+-]/), pb = String(b).split(/[.+-]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); ++i) {
    const x = pa[i] || '', y = pb[i] || '';
    const nx = /^\d+$/.test(x), ny = /^\d+$/.test(y);
    const c = nx && ny ? Number(x) - Number(y) : x < y ? -1 : x > y ? 1 : 0;
    if (c) return c;
  }
  return 0;
}

const unmetText = (u) => (u.constraint ? u.constraint + ': ' : '') + u.reason + (u.failureMessage ? ' (failureMessage: ' + u.failureMessage + ')' : '');

function Walk({ walk, from }) {
  const steps = Math.max(0, walk.length - (from ? 1 : 0));
  const count = ' (' + steps + ' step' + (steps === 1 ? '' : 's') + ')';
  if (!walk.length) return null;
  if (walk.length <= WALK_SHOWN) return html`<p class="walk">Walk: ${walk.join(' → ')}${count}</p>`;
  return html`<details class="walk"><summary>Walk: ${walk.slice(0, 2).join(' → ')} → … → ${walk.slice(-2).join(' → ')}${count}</summary>
    <p>${walk.join(' → ')}</p></details>`;
}

// OLM Classic's dependencies for its pick: the bundles installed along as a tree under the pick,
// the notes, and every skipped candidate with its unmet constraints.
function Dependencies({ a, from }) {
  const title = html`<h4>Dependencies</h4>`;
  if (!a.dependencies) return html`${title}<p class="note">Not resolved: the answer comes from the upgrade graph alone.</p>`;
  const r = a.resolution;
  if (!r) return html`${title}<p class="note">Not resolved: ${a.error || 'there was no candidate to resolve'}.</p>`;
  const pick = r.installs.find((i) => !i.requiredBy);
  const children = (bundle, depth) => html`<ul class="deps-tree">${r.installs.filter((i) => i.requiredBy === bundle && depth < 32).map((i) => html`<li>
    <span class="name">${i.bundle} (package ${i.package}, channel ${i.channel})</span>
    <span class="edge">${i.constraint}${i.failureMessage ? ' (failureMessage: ' + i.failureMessage + ')' : ''}</span>${children(i.bundle, depth + 1)}</li>`)}</ul>`;
  const tried = r.candidates.filter((c) => c.tried);
  const skipped = tried.filter((c) => !c.chosen && c.unmet.length);
  const along = pick ? r.installs.length - 1 : 0;
  return html`${title}
    ${pick ? html`<ul class="deps-tree" aria-label="Installed along"><li>${pick.bundle}${along ? ' installs ' + along + ' bundle' + (along === 1 ? '' : 's') + ' along:' : ': no dependency to install'}${children(pick.bundle, 0)}</li></ul>`
      : !r.error ? html`<p class="note">${!tried.length ? 'There was no candidate to resolve' + (from ? ': ' + from + ' stays.' : '.')
        : 'No candidate has its dependencies met' + (from ? ': ' + from + ' stays.' : '.')}</p>` : ''}
    ${r.notes.map((n) => html`<p class="note">${n.constraint}: ${n.detail}</p>`)}
    ${skipped.length ? html`<ul class="deps-tree" aria-label="Skipped candidates">${skipped.map((c) => html`<li class="deps-unmet">
      <span class="mark">✗</span>${c.bundle} skipped:<ul>${c.unmet.map((u) => html`<li>${unmetText(u)}</li>`)}</ul></li>`)}</ul>` : ''}`;
}

function Side({ title, olm, a, from }) {
  let headline;
  if (a.error) headline = html`<p class="answer failed">Fails: ${a.error}</p>`;
  else if (!from) headline = html`<p class="answer">${a.next ? 'Installs ' + a.next : 'Installs nothing'}</p>`;
  else if (!a.next || a.next === from) headline = html`<p class="answer">Stays on ${from}</p>`;
  else headline = html`<p class="answer">Next: ${a.next}</p>`;
  return html`<section class="fl-sim-side" data-olm=${olm} aria-label=${title}>
    <h3>${title}</h3>${headline}<${Walk} walk=${a.walk} from=${from} />
    ${'resolution' in a ? html`<${Dependencies} a=${a} from=${from} />` : ''}
    <h4>Why, step by step</h4>
    <ol class="steps">${(a.steps || []).map((s) => html`<li><span>${s.summary}</span>
      ${s.error && !s.summary.includes(s.error) ? html`<div class="answer failed">${s.error}</div>` : ''}
      <ul class="considered">${s.considered.map((c) => html`<li><span class=${'verdict ' + c.verdict}>${VERDICTS[c.verdict] || c.verdict}</span>
        <span>${c.bundle}${c.version ? ' (' + c.version + '): ' : ': '}${c.reason}</span>
        ${c.edges.map((e) => html`<span class="edge">via ${e}</span>`)}${(c.unmet || []).map((u) => html`<span class="edge deps-unmet">unmet: ${unmetText(u)}</span>`)}</li>`)}
        ${s.more ? html`<li class="note">… and ${s.more} more</li>` : ''}</ul>
      ${s.maxOpenShiftVersion ? html`<div class="note">${s.to} declares olm.maxOpenShiftVersion ${s.maxOpenShiftVersion}: it changes no pick, but blocks cluster upgrades past that OpenShift version</div>` : ''}
    </li>`)}</ol>
  </section>`;
}

// Every installed entry, per channel, where the two OLMs differ or Classic strands it.
function Divergence({ report, simulate }) {
  const rows = report.rows.filter((r) => r.differs || r.classicStranded);
  if (!rows.length) return html`<p class="note">Nowhere: for every channel entry installed, with a Subscription and a ClusterExtension on that channel, both OLMs go to the same place.</p>`;
  const cell = (side) => (side.error ? 'fails: ' + side.error : !side.next || side.walk.length < 2 ? 'stays' : side.next + ' … ' + side.walk[side.walk.length - 1]);
  return html`<div class="fl-table-scroll"><table class="fl-sim-table">
    <thead><tr>${['Channel', 'Installed', 'OLM Classic: next … end', 'OLM v1: next … end'].map((t) => html`<th scope="col">${t}</th>`)}
      <th scope="col"><span class="fl-hidden-heading">How they differ</span></th><th scope="col"><span class="fl-hidden-heading">Ask the simulator</span></th></tr></thead>
    <tbody>${rows.map((r) => html`<tr><td class="name">${r.channel}</td><td class="name">${r.installed}</td><td class="name">${cell(r.classic)}</td>
      <td class="name">${cell(r.v1)}</td><td>${r.classicStranded ? 'Classic strands it' : 'differ'}</td>
      <td><button type="button" class="fl-button" aria-label=${'Simulate ' + r.installed + ' in ' + r.channel}
        onClick=${() => simulate({ package: report.package || r.package, installedBundle: r.installed, subscriptionChannel: r.channel, channels: [r.channel] })}>Simulate</button></td></tr>`)}</tbody>
  </table></div>`;
}

export function SimulatorPanel({ state, context }) {
  const pkg = state.selection.package;
  const results = useRef(null);
  const [other, setOther] = useState(false);
  const request = state.catalog && pkg ? simulatorRequest(state) : null;
  const answer = context.answers.get('upgradePath', request);
  // A new question's answer is read from its top, not from where the previous one was scrolled to.
  useEffect(() => {
    const pane = results.current && results.current.closest('.fl-panel');
    if (!pane) return;
    const offset = results.current.getBoundingClientRect().top - pane.getBoundingClientRect().top;
    if (offset < 0 || offset > pane.clientHeight - 60) pane.scrollTop += offset - 8;
  }, [JSON.stringify(request), answer.state]);
  if (!request) return html`<p class="fl-dim">No package selected.</p>`;
  const report = context.answers.get('divergence', { package: pkg });
  const set = (patch) => {
    const next = { ...request, ...patch, package: pkg };
    for (const k of Object.keys(next)) if (next[k] === '' || next[k] === undefined || (Array.isArray(next[k]) && !next[k].length)) delete next[k];
    context.actions.setSimulator(next);
  };
  const simulate = (r) => context.actions.setSimulator({ explain: true, ...r });
  if (report.state === 'pending') return html`<p class="fl-dim">Asking…</p>`;
  if (report.state === 'failed') return html`<p class="fl-bad">No simulation: ${report.error.message}</p>`;
  const rows = report.value.rows;
  const channels = [...new Set(rows.map((r) => r.channel))];
  const bundles = new Map();
  for (const r of rows) bundles.set(r.installed, r.installedVersion);
  const byVersion = [...bundles].sort((a, b) => compareVersions(b[1], a[1]));
  const inList = request.installedBundle && bundles.has(request.installedBundle) && !request.installedVersion;
  const installedValue = !request.installedBundle && !other ? '' : inList ? request.installedBundle : OTHER;
  const from = request.installedBundle || '';
  const onInstalled = (value) => {
    if (value === OTHER) { setOther(true); set({ installedBundle: '', installedVersion: '' }); return; }
    setOther(false);
    set({ installedBundle: value, installedVersion: '' });
  };
  const onEnter = (field) => (e) => { if (e.key === 'Enter') { e.preventDefault(); set({ [field]: e.target.value.trim() }); } };
  return html`<div class="fl-sim">
    <form class="fl-sim-controls" onSubmit=${(e) => e.preventDefault()}>
      <fieldset><legend>Installed</legend>
        <select class="fbclens-sim-installed" aria-label="Installed bundle" value=${installedValue} onChange=${(e) => onInstalled(e.target.value)}>
          <option value="">Fresh install</option>
          ${byVersion.map(([name, v]) => html`<option value=${name}>${v} (${name})</option>`)}
          <option value=${OTHER}>A bundle no longer in the catalog…</option>
        </select>
        ${installedValue === OTHER ? html`<input type="text" aria-label="Installed bundle name (not in the catalog)" placeholder="bundle name"
          value=${request.installedBundle || ''} onChange=${(e) => set({ installedBundle: e.target.value.trim() })} onKeyDown=${onEnter('installedBundle')} />
          <input type="text" aria-label="Installed version (not in the catalog)" placeholder="version, e.g. 1.0.0"
          value=${request.installedVersion || ''} onChange=${(e) => set({ installedVersion: e.target.value.trim() })} onKeyDown=${onEnter('installedVersion')} />` : ''}
        ${EXAMPLES.filter((e) => e.request.package === pkg).map((e) => html`<button type="button" class="fl-button" title=${e.title} onClick=${() => simulate(e.request)}>${e.label}</button>`)}
      </fieldset>
      <fieldset><legend>OLM Classic: Subscription</legend>
        <label>spec.channel <select value=${request.subscriptionChannel || ''} onChange=${(e) => set({ subscriptionChannel: e.target.value })}>
          <option value="">(not set: default channel first)</option>
          ${channels.map((c) => html`<option value=${c}>${c}${c === report.value.defaultChannel ? ' (default)' : ''}</option>`)}</select></label>
        <label><input type="checkbox" checked=${!request.ignoreDependencies} onChange=${(e) => set({ ignoreDependencies: !e.target.checked || undefined })} /> resolve dependencies</label>
        <label>cluster provides <input class="fbclens-sim-cluster" type="text" placeholder="group/version/Kind or package@1.2.3, comma-separated"
          title="What the cluster already has, for Classic's dependencies: APIs as group/version/Kind (/v1/Kind for the core group) or installed packages as package@version. Enter asks again."
          value=${(request.clusterProvides || []).join(', ')} onKeyDown=${(e) => { if (e.key === 'Enter') { e.preventDefault(); set({ clusterProvides: e.target.value.split(/[\s,]+/).filter(Boolean) }); } }}
          onChange=${(e) => set({ clusterProvides: e.target.value.split(/[\s,]+/).filter(Boolean) })} /></label>
      </fieldset>
      <fieldset><legend>OLM v1: ClusterExtension</legend>
        <span role="group" aria-label="OLM v1 channels (none checked: all)"><span class="note">channels:</span>
          ${channels.map((c) => html`<label><input type="checkbox" value=${c} checked=${(request.channels || []).includes(c)}
            onChange=${(e) => set({ channels: e.target.checked ? [...(request.channels || []), c] : (request.channels || []).filter((x) => x !== c) })} /> ${c}</label>`)}</span>
        <label>version <input type="text" placeholder="range, e.g. >=1.0.0 <3.0.0" value=${request.version || ''}
          onChange=${(e) => set({ version: e.target.value.trim() })} onKeyDown=${onEnter('version')} /></label>
        <label>policy <select value=${request.policy || 'CatalogProvided'} onChange=${(e) => set({ policy: e.target.value === 'CatalogProvided' ? '' : e.target.value })}>
          <option>CatalogProvided</option><option>SelfCertified</option></select></label>
      </fieldset>
    </form>
    <p class="note">On the graph: the amber band is OLM Classic's walk, the violet band OLM v1's.</p>
    <div ref=${results} class="fl-sim-results" role="status" aria-live="polite" aria-label="Simulation">
      ${answer.state === 'pending' ? html`<p class="fl-dim">Simulating…</p>`
        : answer.state === 'failed' ? html`<p class="fl-bad">No simulation: ${answer.error.message}</p>`
          : html`<div class="fl-sim-sides"><${Side} title="OLM Classic" olm="classic" a=${answer.value.classic} from=${from} />
            <${Side} title="OLM v1" olm="v1" a=${answer.value.v1} from=${from} /></div>`}
    </div>
    <h3>Where the two OLMs differ</h3>
    <${Divergence} report=${{ ...report.value, package: pkg }} simulate=${simulate} />
  </div>`;
}
