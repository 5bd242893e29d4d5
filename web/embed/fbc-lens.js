/*
 * <fbc-lens>: a live fbclens view inside a documentation page, as one small script.
 *
 *   <script src="https://example.org/fbclens/fbc-lens.js" async></script>
 *   <fbc-lens catalog="https://example.org/catalogs/demo.tar.gz" package="etcd" channel="stable"
 *             view="graph" theme="system" loading="click"></fbc-lens>
 *   <fbc-lens sample view="hub" package="lens-demo"></fbc-lens>
 *
 * Attributes (all optional; changing one after the view has loaded updates it):
 *   catalog    a URL: a JSON or YAML file, a .tar.gz/.tgz of a catalog folder or an index file
 *              (web/catalog-source.js); it must allow this page to read it (CORS)
 *   sample     (boolean) the built-in sample instead of `catalog`
 *   package, channel, bundle   what to show (no channel: the package's default channel)
 *   view       graph (default) | package (every channel as lanes) | hub (the OperatorHub preview)
 *              | findings | upgrade (the graph with the upgrade simulator)
 *   console    the OperatorHub preview's console version, 4.16 ... 4.21
 *   theme      light | dark | system (default)
 *   installed-bundle, installed-version   (view="upgrade") the installed bundle the upgrade
 *              simulator starts from (a bundle no longer in the catalog needs its version)
 *   loading    click (default: a light placeholder says what will load and how big it is; nothing
 *              is fetched before the click) | visible (loads when scrolled into view) | eager
 *   max-bytes  the cap on the catalog's size (default 256 MiB)
 * The element is sized by CSS (display: block and a height of 420px unless the page says
 * otherwise). Every element on a page shares one download of the app's scripts and of each .wasm
 * (they are fetched from beside this script, once); each has its own app and worker. The app
 * inside listens only on its own elements: the page's scroll, Tab order, text selection and keys
 * stay the page's (the wheel zooms the graph only while it has focus or with Ctrl).
 *
 * Properties and events: element.app (the FbclensApp instance, web/shell/mount.js, once loaded),
 * element.load() (loads now; resolves to the instance), 'fbclens-ready' (detail: the Summary),
 * 'fbclens-select' (detail: {package, channel, bundle}).
 */
