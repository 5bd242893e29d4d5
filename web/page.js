/*
 * fbclens as a component: FbclensApp.mount(element, options) puts a whole app into `element`
 * (its own canvas, worker, DOM text mirror of the findings, status and progress), sized by the
 * element's CSS box. Any number of instances can live on one page; each keeps its state in its
 * own closure and listens only on its own elements (nothing on window or document).
 *
 *   const app = FbclensApp.mount(element, {
 *     catalog,          // optional: what loadFiles accepts (FileList, File[], [{path, data}])
 *     catalogUrl,       // optional: a URL loadUrl accepts (when no catalog is given)
 *     sample,           // true: load the built-in sample (when no catalog is given)
 *     maxCatalogBytes,  // the cap on a catalog from a URL or an archive (default 256 MiB,
 *                       // FbclensSources.DEFAULT_MAX_BYTES in catalog-source.js)
 *     theme,            // 'light' | 'dark' | 'system' (default; follows prefers-color-scheme)
 *     view,             // 'channel' (default) | 'package' (every channel of the package as lanes)
 *                       // | 'hub' (the channel view with the OperatorHub preview expanded)
 *                       // | 'upgrade' (the channel view with the upgrade simulator expanded)
 *                       // | 'findings' (the findings as text, expanded)
 *     embed,            // true: a docs-site embed (embed.js, <fbc-lens>): only `view` is shown
 *                       // ('graph' = the graph alone, 'hub', 'findings', 'upgrade' = graph and
 *                       // simulator); no pickers, no drop target, and the wheel zooms the graph
 *                       // only while it has focus or with Ctrl, so the host page scrolls
 *     console,          // the OperatorHub preview's console version ('4.16' ... '4.21')
 *     simulate,         // an upgradePath request the simulator runs once the catalog is shown
 *     package, channel, bundle,  // the selection to start on (default: the first package's
 *                                // default channel; a package alone: its default channel)
 *     base,             // where fbclens-app.js and the worker's files are (default: beside page.js)
 *     appUrl,           // the full app's address for share links (default: this page's)
 *   });
 *
 * The instance:
 *   ready                        resolves (to the instance) once the app runs and the starting
 *                                catalog, if any, is shown, or failed to load (startError())
 *   loadFiles(files, options)    FileList, File[] or [{path, data}] → Summary (fbclens-api.js);
 *                                options: the check profiles ({profiles, ocpVersion, ...}, as
 *                                fbclens-api.js), default what the bar's "Checks" and "OCP" say;
 *                                rejects with an Error named 'AbortError' when cancelled
 *   loadUrl(url, options)        a catalog file, .tar.gz/.tgz or index at `url` (catalog-source.js),
 *                                downloaded with progress, then as loadFiles; a failure rejects
 *                                with an FbclensSourceError {kind, message} and is shown in the bar
 *   loadSample()                 the built-in sample → Summary
 *   source()                     where the catalog shown came from: {kind: 'sample'|'url'|'files',
 *                                url (for 'url')}, or null
 *   state()                      the view's state for share links: {package, channel, bundle,
 *                                wholePackage, view, console ('' = the newest, the default), theme,
 *                                simulator (its request or null)}
 *   setView(view)                switches `view` (see the options)
 *   cancel()                     cancels the load in flight (true if there was one)
 *   summary()                    the Summary of the catalog shown
 *   request(op, args)            any operation of the protocol table (wasm/protocol.cpp), parsed;
 *                                and one method per operation: upgradePath(request),
 *                                bundle({package, channel, bundle}), layout(...), excerpt(...)
 *                                (present once `ready`); failures reject with an FbclensError
 *   show({package, channel, bundle})  draws that channel (or, without channel, the whole package
 *                                with its channels as lanes), selecting `bundle` if given;
 *                                resolves with graphStats() once drawn; rejects with an
 *                                AbortError when a newer show() or another selection comes
 *                                first, the layout is not drawn within SHOW_FRAMES frames, or
 *                                the instance is unmounted
 *   graphStats()                 {package, channel, nodes, edges: {replaces, skips, skipRange},
 *                                 skipRangeDrawn, heads, headsRinged, ghosts, ghostNames,
 *                                 lanes: [{channel, nodes, visibleNodes}], labelsDrawn,
 *                                 labelsOverlapping, zoom, columnsPerRow, settledFrames, fps,
 *                                 frames} (web/selection.cpp); show() resolves once the view
 *                                 has settled (fitted, then drawn twice)
 *   appStatus()                  the app's selection and frame counters (web/selection.cpp)
 *   hubPreview({package, channel, version, console})  what OperatorHub shows for the package
 *                                (the CLI's `hub-preview --output json`; core/export/hub_json.h)
 *   simulate(request)            opens the upgrade simulator (web/simulator.js, which the page
 *                                loads beside this file) on an upgradePath request (its package
 *                                selected in the app), runs it, draws both walks as routes on the
 *                                graph; resolves to upgradePath's explained answer (null if
 *                                superseded or failed)
 *   selectFinding(index)         selects Summary finding `index` in the app
 *   setTheme('dark'|'light'|'system')
 *   memory()                     {app: {wasmBytes}, worker: {wasmBytes, highWater}} (bytes)
 *   on('load'|'progress'|'select'|'theme', fn)  'select': fn({package, channel, bundle}) whenever
 *                                the app's selection changes; 'theme': fn('light'|'dark') whenever
 *                                the theme shown changes
 *   element, canvas              the element mounted into and the app's canvas
 *   unmount()                    stops the app and its workers and empties the element
 *
 * [SECTION] index
 *   - Markup and style of an instance
 *   - Drops: folders and files dropped on the app
 *   - The findings as DOM text
 *   - The OperatorHub preview as DOM: the console's tile and details, and the author view
 *   - mount(): one instance, its wiring and its methods
 */
