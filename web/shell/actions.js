// What the user can do, as changes of the one store: select, open a panel, pick a finding, set
// the theme or the simulator's question. Panels call these; they never change the store
// themselves. Every change that the URL mirrors goes through here.
import { resolveSelection } from './catalog-index.js';
import { catalogFindings } from './repository.js';

/** The panels a bundle selection does not take over (they follow the selection themselves). */
const FOLLOWING_PANELS = new Set(['hub', 'simulator', 'changes', 'bundle', 'install']);

/**
 * createActions(store) → the actions of one app instance:
 *   select(wanted, {from})   wanted: {package, channel?, bundle?, lanes?}; made valid for the catalog
 *                            (catalog-index.js resolveSelection); returns the selection or null.
 *                            A bundle picked in the graph or the explorer brings the Bundle panel
 *                            forward unless a panel that follows the selection is open.
 *   openPanel(id), closePanel(), setPanelWidth(px)
 *   selectFinding(index)     the finding (index into the findings listed: the Summary's, then a
 *                            repository's templates', shell/repository.js) and its object
 *   setTheme(choice), setConsole(version), setFindingsFilter(patch), setSimulator(request|null),
 *   setExplorerOpen(open), note(text)
 */
export function createActions(store) {
  const actions = {
    select(wanted, { from = 'api' } = {}) {
      const state = store.get();
      if (!state.catalog) return null;
      const selection = resolveSelection(state.catalog.index, wanted);
      if (!selection) return null;
      const patch = { selection };
      // A question the simulator was asked about another package no longer applies: it follows the
      // new package (a question about this package, e.g. a share link's, stays).
      if (state.simulator && state.simulator.package !== selection.package) patch.simulator = null;
      // A bundle picked brings its panel forward, beside the graph; where panels are tabs (a narrow
      // instance) it would hide the graph the user is working in, so there it waits a tab away.
      if (selection.bundle && (from === 'graph' || from === 'explorer') && !FOLLOWING_PANELS.has(state.panel) && !state.narrow) {
        patch.panel = 'bundle';
      }
      if (from === 'explorer' && state.narrow) patch.explorerOpen = false;
      store.set(patch);
      return selection;
    },
    openPanel(id) { store.set({ panel: id }); },
    closePanel() { store.set({ panel: 'none' }); },
    setPanelWidth(px) { store.set({ panelWidth: px }); },
    selectFinding(index) {
      const state = store.get();
      const f = catalogFindings(state.catalog)[index];
      if (!f) return false;
      store.set({ finding: index });
      if (f.package) {
        const lanes = state.selection.lanes || (!f.channel && !f.bundle);
        actions.select({ package: f.package, channel: f.channel, bundle: f.bundle, lanes }, { from: 'finding' });
      }
      return true;
    },
    setTheme(choice) { store.set({ theme: ['light', 'dark', 'system'].includes(choice) ? choice : 'system' }); },
    setConsole(version) { store.set({ console: version || '' }); },
    setFindingsFilter(patch) { store.set((s) => ({ findingsFilter: { ...s.findingsFilter, ...patch } })); },
    setSimulator(request) { store.set({ simulator: request }); },
    setExplorerOpen(open) { store.set({ explorerOpen: !!open }); },
    note(text) { store.set({ note: text }); },
  };
  return actions;
}
