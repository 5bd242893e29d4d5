// The panels of the dock, one row each: the tab's id and title, the component that draws it
// (a function of the store's state and the instance's context), whether it is offered now, and
// the count its tab shows. Adding a view = a core function that builds its answer, a protocol row
// (wasm/protocol.cpp), a panel module that asks for it and draws it, and one row here
// (README "Adding a view"; tests/browser/panels.test.mjs checks every row has its module and test).
import { FindingsPanel } from './findings.js';
import { BundlePanel } from './bundle.js';
import { HubPanel } from './hub.js';
import { SimulatorPanel } from './simulator.js';
import { ChangesPanel } from './changes.js';
import { InstallPanel } from './install.js';
import { VersionsPanel } from './versions.js';
import { catalogFindings } from '../shell/repository.js';

const findingCount = (state) => (state.catalog ? catalogFindings(state.catalog).length : '');

export const PANELS = [
  { id: 'findings', title: 'Findings', component: FindingsPanel, badge: findingCount },
  { id: 'bundle', title: 'Bundle', component: BundlePanel },
  { id: 'hub', title: 'OperatorHub', component: HubPanel },
  { id: 'simulator', title: 'Upgrade simulator', component: SimulatorPanel },
  { id: 'install', title: 'Install', component: InstallPanel },
  { id: 'changes', title: 'Changes', component: ChangesPanel, available: (state) => !!state.compare },
  { id: 'versions', title: 'Versions', component: VersionsPanel, available: (state) => !!(state.catalog && state.catalog.repository) },
];

/** The panel row with id `id`, or null ('none', '' or an unknown id). */
export function panelById(id) {
  return PANELS.find((p) => p.id === id) || null;
}
