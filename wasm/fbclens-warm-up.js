/*
 * A small made-up catalog that a waiting worker loads a few times before the page needs it
 * (fbclens-worker.js, 'warmUp'), so that the browser's WebAssembly engine has compiled the core's
 * hot functions with its optimising compiler by the time a real catalog arrives.
 *
 * Why: V8 first runs a module's functions as its baseline compiler (Liftoff) made them and
 * optimises each one only once it has run for a while. The page loads every catalog in a fresh
 * worker, so without this every load ran mostly baseline code: under Node, community-operators
 * v4.21 takes 0.58 s in a fresh module and 0.32 s from its third load on
 * (tests/bench/README.md).
 *
 * The catalog takes the paths a real load takes: a YAML file (multi-document, block scalars,
 * base64 data the reader skips past, flow sequences, quoted and plain scalars) and a JSON stream,
 * olm.package, olm.channel (replaces, skips, skipRange) and olm.bundle with the usual properties
 * (a CSV as olm.csv.metadata or as a bundle object), so that the scanner, both readers, the
 * decoder, the model and validation all run. It is VALID; tests/wasm checks that, so a change to
 * the core that makes it fail (and so warm other paths) is seen.
 *
 * Classic script: defines FbclensWarmUp (and module.exports under Node).
 */
