// A synthetic package for the frame benchmarks: one channel `stable` of package `bench` with `n`
// entries, each replacing the one before, every fifth also skipping the one two back and every
// tenth with a skipRange over the nine before it, so edges of all three kinds cross. Returns the
// catalog as one JSON stream (the text of a file bench.json).
export function syntheticChannel(n) {
  const objects = [{ schema: 'olm.package', name: 'bench', defaultChannel: 'stable' }];
  const entries = [];
  for (let i = 1; i <= n; i++) {
    const e = { name: `bench.v${i}.0.0` };
    if (i > 1) e.replaces = `bench.v${i - 1}.0.0`;
    if (i % 5 === 0 && i > 2) e.skips = [`bench.v${i - 2}.0.0`];
    if (i % 10 === 0) e.skipRange = `>=${i - 9}.0.0 <${i}.0.0`;
    entries.push(e);
    objects.push({ schema: 'olm.bundle', package: 'bench', name: e.name, image: `quay.io/bench/b:v${i}`,
      properties: [{ type: 'olm.package', value: { packageName: 'bench', version: `${i}.0.0` } }] });
  }
  objects.splice(1, 0, { schema: 'olm.channel', package: 'bench', name: 'stable', entries });
  return objects.map((o) => JSON.stringify(o)).join('\n');
}
