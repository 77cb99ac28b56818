import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { PTKErrorCode } from '../../../../src/core/errors';
import type { PromptAttachment } from '../../../../src/core/ports';
import type { PTKTool } from '../../../../src/core/types';
import type { WebPagePort, WebPageStep, WebStepOptions } from '../../../../src/core/webPage';
import type { ApprovalDecision, ApprovalRequest } from '../../../../src/core/workspace';
import { NodeWorkspace } from '../../../../src/host/node/workspace';
import { createWorkspaceTools, WEB_TOOL_NAMES } from '../../../../src/tools';
import type { ToolSettingsInput } from '../../../../src/tools/settings';
import { rejectsWithCode } from '../workspaceScenarios';

/** A port that records the steps and hands back each step's navigation guard. */
class FakePort implements WebPagePort {
  readonly steps: Array<{ step: WebPageStep | { kind: 'fetch'; url: string }; options: Omit<WebStepOptions, 'screenshot'> & { screenshot?: boolean } }> = [];
  markdown = '# Page';

  async step(step: WebPageStep, options: WebStepOptions) {
    this.steps.push({ step, options });
    return { url: step.kind === 'open' ? step.url : 'http://localhost:3000/', title: 'Page', markdown: this.markdown, controls: ['button: Save'], consoleErrors: ['boom'], failedRequests: [], ...(options.screenshot ? { screenshot: new Uint8Array([137, 80, 78, 71]) } : {}) };
  }

  async fetch(url: string, options: Omit<WebStepOptions, 'screenshot'>) {
    this.steps.push({ step: { kind: 'fetch', url }, options });
    return { url, title: 'Fetched', status: 200, markdown: this.markdown };
  }

  async close() {}

  get lastGuard(): (url: string) => boolean {
    return this.steps.at(-1)!.options.navigationAllowed;
  }
}

let root: string;
before(async () => {
  root = await mkdtemp(join(tmpdir(), 'ptk-web-tools-unit-'));
});
after(async () => {
  await rm(root, { recursive: true, force: true });
});

function setUp(answers: ApprovalDecision['decision'][], settings: ToolSettingsInput = {}) {
  const port = new FakePort();
  const asked: ApprovalRequest[] = [];
  const workspace = new NodeWorkspace({
    roots: [root],
    approver: async (request) => {
      asked.push(request);
      return { decision: answers.shift() ?? 'reject', reason: 'not that site' };
    },
  });
  const tools = createWorkspaceTools(workspace, settings, { web: { port, chatSites: async () => ['https://chatgpt.com/'] } });
  return { port, asked, tools };
}

async function call(tools: readonly PTKTool[], name: string, args: Record<string, unknown>, attached?: PromptAttachment[]): Promise<any> {
  const tool = tools.find((candidate) => candidate.name === name)!;
  return tool.handler(tool.inputSchema!.parse(args), { signal: new AbortController().signal, toolCallId: 'c1', iteration: 1, ...(attached ? { attach: (file: PromptAttachment) => attached.push(file) } : {}) });
}