(function (root) {
  'use strict';

  const TEXT = 'An operator that manages **example** resources on a cluster: upgrades, backups and metrics.\n';

  /** `text` as base64 (btoa takes Latin-1 only; the text is ASCII). */
  const base64 = (text) => (typeof btoa === 'function' ? btoa(text) : Buffer.from(text, 'latin1').toString('base64'));

  /** A CustomResourceDefinition, as base64 JSON: what an olm.bundle.object property holds. */
  function bundleObject() {
    return base64(JSON.stringify({
      apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'widgets.example.com' },
      spec: { group: 'example.com', names: { kind: 'Widget', plural: 'widgets' }, scope: 'Namespaced',
              versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { description: TEXT.repeat(24), type: 'object' } } }] },
    }));
  }

  /**
   * A ClusterServiceVersion, as base64 JSON: the manifest the decoder reads the OperatorHub fields
   * out of (icon, description, deployments), as bundles rendered without olm.csv.metadata hold it.
   */
  function csvObject(name, i) {
    return base64(JSON.stringify({
      apiVersion: 'operators.coreos.com/v1alpha1', kind: 'ClusterServiceVersion',
      metadata: { name: `${name}.v1.${i}.0`, annotations: { capabilities: 'Basic Install', 'alm-examples': '[{"kind": "Gadget"}]' } },
      spec: { displayName: `Gadget ${i} (CSV)`, description: TEXT.repeat(12), version: `1.${i}.0`,
              icon: [{ base64data: base64(TEXT.repeat(8)), mediatype: 'image/svg+xml' }],
              install: { strategy: 'deployment', spec: { deployments: [{ name: `${name}-manager`, spec: { replicas: 1 } }] } },
              installModes: [{ supported: true, type: 'AllNamespaces' }], provider: { name: 'Example' } },
    }));
  }

  const digest = (i, fill) => String(i).padStart(64, fill);

  /** The YAML file: package `name`, one channel of `count` bundles, written as catalogs are. */
  function yamlCatalog(name, other, count, object) {
    const docs = [`---
defaultChannel: stable
description: |
${('  ' + TEXT).repeat(20)}icon:
  base64data: ${object}
  mediatype: image/svg+xml
name: ${name}
schema: olm.package
`];
    const entries = [];
    for (let i = 0; i < count; i++) {
      entries.push(`  - name: ${name}.v1.${i}.0` + (i ? `\n    replaces: ${name}.v1.${i - 1}.0` : '')
        + (i > 1 ? `\n    skips:\n      - ${name}.v1.${i - 2}.0` : '') + `\n    skipRange: '>=0.1.0 <1.${i}.0'`);
    }
    docs.push(`---\nentries:\n${entries.join('\n')}\nname: stable\npackage: ${name}\nschema: olm.channel\n`);
    for (let i = 0; i < count; i++) {
      docs.push(`---
image: quay.io/example/${name}-bundle@sha256:${digest(i, 'a')}
name: ${name}.v1.${i}.0
package: ${name}
properties:
  - type: olm.gvk
    value:
      group: example.com
      kind: Widget
      version: v1
  - type: olm.package
    value:
      packageName: ${name}
      version: 1.${i}.0
  - type: olm.package.required
    value:
      packageName: ${other}
      versionRange: '>=1.0.0'
  - type: olm.bundle.object
    value:
      data: ${object}
  - type: olm.csv.metadata
    value:
      annotations:
        alm-examples: |-
          [{"apiVersion": "example.com/v1", "kind": "Widget", "metadata": {"name": "w"}, "spec": {"size": ${i}}}]
        capabilities: Seamless Upgrades
        containerImage: quay.io/example/${name}@sha256:${digest(i, 'b')}
        createdAt: "2024-01-0${i % 9 + 1}T00:00:00Z"
      crdDescriptions:
        owned:
          - description: A widget.
            displayName: Widget
            kind: Widget
            name: widgets.example.com
            version: v1
      description: |
${('        ' + TEXT).repeat(12)}      displayName: Example ${i}
      installModes:
        - supported: true
          type: OwnNamespace
        - supported: false
          type: MultiNamespace
        - supported: true
          type: AllNamespaces
      keywords: [example, widgets, "metrics"]
      maintainers:
        - email: team@example.com
          name: Team
      maturity: stable
      minKubeVersion: 1.25.0
      provider:
        name: Example
relatedImages:
  - image: quay.io/example/${name}@sha256:${digest(i, 'b')}
    name: manager
  - image: quay.io/example/${name}-bundle@sha256:${digest(i, 'a')}
    name: ""
schema: olm.bundle
`);
    }
    return docs.join('');
  }

  /** The JSON stream: package `name`, as `opm render` writes it (pretty-printed objects). */
  function jsonCatalog(name, count, object) {
    const objects = [
      { schema: 'olm.package', name, defaultChannel: 'stable', description: TEXT.repeat(10), icon: { base64data: object, mediatype: 'image/png' } },
      { schema: 'olm.channel', name: 'stable', package: name,
        entries: Array.from({ length: count }, (_, i) => Object.assign({ name: `${name}.v1.${i}.0` }, i ? { replaces: `${name}.v1.${i - 1}.0` } : {}, { skipRange: `<1.${i}.0` })) },
    ];
    for (let i = 0; i < count; i++) {
      objects.push({ schema: 'olm.bundle', name: `${name}.v1.${i}.0`, package: name, image: `quay.io/example/${name}-bundle:v1.${i}.0`,
        properties: [
          { type: 'olm.gvk', value: { group: 'example.com', kind: 'Gadget', version: 'v1' } },
          { type: 'olm.package', value: { packageName: name, version: `1.${i}.0` } },
          { type: 'olm.gvk.required', value: { group: 'example.com', kind: 'Widget', version: 'v1' } },
          { type: 'olm.bundle.object', value: { data: object } },
          // Odd bundles carry their CSV as a bundle object, even ones its olm.csv.metadata.
          i % 2 ? { type: 'olm.bundle.object', value: { data: csvObject(name, i) } }
            : { type: 'olm.csv.metadata', value: { annotations: { 'alm-examples': '[{"kind": "Gadget"}]', capabilities: 'Basic Install' },
                description: TEXT.repeat(12), displayName: `Gadget ${i}`, installModes: [{ supported: true, type: 'AllNamespaces' }],
                keywords: ['a', 'b'], provider: { name: 'Example' } } },
        ],
        relatedImages: [{ image: `quay.io/example/${name}:v1.${i}.0`, name: 'manager' }] });
    }
    return objects.map((o) => JSON.stringify(o, null, 2)).join('\n') + '\n';
  }

  /**
   * The made-up catalog: [{path, data}] with `data` a string, as FbclensApi's loadText takes
   * files. Two packages (one a YAML file, one a JSON stream) of `count` bundles each (default 24:
   * about 320 KB in all, a load of 20-100 ms in a fresh worker).
   */
  function files(count = 24) {
    const object = bundleObject();
    return [
      { path: 'warm-up-yaml/catalog.yaml', data: yamlCatalog('warm-up-yaml', 'warm-up-json', count, object) },
      { path: 'warm-up-json/catalog.json', data: jsonCatalog('warm-up-json', count, object) },
    ];
  }

  const exported = { files };
  if (typeof module !== 'undefined' && module.exports) module.exports = exported;
  root.FbclensWarmUp = exported;
})(typeof globalThis !== 'undefined' ? globalThis : this);
