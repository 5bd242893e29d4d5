/*
 * The upgrade simulator as DOM (a panel of each FbclensApp instance, web/page.js): pick an installed
 * bundle (or a fresh install, or a bundle no longer in the catalog), OLM Classic's Subscription
 * channel and OLM v1's ClusterExtension channels, version range and upgrade-constraint policy; see
 * side by side where each OLM goes next and the whole walk, every step explained (which entry's
 * replaces / skips / skipRange made the target a candidate and why the others lost), the walks as
 * routes on the graph, and a table of every installed entry where the two OLMs differ.
 * OLM Classic's side also has a "Dependencies" section (issue 15): what its pick installs along (a
 * small tree: each bundle under the one whose dependency pulled it in), the constraints of the
 * candidates it skipped marked unmet, and an editable list of what the cluster already provides
 * (upgradePath's clusterProvides; ignoreDependencies answers from the graph alone).
 *
 * It computes nothing: the answers are the protocol's upgradePath (with explain) and divergence
 * (wasm/protocol.cpp, core/update/explain.h), drawn as they come. Catalog text goes into the DOM
 * through textContent only.
 *
 *   const sim = FbclensSimulator.create(section, {
 *     ask(op, args),      // → Promise of the operation's parsed answer
 *     highlight(routes),  // {classic: [bundle...], v1: [bundle...]} or null: the routes on the graph
 *     showPackage(name),  // asks the app to select another package (it then calls follow)
 *   });
 *   sim.follow(packageName)   the app's selected package (resets the inputs to their defaults)
 *   sim.simulate(request)     sets the inputs from an upgradePath request and runs it → the answer
 *                             (null when it failed or a newer question came first)
 *   sim.reload()              the catalog changed: ask again
 *   sim.open(bool), sim.last()
 */
