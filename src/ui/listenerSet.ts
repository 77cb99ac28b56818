/**
 * The listeners of one kind of news (`onEvent`, `onStateReplaced`, …): `add` returns what removes
 * the listener; `fire` tells each one. With `onError`, a listener that throws is reported and the
 * others are still told.
 */
export class ListenerSet<Args extends unknown[]> {
  private readonly listeners = new Set<(...args: Args) => void>();

  constructor(private readonly onError?: (error: unknown) => void) {}

  add(listener: (...args: Args) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  fire(...args: Args): void {
    for (const listener of this.listeners) {
      if (!this.onError) listener(...args);
      else {
        try {
          listener(...args);
        } catch (error) {
          this.onError(error);
        }
      }
    }
  }
}
