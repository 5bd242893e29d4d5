/*
 * "Compare with…" as DOM (a panel of each FbclensApp instance, web/page.js): open an older version
 * of the catalog shown (a folder, files or a .tar.gz) and see what changed, as `fbclens diff OLD NEW`
 * says it (core/diff, the protocol's `compare`): packages, channels, channel entries and bundles
 * added and removed, default channels, changed replaces / skips / skipRange, deprecations added
 * and removed, and where OLM Classic's and OLM v1's upgrades changed or a bundle became stranded.
 * On the graph, entries the older catalog lacks get a green ring and entries whose edges changed
 * an amber one; each listed change is a button that shows it. It computes nothing: the lists are
 * the diff's JSON, drawn as they come; catalog text goes into the DOM through textContent only.
 *
 *   const compare = FbclensCompare.create(section, {
 *     ask(files),          // → Promise of the compare answer {old, diff} (FbclensClient.compareFiles)
 *     mark(changes),       // {packages: [name], added: [{package, channel, bundle}], changed: [...]}
 *                          // or null: the graph's rings (every entry of an added package is added)
 *     show({package, channel, bundle}),  // selects that in the app
 *   });
 *   compare.open(files)    compares `files` (FileList, File[] or [{path, data}]) → the answer
 *   compare.clear()        forgets the comparison (a new catalog was loaded)
 *   compare.last()         the last answer, or null
 */
