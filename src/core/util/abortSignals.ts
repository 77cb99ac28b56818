/**
 * AbortSignal plumbing for the core: one signal out of several (the caller's signal and
 * a timeout), with every listener and timer removed by `dispose()`; and a race that
 * settles a promise as soon as a signal fires.
 */
import { PTKAbortError, PTKError, PTKErrorCode, TimeoutReason } from '../errors';

interface LinkedAbortSignal {
  signal: AbortSignal;
  /** True when the signal fired because of this link's own timeout. */
  timedOut(): boolean;
  /** Removes listeners and clears the timer. Safe to call more than once. */
  dispose(): void;
}

interface LinkOptions {
  /** Parent signals; the linked signal fires when any of them fires (with its reason). */
  signals?: Array<AbortSignal | undefined>;
  /** Fire after this many milliseconds (undefined or <= 0: never). */
  timeoutMs?: number;
  /** Message of the timeout reason. */
  timeoutMessage?: string;
  /** Code of the timeout reason (TIMEOUT for a task, TOOL_TIMEOUT for a tool). */
  timeoutCode?: PTKErrorCode;
}

/** Links parent signals and an optional timeout into one signal. */
export function linkAbortSignals(options: LinkOptions): LinkedAbortSignal {
  const controller = new AbortController();
  const cleanups: Array<() => void> = [];
  let timedOut = false;
  const dispose = (): void => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
  for (const parent of options.signals ?? []) {
    if (!parent) continue;
    if (parent.aborted) {
      controller.abort(parent.reason);
      break;
    }
    const onAbort = (): void => {
      controller.abort(parent.reason);
      dispose();
    };
    parent.addEventListener('abort', onAbort, { once: true });
    cleanups.push(() => parent.removeEventListener('abort', onAbort));
  }
  if (!controller.signal.aborted && options.timeoutMs !== undefined && options.timeoutMs > 0 && Number.isFinite(options.timeoutMs)) {
    const timeoutMs = options.timeoutMs;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new TimeoutReason(options.timeoutMessage ?? `Timed out after ${timeoutMs} ms.`, { code: options.timeoutCode }));
      dispose();
    }, timeoutMs);
    cleanups.push(() => clearTimeout(timer));
  }
  if (controller.signal.aborted) dispose();
  return { signal: controller.signal, timedOut: () => timedOut, dispose };
}

/** The PTKError a fired signal stands for: its reason when it is one, else PTKAbortError. */
export function abortErrorOf(signal: AbortSignal): PTKError {
  const reason: unknown = signal.reason;
  if (reason instanceof PTKError) return reason;
  return new PTKAbortError(undefined, { cause: reason });
}

/** Throws the signal's PTKError when it has fired. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortErrorOf(signal);
}

/** Settles with `promise`, or rejects with the signal's error as soon as it fires. */
export function raceWithSignal<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(abortErrorOf(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => {
      promise.catch(() => undefined);
      reject(abortErrorOf(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** The longest delay a timer keeps (about 24.8 days); a longer one would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Resolves after `ms` milliseconds (at most MAX_TIMER_MS: a caller waiting longer checks again),
 * or rejects with the signal's error as soon as it fires (the timer is cleared then).
 */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(abortErrorOf(signal));
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortErrorOf(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, Math.min(MAX_TIMER_MS, Math.max(0, ms)));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
