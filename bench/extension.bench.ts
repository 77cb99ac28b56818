/**
 * Extension figures: activation time, .vsix size, and time from Send to the first streamed
 * text in the sidebar. Each is printed with a naive baseline measured in the same run, the
 * ratio, the target and PASS/MISS.
 *
 * - Activation: out/extension.js (production build) is required and activate()d in a fresh
 *   Node process against a stub `vscode` module, 5 times; the baseline is the naive extension
 *   that loads playwright-core at activation.
 * - .vsix size: the newest *.vsix in the repository root or dist/ when one was built (`npm start` / `npm run package`),
 *   else the files `vsce ls` would pack; the baseline is packing the repository without
 *   .vscodeignore (sources, tests, node_modules).
 * - Webview bundle: out/webview.js (production build); the baseline is the same view built
 *   with full zod behind the shared protocol guards (as it was before they moved to zod/mini).
 * - Send → first text: ChatSession (real PTKManager, streaming scripted model) → messages
 *   serialised as postMessage does → the webview's reducer, render scheduler and renderer in
 *   jsdom, until the first assistant text is in the DOM. Baseline: the naive view that re-sends
 *   the whole state and re-renders every item on each event; the streaming of a long answer
 *   is measured too.
 * - Host → view for a long answer: ChatSession (real PTKManager) fed a scripted delta stream
 *   of a 50 KB and a 200 KB answer with real markup (headings, paragraphs with inline code,
 *   tables, many code blocks, and a write_file call carrying a whole file); every event is
 *   serialised as postMessage does. Figures: host CPU, bytes posted, and the view's work
 *   (the webview's reducer, scheduler and renderer in jsdom: CPU and characters of markdown
 *   rendered). The 50 KB run is the baseline: for 4× the text, each must grow at most 5×.
 *   `--long-answer` runs this figure alone.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { JSDOM } from 'jsdom';
import { PTKManager } from '../src/core/loop/ptkManager';
import { ScriptedChatModel } from '../src/core/testing/scriptedChatModel';
import { emptyChatState, reduceChat } from '../src/shared/chat/chatReducer';
import { PTKParser } from '../src/core/protocol/parser';
import { ChatSession } from '../src/ui/chatSession';
import { ConversationStore, type KeyValueStore } from '../src/ui/conversationStore';
import type { ChatViewState, HostToWebviewMessage } from '../src/shared/chat/protocol';
import { createMarkdownRenderer, type WindowLike } from '../src/webview/markdown';
import { ChatRenderer } from '../src/webview/render';
import { RenderScheduler, revealsFirstText } from '../src/webview/renderScheduler';
import { markupAnswer } from '../test/unit/webview/markupAnswer';

const ROOT = join(__dirname, '..');
const verdict = (pass: boolean) => (pass ? 'PASS' : 'MISS');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// ------------------------------------------------------------------ activation
const ACTIVATION_PROBE = String.raw`
const Module = require('module');
const path = require('path');
const deep = () => new Proxy(function () {}, {
  get: (_target, key) => (key === 'then' ? undefined : key === Symbol.toPrimitive ? () => '' : deep()),
  apply: () => deep(),
  set: () => true,
  construct: () => deep(),
});
const memento = new Map();
const globalMemento = new Map();
const vscode = {};
for (const name of ['window', 'commands', 'languages', 'env', 'extensions', 'Uri', 'Disposable', 'ThemeColor', 'CodeActionKind', 'CodeAction', 'StatusBarAlignment', 'ProgressLocation', 'ConfigurationTarget', 'DiagnosticSeverity', 'EventEmitter', 'FileSystemError', 'CancellationTokenSource', 'Range', 'Position', 'Selection', 'TextEdit', 'WorkspaceEdit', 'ViewColumn', 'FileType', 'RelativePattern', 'l10n']) vscode[name] = deep();
vscode.workspace = new Proxy({}, { get: (_t, k) => k === 'getConfiguration' ? () => ({ get: () => undefined, update: async () => undefined }) : k === 'workspaceFolders' ? [] : deep() });
const originalLoad = Module._load;
Module._load = function (request, ...rest) { return request === 'vscode' ? vscode : originalLoad.call(this, request, ...rest); };
const context = {
  subscriptions: [], extensionPath: process.argv[1], extensionUri: deep(), globalStorageUri: { fsPath: '/tmp/ptk-bench-storage' },
  workspaceState: { get: (key) => memento.get(key), update: async (key, value) => void memento.set(key, value), keys: () => [...memento.keys()] },
  globalState: { get: (key, fallback) => globalMemento.get(key) ?? fallback, update: async (key, value) => void globalMemento.set(key, value), keys: () => [...globalMemento.keys()], setKeysForSync: () => undefined },
};
const start = process.hrtime.bigint();
if (process.argv[2] === 'naive') require(require.resolve('playwright-core', { paths: [process.argv[1]] }));
const extension = require(path.join(process.argv[1], 'out', 'extension.js'));
extension.activate(context);
process.stdout.write(String(Number(process.hrtime.bigint() - start) / 1e6));
`;

function measureActivation(mode: 'ours' | 'naive'): number {
  const runs: number[] = [];
  for (let index = 0; index < 5; index++) {
    const result = spawnSync(process.execPath, ['-e', ACTIVATION_PROBE, ROOT, mode], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`activation probe failed: ${result.stderr}`);
    runs.push(Number(result.stdout));
  }
  return median(runs);
}

// ------------------------------------------------------------------ vsix size
function directorySize(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => (name === '.git' ? sum : sum + directorySize(join(path, name))), 0);
}

function vsixSize(): { bytes: number; how: string } {
  const built = [ROOT, join(ROOT, 'dist')]
    .filter((directory) => existsSync(directory))
    .flatMap((directory) => readdirSync(directory).filter((name) => name.endsWith('.vsix')).map((name) => join(directory, name)));
  if (built.length > 0) {
    const newest = built.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
    return { bytes: statSync(newest).size, how: `${newest.split('/').pop()} (zipped)` };
  }
  const listed = spawnSync(process.execPath, [join(ROOT, 'node_modules', '@vscode', 'vsce', 'vsce'), 'ls', '--no-dependencies'], { cwd: ROOT, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`vsce ls failed: ${listed.stderr}`);
  const files = listed.stdout.split('\n').map((line) => line.trim()).filter(Boolean);
  return { bytes: files.reduce((sum, file) => sum + (existsSync(join(ROOT, file)) ? statSync(join(ROOT, file)).size : 0), 0), how: `${files.length} files vsce would pack (unzipped; run npm run package for the real .vsix)` };
}

// ------------------------------------------------------------------ send → first text
class MemoryStore implements KeyValueStore {
  private readonly values = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined;
  }
  async update(key: string, value: unknown): Promise<void> {
    this.values.set(key, value);
  }
}

interface ViewResult {
  firstTextMs: number;
  totalMs: number;
}

/** Runs one message through session → (serialised) messages → webview; `naive` re-sends and re-renders everything. */
async function sendToFirstText(window: WindowLike & Window, answer: string, naive: boolean): Promise<ViewResult> {
  const list = window.document.createElement('div');
  window.document.body.replaceChildren(list);
  const markdown = createMarkdownRenderer(window);
  const renderer = new ChatRenderer(list, markdown, { approve() {}, reject() {}, openDiff() {}, action() {}, copy() {} });
  const session = new ChatSession({
    runTask: (prompt, options) => new PTKManager(new ScriptedChatModel([answer], { chunkSize: 8 })).orchestrateToolCalling(prompt, options),
    store: new ConversationStore(new MemoryStore()),
  });
  let viewState: ChatViewState = emptyChatState(session.state.conversationId);
  let firstTextAt = 0;
  const checkFirstText = () => {
    if (!firstTextAt && (list.querySelector('.message.assistant')?.textContent ?? '').trim()) firstTextAt = performance.now();
  };
  // Ours: main.ts's scheduler, with a 16 ms timer standing in for requestAnimationFrame.
  let framesPending = 0;
  const scheduler = new RenderScheduler(
    () => {
      renderer.update(viewState);
      checkFirstText();
    },
    (callback) => {
      framesPending++;
      setTimeout(() => {
        framesPending--;
        callback();
      }, 16);
    },
  );
  const start = performance.now();
  const deliver = (message: HostToWebviewMessage) => {
    const received = JSON.parse(JSON.stringify(message)) as HostToWebviewMessage; // postMessage copies
    if (received.type === 'state') {
      // Naive: every event re-sends the whole state and re-renders every item at once.
      viewState = received.state;
      list.innerHTML = viewState.items.map((item) => (item.kind === 'assistant' ? `<div class="message assistant">${markdown(item.text)}</div>` : item.kind === 'user' ? `<div class="message user">${item.text}</div>` : '<div></div>')).join('');
      checkFirstText();
    } else if (received.type === 'event') {
      // Ours: fold the event; the first text renders at once, the rest once per frame (as main.ts).
      const firstText = revealsFirstText(viewState, received.event);
      viewState = reduceChat(viewState, received.event);
      scheduler.request(firstText);
    }
  };
  session.onEvent((conversationId, event) => deliver(naive ? { type: 'state', state: session.state, connection: { site: 'bench', status: 'connected' }, history: [] } : { type: 'event', conversationId, event }));
  await session.send('Explain the code');
  while (framesPending > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  return { firstTextMs: firstTextAt - start, totalMs: performance.now() - start };
}

// ------------------------------------------------------------------ host → view, long answer
/** The scripted replies of one long answer of about `chars` characters: a write_file call carrying a whole file, then the prose. */
function longAnswer(chars: number): string[] {
  const fileChars = Math.floor(chars / 5);
  const fileLines: string[] = [];
  for (let size = 0, line = 0; size < fileChars; line++) {
    const text = `export const value${line} = ${line} * 2; // line ${line} of the generated file`;
    fileLines.push(text);
    size += text.length + 1;
  }
  const call = `I will write the file first.\n<TOOL_CALL>${JSON.stringify({ tool: 'write_file', args: { path: 'src/generated.ts', content: `${fileLines.join('\n')}\n` } })}</TOOL_CALL>`;
  return [call, markupAnswer(chars - call.length)];
}

interface StreamFigures {
  answerChars: number;
  hostCpuMs: number;
  bytesToView: number;
  viewCpuMs: number;
  renderedChars: number;
  finalText: string;
  prose: string;
}

/** CPU milliseconds of `action` (user + system). */
async function cpuOf(action: () => Promise<void>): Promise<number> {
  const started = process.cpuUsage();
  await action();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

/** The host streams `replies` (64-character deltas) and posts its events; they are then folded and rendered by the view as main.ts does. */
async function streamLongAnswer(window: WindowLike & Window, replies: string[]): Promise<StreamFigures> {
  const posted: string[] = [];
  const session = new ChatSession({
    runTask: (prompt, options) => new PTKManager(new ScriptedChatModel([...replies], { chunkSize: 64 })).orchestrateToolCalling(prompt, options),
    store: new ConversationStore(new MemoryStore()),
  });
  // postMessage serialises each message: the bytes that cross to the view.
  session.onEvent((conversationId, event) => posted.push(JSON.stringify({ type: 'event', conversationId, event } satisfies HostToWebviewMessage)));
  const hostCpuMs = await cpuOf(() => session.send('Explain the parser module and write the generated file').then(() => undefined));
  const bytesToView = posted.reduce((sum, message) => sum + Buffer.byteLength(message), 0);

  const list = window.document.createElement('div');
  window.document.body.replaceChildren(list);
  const renderer = new ChatRenderer(list, createMarkdownRenderer(window), { approve() {}, reject() {}, openDiff() {}, action() {}, copy() {} });
  let viewState: ChatViewState = emptyChatState(session.state.conversationId);
  // A frame every 8 messages stands in for requestAnimationFrame (deterministic batching).
  const frames: Array<() => void> = [];
  const scheduler = new RenderScheduler(() => renderer.update(viewState), (callback) => frames.push(callback));
  const viewCpuMs = await cpuOf(async () => {
    posted.forEach((message, index) => {
      const received = JSON.parse(message) as HostToWebviewMessage;
      if (received.type !== 'event') return;
      const firstText = revealsFirstText(viewState, received.event);
      viewState = reduceChat(viewState, received.event);
      scheduler.request(firstText);
      if (index % 8 === 7) frames.splice(0).forEach((frame) => frame());
    });
    while (frames.length > 0) frames.splice(0).forEach((frame) => frame());
  });
  const bubbles = viewState.items.flatMap((item) => (item.kind === 'assistant' ? [item.text] : []));
  return { answerChars: replies.join('').length, hostCpuMs, bytesToView, viewCpuMs, renderedChars: renderer.renderedMarkdownChars, finalText: bubbles.at(-1) ?? '', prose: new PTKParser().parse(replies.at(-1)!).content ?? '' };
}

function longAnswerFigures(window: WindowLike & Window): Promise<void> {
  return (async () => {
    const small = longAnswer(50_000);
    const large = longAnswer(200_000);
    await streamLongAnswer(window, small); // warm-up (JIT, markdown)
    const runs = async (replies: string[]) => {
      const figures: StreamFigures[] = [];
      for (let run = 0; run < 3; run++) figures.push(await streamLongAnswer(window, replies));
      // CPU: the fastest of three runs (other processes' load only ever adds); the counts are the same in every run.
      return { ...figures[0], hostCpuMs: Math.min(...figures.map((figure) => figure.hostCpuMs)), viewCpuMs: Math.min(...figures.map((figure) => figure.viewCpuMs)) };
    };
    const base = await runs(small);
    const grown = await runs(large);
    const textRatio = grown.answerChars / base.answerChars;
    const limit = 5;
    const line = (name: string, baseValue: number, grownValue: number, unit: string, gated = true) => {
      const ratio = grownValue / baseValue;
      console.log(`  ${name.padEnd(34)} ${baseValue.toFixed(unit === 'ms' ? 1 : 0).padStart(10)} → ${grownValue.toFixed(unit === 'ms' ? 1 : 0).padStart(10)} ${unit.padEnd(5)} ${ratio.toFixed(2)}× (target ≤ ${limit}×)${gated ? `  ${verdict(ratio <= limit)}` : ''}`);
    };
    console.log(`host → view, a long answer streamed in 64-char deltas: ${base.answerChars} → ${grown.answerChars} characters (${textRatio.toFixed(2)}× the text; baseline: the ${base.answerChars}-character run)`);
    line('host CPU (session + engine)', base.hostCpuMs, grown.hostCpuMs, 'ms');
    line('bytes host → view', base.bytesToView, grown.bytesToView, 'B');
    line('view CPU (reducer + render, jsdom)', base.viewCpuMs, grown.viewCpuMs, 'ms');
    line('markdown rendered by the view', base.renderedChars, grown.renderedChars, 'chars');
    console.log(`  bytes host → view per character of answer: ${(base.bytesToView / base.answerChars).toFixed(2)} and ${(grown.bytesToView / grown.answerChars).toFixed(2)}`);
    const exact = base.finalText === base.prose && grown.finalText === grown.prose;
    console.log(`  the bubble's final text equals the answer's prose: ${verdict(exact)}`);
  })();
}

async function main(): Promise<void> {
  if (process.argv.includes('--long-answer')) {
    const dom = new JSDOM('<!DOCTYPE html><body></body>');
    await longAnswerFigures(dom.window as unknown as WindowLike & Window);
    dom.window.close();
    return;
  }
  // The production bundles this benchmark measures (same options as esbuild.config.mjs).
  await esbuild.build({ bundle: true, platform: 'node', format: 'cjs', target: 'node20', minify: true, logLevel: 'error', entryPoints: [join(ROOT, 'src', 'extension.ts')], outfile: join(ROOT, 'out', 'extension.js'), external: ['vscode', 'playwright-core'] });
  const webviewBuild: esbuild.BuildOptions = { bundle: true, platform: 'browser', format: 'iife', target: 'es2022', minify: true, logLevel: 'error', entryPoints: [join(ROOT, 'src', 'webview', 'main.ts')] };
  await esbuild.build({ ...webviewBuild, outfile: join(ROOT, 'out', 'webview.js') });
  // Baseline: the same view with the shared guards on full zod imported as they were before
  // (`import { z } from 'zod'`, which keeps every schema type and every locale): zod/mini's
  // functions are zod's, so the same protocol source builds against either.
  const zodAsBefore: esbuild.Plugin = {
    name: 'zod-as-before',
    setup(build) {
      build.onResolve({ filter: /^zod\/mini$/ }, () => ({ path: 'zod-as-before', namespace: 'baseline' }));
      build.onLoad({ filter: /.*/, namespace: 'baseline' }, () => ({ contents: "import { z } from 'zod';\nmodule.exports = z;", resolveDir: ROOT, loader: 'js' }));
    },
  };
  const fullZod = await esbuild.build({ ...webviewBuild, plugins: [zodAsBefore], write: false as const, outfile: join(ROOT, 'out', 'webview-full-zod.js') });

  const ours = measureActivation('ours');
  const naive = measureActivation('naive');
  const activationTargetMs = 150;
  console.log(`activation: ${ours.toFixed(1)} ms (median of 5, cold process, stub vscode); naive (playwright-core at activation): ${naive.toFixed(1)} ms; ratio ${(ours / naive).toFixed(2)}; target < ${activationTargetMs} ms and faster than naive: ${verdict(ours < activationTargetMs && ours < naive)}`);

  const vsix = vsixSize();
  const naiveBytes = directorySize(ROOT);
  const vsixTargetBytes = 5 * 1024 * 1024;
  console.log(`.vsix size: ${(vsix.bytes / 1024).toFixed(0)} KiB (${vsix.how}); naive (whole repository, no .vscodeignore): ${(naiveBytes / 1024 / 1024).toFixed(1)} MiB; ratio ${(vsix.bytes / naiveBytes).toFixed(4)}; target < 5 MiB: ${verdict(vsix.bytes < vsixTargetBytes)}`);

  const webviewBytes = statSync(join(ROOT, 'out', 'webview.js')).size;
  const fullZodBytes = fullZod.outputFiles[0].contents.length;
  const webviewTargetBytes = 200 * 1024;
  console.log(`webview bundle: ${(webviewBytes / 1024).toFixed(0)} KiB (out/webview.js, minified); baseline (same view, shared guards on full zod as before): ${(fullZodBytes / 1024).toFixed(0)} KiB; ratio ${(webviewBytes / fullZodBytes).toFixed(2)}; target ≤ 200 KiB: ${verdict(webviewBytes <= webviewTargetBytes)}`);

  const dom = new JSDOM('<!DOCTYPE html><body></body>');
  const window = dom.window as unknown as WindowLike & Window;
  const short = 'Here is **the answer**, streamed in pieces.';
  const long = Array.from({ length: 60 }, (_, index) => `Line ${index}: some \`code\` and **bold** text.\n`).join('\n');
  // Warm up (JIT, markdown), then measure.
  await sendToFirstText(window, short, false);
  await sendToFirstText(window, short, true);
  const oursRuns: number[] = [];
  const naiveRuns: number[] = [];
  for (let run = 0; run < 5; run++) {
    oursRuns.push((await sendToFirstText(window, short, false)).firstTextMs);
    naiveRuns.push((await sendToFirstText(window, short, true)).firstTextMs);
  }
  const oursFirst = median(oursRuns);
  const naiveFirst = median(naiveRuns);
  const firstTargetMs = 50;
  console.log(`send → first streamed text in the view: ${oursFirst.toFixed(2)} ms; naive (whole state re-sent and re-rendered per event): ${naiveFirst.toFixed(2)} ms; ratio ${(oursFirst / naiveFirst).toFixed(2)}; target < ${firstTargetMs} ms and no slower than naive: ${verdict(oursFirst < firstTargetMs && oursFirst <= naiveFirst)}`);
  const oursLong = await sendToFirstText(window, long, false);
  const naiveLong = await sendToFirstText(window, long, true);
  console.log(`streaming a ${long.length}-char answer (${Math.ceil(long.length / 8)} deltas) to the end: ${oursLong.totalMs.toFixed(0)} ms; naive: ${naiveLong.totalMs.toFixed(0)} ms; ratio ${(oursLong.totalMs / naiveLong.totalMs).toFixed(2)}; target ≤ 1.0: ${verdict(oursLong.totalMs <= naiveLong.totalMs)}`);
  await longAnswerFigures(window);
  dom.window.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
