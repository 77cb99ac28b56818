/**
 * VS Code's AI platform in a REAL VS Code (code-server 4.139 = VS Code 1.139), end to end: the
 * installed extension's browser backend drives the ChatGPT replica site (test/browser/replicas)
 * in a Chromium this test starts with a DevTools port (the extension attaches through
 * `ptk.cdpUrl`, so the test can look at the replica tab too). A second test extension
 * (consumerExtension/) uses PTK's model through `vscode.lm` and registers an LM tool.
 *   1. In the extension host (aiSuite.ts): selectChatModels({ vendor: 'ptk' }) + sendRequest with
 *      two tools (streamed text, a LanguageModelToolCallPart, the result, the final answer), two
 *      calls of one answer, a malformed call repaired inside the provider, a plain request without
 *      tools, a request of exactly maxInputTokens, a rate limit as LanguageModelError Blocked,
 *      cancellation mid-answer (this driver checks
 *      the replica tab stopped generating), @ptk's handler running a PTK task, also while a
 *      chat-view task is held mid-answer in another tab (no refusal; both answer).
 *   2. Through the workbench (Playwright): a PTK task in the sidebar calls the consumer's LM tool
 *      through the model, after the user approves it in its tool card, and the result reaches the
 *      model (the answer quotes a secret only the tool knows).
 * code-server shows no chat view without a Copilot account (and the harness turns AI features
 * off), so @ptk is driven through its handler, not the chat view.
 * Screenshots: test-artifacts/vscode-ai/.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import * as esbuild from 'esbuild';
import { chromium, type Browser, type FrameLocator, type Page } from 'playwright-core';
import { chatgptAdapter } from '../../../src/browser/adapters/chatgpt';
import type { ReplicaServer } from '../../browser/replicas/server';
import { NONCE_LINE, type ReplicaTurnScript } from '../../browser/replicas/scenario';
import { CONVERSATION_HEADER, CONVERSATION_STORAGE_KEY } from '../../browser/replicas/shared/conversationKeys';
import { buildTestExtension } from '../harness/buildTestExtension';
import { findFreePort, startCodeServer, type RunningCodeServer } from '../harness/codeServer';
import { missingTools, REPOSITORY_ROOT, SAMPLE_WORKSPACE_FIXTURE } from '../harness/paths';
import { launchWorkbenchBrowser, openWorkbenchPage } from '../harness/workbenchBrowser';
import type { SuiteLine } from '../harness/runInVSCode';
import { copyWorkspaceFixture } from '../harness/workspaceFixture';

const ARTIFACTS = join(REPOSITORY_ROOT, 'test-artifacts', 'vscode-ai');
const BROWSER_ENTRY = join(REPOSITORY_ROOT, 'src', 'browser', 'index.ts');
const CONSUMER_DIR = join(__dirname, 'consumerExtension');
const SUITE_TIMEOUT_MS = 360_000;

const call = (tool: string, args: Record<string, unknown>) => `<TOOL_CALL>${JSON.stringify({ tool, args })}</TOOL_CALL>`;

/** Whether @ptk's first prompt held the attached file and the project's AGENTS.md (the final answer says so). */
let participantSawAttachment = false;
let participantSawRules = false;
/**
 * The weather answer's stream holds after its first words until the suite says text reached it
 * (checkpoint 'weather-streaming'): text that arrives at all then arrived mid-answer.
 */
let releaseWeather: () => void = () => undefined;
const weatherHeld = new Promise<void>((resolve) => {
  releaseWeather = resolve;
});
let weatherReleased = false;
/** The chat view task's answer holds after its first words until @ptk has answered beside it (checkpoint 'view-release'). */
let releaseView: () => void = () => undefined;
const viewHeld = new Promise<void>((resolve) => {
  releaseView = resolve;
});

