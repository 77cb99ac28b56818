/**
 * The headless PTK CLI: runs one task with the PTK engine and the workspace tools on a
 * folder, against a scripted model (offline demo, tests) or a real chat site through
 * the browser backend.
 *
 *   node out/cli.js run --workspace ./my-project "Read package.json and tell me the version"
 *   node out/cli.js run --script replies.json "…"             # scripted replies (JSON array of strings)
 *   node out/cli.js run --site chatgpt [--model NAME] [--browser PATH] [--headless] [--cdp URL] "…"
 *   node out/cli.js demo                                       # a sample task on a sample workspace
 *   node out/cli.js diagnose --site gemini [--out snapshot.html] # which selectors match on the live page
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ScriptedChatModel } from '../../core/testing';
import type { ILLMManager } from '../../core/ports';
import type { PTKExecuteResult } from '../../core/loop/loopTypes';
import type { CreateBrowserChatModelOptions } from '../../browser';
import { createWorkspaceTools, instructionFileEntryProblem, loadProjectRules } from '../../tools';
import { createAssistantRun } from '../shared/assistantRun';
import { NodeWorkspace } from './workspace';
import { createConsoleApprover } from './consoleApprover';
import { createDemoModel } from './demoModel';

const USAGE = `Usage:
  ptk run [options] "<task>"     run a task on a workspace folder
  ptk demo [--json]              run a sample task on a sample workspace (scripted model, offline)
  ptk diagnose --site NAME       open the site and report which of its selectors match (PTK: Diagnose Site);
                                 --out FILE saves the redacted DOM snapshot (default: a file in the temp folder)

Options for run:
  --workspace DIR        the workspace folder (default: the current folder)
  --script FILE          answer from scripted replies (a JSON array of strings) instead of a real model
  --site NAME            drive a chat site in a browser: chatgpt, claude, gemini, aistudio, deepseek, openwebui, grok, mistral, qwen, kimi, zai, copilot, huggingchat, perplexity, custom,
                         or auto (any chat page: PTK finds its text box, send control and answer; needs --site-url)
  --site-url URL         open this URL instead of the site's usual one (a replica, the custom site, or auto's page)
  --custom-site FILE     with --site custom: the site's description (JSON, as the ptk.customSite setting)
  --site-overrides FILE  repairs of built-in sites' selectors (JSON, as the ptk.siteOverrides setting)
  --browser PATH         the Chrome/Edge/Chromium executable (default: found automatically)
  --cdp URL              attach to a browser started with --remote-debugging-port (e.g. http://127.0.0.1:9222)
  --profile DIR          the browser profile folder (default: ~/.ptk-assistant/profile)
  --headless             run the browser without a window
  --yes                  approve every write and command without asking
  --max-iterations N     model calls at most (default 10)
  --model NAME           with --site: the model or mode to choose in the site's picker first
                         (e.g. "GPT-5.5", "Pro", "Expert + DeepThink"); refused when not offered
  --temperature T        with --site aistudio: the run settings' temperature (0-2)
  --json                 print the whole result as JSON
  --instruction-file E   project rules: add a file or folder to AGENTS.md, .github/copilot-instructions.md,
                         .clinerules, .roo/rules and CLAUDE.md, or "!NAME" to leave one out (repeatable)
`;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const defaultIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/** Runs the CLI; resolves to the process exit code. */
export async function main(argv: string[], io: CliIo = defaultIo, signal?: AbortSignal): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    io.stdout(USAGE);
    return command ? 0 : 2;
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        workspace: { type: 'string' },
        script: { type: 'string' },
        site: { type: 'string' },
        'site-url': { type: 'string' },
        'custom-site': { type: 'string' },
        'site-overrides': { type: 'string' },
        out: { type: 'string' },
        browser: { type: 'string' },
        cdp: { type: 'string' },
        profile: { type: 'string' },
        headless: { type: 'boolean' },
        yes: { type: 'boolean' },
        'max-iterations': { type: 'string' },
        model: { type: 'string' },
        temperature: { type: 'string' },
        json: { type: 'boolean' },
        'instruction-file': { type: 'string', multiple: true },
      },
    });
  } catch (error) {
    io.stderr(`ptk: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const instructionFiles = values['instruction-file'] ?? [];
  const badEntry = instructionFiles.find((entry) => instructionFileEntryProblem(entry) !== undefined);
  if (badEntry !== undefined) {
    io.stderr(`ptk: --instruction-file "${badEntry}": ${instructionFileEntryProblem(badEntry)}.\n`);
    return 2;
  }

  const browserOptions = (): CreateBrowserChatModelOptions => ({
    site: values.site ?? 'chatgpt',
    siteUrl: values['site-url'],
    customSite: values['custom-site'] ? JSON.parse(readFileSync(values['custom-site'], 'utf8')) : undefined,
    siteOverrides: values['site-overrides'] ? JSON.parse(readFileSync(values['site-overrides'], 'utf8')) : undefined,
    browserPath: values.browser,
    cdpUrl: values.cdp,
    profileDir: values.profile ?? path.join(process.env.HOME ?? tmpdir(), '.ptk-assistant', 'profile'),
    headless: values.headless ?? false,
  });
  if (command === 'diagnose') return diagnose(browserOptions, values.out, io, signal);

  let task: string;
  let workspaceRoot: string;
  let model: ILLMManager;
  let closeModel: (() => Promise<void>) | undefined;
  if (command === 'demo') {
    workspaceRoot = createDemoWorkspace();
    task = 'Read package.json and tell me the version, then list the TypeScript files.';
    model = createDemoModel();
    io.stderr(`Demo workspace: ${workspaceRoot}\nModel: scripted demo responder (no network)\n`);
  } else if (command === 'run') {
    task = positionals.join(' ').trim();
    if (!task) {
      io.stderr(`ptk: give the task as the last argument.\n\n${USAGE}`);
      return 2;
    }
    workspaceRoot = path.resolve(values.workspace ?? process.cwd());
    if (!existsSync(workspaceRoot)) {
      io.stderr(`ptk: the workspace folder ${workspaceRoot} does not exist.\n`);
      return 2;
    }
    if (values.script) {
      const replies = readScript(values.script, io);
      if (!replies) return 2;
      model = new ScriptedChatModel(replies);
    } else if (values.site || values.cdp) {
      try {
        const backend = await loadBrowserModel(browserOptions());
        model = backend.model;
        closeModel = backend.close;
      } catch (error) {
        io.stderr(`ptk: ${(error as Error).message}\n`);
        return 1;
      }
    } else {
      io.stderr('ptk: choose a model: --site NAME (a chat site in a browser) or --script FILE (scripted replies).\n');
      return 2;
    }
  } else {
    io.stderr(`ptk: unknown command "${command}".\n\n${USAGE}`);
    return 2;
  }

  const maxIterations = values['max-iterations'] ? Number(values['max-iterations']) : undefined;
  if (maxIterations !== undefined && (!Number.isInteger(maxIterations) || maxIterations < 1)) {
    io.stderr('ptk: --max-iterations takes a whole number ≥ 1.\n');
    return 2;
  }

  const temperature = values.temperature !== undefined ? Number(values.temperature) : undefined;
  if (temperature !== undefined && !Number.isFinite(temperature)) {
    io.stderr('ptk: --temperature takes a number.\n');
    return 2;
  }

  const workspace = new NodeWorkspace({
    roots: [workspaceRoot],
    approver: createConsoleApprover({ autoApprove: values.yes ?? command === 'demo' }),
  });
  const tools = createWorkspaceTools(workspace);
  const run = createAssistantRun({
    model: () => model,
    workspace,
    tools: () => tools,
    settings: () => ({ maxIterations, temperature, model: values.model?.trim() || undefined }),
    // The project's rules (AGENTS.md, .clinerules, …), read at the start of the task.
    rules: async ({ focusPaths, signal }) => {
      const rules = await loadProjectRules(workspace, { instructionFiles, focusPaths, signal });
      if (!values.json && rules.files.length > 0) io.stderr(`rules: ${rules.files.map((file) => (file.usage === 'whole' ? file.displayPath : `${file.displayPath} (${file.usage})`)).join(', ')}\n`);
      for (const refused of rules.refused) io.stderr(`ptk: instruction file ${refused.displayPath} not read: ${refused.reason}\n`);
      return rules;
    },
  });
  let result: PTKExecuteResult;
  try {
    result = await run(task, {
      signal,
      onToolCall: (toolCall) => {
        if (!values.json) io.stderr(`→ ${toolCall.tool} ${JSON.stringify(toolCall.args).slice(0, 120)}\n`);
      },
    });
  } finally {
    await closeModel?.();
  }
  if (values.json) {
    io.stdout(`${JSON.stringify(result, null, 2)}\n`);
  } else if (result.success) {
    io.stdout(`${result.content}\n`);
    io.stderr(`(${result.iterations} model calls, ${result.totalToolCalls} tool calls, ${result.duration} ms)\n`);
  } else {
    io.stderr(`ptk: the task failed [${result.backendErrorCode ?? result.errorCode ?? 'ERROR'}]: ${result.error}\n`);
  }
  return result.success ? 0 : 1;
}

function readScript(file: string, io: CliIo): string[] | undefined {
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    const replies = Array.isArray(value) ? value : (value as { replies?: unknown }).replies;
    if (!Array.isArray(replies) || !replies.every((reply) => typeof reply === 'string')) {
      io.stderr(`ptk: ${file} must hold a JSON array of reply strings (or {"replies": [...]}).\n`);
      return undefined;
    }
    return replies;
  } catch (error) {
    io.stderr(`ptk: cannot read the script ${file}: ${(error as Error).message}\n`);
    return undefined;
  }
}

/** `ptk diagnose`: the site's selectors on the live page, and a redacted snapshot saved to a file. */
async function diagnose(options: () => CreateBrowserChatModelOptions, out: string | undefined, io: CliIo, signal?: AbortSignal): Promise<number> {
  let backend: Awaited<ReturnType<typeof loadBrowserModel>>;
  try {
    backend = await loadBrowserModel(options());
  } catch (error) {
    io.stderr(`ptk: ${(error as Error).message}\n`);
    return 1;
  }
  try {
    const diagnosis = await backend.model.diagnose(signal);
    const snapshotPath = path.resolve(out ?? path.join(mkdtempSync(path.join(tmpdir(), 'ptk-diagnose-')), `${diagnosis.site}-snapshot.html`));
    writeFileSync(snapshotPath, diagnosis.snapshot);
    io.stdout(diagnosis.report(snapshotPath));
    return diagnosis.problems.length === 0 ? 0 : 1;
  } catch (error) {
    const code = (error as { code?: string }).code;
    io.stderr(`ptk: diagnose failed${code ? ` [${code}]` : ''}: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await backend.close();
  }
}

/** Loads the browser backend lazily (playwright-core is only needed for --site). */
async function loadBrowserModel(options: CreateBrowserChatModelOptions) {
  const browser = await import('../../browser');
  const model = await browser.createBrowserChatModel(options);
  return { model, close: () => model.close() };
}

/** A small TypeScript project for the demo. */
export function createDemoWorkspace(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'ptk-demo-'));
  mkdirSync(path.join(root, 'src'));
  writeFileSync(path.join(root, 'package.json'), `${JSON.stringify({ name: 'demo-app', version: '1.2.3', private: true }, null, 2)}\n`);
  writeFileSync(path.join(root, 'src', 'index.ts'), "import { greet } from './greet';\nconsole.log(greet('world'));\n");
  writeFileSync(path.join(root, 'src', 'greet.ts'), 'export function greet(name: string): string {\n  return `Hello, ${name}!`;\n}\n');
  return root;
}

if (require.main === module) {
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  main(process.argv.slice(2), defaultIo, controller.signal).then(
    (code) => process.exit(code),
    (error) => {
      process.stderr.write(`ptk: ${(error as Error).stack ?? error}\n`);
      process.exit(1);
    },
  );
}
