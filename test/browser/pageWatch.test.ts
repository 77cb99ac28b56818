/**
 * The page watch's pieces in real Chromium, on a small static chat page (a user turn with our
 * nonce, an assistant turn whose answer element the test writes into, a stop button while it
 * "streams", an action bar once it is finished): the page runtime is installed as the backend
 * installs it, watches the turn, and each step changes the DOM and takes a snapshot at once
 * (the snapshot reads the MutationObserver's pending records first), so every change is seen.
 *
 * - the block cache: a finished block is converted once; a change inside a block converts that
 *   block again and no other; a removed or replaced block is never read from the cache;
 * - the hold-back: while the turn streams, the text only grows (appends) through the shapes a
 *   renderer draws differently once more text comes (a code block's language, its closing
 *   fence, a table row whose cells fill in, a paragraph that becomes a table, an empty heading
 *   or list item, a short paragraph line that a "-" or "=" line would make a heading); what
 *   was held is sent once the turn looks finished;
 * - the states (stop button, action bar) are read once the page has drawn the change that may
 *   carry them: no style read in the task that changed the DOM.
 *
 * Conversions are counted where the cache records them (every converted block is stored in
 * it): the page's WeakMap.prototype.set is wrapped before the runtime is installed.
 * Run: node --import tsx --test test/browser/pageWatch.test.ts
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { pageSelectorsOf } from '../../src/browser/pageSelectors';
import type { PageSnapshot, WatchConfig } from '../../src/browser/page/pageApi';
import { buildPageScript } from '../../src/browser/page/pageRuntime';
import { pageCall } from '../../src/browser/page/pageScript';
import { launchTestBrowser } from './harness';
import { testChatAdapter } from './testChatAdapter';

const NONCE = 'n0nce42';


const PAGE = `<!doctype html><html><head><title>Chat</title></head><body>
<main>
  <section class="turn"><div data-role="user">the question [ptk:${NONCE}]</div></section>
  <section class="turn" id="turn"><div data-role="assistant"><div class="markdown" id="answer"></div></div></section>
</main>
<form><textarea name="prompt"></textarea><button type="button" data-testid="stop">Stop</button></form>
</body></html>`;

/**
 * Runs in the page before the runtime: counts, per element id, the blocks stored in a cache,
 * and the look-ups of elements with an id in any WeakMap (a read that looks at a block asks the
 * cache for it).
 */
function countConversions(this: void): void {
  const counts: Record<string, number> = {};
  const looked: Record<string, number> = {};
  Object.assign(window, { __converted: counts, __looked: looked });
  const set = WeakMap.prototype.set;
  WeakMap.prototype.set = function counted<K extends WeakKey, V>(this: WeakMap<K, V>, key: K, value: V): WeakMap<K, V> {
    if (key instanceof Element && key.id && typeof value === 'string') counts[key.id] = (counts[key.id] ?? 0) + 1;
    return set.call(this, key, value) as WeakMap<K, V>;
  };
  const get = WeakMap.prototype.get;
  WeakMap.prototype.get = function lookedUp<K extends WeakKey, V>(this: WeakMap<K, V>, key: K): V | undefined {
    if (key instanceof Element && key.id) looked[key.id] = (looked[key.id] ?? 0) + 1;
    return get.call(this, key) as V | undefined;
  };
}

/** Runs in the page: replaces the answer's HTML (or one element's, by id), removes the element `removed`, then takes a snapshot. */
function change(this: void, html: string, id: string | null, removed: string | null): PageSnapshot | null {
  const target = document.getElementById(id ?? 'answer')!;
  if (id === null) target.innerHTML = html;
  else target.outerHTML = html;
  if (removed !== null) document.getElementById(removed)!.remove();
  return (window as unknown as { __ptkRuntime: { snapshot(): PageSnapshot | null } }).__ptkRuntime.snapshot();
}

/** Runs in the page: ends the turn (stop button gone, action bar shown), then takes a snapshot. */
function finish(this: void): PageSnapshot | null {
  document.querySelector('[data-testid="stop"]')!.remove();
  const bar = document.createElement('div');
  bar.setAttribute('role', 'group');
  bar.innerHTML = '<button class="copy">Copy</button>';
  document.getElementById('turn')!.append(bar);
  return (window as unknown as { __ptkRuntime: { snapshot(): PageSnapshot | null } }).__ptkRuntime.snapshot();
}