/** What the replica's "model" answers, by the markers in what the page sent (results first: in thread mode a turn holds only them). */
function createResponder(secret: string) {
  return (prompt: string): ReplicaTurnScript => {
    const codeResult = /The code for alpha is (\S+?)\.(?:"|\s|$)/.exec(prompt);
    if (codeResult) return { reply: `The code is ${codeResult[1]}.` };
    if (prompt.includes('sunny, 21 C')) return { reply: 'It is sunny in Paris, 21 °C.' };
    if (prompt.includes('rainy, 12 C') && prompt.includes('09:30')) return { reply: 'Rainy in Oslo at 09:30.' };
    if (prompt.includes('PTK-LM-PARALLEL')) return { reply: `Checking both.\n\n${call('get_weather', { city: 'Oslo' })}\n\n${call('get_time', { zone: 'Europe/Oslo' })}`, tokenMs: 10 };
    if (prompt.includes('PTK-LM-PLAIN')) return { reply: 'Fix typo in README' };
    if (prompt.includes('PTK-LM-BUDGET')) return { reply: 'That fitted.' };
    if (prompt.includes('PTK-LM-LIMIT')) return { failure: 'rate_limit' };
    if (prompt.includes('PTK_SEARCH_MARKER')) return { reply: `The notes mention PTK_SEARCH_MARKER; attachment: ${participantSawAttachment ? 'valid' : 'missing'}; rules: ${participantSawRules ? 'used' : 'missing'}.` };
    if (prompt.startsWith('TOOL_ERROR')) return { reply: call('get_weather', { city: 'Berlin' }) };
    if (prompt.includes('PTK-LM-WEATHER')) return { reply: `Let me check the weather in Paris for you.\n${call('get_weather', { city: 'Paris' })}`, tokenMs: 20, holds: [{ atChar: 24, until: weatherHeld }] };
    if (prompt.includes('PTK-LM-BROKEN')) return { reply: 'I will look it up.\n<TOOL_CALL>{"tool": "get_weather", "args": {"city": "Berlin"}}' };
    if (prompt.includes('PTK-LM-CANCEL')) return { reply: 'This is a long essay that goes on and on. '.repeat(60), tokenMs: 60 };
    if (prompt.includes('PTK-VIEW-HELD')) return { reply: 'The view task is answered.', tokenMs: 20, holds: [{ atChar: 8, until: viewHeld }] };
    if (prompt.includes('PTK-BESIDE-LM')) return { reply: 'The provider answers beside the sidebar.' };
    if (prompt.includes('PTK-BESIDE')) return { reply: 'Hello beside the sidebar.' };
    if (prompt.includes('PTK-PARTICIPANT')) {
      participantSawAttachment = prompt.includes('"name": "valid"');
      participantSawRules = prompt.includes('PTK-RULES-MARKER');
      return { reply: `Reading the notes first.\n${call('read_file', { path: 'notes/todo.md' })}` };
    }
    if (prompt.includes('PTK-EXT')) {
      return prompt.includes('ptkTest_lookupCode') ? { reply: `I will look up the code.\n${call('ptkTest_lookupCode', { name: 'alpha' })}` } : { reply: `The tool is missing (${secret.length}).` };
    }
    return { reply: 'OK' };
  };
}

/** A line of this suite: the harness's kinds, a checkpoint for the driver, and 'ready' when the cases are done. */
interface AiSuiteLine {
  type: SuiteLine['type'] | 'checkpoint' | 'ready';
  name?: string;
  ok?: boolean;
  error?: string;
  message?: string;
  count?: number;
}

function readLines(file: string): AiSuiteLine[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter((line) => line.trim()).flatMap((line) => {
    try {
      return [JSON.parse(line) as AiSuiteLine];
    } catch {
      return [];
    }
  });
}

const skipReason = missingTools() || (!existsSync(BROWSER_ENTRY) ? `the browser backend is missing (${BROWSER_ENTRY})` : '');

describe('VS Code AI platform in real VS Code: PTK\'s model through vscode.lm, VS Code tools in PTK tasks, @ptk', { skip: skipReason || undefined, timeout: 600_000 }, () => {
  const secret = randomBytes(4).toString('hex');
  let stateDir: string;
  let resultsFile: string;
  let checkpointsDir: string;
  let cdpUrl: string;
  let replica: ReplicaServer | undefined;
  let browser: Browser | undefined;
  let server: RunningCodeServer | undefined;
  let page: Page;
  let lines: AiSuiteLine[] = [];
  let suiteProblem = '';

  const shot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`) }).catch(() => undefined);
  const chat = (): FrameLocator => page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');

  /** The driver's side of the cancellation case: the replica tab stopped while the site's answer went on. */
  /** Text reached the consumer while the replica still held the answer; the answer goes on. */
  function streamingVerdict(): { ok: boolean; detail: string } {
    const ok = !weatherReleased;
    weatherReleased = true;
    releaseWeather();
    return { ok, detail: ok ? 'the answer was held mid-stream when its first text arrived' : 'the answer had been released already' };
  }

  /** @ptk answered while the chat view's task was held in its own tab: the view task may go on. */
  function viewReleased(): { ok: boolean; detail: string } {
    releaseView();
    return { ok: true, detail: 'released the chat view task' };
  }

  async function checkCancelled(): Promise<{ ok: boolean; detail: string }> {
    const inspector = await chromium.connectOverCDP(cdpUrl);
    try {
      // The replica keeps a conversation per tab; the cancelled one is the tab whose own answer
      // still streams on the site (the @ptk and vscode.lm cases left other tabs, finished).
      type ServerTurn = { status: string; assistant: string };
      const lastTurnOf = async (conversation: string): Promise<ServerTurn | undefined> =>
        ((await (await fetch(new URL('/api/session', replica!.url), { headers: { [CONVERSATION_HEADER]: conversation } })).json()) as { turns: ServerTurn[] }).turns.at(-1);
      let tab: Page | undefined;
      let conversation = '';
      for (const candidate of inspector.contexts().flatMap((context) => context.pages()).filter((page) => page.url().startsWith(replica!.url))) {
        const own = await candidate.evaluate((key) => sessionStorage.getItem(key), CONVERSATION_STORAGE_KEY);
        if (!own || (await lastTurnOf(own))?.status !== 'streaming') continue;
        tab = candidate;
        conversation = own;
        break;
      }
      if (!tab) return { ok: false, detail: 'no replica tab over CDP shows an answer still streaming on the site' };
      const shownTab = tab;
      const stopSelector = chatgptAdapter.selectors.stopButton.join(', ');
      const turnSelector = chatgptAdapter.selectors.assistantTurn[0]!;
      const shownLength = () => shownTab.evaluate((selector) => {
        const turns = document.querySelectorAll(selector);
        return turns[turns.length - 1]?.textContent?.length ?? 0;
      }, turnSelector);
      const serverTurn = () => lastTurnOf(conversation);
      // The tab's stop takes effect (its stop button goes), then the site's answer goes on by
      // ten more tokens on the server while the tab shows none of them.
      await tab.locator(stopSelector).first().waitFor({ state: 'hidden', timeout: 15_000 }).catch(() => undefined);
      const before = await shownLength();
      const grownFrom = (await serverTurn())?.assistant.length ?? 0;
      let latest = await serverTurn();
      for (const until = Date.now() + 30_000; latest?.status === 'streaming' && latest.assistant.length < grownFrom + 40 && Date.now() < until; latest = await serverTurn()) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const afterWait = await shownLength();
      const stopVisible = await tab.locator(stopSelector).first().isVisible().catch(() => false);
      const detail = JSON.stringify({ stopVisible, before, afterWait, serverStatus: latest?.status, serverFrom: grownFrom, serverLength: latest?.assistant.length });
      await tab.screenshot({ path: join(ARTIFACTS, 'replica-after-cancel.png') }).catch(() => undefined);
      const ok = !stopVisible && before === afterWait && before > 0 && latest?.status === 'streaming' && latest.assistant.length >= grownFrom + 40 && latest.assistant.length > afterWait;
      return { ok, detail: `the tab ${ok ? 'stopped generating' : 'did not stop'} while the site's answer went on: ${detail}` };
    } finally {
      await inspector.close().catch(() => undefined);
    }
  }

  before(async () => {
    rmSync(ARTIFACTS, { recursive: true, force: true });
    mkdirSync(ARTIFACTS, { recursive: true });
    stateDir = mkdtempSync(join(tmpdir(), 'ptk-vscode-ai-'));
    resultsFile = join(stateDir, 'results.jsonl');
    checkpointsDir = join(stateDir, 'checkpoints');
    mkdirSync(checkpointsDir);
    const { startReplicaServer } = await import('../../browser/replicas/server');
    // The replica refuses what the real site would: messages over the adapter's prompt limit.
    replica = await startReplicaServer({ site: 'chatgpt', scenario: { maxPromptChars: chatgptAdapter.maxPromptChars }, responder: createResponder(secret) });

    // One Chromium: the workbench in its own context; the extension attaches over CDP for the replica tab.
    const cdpPort = await findFreePort();
    cdpUrl = `http://127.0.0.1:${cdpPort}`;
    browser = await launchWorkbenchBrowser([`--remote-debugging-port=${cdpPort}`, '--remote-debugging-address=127.0.0.1']);

    const workspaceDir = copyWorkspaceFixture(SAMPLE_WORKSPACE_FIXTURE, join(stateDir, 'workspace'));

    const build = await buildTestExtension(join(stateDir, 'extensions'), join(__dirname, 'aiSuite.ts'), { withUi: true });
    const common = { bundle: true, logLevel: 'error', target: 'es2022' } as const;
    const consumerDir = join(stateDir, 'extensions', 'ptk-tests.lm-consumer-0.0.1');
    mkdirSync(join(consumerDir, 'out'), { recursive: true });
    cpSync(join(CONSUMER_DIR, 'package.json'), join(consumerDir, 'package.json'));
    await esbuild.build({ ...common, platform: 'node', format: 'cjs', target: 'node20', entryPoints: [join(CONSUMER_DIR, 'extension.ts')], outfile: join(consumerDir, 'out', 'extension.js'), external: ['vscode'] });

    server = await startCodeServer({
      workspaceDir,
      stateDir,
      logFile: join(ARTIFACTS, 'code-server.log'),
      env: { PTK_TEST_SUITE: build.suitePath, PTK_TEST_RESULTS: resultsFile, PTK_AI_CHECKPOINTS: checkpointsDir, PTK_AI_SECRET: secret },
      // ptk.cdpUrl and ptk.externalTools are user-only settings: a workspace's values are ignored.
      userSettings: { 'ptk.site': 'chatgpt', 'ptk.siteUrl': replica.url, 'ptk.cdpUrl': cdpUrl, 'ptk.externalTools': 'ask' },
    });
    page = await openWorkbenchPage(browser, server.url);

    // Follow the suite; answer its checkpoints.
    const deadline = Date.now() + SUITE_TIMEOUT_MS;
    const answered = new Set<string>();
    for (;;) {
      lines = readLines(resultsFile);
      for (const line of lines) {
        if (line.type === 'checkpoint' && line.name && !answered.has(line.name)) {
          answered.add(line.name);
          const verdict = line.name === 'cancelled' ? await checkCancelled() : line.name === 'weather-streaming' ? streamingVerdict() : line.name === 'view-release' ? viewReleased() : { ok: false, detail: `unknown checkpoint ${line.name}` };
          writeFileSync(join(checkpointsDir, `${line.name}.json`), JSON.stringify(verdict));
        }
      }
      if (lines.some((line) => line.type === 'ready' || line.type === 'crash' || line.type === 'end')) break;
      if (Date.now() > deadline) {
        suiteProblem = `the in-VS-Code suite did not finish within ${SUITE_TIMEOUT_MS} ms`;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    await shot('after-suite');
  }, { timeout: SUITE_TIMEOUT_MS + 180_000 });

  after(async () => {
    releaseWeather();
    releaseView();
    if (existsSync(resultsFile ?? '')) cpSync(resultsFile, join(ARTIFACTS, 'results.jsonl'));
    await browser?.close().catch(() => undefined);
    await server?.stop();
    await replica?.close().catch(() => undefined);
    if (stateDir) rmSync(stateDir, { recursive: true, force: true, maxRetries: 20, retryDelay: 250 });
  });

  it('the in-VS-Code cases pass', async (context) => {
    assert.equal(suiteProblem, '');
    const crash = lines.find((line) => line.type === 'crash');
    assert.equal(crash, undefined, `the suite crashed: ${crash?.message ?? ''}`);
    const cases = lines.filter((line) => line.type === 'test');
    for (const testCase of cases) {
      await context.test(testCase.name ?? '(unnamed)', () => {
        if (!testCase.ok) assert.fail(testCase.error ?? 'failed');
      });
    }
    const plan = lines.find((line) => line.type === 'plan');
    assert.ok(plan, 'the suite reported its plan');
    assert.equal(cases.length, plan.count, 'every planned case reported');
  });

  it('thread mode: the tool result went into the same chat, without the system prompt again', () => {
    const submissions = replica!.submissions;
    const first = submissions.findIndex((submission) => submission.text.includes('PTK-LM-WEATHER'));
    assert.ok(first >= 0, 'the weather question reached the site');
    assert.match(submissions[first].text, /AVAILABLE TOOLS:[\s\S]*get_weather\(city: string\)[\s\S]*get_time\(zone: string\)/);
    const result = submissions.find((submission) => submission.text.includes('sunny, 21 C'));
    assert.ok(result, 'the tool result reached the site');
    assert.equal(result.conversationId, submissions[first].conversationId, 'the same chat');
    assert.ok(!result.text.includes('AVAILABLE TOOLS'), `only the new message was sent: ${result.text.slice(0, 300)}`);
    assert.match(result.text, /^TOOL_RESULT: \{"success":true,"data":"sunny, 21 C","error":null\}/);
    const repair = submissions.find((submission) => submission.text.startsWith('TOOL_ERROR'));
    assert.ok(repair, 'the malformed call was answered with TOOL_ERROR in the tab');
  });

  it('parallel calls: both results went back into the same chat as one message', () => {
    const submissions = replica!.submissions;
    const question = submissions.find((submission) => submission.text.includes('PTK-LM-PARALLEL'));
    assert.ok(question, 'the parallel question reached the site');
    assert.match(question.text, /several <TOOL_CALL> blocks in one response/);
    const results = submissions.find((submission) => submission.text.includes('rainy, 12 C'));
    assert.ok(results, 'the results reached the site');
    assert.equal(results.conversationId, question.conversationId, 'the same chat');
    assert.equal(results.text.replace(NONCE_LINE, ''), 'TOOL_RESULT: {"success":true,"data":"rainy, 12 C","error":null}\n\nTOOL_RESULT: {"success":true,"data":"09:30","error":null}');
  });

  it('a request without tools reached the site as the message alone: no PTK system prompt, no protocol', () => {
    const plain = replica!.submissions.find((submission) => submission.text.includes('PTK-LM-PLAIN'));
    assert.ok(plain, 'the plain question reached the site');
    assert.equal(plain.text.replace(NONCE_LINE, ''), 'PTK-LM-PLAIN: Write a commit message for a typo fix in the README.');
  });

  it('the request of exactly maxInputTokens tokens fitted the site\'s prompt limit', () => {
    const budget = replica!.submissions.find((submission) => submission.text.includes('PTK-LM-BUDGET'));
    assert.ok(budget, 'the request reached the site');
    assert.ok(budget.text.length <= chatgptAdapter.maxPromptChars, `${budget.text.length} characters`);
    assert.match(budget.text, /AVAILABLE TOOLS/);
  });

  it('a PTK task in the sidebar calls the VS Code LM tool through the model, after approval in its tool card', async () => {
    await page.keyboard.press('F1');
    await page.locator('.quick-input-widget input').fill('>PTK: Open Chat');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'PTK: Open Chat' }).first().waitFor();
    await page.keyboard.press('Enter');
    const input = chat().locator('[data-testid="chat-input"]');
    await input.waitFor();
    await input.fill('PTK-EXT: What is the code for alpha?');
    await input.press('Enter');
    const card = chat().locator('[data-testid="tool-card"]', { hasText: 'ptkTest_lookupCode' });
    await card.waitFor({ timeout: 120_000 });
    const approve = chat().locator('[data-testid="approve"]').first();
    await approve.waitFor();
    await shot('external-tool-approval');
    await approve.click();
    const expected = `The code is ALPHA-${secret}.`;
    await chat().locator('[data-testid="assistant-message"]', { hasText: expected }).waitFor({ timeout: 120_000 });
    await shot('external-tool-answer');
    const toolTurn = replica!.submissions.find((submission) => submission.text.includes('PTK-EXT'));
    assert.ok(toolTurn?.text.includes('ptkTest_lookupCode'), 'the tool was in the prompt');
    assert.ok(replica!.submissions.some((submission) => submission.text.startsWith('TOOL_RESULT') && submission.text.includes(`ALPHA-${secret}`)), 'the tool\'s result reached the model');
  });
});
