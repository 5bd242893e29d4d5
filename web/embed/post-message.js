// The embed route's postMessage API (operatorhub-and-ux.md §3.6): a host page drives an embedded
// app by messages, and hears what it does. Every message is {fbclens: 1, type, ...}; anything else
// is ignored. Messages are accepted only from the host window (the parent, or the opener) and from
// an allowed origin. Written as a function of (message, origin, source) so hostile messages can be
// thrown at it in tests (tests/browser/post-message.test.mjs, fast-check).
//
// From the host:
//   {type: 'ping'}                                   answered with 'pong'
//   {type: 'load', url} | {type: 'load', files: [{path, data: string|ArrayBuffer|Uint8Array}]}
//   {type: 'select', package, channel?, bundle?, view?}   (no channel: the default channel)
//   A command may carry an `id`; the answer is {type: 'done', id} or {type: 'error', id, message}.
// To the host:
//   {type: 'pong', version: 1, ready}, {type: 'ready', summary}, {type: 'validated', summary},
//   {type: 'selectionChanged', package, channel, bundle}, {type: 'error', message}

export const PROTOCOL_VERSION = 1;
const MAX_FILES = 100000;
const VIEWS = ['graph', 'package', 'hub', 'findings', 'upgrade'];

/** The Summary as the host sees it: counts, not the findings themselves. */
export const summaryOf = (s) => (s ? {
  verdict: s.verdict, files: s.files, packages: s.packages, channels: s.channels, bundles: s.bundles,
  findingCounts: s.findingCounts, findings: s.findings.length,
} : null);

const text = (v, what) => {
  if (typeof v !== 'string' || v.length > 4096) throw new Error(what + ' must be a string');
  return v;
};
const bytes = (data) => {
  if (typeof data === 'string') return new TextEncoder().encode(data);
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (data instanceof Uint8Array) return data;
  throw new Error('a file\'s data must be a string, an ArrayBuffer or a Uint8Array');
};

/**
 * createMessageHandler({app, allowed: [origin], hosts: [window], post(message), baseUrl}) →
 * handle(event): runs the command an accepted message carries and posts its answer. Returns
 * 'ignored' (not ours, not from the host, or from an origin not allowed), or the command's type
 * (its promise settles into a 'done' or 'error' message). Never throws.
 */
export function createMessageHandler({ app, allowed, hosts, post, baseUrl }) {
  let ready = false;
  const commands = {
    ping: async () => post({ type: 'pong', version: PROTOCOL_VERSION, ready }),
    load: async (m) => {
      if (typeof m.url === 'string') return app.loadUrl(new URL(text(m.url, 'url'), baseUrl).href);
      if (!Array.isArray(m.files) || m.files.length > MAX_FILES) throw new Error('load needs url or files');
      return app.loadFiles(m.files.map((f) => ({ path: text(f && f.path, 'a file\'s path'), data: bytes(f.data) })));
    },
    select: async (m) => {
      const view = m.view === undefined ? undefined : text(m.view, 'view');
      if (view !== undefined && !VIEWS.includes(view)) throw new Error('view must be one of ' + VIEWS.join(', '));
      if (view) await app.setView(view);
      if (m.package === undefined) return;
      const pkg = text(m.package, 'package');
      const channel = m.channel === undefined ? '' : text(m.channel, 'channel');
      const bundle = m.bundle === undefined ? '' : text(m.bundle, 'bundle');
      await app.show({ package: pkg, channel: channel || (view === 'package' ? '' : app.defaultChannel(pkg)), bundle, lanes: view === 'package' });
    },
  };
  function handle(event) {
    const m = event && event.data;
    if (!m || typeof m !== 'object' || m.fbclens !== PROTOCOL_VERSION || typeof m.type !== 'string' ||
        !Object.prototype.hasOwnProperty.call(commands, m.type)) return 'ignored';
    if (!allowed.includes(event.origin) || !hosts.includes(event.source)) return 'ignored';
    const id = typeof m.id === 'string' || typeof m.id === 'number' ? m.id : undefined;
    Promise.resolve().then(() => commands[m.type](m)).then(
      () => { if (id !== undefined && m.type !== 'ping') post({ type: 'done', id }); },
      (error) => post({ type: 'error', id, message: String(error && error.message ? error.message : error) }));
    return m.type;
  }
  return { handle, setReady() { ready = true; } };
}
