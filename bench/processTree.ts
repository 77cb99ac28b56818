/**
 * The processes a benchmark started (the browser and its renderers, from /proc) and what they
 * use: memory (proportional set size) and CPU time, with this process's own. Linux only (not a
 * benchmark itself).
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** The fields of /proc/<pid>/stat after the command name, or undefined when the process is gone. */
function statFields(pid: number | string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** Every process descending from this one. */
export function descendants(): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const fields = statFields(name);
    if (fields) parents.set(Number(name), Number(fields[1]));
  }
  const ours = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (!ours.has(pid) && ours.has(parent)) {
        ours.add(pid);
        grew = true;
      }
    }
  }
  ours.delete(process.pid);
  return [...ours];
}

/** Proportional set size (bytes) of every process descending from this one (the browser and its renderers). */
export function descendantsPss(): number {
  let total = 0;
  for (const pid of descendants()) {
    try {
      const pss = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
      total += Number(pss?.[1] ?? 0) * 1024;
    } catch {
      // the process ended meanwhile, or smaps_rollup is not readable
    }
  }
  return total;
}

/** CPU time (user + system, ms) used so far by this process and every live descendant. */
export function treeCpuMs(): number {
  let ticks = 0;
  for (const pid of [process.pid, ...descendants()]) {
    const fields = statFields(pid);
    if (fields) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}
