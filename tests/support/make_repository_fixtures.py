#!/usr/bin/env python3
"""Writes tests/fixtures/repository: small catalog repositories, one per layout, template rule
and drift kind (issue 22). Each fixture is a folder with `repo/` (the repository) and
`expected.json`: {"roots": [root, ...], "repository": bool,
 "templates": {path: {"renders": [root, ...], "codes": [code, ...]}}, "codes": [repository-level codes]}.
Run from the repository root; the output is committed, so the tests need no Python."""
import json, os, shutil

OUT = os.path.join(os.path.dirname(__file__), '..', 'fixtures', 'repository')
D = 'sha256:' + '0' * 63


def digest(n):
    return 'sha256:%064x' % n


def bundle(pkg, version, image, csv=False, extra_props=()):
    props = [{'type': 'olm.package', 'value': {'packageName': pkg, 'version': version}}]
    props += list(extra_props)
    return {'schema': 'olm.bundle', 'name': '%s.v%s' % (pkg, version), 'package': pkg, 'image': image,
            'properties': props}


def pkg(name, default, **kw):
    d = {'schema': 'olm.package', 'name': name, 'defaultChannel': default}
    d.update(kw)
    return d


def channel(pkgname, name, entries):
    return {'schema': 'olm.channel', 'name': name, 'package': pkgname, 'entries': entries}


def write_json(path, objs):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w') as f:
        for o in objs:
            f.write(json.dumps(o, indent=4) + '\n')


