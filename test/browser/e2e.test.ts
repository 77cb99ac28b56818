/**
 * End to end: the engine's loop (PTKManager) with BrowserChatModel against the ChatGPT
 * replica in real Chromium completes the protocol's three documented example conversations (single call,
 * multiple calls, tool error) with the right final answers. The replica's "model" is the
 * engine's ScriptedChatModel, reacting to the TOOL_RESULTs that went through the browser.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { z } from 'zod';
import { PTKError, PTKErrorCode, ToolExecutionError } from '../../src/core/errors';
import { PTKManager } from '../../src/core/loop/ptkManager';
import { ScriptedChatModel } from '../../src/core/testing/scriptedChatModel';
import { defineTool } from '../../src/core/tools/defineTool';
import { ToolRegistry } from '../../src/core/tools/toolRegistry';
import { replicaSites } from './replicas/sites';
import { launchTestBrowser, withSite } from './harness';

const files: Record<string, string> = { 'package.json': '{\n  "name": "my-app",\n  "version": "1.0.0"\n}' };

function tools(): ToolRegistry {
  return new ToolRegistry([
    defineTool({
      name: 'read_file',
      description: 'Read content of a file',
      readOnly: true,
      inputSchema: z.object({ path: z.string() }),
      run: ({ path }) => {
        const content = files[path];
        if (content === undefined) throw new ToolExecutionError(`File not found: ${path}`, { code: PTKErrorCode.FILE_NOT_FOUND });
        return { content, lines: content.split('\n').length };
      },
    }),
    defineTool({
      name: 'list_files',
      description: 'List files in directory',
      readOnly: true,
      inputSchema: z.object({ directory: z.string(), pattern: z.string().optional() }),
      run: () => ({ files: ['src/index.ts', 'src/utils.ts', 'test/test.ts'], count: 3 }),
    }),
  ]);
}

/** The scripted "model" behind the replica: the documented examples' assistant turns, reading the results it gets. */
function seedBrain(): ScriptedChatModel {
  return new ScriptedChatModel((prompt) => {
    const result = /TOOL_RESULT:\s*(\{[\s\S]*\})\s*$/.exec(prompt.trim());
    if (!result) {
      if (/package\.json/.test(prompt) && /version/i.test(prompt)) {
        return '<TOOL_CALL>\n{\n  "tool": "read_file",\n  "args": {"path": "package.json"},\n  "reasoning": "Need to read package.json to get version"\n}\n</TOOL_CALL>';
      }
      if (/TypeScript files/.test(prompt)) {
        return '<TOOL_CALL>\n{\n  "tool": "list_files",\n  "args": {"directory": ".", "pattern": "**/*.ts"},\n  "reasoning": "Need to list all TypeScript files first"\n}\n</TOOL_CALL>';
      }
      return '<TOOL_CALL>\n{\n  "tool": "read_file",\n  "args": {"path": "missing-file.txt"},\n  "reasoning": "Need to read the file content"\n}\n</TOOL_CALL>';
    }
    const parsed = JSON.parse(result[1]!) as { success: boolean; data: any; error: string | null };
    if (!parsed.success) return `I cannot read missing-file.txt because the file does not exist (${parsed.error}). Would you like me to create it?`;
    if (parsed.data.content) return `The version in package.json is ${/"version": "([^"]+)"/.exec(parsed.data.content)![1]}`;
    const list = (parsed.data.files as string[]).map((file, index) => `${index + 1}. ${file}`).join('\n');
    return `I found ${parsed.data.count} TypeScript files:\n${list}`;
  });
}

let browser: Browser;
before(async () => {
  browser = await launchTestBrowser();
});
after(async () => {
  await browser?.close();
});

const chatgpt = replicaSites.find((entry) => entry.adapter === 'chatgpt')!;

describe('end to end: PTKManager + BrowserChatModel + ChatGPT replica (the documented examples)', () => {
  it('runs the three example conversations to the right final answers', async () => {
    await withSite(browser, chatgpt, { responder: seedBrain(), scenario: { defaults: { tokenMs: 2, tokenChars: 6 } } }, async ({ model, server }) => {
      const manager = new PTKManager(model, tools());
      const single = await manager.orchestrateToolCalling('Read package.json and tell me the version');
      assert.equal(single.success, true, single.error);
      assert.equal(single.content.trim(), 'The version in package.json is 1.0.0');
      assert.equal(single.totalToolCalls, 1);

      const multiple = await manager.orchestrateToolCalling('Find all TypeScript files and count them');
      assert.equal(multiple.success, true, multiple.error);
      assert.equal(multiple.content.trim(), 'I found 3 TypeScript files:\n1. src/index.ts\n2. src/utils.ts\n3. test/test.ts');

      const failing = await manager.orchestrateToolCalling('Read missing-file.txt');
      assert.equal(failing.success, true, failing.error);
      assert.match(failing.content, /^I cannot read missing-file\.txt because the file does not exist \(.*File not found: missing-file\.txt.*\)\. Would you like me to create it\?$/);

      // Thread mode: each task is one chat; the second turn of a task sends only what is new.
      assert.equal(server.submissions.length, 6);
      for (let index = 0; index < 6; index += 2) {
        const [first, second] = [server.submissions[index]!, server.submissions[index + 1]!];
        assert.equal(first.conversationId, second.conversationId);
        assert.ok(second.text.length < first.text.length, 'the follow-up turn carries only the new messages');
        assert.match(second.text, /TOOL_RESULT/);
      }
      assert.equal(new Set(server.submissions.map((submission) => submission.conversationId)).size, 3);
    });
  });
});

