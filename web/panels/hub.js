// The OperatorHub panel: what the OpenShift console shows for the selected package (the
// hubPreview answer, core/export/hub_json.h, drawn as it is): the tile and the details with the
// console's channel and version dropdowns, per console version; beside it the author view: every
// deprecation message with its scope, and the core's advice about the package (FBC41xx hidden,
// FBC42xx deprecations, FBC44xx messages). Catalog text goes in as text only.
import { h } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import htm from 'htm';

const html = htm.bind(h);
/** The console versions the preview knows, oldest first, when the worker does not list them. */
export const FALLBACK_CONSOLES = { names: ['4.16', '4.17', '4.18', '4.19', '4.20', '4.21'], default: '4.21' };
const HUB_ADVICE = /^FBC4[124]/;
const DEPRECATED_PREFIX = 'Deprecated: ';  // the option tooltips' prefix (hub_preview.h)
// The hiddenReasons codes (core/hub/hub_preview.h) as the author reads them.
const HIDDEN_REASONS = {
  'no-default-channel': 'the package names no default channel',
  'no-channel-with-csv': 'no channel head carries a CSV (olm.csv.metadata or the CSV in olm.bundle.object), so package-server lists no PackageManifest for it',
  'non-standalone': 'the default channel head is a non-standalone operator (operators.operatorframework.io/operator-type: non-standalone)',
  'os-arch-unsupported': 'the default channel head\'s operatorframework.io/os and arch labels exclude linux/amd64',
};

/**
 * The console versions to offer, {names (oldest first), default}: the worker's `consoles` answer
 * (core/hub/consoles.h, put in context.consoles once the worker has started), else
 * FALLBACK_CONSOLES while it has not answered.
 */
export function consoleVersions(context) {
  const list = context.consoles;
  return list && list.names.length ? list : FALLBACK_CONSOLES;
}

const badge = (b) => html`<span class="pf-label" title=${b.tooltip} aria-label=${b.text + ': ' + b.tooltip}><span class="icon" aria-hidden="true">⚠</span>${b.text}</span>`;
const findingScope = (f) => (f.bundle ? 'bundle ' + f.bundle : f.channel ? 'channel ' + f.channel : 'package ' + f.package);

function Select({ label, options, value, onChange }) {
  return html`<select aria-label=${label} value=${value === null ? undefined : value} onChange=${(e) => onChange(e.target.value)}>
    ${options.map((o) => html`<option value=${o.value} title=${o.tooltip || ''}>${(o.deprecated ? '⚠ ' : '') + o.text}</option>`)}
  </select>`;
}

function Icon({ tile, name }) {
  const icon = tile.icon;
  if (icon && icon.base64data && /^image\/(svg\+xml|png|jpeg|gif)$/.test(icon.mediatype || '')) {
    return html`<img class="pf-icon" alt="" src=${'data:' + icon.mediatype + ';base64,' + icon.base64data} />`;
  }
  return html`<span class="pf-icon" aria-hidden="true">${(tile.title || name || '?').slice(0, 1).toUpperCase()}</span>`;
}

