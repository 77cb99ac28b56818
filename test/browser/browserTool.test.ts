/**
 * The web tools (browser, fetch_url) in real Chromium: a local dev page with a console error and
 * a broken image, read by the model's `browser` call inside the engine's loop, whose screenshot
 * the ChatGPT replica then receives as an upload; the URL rules at work (a chat site's origin, a
 * file: URL, a redirect to the chat site); the chat profile's cookies and storage never in the
 * tools' context; fetch_url of a page JavaScript builds; clicks, typing and waits; an `@url`
 * mention read through fetch_url's own path. Every server
 * listens on 127.0.0.1 and every test stops what it started.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { chromium } from 'playwright-core';
import { PTKErrorCode } from '../../src/core/errors';
import { PTKManager } from '../../src/core/loop/ptkManager';
import type { PromptAttachment } from '../../src/core/ports';
import { ScriptedChatModel } from '../../src/core/testing/scriptedChatModel';
import { ToolRegistry } from '../../src/core/tools/toolRegistry';
import type { PTKTool } from '../../src/core/types';
import type { WebPagePort } from '../../src/core/webPage';
import { createIsolatedWebBrowser } from '../../src/browser';
import { NodeWorkspace } from '../../src/host/node/workspace';
import { createWorkspaceTools } from '../../src/tools';
import { createUrlMentionProvider, type FetchedMentionPage } from '../../src/host/vscode/mentions/urlMention';
import { renderAttachedContext } from '../../src/ui/mentionContext';
import { chromiumPath, sharedTestBrowser, testLaunchArgs, withSite } from './harness';
import { replicaSites } from './replicas/sites';
import { startDevServer } from './devServer';
import { rejectsWithCode } from '../unit/tools/workspaceScenarios';

const PNG_SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

/** The tools as the extension builds them, on a throw-away workspace, with `port` as their browser. */
async function webTools(port: WebPagePort, chatSites: readonly string[]): Promise<{ tools: PTKTool[]; dispose(): Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), 'ptk-web-tools-'));
  const tools = createWorkspaceTools(new NodeWorkspace({ roots: [root] }), {}, { web: { port, chatSites: () => chatSites } });
  return { tools, dispose: () => rm(root, { recursive: true, force: true }) };
}

/** Calls a tool as the loop does, collecting what it attaches. */
async function callWebTool(tools: readonly PTKTool[], name: string, args: Record<string, unknown>, attached: PromptAttachment[] = []): Promise<any> {
  const tool = tools.find((candidate) => candidate.name === name)!;
  const parsed = tool.inputSchema ? tool.inputSchema.parse(args) : args;
  return tool.handler(parsed, { signal: new AbortController().signal, toolCallId: 'call_1', iteration: 1, attach: (file) => attached.push(file) });
}

const chatgpt = replicaSites.find((entry) => entry.adapter === 'chatgpt')!;