def write_text(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w') as f:
        f.write(text)


def basic_template(entries):
    return {'schema': 'olm.template.basic', 'entries': entries}


def simple_catalog(p='foo', versions=('1.0.0', '1.1.0'), reg='quay.io/example/foo-bundle', start=1):
    objs = [pkg(p, 'stable')]
    entries, bundles = [], []
    prev = None
    for i, v in enumerate(versions):
        e = {'name': '%s.v%s' % (p, v)}
        if prev:
            e['replaces'] = prev
        entries.append(e)
        prev = e['name']
        bundles.append(bundle(p, v, '%s@%s' % (reg, digest(start + i))))
    objs.append(channel(p, 'stable', entries))
    objs += bundles
    return objs


def template_of(objs, reg_from=None, reg_to=None):
    out = []
    for o in objs:
        if o['schema'] == 'olm.bundle':
            img = o['image']
            if reg_from:
                img = img.replace(reg_from, reg_to)
            out.append({'schema': 'olm.bundle', 'image': img})
        else:
            out.append(o)
    return basic_template(out)


def fixture(name, files, expected):
    root = os.path.join(OUT, name)
    shutil.rmtree(root, ignore_errors=True)
    for path, content in files.items():
        full = os.path.join(root, 'repo', path)
        if isinstance(content, str):
            write_text(full, content)
        elif isinstance(content, dict):
            write_json(full, [content])
        else:
            write_json(full, content)
    with open(os.path.join(root, 'expected.json'), 'w') as f:
        json.dump(expected, f, indent=2, sort_keys=True)
        f.write('\n')


def main():
    shutil.rmtree(OUT, ignore_errors=True)
    cat = simple_catalog()
    cat2 = simple_catalog(versions=('1.0.0', '1.1.0', '1.2.0'))
    # ---- layouts ----
    fixture('l01-version-folders', {
        'v4.16/catalog/foo/catalog.json': cat,
        'v4.16/catalog-template.json': template_of(cat),
        'v4.17/catalog/foo/catalog.json': cat2,
        'v4.17/catalog-template.json': template_of(cat2),
        'v4.18/catalog-template.json': template_of(simple_catalog(start=40)),
        '.tekton/push.yaml': 'kind: PipelineRun\nspec:\n  params:\n  - name: path\n    value: olm.bundle\n',
        'v4.16/devfile.yaml': 'schemaVersion: 2.2.0\nmetadata:\n  name: foo\n',
    }, {'repository': True, 'roots': ['v4.16/catalog', 'v4.17/catalog'], 'codes': [],
        'templates': {'v4.16/catalog-template.json': {'renders': ['v4.16/catalog'], 'codes': []},
                      'v4.17/catalog-template.json': {'renders': ['v4.17/catalog'], 'codes': []},
                      'v4.18/catalog-template.json': {'renders': [], 'codes': ['FBC7005', 'FBC7005', 'FBC7010']}}})
    fixture('l02-catalog-version-package', {
        'catalog/v4.12/foo/catalog.json': cat,
        'catalog/v4.12/catalog-template.json': template_of(cat),
        'catalog/v4.13/foo/catalog.json': cat2,
        'catalog/v4.13/catalog-template.json': template_of(cat2),
    }, {'repository': True, 'roots': ['catalog/v4.12/foo', 'catalog/v4.13/foo'], 'codes': [],
        'templates': {'catalog/v4.12/catalog-template.json': {'renders': ['catalog/v4.12/foo'], 'codes': []},
                      'catalog/v4.13/catalog-template.json': {'renders': ['catalog/v4.13/foo'], 'codes': []}}})
    bar = simple_catalog(p='bar', reg='quay.io/example/bar-bundle', start=20)
    fixture('l03-catalogs-version-packages', {
        'catalogs/v4.22/foo/catalog.json': cat,
        'catalogs/v4.22/bar/catalog.json': bar,
        'catalogs/v4.23/foo/catalog.json': cat2,
        'catalogs/v5.0/foo/catalog.json': cat2,
    }, {'repository': True, 'roots': ['catalogs/v4.22', 'catalogs/v4.23/foo', 'catalogs/v5.0/foo'], 'codes': [], 'templates': {}})
    fixture('l04-catalog-dash-version', {
        'catalog-4-14/foo/catalog.json': cat,
        'catalog-4-15/foo/catalog.json': cat2,
        'templates/catalog-4-14.json': template_of(cat),
    }, {'repository': True, 'roots': ['catalog-4-14/foo', 'catalog-4-15/foo'], 'codes': [],
        'templates': {'templates/catalog-4-14.json': {'renders': ['catalog-4-14/foo'], 'codes': []}}})
    fixture('l05-unversioned-catalogs', {
        'catalog/foo/catalog.json': cat,
        'catalog-old/foo/catalog.json': cat,
        'catalog-template/basic-template.json': template_of(cat),
    }, {'repository': True, 'roots': ['catalog', 'catalog-old'], 'codes': [],
        'templates': {'catalog-template/basic-template.json': {'renders': ['catalog', 'catalog-old'], 'codes': []}}})
    fixture('l06-one-catalog', {
        'foo/catalog.json': cat,
        'bar/catalog.json': bar,
    }, {'repository': False, 'roots': [''], 'codes': [], 'templates': {}})
    fixture('l07-indexignore-and-stray', {
        '.indexignore': 'old/\n',
        'old/catalog.json': cat,
        'catalog.json': cat,
        'v4.16/catalog/foo/catalog.json': cat,
    }, {'repository': True, 'roots': ['v4.16/catalog'], 'codes': ['FBC7201'], 'templates': {}})
    # ---- template rules ----
    t = template_of(cat)
    t['entries'][2]['package'] = 'foo'
    fixture('t01-basic-bundle-fields', {'v4.16/catalog/foo/catalog.json': cat, 'v4.16/catalog-template.json': t},
            {'repository': True, 'roots': ['v4.16/catalog'], 'codes': [],
             'templates': {'v4.16/catalog-template.json': {'renders': ['v4.16/catalog'], 'codes': ['FBC7004']}}})
    graph = '---\nschema: olm.channel\nname: stable\npackage: foo\nentries:\n- name: foo.v1.0.0\n---\n' \
            'schema: olm.template.basic\nentries:\n- schema: olm.package\n  name: foo\n  defaultChannel: stable\n'
    fixture('t02-template-not-first-document', {'v4.16/catalog/foo/catalog.json': cat, 'v4.16/graph.yaml': graph},
            {'repository': True, 'roots': ['v4.16/catalog'], 'codes': [],
             'templates': {'v4.16/graph.yaml': {'renders': ['v4.16/catalog'], 'codes': ['FBC7002']}}})
    t = template_of(cat)
    t['entries'].append({'schema': 'olm.bundle', 'image': 'quay.io/example/foo-bundle@' + digest(999)})
    t['entries'].append({'schema': 'olm.bundle', 'image': 'quay.io/example/foo-bundle:v1.0.0', 'name': 'foo.v9'})
    fixture('t03-image-unavailable-and-name-ignored', {'v4.16/catalog/foo/catalog.json': cat, 'v4.16/catalog-template.json': t},
            {'repository': True, 'roots': ['v4.16/catalog'], 'codes': [],
             'templates': {'v4.16/catalog-template.json': {'renders': ['v4.16/catalog'], 'codes': ['FBC7005', 'FBC7005']}}})
    # semver: the operator-registry README's example (alpha/template/semver/README.md), minor channels.
    versions = ['0.1.0', '0.1.1', '0.1.2', '0.1.3', '0.2.0', '0.2.1', '0.2.2', '0.3.0', '1.0.0', '1.0.1', '1.1.0']
    img = lambda v: 'quay.io/foo/olm:testoperator.v' + v
    sv = {'Schema': 'olm.semver', 'GenerateMinorChannels': True,
          'Candidate': {'Bundles': [{'Image': img(v)} for v in versions]},
          'Fast': {'Bundles': [{'Image': img(v)} for v in ['0.2.1', '0.2.2', '0.3.0', '1.0.1', '1.1.0']]},
          'Stable': {'Bundles': [{'Image': img('1.0.1')}]}}
    def e(v, replaces=None, skips=None):
        d = {'name': 'testoperator.v' + v}
        if replaces:
            d['replaces'] = 'testoperator.v' + replaces
        if skips:
            d['skips'] = ['testoperator.v' + s for s in skips]
        return d
    chans = [
        channel('testoperator', 'candidate-v0.1', [e('0.1.0'), e('0.1.1'), e('0.1.2'), e('0.1.3', skips=['0.1.0', '0.1.1', '0.1.2'])]),
        channel('testoperator', 'candidate-v0.2', [e('0.2.0'), e('0.2.1'), e('0.2.2', '0.1.3', ['0.1.0', '0.1.1', '0.1.2', '0.2.0', '0.2.1'])]),
        channel('testoperator', 'candidate-v0.3', [e('0.3.0', '0.2.2', ['0.1.0', '0.1.1', '0.1.2', '0.1.3', '0.2.0', '0.2.1'])]),
        channel('testoperator', 'candidate-v1.0', [e('1.0.0'), e('1.0.1', skips=['1.0.0'])]),
        channel('testoperator', 'candidate-v1.1', [e('1.1.0', '1.0.1', ['1.0.0'])]),
        channel('testoperator', 'fast-v0.2', [e('0.2.1'), e('0.2.2', skips=['0.2.1'])]),
        channel('testoperator', 'fast-v0.3', [e('0.3.0', '0.2.2', ['0.2.1'])]),
        channel('testoperator', 'fast-v1.0', [e('1.0.1')]),
        channel('testoperator', 'fast-v1.1', [e('1.1.0', '1.0.1')]),
        channel('testoperator', 'stable-v1.0', [e('1.0.1')]),
    ]
    semver_cat = [pkg('testoperator', 'stable-v1.0')] + chans + [bundle('testoperator', v, img(v)) for v in versions]
    fixture('t04-semver-minor-channels', {'v4.18/catalog/testoperator/catalog.json': semver_cat,
                                          'v4.18/catalog-template.yaml': json.dumps(sv, indent=2) + '\n'},
            {'repository': True, 'roots': ['v4.18/catalog'], 'codes': [],
             'templates': {'v4.18/catalog-template.yaml': {'renders': ['v4.18/catalog'], 'codes': []}}})
    bad = dict(sv)
    bad['DefaultChannelTypePreference'] = 'major'
    fixture('t05-semver-preference-mismatch', {'v4.18/catalog/testoperator/catalog.json': semver_cat,
                                               'v4.18/catalog-template.json': bad},
            {'repository': True, 'roots': ['v4.18/catalog'], 'codes': [],
             'templates': {'v4.18/catalog-template.json': {'renders': ['v4.18/catalog'], 'codes': ['FBC7006']}}})
    bad = dict(sv)
    bad['Stable'] = {'Bundles': [{'Image': img('1.0.1'), 'Name': 'x'}]}
    fixture('t06-semver-unknown-field', {'v4.18/catalog/testoperator/catalog.json': semver_cat,
                                         'v4.18/catalog-template.json': bad},
            {'repository': True, 'roots': ['v4.18/catalog'], 'codes': [],
             'templates': {'v4.18/catalog-template.json': {'renders': ['v4.18/catalog'], 'codes': ['FBC7003']}}})
    mixed = {'schema': 'olm.semver', 'candidate': {'bundles': [{'image': cat[2]['image']}, {'image': bar[2]['image']}]}}
    fixture('t11-semver-two-packages', {'v4.18/catalog/foo/catalog.json': cat, 'v4.18/catalog/bar/catalog.json': bar,
                                        'v4.18/catalog-template.json': mixed},
            {'repository': True, 'roots': ['v4.18/catalog'], 'codes': [],
             'templates': {'v4.18/catalog-template.json': {'renders': ['v4.18/catalog'], 'codes': ['FBC7007']}}})
    # substitutes: foo.v1.1.0 is replaced by foo.v1.1.1 (a rebuilt bundle): it takes v1.1.0's edges
    # and skips it; v1.2.0, which replaced v1.1.0, now replaces v1.1.1 and skips v1.1.0.
    base = simple_catalog(versions=('1.0.0', '1.1.0', '1.2.0'))
    sub_bundle = bundle('foo', '1.1.1', 'quay.io/example/foo-bundle@' + digest(50))
    committed = [pkg('foo', 'stable'), channel('foo', 'stable', [
        {'name': 'foo.v1.0.0'}, {'name': 'foo.v1.1.0'},
        {'name': 'foo.v1.2.0', 'replaces': 'foo.v1.1.1', 'skips': ['foo.v1.1.0']},
        {'name': 'foo.v1.1.1', 'replaces': 'foo.v1.0.0', 'skips': ['foo.v1.1.0']}])] + \
        [o for o in base if o['schema'] == 'olm.bundle'] + [sub_bundle]
    subs = {'schema': 'olm.template.substitutes', 'entries': base,
            'substitutions': [{'name': sub_bundle['image'], 'base': 'foo.v1.1.0'}]}
    fixture('t07-substitutes', {'v4.18/catalog/foo/catalog.json': committed, 'v4.18/catalog-template.json': subs},
            {'repository': True, 'roots': ['v4.18/catalog'], 'codes': [],
             'templates': {'v4.18/catalog-template.json': {'renders': ['v4.18/catalog'], 'codes': []}}})
    subs_bad = {'schema': 'olm.template.substitutes', 'entries': base,
                'substitutions': [{'name': base[2]['image'] if False else 'quay.io/example/foo-bundle@' + digest(1), 'base': 'foo.v1.1.0'}]}
    fixture('t08-substitute-not-newer', {'v4.18/catalog/foo/catalog.json': base, 'v4.18/catalog-template.json': subs_bad},
            {'repository': True, 'roots': ['v4.18/catalog'], 'codes': [],
             'templates': {'v4.18/catalog-template.json': {'renders': ['v4.18/catalog'], 'codes': ['FBC7008']}}})
    broken_entries = [o for o in base if o['schema'] != 'olm.package']
    subs_invalid = {'schema': 'olm.template.substitutes', 'entries': broken_entries, 'substitutions': []}
    fixture('t09-substitutes-entries-invalid', {'v4.18/catalog/foo/catalog.json': base, 'v4.18/catalog-template.json': subs_invalid},
            {'repository': True, 'roots': ['v4.18/catalog'], 'codes': [],
             'templates': {'v4.18/catalog-template.json': {'renders': ['v4.18/catalog'], 'codes': ['FBC7009', 'FBC7009', 'FBC7009', 'FBC7009']}}})
    t = template_of(cat)
    t['entries'][2]['name'] = 'foo.v0.9.0'
    fixture('t10-bundle-name-ignored', {'v4.16/catalog/foo/catalog.json': cat, 'v4.16/catalog-template.json': t},
            {'repository': True, 'roots': ['v4.16/catalog'], 'codes': [],
             'templates': {'v4.16/catalog-template.json': {'renders': ['v4.16/catalog'], 'codes': ['FBC7011']}}})
    # ---- drift ----
    committed = simple_catalog(versions=('1.0.0', '1.1.0', '1.2.0'))
    committed[0]['description'] = 'Foo operator'
    committed.append(channel('foo', 'fast', [{'name': 'foo.v1.2.0'}]))
    committed.append({'schema': 'olm.deprecations', 'package': 'foo',
                      'entries': [{'reference': {'schema': 'olm.bundle', 'name': 'foo.v1.0.0'}, 'message': 'old'}]})
    tpl_objs = simple_catalog(versions=('1.0.0', '1.1.0'))
    tpl_objs[0]['defaultChannel'] = 'candidate'
    tpl_objs[1]['entries'][1]['replaces'] = None
    del tpl_objs[1]['entries'][1]['replaces']
    tpl_objs[1]['entries'].append({'name': 'foo.v1.0.1', 'replaces': 'foo.v1.0.0'})
    tpl_objs.append({'schema': 'olm.deprecations', 'package': 'foo',
                     'entries': [{'reference': {'schema': 'olm.bundle', 'name': 'foo.v1.0.0'}, 'message': 'older'}]})
    tpl = template_of(tpl_objs, 'quay.io/example/', 'stage.example.io/example/')
    fixture('d01-drift-kinds', {'v4.16/catalog/foo/catalog.json': committed, 'v4.16/catalog-template.json': tpl},
            {'repository': True, 'roots': ['v4.16/catalog'], 'codes': [],
             'templates': {'v4.16/catalog-template.json': {'renders': ['v4.16/catalog'], 'codes': [
                 'FBC7102', 'FBC7103', 'FBC7104', 'FBC7105', 'FBC7105', 'FBC7106', 'FBC7107', 'FBC7108', 'FBC7109']}}})
    tpl = template_of(cat + bar)
    fixture('d02-drift-package', {'v4.16/catalog/foo/catalog.json': cat, 'v4.16/catalog-template.json': tpl,
                                  'v4.17/catalog/bar/catalog.json': bar},
            {'repository': True, 'roots': ['v4.16/catalog', 'v4.17/catalog'], 'codes': [],
             'templates': {'v4.16/catalog-template.json': {'renders': ['v4.16/catalog'], 'codes': [
                 'FBC7101', 'FBC7104', 'FBC7108', 'FBC7108']}}})


if __name__ == '__main__':
    main()
