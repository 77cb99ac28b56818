/**
 * The shared replica infrastructure (server.ts + shared/app.ts) in real Chromium: each scenario
 * flag and skin hook has its observable effect, with the test-only skin (testSkin/app.ts, every
 * optional hook implemented) and the plain `custom` replica (none of them). A page-side
 * recorder snapshots the answering turn on every DOM mutation, so "nothing changed during the
 * gap" or "the bar flashed before the first token" are read from a timeline, not sampled.
 * The browser maps the foreign hosts (sign-in, Cloudflare) to 127.0.0.1 and resolves nothing else.
 * Run: node --import tsx --test --test-reporter=spec test/browser/replicas/replicaInfra.test.ts
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumPath, testLaunchArgs } from '../harness';
import { replicaBrowserArgs } from './foreignHosts';
import type { ReplicaScenario } from './scenario';
import { startReplicaServer, type ReplicaServer } from './server';
import type { ReplicaCopyMechanism } from './shared/clipboard';

const testSkinDirectory = path.join(__dirname, 'testSkin');

interface Copy {
  via: ReplicaCopyMechanism;
  text: string;
  html?: string;
  types?: string[];
}

/** The answering turn as the recorder saw it after one batch of mutations. */
interface Moment {
  t: number;
  stop: boolean;
  streaming: boolean;
  thinking: string | null;
  flash: boolean;
  finished: boolean;
  nodes: string[];
  userItems: number;
  assistantItems: number;
  banners: string[];
}

/** Runs in the page before the app: records every copy (all three mechanisms) and a DOM timeline. */
function installRecorders(mechanism: ReplicaCopyMechanism | null): void {
  const page = window as unknown as { replicaTestCopyMechanism?: string; copies: Copy[]; moments: Moment[]; textareasAfterCopy: number[] };
  if (mechanism) page.replicaTestCopyMechanism = mechanism;
  page.copies = [];
  page.moments = [];
  page.textareasAfterCopy = [];
  const clipboard = navigator.clipboard;
  clipboard.writeText = async (text: string) => {
    page.copies.push({ via: 'writeText', text });
  };
  clipboard.write = async (items: ClipboardItem[]) => {
    for (const item of items) {
      const text = await (await item.getType('text/plain')).text();
      const html = item.types.includes('text/html') ? await (await item.getType('text/html')).text() : undefined;
      page.copies.push({ via: 'clipboardItem', text, html, types: [...item.types] });
    }
  };
  const execCommand = document.execCommand.bind(document);
  document.execCommand = (command: string, showUi?: boolean, value?: string): boolean => {
    if (command === 'copy') {
      const active = document.activeElement;
      const text = active instanceof HTMLTextAreaElement ? active.value.slice(active.selectionStart, active.selectionEnd) : String(window.getSelection());
      page.copies.push({ via: 'execCommand', text });
      setTimeout(() => page.textareasAfterCopy.push(document.querySelectorAll('textarea').length));
    }
    return execCommand(command, showUi, value);
  };
  const snapshot = (): Moment => {
    const assistants = document.querySelectorAll('li.item.assistant, .message.bot');
    const turn = assistants[assistants.length - 1];
    return {
      t: performance.now(),
      stop: Boolean(document.querySelector('#stop:not([hidden])')),
      streaming: Boolean(turn?.matches('.streaming, .typing')),
      thinking: turn?.querySelector('.thinking')?.textContent ?? null,
      flash: Boolean(turn?.querySelector('.actions.flash')),
      finished: Boolean(turn?.querySelector('.actions:not(.flash)')),
      nodes: turn ? Array.from(turn.querySelectorAll('.node, .body'), (node) => (node as HTMLElement).innerText) : [],
      userItems: document.querySelectorAll('li.item.user, .message.user').length,
      assistantItems: assistants.length,
      banners: Array.from(document.querySelectorAll('[data-kind]'), (banner) => (banner as HTMLElement).dataset.kind!),
    };
  };
  new MutationObserver(() => page.moments.push(snapshot())).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

let browser: Browser;
before(async () => {
  browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: [...testLaunchArgs, ...replicaBrowserArgs()] });
});
after(async () => {
  await browser?.close();
});

