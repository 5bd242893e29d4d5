// The upgrade question the simulator asks, and the Bundle panel's "if installed" lines with it:
// one upgradePath request, so both show the same answer, asked once (shell/answers.js).

/**
 * The question about the selection: the selected bundle installed, subscribed to (OLM Classic)
 * and following (OLM v1) the channel it was selected in, every step explained. A fresh install
 * when no bundle is selected. null without a package.
 */
export function selectionRequest(selection) {
  if (!selection.package) return null;
  const r = { package: selection.package, explain: true };
  if (selection.bundle) r.installedBundle = selection.bundle;
  if (selection.channel) {
    r.subscriptionChannel = selection.channel;
    r.channels = [selection.channel];
  }
  return r;
}

/** The simulator's question: the one the user set (state.simulator) while it is about the package
 *  shown, else the selection's. */
export function simulatorRequest(state) {
  const own = state.simulator;
  if (own && own.package === state.selection.package) return { explain: true, ...own };
  return selectionRequest(state.selection);
}

/** The routes the graph draws for an upgradePath answer: each OLM's walk (bundle names). */
export function routesOf(answer) {
  return { classic: (answer.classic && answer.classic.walk) || [], v1: (answer.v1 && answer.v1.walk) || [] };
}

/** One OLM's answer in a line: "next X, ends at Y (N steps)", "stays", or its error. */
export function outcomeText(side) {
  if (!side) return '?';
  if (side.error) return 'fails: ' + side.error;
  const walk = side.walk || [];
  if (walk.length <= 1) return side.next ? 'stays (re-selects ' + side.next + ')' : 'stays';
  const steps = walk.length - 1;
  return 'next ' + walk[1] + ', ends at ' + walk[walk.length - 1] + ' (' + steps + ' step' + (steps === 1 ? '' : 's') + ')';
}
