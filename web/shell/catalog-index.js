// Lookups over the explorer view (the load's answer: core/export/catalog_view_json.h), built once
// per catalog: what the shell checks a selection against and where a package alone goes.

/**
 * indexCatalog(view) → {packages, package(name), channel(pkg, name), hasEntry(pkg, channel, bundle),
 *                       defaultChannel(pkg), channelsOf(pkg, bundle)}
 *   packages           the view's package rows, as the worker sorted them
 *   defaultChannel(p)  the channel a package alone stands for: its default channel when that is
 *                      one of its channels, else its first ('' = no such package or no channel)
 *   channelsOf(p, b)   the channels of package p that list bundle b
 */
export function indexCatalog(view) {
  const packages = (view && Array.isArray(view.packages)) ? view.packages : [];
  const byName = new Map(packages.map((p) => [p.name, p]));
  const channel = (pkg, name) => {
    const p = byName.get(pkg);
    return p ? (p.channels || []).find((c) => c.name === name) || null : null;
  };
  return {
    packages,
    package: (name) => byName.get(name) || null,
    channel,
    hasEntry: (pkg, ch, bundle) => {
      const c = channel(pkg, ch);
      return !!c && (c.bundles || []).some((b) => b.name === bundle);
    },
    defaultChannel(pkg) {
      const p = byName.get(pkg);
      if (!p || !(p.channels || []).length) return '';
      return p.channels.some((c) => c.name === p.defaultChannel) ? p.defaultChannel : p.channels[0].name;
    },
    channelsOf(pkg, bundle) {
      const p = byName.get(pkg);
      return p ? (p.channels || []).filter((c) => (c.bundles || []).some((b) => b.name === bundle)).map((c) => c.name) : [];
    },
  };
}

/**
 * The selection `wanted` made valid for `index`: {package, channel, bundle, lanes}, or null when its
 * package is not in the catalog. A missing channel becomes the package's default channel; a
 * bundle the channel does not list is dropped (`problems` lists what was changed, for the status).
 */
export function resolveSelection(index, wanted, problems = []) {
  const pkg = index.package(wanted.package || '');
  if (!pkg) {
    if (wanted.package) problems.push('no package ' + wanted.package);
    return null;
  }
  let channel = wanted.channel || '';
  if (channel && !index.channel(pkg.name, channel)) {
    problems.push('package ' + pkg.name + ' has no channel ' + channel);
    channel = '';
  }
  if (!channel) channel = index.defaultChannel(pkg.name);
  let bundle = wanted.bundle || '';
  if (bundle && !index.hasEntry(pkg.name, channel, bundle)) {
    // The bundle may be in another channel of the package (a link made in the whole-package view).
    const other = index.channelsOf(pkg.name, bundle);
    if (other.length && !wanted.channel) channel = other[0];
    else {
      problems.push('channel ' + channel + ' has no entry ' + bundle);
      bundle = '';
    }
  }
  return { package: pkg.name, channel, bundle, lanes: !!wanted.lanes };
}