interface Opened {
  server: ReplicaServer;
  page: Page;
}

/** A replica server (the test skin unless `site` says otherwise) and a page on it; both closed after `body`. */
async function withPage(
  setup: { scenario?: ReplicaScenario; site?: 'custom'; signInUrl?: string; mechanism?: ReplicaCopyMechanism; open?: boolean },
  body: (opened: Opened) => Promise<void>,
): Promise<void> {
  const server = await startReplicaServer(
    setup.site ? { site: setup.site, scenario: setup.scenario, signInUrl: setup.signInUrl } : { site: 'test-skin', siteDirectory: testSkinDirectory, scenario: setup.scenario, signInUrl: setup.signInUrl },
  );
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    // `__name` shim: tsx / esbuild keepNames may wrap the serialised function's inner functions with it.
    await page.addInitScript(`(() => { var __name = (target) => target; (${installRecorders.toString()})(${JSON.stringify(setup.mechanism ?? null)}); })();`);
    if (setup.open !== false) await page.goto(server.url);
    await body({ server, page });
  } finally {
    await context.close();
    await server.close();
  }
}

async function send(page: Page, text: string): Promise<void> {
  const composer = page.locator('#composer, #message');
  await composer.fill(text);
  await page.locator('#send').click();
}

async function waitFinished(page: Page): Promise<void> {
  await page.locator('li.item.assistant .actions:not(.flash), .message.bot .actions').last().waitFor({ timeout: 15_000 });
}

const moments = (page: Page): Promise<Moment[]> => page.evaluate(() => (window as unknown as { moments: Moment[] }).moments);
const copies = (page: Page): Promise<Copy[]> => page.evaluate(() => (window as unknown as { copies: Copy[] }).copies);

async function waitCopies(page: Page, count: number): Promise<Copy[]> {
  await page.waitForFunction((expected) => (window as unknown as { copies: Copy[] }).copies.length >= expected, count);
  return copies(page);
}

describe('replica infrastructure: copy mechanisms', () => {
  const reply = 'Here is code:\n\n```python\nprint("hi")\n```\n\nDone.';
  for (const mechanism of ['writeText', 'clipboardItem', 'execCommand'] as const) {
    it(`${mechanism}: the turn copy and the code-block copy both go through it`, async () => {
      await withPage({ mechanism, scenario: { turns: [{ reply, tokenMs: 1, tokenChars: 20 }] } }, async ({ page }) => {
        await send(page, 'code please');
        await waitFinished(page);
        await page.locator('li.item.assistant .actions button.copy').click();
        await page.locator('li.item.assistant button.code-copy').click();
        const [turnCopy, codeCopy] = await waitCopies(page, 2);
        assert.equal(turnCopy!.via, mechanism);
        assert.equal(turnCopy!.text, reply);
        assert.equal(codeCopy!.via, mechanism);
        assert.equal(codeCopy!.text, 'print("hi")\n');
        if (mechanism === 'clipboardItem') {
          assert.deepEqual(turnCopy!.types?.sort(), ['text/html', 'text/plain']);
          assert.match(turnCopy!.html ?? '', /<pre><code class="language-python">/);
        }
        if (mechanism === 'execCommand') {
          const remaining = await page.evaluate(() => (window as unknown as { textareasAfterCopy: number[] }).textareasAfterCopy);
          assert.deepEqual(remaining, [1, 1], 'the temporary textarea is removed (only the composer stays)');
        }
      });
    });
  }
});

