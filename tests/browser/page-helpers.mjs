// What the browser tests do the same way on the page shell (web/shell/): open a catalog the way a
// user does (the header's buttons and the browser's file chooser), read the header's status and
// note, find a dock panel by its tab's name, wait for animation frames. Roles and labels only (the
// shell's ARIA), no CSS classes, so a restyle does not break the tests.

/** The browser's file chooser opened by `button` (a Locator), given `paths` (a folder or files). */
export async function choose(page, button, paths) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
  await chooser.setFiles(paths);
}

/** "Open folder…" in the header of `within` (the page, or a Locator around one instance). */
export const openFolder = (page, dir, within = page) =>
  choose(page, within.getByRole('banner').getByRole('button', { name: 'Open folder…' }), dir);

/** "Open files…" in the header of `within`. */
export const openFiles = (page, paths, within = page) =>
  choose(page, within.getByRole('banner').getByRole('button', { name: 'Open files…' }), paths);

/** An item of the header's "Share & export" menu, by its label. */
export async function shareMenu(page, item, within = page) {
  await within.getByRole('banner').getByRole('button', { name: /^Share & export/ }).click();
  await within.getByRole('menu', { name: 'Share & export' }).getByRole('menuitem', { name: item }).click();
}

/** The header's status (the verdict and counts, or the load in flight) and its note (what an action
 *  did), as text with its parts separated by single spaces. */
export const headerStatus = (within) => within.getByRole('banner').getByRole('status').first();
export const headerNote = (within) => within.getByRole('banner').getByRole('status').last();
export const words = async (locator) => (await locator.innerText()).replace(/\s+/g, ' ').trim();

/** The dock's tab panel whose tab is named `name` (a string or RegExp). */
export const panel = (within, name) => within.getByRole('tabpanel', { name });

/** Resolves after `n` animation frames of `page`. */
export const frames = (page, n = 2) => page.evaluate((k) => new Promise((resolve) => {
  const step = (left) => (left ? requestAnimationFrame(() => step(left - 1)) : resolve());
  step(k);
}), n);

/** Waits until the page's app (window.fbclens) has no load in flight and shows package `pkg`. */
export function waitShown(page, pkg, timeout = 120000) {
  return page.waitForFunction((p) => !window.fbclens.element.querySelector('progress') && window.fbclens.summary() &&
    window.fbclens.appStatus().package === p, pkg, { timeout });
}

/** `promise`, or a rejection naming `what` after `ms` (page.evaluate has no timeout of its own: a
 *  page whose app never gets ready would hang the test run). */
export function within(promise, ms, what) {
  let timer;
  const late = new Promise((resolve, reject) => { timer = setTimeout(() => reject(new Error(what + ': not done within ' + ms + ' ms')), ms); });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
