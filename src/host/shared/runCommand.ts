/**
 * Running a shell command, for both hosts (the CLI's and VS Code's): own process group (so a
 * timeout or a cancel kills its children too), timeout, stdout and stderr captured with head and
 * tail kept by the core's head-and-tail cut (the same marker as in tool results).
 */
import { spawn } from 'node:child_process';
import { PTKAbortError, PTKErrorCode, WorkspaceError } from '../../core/errors';
import type { CommandResult, RunCommandOptions } from '../../core/workspace';
import { HeadTailCollector } from '../../core/util/truncate';

/** Grace time between SIGTERM and SIGKILL. */
const KILL_GRACE_MS = 2000;

/** Runs `command` through the shell. A non-zero exit is a result; a cancel throws PTKAbortError. */
export function runShellCommand(command: string, options: RunCommandOptions): Promise<CommandResult> {
  if (options.signal?.aborted) return Promise.reject(new PTKAbortError());
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const useGroup = process.platform !== 'win32';
    const child = spawn(command, {
      shell: true,
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      detached: useGroup,
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
    });
    const stdout = new HeadTailCollector(options.maxOutputChars);
    const stderr = new HeadTailCollector(options.maxOutputChars);
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => stdout.push(chunk));
    child.stderr.on('data', (chunk: string) => stderr.push(chunk));
    let timedOut = false;
    let aborted = false;
    let killTimer: NodeJS.Timeout | undefined;

    const kill = () => {
      const signalProcess = (signalName: NodeJS.Signals) => {
        try {
          if (useGroup && child.pid !== undefined) process.kill(-child.pid, signalName);
          else child.kill(signalName);
        } catch {
          // already gone
        }
      };
      signalProcess('SIGTERM');
      killTimer = setTimeout(() => signalProcess('SIGKILL'), KILL_GRACE_MS);
      killTimer.unref();
    };
    const timeout = setTimeout(() => {
      timedOut = true;
      kill();
    }, options.timeoutMs);
    const onAbort = () => {
      aborted = true;
      kill();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });

    child.on('error', (error) => {
      clearTimeout(timeout);
      options.signal?.removeEventListener('abort', onAbort);
      reject(new WorkspaceError(`Could not start "${command}": ${error.message}`, { code: PTKErrorCode.COMMAND_FAILED, cause: error }));
    });
    child.on('close', (exitCode, signalName) => {
      clearTimeout(timeout);
      if (killTimer) clearTimeout(killTimer);
      options.signal?.removeEventListener('abort', onAbort);
      if (aborted) {
        reject(new PTKAbortError(`"${command}" was cancelled.`));
        return;
      }
      resolve({
        exitCode,
        ...(signalName ? { signal: signalName } : {}),
        stdout: stdout.toString(),
        stderr: stderr.toString(),
        timedOut,
        outputTruncated: stdout.truncated || stderr.truncated,
        durationMs: Date.now() - started,
      });
    });
  });
}