describe('replica infrastructure: turn scripts', () => {
  it('thinkingText: shown while thinking, gone when the first token arrives', async () => {
    await withPage({ scenario: { turns: [{ reply: 'The answer.', thinkingMs: 500, thinkingText: 'Weighing the options' }] } }, async ({ page }) => {
      await send(page, 'think');
      await waitFinished(page);
      const timeline = await moments(page);
      const thinking = timeline.filter((moment) => moment.thinking === 'Weighing the options');
      assert.ok(thinking.length > 0, 'the thinking element appeared');
      assert.ok(thinking.every((moment) => moment.stop && moment.nodes.join('') === ''), 'while thinking: stop visible, no answer text');
      assert.ok(
        timeline.every((moment) => !(moment.thinking !== null && moment.nodes.join('') !== '')),
        'never thinking and answering at once',
      );
      assert.equal(timeline.at(-1)!.thinking, null);
      assert.deepEqual(timeline.at(-1)!.nodes, ['The answer.']);
    });
  });

  it('actionBarFlashMs: the bar flashes mid-thinking and goes before the answer streams', async () => {
    await withPage({ scenario: { turns: [{ reply: 'After the flash.', thinkingMs: 1_200, actionBarFlashMs: 400, thinkingText: 'Thinking' }] } }, async ({ page }) => {
      await send(page, 'flash');
      await waitFinished(page);
      const timeline = await moments(page);
      const flashStart = timeline.findIndex((moment) => moment.flash);
      assert.ok(flashStart >= 0, 'the bar flashed');
      const flashEnd = timeline.findIndex((moment, index) => index > flashStart && !moment.flash);
      assert.ok(flashEnd > flashStart, 'the flash ended');
      const during = timeline.slice(flashStart, flashEnd);
      assert.ok(during.every((moment) => moment.stop && moment.thinking === 'Thinking' && moment.nodes.join('') === '' && !moment.finished));
      assert.ok(timeline[flashEnd]!.t - timeline[flashStart]!.t >= 300, 'the flash lasts about actionBarFlashMs');
      const firstText = timeline.findIndex((moment) => moment.nodes.join('') !== '');
      assert.ok(firstText > flashEnd, 'the flash is over before the first token');
    });
  });

  it('preamble: streams, then a gap with no stop button and no change, then the answer in a new message node', async () => {
    const preamble = 'Let me look that up.';
    const reply = 'Here is the answer.';
    await withPage({ scenario: { turns: [{ preamble, preambleGapMs: 900, reply, tokenMs: 5 }] } }, async ({ page }) => {
      await send(page, 'preamble');
      await waitFinished(page);
      const timeline = await moments(page);
      const gapStart = timeline.findIndex((moment) => !moment.stop && moment.nodes[0] === preamble);
      assert.ok(gapStart > 0, 'the stop button went away after the preamble');
      const gap = timeline[gapStart]!;
      assert.equal(gap.streaming, false);
      assert.equal(gap.finished, false, 'no action bar during the gap');
      assert.deepEqual(gap.nodes, [preamble]);
      // The gap is a state, not a duration: the very next change is the stop button coming
      // back, with the preamble untouched and no second node yet.
      const next = timeline[gapStart + 1]!;
      assert.equal(next.stop, true, 'generation resumes: stop visible again');
      assert.deepEqual(next.nodes, [preamble], 'nothing else changed during the gap');
      const final = timeline.at(-1)!;
      assert.deepEqual(final.nodes, [preamble, reply]);
      await page.locator('li.item.assistant .actions button.copy').click();
      const [copy] = await waitCopies(page, 1);
      assert.equal(copy!.text, reply, 'the final answer is the last message node');
    });
  });

  it('preamble on a single-node skin (custom): the answer continues after the preamble in the same node', async () => {
    const preamble = 'Checking first.';
    const reply = 'Now the answer.';
    await withPage({ site: 'custom', scenario: { turns: [{ preamble, preambleGapMs: 500, reply, tokenMs: 5 }] } }, async ({ page }) => {
      await send(page, 'preamble');
      await waitFinished(page);
      const timeline = await moments(page);
      assert.ok(timeline.some((moment) => !moment.stop && moment.nodes[0] === preamble && !moment.finished), 'a gap without the stop button');
      assert.deepEqual(timeline.at(-1)!.nodes, [`${preamble}\n\n${reply}`]);
      await page.locator('.message.bot .actions button.copy').click();
      const [copy] = await waitCopies(page, 1);
      assert.equal(copy!.text, `${preamble}\n\n${reply}`);
    });
  });

  it('limitNoticeAtChar: the limit notice banner shows mid-answer and the answer goes on to the end', async () => {
    const reply = 'This answer keeps going well past the point where the notice shows up.';
    await withPage({ scenario: { turns: [{ reply, limitNoticeAtChar: 20, tokenMs: 10 }] } }, async ({ page }) => {
      await send(page, 'limit');
      await waitFinished(page);
      const timeline = await moments(page);
      const noticed = timeline.find((moment) => moment.banners.includes('limit_notice'));
      assert.ok(noticed, 'the notice banner appeared');
      assert.ok(noticed.stop && noticed.nodes[0]!.length >= 20 && noticed.nodes[0]!.length < reply.length, 'while the answer was streaming');
      assert.deepEqual(timeline.at(-1)!.nodes, [reply]);
      assert.match(await page.locator('[data-kind="limit_notice"]').innerText(), /You've hit the Free plan limit for GPT-5\. Responses will use another model until your limit resets after 3:15 PM\./);
    });
  });

  it('a reload mid-answer replays thinking, preamble, gap and node, and a finished turn reloads with both nodes', async () => {
    const preamble = 'Intro.';
    const reply = 'The long answer that is interrupted by a reload and then continues to the end.';
    await withPage(
      { scenario: { turns: [{ preamble, preambleGapMs: 200, reply, thinkingText: 'Thinking', limitNoticeAtChar: 5, tokenMs: 15, failure: 'reload', failAtChar: 20 }] } },
      async ({ page }) => {
        await send(page, 'reload');
        await page.waitForEvent('load');
        await waitFinished(page);
        assert.deepEqual(await page.locator('li.item.assistant .node').allInnerTexts(), [preamble, reply]);
        assert.equal(await page.locator('.thinking').count(), 0);
        await page.reload();
        await waitFinished(page);
        assert.deepEqual(await page.locator('li.item.assistant .node').allInnerTexts(), [preamble, reply]);
        assert.equal(await page.locator('[data-kind="limit_notice"]').count(), 1);
        await page.locator('li.item.assistant .actions button.copy').click();
        assert.equal((await waitCopies(page, 1))[0]!.text, reply);
      },
    );
  });

  it('stop: the app finishes the stopped turn itself (action bar, copy of the partial answer)', async () => {
    await withPage({ scenario: { turns: [{ reply: 'word '.repeat(200), tokenMs: 20 }] } }, async ({ page }) => {
      await send(page, 'stop me');
      await page.waitForFunction(() => (document.querySelector('li.item.assistant .node')?.textContent ?? '').length > 20);
      await page.locator('#stop').click();
      await waitFinished(page);
      await page.locator('li.item.assistant .actions button.copy').click();
      const [copy] = await waitCopies(page, 1);
      assert.ok(copy!.text.startsWith('word word') && copy!.text.length < 1_000, copy!.text);
    });
  });
});

describe('replica infrastructure: page scenarios', () => {
  it('virtualizeAfterChars: earlier list items leave the DOM during a long answer, which still completes', async () => {
    const long = 'A long answer that scrolls the earlier messages out of the virtual list. '.repeat(3);
    await withPage({ scenario: { virtualizeAfterChars: 40, turns: [{ reply: 'first', tokenMs: 1 }, { reply: long, tokenMs: 5 }] } }, async ({ page }) => {
      await send(page, 'one');
      await waitFinished(page);
      await send(page, 'two');
      await page.locator('li.item.assistant[data-turn="2"] .actions').waitFor();
      const timeline = await moments(page);
      assert.ok(timeline.some((moment) => moment.userItems === 2 && moment.assistantItems === 2), 'both turns were in the list');
      const dropped = timeline.find((moment) => moment.userItems === 0 && moment.assistantItems === 1);
      assert.ok(dropped, 'the list dropped every item before the answering turn');
      assert.ok(dropped.stop && dropped.nodes[0]!.length >= 40 && dropped.nodes[0]!.length < long.trim().length, 'mid-answer');
      assert.deepEqual(timeline.at(-1)!.nodes, [long.trim()]);
      assert.equal(timeline.at(-1)!.userItems, 0);
    });
  });

  it('guest: the shell mounts with the guest flag and chatting works', async () => {
    await withPage({ scenario: { guest: true, turns: [{ reply: 'Hello guest.', tokenMs: 2 }] } }, async ({ page }) => {
      await page.locator('#guest-login').waitFor({ state: 'visible', timeout: 10_000 });
      assert.equal(await page.locator('#login-wall').count(), 0);
      await send(page, 'hi');
      await waitFinished(page);
      assert.equal(await page.locator('li.item.assistant .node').innerText(), 'Hello guest.');
    });
    await withPage({ site: 'custom', scenario: { guest: true } }, async ({ page }) => {
      await page.locator('#message').waitFor({ state: 'visible', timeout: 10_000 });
      await page.locator('#login').waitFor({ state: 'visible', timeout: 10_000 });
    });
  });

  it('signIn offHost: a signed-out page redirects to the sign-in host on the server port, which serves a generic sign-in page', async () => {
    await withPage({ site: 'custom', signInUrl: 'http://accounts.google.com/ServiceLogin', scenario: { loggedIn: false, signIn: 'offHost' } }, async ({ page, server }) => {
      const landed = new URL(page.url());
      assert.equal(landed.hostname, 'accounts.google.com');
      assert.equal(landed.port, new URL(server.url).port);
      assert.equal(landed.pathname, '/ServiceLogin');
      assert.equal(landed.searchParams.get('continue'), server.url);
      assert.equal(await page.getByRole('heading', { name: 'Sign in' }).isVisible(), true);
      assert.equal(await page.getByLabel('Email or phone').isVisible(), true);
      assert.equal(await page.getByRole('button', { name: 'Next' }).isVisible(), true);
      assert.equal(await page.locator('#login, #message').count(), 0, "none of the site's own selectors");
    });
    await withPage({ site: 'custom', signInUrl: 'http://auth.openai.com/log-in', scenario: { loggedIn: false, signIn: 'offHost' } }, async ({ page }) => {
      assert.equal(new URL(page.url()).hostname, 'auth.openai.com');
      assert.equal(await page.getByRole('heading', { name: 'Welcome back' }).isVisible(), true);
      assert.equal(await page.getByLabel('Email address').isVisible(), true);
    });
  });

  it('signIn offHost: a session that expires mid-chat lands on the sign-in host; the page wall stays the default', async () => {
    await withPage({ signInUrl: 'http://accounts.google.com/ServiceLogin', scenario: { signIn: 'offHost', turns: [{ failure: 'login' }] } }, async ({ page }) => {
      await send(page, 'expire');
      await page.waitForURL((url) => url.hostname === 'accounts.google.com');
      assert.equal(await page.getByRole('button', { name: 'Next' }).isVisible(), true);
    });
    await withPage({ signInUrl: 'http://accounts.google.com/ServiceLogin', scenario: { loggedIn: false } }, async ({ page, server }) => {
      assert.equal(page.url(), server.url);
      await page.locator('#login-wall').waitFor({ state: 'visible', timeout: 10_000 });
    });
    await assert.rejects(startReplicaServer({ site: 'custom', scenario: { loggedIn: false, signIn: 'offHost' } }), /needs a sign-in URL/);
  });

  it('cloudflareNoise: a healthy page carries a hidden challenge-platform iframe and script, answered locally', async () => {
    await withPage({ scenario: { cloudflareNoise: true, turns: [{ reply: 'Still a healthy page.', tokenMs: 2 }] }, open: false }, async ({ page, server }) => {
      const scriptLoaded = page.waitForResponse((response) => response.url().includes('/cdn-cgi/challenge-platform/') && response.request().resourceType() === 'script');
      await page.goto(server.url);
      assert.equal((await scriptLoaded).status(), 200);
      const frame = page.locator('iframe[src*="challenges.cloudflare.com"][src*="/cdn-cgi/challenge-platform/"]');
      assert.equal(await frame.count(), 1);
      assert.equal(await frame.isVisible(), false, 'the iframe is invisible');
      await page.waitForFunction(() => Array.from(document.querySelectorAll('iframe')).some((element) => element.contentWindow !== null));
      const challengeFrame = page.frames().find((candidate) => new URL(candidate.url()).hostname === 'challenges.cloudflare.com');
      assert.ok(challengeFrame, 'the iframe loaded from the local challenge host');
      assert.equal((await challengeFrame.locator('body').innerText()).trim(), '');
      assert.equal(await page.locator('script[src*="/challenge-platform/"]').count(), 1);
      await send(page, 'hi');
      await waitFinished(page);
      assert.equal(await page.locator('li.item.assistant .node').innerText(), 'Still a healthy page.');
    });
    await withPage({ scenario: {} }, async ({ page }) => {
      assert.equal(await page.locator('iframe, script[src*="/challenge-platform/"]').count(), 0, 'no noise unless asked');
    });
  });
});

describe('replica infrastructure: tabs', () => {
  it('a chat moves to /c/<id>; a new tab at / while it generates gets a chat of its own; a tab at its address shows it; a new chat there can send', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const first = 'The first tab answer, held until the other tabs have sent.';
    const scenario: ReplicaScenario = { turns: [{ reply: first, tokenMs: 2, holds: [{ atChar: 5, until: released }] }, { reply: 'Second tab.', tokenMs: 2 }, { reply: 'After a new chat.', tokenMs: 2 }] };
    await withPage({ scenario }, async ({ server, page }) => {
      await send(page, 'one');
      await page.waitForFunction(() => (document.querySelector('li.item.assistant .node')?.textContent ?? '').length >= 5);
      const address = new URL(page.url()).pathname;
      assert.match(address, /^\/c\/conv-\d+$/, 'the chat has its own address once it has a message');

      const second = await page.context().newPage();
      await second.goto(server.url);
      await second.locator('#composer').waitFor({ state: 'visible' });
      assert.equal(await second.locator('li.item.user').count(), 0, 'the new tab shows none of the running chat');
      await send(second, 'two');
      await waitFinished(second);
      assert.equal(await second.locator('li.item.assistant .node').innerText(), 'Second tab.');

      const third = await page.context().newPage();
      await third.goto(new URL(address, server.url).href);
      await third.locator('li.item.user').first().waitFor();
      assert.equal(await third.locator('#stop').isVisible(), true, "the tab at the chat's address follows its running answer");
      await third.locator('#new-chat').click();
      await third.locator('li.item.user').first().waitFor({ state: 'detached' });
      assert.equal(new URL(third.url()).pathname, '/', 'a new chat is back at the home address');
      await send(third, 'three');
      await waitFinished(third);
      assert.equal(await third.locator('li.item.assistant .node').innerText(), 'After a new chat.');

      release();
      await waitFinished(page);
      const conversations = server.submissions.map((submission) => submission.conversationId);
      assert.equal(new Set(conversations).size, 3, `three chats: ${conversations.join(', ')}`);
      assert.equal(conversations[0], address.slice('/c/'.length));
    });
  });
});
