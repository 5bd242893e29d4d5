// Share links and embed snippets: a view (shell/url-state.js) as the full app's URL, as the embed
// route's URL (index.html?mode=embed&...), and as the two forms of an embed (the <fbc-lens>
// element and an iframe). Pure functions of strings; the snippets escape every value for HTML.
import { toHash } from '../shell/url-state.js';

const pageOf = (appUrl) => { const u = new URL(appUrl); u.search = ''; u.hash = ''; return u; };

/** The full app's URL showing `view` of the catalog at `catalogUrl` ('' = the built-in sample, or
 *  a catalog from disk named by view.fingerprint). */
export function link(appUrl, view, catalogUrl) {
  const u = pageOf(appUrl);
  if (catalogUrl) u.searchParams.set('catalog', catalogUrl);
  return u.href + toHash(catalogUrl ? { ...view, fingerprint: '' } : view);
}

/** The embed's view name for a view: the panel it shows, or the graph. */
export function embedView(view) {
  if (view.panel === 'hub' || view.panel === 'findings') return view.panel;
  if (view.panel === 'simulator') return 'upgrade';
  return view.lanes ? 'package' : 'graph';
}

/** The embed route's URL for `view` (written once by the author; the embed never rewrites it). */
export function embedUrl(appUrl, view, catalogUrl) {
  const u = pageOf(appUrl);
  u.searchParams.set('mode', 'embed');
  if (catalogUrl) u.searchParams.set('catalog', catalogUrl);
  else u.searchParams.set('sample', '1');
  for (const key of ['package', 'channel', 'bundle', 'console']) if (view[key]) u.searchParams.set(key, view[key]);
  if (view.theme && view.theme !== 'system') u.searchParams.set('theme', view.theme);
  u.searchParams.set('view', embedView(view));
  return u.href;
}

const attr = (v) => String(v).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** {element, iframe}: HTML to paste into a docs page. */
export function snippets(appUrl, view, catalogUrl) {
  const scriptUrl = new URL('fbc-lens.js', pageOf(appUrl)).href;
  const attrs = [catalogUrl ? 'catalog="' + attr(catalogUrl) + '"' : 'sample'];
  for (const key of ['package', 'channel', 'bundle', 'console']) if (view[key]) attrs.push(key + '="' + attr(view[key]) + '"');
  if (view.theme && view.theme !== 'system') attrs.push('theme="' + attr(view.theme) + '"');
  attrs.push('view="' + embedView(view) + '"');
  return {
    element: '<script src="' + attr(scriptUrl) + '" async></script>\n<fbc-lens ' + attrs.join(' ') +
      ' style="display: block; height: 480px"></fbc-lens>',
    iframe: '<iframe src="' + attr(embedUrl(appUrl, view, catalogUrl)) + '" width="800" height="480" ' +
      'style="border: 1px solid #ccc" title="fbclens: ' + attr(view.package || 'catalog') + '" loading="lazy"></iframe>',
  };
}
