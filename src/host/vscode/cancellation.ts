/**
 * The cancellation bridge: VS Code's CancellationToken becomes an AbortSignal once, at the
 * edge, so everything behind it (the core, the tools, the browser backend) speaks AbortSignal only.
 */
import * as vscode from 'vscode';

/** An AbortSignal tied to a CancellationToken, and the function that detaches it. */
interface BridgedSignal {
  signal: AbortSignal;
  /** Removes the token listener. Call it when the operation ends. */
  dispose(): void;
}

/**
 * Converts a CancellationToken to an AbortSignal. An already-cancelled token gives an already
 * aborted signal. Dispose the result when the operation finishes so the listener does not leak.
 */
export function abortSignalFromToken(token: vscode.CancellationToken | undefined): BridgedSignal {
  const controller = new AbortController();
  if (!token) return { signal: controller.signal, dispose: () => undefined };
  if (token.isCancellationRequested) {
    controller.abort(new Error('Cancelled by VS Code.'));
    return { signal: controller.signal, dispose: () => undefined };
  }
  const listener = token.onCancellationRequested(() => controller.abort(new Error('Cancelled by VS Code.')));
  return { signal: controller.signal, dispose: () => listener.dispose() };
}

/** The reverse direction: a CancellationTokenSource cancelled when the signal aborts (for VS Code APIs that take a token). */
export function tokenFromAbortSignal(signal: AbortSignal | undefined): vscode.CancellationTokenSource {
  const source = new vscode.CancellationTokenSource();
  if (!signal) return source;
  if (signal.aborted) {
    source.cancel();
    return source;
  }
  const onAbort = (): void => source.cancel();
  signal.addEventListener('abort', onAbort, { once: true });
  const originalDispose = source.dispose.bind(source);
  source.dispose = () => {
    signal.removeEventListener('abort', onAbort);
    originalDispose();
  };
  return source;
}
