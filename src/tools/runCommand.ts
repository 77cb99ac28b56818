/**
 * run_command and run_tests: a shell command in the workspace, after approval (unless
 * allow-listed), with a timeout; output captured and capped (head and tail kept).
 */
import { z } from 'zod';
import { PTKErrorCode, ToolExecutionError } from '../core/errors';
import { defineTool } from '../core/tools/defineTool';
import { assertTrusted } from './approval';
import { APPROVAL_WAIT_TIMEOUT_MS, COMMAND_REPORT_MARGIN_MS } from './limits';
import { resolvePathAgain, type ToolEnvironment } from './toolEnvironment';
import type { ToolContext } from '../core/types';

/** What run_command and run_tests return. */
interface RunCommandResult {
  command: string;
  cwd: string;
  exitCode: number | null;
  signal?: string;
  stdout: string;
  stderr: string;
  durationMs: number;
  outputTruncated: boolean;
  note?: string;
}

const runCommandInput = z.object({
  command: z.string().min(1).describe('The shell command line to run, e.g. "npm run build". The user sees it exactly and approves it.'),
  cwd: z.string().optional().describe('Working folder relative to the workspace folder. Default: the workspace folder.'),
});

const runTestsInput = z.object({
  cwd: z.string().optional().describe('Working folder relative to the workspace folder. Default: the workspace folder.'),
});

async function runInWorkspace(environment: ToolEnvironment, toolName: string, command: string, rawCwd: string | undefined, context: ToolContext): Promise<RunCommandResult> {
  const { workspace, settings, approvalGate } = environment;
  assertTrusted(workspace, toolName);
  if (command.includes('\u0000')) throw new ToolExecutionError('The command contains a NUL byte.', { code: PTKErrorCode.INVALID_TOOL_CALL });
  const safeCwd = await environment.resolvePath(rawCwd ?? '.', 'list');
  const stat = await workspace.stat(safeCwd.path);
  if (!stat || stat.type !== 'directory') {
    throw new ToolExecutionError(`The working folder "${safeCwd.displayPath}" does not exist or is not a folder.`, { code: stat ? PTKErrorCode.NOT_A_DIRECTORY : PTKErrorCode.FILE_NOT_FOUND });
  }
  await approvalGate.ensureApproved({ toolName, kind: 'command', command, cwd: safeCwd.path, summary: `Run "${command}" in ${safeCwd.displayPath}` }, context.signal);
  // The folder may have become a symbolic link to elsewhere while the approval was open.
  const cwdNow = await resolvePathAgain(environment, rawCwd ?? '.', 'list', safeCwd, 'the command was not run');
  const outcome = await workspace.runCommand(command, { cwd: cwdNow.path, timeoutMs: settings.commandTimeoutMs, maxOutputChars: Math.min(settings.commandMaxOutputChars, settings.resultFieldMaxChars), signal: context.signal });
  if (outcome.timedOut) {
    const tail = (outcome.stderr || outcome.stdout).slice(-2000);
    throw new ToolExecutionError(
      `"${command}" did not finish within ${settings.commandTimeoutMs} ms and was stopped.${tail ? ` Last output:\n${tail}` : ''}`,
      { code: PTKErrorCode.COMMAND_TIMEOUT, context: { command, stdout: outcome.stdout, stderr: outcome.stderr } },
    );
  }
  const result: RunCommandResult = {
    command,
    cwd: safeCwd.displayPath,
    exitCode: outcome.exitCode,
    stdout: outcome.stdout,
    stderr: outcome.stderr,
    durationMs: outcome.durationMs,
    outputTruncated: outcome.outputTruncated,
  };
  if (outcome.signal) result.signal = outcome.signal;
  const notes: string[] = [];
  if (outcome.exitCode !== 0) notes.push(outcome.exitCode === null ? `The command was ended by ${outcome.signal ?? 'a signal'}.` : `The command failed with exit code ${outcome.exitCode}.`);
  if (outcome.outputTruncated) notes.push('The output was long: only its beginning and end are shown.');
  if (notes.length > 0) result.note = notes.join(' ');
  return result;
}

export function createRunCommandTool(environment: ToolEnvironment) {
  const { settings } = environment;
  return defineTool({
    name: 'run_command',
    description: `Run a shell command in the workspace (the user approves each command). Returns the exit code and the output (long output keeps its beginning and end). Stopped after ${Math.round(settings.commandTimeoutMs / 1000)} s.`,
    inputSchema: runCommandInput,
    dangerous: true,
    timeoutMs: APPROVAL_WAIT_TIMEOUT_MS + settings.commandTimeoutMs + COMMAND_REPORT_MARGIN_MS,
    run: (args, context) => runInWorkspace(environment, 'run_command', args.command, args.cwd, context),
  });
}

export function createRunTestsTool(environment: ToolEnvironment) {
  const { settings } = environment;
  return defineTool({
    name: 'run_tests',
    description: `Run the project's tests ("${settings.runTestsCommand}", set by the user) and get the exit code and output.`,
    inputSchema: runTestsInput,
    dangerous: true,
    timeoutMs: APPROVAL_WAIT_TIMEOUT_MS + settings.commandTimeoutMs + COMMAND_REPORT_MARGIN_MS,
    run: (args, context) => runInWorkspace(environment, 'run_tests', settings.runTestsCommand, args.cwd, context),
  });
}