(function (root) {
  'use strict';

  const STYLE = `
.fbclens-compare { flex: none; max-height: 30vh; overflow: auto; border-top: 1px solid var(--line); padding: 0 12px; }
.fbclens-compare[hidden] { display: none; }
.fbclens-compare-head { display: flex; flex-wrap: wrap; gap: 10px; align-items: center; padding: 4px 0; color: var(--dim); }
.fbclens-compare-head h2 { display: inline; font: inherit; margin: 0; color: var(--fg); }
.fbclens-compare button { font: inherit; background: var(--button); color: var(--fg); border: 1px solid var(--button-line);
  border-radius: 4px; padding: 1px 8px; cursor: pointer; }
.fbclens-compare ul { margin: 0 0 6px; padding-left: 18px; font-size: 13px; }
.fbclens-compare li button { all: unset; display: block; cursor: pointer; overflow-wrap: anywhere; }
.fbclens-compare li button:focus-visible, .fbclens-compare button:focus-visible { outline: 2px solid var(--accent); }
.fbclens-compare h3 { font-size: 13px; margin: 6px 0 2px; }
.fbclens-compare .added::marker { content: "+ "; color: #2ebf59; }
.fbclens-compare .removed::marker { content: "− "; color: var(--bad); }
.fbclens-compare .changed::marker { content: "~ "; color: #f28c1a; }
.fbclens-compare .key-added { color: #2ebf59; } .fbclens-compare .key-changed { color: #f28c1a; }`;

  function el(tag, props = {}, children = []) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(props)) {
      if (k === 'text') e.textContent = v;
      else e.setAttribute(k, v);
    }
    for (const c of children) e.append(c);
    return e;
  }

  function create(section, { ask, mark, show }) {
    section.hidden = true;
    section.append(el('style', { text: STYLE }));
    const head = el('div', { class: 'fbclens-compare-head' });
    const body = el('div');
    section.append(head, body);
    let last = null, asked = 0;

    const item = (cls, text, target) => {
      const li = el('li', { class: cls });
      if (!target) { li.textContent = text; return li; }
      const b = el('button', { type: 'button', text });
      b.addEventListener('click', () => show(target));
      li.append(b);
      return li;
    };
    const group = (title, items) => (items.length ? [el('h3', { text: title + ' (' + items.length + ')' }), el('ul', {}, items)] : []);
    // An OLM's answer for one installed entry: its next step and where its walk ends.
    const outcome = (o) => (o.error ? 'error (' + o.error + ')' : (o.next ? 'next ' + o.next : 'stays') + (o.end && o.end !== o.next ? ', ends at ' + o.end : ''));
    const orNone = (v) => (v === null || v === undefined || v === '' ? '(none)' : String(v));

    function render(answer) {
      const d = answer.diff;
      const count = ['packages', 'channels', 'entries', 'bundles', 'deprecations']
        .reduce((n, k) => n + d[k].added.length + d[k].removed.length, 0) + d.defaultChannels.length + d.edges.length + d.upgrades.length;
      const clear = el('button', { type: 'button', text: 'Clear' });
      clear.addEventListener('click', () => api.clear());
      head.replaceChildren(el('h2', { text: 'Changes' }),
        el('span', { text: count ? count + ' since the older catalog (' + answer.old.files + ' files, ' + answer.old.bundles + ' bundles, ' + answer.old.verdict + ')'
          : 'None: the older catalog (' + answer.old.files + ' files) has the same packages, channels, entries, edges and deprecations' }),
        el('span', {}, [el('span', { class: 'key-added', text: '◯ ' }), 'added entry  ', el('span', { class: 'key-changed', text: '◯ ' }), 'edges changed']),
        clear);
      const pkg = (p) => ({ package: p, channel: '', bundle: '' });
      const entry = (e) => ({ package: e.package, channel: e.channel, bundle: e.bundle || '' });
      body.replaceChildren(
        ...group('Packages', d.packages.added.map((p) => item('added', p, pkg(p))).concat(d.packages.removed.map((p) => item('removed', p)))),
        ...group('Channels', d.channels.added.map((c) => item('added', c.package + ' / ' + c.channel, entry(c)))
          .concat(d.channels.removed.map((c) => item('removed', c.package + ' / ' + c.channel)))),
        ...group('Default channels', d.defaultChannels.map((c) => item('changed', c.package + ': ' + orNone(c.old) + ' → ' + orNone(c.new), pkg(c.package)))),
        ...group('Channel entries', d.entries.added.map((e) => item('added', e.package + ' / ' + e.channel + ': ' + e.bundle, entry(e)))
          .concat(d.entries.removed.map((e) => item('removed', e.package + ' / ' + e.channel + ': ' + e.bundle)))),
        ...group('Edges', d.edges.map((e) => item('changed', e.package + ' / ' + e.channel + ': ' + e.bundle + ' ' + e.field + ' ' +
          orNone(Array.isArray(e.old) ? e.old.join(', ') : e.old) + ' → ' + orNone(Array.isArray(e.new) ? e.new.join(', ') : e.new), entry(e)))),
        ...group('Bundles', d.bundles.added.map((b) => item('added', b.package + ': ' + b.bundle))
          .concat(d.bundles.removed.map((b) => item('removed', b.package + ': ' + b.bundle)))),
        ...group('Deprecations', d.deprecations.added.map((x) => item('added', x.package + ' ' + x.schema + (x.name ? ' ' + x.name : '') + ': ' + x.message, pkg(x.package)))
          .concat(d.deprecations.removed.map((x) => item('removed', x.package + ' ' + x.schema + (x.name ? ' ' + x.name : '') + ': ' + x.message)))),
        ...group('Upgrades', d.upgrades.map((u) => item('changed', u.package + ' / ' + u.channel + ' from ' + u.installed + ': Classic ' +
          outcome(u.classic.old) + ' → ' + outcome(u.classic.new) + ', v1 ' + outcome(u.v1.old) + ' → ' + outcome(u.v1.new) +
          (u.stranded.new && !u.stranded.old ? ' (now stranded)' : u.stranded.old && !u.stranded.new ? ' (no longer stranded)' : ''),
        { package: u.package, channel: u.channel, bundle: u.installed }))));
    }

    const api = {
      async open(files) {
        const call = ++asked;
        section.hidden = false;
        head.replaceChildren(el('h2', { text: 'Changes' }), el('span', { text: 'Comparing…' }));
        body.replaceChildren();
        try {
          const answer = await ask(files);
          if (call !== asked) return null;
          last = answer;
          render(answer);
          mark({ packages: answer.diff.packages.added, added: answer.diff.entries.added, changed: answer.diff.edges.map((e) => ({ package: e.package, channel: e.channel, bundle: e.bundle })) });
          return answer;
        } catch (error) {
          if (call !== asked) return null;
          head.replaceChildren(el('h2', { text: 'Changes' }), el('span', { text: 'Could not compare: ' + error.message }));
          throw error;
        }
      },
      clear() {
        asked++;
        last = null;
        section.hidden = true;
        head.replaceChildren();
        body.replaceChildren();
        mark(null);
      },
      last: () => last,
    };
    return api;
  }

  root.FbclensCompare = { create };
})(typeof globalThis !== 'undefined' ? globalThis : this);
