/** Timing helpers shared by the benchmarks (not a benchmark itself: bench/index.ts runs only *.bench.ts). */

/**
 * CPU milliseconds of the fastest of three runs: on a busy machine, wall time also counts
 * the time other processes held the cores, which made 4× the text look up to 20× slower.
 * (No forced collection first: the sweeping it leaves to background threads counts as CPU.)
 */
export function fastestCpu(action: () => void): number {
  let best = Infinity;
  for (let run = 0; run < 3; run++) {
    const started = cpuNowMs();
    action();
    best = Math.min(best, cpuNowMs() - started);
  }
  return best;
}

const threadCpuUsage = (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage?.bind(process);

/**
 * The CPU time used so far, ms: the main thread's where Node can tell it (Node ≥ 23.9), else
 * the process's. Unlike wall time it leaves out the time other processes held the cores.
 */
export function cpuNowMs(): number {
  const used = threadCpuUsage ? threadCpuUsage() : process.cpuUsage();
  return (used.user + used.system) / 1000;
}