(function () {
  'use strict';
  if (customElements.get('fbc-lens')) return;

  const base = (document.currentScript && document.currentScript.src || location.href).replace(/[^/?#]*([?#].*)?$/, '');
  // What an element loads beside this script, in order (what the embed needs; no share or export
  // menus). The build writes their total size here (cmake/element_size.cmake).
  const SCRIPTS = ['fbclens-app.js', 'fbclens-page.js'];
  const DOWNLOAD_BYTES = typeof __FBCLENS_EMBED_BYTES__ === 'number' ? __FBCLENS_EMBED_BYTES__ : 0;
  const VIEWS = { graph: 'upgrade graph', package: 'channels of the package', hub: 'OperatorHub preview', findings: 'findings', upgrade: 'upgrade walk' };

  let scripts = null;  // one promise for the page: every element waits on the same download
  function loadScripts() {
    if (!scripts) {
      scripts = SCRIPTS.reduce((previous, name) => previous.then(() => new Promise((resolve, reject) => {
        const script = document.createElement('script');
        script.src = base + name;
        script.async = false;
        script.onload = resolve;
        script.onerror = () => reject(new Error('fbclens: could not load ' + script.src));
        document.head.append(script);
      })), Promise.resolve());
      scripts.catch(() => { scripts = null; });  // a later element tries again
    }
    return scripts;
  }

  // Zero specificity (:where), so any rule of the page sizes the element.
  const style = document.createElement('style');
  style.textContent = ':where(fbc-lens) { display: block; height: 420px; }' +
    ':where(fbc-lens) .fbc-lens-placeholder { all: unset; box-sizing: border-box; display: flex; flex-direction: column; gap: 6px;' +
    ' justify-content: center; align-items: center; width: 100%; height: 100%; cursor: pointer; text-align: center; padding: 12px;' +
    ' font: 14px system-ui, sans-serif; color: #1d2129; background: repeating-linear-gradient(135deg, #f4f5f7 0 12px, #eceef1 12px 24px);' +
    ' border: 1px solid #c9ccd3; border-radius: 6px; }' +
    ':where(fbc-lens) .fbc-lens-placeholder:focus-visible { outline: 2px solid #1f6fb2; outline-offset: 2px; }' +
    ':where(fbc-lens) .fbc-lens-placeholder strong { font-size: 16px; }' +
    ':where(fbc-lens) .fbc-lens-placeholder small { color: #5a6270; }' +
    ':where(fbc-lens) .fbc-lens-app { height: 100%; }';
  document.head.append(style);

  const mb = (n) => (n / (1024 * 1024)).toFixed(1) + ' MB';
  const catalogName = (url) => {
    try { const u = new URL(url, location.href); return (u.pathname.split('/').pop() || u.pathname) + ' from ' + u.host; } catch (e) { return url; }
  };

  class FbcLens extends HTMLElement {
    static get observedAttributes() { return ['catalog', 'sample', 'package', 'channel', 'bundle', 'view', 'theme', 'console']; }

    connectedCallback() {
      if (this.app || this.loading) return;
      this.showPlaceholder();
      const mode = this.getAttribute('loading') || 'click';
      if (mode === 'eager') this.load();
      else if (mode === 'visible' && typeof IntersectionObserver === 'function') {
        this.observer = new IntersectionObserver((entries) => {
          if (entries.some((e) => e.isIntersecting)) { this.observer.disconnect(); this.load(); }
        }, { rootMargin: '200px' });
        this.observer.observe(this);
      }
    }

    disconnectedCallback() {
      if (this.observer) this.observer.disconnect();
      if (this.app) this.app.unmount();
      this.app = null;
      this.loading = null;
    }

    options() {
      const a = (name) => this.getAttribute(name) || undefined;
      const view = VIEWS[a('view')] ? a('view') : 'graph';
      let simulator = null;
      if (view === 'upgrade' && a('package') && a('installed-bundle')) {
        simulator = { package: a('package'), installedBundle: a('installed-bundle'), explain: true };
        if (a('installed-version')) simulator.installedVersion = a('installed-version');
      }
      const o = { embed: true, embedView: view, theme: a('theme') || 'system', base,
        view: { package: a('package') || '', channel: a('channel') || '', bundle: a('bundle') || '', lanes: view === 'package',
          console: a('console') || '', simulator, panel: simulator ? 'simulator' : '' } };
      if (a('max-bytes')) o.maxCatalogBytes = Number(a('max-bytes'));
      if (a('catalog') && !this.hasAttribute('sample')) o.catalogUrl = new URL(a('catalog'), location.href).href;
      else o.sample = true;
      return o;
    }

    showPlaceholder() {
      const o = this.options();
      const v = o.view;
      const what = VIEWS[o.embedView] + (v.package ? ' of ' + v.package + (v.channel ? ' (' + v.channel + ')' : '') : '');
      const from = o.catalogUrl ? 'the catalog ' + catalogName(o.catalogUrl) + ' (its size shows as it downloads)' : 'the built-in sample catalog';
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'fbc-lens-placeholder';
      const title = document.createElement('strong');
      title.textContent = '▶ Show the live ' + what;
      const detail = document.createElement('small');
      detail.textContent = 'Loads fbclens' + (DOWNLOAD_BYTES ? ' (' + mb(DOWNLOAD_BYTES) + ', less compressed; once for every view on this page)' : '') +
        ' and ' + from + '. Nothing is sent anywhere: the catalog is validated in your browser.';
      button.append(title, detail);
      button.addEventListener('click', () => this.load());
      this.replaceChildren(button);
    }

    /** Loads the app into the element (once); resolves to its FbclensApp instance. */
    load() {
      if (!this.loading) {
        this.loading = loadScripts().then(() => {
          if (!this.isConnected) return null;
          const hadFocus = this.contains(document.activeElement);  // the placeholder, from the keyboard
          const slot = document.createElement('div');
          slot.className = 'fbc-lens-app';
          this.replaceChildren(slot);
          const app = FbclensApp.mount(slot, this.options());
          this.app = app;
          // Focus stays in the view that replaced the placeholder: its graph as soon as the canvas is
          // in the page (the shell moves it there on its first render, before the catalog is loaded),
          // else, once the app is ready, its first control. Until then the slot holds the focus, inside
          // the element rather than on <body>; a focus the user moved elsewhere meanwhile is kept.
          if (hadFocus) {
            slot.tabIndex = -1;
            slot.focus();
            let readySettled = false;  // after the ready fallback, the poll stops
            const stillWaiting = () => this.app === app && document.activeElement === slot;
            const focusCanvas = () => {
              if (!stillWaiting() || !app.canvas.isConnected || app.canvas.offsetParent === null) return false;
              app.canvas.focus();
              return document.activeElement === app.canvas;
            };
            const poll = () => { if (!readySettled && stillWaiting() && !focusCanvas()) requestAnimationFrame(poll); };
            requestAnimationFrame(poll);
            app.ready.then(() => {
              readySettled = true;
              if (!stillWaiting() || focusCanvas()) return;
              const first = [...slot.querySelectorAll('button, select, input, [tabindex="0"]')].find((e) => e.offsetParent !== null);
              if (first) first.focus();
            }, () => { readySettled = true; });
          }
          app.on('select', (detail) => this.dispatchEvent(new CustomEvent('fbclens-select', { detail })));
          return app.ready.then(() => {
            this.dispatchEvent(new CustomEvent('fbclens-ready', { detail: app.summary() }));
            return app;
          });
        });
      }
      return this.loading;
    }

    attributeChangedCallback(name, old, value) {
      if (old === value || !this.isConnected) return;
      if (!this.app) { if (!this.loading) this.showPlaceholder(); return; }
      const app = this.app, o = this.options();
      const quiet = () => {};
      if (name === 'theme') return app.setTheme(o.theme);
      if (name === 'console') return app.setConsole(o.console || '');
      if (name === 'catalog' || name === 'sample') {
        return (o.catalogUrl ? app.loadUrl(o.catalogUrl) : app.loadSample()).then(() => this.showSelection(o)).catch(quiet);
      }
      if (name === 'view') {  // another view is another embed: mount it afresh
        app.unmount();
        this.app = null;
        this.loading = null;
        this.load();
        return;
      }
      this.showSelection(o).catch(quiet);
    }

    async showSelection(o) {
      const v = o.view;
      if (!v.package) return;
      const channel = v.lanes ? '' : v.channel || this.app.defaultChannel(v.package);
      await this.app.show({ package: v.package, channel, bundle: v.bundle || '', lanes: v.lanes });
    }
  }

  customElements.define('fbc-lens', FbcLens);
})();