/** Runs in the page: records the style reads made while `__inChange` is set, and the snapshots reported through the watch's binding. */
function recordStyleReads(this: void): void {
  const page = window as unknown as { __inChange: boolean; __forced: string[]; __reports: PageSnapshot[]; __noBinding: (snapshot: PageSnapshot) => Promise<void> };
  page.__inChange = false;
  page.__forced = [];
  page.__reports = [];
  page.__noBinding = async (snapshot) => {
    page.__reports.push(snapshot);
  };
  const checkVisibility = Element.prototype.checkVisibility;
  Element.prototype.checkVisibility = function checked(this: Element, options?: CheckVisibilityOptions): boolean {
    if (page.__inChange) page.__forced.push('checkVisibility');
    return checkVisibility.call(this, options);
  };
  const computed = window.getComputedStyle;
  window.getComputedStyle = (element: Element, pseudo?: string | null): CSSStyleDeclaration => {
    if (page.__inChange) page.__forced.push('getComputedStyle');
    return computed(element, pseudo);
  };
}

/** Runs in the page: it draws a frame only when the test says so (`__frames`), and every style read is counted (`__styleReads`). */
function holdFrames(this: void): void {
  const page = window as unknown as { __frames: FrameRequestCallback[]; __styleReads: number };
  page.__frames = [];
  page.__styleReads = 0;
  window.requestAnimationFrame = (callback) => page.__frames.push(callback);
  const checkVisibility = Element.prototype.checkVisibility;
  Element.prototype.checkVisibility = function counted(this: Element, options?: CheckVisibilityOptions): boolean {
    page.__styleReads++;
    return checkVisibility.call(this, options);
  };
}

/** A watched page: the text as the Node side folds it, and every snapshot's delta. */
class WatchedPage {
  text = '';
  readonly rewrites: string[] = [];

  constructor(readonly page: Page) {}

  static async open(browser: Browser): Promise<WatchedPage> {
    const page = await browser.newPage();
    await page.setContent(PAGE);
    await page.evaluate(pageCall(countConversions));
    await page.evaluate(buildPageScript());
    const config: WatchConfig = { selectors: pageSelectorsOf(testChatAdapter), nonce: NONCE, bindingName: '__noBinding', throttleMs: 10_000 };
    await page.evaluate((watchConfig) => (window as unknown as { __ptkRuntime: { watch(config: WatchConfig): void } }).__ptkRuntime.watch(watchConfig), config);
    return new WatchedPage(page);
  }

  private fold(snapshot: PageSnapshot | null): PageSnapshot {
    assert.ok(snapshot, 'a snapshot of the watched turn');
    if (snapshot.rewrite !== null) {
      this.rewrites.push(snapshot.rewrite);
      this.text = snapshot.rewrite;
    } else {
      this.text += snapshot.append;
    }
    return snapshot;
  }

  /** Sets the answer's HTML (or replaces the element `id`, and removes the element `removed`) and folds the snapshot taken right after. */
  async set(html: string, id: string | null = null, removed: string | null = null): Promise<PageSnapshot> {
    return this.fold((await this.page.evaluate(pageCall(change, [html, id, removed]))) as PageSnapshot | null);
  }

  async finish(): Promise<PageSnapshot> {
    return this.fold((await this.page.evaluate(pageCall(finish))) as PageSnapshot | null);
  }

  /** The elements with an id looked up in a cache since the last call, with their counts. */
  async lookedUp(): Promise<Record<string, number>> {
    return (await this.page.evaluate(() => {
      const looked = (window as unknown as { __looked: Record<string, number> }).__looked;
      const copy = { ...looked };
      for (const key of Object.keys(looked)) delete looked[key];
      return copy;
    })) as Record<string, number>;
  }

  /** Runs `edit` in the page, then folds the snapshot taken right after. */
  async edit(edit: string): Promise<PageSnapshot> {
    return this.fold(
      (await this.page.evaluate((source) => {
        new Function(source)();
        return (window as unknown as { __ptkRuntime: { snapshot(): PageSnapshot | null } }).__ptkRuntime.snapshot();
      }, edit)) as PageSnapshot | null,
    );
  }

  async conversions(): Promise<Record<string, number>> {
    return (await this.page.evaluate(() => ({ ...(window as unknown as { __converted: Record<string, number> }).__converted }))) as Record<string, number>;
  }

  close(): Promise<void> {
    return this.page.close();
  }
}

