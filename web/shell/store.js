// The one state of an app instance (Perfetto's and Figma's model: one state object, serialisable
// into the URL, that every panel renders from). Panels never keep their own copy of what the store
// holds; they read it and ask actions.js to change it.

/**
 * createStore(initial) → {get, set, subscribe}.
 *   get()            the current state (treat as immutable)
 *   set(patch)       merges `patch` (an object, or a function of the state returning one) into a
 *                    new state object and tells every subscriber once, after the current task's
 *                    other changes (a microtask), so a burst of changes renders once
 *   subscribe(fn)    fn(state) after changes; returns the function that unsubscribes
 */
export function createStore(initial) {
  let state = initial;
  let queued = false;
  const subscribers = new Set();
  const notify = () => {
    queued = false;
    for (const fn of [...subscribers]) fn(state);
  };
  return {
    get: () => state,
    set(patch) {
      const change = typeof patch === 'function' ? patch(state) : patch;
      if (!change) return;
      state = { ...state, ...change };
      if (!queued) {
        queued = true;
        queueMicrotask(notify);
      }
    },
    subscribe(fn) {
      subscribers.add(fn);
      return () => subscribers.delete(fn);
    },
  };
}
