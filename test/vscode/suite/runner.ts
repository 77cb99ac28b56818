/**
 * A minimal test runner for code that runs INSIDE VS Code's extension host (where node:test's
 * process-level reporting is not available). Cases run one after another, each with a timeout;
 * every result is reported as one JSON line, which the harness (test/vscode/vscode.test.ts)
 * turns into node:test cases.
 */

/** One reported line. */
export type ReportLine = Record<string, unknown>;

/** A test case body. */
export type TestBody = () => Promise<void> | void;

interface TestCase {
  name: string;
  body: TestBody;
  timeoutMs: number;
}

/** Smallest per-case ceiling: a case on a busy machine (load 20 on 2 cores) can take minutes; cases may ask for more. */
const CASE_CEILING_MS = 120_000;

/** Collects cases with `test(...)` and runs them with `run()`. */
export class SuiteRunner {
  private readonly cases: TestCase[] = [];
  private prefix = '';

  constructor(private readonly report: (line: ReportLine) => void) {}

  /** Groups the cases registered inside `register` under a name. */
  describe(name: string, register: () => void): void {
    const outer = this.prefix;
    this.prefix = outer ? `${outer} › ${name}` : name;
    try {
      register();
    } finally {
      this.prefix = outer;
    }
  }

  /** Registers a case. */
  test(name: string, body: TestBody, options: { timeoutMs?: number } = {}): void {
    this.cases.push({ name: this.prefix ? `${this.prefix} › ${name}` : name, body, timeoutMs: Math.max(options.timeoutMs ?? 0, CASE_CEILING_MS) });
  }

  /** Runs every case in order; returns how many failed. */
  async run(): Promise<number> {
    let failures = 0;
    this.report({ type: 'plan', count: this.cases.length });
    for (const testCase of this.cases) {
      const startedAt = Date.now();
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          Promise.resolve().then(testCase.body),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`timed out after ${testCase.timeoutMs} ms`)), testCase.timeoutMs);
          }),
        ]);
        this.report({ type: 'test', name: testCase.name, ok: true, durationMs: Date.now() - startedAt });
      } catch (error) {
        failures++;
        const message = error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error);
        this.report({ type: 'test', name: testCase.name, ok: false, durationMs: Date.now() - startedAt, error: message });
      } finally {
        clearTimeout(timer);
      }
    }
    return failures;
  }
}

/** Polls `condition` until it returns a value other than undefined/false, or throws after `timeoutMs`. */
export async function waitFor<T>(description: string, condition: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 60_000, intervalMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${description}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