function ConsoleView({ p, choose }) {
  const pf = p.console >= '4.19' ? '6' : '5', catalog = p.console >= '4.20';
  const t = p.tile, d = p.details;
  const provider = t && t.provider;
  const versions = p.versions.map((v) => ({ value: v.version, text: v.version, deprecated: v.deprecated, tooltip: v.tooltip }));
  if (p.selectedVersion !== null && !versions.some((v) => v.value === p.selectedVersion)) {
    versions.unshift({ value: p.selectedVersion, text: p.selectedVersion + ' (preselected, not listed)' });
  }
  return html`<div class="fbclens-hub-console" data-pf=${pf} data-console=${p.console}>
    <p class="pf-caption">OpenShift ${p.console} console, ${catalog ? 'Software Catalog' : 'OperatorHub'} (PatternFly ${pf})</p>
    ${!p.visible ? html`<div class="pf-hidden" role="note"><strong>Not listed in ${catalog ? 'the Software Catalog' : 'OperatorHub'}:</strong>
      <ul>${p.hiddenReasons.map((r) => html`<li>${HIDDEN_REASONS[r] || r} <span class="fl-dim">(${r})</span></li>`)}</ul>
      ${t ? html`<p>What the console would show when opened by its URL:</p>` : ''}</div>` : ''}
    ${t ? html`<p class="pf-caption">Tile</p><article class="pf-tile" aria-label="Tile">
      <div class="pf-tile-top"><${Icon} tile=${t} name=${p.package} />${catalog && t.deprecatedBadge ? badge(t.deprecatedBadge) : ''}</div>
      <div class="pf-tile-title">${t.title}</div>
      ${provider ? html`<div class="pf-provider">${(catalog ? 'Provided by ' : 'provided by ') + provider}</div>` : ''}
      ${!catalog && t.deprecatedBadge ? badge(t.deprecatedBadge) : ''}
    </article>` : ''}
    ${d ? html`<p class="pf-caption">${catalog ? 'Details panel' : 'Details modal'}</p><article class="pf-details" aria-label="Details">
      ${catalog && d.deprecatedBadge ? html`<div class="pf-badges">${badge(d.deprecatedBadge)}</div>` : ''}
      <div class="pf-details-head"><h3 class="pf-details-title">${d.title}</h3>${!catalog && d.deprecatedBadge ? badge(d.deprecatedBadge) : ''}</div>
      ${provider ? html`<div class="pf-provider">${catalog ? 'Provided by ' + provider : (p.selectedVersion || '') + ' provided by ' + provider}</div>` : ''}
      ${d.alert ? html`<div class="pf-alert" aria-label="Warning alert"><p class="pf-alert-title"><span class="icon" aria-hidden="true">⚠</span>
        <span class="pf-alert-title-text">${d.alert.title}</span></p>${d.alert.messages.map((m) => html`<p class="pre pf-alert-message">${m}</p>`)}</div>` : ''}
      <div class="pf-fields">
        <label>Channel</label><${Select} label="Channel" value=${p.selectedChannel}
          options=${p.channels.map((c) => ({ value: c.name, text: c.name, deprecated: c.deprecated, tooltip: c.tooltip }))}
          onChange=${(v) => choose({ channel: v, version: '' })} />
        <label>Version</label><${Select} label="Version" value=${p.selectedVersion} options=${versions} onChange=${(v) => choose({ version: v })} />
      </div>
      ${p.installNote ? html`<div class="pf-alert info" role="note"><p class="pf-alert-title"><span class="icon" aria-hidden="true">ℹ</span>
        <span>On the install page</span></p><p class="pre">${p.installNote}</p></div>` : ''}
    </article>` : ''}
  </div>`;
}

