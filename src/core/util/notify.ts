/**
 * Callbacks cannot break the loop: a throwing (or rejecting) callback is reported to the
 * optional logger and otherwise ignored.
 */

/** Where the core reports what it swallowed. Any console-like object fits. */
export interface PTKLogger {
  warn(message: string, ...details: unknown[]): void;
  debug?(message: string, ...details: unknown[]): void;
}

/** Calls `callback(argument)` if set; logs and ignores anything it throws or rejects with. */
export function notify<Argument>(
  name: string,
  callback: ((argument: Argument) => unknown) | undefined,
  argument: Argument,
  logger: PTKLogger | undefined,
): void {
  if (!callback) return;
  try {
    const returned = callback(argument);
    if (returned && typeof (returned as Promise<unknown>).then === 'function') {
      (returned as Promise<unknown>).then(undefined, (error: unknown) => logger?.warn(`PTK callback ${name} rejected`, error));
    }
  } catch (error) {
    logger?.warn(`PTK callback ${name} threw`, error);
  }
}
