// The Bundle panel: the selected channel entry's bundle in full (the `bundle` answer,
// core/view/bundle_details.h) and where each OLM takes a cluster that has it installed and follows
// the channel it was selected in (the same upgradePath answer the simulator shows).
import { h } from 'preact';
import htm from 'htm';
import { selectionRequest, outcomeText } from './simulator-request.js';

const html = htm.bind(h);

function Row({ name, value, mono }) {
  if (value === undefined || value === null || value === '') return null;
  return html`<dt>${name}</dt><dd class=${mono ? 'fl-mono' : ''}>${String(value)}</dd>`;
}

/** Where OLM Classic and OLM v1 go from the selected bundle, in the channel it was selected in. */
function IfInstalled({ state, context }) {
  const sel = state.selection;
  const request = selectionRequest(sel);
  const answer = context.answers.get('upgradePath', request);
  const title = html`<h3>If ${sel.bundle} is installed <span class="fl-dim">(subscribed to channel ${sel.channel})</span></h3>`;
  if (answer.state === 'pending') return html`${title}<p class="fl-dim">Asking…</p>`;
  if (answer.state === 'failed') return html`${title}<p class="fl-bad">Upgrade paths unavailable: ${answer.error.message}</p>`;
  const a = answer.value;
  const resolution = a.classic && a.classic.resolution;
  const along = resolution && resolution.installs ? resolution.installs.filter((i) => i.requiredBy) : [];
  const skipped = resolution && resolution.candidates ? resolution.candidates.filter((c) => c.tried && !c.chosen && c.unmet && c.unmet.length) : [];
  return html`${title}
    <dl class="fl-facts">
      <dt><span class="fl-route classic"></span>OLM Classic</dt><dd>${outcomeText(a.classic)}</dd>
      <dt><span class="fl-route v1"></span>OLM v1</dt><dd>${outcomeText(a.v1)}</dd>
      ${along.length ? html`<dt>installs along</dt><dd>${along.map((i) => i.bundle + ' (' + i.package + ')').join(', ')}</dd>` : ''}
      ${skipped.length ? html`<dt>skipped</dt><dd>${skipped.map((c) => c.bundle + ': unmet ' + c.unmet.map((u) => u.constraint).join(', ')).join('; ')}</dd>` : ''}
    </dl>
    <button type="button" class="fl-button" onClick=${() => { context.actions.setSimulator(null); context.actions.openPanel('simulator'); }}>
      Explain step by step in the simulator</button>`;
}

export function BundlePanel({ state, context }) {
  const sel = state.selection;
  if (!state.catalog || !sel.package) return html`<p class="fl-dim">No package selected.</p>`;
  const channel = state.catalog.index.channel(sel.package, sel.channel);
  if (!sel.bundle) {
    return html`<div class="fl-bundle">
      <h3>Channel ${sel.channel} <span class="fl-dim">of ${sel.package}</span></h3>
      ${channel ? html`<dl class="fl-facts">
        <${Row} name="default channel" value=${channel.isDefault ? 'yes' : 'no'} />
        <${Row} name="entries" value=${channel.bundles.length} />
        <${Row} name="channel head" value=${channel.bundles.filter((b) => b.head).map((b) => b.name).join(', ')} mono />
        <${Row} name="deprecated" value=${channel.deprecation} />
        <${Row} name="declared at" value=${channel.where} mono />
      </dl>` : ''}
      <p class="fl-dim">Select a bundle in the graph or the explorer to see it in full and where each OLM takes it.</p>
    </div>`;
  }
  const details = context.answers.get('bundle', { package: sel.package, channel: sel.channel, bundle: sel.bundle });
  if (details.state === 'pending') return html`<p class="fl-dim">Asking…</p>`;
  if (details.state === 'failed') return html`<p class="fl-bad">${details.error.message}</p>`;
  const d = details.value;
  return html`<div class="fl-bundle" aria-label=${'Bundle ' + d.name}>
    <h3>${d.name}</h3>
    <dl class="fl-facts">
      <${Row} name="package" value=${d.package} />
      <${Row} name="channel" value=${d.channel} />
      <${Row} name="version" value=${d.version + (d.release ? ' (release ' + d.release + ')' : '')} />
      <${Row} name="image" value=${d.image} mono />
      <${Row} name="declared at" value=${d.where || '(no olm.bundle: the channel lists a bundle the catalog lacks)'} mono />
      <${Row} name="channel head" value=${d.head ? 'yes' : ''} />
      <${Row} name="deprecated" value=${d.deprecation} />
      <${Row} name="replaces" value=${d.replaces} mono />
      <${Row} name="skips" value=${(d.skips || []).join(', ')} mono />
      <${Row} name="skipRange" value=${d.skipRange} mono />
    </dl>
    <${IfInstalled} state=${state} context=${context} />
    ${d.properties.length ? html`<h3>Properties</h3><ul class="fl-props">${d.properties.map((p) => html`<li class="fl-mono"><b>${p.type}</b> ${p.value}${p.truncated ? ' …' : ''}</li>`)}</ul>` : ''}
    ${d.relatedImages.length ? html`<h3>Related images</h3><ul class="fl-props">${d.relatedImages.map((r) => html`<li class="fl-mono">${r.name ? r.name + ': ' : ''}${r.image}</li>`)}</ul>` : ''}
  </div>`;
}