describe('launch modes (createBrowserChatModel)', () => {
  it('launches the browser itself with a persistent profile directory', async () => {
    const { mkdtempSync, readdirSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const { createBrowserChatModel } = await import('../../src/browser');
    const { startReplicaServer } = await import('./replicas/server');
    const { chromiumPath, testLaunchArgs } = await import('./harness');
    const profileDir = mkdtempSync(path.join(tmpdir(), 'ptk-profile-'));
    const server = await startReplicaServer({ site: 'chatgpt', scenario: { turns: [{ reply: 'from a persistent profile', tokenMs: 2 }] } });
    const model = await createBrowserChatModel({ site: 'chatgpt', siteUrl: server.url, browserPath: chromiumPath, headless: true, profileDir, launchArgs: testLaunchArgs });
    try {
      await model.connect();
      assert.equal(await model.call('hi'), 'from a persistent profile');
      assert.ok(readdirSync(profileDir).length > 0, 'the profile folder was written');
    } finally {
      await model.close();
      await server.close();
      await removeProfile(rmSync, profileDir);
    }
  });

  it('the user closes the browser window PTK launched while an answer streams: TAB_CLOSED, and the next call opens a new window', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const { createBrowserChatModel } = await import('../../src/browser');
    const { LLMBackendError } = await import('../../src/core/errors');
    const { startReplicaServer } = await import('./replicas/server');
    const { chromiumPath, testLaunchArgs } = await import('./harness');
    const profileDir = mkdtempSync(path.join(tmpdir(), 'ptk-profile-'));
    const long = 'word '.repeat(4_000).trim();
    const server = await startReplicaServer({ site: 'chatgpt', scenario: { turns: [{ reply: long, tokenMs: 20, tokenChars: 10 }, { reply: 'a new window answers', tokenMs: 2 }] } });
    const model = await createBrowserChatModel({ site: 'chatgpt', siteUrl: server.url, browserPath: chromiumPath, headless: true, profileDir, launchArgs: testLaunchArgs });
    try {
      const pending = model.call('write a lot').then(
        () => assert.fail('the call whose window was closed should fail'),
        (error: unknown) => error,
      );
      while (server.submissions.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      await (await model.page()).context().close();
      const failure = await pending;
      assert.ok(failure instanceof LLMBackendError && failure.code === PTKErrorCode.TAB_CLOSED, `TAB_CLOSED, got ${String(failure)}`);
      assert.match(failure.message, /the browser window was closed in the middle of the turn\. Retry opens it again\./);
      assert.equal(model.pages.length, 0, 'the window the user closed was not opened again behind their back');
      assert.equal(await model.call('hi again'), 'a new window answers');
      assert.equal(server.submissions.length, 2, 'nothing sent twice');
    } finally {
      await model.close();
      await server.close();
      await removeProfile(rmSync, profileDir);
    }
  });

  /**
   * A call on the ChatGPT adapter to a local site that `handler` serves; once `closeWhen` says,
   * the whole browser window is closed. Returns how the call failed.
   */
  async function failureWhenWindowCloses(handler: import('node:http').RequestListener, closeWhen: (model: import('../../src/browser').BrowserChatModel) => Promise<void>): Promise<unknown> {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const http = await import('node:http');
    const { createBrowserChatModel } = await import('../../src/browser');
    const { chromiumPath, testLaunchArgs } = await import('./harness');
    const server = http.createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as import('node:net').AddressInfo).port}/`;
    const profileDir = mkdtempSync(path.join(tmpdir(), 'ptk-profile-'));
    const model = await createBrowserChatModel({ site: 'chatgpt', siteUrl: url, browserPath: chromiumPath, headless: true, profileDir, launchArgs: testLaunchArgs, answerTimeoutMs: 600_000 });
    try {
      const pending = model.call('hello').then(
        () => assert.fail('the call whose window was closed should fail'),
        (error: unknown) => error,
      );
      await closeWhen(model);
      await model.pages[0]!.context().close();
      return await pending;
    } finally {
      await model.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await removeProfile(rmSync, profileDir);
    }
  }

  it('the user closes the browser window while the site\'s address is still being opened: TAB_CLOSED, not a network error', async () => {
    const { LLMBackendError } = await import('../../src/core/errors');
    // A site that answers no request: the tab's navigation is still going when the window closes.
    let asked!: () => void;
    const requested = new Promise<void>((resolve) => (asked = resolve));
    const failure = await failureWhenWindowCloses(() => asked(), () => requested);
    assert.ok(failure instanceof LLMBackendError && failure.code === PTKErrorCode.TAB_CLOSED, `TAB_CLOSED, got ${String(failure)}`);
    assert.match(failure.message, /the browser tab \(or its window\) was closed before the site was ready\. Retry opens it again\./);
  });

  it('the user closes the browser window while the site is still loading: TAB_CLOSED at once, not a selector the page never showed', async () => {
    const { LLMBackendError } = await import('../../src/core/errors');
    // A page that never draws a composer: the ready check waits on it.
    const failure = await failureWhenWindowCloses(
      (_request, response) => response.end('<!doctype html><title>loading</title><p>Loading…</p>'),
      async (model) => {
        while (!model.pages.some((page) => page.url().startsWith('http://127.0.0.1:'))) await new Promise((resolve) => setTimeout(resolve, 20));
      },
    );
    assert.ok(failure instanceof LLMBackendError && failure.code === PTKErrorCode.TAB_CLOSED, `TAB_CLOSED, got ${String(failure)}`);
    // Which of the two the window's closing reaches first (the tab's close or the window's) names it.
    assert.match(failure.message, /the browser (window was closed in the middle of the turn|tab \(or its window\) was closed before the site was ready)\. Retry opens it again\./);
  });

  it('a browser window asked for on a machine with no display: BROWSER_LAUNCH_FAILED saying to run headless, not blaming the profile', { skip: process.platform !== 'linux' }, async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const { createBrowserChatModel } = await import('../../src/browser');
    const { chromiumPath, testLaunchArgs } = await import('./harness');
    const profileDir = mkdtempSync(path.join(tmpdir(), 'ptk-profile-'));
    const saved = { DISPLAY: process.env.DISPLAY, WAYLAND_DISPLAY: process.env.WAYLAND_DISPLAY };
    delete process.env.DISPLAY;
    delete process.env.WAYLAND_DISPLAY;
    const model = await createBrowserChatModel({ site: 'chatgpt', siteUrl: 'http://127.0.0.1:9/', browserPath: chromiumPath, headless: false, profileDir, launchArgs: testLaunchArgs });
    try {
      const failure = await model.connect().then(
        () => assert.fail('a window cannot open without a display'),
        (error: unknown) => error,
      );
      assert.ok(failure instanceof PTKError && failure.code === PTKErrorCode.BROWSER_LAUNCH_FAILED, `BROWSER_LAUNCH_FAILED, got ${String(failure)}`);
      assert.match(failure.message, /This machine has no display for a browser window: set ptk\.headless to true in your user settings/);
      assert.doesNotMatch(failure.message, /already uses the profile/);
    } finally {
      Object.assign(process.env, Object.fromEntries(Object.entries(saved).filter(([, value]) => value !== undefined)));
      await model.close();
      await removeProfile(rmSync, profileDir);
    }
  });

  it('attaches to a running browser over CDP, and leaves it running', async () => {
    const { spawn } = await import('node:child_process');
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const { createBrowserChatModel } = await import('../../src/browser');
    const { startReplicaServer } = await import('./replicas/server');
    const { chromiumPath, testLaunchArgs } = await import('./harness');
    const userDataDir = mkdtempSync(path.join(tmpdir(), 'ptk-cdp-'));
    const child = spawn(chromiumPath, [...testLaunchArgs, '--headless=new', '--remote-debugging-address=127.0.0.1', '--remote-debugging-port=0', `--user-data-dir=${userDataDir}`, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    const server = await startReplicaServer({ site: 'chatgpt', scenario: { turns: [{ reply: 'attached', tokenMs: 2 }] } });
    try {
      const port = await new Promise<string>((resolve, reject) => {
        let output = '';
        const timer = setTimeout(() => reject(new Error(`no DevTools port: ${output}`)), 15_000);
        child.stderr!.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /DevTools listening on ws:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
          if (match) {
            clearTimeout(timer);
            resolve(match[1]!);
          }
        });
      });
      const model = await createBrowserChatModel({ site: 'chatgpt', siteUrl: server.url, cdpUrl: `http://127.0.0.1:${port}` });
      try {
        assert.equal(await model.call('hi'), 'attached');
      } finally {
        await model.close();
      }
      assert.equal(child.exitCode, null, 'the user\'s browser keeps running');
    } finally {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        process.kill(-child.pid!, 'SIGTERM'); // the whole group: Chromium's helper processes too
        await exited;
      }
      await server.close();
      await removeProfile(rmSync, userDataDir);
    }
  });

  it('a browser path that does not exist → BROWSER_NOT_FOUND saying what to do', async () => {
    const { createBrowserChatModel } = await import('../../src/browser');
    const model = await createBrowserChatModel({ site: 'chatgpt', browserPath: '/nonexistent/chrome', headless: true });
    await assert.rejects(model.call('x'), (error: Error & { code?: string }) => error.code === PTKErrorCode.BROWSER_NOT_FOUND && /ptk\.browserPath/.test(error.message));
    await model.close();
  });
});

/** Chromium's helper processes may still be flushing the profile for a moment after it exits. */
async function removeProfile(remove: (path: string, options: { recursive: boolean; force: boolean }) => void, directory: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      remove(directory, { recursive: true, force: true });
      return;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
