// The page's one script (bundled by web/build.mjs into dist/fbclens-page.js): FbclensApp for
// embeds and host pages, and on the app page (index.html, which has #fbclens-app) the app itself.
import { FbclensApp } from './shell/mount.js';
import { startPage } from './embed/route.js';

globalThis.FbclensApp = FbclensApp;
if (typeof document !== 'undefined' && document.documentElement.dataset.fbclensPage !== undefined) startPage();
