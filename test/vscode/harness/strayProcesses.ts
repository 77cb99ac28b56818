/**
 * Processes that outlive code-server: the extension's Chromium is launched in its own process
 * group (Playwright detaches it), so stopping code-server's group leaves it closing its profile
 * inside the test's state folder. Removing that folder before it has exited races with its
 * writes (ENOTEMPTY on a loaded machine). These are found by their command line naming the
 * folder, stopped, and waited for until /proc no longer lists them.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';

/** Pids of this user's processes whose command line names `dir`. */
function processesUsing(dir: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dir)) found.push(pid);
    } catch {
      // Gone already, or not ours to read.
    }
  }
  return found;
}

function signal(pids: number[], name: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, name);
    } catch {
      // Already gone.
    }
  }
}

/**
 * Stops every process still using `dir` (SIGTERM, then SIGKILL for those left after
 * `graceChecks` looks) and resolves once none is left.
 */
export async function stopProcessesUsing(dir: string, graceChecks = 50): Promise<void> {
  signal(processesUsing(dir), 'SIGTERM');
  for (let check = 0; ; check++) {
    const left = processesUsing(dir);
    if (left.length === 0) return;
    if (check >= graceChecks) signal(left, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Removes a test's state folder once no process uses it any more. */
export async function removeStateFolder(dir: string): Promise<void> {
  await stopProcessesUsing(dir);
  rmSync(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 250 });
}