let browser: Browser;
before(async () => {
  browser = await launchTestBrowser();
});
after(async () => {
  await browser.close();
});

/**
 * Opens the chat page on a paused clock (its time moves only when the test moves it), runs
 * `setups` in it, installs the runtime and watches the turn (base throttle 10 ms), and runs the
 * test with the page and the reports so far; closes the page after.
 */
async function withPausedWatch(setups: Array<(this: void) => void>, run: (page: Page, reports: () => Promise<PageSnapshot[]>, texts: () => Promise<string>) => Promise<void>): Promise<void> {
  const page = await browser.newPage();
  try {
    await page.clock.install();
    await page.setContent(PAGE);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    for (const setup of [...setups, recordStyleReads]) await page.evaluate(pageCall(setup));
    await page.evaluate(buildPageScript());
    const config: WatchConfig = { selectors: pageSelectorsOf(testChatAdapter), nonce: NONCE, bindingName: '__noBinding', throttleMs: 10 };
    await page.evaluate((watchConfig) => (window as unknown as { __ptkRuntime: { watch(config: WatchConfig): void } }).__ptkRuntime.watch(watchConfig), config);
    const reports = (): Promise<PageSnapshot[]> => page.evaluate(() => (window as unknown as { __reports: PageSnapshot[] }).__reports);
    const texts = async (): Promise<string> => (await reports()).map((report) => report.append).join('');
    await run(page, reports, texts);
  } finally {
    await page.close();
  }
}

/**
 * Writes the answer's first words and moves the paused clock a millisecond at a time (after each,
 * `tick`: a frame drawn) until a report carries them.
 */
async function firstWords(page: Page, texts: () => Promise<string>, tick?: () => Promise<void>): Promise<void> {
  await page.evaluate(() => {
    document.getElementById('answer')!.innerHTML = '<p>First words</p>';
  });
  let waited = 0;
  while (!(await texts()).includes('First words')) {
    assert.ok(waited++ < 500, 'the first words are reported');
    await page.clock.runFor(1);
    await tick?.();
  }
}

/** Opens a watched page for one test and closes it after. */
async function withWatch(run: (watched: WatchedPage) => Promise<void>): Promise<void> {
  const watched = await WatchedPage.open(browser);
  try {
    await run(watched);
  } finally {
    await watched.close();
  }
}

describe('page watch: the block cache', () => {
  it('a finished block is converted once while later blocks come', () =>
    withWatch(async (watched) => {
      const kept = await watched.page.evaluate(() => {
        const answer = document.getElementById('answer')!;
        answer.innerHTML = '<p id="k1">One.</p><p id="k2">Two.</p>';
        const runtime = (window as unknown as { __ptkRuntime: { snapshot(): unknown } }).__ptkRuntime;
        runtime.snapshot();
        const third = document.createElement('p');
        third.id = 'k3';
        third.textContent = 'Three.';
        answer.append(third);
        runtime.snapshot();
        const fourth = document.createElement('p');
        fourth.id = 'k4';
        fourth.textContent = 'Four.';
        answer.append(fourth);
        return runtime.snapshot();
      });
      assert.ok(kept);
      const counts = await watched.conversions();
      assert.deepEqual([counts.k1, counts.k2, counts.k3, counts.k4], [1, 1, 1, 1], 'each block converted once as the answer grew');
    }));

  it('a change inside a block converts that block again, and no other', () =>
    withWatch(async (watched) => {
      await watched.set('<p id="a">First.</p><ul id="b"><li>one</li></ul><h3 id="c">Third</h3>');
      const snapshot = await watched.page.evaluate(() => {
        const item = document.createElement('li');
        item.textContent = 'two';
        document.getElementById('b')!.append(item);
        return (window as unknown as { __ptkRuntime: { snapshot(): PageSnapshot | null } }).__ptkRuntime.snapshot();
      });
      assert.equal(snapshot?.rewrite, 'First.\n\n- one\n- two\n\n### Third', 'a change before the end is the whole text again');
      const counts = await watched.conversions();
      assert.deepEqual([counts.a, counts.b, counts.c], [1, 2, 1], 'the list again; the blocks around it once');
    }));

  it('a removed or replaced block is not served from the cache', () =>
    withWatch(async (watched) => {
      await watched.set('<p id="a">Alpha.</p><p id="b">Beta.</p><p id="c">Gamma.</p>');
      await watched.finish();
      assert.equal(watched.text, 'Alpha.\n\nBeta.\n\nGamma.');
      await watched.set('<p id="b2">Delta.</p>', 'b');
      assert.equal(watched.text, 'Alpha.\n\nDelta.\n\nGamma.', 'the replaced block is read anew');
      await watched.set('<p id="c">Gamma!</p>', 'c', 'a');
      assert.equal(watched.text, 'Delta.\n\nGamma!', 'the removed block is gone, the changed one read anew');
    }));

  it('blocks added in an answer element are text; an answer element added deep in a message read whole is found', () =>
    withWatch(async (watched) => {
      // The message has no answer element yet: it is read whole, its status line included.
      await watched.set('<div id="wrap"><p>Searching the web</p></div>', 'answer');
      assert.equal(watched.text, 'Searching the web');
      const [found, grown] = await watched.page.evaluate(() => {
        const message = document.querySelector('[data-role="assistant"]')!;
        const status = document.createElement('p');
        status.textContent = 'Searched 3 sites';
        message.prepend(status);
        // The answer element comes inside a wrapper that was already there.
        document.getElementById('wrap')!.innerHTML = '<div class="markdown" id="late"><p id="l1">The answer.</p></div>';
        const runtime = (window as unknown as { __ptkRuntime: { snapshot(): PageSnapshot | null } }).__ptkRuntime;
        const first = runtime.snapshot();
        const more = document.createElement('p');
        more.id = 'l2';
        more.textContent = 'More of it.';
        document.getElementById('late')!.append(more);
        return [first, runtime.snapshot()];
      });
      assert.equal(found?.rewrite, 'The answer.', 'the message is read from its answer element once one appears, its status line left out');
      assert.deepEqual([grown?.rewrite, grown?.append], [null, '\n\nMore of it.'], 'a block added to the answer element is an append');
      const counts = await watched.conversions();
      assert.equal(counts.l1, 1, 'the first block of the answer element is converted once');
    }));
});

