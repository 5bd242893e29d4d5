#!/usr/bin/env python3
"""The benchmarks of issue 21 in one run (scripts/bench.sh runs this; see tests/bench/README.md).

Every figure is printed with its ratio to a reference measured in the same run on the same bytes:
libyaml's bare event loop for YAML, a plain nlohmann::json parse for JSON (both in fbclens_bench), so
figures from different machines, or from one machine under different load, compare. Times are CPU
seconds (user + system) of the process, best of --runs: on a machine others load, CPU time varies far
less than wall time. With --base TREE (a worktree of the commit before a change, built there with
scripts/build.sh), the same figures of that build are measured in the same run, and after/before
ratios printed. With --page, the page's pick to results (median of --runs loads, each way) is also
printed as a ratio to the native `fbclens validate` of the same folder in the same run, which is how
issue 21 states the page's target; and as the median of each load's ratio to native runs made right
before it (bench-page.mjs --native), which the machine's drifting speed disturbs less.

  tests/bench/bench.py [--runs N] [--base TREE] [--page] [--no-wasm] [--work DIR] [--json FILE]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHARED = os.path.join(os.path.dirname(REPO), 'shared', 'catalogs')


def run(argv, cwd=None):
    """Runs argv; returns (cpu seconds, peak RSS bytes, stdout) of that child alone."""
    proc = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024, out


def best(argv, runs, cwd=None):
    cpu, rss = float('inf'), 0
    for _ in range(runs):
        c, r, _ = run(argv, cwd)
        cpu, rss = min(cpu, c), max(rss, r)
    return cpu, rss


def catalog_bytes(path):
    if os.path.isfile(path):
        return os.path.getsize(path)
    return sum(os.path.getsize(os.path.join(d, f)) for d, _, files in os.walk(path) for f in files)


def ratio(a, b):
    return f'{a / b:.2f}x' if a and b else '-'


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--runs', type=int, default=3)
    parser.add_argument('--base', help='a tree of the commit before a change, built (build/native, build/wasm, dist)')
    parser.add_argument('--page', action='store_true', help='also the page in headless Chromium (needs dist/)')
    parser.add_argument('--no-wasm', action='store_true', help='leave out the wasm module under Node')
    parser.add_argument('--work', default=os.path.join(os.environ.get('TMPDIR', '/tmp'), 'fbclens-bench'))
    parser.add_argument('--json', help='also write every figure to this file')
    args = parser.parse_args()
    if not os.path.isdir(SHARED):
        print('bench: ../shared/catalogs is absent: nothing to measure', file=sys.stderr)
        return 0
    subprocess.run([sys.executable, os.path.join(REPO, 'tests/bench/make-catalogs.py'), SHARED, args.work], check=True)
    catalogs = [
        ('certified v4.14 JSON', os.path.join(SHARED, 'certified-operators-v4.14-json/catalogs/v4.14')),
        ('certified v4.14 YAML', os.path.join(SHARED, 'certified-operators-v4.14/catalogs/v4.14')),
        ('community v4.21 YAML', os.path.join(SHARED, 'community-operators-prod-v4.21/catalogs/v4.21')),
        ('union of the valid roots', os.path.join(args.work, 'union')),
    ]
    findings = [
        ('20,000 findings, a file each', os.path.join(args.work, 'findings-files')),
        ('20,000 findings, one file', os.path.join(args.work, 'findings-one', 'catalog.json')),
    ]
    builds = [('after', REPO)] + ([('before', os.path.abspath(args.base))] if args.base else [])
    figures = {'catalogs': {}, 'runs': args.runs}

    # 1. The loader and the validator against the references, in one process per catalog.
    print(f'== native load and validate, CPU s best of {args.runs} (fbclens_bench; ref = libyaml bare loop + plain nlohmann parse)')
    print(f'{"catalog":28} {"MB":>6} {"ref":>7} {"load":>7} {"valid.":>7} {"opm":>7} {"load/ref":>8} {"val/ref":>8} '
          f'{"fy/yaml":>8} {"fy+text":>8}')
    refs = {}
    for name, path in catalogs + findings:
        _, _, out = run([os.path.join(REPO, 'build/native/fbclens_bench'), '--json', '--runs', str(args.runs), path])
        line = json.loads(out.decode().strip().splitlines()[-1])
        refs[name] = line['refYaml'] + line['refJson']
        figures['catalogs'].setdefault(name, {})['bench'] = line
        print(f'{name:28} {line["bytes"] / 1e6:6.1f} {refs[name]:7.3f} {line["load"]:7.3f} {line["validate"]:7.3f} '
              f'{line["opmOnly"]:7.3f} {ratio(line["load"], refs[name]):>8} {ratio(line["validate"], refs[name]):>8} '
              f'{ratio(line["libfyaml"], line["refYaml"]):>8} {ratio(line["libfyamlText"], line["refYaml"]):>8}')
        s = line['stagesMs']
        print(f'{"":28} stages ms: ' + ', '.join(f'{k} {v:.0f}' for k, v in s.items()))

    # 2. The CLI, as users run it: CPU time and peak RSS per output, before and after.
    print(f'\n== fbclens validate (CPU s best of {args.runs}, peak RSS), ratio to the reference and after/before')
    for name, path in catalogs + findings:
        row = figures['catalogs'].setdefault(name, {})
        for output in ('opm', 'json', 'text'):
            cells = []
            for build, tree in builds:
                cpu, rss = best([os.path.join(tree, 'build/native/fbclens'), 'validate', path, '--output', output], args.runs)
                row[f'{build} {output}'] = {'cpu': cpu, 'rss': rss}
                cells.append(f'{build} {cpu:6.3f} s = {ratio(cpu, refs[name]):>6} ref, {rss / 1e6:6.1f} MB')
            line = f'{name:28} --output {output:5} ' + ' | '.join(cells)
            if args.base:
                a, b = row[f'after {output}'], row[f'before {output}']
                line += f' | after/before {ratio(a["cpu"], b["cpu"])} time, {ratio(a["rss"], b["rss"])} memory'
            print(line)

    # 3. The wasm core module under Node: load time and the module's memory against the input.
    if not args.no_wasm:
        print(f'\n== wasm core module under Node (wall s best of {args.runs}; memory = the module\'s heap after the loads)')
        for build, tree in builds:
            module = os.path.join(tree, 'build/wasm')
            if not os.path.exists(os.path.join(module, 'fbclens-core.js')):
                print(f'{build}: {module}/fbclens-core.js is not built (scripts/build.sh wasm)')
                continue
            for name, path in catalogs:
                if os.path.isfile(path):
                    continue
                argv = ['node', os.path.join(REPO, 'tests/bench/bench-wasm.mjs'), '--json', '--runs', str(args.runs),
                        '--module', module, '--api', os.path.join(tree, 'wasm'), path]
                env = dict(os.environ, NODE_OPTIONS='--no-experimental-fetch')
                out = subprocess.run(argv, env=env, capture_output=True, text=True).stdout
                lines = [l for l in out.splitlines() if l.startswith('{')]
                if not lines:
                    print(f'{build} {name}: failed')
                    continue
                w = json.loads(lines[-1])
                figures['catalogs'][name][f'{build} wasm'] = w
                print(f'{build:6} {name:28} deferred {w["deferred"]:6.3f} s = {ratio(w["deferred"], refs[name]):>6} ref, '
                      f'full {w["full"]:6.3f} s = {ratio(w["full"], refs[name]):>6} ref; wasm memory {w["wasmBytes"] / 1e6:6.1f} MB '
                      f'= {w["wasmBytes"] / w["bytes"]:.2f}x the input')

    # 4. The page in headless Chromium, stage by stage; then its pick to results as a ratio to the
    # native `fbclens validate` of the same folder from section 2 (issue 21's target for a 10-15 MB
    # YAML catalog: at most 2x). The page defers the analyses beyond opm, so both outputs are given:
    # `--output text` computes them, `--output opm` does not.
    if args.page:
        print('\n== the page in headless Chromium (tests/bench/bench-page.mjs)')
        for build, tree in builds:
            dist = os.path.join(tree, 'dist')
            print(f'-- {build} ({dist})', flush=True)
            argv = ['node', os.path.join(REPO, 'tests/bench/bench-page.mjs'), '--json', '--runs', str(args.runs),
                    '--dist', dist, '--native', os.path.join(tree, 'build/native/fbclens')] + [path for _, path in catalogs]
            out = subprocess.run(argv, capture_output=True, text=True).stdout
            print('\n'.join(l for l in out.splitlines() if not l.startswith('{')))
            records = [json.loads(l) for l in out.splitlines() if l.startswith('{')]
            loads = [r for r in records if 'results' in r]
            pairs = {(r['catalog'], r['way']): r for r in records if 'paired' in r}
            print(f'-- {build}: pick to results (median of {args.runs} loads), against native `fbclens validate` (CPU s, '
                  f'best of {args.runs}) and against the native runs made right before each load (median of the ratios)')
            for name, path in catalogs:
                row = figures['catalogs'][name]
                by_way = {}
                for load in loads:
                    if os.path.samefile(load['catalog'], path):
                        by_way.setdefault(load['way'], []).append(load['results'] / 1000)
                for way, results in sorted(by_way.items()):
                    page = statistics.median(results)
                    row.setdefault(f'{build} page', {})[way] = page
                    text, opm = row[f'{build} text']['cpu'], row[f'{build} opm']['cpu']
                    paired = next((r for (c, w), r in pairs.items() if w == way and os.path.samefile(c, path)), None)
                    if paired:
                        row.setdefault(f'{build} page paired', {})[way] = paired
                    beside = (f'; paired {paired["medianOverText"]:.2f}x, {paired["medianOverOpm"]:.2f}x' if paired else '')
                    print(f'{name:28} {way:32} {page:6.3f} s = {ratio(page, text):>6} `validate`, '
                          f'{ratio(page, opm):>6} `validate --output opm`{beside}')
    if args.json:
        with open(args.json, 'w') as f:
            json.dump(figures, f, indent=1)
    return 0


if __name__ == '__main__':
    sys.exit(main())
