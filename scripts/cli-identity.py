#!/usr/bin/env python3
"""Runs two fbclens binaries over the same invocations of upgrade-path, resolve and divergence
and compares their stdout, stderr and exit status byte for byte.

For a refactoring that must not change any output (issue 20: the answers printed from typed
structs): build the old commit first (or keep a copy of build/native/fbclens), then

    scripts/cli-identity.py --old /tmp/old/fbclens --new build/native/fbclens [--cache DIR]

--cache keeps the old binary's results, so a second run (or a run with --old alone, which only
records) does not run it again. The invocations cover the fixtures (tests/fixtures, samples) and
every root of ../shared/catalogs (skipped, with a message, when that folder is absent): per root,
divergence (text, json, one package, an unknown one), and per package (all of them in small
roots, a few evenly spaced ones in big roots) a fresh install and several installed bundles
(the first and last of the divergence rows, the ones where the OLMs differ or Classic strands),
each as upgrade-path text/json with and without --explain and resolve text/json, plus the
options' variants (channels, policy, version range, a bundle no longer in the catalog, cluster
provides, ignored dependencies, starting bundles) and the usage errors. Every command runs in the
catalog's folder with a relative path, so the outputs do not depend on where the data lies.

Exit status: 0 all identical, 1 some differ (each listed), 2 usage error.
"""

import argparse
import glob
import hashlib
import json
import os
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TIMEOUT = 600  # seconds per invocation: the biggest catalog loads in a few seconds


class Runner:
    def __init__(self, old, new, cache):
        self.old, self.new, self.cache = old, new, cache
        self.count = self.same = 0
        self.differences = []

    def _run(self, binary, cwd, args):
        try:
            p = subprocess.run([binary] + args, cwd=cwd, capture_output=True, timeout=TIMEOUT)
            return {"out": p.stdout, "err": p.stderr, "rc": p.returncode}
        except subprocess.TimeoutExpired:
            return {"out": b"", "err": b"<timeout>", "rc": -1}

    def _old(self, cwd, args):
        if not self.cache:
            return self._run(self.old, cwd, args)
        key = hashlib.sha256(json.dumps([os.path.relpath(cwd, REPO), args]).encode()).hexdigest()
        path = os.path.join(self.cache, key)
        if os.path.exists(path + ".rc"):
            with open(path + ".out", "rb") as o, open(path + ".err", "rb") as e, open(path + ".rc") as r:
                return {"out": o.read(), "err": e.read(), "rc": int(r.read())}
        result = self._run(self.old, cwd, args)
        with open(path + ".out", "wb") as o, open(path + ".err", "wb") as e, open(path + ".rc", "w") as r:
            o.write(result["out"]), e.write(result["err"]), r.write(str(result["rc"]))
        return result

    def check(self, label, cwd, args):
        """Runs one invocation with both binaries; returns the old one's result."""
        old = self._old(cwd, args)
        self.count += 1
        if self.new:
            new = self._run(self.new, cwd, args)
            if new == old:
                self.same += 1
            else:
                what = [k for k in ("out", "err", "rc") if new[k] != old[k]]
                self.differences.append(f"{label}: {' '.join(args)} ({', '.join(what)} differ)")
                print(f"DIFFERS {label}: {' '.join(args)} ({', '.join(what)})", flush=True)
        return old


def catalog_size(path):
    if os.path.isfile(path):
        return os.path.getsize(path)
    total = 0
    for folder, _, files in os.walk(path):
        total += sum(os.path.getsize(os.path.join(folder, f)) for f in files)
    return total


def spaced(items, n):
    """n items spread evenly over `items` (all when there are at most n), order kept."""
    if len(items) <= n:
        return list(items)
    return [items[round(i * (len(items) - 1) / (n - 1))] for i in range(n)] if n > 1 else items[:1]