describe('page watch: a read starts after the blocks before the last', () => {
  const paragraphs = (from: number, to: number): string => Array.from({ length: to - from + 1 }, (_, index) => `<p id="p${from + index}">Paragraph ${from + index}.</p>`).join('');
  const textOf = (numbers: number[]): string => numbers.map((number) => `Paragraph ${number}.`).join('\n\n');
  const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, index) => from + index);
  const append = (id: number): string => `const p = document.createElement('p'); p.id = 'p${id}'; p.textContent = 'Paragraph ${id}.'; document.getElementById('answer').append(p);`;

  it('blocks no record touched are not looked at again: a read costs what changed, not the answer', () =>
    withWatch(async (watched) => {
      await watched.set(paragraphs(1, 20));
      await watched.edit(append(21));
      await watched.lookedUp();
      const snapshot = await watched.edit(append(22));
      const looked = Object.keys(await watched.lookedUp()).filter((id) => /^p\d+$/.test(id));
      assert.deepEqual(looked.sort(), ['p21', 'p22'], 'only the blocks after the kept ones are looked at');
      assert.equal(snapshot.append, '\n\nParagraph 22.');
      assert.equal(watched.text, textOf(range(1, 22)));
      assert.deepEqual(watched.rewrites, [], 'appends only');
    }));

  it('a record in the answer walks up to its answer element, not over the turn and the page above it', () =>
    withWatch(async (watched) => {
      await watched.set(paragraphs(1, 3));
      await watched.lookedUp();
      await watched.edit(`document.getElementById('p3').firstChild.data = 'Paragraph three.';`);
      const looked = await watched.lookedUp();
      assert.ok(looked.p3 !== undefined, 'the changed block is looked at');
      assert.equal(looked.turn, undefined, 'nothing kept is looked up for the turn around the answer element');
      assert.equal(watched.text, `${textOf(range(1, 2))}\n\nParagraph three.`);
    }));

  it('an answer in several answer elements: one no record touched is not read again', () =>
    withWatch(async (watched) => {
      await watched.edit(`document.getElementById('answer').insertAdjacentHTML('afterend', '<div class="markdown" id="answer2"></div>');`);
      await watched.set(paragraphs(1, 5));
      await watched.edit(`document.getElementById('answer2').innerHTML = '<p id="q1">Second one.</p>';`);
      await watched.lookedUp();
      await watched.edit(`const p = document.createElement('p'); p.id = 'q2'; p.textContent = 'Second two.'; document.getElementById('answer2').append(p);`);
      const looked = Object.keys(await watched.lookedUp()).filter((id) => /^p\d+$/.test(id));
      assert.deepEqual(looked, [], 'the first answer element, untouched, is not read');
      assert.equal(watched.text, `${textOf(range(1, 5))}\n\nSecond one.\n\nSecond two.`);
      await watched.edit(`document.getElementById('p2').firstChild.data = 'Paragraph two.';`);
      assert.equal(watched.text, `${textOf([1])}\n\nParagraph two.\n\n${textOf(range(3, 5))}\n\nSecond one.\n\nSecond two.`, 'a change in it later is read');
    }));

  it('an answer element appended after a widget joins the answer: its text is an append, the turn is not searched again', () =>
    withWatch(async (watched) => {
      await watched.set(paragraphs(1, 3));
      // Counts the element searches inside the turn from here on (a search of the turn for its answer elements or its states).
      await watched.edit(`const turn = document.getElementById('turn'); const all = Element.prototype.querySelectorAll; window.__turnSearches = 0; Element.prototype.querySelectorAll = function (selector) { if (this === turn || turn.contains(this)) window.__turnSearches++; return all.call(this, selector); };`);
      const appendBlock = (id: string, text: string): string =>
        `const widget = document.createElement('div'); widget.innerHTML = '<button type="button">Searched the web</button>'; const next = document.createElement('div'); next.className = 'markdown'; next.id = '${id}'; next.innerHTML = '<p>${text}</p>'; document.querySelector('[data-role="assistant"]').append(widget, next);`;
      const joined = await watched.edit(appendBlock('answer2', 'After the search.'));
      assert.deepEqual([joined.rewrite, joined.append], [null, '\n\nAfter the search.']);
      await watched.edit(`const p = document.createElement('p'); p.textContent = 'More after it.'; document.getElementById('answer2').append(p);`);
      await watched.edit(appendBlock('answer3', 'A third part.'));
      assert.equal(watched.text, `${textOf(range(1, 3))}\n\nAfter the search.\n\nMore after it.\n\nA third part.`);
      assert.deepEqual(watched.rewrites, [], 'appends only');
      assert.equal(await watched.page.evaluate(() => (window as unknown as { __turnSearches: number }).__turnSearches), 0, 'no search inside the turn');
      // A widget that carries a state (an action bar) is no mere furniture: the turn's states are read.
      const withBar = await watched.edit(`const bar = document.createElement('div'); bar.setAttribute('role', 'group'); bar.innerHTML = '<button>Copy</button>'; const next = document.createElement('div'); next.className = 'markdown'; next.innerHTML = '<p>Last.</p>'; document.querySelector('[data-role="assistant"]').append(bar, next);`);
      assert.equal(withBar.actionBarPresent, true, 'the action bar that came with the block is seen');
      assert.ok(watched.text.endsWith('A third part.\n\nLast.'));
      // An earlier part changed after the joins is read again (the whole text, as a change before the end).
      await watched.edit(`document.querySelector('#answer2 p').firstChild.data = 'After the searches.';`);
      assert.equal(watched.text, `${textOf(range(1, 3))}\n\nAfter the searches.\n\nMore after it.\n\nA third part.\n\nLast.`);
    }));

  it('a change inside a kept block, a block inserted or removed among them, or their inline text, is read', () =>
    withWatch(async (watched) => {
      await watched.set(`Intro <b>bold</b>${paragraphs(1, 8)}`);
      await watched.edit(append(9));
      await watched.edit(append(10));
      assert.equal(watched.text, `Intro **bold**\n\n${textOf(range(1, 10))}`);
      await watched.edit(`document.getElementById('p3').firstChild.data = 'Paragraph three.';`);
      assert.equal(watched.text, `Intro **bold**\n\n${textOf([1, 2])}\n\nParagraph three.\n\n${textOf(range(4, 10))}`, 'a text change in a kept block');
      await watched.edit(append(11));
      await watched.edit(`const p = document.createElement('p'); p.id = 'q'; p.textContent = 'Inserted.'; document.getElementById('p5').before(p);`);
      assert.equal(watched.text, `Intro **bold**\n\n${textOf([1, 2])}\n\nParagraph three.\n\n${textOf([4])}\n\nInserted.\n\n${textOf(range(5, 11))}`, 'a block inserted before a kept one');
      await watched.edit(append(12));
      await watched.edit(`document.getElementById('p2').remove();`);
      assert.equal(watched.text, `Intro **bold**\n\n${textOf([1])}\n\nParagraph three.\n\n${textOf([4])}\n\nInserted.\n\n${textOf(range(5, 12))}`, 'a kept block removed');
      await watched.edit(append(13));
      await watched.edit(`document.getElementById('answer').firstChild.data = 'Opening ';`);
      assert.equal(watched.text, `Opening **bold**\n\n${textOf([1])}\n\nParagraph three.\n\n${textOf([4])}\n\nInserted.\n\n${textOf(range(5, 13))}`, 'the inline text before the blocks');
      await watched.edit(`document.getElementById('p6').setAttribute('hidden', '');`);
      await watched.edit(`document.getElementById('p7').innerHTML = 'Paragraph <code>7</code>.';`);
      assert.match(watched.text, /Paragraph `7`\./, 'a kept block whose children changed');
    }));
});

