// The graph canvas: the Dear ImGui module (web/canvas/, built to fbclens-app.js/.wasm) that draws
// the upgrade graph, its toolbar, key and hover, and nothing else. This file is its only caller:
// it starts the module on the shell's <canvas>, passes the selection, routes, changes and theme
// in, and hands the module's requests to the worker and its selections back to the shell.

/** Copies `strings` into the module's heap (not its stack: a layout can be megabytes) and calls
 *  `_name(...pointers, ...numbers)`. */
function callWithStrings(module, name, strings, numbers = []) {
  const pointers = strings.map((text) => {
    const size = module.lengthBytesUTF8(text) + 1;
    const ptr = module._malloc(size);
    module.stringToUTF8(text, ptr, size);
    return ptr;
  });
  try {
    return module['_' + name](...pointers, ...numbers);
  } finally {
    pointers.forEach((p) => module._free(p));
  }
}

/**
 * startCanvas(options) → Promise of the canvas's handle, once the module's main() ran.
 *   options.canvas       the <canvas> it draws into (input is read from it alone)
 *   options.base         where fbclens-app.js's .wasm is
 *   options.compile(url) → Promise of a WebAssembly.Module (shared by every instance on a page)
 *   options.embed        the wheel zooms only while the canvas has focus or with Ctrl
 *   options.ask(op, argsText) → Promise of the answer's JSON text (the worker's protocol)
 *   options.onSelect({package, channel, bundle, lanes})   the user moved in the graph (a click,
 *                        arrow keys, the toolbar's "whole package")
 *   options.onGhost({package, channel, names, declarer})  a ghost node was clicked
 * The handle:
 *   show({package, channel, bundle, lanes})   what the graph shows (channel: the lane the
 *                        selection is in; lanes: every channel of the package as lanes)
 *   newCatalog()         forget the layout shown (a catalog replaced the previous one)
 *   setRoutes({classic, v1} | null), setChanges({packages, added, changed} | null),
 *   setInstallRisks([{package, channel, from, to}] | null),
 *   setTheme('light'|'dark'), fit(), status(), graphStats(), heapBytes(), stop()
 */
export async function startCanvas(options) {
  if (typeof globalThis.createFbclensApp !== 'function') {
    throw new Error('fbclens: fbclens-app.js must be loaded before the page script');
  }
  let module = null;
  let started;
  const mainRan = new Promise((resolve) => { started = resolve; });
  const created = globalThis.createFbclensApp({
    canvas: options.canvas,
    onStarted: () => started(),
    locateFile: (path) => options.base + path,
    instantiateWasm: (imports, receive) => {
      options.compile(options.base + 'fbclens-app.wasm')
        .then((compiled) => WebAssembly.instantiate(compiled, imports).then((instance) => receive(instance, compiled)))
        .catch((error) => console.error('fbclens: the graph module did not start', error));
      return {};
    },
    fbclensWheelNeedsFocus: !!options.embed,
    print: (text) => console.log(text),
    printErr: (text) => console.warn(text),
    // The module's questions: arguments and answers pass as text, parsed only by the module.
    fbclensRequest: (op, key, argsText) => {
      options.ask(op, argsText).then((text) => ({ failure: 0, text }),
        (error) => ({ failure: Math.max(1, ['none', 'badRequest', 'noCatalog', 'notFound'].indexOf(error.kind)), text: String(error.message) }))
        .then(({ failure, text }) => { if (module) callWithStrings(module, 'fbclens_app_receive', [op, key, text], [failure]); });
    },
    onSelect: (pkg, channel, bundle, lanes) => options.onSelect({ package: pkg, channel, bundle, lanes: !!lanes }),
    onGhost: (pkg, channel, namesText, declarer) =>
      options.onGhost({ package: pkg, channel, names: namesText.split('\n').filter(Boolean), declarer }),
  });
  module = await created.then((m) => mainRan.then(() => m));
  const json = (name) => JSON.parse(module.UTF8ToString(module['_' + name]()));
  let stopped = false;
  return {
    show({ package: pkg, channel, bundle, lanes }) {
      callWithStrings(module, 'fbclens_app_show', [pkg || '', channel || '', bundle || ''], [lanes ? 1 : 0]);
    },
    newCatalog() { module._fbclens_app_new_catalog(); },
    setRoutes(routes) { callWithStrings(module, 'fbclens_app_set_routes', [routes ? JSON.stringify(routes) : '']); },
    setChanges(changes) { callWithStrings(module, 'fbclens_app_set_changes', [changes ? JSON.stringify(changes) : '']); },
    setInstallRisks(risks) { callWithStrings(module, 'fbclens_app_set_install_risks', [risks ? JSON.stringify(risks) : '']); },
    setTheme(theme) { module._fbclens_app_set_theme(theme === 'light' ? 1 : 0); },
    fit() { module._fbclens_app_fit(); },
    status: () => json('fbclens_app_status'),
    graphStats: () => json('fbclens_app_graph_stats'),
    heapBytes: () => module.HEAPU8.length,
    stop() {
      if (stopped) return;
      stopped = true;
      module._fbclens_app_stop();
    },
  };
}