(function (root) {
  'use strict';

  const scriptBase = typeof document !== 'undefined' && document.currentScript
    ? document.currentScript.src.replace(/[^/]*$/, '') : '';

  // [SECTION] Markup and style of an instance
  // Scoped to the instance's root (class fbclens); injected with it so a host page needs nothing
  // but page.js and its scripts.
  const STYLE = `
.fbclens { color-scheme: dark; --bg: #171a21; --fg: #dfe3ea; --dim: #9aa3b2; --accent: #5aa9e6; --bad: #ee5c54;
  --good: #66cc73; --line: #2b303b; --button: #2b3240; --button-line: #3b4455;
  display: flex; flex-direction: column; height: 100%; min-height: 0; background: var(--bg); color: var(--fg);
  font: 14px system-ui, sans-serif; box-sizing: border-box; }
.fbclens[data-theme=light] { color-scheme: light; --bg: #f0f0f2; --fg: #1d2129; --dim: #5a6270; --accent: #1f6fb2;
  --bad: #c0302a; --good: #1a7530; --line: #c9ccd3; --button: #e2e5ea; --button-line: #b9bec8; }
.fbclens * { box-sizing: border-box; }
.fbclens-bar { display: flex; flex-wrap: wrap; gap: 4px 12px; align-items: center; padding: 6px 12px; border-bottom: 1px solid var(--line); flex: none; }
.fbclens-bar > * { white-space: nowrap; }
.fbclens-bar > .fbclens-status { white-space: normal; }
.fbclens-title { font-size: 16px; font-weight: bold; margin: 0 8px 0 0; }
.fbclens-button, .fbclens-bar button { background: var(--button); color: var(--fg); border: 1px solid var(--button-line);
  border-radius: 4px; padding: 4px 10px; cursor: pointer; font: inherit; }
.fbclens-progress { display: flex; gap: 8px; align-items: center; color: var(--dim); }
.fbclens-progress[hidden] { display: none; }
.fbclens-progress progress { width: 180px; }
.fbclens-button:hover { border-color: var(--accent); }
.fbclens-button:focus-within { outline: 2px solid var(--accent); outline-offset: 1px; }
.fbclens-bar input[type=file] { position: absolute; width: 1px; height: 1px; opacity: 0; }
.fbclens-checks { color: var(--dim); }
.fbclens-menu { position: relative; }
.fbclens-menu > summary { list-style: none; }
.fbclens-menu > summary::-webkit-details-marker { display: none; }
.fbclens-menu > summary::after { content: " ▾"; }
.fbclens-menu-items { position: absolute; z-index: 20; top: calc(100% + 4px); left: 0; display: flex; flex-direction: column;
  gap: 2px; padding: 4px; background: var(--bg); border: 1px solid var(--button-line); border-radius: 4px; box-shadow: 0 4px 12px rgba(0,0,0,.3); }
.fbclens-bar .fbclens-menu-items button, .fbclens-compare-pick { text-align: left; border: 0; background: transparent; }
.fbclens-compare-pick { padding: 4px 10px; cursor: pointer; border-radius: 4px; }
.fbclens-compare-pick input { position: absolute; width: 1px; height: 1px; opacity: 0; }
.fbclens-compare-pick:hover, .fbclens-compare-pick:focus-within { background: var(--button); }
.fbclens-bar .fbclens-menu-items button:hover, .fbclens-bar .fbclens-menu-items button:focus-visible { background: var(--button); outline: none; }
.fbclens-bar select, .fbclens-bar input[type=text] { font: inherit; background: var(--button); color: var(--fg);
  border: 1px solid var(--button-line); border-radius: 4px; padding: 3px 6px; }
.fbclens-status { color: var(--dim); }
.fbclens-status.invalid { color: var(--bad); } .fbclens-status.valid { color: var(--good); }
.fbclens-canvas-wrap { flex: 1; position: relative; min-height: 45%; }
/* The DOM panels below the canvas give way to it (the graph keeps at least 45% of the height). */
.fbclens > details, .fbclens > section { flex: 0 1 auto; min-height: 2em; }
/* An open upgrade simulator sits beside the graph when there is room (data-side, set by mount()), so
   the routes it draws and the text explaining them are seen together. */
.fbclens[data-side=sim] { display: grid; grid-template-columns: minmax(0, 1fr) minmax(380px, 38%);
  grid-template-rows: auto minmax(0, 1fr) auto auto auto; }
.fbclens[data-side=sim] > .fbclens-bar { grid-column: 1 / -1; }
.fbclens[data-side=sim] > .fbclens-canvas-wrap { grid-column: 1; grid-row: 2; min-height: 0; }
.fbclens[data-side=sim] > .fbclens-findings, .fbclens[data-side=sim] > .fbclens-hub,
.fbclens[data-side=sim] > .fbclens-text { grid-column: 1; }
.fbclens[data-side=sim] > .fbclens-sim { grid-column: 2; grid-row: 2 / span 4; max-height: none; border-top: 0;
  border-left: 1px solid var(--line); }
.fbclens-canvas { display: block; width: 100%; height: 100%; outline: none; }
/* An embed shows its view alone: the bar keeps only the status and progress, and the other
   panels leave (hidden, so nothing of them is in the Tab order). */
.fbclens[data-embed] .fbclens-bar { padding: 2px 8px; font-size: 12px; border-bottom: 0; order: 9; border-top: 1px solid var(--line); }
.fbclens[data-embed] .fbclens-bar > :not(.fbclens-status):not(.fbclens-progress) { display: none; }
.fbclens[data-embed] > .fbclens-text,
.fbclens[data-embed]:not([data-view=findings]) > .fbclens-findings,
.fbclens[data-embed]:not([data-view=hub]) > .fbclens-hub,
.fbclens[data-embed]:not([data-view=upgrade]) > .fbclens-sim,
.fbclens[data-embed][data-view=hub] > .fbclens-canvas-wrap,
.fbclens[data-embed][data-view=findings] > .fbclens-canvas-wrap { display: none; }
.fbclens[data-embed][data-view=hub] > .fbclens-hub, .fbclens[data-embed][data-view=findings] > .fbclens-findings {
  flex: 1; max-height: none; border-top: 0; }
.fbclens[data-embed][data-view=upgrade] > .fbclens-canvas-wrap { min-height: 200px; }
.fbclens-canvas:focus-visible { outline: 2px solid var(--accent); outline-offset: -2px; }
.fbclens-canvas-wrap.dragging::after { content: "Drop a catalog folder or files to validate"; position: absolute; inset: 0;
  display: grid; place-items: center; background: rgba(90,169,230,.15); border: 2px dashed var(--accent); font-size: 20px; }
.fbclens-findings { flex: none; max-height: 20vh; overflow: auto; border-top: 1px solid var(--line); padding: 0 12px; }
.fbclens-findings-head { display: flex; gap: 10px; align-items: center; padding: 4px 0; color: var(--dim); }
.fbclens-findings-head h2, .fbclens-text h2 { display: inline; font: inherit; margin: 0; }
.fbclens-findings-head button { all: unset; cursor: pointer; color: var(--accent); }
.fbclens-findings-head button:focus-visible { outline: 1px solid var(--accent); }
.fbclens-findings-head button[hidden] { display: none; }
.fbclens-findings-none { margin: 0 0 4px; color: var(--good); }
/* Collapsed: out of sight, but still read by screen readers (not display: none). */
.fbclens-collapsed { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.fbclens-text { flex: none; max-height: 30vh; overflow: auto; border-top: 1px solid var(--line); padding: 0 12px; }
.fbclens-text summary { cursor: pointer; padding: 4px 0; color: var(--dim); }
.fbclens-text ul { margin: 0; padding-left: 18px; font-size: 13px; }
.fbclens-text .mono { font: 12px ui-monospace, monospace; overflow-wrap: anywhere; }
.fbclens-text .tag { color: var(--dim); }
.fbclens-text dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 4px 0 8px; font-size: 13px; }
.fbclens-text dt { color: var(--dim); }
.fbclens-text dd { margin: 0; overflow-wrap: anywhere; }
.fbclens-text h3 { font-size: 13px; margin: 8px 0 4px; }
.fbclens-findings ol { margin: 0; padding-left: 20px; font: 12px ui-monospace, monospace; }
.fbclens-findings ul { margin: 0; padding-left: 20px; list-style: none; color: var(--dim); }
.fbclens-findings button.finding { all: unset; display: block; cursor: pointer; white-space: pre-wrap; }
.fbclens-findings button.finding:focus-visible { outline: 1px solid var(--accent); }
.fbclens-findings button.finding[aria-current] { background: rgba(232, 150, 15, .35); }
.fbclens-hub { flex: none; max-height: clamp(40%, calc(100% - 360px), 60%); overflow: auto; border-top: 1px solid var(--line); padding: 0 12px; }
.fbclens-hub > details > summary { cursor: pointer; padding: 4px 0; color: var(--dim); position: sticky; top: 0; z-index: 1; background: var(--bg); }
.fbclens-hub > details > summary h2 { display: inline; font: inherit; margin: 0; }
.fbclens-hub-controls { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; padding: 4px 0 8px; color: var(--dim); }
.fbclens-hub-controls select, .fbclens-hub-console select { font: inherit; }
.fbclens-hub-message { color: var(--dim); }
.fbclens-hub-message.failed { color: var(--bad); }
.fbclens-hub-views { display: grid; grid-template-columns: repeat(auto-fit, minmax(340px, 1fr)); align-items: start; gap: 12px;
  padding-bottom: 12px; }
.fbclens-hub h3 { font-size: 14px; margin: 0 0 8px; }
.fbclens-hub h4 { font-size: 13px; margin: 10px 0 4px; }
.fbclens-hub .pre { white-space: pre-wrap; overflow-wrap: anywhere; }
/* The console's look, after PatternFly 5 (4.16-4.18) and 6 (4.19+), dark unless the instance is light. */
.fbclens-hub-console { --pf-bg: #1b1d21; --pf-card: #26292d; --pf-line: #444548; --pf-fg: #e0e0e0; --pf-dim: #aaabac;
  --pf-warn-bg: #3a3121; --pf-warn-line: #f0ab00; --pf-warn-fg: #f4c145; --pf-info-bg: #1b2f44; --pf-info-line: #73bcf7;
  --pf-info-fg: #bee1f4; --pf-label-bg: #3d2c19; --pf-label-fg: #f4b678; --pf-label-line: #ec7a08; --pf-radius: 3px;
  background: var(--pf-bg); color: var(--pf-fg); padding: 12px; border-radius: 4px; font-family: "Red Hat Text", "Overpass", system-ui, sans-serif; }
.fbclens[data-theme=light] .fbclens-hub-console { --pf-bg: #f0f0f0; --pf-card: #fff; --pf-line: #d2d2d2; --pf-fg: #151515;
  --pf-dim: #6a6e73; --pf-warn-bg: #fdf7e7; --pf-warn-line: #f0ab00; --pf-warn-fg: #795600; --pf-info-bg: #e7f1fa;
  --pf-info-line: #2b9af3; --pf-info-fg: #002952; --pf-label-bg: #fff6ec; --pf-label-fg: #3b1f00; --pf-label-line: #f4b678; }
.fbclens-hub-console[data-pf="6"] { --pf-bg: #1f1f1f; --pf-card: #292929; --pf-line: #4d4d4d; --pf-fg: #fff; --pf-dim: #c7c7c7;
  --pf-warn-bg: #332c1a; --pf-warn-line: #ffcc17; --pf-warn-fg: #ffe072; --pf-label-bg: transparent; --pf-label-fg: #ffcc17;
  --pf-label-line: #dca614; --pf-radius: 16px; }
.fbclens[data-theme=light] .fbclens-hub-console[data-pf="6"] { --pf-bg: #f2f2f2; --pf-card: #fff; --pf-line: #c7c7c7; --pf-fg: #151515;
  --pf-dim: #4d4d4d; --pf-warn-bg: #fffcf0; --pf-warn-line: #ffcc17; --pf-warn-fg: #73480b; --pf-label-fg: #73480b; --pf-label-line: #dca614; }
.fbclens-hub-console .pf-caption { font-size: 12px; color: var(--pf-dim); margin: 0 0 6px; }
.fbclens-hub-console .pf-tile { width: 260px; background: var(--pf-card); border: 1px solid var(--pf-line); border-radius: var(--pf-radius);
  padding: 16px; margin-bottom: 12px; }
.fbclens-hub-console .pf-tile-top { display: flex; justify-content: space-between; align-items: flex-start; min-height: 40px; }
.fbclens-hub-console .pf-icon { width: 40px; height: 40px; border-radius: 4px; background: var(--pf-line); display: grid; place-items: center;
  color: var(--pf-dim); font-size: 11px; }
.fbclens-hub-console .pf-tile-title { font-size: 16px; font-weight: 500; margin: 12px 0 2px; }
.fbclens-hub-console .pf-provider { color: var(--pf-dim); font-size: 13px; margin: 0 0 4px; }
.fbclens-hub-console .pf-label { display: inline-flex; gap: 4px; align-items: center; font-size: 12px; padding: 1px 8px; margin: 2px 0;
  border-radius: 30em; background: var(--pf-label-bg); color: var(--pf-label-fg); border: 1px solid var(--pf-label-line); cursor: default; }
.fbclens-hub-console[data-pf="5"] .pf-label { border-color: transparent; }
.fbclens-hub-console .pf-label .icon { color: var(--pf-warn-line); }
.fbclens-hub-console .pf-details { background: var(--pf-card); border: 1px solid var(--pf-line); border-radius: var(--pf-radius); padding: 16px; }
.fbclens-hub-console .pf-details-head { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
.fbclens-hub-console .pf-details-title { font-size: 22px; font-weight: 400; margin: 0; }
.fbclens-hub-console .pf-badges { display: flex; gap: 6px; margin-bottom: 4px; }
.fbclens-hub-console .pf-alert { background: var(--pf-warn-bg); border-top: 2px solid var(--pf-warn-line); padding: 12px 16px; margin: 12px 0; }
.fbclens-hub-console[data-pf="6"] .pf-alert { border: 1px solid var(--pf-warn-line); border-radius: var(--pf-radius); }

.fbclens-hub-console .pf-alert p { margin: 4px 0 0 22px; }
.fbclens-hub-console .pf-alert .pf-alert-title { color: var(--pf-warn-fg); font-weight: 600; margin: 0 0 4px; }
.fbclens-hub-console .pf-alert.info { background: var(--pf-info-bg); border-color: var(--pf-info-line); }
.fbclens-hub-console .pf-alert.info .pf-alert-title { color: var(--pf-info-fg); }
.fbclens-hub-console .pf-alert .icon { color: var(--pf-warn-line); margin-right: 6px; }
.fbclens-hub-console .pf-alert.info .icon { color: var(--pf-info-line); }
.fbclens-hub-console .pf-fields { display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; align-items: center; margin-top: 8px; }
.fbclens-hub-console .pf-fields label { font-weight: 600; font-size: 13px; }
.fbclens-hub-console select { background: var(--pf-card); color: var(--pf-fg); border: 1px solid var(--pf-line); border-radius: var(--pf-radius);
  padding: 4px 8px; max-width: 100%; }
.fbclens-hub-console .pf-hidden { border: 1px dashed var(--pf-warn-line); padding: 8px 12px; margin-bottom: 12px; }
.fbclens-hub-author { border: 1px solid var(--line); border-radius: 4px; padding: 12px; }
.fbclens-hub-author ul { margin: 0; padding-left: 18px; }
.fbclens-hub-author li { margin: 4px 0; }
.fbclens-hub-author .scope { font-weight: 600; }
.fbclens-hub-author .shown { color: var(--dim); font-size: 12px; }
.fbclens-hub-author .warn::marker { content: "⚠ "; color: #e8960f; }
.fbclens-hub-author .code { font: 12px ui-monospace, monospace; color: var(--dim); }`;

  const TEMPLATE = `<style>${STYLE}</style>
<div class="fbclens-bar">
  <span class="fbclens-title">fbclens</span>
  <label class="fbclens-button">Open folder…<input class="fbclens-folder-input" type="file" webkitdirectory multiple></label>
  <label class="fbclens-button">Open files…<input class="fbclens-files-input" type="file" multiple></label>
  <label class="fbclens-checks">Checks <select class="fbclens-profile"></select></label>
  <input class="fbclens-ocp" type="text" size="6" placeholder="OCP x.y" aria-label="OpenShift version the checks assume (default: a vX.Y folder name)">
  <details class="fbclens-menu"><summary class="fbclens-button">Share &amp; export</summary>
    <div class="fbclens-menu-items" role="group" aria-label="Share and export">
      <button class="fbclens-copy-mermaid" type="button" title="The selected package's graph as opm alpha render-graph prints it">Copy Mermaid</button>
      <button type="button" data-export="link">Copy link</button>
      <button type="button" data-export="element">Copy embed snippet (element)</button>
      <button type="button" data-export="iframe">Copy embed snippet (iframe)</button>
      <button type="button" data-export="svg">Save graph as SVG</button>
      <button type="button" data-export="png">Save graph as PNG</button>
      <button type="button" data-export="dot">Save graph as DOT</button>
      <button type="button" data-export="findings-json">Save findings as JSON</button>
      <button type="button" data-export="sarif">Save findings as SARIF</button>
      <button type="button" data-export="walks">Save upgrade walks as JSON</button>
      <label class="fbclens-compare-pick">Compare with an older folder…<input class="fbclens-compare-folder" type="file" webkitdirectory multiple></label>
      <label class="fbclens-compare-pick">Compare with older files or a .tar.gz…<input class="fbclens-compare-files" type="file" multiple></label>
    </div></details>
  <span class="fbclens-status" role="status" aria-live="polite">Starting…</span>
  <span class="fbclens-copy-note" role="status"></span>
  <span class="fbclens-progress" hidden><progress max="1" value="0"></progress>
    <span class="fbclens-progress-text"></span><button class="fbclens-cancel" type="button">Cancel</button></span>
</div>
<div class="fbclens-canvas-wrap">
  <canvas class="fbclens-canvas" tabindex="0" aria-label="Catalog explorer, findings and channel graph"></canvas>
</div>
<section class="fbclens-compare" aria-label="Changes since an older catalog"></section>
<section class="fbclens-findings" aria-label="Findings">
  <div class="fbclens-findings-head"><h2>Findings</h2> <span class="fbclens-findings-count"></span>
    <button type="button" class="fbclens-findings-toggle" aria-expanded="false">Show as text</button></div>
  <p class="fbclens-findings-none" hidden>No findings: opm validate would pass this catalog.</p>
  <ol class="fbclens-findings-list fbclens-collapsed"></ol>
</section>
<section class="fbclens-text" aria-label="Catalog as text">
  <details class="fbclens-text-toggle">
    <summary><h2>Catalog as text</h2> (the explorer and the selected bundle, for find, copy and screen readers)</summary>
    <div class="fbclens-text-bundle" aria-live="polite"></div>
    <div class="fbclens-text-explorer"></div>
  </details>
</section>
<section class="fbclens-hub" aria-label="OperatorHub preview">
  <details class="fbclens-hub-toggle">
    <summary><h2>OperatorHub preview</h2> <span class="fbclens-hub-package"></span></summary>
    <div class="fbclens-hub-controls">
      <label>Console <select class="fbclens-hub-console-select"></select></label>
      <span class="fbclens-hub-message" role="status"></span>
    </div>
    <div class="fbclens-hub-views">
      <div class="fbclens-hub-console" role="group" aria-label="As the OpenShift console shows it"></div>
      <div class="fbclens-hub-author" role="group" aria-label="Author view"></div>
    </div>
  </details>
</section>
<section class="fbclens-sim" aria-label="Upgrade simulator"></section>`;

  const formatBytes = (n) => (n >= 1 << 20 ? (n / (1 << 20)).toFixed(1) + ' MB' : Math.ceil(n / 1024) + ' KB');

  // [SECTION] Drops: folders and files dropped on the app
  // Folders dropped on the app: walked with webkitGetAsEntry/readEntries (until an empty batch).
  function readEntry(entry, prefix, out) {
    if (entry.isFile) {
      return new Promise((resolve, reject) => entry.file((f) => {
        f.fbclensPath = prefix + entry.name;
        out.push(f);
        resolve();
      }, reject));
    }
    const reader = entry.createReader();
    return new Promise((resolve, reject) => {
      const batch = () => reader.readEntries(async (entries) => {
        if (!entries.length) return resolve();
        for (const e of entries) await readEntry(e, prefix + entry.name + '/', out);
        batch();
      }, reject);
      batch();
    });
  }

  async function droppedFiles(dataTransfer) {
    const entries = Array.from(dataTransfer.items || []).map((i) => i.webkitGetAsEntry && i.webkitGetAsEntry()).filter(Boolean);
    if (!entries.length) return dataTransfer.files;
    const files = [];
    for (const e of entries) await readEntry(e, '', files);
    return files;
  }

  // "2 errors · 1 warning" (only the severities present), or "no findings".
  function countsText(counts) {
    const parts = [['error', 'errors'], ['warning', 'warnings'], ['info', 'info']]
      .filter(([key]) => counts[key] > 0)
      .map(([key, plural]) => counts[key] + ' ' + (counts[key] === 1 ? key : plural));
    return parts.length ? parts.join(' · ') : 'no findings';
  }

  // [SECTION] The findings as DOM text, grouped in the app's order, from the core's own strings
  // (group, where, notes): nothing is formatted here. A region with a heading and the counts (or
  // "No findings"); the list is out of sight until shown, but screen readers read it either way,
  // and its buttons leave the Tab order while it is out of sight.
  function findingsMirror(section, onSelect) {
    const list = section.querySelector('.fbclens-findings-list');
    const toggle = section.querySelector('.fbclens-findings-toggle');
    const none = section.querySelector('.fbclens-findings-none');
    const count = section.querySelector('.fbclens-findings-count');
    let items = [];
    const shown = () => !list.classList.contains('fbclens-collapsed');
    const setShown = (on) => {
      list.classList.toggle('fbclens-collapsed', !on);
      toggle.setAttribute('aria-expanded', String(on));
      toggle.textContent = on ? 'Hide the list' : 'Show as text';
      for (const b of list.querySelectorAll('button')) b.tabIndex = on ? 0 : -1;
    };
    toggle.addEventListener('click', () => setShown(!shown()));
    return {
      show(summary) {
        count.textContent = summary.findings.length ? '(' + countsText(summary.findingCounts) + ')' : '';
        none.hidden = summary.findings.length > 0;
        toggle.hidden = summary.findings.length === 0;
        const rows = summary.findings.map((f, index) => ({ f, index }));
        rows.sort((a, b) => (a.f.group < b.f.group ? -1 : a.f.group > b.f.group ? 1 : 0));  // stable, as the app's
        items = [];
        const groups = [];
        let ol = null;
        for (const { f, index } of rows) {
          if (!ol || ol.dataset.group !== f.group) {
            const heading = document.createElement('li');
            heading.textContent = f.group;
            ol = document.createElement('ol');
            ol.dataset.group = f.group;
            heading.append(ol);
            groups.push(heading);
          }
          const item = document.createElement('li');
          const button = document.createElement('button');
          button.type = 'button';
          button.className = 'finding';
          button.textContent = (f.where || '(catalog)') + ' ' + f.code + ' [' + f.severity + '] ' + f.message +
            (!f.opmMessage ? '' : f.reportedByOpm ? ' — opm: ' + f.opmMessage : ' — opm: not reported (its text would be: ' + f.opmMessage + ')');
          button.tabIndex = shown() ? 0 : -1;
          button.addEventListener('click', () => onSelect(index));
          item.append(button);
          if (f.notes && f.notes.length) {
            const notes = document.createElement('ul');
            for (const n of f.notes) {
              const li = document.createElement('li');
              li.textContent = 'note: ' + (n.where ? n.where + ' ' : '') + n.message;
              notes.append(li);
            }
            item.append(notes);
          }
          ol.append(item);
          items[index] = button;
        }
        list.replaceChildren(...groups);
      },
      select(index) {
        for (const b of list.querySelectorAll('[aria-current]')) b.removeAttribute('aria-current');
        const button = items[index];
        if (!button) return;
        button.setAttribute('aria-current', 'true');
        if (shown()) button.scrollIntoView({ block: 'nearest' });
      },
      setShown,
    };
  }

  // [SECTION] The catalog as DOM text: the explorer's tree (packages, channels in the explorer's
  // order, bundles newest first, with images and deprecations) and the selected bundle in full, so
  // Ctrl+F finds a bundle name or an image digest (Chromium opens the closed <details> on a match),
  // text can be copied and screen readers read it. The tree is built from the catalog view the
  // app draws (core/export/catalog_view_json.h), a few packages per task so a 57 MB catalog never
  // blocks the page; the bundle from the protocol's `bundle` answer.
  const TEXT_PACKAGES_PER_TASK = 40;

  function catalogTextMirror(section, ask) {
    const explorer = section.querySelector('.fbclens-text-explorer');
    const bundleView = section.querySelector('.fbclens-text-bundle');
    let builds = 0, asks = 0;
    const text = (tag, value, cls) => { const n = document.createElement(tag); n.textContent = value; if (cls) n.className = cls; return n; };
    const tag = (value) => text('span', ' [' + value + ']', 'tag');

    function packageItem(p) {
      const li = document.createElement('li');
      li.append(text('strong', p.name));
      if (p.defaultChannel) li.append(tag('default channel ' + p.defaultChannel));
      if (p.deprecation) li.append(tag('deprecated: ' + p.deprecation));
      if (p.where) li.append(text('span', ' ' + p.where, 'tag'));
      const channels = document.createElement('ul');
      for (const c of p.channels || []) {
        const cli = document.createElement('li');
        cli.append(text('span', 'channel ' + c.name));
        if (c.isDefault) cli.append(tag('default'));
        if (c.deprecation) cli.append(tag('deprecated: ' + c.deprecation));
        cli.append(text('span', ' (' + c.bundles.length + ' bundle' + (c.bundles.length === 1 ? '' : 's') + ')', 'tag'));
        const bundles = document.createElement('ul');
        for (const b of c.bundles) {
          const bli = document.createElement('li');
          bli.append(text('span', (b.version || '?') + ' ' + b.name, 'mono'));
          if (b.head) bli.append(tag('head'));
          if (b.deprecation) bli.append(tag('deprecated: ' + b.deprecation));
          if (b.image) bli.append(text('span', ' ' + b.image, 'mono'));
          bundles.append(bli);
        }
        cli.append(bundles);
        channels.append(cli);
      }
      li.append(channels);
      return li;
    }

    return {
      /** A new catalog: `viewText` is the load's answer (the view JSON). */
      showView(viewText) {
        const build = ++builds;
        const list = document.createElement('ul');
        explorer.replaceChildren(text('h3', 'Explorer'), list);
        let packages = [];
        try { packages = JSON.parse(viewText).packages || []; } catch { return; }
        let next = 0;
        const step = () => {
          if (build !== builds) return;  // a newer catalog came
          const end = Math.min(packages.length, next + TEXT_PACKAGES_PER_TASK);
          for (; next < end; ++next) list.append(packageItem(packages[next]));
          if (next < packages.length) setTimeout(step, 0);
        };
        step();
      },
      /** The app's selected channel entry ("" bundle = none). */
      async showBundle(pkg, channel, bundle) {
        const call = ++asks;
        if (!bundle) {
          bundleView.replaceChildren(text('h3', 'Selected bundle'), text('p', 'No bundle selected: click one in the graph or the explorer.', 'tag'));
          return;
        }
        let d;
        try {
          d = await ask('bundle', { package: pkg, channel, bundle });
        } catch (error) {
          if (call === asks) bundleView.replaceChildren(text('h3', 'Selected bundle'), text('p', String(error.message), 'tag'));
          return;
        }
        if (call !== asks) return;
        const dl = document.createElement('dl');
        const row = (name, value) => { if (value !== undefined && value !== null && value !== '') dl.append(text('dt', name), text('dd', String(value))); };
        row('bundle', d.name);
        row('package', d.package);
        row('channel', d.channel);
        row('version', d.version + (d.release ? ' (release ' + d.release + ')' : ''));
        row('image', d.image);
        row('declared at', d.where);
        row('channel head', d.head ? 'yes' : '');
        row('deprecated', d.deprecation);
        row('replaces', d.replaces);
        row('skips', (d.skips || []).join(', '));
        row('skipRange', d.skipRange);
        const parts = [text('h3', 'Selected bundle'), dl];
        if ((d.properties || []).length) {
          parts.push(text('h3', 'Properties'));
          const ul = document.createElement('ul');
          for (const prop of d.properties) ul.append(text('li', prop.type + ': ' + prop.value + (prop.truncated ? ' …' : ''), 'mono'));
          parts.push(ul);
        }
        if ((d.relatedImages || []).length) {
          parts.push(text('h3', 'Related images'));
          const ul = document.createElement('ul');
          for (const r of d.relatedImages) ul.append(text('li', (r.name ? r.name + ': ' : '') + r.image, 'mono'));
          parts.push(ul);
        }
        bundleView.replaceChildren(...parts);
      },
    };
  }

  // [SECTION] The OperatorHub preview as DOM: the console's tile and details (hubPreview's JSON,
  // core/export/hub_json.h, drawn as it is), and beside it the author view: every deprecation
  // message with its scope, and the core's advice findings about the package (FBC41xx hidden,
  // FBC42xx deprecations, FBC44xx messages). Catalog text goes in through textContent only.
  const HUB_CONSOLES = ['4.16', '4.17', '4.18', '4.19', '4.20', '4.21'];
  const HUB_ADVICE = /^FBC4[124]/;
  const DEPRECATED_PREFIX = 'Deprecated: ';  // the option tooltips' prefix (hub_preview.h)

  function el(tag, props = {}, children = []) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props)) {
      if (value === undefined || value === null) continue;
      if (key === 'text') node.textContent = value;
      else if (key === 'class') node.className = value;
      else node.setAttribute(key, value);
    }
    node.append(...children.filter(Boolean));
    return node;
  }
  const icon = (glyph) => el('span', { class: 'icon', 'aria-hidden': 'true', text: glyph });
  const badge = (b) => el('span', { class: 'pf-label', title: b.tooltip, 'aria-label': b.text + ': ' + b.tooltip },
    [icon('⚠'), el('span', { text: b.text })]);
  // A finding's scope as the author view labels it, from its own fields.
  const findingScope = (f) => (f.bundle ? 'bundle ' + f.bundle : f.channel ? 'channel ' + f.channel : 'package ' + f.package);

  /** The panel of one instance: ask(request) → the preview; findings() → the Summary's findings. */
  function hubPanel(section, ask, findings) {
    const part = (name) => section.querySelector('.fbclens-hub-' + name);
    const toggle = part('toggle'), consoleSelect = part('console-select'), message = part('message');
    const consoleView = part('console'), authorView = part('author'), packageLabel = part('package');
    for (const v of HUB_CONSOLES) consoleSelect.append(el('option', { value: v, text: v }));
    consoleSelect.value = HUB_CONSOLES[HUB_CONSOLES.length - 1];
    let pkg = '', channel = '', version = '', asked = 0, last = null;

    async function refresh() {
      if (!pkg || !toggle.open) return;
      const call = ++asked;
      const request = { package: pkg, console: consoleSelect.value };
      if (channel) request.channel = channel;
      if (version) request.version = version;
      message.textContent = 'Asking…';
      message.className = 'fbclens-hub-message';
      try {
        const preview = await ask(request);
        if (call !== asked) return;
        last = preview;
        message.textContent = '';
        render(preview);
      } catch (error) {
        if (call !== asked) return;
        message.textContent = 'No preview: ' + error.message;
        message.className = 'fbclens-hub-message failed';
      }
    }

    function select(label, options, selected, onChange) {
      const s = el('select', { 'aria-label': label });
      for (const o of options) {
        s.append(el('option', { value: o.value, title: o.tooltip, text: (o.deprecated ? '⚠ ' : '') + o.text }));
      }
      if (selected !== null) s.value = selected;
      s.addEventListener('change', () => onChange(s.value));
      return s;
    }

    function render(p) {
      const pf = p.console >= '4.19' ? '6' : '5', catalog = p.console >= '4.20';
      consoleView.dataset.pf = pf;
      consoleView.dataset.console = p.console;
      const parts = [el('p', { class: 'pf-caption', text: 'OpenShift ' + p.console + ' console, ' +
        (catalog ? 'Software Catalog' : 'OperatorHub') + ' (PatternFly ' + pf + ')' })];
      if (!p.visible) {
        const advice = findings().filter((f) => f.package === p.package && /^FBC41/.test(f.code));
        parts.push(el('div', { class: 'pf-hidden', role: 'note' }, [
          el('strong', { text: 'Not listed in OperatorHub: ' + p.hiddenReasons.join(', ') }),
          ...advice.map((f) => el('p', { class: 'pre', text: f.message })),
          p.tile ? el('p', { text: 'What the console would show when opened by its URL:' }) : null,
        ]));
      }
      if (p.tile) {
        const t = p.tile, providedBy = t.provider ? (catalog ? 'Provided by ' : 'provided by ') + t.provider : null;
        parts.push(el('p', { class: 'pf-caption', text: 'Tile' }), el('article', { class: 'pf-tile', 'aria-label': 'Tile' }, [
          el('div', { class: 'pf-tile-top' }, [el('span', { class: 'pf-icon', 'aria-hidden': 'true', text: 'icon' }),
            catalog && t.deprecatedBadge ? badge(t.deprecatedBadge) : null]),
          el('div', { class: 'pf-tile-title', text: t.title }),
          providedBy ? el('div', { class: 'pf-provider', text: providedBy }) : null,
          !catalog && t.deprecatedBadge ? badge(t.deprecatedBadge) : null,
        ]));
      }
      if (p.details) {
        const d = p.details, provider = p.tile && p.tile.provider;
        const subtitle = provider ? (catalog ? 'Provided by ' + provider : (p.selectedVersion || '') + ' provided by ' + provider) : null;
        const body = [
          catalog && d.deprecatedBadge ? el('div', { class: 'pf-badges' }, [badge(d.deprecatedBadge)]) : null,
          el('div', { class: 'pf-details-head' }, [el('h3', { class: 'pf-details-title', text: d.title }),
            !catalog && d.deprecatedBadge ? badge(d.deprecatedBadge) : null]),
          subtitle ? el('div', { class: 'pf-provider', text: subtitle }) : null,
        ];
        if (d.alert) {
          body.push(el('div', { class: 'pf-alert', 'aria-live': 'polite', 'aria-label': 'Warning alert' }, [
            el('p', { class: 'pf-alert-title' }, [icon('⚠'), el('span', { class: 'pf-alert-title-text', text: d.alert.title })]),
            ...d.alert.messages.map((m) => el('p', { class: 'pre pf-alert-message', text: m })),
          ]));
        }
        const fields = el('div', { class: 'pf-fields' });
        fields.append(el('label', { text: 'Channel' }), select('Channel',
          p.channels.map((c) => ({ value: c.name, text: c.name, deprecated: c.deprecated, tooltip: c.tooltip })),
          p.selectedChannel, (value) => { channel = value; version = ''; refresh(); }));
        const versions = p.versions.map((v) => ({ value: v.version, text: v.version, deprecated: v.deprecated, tooltip: v.tooltip }));
        if (p.selectedVersion !== null && !versions.some((v) => v.value === p.selectedVersion)) {
          versions.unshift({ value: p.selectedVersion, text: p.selectedVersion + ' (preselected, not listed)' });
        }
        fields.append(el('label', { text: 'Version' }), select('Version', versions, p.selectedVersion,
          (value) => { version = value; refresh(); }));
        body.push(fields);
        if (p.installNote) {
          body.push(el('div', { class: 'pf-alert info', role: 'note' }, [
            el('p', { class: 'pf-alert-title' }, [icon('ℹ'), el('span', { text: 'On the install page' })]),
            el('p', { class: 'pre', text: p.installNote })]));
        }
        parts.push(el('p', { class: 'pf-caption', text: catalog ? 'Details panel' : 'Details modal' }),
          el('article', { class: 'pf-details', 'aria-label': 'Details' }, body));
      }
      consoleView.replaceChildren(...parts);
      authorView.replaceChildren(...authorParts(p));
    }

    // Every deprecation message the preview knows, labelled with its scope: the alert's lines
    // (package, channel, version, in that order, those that apply), then the other deprecated
    // channels and versions from their options' tooltips.
    function authorParts(p) {
      const out = [el('h3', { text: 'Author view: deprecations by scope' })];
      const messages = [];
      const alert = p.details && p.details.alert ? p.details.alert.messages : [];
      const channelOption = p.channels.find((c) => c.name === p.selectedChannel);
      const versionOption = p.versions.find((v) => v.version === p.selectedVersion);
      const scopes = [];
      if (p.tile && p.tile.deprecatedBadge) scopes.push('package ' + p.package);
      if (channelOption && channelOption.deprecated) scopes.push('channel ' + channelOption.name);
      if (versionOption && versionOption.deprecated) scopes.push('bundle ' + versionOption.bundle + ' (' + versionOption.version + ')');
      alert.forEach((m, i) => messages.push({ scope: scopes.length === alert.length ? scopes[i] : '(scope unknown)', text: m, shown: true }));
      const unprefixed = (tip) => (tip && tip.startsWith(DEPRECATED_PREFIX) ? tip.slice(DEPRECATED_PREFIX.length) : tip || '');
      for (const c of p.channels) {
        if (c.deprecated && c.name !== p.selectedChannel) messages.push({ scope: 'channel ' + c.name, text: unprefixed(c.tooltip) });
      }
      for (const v of p.versions) {
        if (v.deprecated && v !== versionOption) messages.push({ scope: 'bundle ' + v.bundle + ' (' + v.version + ')', text: unprefixed(v.tooltip) });
      }
      out.push(messages.length
        ? el('ul', {}, messages.map((m) => el('li', {}, [el('span', { class: 'scope', text: m.scope + ': ' }),
          m.shown ? el('span', { class: 'shown', text: '(in the alert now) ' }) : null, el('span', { class: 'pre', text: m.text })])))
        : el('p', { class: 'fbclens-hub-message', text: 'No deprecation in this selection or its dropdowns.' }));

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
      const advice = findings().filter((f) => f.package === p.package && HUB_ADVICE.test(f.code));
      out.push(el('h4', { text: 'Warnings' }));
      const items = warnings.map((w) => el('li', { class: 'warn' }, [el('span', { text: w })]))
        .concat(advice.map((f) => el('li', { class: 'warn' }, [el('span', { class: 'scope', text: findingScope(f) + ': ' }),
          el('span', { class: 'pre', text: f.message + ' ' }), el('span', { class: 'code', text: f.code + ' ' + f.severity })])));
      out.push(items.length ? el('ul', {}, items) : el('p', { class: 'fbclens-hub-message', text: 'None.' }));
      return out;
    }

    consoleSelect.addEventListener('change', () => refresh());
    toggle.addEventListener('toggle', () => refresh());
    return {
      /** Follows the app's selected package: the console's defaults for channel and version. */
      follow(name) {
        if (name === pkg) return;
        pkg = name; channel = ''; version = ''; last = null;
        packageLabel.textContent = name ? '— ' + name : '';
        consoleView.replaceChildren();
        authorView.replaceChildren();
        refresh();
      },
      reload() { last = null; refresh(); },
      open(open) { toggle.open = open; },
      last: () => last,
      /** The console version shown ('4.16' ... '4.21'); setConsole ignores one it does not know. */
      console: () => consoleSelect.value,
      isOpen: () => toggle.open,
      setConsole(v) { if (HUB_CONSOLES.includes(v) && consoleSelect.value !== v) { consoleSelect.value = v; refresh(); } },
    };
  }

  // [SECTION] mount(): one instance, its wiring and its methods
  const abortError = (message) => Object.assign(new Error('fbclens: ' + message), { name: 'AbortError' });
  const unmountedError = () => abortError('the app was unmounted');
  const supersededError = (why) => abortError('show() gave up: ' + why);
  const SHOW_FRAMES = 1200;  // how many animation frames show() waits for its layout (~20 s at 60 Hz)

  /** Mounts an app into `element` (see the top of this file); returns the instance. */
  function mount(element, options = {}) {
    const base = options.base || scriptBase;
    const embed = !!options.embed;
    const maxCatalogBytes = options.maxCatalogBytes || (root.FbclensSources ? root.FbclensSources.DEFAULT_MAX_BYTES : 0);
    element.innerHTML = '';
    const rootEl = document.createElement('div');
    rootEl.className = 'fbclens';
    rootEl.innerHTML = TEMPLATE;
    element.append(rootEl);
    const part = (name) => rootEl.querySelector('.fbclens-' + name);
    const canvas = part('canvas'), canvasWrap = part('canvas-wrap'), status = part('status');
    const progress = part('progress'), progressBar = progress.querySelector('progress'), progressText = part('progress-text');

    let app = null;  // this instance's ImGui module
    let showCalls = 0;  // show() calls so far: a newer one ends an older one's wait
    let unmounted = false;  // unmount() ran: a module or load that arrives later is stopped, not started
    const client = FbclensClient.create({ base });
    let themeChoice = options.theme || 'system';
    const systemLight = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: light)') : null;
    const followSystem = () => { if (themeChoice === 'system') applyTheme(); };
    if (systemLight) systemLight.addEventListener('change', followSystem);

    // Calls app function `name` with string arguments, copied into the app's heap (not its stack:
    // a catalog view can be megabytes).
    function callWithStrings(name, strings, numbers = []) {
      const pointers = strings.map((text) => {
        const size = app.lengthBytesUTF8(text) + 1;
        const ptr = app._malloc(size);
        app.stringToUTF8(text, ptr, size);
        return ptr;
      });
      try { return app['_' + name](...pointers, ...numbers); } finally { pointers.forEach((p) => app._free(p)); }
    }
    const appJson = (name) => (app ? JSON.parse(app.UTF8ToString(app['_' + name]())) : null);

    let appliedTheme = '';  // what applyTheme last asked the app for
    function applyTheme() {
      const light = themeChoice === 'light' || (themeChoice === 'system' && systemLight && systemLight.matches);
      appliedTheme = light ? 'light' : 'dark';
      if (app) app._fbclens_app_set_theme(light ? 1 : 0);
    }

    client.on('progress', (p) => {
      progress.hidden = false;
      if (p.phase === 'reading') {
        progressBar.value = p.totalBytes ? p.bytes / p.totalBytes : 0;
        progressText.textContent = 'Reading ' + p.files + ' / ' + p.totalFiles + ' files, ' +
          formatBytes(p.bytes) + ' of ' + formatBytes(p.totalBytes);
      } else {
        progressBar.value = p.totalBytes ? Math.min(1, p.bytes / p.totalBytes) : 0;
        progressText.textContent = 'Validating: ' + formatBytes(p.bytes) + ' of ' + formatBytes(p.totalBytes) + ' parsed';
      }
    });

    const findings = findingsMirror(part('findings'), (index) => instance.selectFinding(index));
    const catalogText = catalogTextMirror(part('text'), (op, args) => instance.request(op, args));
    const hub = hubPanel(part('hub'), (request) => instance.hubPreview(request),
      () => { const s = client.summary(); return s ? s.findings : []; });
    if (options.console) hub.setConsole(String(options.console));
    // The upgrade simulator (web/simulator.js); its routes go to the app's graph.
    const simulator = root.FbclensSimulator ? root.FbclensSimulator.create(part('sim'), {
      ask: (op, args) => instance.request(op, args),
      highlight: (routes) => { if (app) callWithStrings('fbclens_app_set_routes', [routes ? JSON.stringify(routes) : '']); },
      showPackage: (name) => {  // its default channel, as a package alone is shown
        if (app) callWithStrings('fbclens_app_show', [name, app.UTF8ToString(callWithStrings('fbclens_app_package_channel', [name])), '']);
      },
    }) : null;
    if (!simulator) part('sim').remove();
    // The view: which panel is open (and in an embed, the only one shown; data-view drives the CSS).
    let view = '';
    function setView(next) {
      view = next || (embed ? 'graph' : 'channel');
      rootEl.dataset.view = view;
      if (view === 'hub') hub.open(true);
      if (view === 'upgrade' && simulator) simulator.open(true);
      if (view === 'findings') findings.setShown(true);
      if (app) app._fbclens_app_set_graph_only(embed ? 1 : 0);
    }
    if (embed) rootEl.dataset.embed = '';
    setView(options.view);
    // The view as the user left it: in the full app the panels open and close by hand too.
    const shownView = (status) => (embed ? view : simulator && simulator.request() ? 'upgrade' : hub.isOpen() ? 'hub'
      : status.wholePackage ? 'package' : 'channel');
    const SIDE_BY_SIDE_MIN = 1000;  // px of the instance's width: below it the simulator stacks under the graph
    const placeSimulator = () => {
      const open = simulator && part('sim').querySelector('details').open;
      const side = open && rootEl.clientWidth >= SIDE_BY_SIDE_MIN ? 'sim' : '';
      if ((rootEl.dataset.side || '') !== side) rootEl.dataset.side = side;
    };
    if (simulator) {
      part('sim').addEventListener('toggle', placeSimulator, true);  // toggle does not bubble
      if (typeof ResizeObserver === 'function') new ResizeObserver(placeSimulator).observe(rootEl);
      placeSimulator();
    }

    async function loaded(loading) {
      status.textContent = 'Loading…';
      status.className = 'fbclens-status';
      try {
        const { summary, viewText } = await loading;
        if (unmounted) throw unmountedError();
        callWithStrings('fbclens_app_set_catalog', [viewText]);  // the app parses it for drawing
        catalogText.showView(viewText);  // and the page, a few packages at a time, for its text
        status.textContent = summary.verdict + ' · ' + summary.files + ' files · ' + summary.packages + ' packages · ' +
          summary.bundles + ' bundles · ' + countsText(summary.findingCounts);
        status.className = 'fbclens-status ' + (summary.verdict === 'VALID' ? 'valid' : 'invalid');
        findings.show(summary);
        if (compare) compare.clear();  // it compared the previous catalog
        hub.reload();  // the same package name may now be another catalog's
        if (simulator) simulator.reload();
        return summary;
      } catch (error) {
        const shown = client.summary();
        status.textContent = (error.name === 'AbortError' ? 'Load cancelled' : 'Could not load: ' + error.message) +
          (shown ? ' — still showing the previous catalog' : '');
        status.className = 'fbclens-status' + (error.name === 'AbortError' ? '' : ' invalid');
        throw error;
      } finally {
        if (!client.loading()) progress.hidden = true;
      }
    }

    // The app's questions for the worker (web/requests.cpp): the arguments' and the answer's JSON
    // text pass through unparsed; a failure reaches the app as its kind and message.
    function answerRequest(op, key, argsText) {
      client.request(op, argsText).then(
        (text) => ({ failure: 0, text }),
        (error) => ({ failure: Math.max(1, client.protocol.failures.indexOf(error.kind)), text: String(error.message) }))
        .then(({ failure, text }) => { if (app) callWithStrings('fbclens_app_receive', [op, key, text], [failure]); });
    }

    // A catalog at a URL: downloaded (with progress and Cancel) and unpacked by catalog-source.js.
    let download = null;  // the download in flight: its AbortController
    async function fromUrl(url) {
      if (!root.FbclensSources) throw new Error('fbclens: loading from a URL needs catalog-source.js loaded beside page.js');
      if (download) download.abort();
      const controller = new AbortController();
      download = controller;
      status.textContent = 'Downloading the catalog…';
      status.className = 'fbclens-status';
      progress.hidden = false;
      progressBar.removeAttribute('value');
      progressText.textContent = 'Downloading ' + url;
      try {
        return await root.FbclensSources.fromUrl(url, {
          maxBytes: maxCatalogBytes, signal: controller.signal,
          onProgress: (p) => {
            if (p.totalBytes) progressBar.value = p.bytes / p.totalBytes;
            progressText.textContent = 'Downloading ' + formatBytes(p.bytes) + (p.totalBytes ? ' of ' + formatBytes(p.totalBytes) : '');
          },
        });
      } catch (error) {
        const cancelled = error.name === 'AbortError';
        status.textContent = (cancelled ? 'Download cancelled' : 'Could not load the catalog: ' + error.message) +
          (client.summary() ? ' — still showing the previous catalog' : '');
        status.className = 'fbclens-status' + (cancelled ? '' : ' invalid');
        progress.hidden = true;
        throw cancelled ? abortError('load cancelled') : error;
      } finally {
        if (download === controller) download = null;
      }
    }
    const expand = async (files) => (root.FbclensSources ? root.FbclensSources.expandArchives(files, { maxBytes: maxCatalogBytes }) : files);
    let source = null;  // where the catalog shown came from (source())
    // The instance's own events (the client has 'load' and 'progress').
    const localListeners = { select: [], theme: [] };
    const emitLocal = (event, value) => {
      for (const fn of localListeners[event]) {
        try { fn(value); } catch (e) { console.error('fbclens ' + event + ' listener failed', e); }
      }
    };

    let ready = null;
    let startError = null;  // why the starting catalog did not load (startError())
    const instance = {
      element,
      canvas,
      get ready() { return ready; },
      async loadFiles(files, options) {
        await started;
        let expanded;
        try {
          expanded = await expand(files);
        } catch (error) {
          status.textContent = 'Could not open the archive: ' + error.message;
          status.className = 'fbclens-status invalid';
          throw error;
        }
        lastFiles = expanded;
        const summary = await loaded(client.loadFiles(expanded, options || checkOptions(files)));
        source = { kind: 'files' };
        return summary;
      },
      async loadUrl(url, options) {
        await started;
        url = new URL(url, location.href).href;  // messages and share links name it in full
        const fetched = await fromUrl(url);
        lastFiles = fetched.files;
        const summary = await loaded(client.loadFiles(fetched.files, options || checkOptions(fetched.files)));
        source = { kind: 'url', url };
        return summary;
      },
      async loadSample() {
        await started;
        lastFiles = null;
        const summary = await loaded(client.loadSample());
        source = { kind: 'sample' };
        return summary;
      },
      source() { return source; },
      /** Why the starting catalog (options.catalog, catalogUrl or sample) did not load, or the
       *  starting selection (package, channel, bundle, simulate) could not be shown; or null. */
      startError() { return startError; },
      /** The channel a package alone shows (its default channel, as the explorer picks it). */
      defaultChannel(name) { return app ? app.UTF8ToString(callWithStrings('fbclens_app_package_channel', [name])) : ''; },
      state() {
        const s = app ? instance.appStatus() : {};
        return { package: s.package || '', channel: s.wholePackage ? '' : s.channel || '', bundle: s.bundle || '',
          wholePackage: !!s.wholePackage, view: shownView(s),
          console: hub.console() === HUB_CONSOLES[HUB_CONSOLES.length - 1] ? '' : hub.console(),  // '' = the default
          theme: themeChoice,
          simulator: simulator ? simulator.request() : null };
      },
      setView,
      /** "Compare with…": `files` (an older catalog) against the one shown → {old, diff}, drawn. */
      async compareWith(files) {
        await started;
        if (!compare) throw new Error('fbclens: comparing needs compare.js loaded beside page.js');
        return compare.open(files);
      },
      /** The OperatorHub preview's console version ('4.16' ... '4.21'; another is ignored). */
      setConsole(v) { hub.setConsole(String(v)); },
      // The exports (web/exports.js): the graph shown as 'dot' | 'svg' | 'json' text, as a PNG Blob,
      // the findings as 'json' | 'sarif' text, the upgrade walks as JSON text.
      exportGraph: (format) => root.FbclensExports.graph(instance, format),
      exportPng: () => root.FbclensExports.png(instance),
      exportReport: (format) => root.FbclensExports.report(instance, format),
      exportWalks: () => root.FbclensExports.walks(instance),
      cancel() {
        if (download) { download.abort(); return true; }
        return client.cancel();
      },
      summary() { return client.summary(); },
      async request(op, args) { await started; return JSON.parse(await client.request(op, JSON.stringify(args || {}))); },
      appStatus() { return appJson('fbclens_app_status'); },
      lastMermaid() { return lastMermaid; },  // what "Copy Mermaid" last put on the clipboard
      graphStats() { return appJson('fbclens_app_graph_stats'); },
      async memory() { return { app: { wasmBytes: app ? app.HEAPU8.length : 0 }, worker: await client.memory() }; },
      async show({ package: pkg, channel, bundle }) {
        await started;
        if (unmounted) throw unmountedError();
        if (!callWithStrings('fbclens_app_show', [pkg, channel || '', bundle || ''])) {
          throw new Error('fbclens: ' + (channel ? 'no channel ' + channel + ' in package ' + pkg : 'no package ' + pkg) +
            (bundle ? ' (or no entry ' + bundle + ')' : ''));
        }
        // Drawn: two frames with the layout of that selection, fitted. Given up on when a newer show()
        // starts, the selection moves elsewhere, the app is unmounted or SHOW_FRAMES pass.
        const call = ++showCalls;
        const start = instance.graphStats().frames;
        await new Promise((resolve, reject) => {
          let waited = 0;
          const tick = () => {
            if (unmounted) return reject(unmountedError());
            const s = instance.graphStats(), now = instance.appStatus();
            if (s.frames >= start + 2 && s.settledFrames >= 2 && s.package === pkg && s.channel === (channel || '')) return resolve();
            const moved = call !== showCalls || now.package !== pkg || now.wholePackage !== !channel ||
              (channel && now.channel !== channel);
            if (moved) return reject(supersededError('the selection changed before it was drawn'));
            if (++waited > SHOW_FRAMES) return reject(supersededError('not drawn within ' + SHOW_FRAMES + ' frames'));
            requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        });
        return instance.graphStats();
      },
      async hubPreview(request) { await started; return client.hubPreview(request); },
      async simulate(request) {
        await started;
        if (!simulator) throw new Error('fbclens: the upgrade simulator needs simulator.js loaded beside page.js');
        return simulator.simulate(request);
      },
      selectFinding(index) { return app ? app._fbclens_app_select_finding(index) === 1 : false; },
      setTheme(theme) { themeChoice = theme; applyTheme(); },
      on(event, fn) { if (localListeners[event]) localListeners[event].push(fn); else client.on(event, fn); },
      unmount() {
        unmounted = true;
        if (systemLight) systemLight.removeEventListener('change', followSystem);
        client.close();
        if (app) app._fbclens_app_stop();
        app = null;
        element.innerHTML = '';
      },
    };

    // The bar's check profiles (core/profiles; the CLI's validate --profile): changing them validates
    // the catalog shown again (unless it is the built-in sample, which they apply to no more).
    const PROFILE_CHOICES = [['', 'opm'], ['konflux', 'opm + Konflux'], ['operator-pipelines', 'opm + operator pipelines'],
      ['operatorhub', 'opm + OperatorHub'], ['konflux,operator-pipelines,operatorhub', 'all']];
    const profileSelect = part('profile'), ocpInput = part('ocp');
    for (const [value, label] of PROFILE_CHOICES) profileSelect.append(Object.assign(document.createElement('option'), { value, textContent: label }));
    let lastFiles = null;
    function checkOptions(files) {
      const o = {};
      if (profileSelect.value) o.profiles = profileSelect.value.split(',');
      if (ocpInput.value.trim()) o.ocpVersion = ocpInput.value.trim();
      // A picked or dropped folder's own name (e.g. "v4.18") says the OpenShift version.
      const list = files && typeof files.length === 'number' ? Array.from(files) : [];
      const paths = list.map((f) => String(f.path || f.fbclensPath || f.webkitRelativePath || ''));
      const roots = new Set(paths.map((p) => (p.includes('/') ? p.split('/')[0] : '')));
      const root = roots.size === 1 ? [...roots][0] : '';
      if (root) o.folder = root;
      return Object.keys(o).length ? o : undefined;
    }
    // "Copy Mermaid": the selected package as `opm alpha render-graph -p` prints it (the `mermaid`
    // operation), with a warning when Mermaid's default limits would refuse to draw it.
    const copyNote = part('copy-note');
    part('copy-mermaid').addEventListener('click', async () => {
      part('menu').open = false;
      const pkg = app ? instance.appStatus().package : '';
      if (!pkg) return;
      try {
        const m = await instance.request('mermaid', { package: pkg });
        if (m.error) throw new Error(m.error);
        let note = 'Mermaid of ' + pkg + ' copied (' + m.textSize + ' characters, ' + m.edges + ' edges)';
        if (m.textTooLarge || m.tooManyEdges) {
          note += '. Over Mermaid\'s default ' + (m.textTooLarge ? 'maxTextSize (' + m.maxTextSize + ')' : '') +
            (m.textTooLarge && m.tooManyEdges ? ' and ' : '') + (m.tooManyEdges ? 'maxEdges (' + m.maxEdges + ')' : '') +
            ': raise them in mermaid.initialize to draw it';
        }
        lastMermaid = m.text;
        await navigator.clipboard.writeText(m.text);
        copyNote.textContent = note;
      } catch (error) {
        copyNote.textContent = 'Could not copy the Mermaid text: ' + error.message;
      }
    });
    let lastMermaid = '';
    // "Compare with…" (web/compare.js): an older catalog against the one shown, drawn on the graph.
    const compare = root.FbclensCompare ? root.FbclensCompare.create(part('compare'), {
      ask: async (files) => client.compareFiles(await expand(files)),
      mark: (changes) => { if (app) callWithStrings('fbclens_app_set_changes', [changes ? JSON.stringify(changes) : '']); },
      show: (target) => {
        const channel = target.channel || instance.defaultChannel(target.package);
        instance.show({ package: target.package, channel, bundle: target.bundle }).catch(quiet);
      },
    }) : null;
    if (!compare) for (const e of [part('compare'), ...rootEl.querySelectorAll('.fbclens-compare-pick')]) e.remove();
    for (const name of ['compare-folder', 'compare-files']) {
      const input = part(name);
      if (input) input.addEventListener('change', (e) => {
        part('menu').open = false;
        if (e.target.files.length) compare.open(e.target.files).catch(quiet);
      });
    }
    if (root.FbclensExports) {
      root.FbclensExports.attach(part('menu'), instance, {
        appUrl: () => options.appUrl || location.href, note: (text) => { copyNote.textContent = text; },
      });
    } else {  // without exports.js the menu keeps only Copy Mermaid
      for (const button of part('menu').querySelectorAll('[data-export]')) button.remove();
    }
    const recheck = () => { if (lastFiles) instance.loadFiles(lastFiles).catch(quiet); };
    profileSelect.addEventListener('change', recheck);
    ocpInput.addEventListener('change', recheck);

    const quiet = (error) => { if (error.name !== 'AbortError') console.warn('fbclens: load failed', error); };
    for (const name of ['folder-input', 'files-input']) {
      part(name).addEventListener('change', (e) => {
        if (e.target.files.length) instance.loadFiles(e.target.files).catch(quiet);
      });
    }
    part('cancel').addEventListener('click', () => instance.cancel());
    // An embed is no drop target (Perfetto's embedded mode drops its file-drop handler too): a
    // file dropped on a docs page must not replace the demo.
    if (!embed) rootEl.addEventListener('dragover', (e) => { e.preventDefault(); canvasWrap.classList.add('dragging'); });
    if (!embed) rootEl.addEventListener('dragleave', (e) => { if (e.target === canvasWrap || e.target === canvas) canvasWrap.classList.remove('dragging'); });
    if (!embed) rootEl.addEventListener('drop', (e) => {
      e.preventDefault();
      canvasWrap.classList.remove('dragging');
      droppedFiles(e.dataTransfer).then((files) => instance.loadFiles(files)).catch(quiet);
    });
    canvas.addEventListener('contextmenu', (e) => e.preventDefault());

    // The app runs and the worker knows the protocol: then the starting catalog and selection.
    let appStarted = null;  // resolves when the app's main() has run (onStarted)
    const mainRan = new Promise((resolve) => { appStarted = resolve; });
    const started = Promise.all([
      createFbclensApp({
        onStarted: () => appStarted(),
        canvas,
        locateFile: (path) => base + path,
        // The app's .wasm is compiled once per page and shared by every instance on it.
        instantiateWasm: (imports, receive) => {
          FbclensClient.compile(base + 'fbclens-app.wasm').then((module) => WebAssembly.instantiate(module, imports)
            .then((wasm) => receive(wasm, module)))
            .catch((error) => console.error('fbclens: the app module did not start', error));
          return {};
        },
        fbclensWheelNeedsFocus: embed,
        print: (text) => console.log(text),
        printErr: (text) => console.warn(text),
        fbclensRequest: answerRequest,
        onFindingSelected: (index) => findings.select(index),
        // The app's own "Dark theme" / "Light theme" button is a choice too (state(), share links).
        onThemeChanged: (theme) => {
          rootEl.dataset.theme = theme;
          if (appliedTheme && theme !== appliedTheme) { themeChoice = theme; appliedTheme = theme; }
          emitLocal('theme', theme);
        },
        onPackageSelected: (name) => { hub.follow(name); if (simulator) simulator.follow(name); },
        onBundleSelected: (pkg, channel, bundle) => {
          catalogText.showBundle(pkg, channel, bundle);
          emitLocal('select', { package: pkg, channel, bundle });
        },
      }).then((Module) => mainRan.then(() => Module)),
      client.ready,
    ]).then(([Module, protocol]) => {
      if (unmounted) {  // unmounted while starting: stop the app that just started
        Module._fbclens_app_stop();
        return;
      }
      app = Module;
      applyTheme();
      setView(view);
      for (const op of protocol.ops) if (!op.loads && !(op.name in instance)) instance[op.name] = client[op.name];
    });
    ready = started.then(async () => {
      if (unmounted) return instance;
      // A starting catalog that does not load leaves a running app that says why in its status
      // (loaded() and loadUrl() wrote it) and takes another; `ready` still resolves.
      const starting = options.catalog ? instance.loadFiles(options.catalog) : options.catalogUrl ? instance.loadUrl(options.catalogUrl)
        : options.sample ? instance.loadSample() : null;
      if (starting && !(await starting.then(() => true, (error) => { if (unmounted) throw error; startError = error; return false; }))) return instance;
      // A starting selection the catalog does not have (a stale link) is said in the status too.
      try {
        if (options.package) {
          const channel = options.view === 'package' ? ''
            : options.channel || app.UTF8ToString(callWithStrings('fbclens_app_package_channel', [options.package]));
          await instance.show({ package: options.package, channel, bundle: options.bundle });
        }
        if (options.simulate && simulator) await simulator.simulate(options.simulate);
      } catch (error) {
        if (unmounted || error.name === 'AbortError') throw error;
        startError = error;
        status.textContent = error.message.replace(/^fbclens: /, 'Cannot show that view: ') + ' · ' + status.textContent;
        status.className = 'fbclens-status invalid';
      }
      return instance;
    }).catch((error) => {
      if (unmounted) return instance;  // unmounted while starting or loading: nothing to report
      status.textContent = 'fbclens could not start: ' + (error && error.message ? error.message : error);
      throw error;
    });
    return instance;
  }

  root.FbclensApp = { mount };
})(typeof globalThis !== 'undefined' ? globalThis : this);