describe('page watch: what can still change is held back while the turn streams', () => {
  /** Streams the HTML steps, then finishes: returns the folded text; asserts appends only. */
  async function stream(watched: WatchedPage, steps: string[]): Promise<string[]> {
    const seen: string[] = [];
    for (const html of steps) {
      const snapshot = await watched.set(html);
      assert.equal(snapshot.rewrite, null, `appends only (at ${JSON.stringify(html)})`);
      seen.push(watched.text);
    }
    const last = await watched.finish();
    assert.equal(last.rewrite, null, 'the release at the end is an append');
    assert.deepEqual(watched.rewrites, []);
    return seen;
  }

  it('a code block whose language is still being written ("```t" → "```ts")', () =>
    withWatch(async (watched) => {
      await stream(watched, ['<p>Code:</p><pre><code class="language-t"></code></pre>', '<p>Code:</p><pre><code class="language-ts"></code></pre>', '<p>Code:</p><pre><code class="language-ts">let a = 1;</code></pre>']);
      assert.equal(watched.text, 'Code:\n\n```ts\nlet a = 1;\n```');
    }));

  it('a closing fence is held while the code streams and sent once the turn is finished', () =>
    withWatch(async (watched) => {
      const seen = await stream(watched, ['<pre><code class="language-py">a = 1</code></pre>', '<pre><code class="language-py">a = 1\nb = 2</code></pre>']);
      assert.ok(
        seen.every((text) => !text.endsWith('```')),
        `no closing fence while streaming: ${JSON.stringify(seen)}`,
      );
      assert.equal(watched.text, '```py\na = 1\nb = 2\n```');
    }));

  it('a table row whose cells fill in', () =>
    withWatch(async (watched) => {
      const table = (cells: string): string => `<p>Table:</p><table><thead><tr><th>Name</th><th>Value</th></tr></thead><tbody><tr>${cells}</tr></tbody></table>`;
      await stream(watched, [table('<td></td><td></td>'), table('<td>x</td><td></td>'), table('<td>x</td><td>1</td>')]);
      assert.equal(watched.text, 'Table:\n\n| Name | Value |\n| --- | --- |\n| x | 1 |');
    }));

  it('a paragraph that becomes a table once its separator row arrives', () =>
    withWatch(async (watched) => {
      await stream(watched, ['<p>Intro.</p><p>| Name | Val</p>', '<p>Intro.</p><p>| Name | Value |</p>', '<p>Intro.</p><table><thead><tr><th>Name</th><th>Value</th></tr></thead></table>', '<p>Intro.</p><table><thead><tr><th>Name</th><th>Value</th></tr></thead><tbody><tr><td>x</td><td>1</td></tr></tbody></table>']);
      assert.equal(watched.text, 'Intro.\n\n| Name | Value |\n| --- | --- |\n| x | 1 |');
    }));

  it('bold, a list item and its continuation, an empty heading that gets its level and text', () =>
    withWatch(async (watched) => {
      await stream(watched, [
        '<p>It is **bo</p>',
        '<p>It is <strong>bold</strong></p>',
        '<p>It is <strong>bold</strong></p><ul><li></li></ul>',
        '<p>It is <strong>bold</strong></p><ul><li>item</li></ul>',
        '<p>It is <strong>bold</strong></p><ul><li>item<br>continued</li></ul>',
        '<p>It is <strong>bold</strong></p><ul><li>item<br>continued</li></ul><h1></h1>',
        '<p>It is <strong>bold</strong></p><ul><li>item<br>continued</li></ul><h2>Title</h2>',
        '<p>It is <strong>bold</strong></p><ul><li>item<br>continued</li></ul><h2>Title</h2><ol><li></li></ol>',
        '<p>It is <strong>bold</strong></p><ul><li>item<br>continued</li></ul><h2>Title</h2><ol><li>first</li></ol>',
      ]);
      assert.match(watched.text, /^It is \*\*bold\*\*\n\n- item\n\s*continued\n\n## Title\n\n1\. first$/);
    }));

  it('a long last paragraph streams', () =>
    withWatch(async (watched) => {
      const long = 'word '.repeat(10).trim();
      const seen = await stream(watched, [`<p>${long}</p>`, `<p>${long} more</p>`]);
      assert.deepEqual(seen, [long, `${long} more`]);
    }));
});

describe('page watch: the states are read once the page has drawn the change', () => {
  it('a finished turn is reported without a style read in the task that changed the DOM (no forced style recalculation)', () =>
    withWatch(async (watched) => {
      await watched.page.evaluate(pageCall(recordStyleReads));
      await watched.page.evaluate(() => {
        const page = window as unknown as { __inChange: boolean };
        page.__inChange = true;
        setTimeout(() => {
          page.__inChange = false;
        }, 0);
        document.getElementById('answer')!.innerHTML = '<p>Done.</p>';
        document.querySelector('[data-testid="stop"]')!.remove();
        const bar = document.createElement('div');
        bar.setAttribute('role', 'group');
        bar.innerHTML = '<button class="copy">Copy</button>';
        document.getElementById('turn')!.append(bar);
      });
      await watched.page.waitForFunction(() => (window as unknown as { __reports: PageSnapshot[] }).__reports.some((report) => report.actionBarPresent && !report.stopVisible));
      const forced = await watched.page.evaluate(() => (window as unknown as { __forced: string[] }).__forced);
      assert.deepEqual(forced, [], 'no style read in the task that changed the DOM');
    }));
  it('text that comes with a change of state is reported at its interval without the states, which are read after the frame', () =>
    // The page draws a frame only when the test says so.
    withPausedWatch([holdFrames], async (page, reports, texts) => {
      const drawFrame = (): Promise<void> =>
        page.evaluate(() => {
          for (const callback of (window as unknown as { __frames: FrameRequestCallback[] }).__frames.splice(0)) callback(performance.now());
        });
      await firstWords(page, texts, drawFrame);
      await page.clock.runFor(1);
      // More words, and with them the stop button goes: a look at the states is due once the page has drawn.
      const styleReadsBefore = await page.evaluate(() => (window as unknown as { __styleReads: number }).__styleReads);
      await page.evaluate(() => {
        document.querySelector('#answer p')!.textContent = 'First words and more';
        document.querySelector('[data-testid="stop"]')!.remove();
      });
      await page.clock.runFor(60);
      const beforeFrame = await reports();
      assert.equal(await texts(), 'First words and more', 'the text comes at its interval, before the page has drawn');
      assert.equal(beforeFrame.at(-1)!.stopVisible, true, 'that report carries the states as last read');
      assert.equal(await page.evaluate(() => (window as unknown as { __styleReads: number }).__styleReads), styleReadsBefore, 'no style read before the page has drawn');
      await drawFrame();
      await page.clock.runFor(1);
      const afterFrame = await reports();
      assert.equal(afterFrame.at(-1)!.stopVisible, false, 'the look after the frame reports the stop button gone');
      assert.ok(afterFrame.length > beforeFrame.length);
    }));
});

describe('page watch: text churn waits its interval', () => {
  it('a look at the states that finds no change does not bring the text forward: it comes one text interval after the last report', () =>
    withPausedWatch([], async (page, _reports, texts) => {
      // The first words, reported: the clock is moved a millisecond at a time up to that report.
      await page.clock.runFor(200);
      await firstWords(page, texts);
      // More words, and at once a change outside the turn that carries no state (a class on the
      // composer): it asks for a look at the states, which finds nothing new.
      await page.evaluate(() => {
        document.querySelector('#answer p')!.textContent = 'First words and more';
        document.querySelector('textarea')!.classList.add('focused');
      });
      await page.clock.runFor(40);
      assert.equal(await texts(), 'First words', 'no report of the text before its interval, though the look was due sooner');
      await page.clock.runFor(20);
      assert.equal(await texts(), 'First words and more', 'the text comes at its interval');
    }));
});
