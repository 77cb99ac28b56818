/**
 * One request per tab at a time: a FIFO mutex. `run(task)` waits for the tasks queued before
 * it (whatever their outcome), then runs `task`.
 */
export class RequestQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  /** Requests queued or running. */
  get size(): number {
    return this.waiting;
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    this.waiting++;
    const result = this.tail.then(task, task);
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result.finally(() => {
      this.waiting--;
    });
  }
}