describe('browser and fetch_url (tools over the web page port)', () => {
  it('are built only when a browser is wired in', () => {
    const without = createWorkspaceTools(new NodeWorkspace({ roots: [root] }));
    assert.equal(without.some((tool) => WEB_TOOL_NAMES.includes(tool.name)), false);
    const { tools } = setUp([]);
    assert.deepEqual(tools.filter((tool) => WEB_TOOL_NAMES.includes(tool.name)).map((tool) => tool.name), ['browser', 'fetch_url']);
  });

  it('loopback opens without asking; another host asks, naming its origin, and a "no" opens nothing', async () => {
    const { port, asked, tools } = setUp(['reject']);
    await call(tools, 'browser', { action: 'open', url: 'http://localhost:3000/' });
    assert.equal(asked.length, 0);
    await rejectsWithCode(call(tools, 'fetch_url', { url: 'https://docs.example.com/guide' }), PTKErrorCode.APPROVAL_REJECTED, /not that site/);
    assert.equal(asked.length, 1);
    assert.equal(asked[0]!.kind, 'command');
    assert.equal(asked[0]!.command, 'fetch_url https://docs.example.com');
    assert.match(asked[0]!.summary ?? '', /https:\/\/docs\.example\.com\/guide/);
    assert.equal(port.steps.length, 1, 'the refused page was never opened');
  });

  it('"Always" covers the origin for the session; ptk.tools.browserHosts opens without asking', async () => {
    const { asked, tools } = setUp(['always'], { browserHosts: ['*.python.org'] });
    await call(tools, 'fetch_url', { url: 'https://docs.example.com/a' });
    await call(tools, 'fetch_url', { url: 'https://docs.example.com/b' });
    await call(tools, 'fetch_url', { url: 'https://docs.python.org/3/' });
    assert.equal(asked.length, 1);
  });

  it('a chat site or file: is refused before anything asks or opens', async () => {
    const { port, asked, tools } = setUp(['approve']);
    await rejectsWithCode(call(tools, 'browser', { action: 'open', url: 'https://chatgpt.com/' }), PTKErrorCode.URL_NOT_ALLOWED);
    await rejectsWithCode(call(tools, 'fetch_url', { url: 'file:///etc/passwd' }), PTKErrorCode.URL_NOT_ALLOWED);
    assert.equal(asked.length, 0);
    assert.equal(port.steps.length, 0);
  });

  it('the page\'s navigations: loopback and the approved origin go; another host the user did not approve, a chat site or file: are blocked', async () => {
    const { port, tools } = setUp(['approve']);
    await call(tools, 'browser', { action: 'open', url: 'https://docs.example.com/' });
    const guard = port.lastGuard;
    assert.equal(guard('https://docs.example.com/next'), true);
    assert.equal(guard('http://localhost:3000/'), true);
    assert.equal(guard('https://elsewhere.example/'), false);
    assert.equal(guard('https://chatgpt.com/'), false);
    assert.equal(guard('file:///etc/passwd'), false);
    // The next steps on that page keep its guard.
    await call(tools, 'browser', { action: 'click', text: 'Next' });
    assert.equal(port.lastGuard('https://docs.example.com/next'), true);
  });

  it('arguments each action needs; the screenshot is attached when the loop can send files, else said', async () => {
    const { port, tools } = setUp([]);
    await rejectsWithCode(call(tools, 'browser', { action: 'open' }), PTKErrorCode.INVALID_TOOL_CALL, /url/);
    await rejectsWithCode(call(tools, 'browser', { action: 'click' }), PTKErrorCode.INVALID_TOOL_CALL, /text.*selector/);
    await rejectsWithCode(call(tools, 'browser', { action: 'type', selector: '#a' }), PTKErrorCode.INVALID_TOOL_CALL, /value/);
    await rejectsWithCode(call(tools, 'browser', { action: 'wait', text: 'x' }), PTKErrorCode.INVALID_TOOL_CALL, /selector/);
    const attached: PromptAttachment[] = [];
    const shown = await call(tools, 'browser', { action: 'open', url: 'http://localhost:3000/' }, attached);
    assert.deepEqual(attached.map((file) => [file.name, file.mimeType]), [['browser-1.png', 'image/png']]);
    assert.match(shown.screenshot, /browser-1\.png, attached/);
    assert.deepEqual(shown.consoleErrors, ['boom']);
    assert.deepEqual(shown.controls, ['button: Save']);
    const none = await call(tools, 'browser', { action: 'read' });
    assert.match(none.screenshot, /cannot send images/);
    assert.equal(port.steps.at(-1)!.options.screenshot, false, 'no screenshot is taken that could not be sent');
    const off = await call(tools, 'browser', { action: 'read', screenshot: false }, attached);
    assert.match(off.screenshot, /not taken/);
    assert.equal(attached.length, 1);
  });

  it('a long page is cut at resultFieldMaxChars, saying so', async () => {
    const { port, tools } = setUp([], { resultFieldMaxChars: 100 });
    port.markdown = 'x'.repeat(500);
    const fetched = await call(tools, 'fetch_url', { url: 'http://localhost:3000/' });
    assert.equal(fetched.truncated, true);
    assert.match(fetched.markdown, /^x{100}\n\n\[… cut: the page's text is 500 characters, 100 are shown\]$/);
    const shown = await call(tools, 'browser', { action: 'open', url: 'http://localhost:3000/', screenshot: false });
    assert.equal(shown.markdownTruncated, true);
  });
});
