// What the browser tests share: Chromium's flags and starting dist/'s server with a browser.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/static-server.mjs';

export const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const shots = join(repo, 'build/browser');

// The Chromium flags proven on this machine (toolchain.md §5): WebGL2 through ANGLE + SwiftShader.
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/**
 * startBrowser, then one 1280×800 page on the app, ready, with console errors and page errors
 * pushed into `errors`: {server, browser, page}.
 */
export async function startPage(errors) {
  const { server, browser } = await startBrowser();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(server.url);
  await page.evaluate(() => window.fbclens.ready);
  return { server, browser, page };
}

/** Serves dist/ on a free 127.0.0.1 port and launches headless Chromium: {server, browser}. */
export async function startBrowser() {
  assert.ok(existsSync(join(repo, 'dist/index.html')), 'dist/ must be built first (scripts/test.sh does)');
  mkdirSync(shots, { recursive: true });
  const server = await startServer({ root: join(repo, 'dist') });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  return { server, browser };
}
