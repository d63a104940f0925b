// /proc readers for the benchmark: find the stack's processes, sample memory (VmRSS / VmHWM) and CPU time.
import { readFileSync, readdirSync } from 'node:fs';

const CLK_TCK = 100; // USER_HZ on Linux

function read(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

export function cmdline(pid) {
  const raw = read(`/proc/${pid}/cmdline`);
  return raw ? raw.split('\0').filter(Boolean).join(' ') : '';
}

export function parentOf(pid) {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return null;
  // pid (comm) state ppid ...; comm may hold spaces and parentheses: split after the last ')'.
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

export function allPids() {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number);
}

/** Children of `parent` whose command line contains `needle` (e.g. services/geo-search/dist/main.js). */
export function findChildren(parent, needle) {
  return allPids().filter((pid) => parentOf(pid) === parent && cmdline(pid).includes(needle));
}

/** Every process whose command line contains needle (for the postgres backends, whatever their parent). */
export function findByCommand(needle) {
  return allPids().filter((pid) => cmdline(pid).includes(needle));
}

/** { rssBytes, hwmBytes } of a process from /proc/<pid>/status, or null once it is gone. */
export function memoryOf(pid) {
  const status = read(`/proc/${pid}/status`);
  if (!status) return null;
  const kb = (key) => Number((new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status) ?? [])[1] ?? NaN) * 1024;
  return { rssBytes: kb('VmRSS'), hwmBytes: kb('VmHWM') };
}

/** CPU seconds (user + system) a process has used so far, or null once it is gone. */
export function cpuSecondsOf(pid) {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return null;
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields after comm: state(0) ppid(1) ... utime(11) stime(12)
  return (Number(f[11]) + Number(f[12])) / CLK_TCK;
}

/** Samples a process's resident memory every intervalMs; peak() gives the largest VmRSS seen and VmHWM. */
export function memorySampler(getPid, intervalMs = 200) {
  let peakRss = 0;
  let lastHwm = 0;
  let windowPeak = 0;
  const tick = () => {
    const pid = getPid();
    if (!pid) return;
    const m = memoryOf(pid);
    if (!m) return;
    if (m.rssBytes > peakRss) peakRss = m.rssBytes;
    if (m.rssBytes > windowPeak) windowPeak = m.rssBytes;
    if (m.hwmBytes > lastHwm) lastHwm = m.hwmBytes;
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    /** Starts a new window (e.g. one mix); windowPeak() then reports the peak within it. */
    resetWindow() {
      tick();
      windowPeak = 0;
    },
    windowPeak() {
      tick();
      return windowPeak;
    },
    peak() {
      tick();
      return { peakRssBytes: peakRss, vmHwmBytes: lastHwm };
    },
    stop() {
      tick();
      clearInterval(timer);
    },
  };
}

/** Busy and total CPU seconds of the whole machine so far (from /proc/stat), all cores together. */
export function machineCpu() {
  const line = read('/proc/stat')?.split('\n')[0] ?? '';
  const f = line.trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = f;
  const total = f.slice(0, 8).reduce((a, b) => a + (b || 0), 0);
  return {
    busy: (total - idle - (iowait || 0)) / CLK_TCK,
    total: total / CLK_TCK,
    stealSeconds: (steal || 0) / CLK_TCK,
    user,
    nice,
    system,
    irq,
    softirq,
    steal,
  };
}