def output_variants(verb, cat, args, explain=True):
    """The invocation in text and json, and with --explain for upgrade-path."""
    out = []
    for output in ("text", "json"):
        out.append([verb, cat] + args + ["--output", output])
        if verb == "upgrade-path" and explain:
            out.append([verb, cat] + args + ["--explain", "--output", output])
    return out


def root_invocations(runner, label, path, extra=()):
    """Runs every invocation for one catalog root (a folder or a single file)."""
    cwd, cat = (path, ".") if os.path.isdir(path) else (os.path.dirname(path), os.path.basename(path))
    size = catalog_size(path)
    big = size > 8_000_000
    packages_cap, bundles_cap = (3, 2) if big else (8, 3) if size > 1_000_000 else (1000, 5)

    run = lambda args: runner.check(label, cwd, args)
    listing = run(["divergence", cat, "--output", "json"])
    run(["divergence", cat, "--output", "text"])
    run(["divergence", cat, "--output", "text", "--report-only"])
    run(["divergence", cat, "--package", "no-such-package"])
    for args in extra:
        run([args[0], cat] + args[1:])
    try:
        report = json.loads(listing["out"]) if listing["rc"] in (0, 1) else []
    except ValueError:
        report = []
    if not report:  # a load error: the answers' error paths only
        for args in output_variants("upgrade-path", cat, ["--package", "no-such-package"], explain=False):
            run(args)
        for args in output_variants("resolve", cat, ["--package", "no-such-package"]):
            run(args)
        return

    interesting = [p for p in report if p["differing"] or p["stranded"]]
    chosen = {p["package"] for p in spaced(report, packages_cap)}
    chosen |= {p["package"] for p in interesting[: max(1, packages_cap // 3)]}
    packages = [p for p in report if p["package"] in chosen]
    for n, pkg in enumerate(packages):
        name, rows = pkg["package"], pkg["rows"]
        installed = []
        for r in rows[:1] + [r for r in rows if r["differs"] or r["classicStranded"]][:2] + spaced(rows, bundles_cap):
            if r["installed"] not in installed:
                installed.append(r["installed"])
        installed = installed[:bundles_cap]
        channels = []
        for r in rows:
            if r["channel"] not in channels:
                channels.append(r["channel"])
        base = ["--package", name]
        invocations = output_variants("upgrade-path", cat, base) + output_variants("resolve", cat, base)
        for b in installed:
            invocations += output_variants("upgrade-path", cat, base + ["--installed-bundle", b])
            invocations += output_variants("resolve", cat, base + ["--installed-bundle", b])
        if rows and (n == 0 or not big):
            b = installed[0]
            other = next((c for c in channels if c != pkg["defaultChannel"]), channels[0])
            last = rows[-1]["installed"]
            invocations += output_variants("upgrade-path", cat, base + ["--installed-bundle", b, "--ignore-dependencies"])
            invocations += output_variants("upgrade-path", cat, base + ["--installed-bundle", b, "--subscription-channel", other,
                                                                       "--channel", other])
            invocations += output_variants("upgrade-path", cat, base + ["--installed-bundle", b, "--policy", "SelfCertified",
                                                                       "--version", ">=0.0.0"])
            invocations += output_variants("upgrade-path", cat, base + ["--installed-bundle", "gone.v0.0.1",
                                                                       "--installed-version", "0.0.1"])
            invocations += output_variants("upgrade-path", cat, base + ["--starting-csv", last])
            invocations += output_variants("upgrade-path", cat, base + ["--installed-bundle", b, "--cluster-provides",
                                                                       "cert-manager.io/v1/Certificate",
                                                                       "--cluster-provides", "etcd@0.9.0"])
            invocations += output_variants("resolve", cat, base + ["--channel", other])
            invocations += output_variants("resolve", cat, base + ["--starting-bundle", last])
            invocations += output_variants("resolve", cat, base + ["--installed-bundle", "gone.v0.0.1",
                                                                  "--installed-version", "0.0.1"])
            invocations += output_variants("resolve", cat, base + ["--cluster-provides", "cert-manager.io/v1/Certificate"])
            invocations += output_variants("divergence", cat, base)
            # Refused requests: a bundle gone without its version, both bundles, a bad cluster-provides.
            invocations.append(["upgrade-path", cat] + base + ["--installed-bundle", "gone.v0.0.1"])
            invocations.append(["resolve", cat] + base + ["--installed-bundle", b, "--starting-bundle", b])
            invocations.append(["resolve", cat] + base + ["--cluster-provides", "x"])
            invocations.append(["upgrade-path", cat] + base + ["--cluster-provides", "x"])
        for args in invocations:
            run(args)
    for args in output_variants("upgrade-path", cat, ["--package", "no-such-package"], explain=False):
        run(args)
    for args in output_variants("resolve", cat, ["--package", "no-such-package"]):
        run(args)
    run(["resolve", cat, "--package", ""])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--old", required=True, help="the fbclens binary before the change")
    parser.add_argument("--new", help="the fbclens binary after it (absent: only run and cache --old)")
    parser.add_argument("--cache", help="a folder keeping --old's results between runs")
    parser.add_argument("--catalogs", default=os.path.join(REPO, "..", "shared", "catalogs"))
    parser.add_argument("--fixtures-only", action="store_true", help="leave out ../shared/catalogs")
    a = parser.parse_args()
    old = os.path.abspath(a.old)
    new = os.path.abspath(a.new) if a.new else None
    if a.cache:
        os.makedirs(a.cache, exist_ok=True)
    runner = Runner(old, new, a.cache and os.path.abspath(a.cache))

    deps = os.path.join(REPO, "tests/fixtures/update/deps")
    deps_cases = [
        ["upgrade-path", "--package", "app", "--installed-bundle", "app.v2", "--cluster-provides", "cert-manager.io/v1/Certificate"],
        ["upgrade-path", "--package", "broken", "--installed-bundle", "broken.v1"],
        ["upgrade-path", "--package", "broken", "--installed-bundle", "broken.v1", "--explain"],
        ["resolve", "--package", "app", "--channel", "stable", "--cluster-provides", "cert-manager.io/v1/Certificate"],
        ["resolve", "--package", "app", "--starting-bundle", "app.v3"],
        ["resolve", "--package", "app", "--installed-bundle", "app.v2", "--cluster-provides", "cert-manager.io/v1/Certificate"],
        ["resolve", "--package", "app", "--installed-bundle", "app.v2", "--cluster-provides", "cert-manager.io/v1/Certificate",
         "--output", "json"],
    ]
    roots = [("fixture update/deps", deps, deps_cases)]
    for folder in sorted(glob.glob(os.path.join(REPO, "tests/fixtures/*/*/"))):
        if os.path.abspath(folder) != os.path.abspath(deps + "/"):
            roots.append(("fixture " + os.path.relpath(folder, os.path.join(REPO, "tests/fixtures")), folder.rstrip("/"), ()))
    roots.append(("samples/catalog", os.path.join(REPO, "samples/catalog"), ()))
    if not a.fixtures_only:
        roots_json = os.path.join(a.catalogs, "roots.json")
        if not os.path.exists(roots_json):
            print(f"note: {a.catalogs} is absent; only the fixtures are compared", file=sys.stderr)
        else:
            with open(roots_json) as f:
                for dataset, spec in json.load(f).items():
                    for pattern in spec["roots"]:
                        for root in sorted(glob.glob(os.path.join(a.catalogs, dataset, pattern))):
                            roots.append((dataset + "/" + os.path.relpath(root, os.path.join(a.catalogs, dataset)), root, ()))
    for label, path, extra in roots:
        before = runner.count
        root_invocations(runner, label, path, extra)
        print(f"{label}: {runner.count - before} invocations", flush=True)

    print(f"{len(roots)} roots, {runner.count} invocations", end="")
    if new:
        print(f", {runner.same} identical, {len(runner.differences)} differ")
        for d in runner.differences:
            print("  " + d)
        return 1 if runner.differences else 0
    print(" (recorded only)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
