/** Timing helpers shared by the benchmarks (not a benchmark itself: bench/index.ts runs only *.bench.ts). */

/**
 * CPU milliseconds of the fastest of three runs: on a busy machine, wall time also counts
 * the time other processes held the cores, which made 4× the text look up to 20× slower.
 * (No forced collection first: the sweeping it leaves to background threads counts as CPU.)
 */
export function fastestCpu(action: () => void): number {
  let best = Infinity;
  for (let run = 0; run < 3; run++) {
    const started = process.cpuUsage();
    action();
    const used = process.cpuUsage(started);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}