describe('the browser tool and fetch_url in real Chromium', () => {
  const browser = sharedTestBrowser();

  it('the model opens the dev page: it reads the console error and the broken image, and its screenshot reaches the chat site as an upload', async () => {
    const dev = await startDevServer();
    const port = createIsolatedWebBrowser({ browser: browser() });
    try {
      // The "model" behind the replica: opens the page, then reports what the tool result said.
      const brain = new ScriptedChatModel((prompt) => {
        const result = /TOOL_RESULT:\s*(\{[\s\S]*\})\s*$/.exec(prompt.trim());
        if (!result) return `<TOOL_CALL>\n{"tool": "browser", "args": {"action": "open", "url": "${dev.url}"}}\n</TOOL_CALL>`;
        const parsed = JSON.parse(result[1]!) as { success: boolean; data: any; error: string | null };
        if (!parsed.success) return `The browser failed: ${parsed.error}`;
        return `Title: ${parsed.data.title}. Console: ${parsed.data.consoleErrors.join(' | ')}. Failed: ${parsed.data.failedRequests.map((failed: any) => `${failed.url} ${failed.reason}`).join(' | ')}. Screenshot: ${parsed.data.screenshot}`;
      });
      await withSite(browser(), chatgpt, { responder: brain, scenario: { defaults: { tokenMs: 2, tokenChars: 8 } } }, async ({ model, server }) => {
        const { tools, dispose } = await webTools(port, [server.url]);
        try {
          const run = await new PTKManager(model, new ToolRegistry(tools)).orchestrateToolCalling('Open my dev server and tell me what is broken.');
          assert.equal(run.success, true, run.error);
          assert.match(run.content, /Title: My dev app/);
          assert.match(run.content, /boom: the dev page failed to load its config/);
          assert.match(run.content, /missing\.png 404 Not Found/);
          assert.match(run.content, /browser-1\.png, attached to your next message/);
          // The screenshot went up through the site's upload, before the turn carrying the tool result.
          assert.equal(server.uploads.length, 1);
          const upload = server.uploads[0]!;
          assert.equal(upload.name, 'browser-1.png');
          assert.equal(upload.mimeType, 'image/png');
          assert.deepEqual([...upload.data.subarray(0, 8)], PNG_SIGNATURE);
          assert.equal(server.submissions.length, 2);
          assert.deepEqual(server.submissions[0]!.attachments, []);
          assert.deepEqual(server.submissions[1]!.attachments, ['browser-1.png']);
          assert.match(server.submissions[1]!.text, /TOOL_RESULT/);
        } finally {
          await dispose();
        }
      });
    } finally {
      await port.close();
      await dev.close();
    }
  });

  it('refuses a chat site\'s origin, file: and chrome: addresses, and a redirect to the chat site; the dev server beside the chat replica stays open; a frame of another host is kept out', async () => {
    const dev = await startDevServer();
    const chat = await startDevServer();
    dev.chatUrl = chat.url;
    const port = createIsolatedWebBrowser({ browser: browser() });
    const { tools, dispose } = await webTools(port, [chat.url, 'https://chatgpt.com/']);
    try {
      await rejectsWithCode(callWebTool(tools, 'browser', { action: 'open', url: chat.url }), PTKErrorCode.URL_NOT_ALLOWED, /chat site/);
      await rejectsWithCode(callWebTool(tools, 'browser', { action: 'open', url: chat.url.replace('127.0.0.1', 'localhost') }), PTKErrorCode.URL_NOT_ALLOWED, /chat site/);
      await rejectsWithCode(callWebTool(tools, 'fetch_url', { url: 'file:///etc/passwd' }), PTKErrorCode.URL_NOT_ALLOWED, /not file:/);
      await rejectsWithCode(callWebTool(tools, 'browser', { action: 'open', url: 'chrome://settings' }), PTKErrorCode.URL_NOT_ALLOWED, /not chrome:/);
      await rejectsWithCode(callWebTool(tools, 'browser', { action: 'open', url: 'https://chatgpt.com/c/123' }), PTKErrorCode.URL_NOT_ALLOWED);
      assert.equal(chat.cookies.length, 0, 'nothing reached the chat site');
      // A link on the dev page that redirects to the chat site: the navigation is stopped.
      const opened = await callWebTool(tools, 'browser', { action: 'open', url: dev.url, screenshot: false });
      assert.equal(opened.title, 'My dev app');
      await rejectsWithCode(callWebTool(tools, 'browser', { action: 'click', text: 'Open the chat', screenshot: false }), PTKErrorCode.URL_NOT_ALLOWED, /chat/);
      await rejectsWithCode(callWebTool(tools, 'fetch_url', { url: `${dev.url}redirect-to-chat` }), PTKErrorCode.URL_NOT_ALLOWED);
      // A frame of a host the user did not approve is kept out, and the page still opens.
      const embed = await callWebTool(tools, 'browser', { action: 'open', url: `${dev.url}embed`, screenshot: false });
      assert.match(embed.markdown, /# Video guide/);
      assert.deepEqual(embed.failedRequests, [{ url: 'https://video.example/embed/1', reason: 'blocked: the web tools may not open this address (a frame of the page)' }]);
      assert.equal(chat.cookies.length, 0, 'the redirect never reached the chat site');
    } finally {
      await dispose();
      await port.close();
      await chat.close();
      await dev.close();
    }
  });

  it('the chat profile\'s cookies and storage are not in the tools\' browser', async () => {
    const dev = await startDevServer();
    const profile = await mkdtemp(join(tmpdir(), 'ptk-chat-profile-'));
    // The signed-in chat profile: a persistent context, as PTK's chat browser is, holding a cookie and storage for 127.0.0.1.
    const chatProfile = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath, headless: true, args: testLaunchArgs });
    // The tools' browser as the extension makes it: its own launched Chromium.
    const port = createIsolatedWebBrowser({ browserPath: chromiumPath, launchArgs: ['--disable-gpu', '--disable-dev-shm-usage'] });
    const { tools, dispose } = await webTools(port, []);
    try {
      await chatProfile.addCookies([{ name: 'chat-session', value: 'signed-in-secret', domain: '127.0.0.1', path: '/' }]);
      const chatPage = await chatProfile.newPage();
      await chatPage.goto(`${dev.url}storage`);
      await chatPage.evaluate(() => localStorage.setItem('chat-session', 'stored-secret'));
      await chatPage.reload();
      assert.equal(await chatPage.locator('#seen').textContent(), 'storage: stored-secret; cookie: chat-session=signed-in-secret', 'the chat profile holds both');
      assert.equal(dev.cookies.at(-1)!.cookie, 'chat-session=signed-in-secret');

      const seen = await callWebTool(tools, 'browser', { action: 'open', url: `${dev.url}storage`, screenshot: false });
      assert.match(seen.markdown, /storage: none; cookie: none/);
      assert.equal(dev.cookies.at(-1)!.path, '/storage');
      assert.equal(dev.cookies.at(-1)!.cookie, undefined, 'no cookie went with the tool\'s request');
      const fetched = await callWebTool(tools, 'fetch_url', { url: `${dev.url}storage` });
      assert.match(fetched.markdown, /storage: none; cookie: none/);
    } finally {
      await dispose();
      await port.close();
      await chatProfile.close();
      await rm(profile, { recursive: true, force: true });
      await dev.close();
    }
  });

  it('fetch_url reads a page JavaScript builds, as markdown', async () => {
    const dev = await startDevServer();
    const port = createIsolatedWebBrowser({ browser: browser() });
    const { tools, dispose } = await webTools(port, []);
    try {
      const page = await callWebTool(tools, 'fetch_url', { url: `${dev.url}spa` });
      assert.equal(page.title, 'Getting started');
      assert.equal(page.status, 200);
      assert.match(page.markdown, /# Getting started/);
      assert.match(page.markdown, /- Install the CLI\n- Run the dev server/);
      assert.doesNotMatch(page.markdown, /Loading/);
    } finally {
      await dispose();
      await port.close();
      await dev.close();
    }
  });

  it('a page that does not load says why in words: nothing answers at a stopped dev server', async () => {
    const dev = await startDevServer();
    const stopped = dev.url;
    await dev.close();
    const port = createIsolatedWebBrowser({ browser: browser() });
    const { tools, dispose } = await webTools(port, []);
    try {
      const host = new URL(stopped).host;
      await assert.rejects(callWebTool(tools, 'fetch_url', { url: stopped }), (error: Error & { code?: string }) => {
        assert.equal(error.code, PTKErrorCode.PAGE_LOAD_FAILED);
        assert.equal(error.message, `${stopped} did not load: nothing answers at ${host} (is the server running?) (ERR_CONNECTION_REFUSED)`);
        return true;
      });
    } finally {
      await dispose();
      await port.close();
    }
  });

  it('types by label, clicks by visible text and waits for a selector, on the page kept between calls', async () => {
    const dev = await startDevServer();
    const port = createIsolatedWebBrowser({ browser: browser() });
    const { tools, dispose } = await webTools(port, []);
    try {
      await rejectsWithCode(callWebTool(tools, 'browser', { action: 'click', text: 'Greet' }), PTKErrorCode.INVALID_TOOL_CALL, /No page is open/);
      const attached: PromptAttachment[] = [];
      const opened = await callWebTool(tools, 'browser', { action: 'open', url: dev.url }, attached);
      assert.ok(opened.controls.includes('button: Greet'), opened.controls.join('\n'));
      assert.ok(opened.controls.some((control: string) => /^field \(text\): Name/.test(control)), opened.controls.join('\n'));
      await callWebTool(tools, 'browser', { action: 'type', text: 'Name', value: 'Ada' }, attached);
      const clicked = await callWebTool(tools, 'browser', { action: 'click', text: 'Greet' }, attached);
      assert.match(clicked.markdown, /Hello, Ada!/);
      assert.deepEqual(clicked.consoleErrors, [], 'errors are reported once, with the step they happened in');
      const waited = await callWebTool(tools, 'browser', { action: 'wait', selector: '#done' }, attached);
      assert.match(waited.markdown, /Greeting done/);
      assert.deepEqual(attached.map((file) => file.name), ['browser-1.png', 'browser-2.png', 'browser-3.png', 'browser-4.png']);
      await rejectsWithCode(callWebTool(tools, 'browser', { action: 'click', text: 'No such button', screenshot: false }), PTKErrorCode.ELEMENT_NOT_FOUND);
    } finally {
      await dispose();
      await port.close();
      await dev.close();
    }
  });

  it('an @url mention reads the page through fetch_url\'s path: the JS-built page as a context block; a chat site or another scheme is not attached', async () => {
    const dev = await startDevServer();
    const port = createIsolatedWebBrowser({ browser: browser() });
    const { tools, dispose } = await webTools(port, ['https://chatgpt.com/']);
    const fetchUrl = tools.find((tool) => tool.name === 'fetch_url')!;
    const provider = createUrlMentionProvider(async (url, signal) => (await fetchUrl.handler({ url }, { signal, toolCallId: 'mention', iteration: 0 })) as FetchedMentionPage);
    const signal = new AbortController().signal;
    try {
      const suggested = await provider.suggest(`${dev.url}spa`);
      assert.equal(suggested.items.length, 1);
      const mention = suggested.items[0]!.mention;
      assert.deepEqual(mention, { kind: 'url', label: `${dev.url}spa`, url: `${dev.url}spa` });
      const resolved = await provider.resolve(mention, signal);
      const block = renderAttachedContext([resolved]);
      assert.match(block, new RegExp(`<context kind="url" url="${dev.url}spa" title="Getting started">`));
      assert.match(block, /# Getting started\n\n- Install the CLI\n- Run the dev server/);
      assert.equal((await provider.suggest('file:///etc/passwd')).items.length, 0);
      await rejectsWithCode(provider.resolve({ kind: 'url', label: 'chat', url: 'https://chatgpt.com/c/1' }, signal), PTKErrorCode.URL_NOT_ALLOWED);
    } finally {
      await dispose();
      await port.close();
      await dev.close();
    }
  });
});