(function (root) {
  'use strict';

  const STYLE = `
.fbclens-sim { --route-classic: #e8960f; --route-v1: #b07cf0; max-height: clamp(30%, calc(100% - 480px), 50%); overflow: auto; border-top: 1px solid var(--line); padding: 0 12px; }
.fbclens-sim > details > summary { cursor: pointer; padding: 4px 0; color: var(--dim); position: sticky; top: 0; z-index: 1; background: var(--bg); }
.fbclens-sim > details > summary h2 { display: inline; font: inherit; margin: 0; }
.fbclens-sim-controls { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: flex-start; padding: 4px 0 8px; }
.fbclens-sim fieldset { border: 1px solid var(--line); border-radius: 4px; padding: 4px 10px 8px; margin: 0;
  display: flex; flex-wrap: wrap; gap: 6px 10px; align-items: center; }
.fbclens-sim legend { color: var(--dim); padding: 0 4px; }
.fbclens-sim select, .fbclens-sim input[type=text] { font: inherit; background: var(--button); color: var(--fg);
  border: 1px solid var(--button-line); border-radius: 3px; padding: 2px 6px; max-width: 22em; }
.fbclens-sim input[type=text] { width: 11em; }
.fbclens-sim button { font: inherit; background: var(--button); color: var(--fg); border: 1px solid var(--button-line);
  border-radius: 4px; padding: 2px 10px; cursor: pointer; }
.fbclens-sim button:focus-visible, .fbclens-sim select:focus-visible, .fbclens-sim input:focus-visible { outline: 2px solid var(--accent); }
.fbclens-sim-message { color: var(--dim); }
.fbclens-sim-message.failed { color: var(--bad); }
.fbclens-sim-sides { display: grid; grid-template-columns: repeat(auto-fit, minmax(320px, 1fr)); gap: 12px; align-items: start; }
.fbclens-sim-side { border: 1px solid var(--line); border-radius: 4px; padding: 8px 12px; }
.fbclens-sim-side[data-olm=classic] { border-left: 4px solid var(--route-classic); }
.fbclens-sim-side[data-olm=v1] { border-left: 4px solid var(--route-v1); }
.fbclens-sim h3 { font-size: 14px; margin: 0 0 6px; }
.fbclens-sim h4 { font-size: 13px; margin: 10px 0 4px; }
.fbclens-sim .answer { font-weight: 600; margin: 0 0 4px; }
.fbclens-sim .answer.failed { color: var(--bad); }
.fbclens-sim .walk { font: 12px ui-monospace, monospace; overflow-wrap: anywhere; margin: 0 0 6px; }
.fbclens-sim ol.steps { margin: 0; padding-left: 20px; }
.fbclens-sim ol.steps > li { margin: 6px 0; }
.fbclens-sim ul.considered { margin: 2px 0; padding-left: 16px; list-style: none; font-size: 13px; }
.fbclens-sim ul.considered li { margin: 2px 0; }
.fbclens-sim .verdict { font: 11px ui-monospace, monospace; border: 1px solid var(--line); border-radius: 8px; padding: 0 5px; margin-right: 4px; }
.fbclens-sim .verdict.chosen { border-color: var(--good); color: var(--good); }
.fbclens-sim .edge { display: block; color: var(--dim); font: 12px ui-monospace, monospace; padding-left: 12px; overflow-wrap: anywhere; }
.fbclens-sim .note { color: var(--dim); font-size: 12px; }
.fbclens-sim table { border-collapse: collapse; font-size: 13px; margin-bottom: 12px; }
.fbclens-sim th, .fbclens-sim td { border-bottom: 1px solid var(--line); padding: 3px 8px; text-align: left; vertical-align: top; }
.fbclens-sim td.name { font: 12px ui-monospace, monospace; overflow-wrap: anywhere; }
.fbclens-sim input.fbclens-sim-cluster { width: 22em; }
.fbclens-sim ul.deps-tree { margin: 2px 0; padding-left: 16px; font-size: 13px; }
.fbclens-sim ul.deps-tree ul { padding-left: 16px; }
.fbclens-sim .deps-unmet { color: var(--bad); }
.fbclens-sim .deps-unmet .mark { font-weight: 600; margin-right: 4px; }`;

  const TEMPLATE = `<style>${STYLE}</style>
<details class="fbclens-sim-toggle">
  <summary><h2>Upgrade simulator</h2> <span class="fbclens-sim-package"></span></summary>
  <form class="fbclens-sim-controls" onsubmit="return false">
    <fieldset><legend>Installed</legend>
      <select class="fbclens-sim-installed" aria-label="Installed bundle"></select>
      <input class="fbclens-sim-other-name" type="text" aria-label="Installed bundle name (not in the catalog)" placeholder="bundle name" hidden>
      <input class="fbclens-sim-other-version" type="text" aria-label="Installed version (not in the catalog)" placeholder="version, e.g. 1.0.0" hidden>
      <span class="fbclens-sim-examples"></span>
    </fieldset>
    <fieldset><legend>OLM Classic: Subscription</legend>
      <label>spec.channel <select class="fbclens-sim-classic-channel"></select></label>
      <label><input class="fbclens-sim-deps" type="checkbox" checked> resolve dependencies</label>
      <label>cluster provides <input class="fbclens-sim-cluster" type="text"
        placeholder="group/version/Kind or package@1.2.3, comma-separated"
        title="What the cluster already has, for Classic's dependencies: APIs as group/version/Kind (/v1/Kind for the core group) or installed packages as package@version. Enter asks again."></label>
    </fieldset>
    <fieldset><legend>OLM v1: ClusterExtension</legend>
      <span class="fbclens-sim-v1-channels" role="group" aria-label="OLM v1 channels (none checked: all)"></span>
      <label>version <input class="fbclens-sim-version" type="text" placeholder="range, e.g. >=1.0.0 <3.0.0"></label>
      <label>policy <select class="fbclens-sim-policy"><option>CatalogProvided</option><option>SelfCertified</option></select></label>
    </fieldset>
    <span class="fbclens-sim-message" role="status"></span>
  </form>
  <p class="note">On the graph: the amber band is OLM Classic's walk, the violet band OLM v1's.</p>
  <div class="fbclens-sim-sides">
    <section class="fbclens-sim-side" data-olm="classic" aria-label="OLM Classic"></section>
    <section class="fbclens-sim-side" data-olm="v1" aria-label="OLM v1"></section>
  </div>
  <h3 class="fbclens-sim-table-title">Where the two OLMs differ</h3>
  <div class="fbclens-sim-divergence"></div>
</details>`;

  const WALK_SHOWN = 6;      // walks longer than this show their ends, the rest on demand
  const FRESH = '';          // the installed select's value for a fresh install
  const OTHER = '\u0000other';  // ... and for a bundle no longer in the catalog

  // Ready-made questions, each shown when its package is in the catalog: rows, not code paths.
  const EXAMPLES = [
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

  function el(tag, props = {}, children = []) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props)) {
      if (value === undefined || value === null || value === false) continue;
      if (key === 'text') node.textContent = value;
      else if (key === 'class') node.className = value;
      else node.setAttribute(key, value === true ? '' : value);
    }
    node.append(...children.filter(Boolean));
    return node;
  }

  function create(section, { ask, highlight, showPackage }) {
    section.innerHTML = TEMPLATE;
    const part = (name) => section.querySelector('.fbclens-sim-' + name);
    const toggle = part('toggle'), installed = part('installed'), otherName = part('other-name');
    const otherVersion = part('other-version'), classicChannel = part('classic-channel'), v1Channels = part('v1-channels');
    const version = part('version'), policy = part('policy'), message = part('message'), examples = part('examples');
    const depsBox = part('deps'), cluster = part('cluster');
    const classicSide = section.querySelector('[data-olm=classic]'), v1Side = section.querySelector('[data-olm=v1]');
    const divergenceView = part('divergence'), packageLabel = part('package');
    let pkg = '', report = null, last = null;
    let loads = 0, loading = null;    // package loads so far; the one in flight {pkg, promise}
    let asked = 0, inflight = null;   // questions so far; the one in flight {key, promise}

    const option = (value, text) => el('option', { value, text });

    // The package's channels and entries, from its divergence report (every channel entry once per
    // channel, with its version): the inputs' choices, and the table. Resolves true when loaded,
    // false when it failed, null when a newer question superseded it.
    async function loadPackage() {
      const call = ++loads;
      message.textContent = 'Asking…';
      message.className = 'fbclens-sim-message';
      try {
        const r = await ask('divergence', { package: pkg });
        if (call !== loads) return null;
        report = r;
      } catch (error) {
        if (call !== loads) return null;
        report = null;
        message.textContent = 'No simulation: ' + error.message;
        message.className = 'fbclens-sim-message failed';
        return false;
      }
      const channels = [...new Set(report.rows.map((r) => r.channel))];
      const bundles = new Map();  // name → version, newest first below
      for (const r of report.rows) bundles.set(r.installed, r.installedVersion);
      const byVersion = [...bundles].sort((a, b) => compareVersions(b[1], a[1]));
      installed.replaceChildren(option(FRESH, 'Fresh install'),
        ...byVersion.map(([name, v]) => option(name, v + ' (' + name + ')')),
        option(OTHER, 'A bundle no longer in the catalog…'));
      classicChannel.replaceChildren(option('', '(not set: default channel first)'),
        ...channels.map((c) => option(c, c + (c === report.defaultChannel ? ' (default)' : ''))));
      v1Channels.replaceChildren(el('span', { class: 'note', text: 'channels:' }), ...channels.map((c) =>
        el('label', {}, [el('input', { type: 'checkbox', value: c }), document.createTextNode(' ' + c)])));
      examples.replaceChildren(...EXAMPLES.filter((e) => e.request.package === pkg).map((e) => {
        const b = el('button', { type: 'button', title: e.title, text: e.label });
        b.addEventListener('click', () => simulate(e.request));
        return b;
      }));
      renderDivergence();
      return true;
    }

    // The package's choices, loaded once: callers asking while a load is in flight share it.
    function ensureLoaded() {
      if (report) return Promise.resolve(true);
      if (loading && loading.pkg === pkg) return loading.promise;
      const promise = loadPackage();
      loading = { pkg, promise };
      promise.finally(() => { if (loading && loading.promise === promise) loading = null; });
      return promise;
    }

    // SemVer-ish ordering for the installed list only (the core decides everything else).
    function compareVersions(a, b) {
      const pa = String(a).split(/[.+-]/), pb = String(b).split(/[.+-]/);
      for (let i = 0; i < Math.max(pa.length, pb.length); ++i) {
        const x = pa[i] || '', y = pb[i] || '';
        const nx = /^\d+$/.test(x), ny = /^\d+$/.test(y);
        const c = nx && ny ? Number(x) - Number(y) : x < y ? -1 : x > y ? 1 : 0;
        if (c) return c;
      }
      return 0;
    }

    function request() {
      const r = { package: pkg, explain: true };
      if (installed.value === OTHER) {
        if (otherName.value.trim()) r.installedBundle = otherName.value.trim();
        r.installedVersion = otherVersion.value.trim();
      } else if (installed.value !== FRESH) {
        r.installedBundle = installed.value;
      }
      if (classicChannel.value) r.subscriptionChannel = classicChannel.value;
      const channels = [...v1Channels.querySelectorAll('input:checked')].map((i) => i.value);
      if (channels.length) r.channels = channels;
      if (version.value.trim()) r.version = version.value.trim();
      if (policy.value !== 'CatalogProvided') r.policy = policy.value;
      if (!depsBox.checked) r.ignoreDependencies = true;
      const provides = clusterList();
      if (provides.length) r.clusterProvides = provides;
      return r;
    }

    // The cluster-provides input as a list (commas or spaces between entries).
    function clusterList() {
      return cluster.value.split(/[\s,]+/).filter(Boolean);
    }

    // Asks the question the inputs say; the same question asked while it is in flight shares the
    // answer. Resolves to the answer, or null when it failed or a newer question came first.
    function run() {
      if (!pkg || !toggle.open || !report) return Promise.resolve(null);
      if (installed.value === OTHER && !otherName.value.trim()) {
        message.textContent = 'Name the installed bundle (and its version).';
        return Promise.resolve(null);
      }
      const key = JSON.stringify(request());
      if (inflight && inflight.key === key) return inflight.promise;
      const promise = ask_(key);
      inflight = { key, promise };
      promise.finally(() => { if (inflight && inflight.promise === promise) inflight = null; });
      return promise;
    }

    async function ask_(key) {
      const call = ++asked;
      message.textContent = 'Simulating…';
      message.className = 'fbclens-sim-message';
      try {
        const answer = await ask('upgradePath', JSON.parse(key));
        if (call !== asked) return null;
        last = answer;
        message.textContent = '';
        render(answer);
        return answer;
      } catch (error) {
        if (call !== asked) return null;
        last = null;
        message.textContent = 'No simulation: ' + error.message;
        message.className = 'fbclens-sim-message failed';
        classicSide.replaceChildren();
        v1Side.replaceChildren();
        highlight(null);
        return null;
      }
    }

    function render(answer) {
      const from = installed.value === OTHER ? otherName.value.trim() : installed.value;
      classicSide.replaceChildren(...side('OLM Classic', answer.classic, from));
      v1Side.replaceChildren(...side('OLM v1', answer.v1, from));
      highlight({ classic: answer.classic.walk, v1: answer.v1.walk });
    }

    // One OLM's answer: what happens, the walk, and each step explained.
    function side(title, a, from) {
      const next = a.next, error = a.error;
      let headline;
      if (error) headline = el('p', { class: 'answer failed', text: 'Fails: ' + error });
      else if (!from) headline = el('p', { class: 'answer', text: next ? 'Installs ' + next : 'Installs nothing' });
      else if (!next || next === from) headline = el('p', { class: 'answer', text: 'Stays on ' + from });
      else headline = el('p', { class: 'answer', text: 'Next: ' + next });
      const steps_ = Math.max(0, a.walk.length - (from ? 1 : 0));
      const count = ' (' + steps_ + ' step' + (steps_ === 1 ? '' : 's') + ')';
      // A long walk shows its ends, and the whole of it on demand.
      const walk = !a.walk.length ? null : a.walk.length <= WALK_SHOWN ? el('p', { class: 'walk', text: 'Walk: ' + a.walk.join(' → ') + count })
        : el('details', { class: 'walk' }, [
          el('summary', { text: 'Walk: ' + a.walk.slice(0, 2).join(' → ') + ' → … → ' + a.walk.slice(-2).join(' → ') + count }),
          el('p', { text: a.walk.join(' → ') })]);
      const steps = el('ol', { class: 'steps' }, (a.steps || []).map((s) => el('li', {}, [
        el('span', { text: s.summary }),
        s.error && !s.summary.includes(s.error) ? el('div', { class: 'answer failed', text: s.error }) : null,
        el('ul', { class: 'considered' }, s.considered.map((c) => el('li', {}, [
          el('span', { class: 'verdict ' + c.verdict, text: VERDICTS[c.verdict] || c.verdict }),
          el('span', { text: c.bundle + (c.version ? ' (' + c.version + '): ' : ': ') + c.reason }),
          ...c.edges.map((e) => el('span', { class: 'edge', text: 'via ' + e })),
          ...(c.unmet || []).map((u) => el('span', { class: 'edge deps-unmet', text: 'unmet: ' + unmetText(u) })),
        ])).concat(s.more ? [el('li', { class: 'note', text: '… and ' + s.more + ' more' })] : [])),
        s.maxOpenShiftVersion ? el('div', { class: 'note', text: s.to + ' declares olm.maxOpenShiftVersion ' +
          s.maxOpenShiftVersion + ': it changes no pick, but blocks cluster upgrades past that OpenShift version' }) : null,
      ])));
      const deps = 'resolution' in a ? dependencies(a, from) : [];
      return [el('h3', { text: title }), headline, walk, ...deps, el('h4', { text: 'Why, step by step' }), steps];
    }

    // "constraint: reason (failureMessage: …)" for one unmet constraint (deps::unmet_json).
    function unmetText(u) {
      return (u.constraint ? u.constraint + ': ' : '') + u.reason + (u.failureMessage ? ' (failureMessage: ' + u.failureMessage + ')' : '');
    }

    // OLM Classic's dependencies for its first pick: the bundles installed along as a tree under
    // the pick (each under the bundle whose dependency pulled it in), the cluster's and cel notes,
    // and every skipped candidate with its unmet constraints.
    function dependencies(a, from) {
      const title = el('h4', { text: 'Dependencies' });
      if (!a.dependencies) return [title, el('p', { class: 'note', text: 'Not resolved: the answer comes from the upgrade graph alone.' })];
      const r = a.resolution;
      if (!r) return [title, el('p', { class: 'note', text: 'Not resolved: ' + (a.error || 'no candidate') + '.' })];
      const parts = [title];
      const pick = r.installs.find((i) => !i.requiredBy);
      if (pick) {
        const children = (bundle, depth) => el('ul', { class: 'deps-tree' }, r.installs
          .filter((i) => i.requiredBy === bundle && depth < 32)
          .map((i) => el('li', {}, [
            el('span', { class: 'name', text: i.bundle + ' (package ' + i.package + ', channel ' + i.channel + ')' }),
            el('span', { class: 'edge', text: i.constraint + (i.failureMessage ? ' (failureMessage: ' + i.failureMessage + ')' : '') }),
            children(i.bundle, depth + 1)])));
        const along = r.installs.length - 1;
        parts.push(el('ul', { class: 'deps-tree', 'aria-label': 'Installed along' }, [el('li', {}, [
          el('span', { text: pick.bundle + (along ? ' installs ' + along + ' bundle' + (along === 1 ? '' : 's') + ' along:' : ': no dependency to install') }),
          children(pick.bundle, 0)])]));
      } else if (!r.error) {
        parts.push(el('p', { class: 'note', text: from ? 'No candidate has its dependencies met: ' + from + ' stays.' : 'No candidate has its dependencies met.' }));
      }
      for (const n of r.notes) parts.push(el('p', { class: 'note', text: n.constraint + ': ' + n.detail }));
      const skipped = r.candidates.filter((c) => c.tried && !c.chosen && c.unmet.length);
      if (skipped.length) {
        parts.push(el('ul', { class: 'deps-tree', 'aria-label': 'Skipped candidates' }, skipped.map((c) => el('li', { class: 'deps-unmet' }, [
          el('span', { class: 'mark', text: '✗' }), el('span', { text: c.bundle + ' skipped:' }),
          el('ul', {}, c.unmet.map((u) => el('li', { text: unmetText(u) })))]))));
      }
      return parts;
    }

    // Every installed entry, per channel, where the two OLMs differ or Classic strands it.
    function renderDivergence() {
      const rows = report ? report.rows.filter((r) => r.differs || r.classicStranded) : [];
      if (!rows.length) {
        divergenceView.replaceChildren(el('p', { class: 'note', text: report
          ? 'Nowhere: for every channel entry installed, with a Subscription and a ClusterExtension on that channel, both OLMs go to the same place.'
          : '' }));
        return;
      }
      // "next … where the walk ends", or the OLM's error.
      const cell = (side) => (side.error ? 'fails: ' + side.error
        : !side.next || side.walk.length < 2 ? 'stays' : side.next + ' … ' + side.walk[side.walk.length - 1]);
      const body = rows.map((r) => {
        const button = el('button', { type: 'button', text: 'Simulate', 'aria-label': 'Simulate ' + r.installed + ' in ' + r.channel });
        button.addEventListener('click', () => simulate({ package: pkg, installedBundle: r.installed,
          subscriptionChannel: r.channel, channels: [r.channel] }));
        return el('tr', {}, [el('td', { text: r.channel }), el('td', { class: 'name', text: r.installed }),
          el('td', { class: 'name', text: cell(r.classic) }), el('td', { class: 'name', text: cell(r.v1) }),
          el('td', { text: r.classicStranded ? 'Classic strands it' : 'differ' }), el('td', {}, [button])]);
      });
      divergenceView.replaceChildren(el('table', {}, [
        el('thead', {}, [el('tr', {}, ['Channel', 'Installed', 'OLM Classic: next … end', 'OLM v1: next … end', '', '']
          .map((h) => el('th', { scope: 'col', text: h })))]),
        el('tbody', {}, body)]));
    }

    // Sets the inputs from an upgradePath request (unknown bundles go to "no longer in the catalog").
    function setInputs(r) {
      const inList = [...installed.options].some((o) => o.value === r.installedBundle && o.value !== OTHER);
      installed.value = !r.installedBundle ? FRESH : inList && !r.installedVersion ? r.installedBundle : OTHER;
      otherName.value = installed.value === OTHER ? r.installedBundle || '' : '';
      otherVersion.value = installed.value === OTHER ? r.installedVersion || '' : '';
      classicChannel.value = r.subscriptionChannel || '';
      for (const box of v1Channels.querySelectorAll('input')) box.checked = (r.channels || []).includes(box.value);
      version.value = r.version || '';
      policy.value = r.policy || 'CatalogProvided';
      depsBox.checked = !r.ignoreDependencies;
      cluster.value = (r.clusterProvides || []).join(', ');
      showOther();
    }

    function showOther() {
      otherName.hidden = otherVersion.hidden = installed.value !== OTHER;
    }

    async function simulate(r) {
      const target = r.package || pkg;
      toggle.open = true;
      if (target !== pkg) {
        if (showPackage) showPackage(target);  // the app then calls follow(target) too: a no-op
        follow(target);
      }
      if ((await ensureLoaded()) !== true || pkg !== target) return null;
      setInputs(r);
      return run();
    }

    // Loads the package's choices if needed and asks the inputs' question.
    function refresh() {
      ensureLoaded().then((ok) => { if (ok === true) run(); });
    }

    function follow(name) {
      if (name === pkg) return;
      pkg = name; report = null; last = null;
      loads++; loading = null;  // a load in flight was for another package (or catalog)
      packageLabel.textContent = name ? '— ' + name : '';
      classicSide.replaceChildren();
      v1Side.replaceChildren();
      highlight(null);
      if (name && toggle.open) refresh();
    }

    section.addEventListener('change', (e) => {
      if (e.target === installed) showOther();
      if (e.target === installed && installed.value === OTHER) return otherName.focus();
      run();
    });
    for (const input of [otherName, otherVersion, version, cluster]) {
      input.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); run(); } });
    }
    toggle.addEventListener('toggle', () => (toggle.open ? refresh() : highlight(null)));

    return {
      follow(name) { follow(name); },
      simulate,
      reload() { const name = pkg; pkg = ''; follow(name); },
      open(open) { toggle.open = open; },
      last: () => last,
      /** The inputs' upgradePath request while the simulator is open on a package, else null. */
      request: () => (toggle.open && pkg ? request() : null),
    };
  }

  root.FbclensSimulator = { create };
})(typeof globalThis !== 'undefined' ? globalThis : this);
