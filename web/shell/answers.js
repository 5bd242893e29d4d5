// Answers of the worker's operations, asked once per catalog and question and shared by every
// panel that shows them: the Bundle panel and the upgrade simulator read the same upgradePath
// answer, the graph's title and the explorer the same catalog view. An answer is parsed once, here.

/** The key of a question: the operation and its arguments with keys sorted (so {a, b} = {b, a}). */
export function questionKey(op, args) {
  const stable = (v) => (Array.isArray(v) ? v.map(stable)
    : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, stable(v[k])])) : v);
  return op + ' ' + JSON.stringify(stable(args || {}));
}

/**
 * createAnswers(ask, onAnswer) → the cache of one catalog's answers.
 *   ask(op, args) → Promise of the answer's JSON text (the worker's; not parsed yet)
 *   onAnswer()      called whenever an answer (or a failure) arrives, to render again
 * The cache:
 *   get(op, args)   {state: 'pending'|'ok'|'failed', value, error}: the answer so far, asking the
 *                   worker the first time a question is seen (args null: nothing is asked, idle)
 *   fetch(op, args) Promise of the parsed answer (rejects with the failure), sharing get()'s entry
 *   clear()         a new catalog: forgets every answer (answers in flight are dropped)
 *   stats()         {asked, parsed}: questions sent and answers parsed since creation (the
 *                   "once per click" figure of the issue's note is read from here)
 */
export function createAnswers(ask, onAnswer) {
  let entries = new Map();
  let asked = 0, parsed = 0;
  function entry(op, args) {
    const key = questionKey(op, args);
    let e = entries.get(key);
    if (!e) {
      const table = entries;
      e = { state: 'pending', value: null, error: null };
      asked++;
      e.promise = ask(op, args).then((text) => {
        parsed++;
        e.value = JSON.parse(text);
        e.state = 'ok';
        return e.value;
      }, (error) => {
        e.error = error;
        e.state = 'failed';
        throw error;
      });
      e.promise.catch(() => {}).finally(() => { if (table === entries) onAnswer(); });
      entries.set(key, e);
    }
    return e;
  }
  return {
    get(op, args) {
      if (args == null) return { state: 'idle', value: null, error: null };
      return entry(op, args);
    },
    fetch: (op, args) => entry(op, args).promise,
    clear() { entries = new Map(); },
    stats: () => ({ asked, parsed }),
  };
}