// Every deprecation message the preview knows, labelled with its scope (the alert's lines, then
// the other deprecated channels and versions from their options' tooltips), and the warnings.
function AuthorView({ p, findings }) {
  const alert = p.details && p.details.alert ? p.details.alert.messages : [];
  const channelOption = p.channels.find((c) => c.name === p.selectedChannel);
  const versionOption = p.versions.find((v) => v.version === p.selectedVersion);
  const scopes = [];
  if (p.tile && p.tile.deprecatedBadge) scopes.push('package ' + p.package);
  if (channelOption && channelOption.deprecated) scopes.push('channel ' + channelOption.name);
  if (versionOption && versionOption.deprecated) scopes.push('bundle ' + versionOption.bundle + ' (' + versionOption.version + ')');
  const messages = alert.map((m, i) => ({ scope: scopes.length === alert.length ? scopes[i] : '(scope unknown)', text: m, shown: true }));
  const unprefixed = (tip) => (tip && tip.startsWith(DEPRECATED_PREFIX) ? tip.slice(DEPRECATED_PREFIX.length) : tip || '');
  for (const c of p.channels) if (c.deprecated && c.name !== p.selectedChannel) messages.push({ scope: 'channel ' + c.name, text: unprefixed(c.tooltip) });
  for (const v of p.versions) if (v.deprecated && v !== versionOption) messages.push({ scope: 'bundle ' + v.bundle + ' (' + v.version + ')', text: unprefixed(v.tooltip) });
  const warnings = [];
  if (alert.length > 1) {
    warnings.push('Overlapping deprecations: the alert shows ' + alert.length + ' messages (' + scopes.join(', ') +
      ') one under the other with no scope, so users cannot tell which applies to what.');
  }
  const others = p.channels.filter((c) => c.deprecated && c.name !== p.selectedChannel).map((c) => c.name);
  if (p.tile && p.tile.deprecatedBadge && others.length) {
    warnings.push('Overlapping deprecations: the package is deprecated, and so is channel ' + others.join(', ') +
      '; choosing it shows both messages in one alert with no scope.');
  }
  const advice = findings.filter((f) => f.package === p.package && HUB_ADVICE.test(f.code));
  return html`<div class="fbclens-hub-author">
    <h3>Author view: deprecations by scope</h3>
    ${messages.length ? html`<ul>${messages.map((m) => html`<li><span class="scope">${m.scope}: </span>${m.shown ? html`<span class="shown">(in the alert now) </span>` : ''}<span class="pre">${m.text}</span></li>`)}</ul>`
      : html`<p class="fl-dim">No deprecation in this selection or its dropdowns.</p>`}
    <h4>Warnings</h4>
    ${warnings.length || advice.length ? html`<ul>${warnings.map((w) => html`<li class="warn">${w}</li>`)}${advice.map((f) => html`<li class="warn">
      <span class="scope">${findingScope(f)}: </span><span class="pre">${f.message} </span><span class="code">${f.code} ${f.severity}</span></li>`)}</ul>`
      : html`<p class="fl-dim">None.</p>`}
  </div>`;
}

export function HubPanel({ state, context }) {
  const pkg = state.selection.package;
  // The console's channel dropdown starts on the channel selected in the graph or the explorer
  // (the console's own default when that is the default channel); picking in the dropdowns here
  // changes only this preview.
  const follow = () => ({ package: pkg, channel: state.selection.channel, version: '' });
  const [choice, setChoice] = useState(follow);
  useEffect(() => setChoice(follow()), [pkg, state.selection.channel]);
  if (!state.catalog) return html`<p class="fl-dim">No catalog loaded.</p>`;
  if (!pkg) return html`<p class="fl-dim">The catalog has no package to preview.</p>`;
  const { names: consoles, default: defaultConsole } = consoleVersions(context);
  const console_ = consoles.includes(state.console) ? state.console : defaultConsole;
  const request = { package: pkg, console: console_ };
  if (choice.package === pkg && choice.channel) request.channel = choice.channel;
  if (choice.package === pkg && choice.version) request.version = choice.version;
  const answer = context.answers.get('hubPreview', request);
  return html`<div class="fbclens-hub">
    <div class="fbclens-hub-controls">
      <span>What the OpenShift console shows for <b>${pkg}</b></span>
      <label>Console <select value=${console_} aria-label="Console version" onChange=${(e) => context.actions.setConsole(e.target.value)}>
        ${consoles.map((v) => html`<option value=${v}>${v}</option>`)}</select></label>
    </div>
    ${answer.state === 'pending' ? html`<p class="fl-dim">Asking…</p>`
      : answer.state === 'failed' ? html`<p class="fl-bad">No preview: ${answer.error.message}</p>`
        : html`<div class="fbclens-hub-views">
          <${ConsoleView} p=${answer.value} choose=${(patch) => setChoice({ ...choice, package: pkg, ...patch })} />
          <${AuthorView} p=${answer.value} findings=${state.catalog.summary.findings} />
        </div>`}
  </div>`;
}
