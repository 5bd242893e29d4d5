// Where the CPU went while the benchmarks drive Chromium: per-thread CPU time of every process this
// Node process started (Chromium's browser, renderer, GPU and utility processes), read from
// /proc, so a page load's wall time can be set against what each part of the browser spent
// meanwhile. On a 2-core machine a load is as fast as what competes with the worker allows: this is
// how the canvas redrawing under SwiftShader during every load was found (issue 21).
// Linux only: elsewhere cpuSnapshot() answers null and cpuSpent() says so.
import { readFileSync, readdirSync } from 'node:fs';

const TICKS_PER_SECOND = 100;  // USER_HZ: what /proc's utime and stime count in on Linux

// One line of /proc/.../stat as {comm, ppid, ticks}: the command name is in parentheses and may
// hold spaces, so the fields are counted from the last ')'.
function readStat(path) {
  const text = readFileSync(path, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { comm: text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')), ppid: Number(fields[1]),
           ticks: Number(fields[11]) + Number(fields[12]) };
}

// The processes descended from this one: pid → Chromium's --type (the browser process has none).
function descendants() {
  const parentOf = new Map();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try { parentOf.set(Number(pid), readStat(`/proc/${pid}/stat`).ppid); } catch { /* gone meanwhile */ }
  }
  const ours = new Map();
  const isOurs = (pid) => {
    for (let p = pid, hops = 0; p > 1 && hops < 64; p = parentOf.get(p), hops++) if (p === process.pid) return true;
    return false;
  };
  for (const pid of parentOf.keys()) {
    if (pid === process.pid || !isOurs(pid)) continue;
    let cmd = '';
    try { cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8'); } catch { continue; }
    ours.set(pid, (cmd.match(/--type=([a-z-]+)/) || [null, 'browser'])[1]);
  }
  return ours;
}

/** Every thread of the processes this one started, as a Map 'type/pid/tid/name' → CPU ticks; null
 *  where /proc is not there. */
export function cpuSnapshot() {
  let processes;
  try { processes = descendants(); } catch { return null; }
  const out = new Map();
  for (const [pid, type] of processes) {
    let tids = [];
    try { tids = readdirSync(`/proc/${pid}/task`); } catch { continue; }
    for (const tid of tids) {
      try {
        const { comm, ticks } = readStat(`/proc/${pid}/task/${tid}/stat`);
        out.set(`${type}/${pid}/${tid}/${comm}`, ticks);
      } catch { /* the thread ended meanwhile */ }
    }
  }
  return out;
}

// Which part of the browser a thread belongs to, by its process type and name.
function partOf(key) {
  const [type, pid, tid, comm] = key.split('/');
  if (type === 'renderer') {
    if (comm === 'DedicatedWorker') return 'workers';
    return pid === tid ? 'page main thread' : 'renderer, other threads';
  }
  if (type === 'gpu-process') return 'GPU process';
  if (type === 'browser') return 'browser process';
  return 'other processes';
}

/** The CPU spent between two snapshots, by part ('workers', 'page main thread', 'GPU process',
 *  ...), in ms, biggest first, as one line of text. */
export function cpuSpent(before, after) {
  if (!before || !after) return 'CPU by part: not measured (no /proc here)';
  const parts = new Map();
  for (const [key, ticks] of after) {
    const spent = ticks - (before.get(key) || 0);
    if (spent > 0) parts.set(partOf(key), (parts.get(partOf(key)) || 0) + spent * 1000 / TICKS_PER_SECOND);
  }
  const total = [...parts.values()].reduce((a, b) => a + b, 0);
  const list = [...parts].sort((a, b) => b[1] - a[1]).map(([part, ms]) => `${part} ${ms.toFixed(0)}`).join(', ');
  return `CPU by part (ms, 10 ms ticks): ${list}; total ${total.toFixed(0)}`;
}
