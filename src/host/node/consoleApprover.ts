/**
 * An Approver for terminals (the CLI): shows the change (a compact diff) or the exact command
 * and reads y / n / a (always) from the input; or approves everything when asked to.
 */
import { createInterface } from 'node:readline/promises';
import type { Readable, Writable } from 'node:stream';
import type { ApprovalDecision, ApprovalRequest } from '../../core/workspace';
import type { Approver } from './workspace';

/** Lines of context the compact diff shows at most on each side. */
const MAX_DIFF_LINES = 40;

/**
 * A compact line diff: the common first and last lines are dropped, the changed middle is shown
 * as "-" and "+" lines (at most MAX_DIFF_LINES each).
 */
export function compactDiff(before: string, after: string): string {
  const oldLines = before === '' ? [] : before.split('\n');
  const newLines = after === '' ? [] : after.split('\n');
  let start = 0;
  while (start < oldLines.length && start < newLines.length && oldLines[start] === newLines[start]) start++;
  let oldEnd = oldLines.length;
  let newEnd = newLines.length;
  while (oldEnd > start && newEnd > start && oldLines[oldEnd - 1] === newLines[newEnd - 1]) {
    oldEnd--;
    newEnd--;
  }
  const show = (lines: string[], sign: string) => {
    const shown = lines.slice(0, MAX_DIFF_LINES).map((line) => `${sign} ${line}`);
    if (lines.length > MAX_DIFF_LINES) shown.push(`${sign} … ${lines.length - MAX_DIFF_LINES} more lines`);
    return shown;
  };
  return [`@@ line ${start + 1} @@`, ...show(oldLines.slice(start, oldEnd), '-'), ...show(newLines.slice(start, newEnd), '+')].join('\n');
}

/** Options of `createConsoleApprover`. */
interface ConsoleApproverOptions {
  /** Approve everything without asking (the CLI's --yes). */
  autoApprove?: boolean;
  input?: Readable;
  output?: Writable;
}

/** The CLI's approver. */
export function createConsoleApprover(options: ConsoleApproverOptions = {}): Approver {
  return async (request: ApprovalRequest, signal?: AbortSignal): Promise<ApprovalDecision> => {
    if (options.autoApprove) return { decision: 'approve' };
    const output = options.output ?? process.stdout;
    const details = request.kind === 'command'
      ? `$ ${request.command}\n  (in ${request.cwd})`
      : compactDiff(request.before ?? '', request.after ?? '');
    output.write(`\n${request.summary ?? request.toolName}\n${details}\n`);
    const readline = createInterface({ input: options.input ?? process.stdin, output, terminal: false });
    try {
      const answer = (await readline.question(`Allow ${request.toolName}? [y]es / [n]o / [a]lways for this session: `, { signal })).trim().toLowerCase();
      if (answer === 'y' || answer === 'yes') return { decision: 'approve' };
      if (answer === 'a' || answer === 'always') return { decision: 'always' };
      if (answer === 'n' || answer === 'no' || answer === '') return { decision: 'reject' };
      // Anything else is the user's reason for saying no; the model gets it.
      return { decision: 'reject', reason: answer };
    } finally {
      readline.close();
    }
  };
}
