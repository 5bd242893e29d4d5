#!/usr/bin/env python3
"""Builds the benchmark catalogs that are not in ../shared/catalogs, into OUT (a temporary folder):

  OUT/union/<dataset>/<root>/...    every root of ../shared/catalogs that opm finds VALID
                                    (expected.json), copied side by side: one large mixed YAML/JSON
                                    catalog (duplicate packages across roots make it INVALID);
  OUT/findings-files/               20,000 findings: a package with one channel of one bundle, and
                                    20,000 more olm.bundle objects that no channel lists (FBC2211
                                    each), one JSON file per bundle;
  OUT/findings-one/catalog.json     the same objects in one file.

Files are hard-linked where the file system allows it (else copied). Nothing is written outside OUT.
  tests/bench/make-catalogs.py SHARED_CATALOGS OUT
"""
import json
import os
import shutil
import sys

N_BUNDLES = 20000


def link_tree(src, dst):
    if os.path.isfile(src):
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        try:
            os.link(src, dst)
        except OSError:
            shutil.copy2(src, dst)
        return
    for folder, _, files in os.walk(src):
        target = os.path.join(dst, os.path.relpath(folder, src))
        os.makedirs(target, exist_ok=True)
        for name in files:
            try:
                os.link(os.path.join(folder, name), os.path.join(target, name))
            except OSError:
                shutil.copy2(os.path.join(folder, name), os.path.join(target, name))


def union(shared, out):
    expected = json.load(open(os.path.join(shared, 'expected.json')))
    dst = os.path.join(out, 'union')
    if os.path.isdir(dst):
        return
    for root, outcome in sorted(expected.items()):
        if outcome['verdict'] == 'VALID':
            link_tree(os.path.join(shared, root), os.path.join(dst, root))


def findings(out):
    package = {'schema': 'olm.package', 'name': 'many', 'defaultChannel': 'stable'}
    channel = {'schema': 'olm.channel', 'package': 'many', 'name': 'stable', 'entries': [{'name': 'many.v0.0.1'}]}

    def bundle(i):
        return {'schema': 'olm.bundle', 'package': 'many', 'name': f'many.v0.{i // 1000}.{i % 1000 + 1}' if i else 'many.v0.0.1',
                'image': f'quay.io/example/many-bundle:v{i}',
                'properties': [{'type': 'olm.package', 'value': {'packageName': 'many', 'version': f'0.{i // 1000}.{i % 1000 + 1}' if i else '0.0.1'}}]}

    bundles = [bundle(0)] + [bundle(i) for i in range(1000, 1000 + N_BUNDLES)]
    one = os.path.join(out, 'findings-one')
    if not os.path.isdir(one):
        os.makedirs(one)
        with open(os.path.join(one, 'catalog.json'), 'w') as f:
            for obj in [package, channel] + bundles:
                f.write(json.dumps(obj, indent=4) + '\n')
    files = os.path.join(out, 'findings-files')
    if not os.path.isdir(files):
        os.makedirs(os.path.join(files, 'many'))
        with open(os.path.join(files, 'many', 'package.json'), 'w') as f:
            f.write(json.dumps(package, indent=4) + '\n' + json.dumps(channel, indent=4) + '\n')
        for b in bundles:
            with open(os.path.join(files, 'many', b['name'] + '.json'), 'w') as f:
                f.write(json.dumps(b, indent=4) + '\n')


if __name__ == '__main__':
    shared, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    union(shared, out)
    findings(out)
