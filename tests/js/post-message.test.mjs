// The embed's postMessage handler (web/embed/post-message.js) under fast-check: messages from a
// window or origin not allowed, or not ours, run nothing; any message from the host, however
// malformed, runs at most its one command and answers with 'done' or 'error', never throwing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createMessageHandler, PROTOCOL_VERSION } from '../../web/embed/post-message.js';

const RUNS = Number(process.env.FBCLENS_PROPERTY_RUNS || 150);
const host = { name: 'host' }, stranger = { name: 'stranger' };

function harness() {
  const calls = [], posted = [];
  const app = {
    loadUrl: async (url) => { calls.push(['loadUrl', url]); },
    loadFiles: async (files) => { calls.push(['loadFiles', files.length]); },
    setView: async (v) => { calls.push(['setView', v]); },
    show: async (s) => { calls.push(['show', s]); },
    defaultChannel: () => 'stable',
  };
  const handler = createMessageHandler({ app, allowed: ['https://docs.example'], hosts: [host], post: (m) => posted.push(m),
    baseUrl: 'https://app.example/index.html' });
  return { handler, calls, posted };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

test('postMessage: only our messages, from the host window and an allowed origin, run anything', async () => {
  const anything = fc.anything({ withObjectString: true, withNullPrototype: true });
  await fc.assert(fc.asyncProperty(anything, fc.constantFrom('https://docs.example', 'https://evil.example', 'null'),
    fc.constantFrom(host, stranger), async (data, origin, source) => {
      const { handler, calls, posted } = harness();
      const result = handler.handle({ data, origin, source });
      await settle();
      const ours = data && typeof data === 'object' && data.fbclens === PROTOCOL_VERSION &&
        ['ping', 'load', 'select'].includes(data.type);
      if (!ours || origin !== 'https://docs.example' || source !== host) {
        assert.equal(result, 'ignored');
        assert.deepEqual(calls, []);
        assert.deepEqual(posted, []);
      }
    }), { numRuns: RUNS });
});

test('postMessage: any command from the host answers once, done or error, and never throws', async () => {
  const value = fc.oneof(fc.string({ maxLength: 50 }), fc.integer(), fc.constant(null), fc.constant(undefined), fc.object(),
    fc.array(fc.anything(), { maxLength: 3 }));
  const message = fc.record({
    type: fc.constantFrom('load', 'select'), id: fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), url: value,
    files: fc.oneof(value, fc.array(fc.record({ path: value, data: fc.oneof(value, fc.uint8Array({ maxLength: 8 })) }), { maxLength: 3 })),
    package: value, channel: value, bundle: value, view: fc.oneof(value, fc.constantFrom('graph', 'hub', 'package')),
  }, { requiredKeys: ['type', 'id'] });
  await fc.assert(fc.asyncProperty(message, async (m) => {
    const { handler, posted } = harness();
    assert.equal(handler.handle({ data: { fbclens: PROTOCOL_VERSION, ...m }, origin: 'https://docs.example', source: host }), m.type);
    await settle();
    assert.equal(posted.length, 1);
    assert.ok(['done', 'error'].includes(posted[0].type));
    assert.equal(posted[0].id, m.id);
  }), { numRuns: RUNS });
});

test('postMessage: ping answers pong with whether the first catalog is shown', async () => {
  const { handler, posted } = harness();
  handler.handle({ data: { fbclens: 1, type: 'ping' }, origin: 'https://docs.example', source: host });
  await settle();
  handler.setReady();
  handler.handle({ data: { fbclens: 1, type: 'ping' }, origin: 'https://docs.example', source: host });
  await settle();
  assert.deepEqual(posted, [{ type: 'pong', version: 1, ready: false }, { type: 'pong', version: 1, ready: true }]);
});
