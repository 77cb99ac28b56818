/**
 * The page runtime's pieces, each run the way the page runs it: serialised with pageCall and
 * evaluated inside a jsdom window (a piece reaching for anything outside itself fails here).
 * jsdom does no layout, so every window gets a stand-in: an element has one client rect unless
 * it or an ancestor is display:none, and innerText is the text content.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { JSDOM } from 'jsdom';
import { type PageSelectors, type SiteAdapter } from '../../../src/browser/adapters/types';
import { pageSelectorsOf } from '../../../src/browser/pageSelectors';
import { runPageDiagnosis, type PageDiagnosis, type PageDiagnosisInput } from '../../../src/browser/diagnose/pageDiagnosis';
import { installClipboardCapture, type ClipboardCapture } from '../../../src/browser/page/clipboardCapture';
import { domToMarkdown } from '../../../src/browser/page/domToMarkdown';
import type { PageProbe, PageRuntime } from '../../../src/browser/page/pageApi';
import { buildPageScript } from '../../../src/browser/page/pageRuntime';
import { pageCall } from '../../../src/browser/page/pageScript';
import { createPageStateScan, type PageStateScan } from '../../../src/browser/page/pageStateScan';
import { createSelectorHelpers, type SelectorHelpers } from '../../../src/browser/page/selectorHelpers';
import { createTurnFinder, type TurnFinder } from '../../../src/browser/page/turnFinder';
import { hostMatches } from '../../../src/browser/pageSignals';
import { testChatAdapter } from '../../browser/testChatAdapter';

const adapter: SiteAdapter = testChatAdapter;
const selectors: PageSelectors = pageSelectorsOf(adapter);

/** A jsdom window with the layout stand-in. */
function pageWindow(html: string, title = 'Chat'): JSDOM {
  const dom = new JSDOM(`<!doctype html><html><head><title>${title}</title></head><body>${html}</body></html>`, { runScripts: 'outside-only', url: 'https://chat.example.test/c/1' });
  dom.window.eval(`
    Element.prototype.getClientRects = function () {
      for (let element = this; element; element = element.parentElement) if (getComputedStyle(element).display === 'none') return [];
      return [{ width: 10, height: 10 }];
    };
    Object.defineProperty(HTMLElement.prototype, 'innerText', { get() { return this.textContent; }, configurable: true });
  `);
  return dom;
}

/** Calls a page piece inside the window, as the page script does. */
function inPage<T>(dom: JSDOM, source: string): T {
  return dom.window.eval(source) as T;
}

/** A value of the page's realm as plain data (as Playwright hands it over), for deepEqual. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const helpersIn = (dom: JSDOM): SelectorHelpers => inPage(dom, pageCall(createSelectorHelpers));
const scanIn = (dom: JSDOM): PageStateScan => inPage(dom, pageCall((pieces: { createSelectorHelpers: typeof createSelectorHelpers; createPageStateScan: typeof createPageStateScan }) => pieces.createPageStateScan(pieces.createSelectorHelpers()), [], { createSelectorHelpers, createPageStateScan }));
const finderIn = (dom: JSDOM): TurnFinder =>
  inPage(
    dom,
    pageCall(
      (pieces: { createSelectorHelpers: typeof createSelectorHelpers; createTurnFinder: typeof createTurnFinder; domToMarkdown: typeof domToMarkdown }) => pieces.createTurnFinder(pieces.createSelectorHelpers(), pieces.domToMarkdown),
      [],
      { createSelectorHelpers, createTurnFinder, domToMarkdown },
    ),
  );
const element = (dom: JSDOM, selector: string): Element => dom.window.document.querySelector(selector)!;

describe('pageCall', () => {
  it('passes the arguments as JSON and the pieces by name, and leaves no global behind', () => {
    const dom = pageWindow('');
    const double = (value: number): number => value * 2;
    const result = inPage<string>(dom, pageCall((text: string, count: number, pieces: { double: typeof double }) => `${text}:${pieces.double(count)}`, ['a"b', 21], { double }));
    assert.equal(result, 'a"b:42');
    assert.equal(dom.window.eval('typeof double + typeof __name'), 'undefinedundefined');
  });
});

describe('selector helpers (page piece)', () => {
  it('all() takes the first fallback that matches, skips invalid selectors and records the index', () => {
    const dom = pageWindow('<p class="b">1</p><p class="b">2</p><p class="c">3</p>');
    const helpers = helpersIn(dom);
    assert.deepEqual(plain(helpers.all('list', ['.a', 'not a [valid', '.b', '.c']).map((found) => found.textContent)), ['1', '2']);
    assert.equal(helpers.matchedIndex.list, 2);
    assert.equal(helpers.first('other', ['.x']), null);
    assert.equal(helpers.matchedIndex.other, -1);
    assert.equal(helpers.quietAll(['.c'], dom.window.document).length, 1);
    assert.equal('quiet' in helpers.matchedIndex, false);
    assert.equal(helpers.union(['.b', 'p', 'not a [valid'], dom.window.document).length, 3);
    assert.equal(helpers.all('accepted', ['.b', '.c'], dom.window.document, (found) => found.textContent === '3')[0]!.textContent, '3');
    assert.equal(helpers.matchedIndex.accepted, 1);
  });

  it('tells visible from hidden and reads a field or an element', () => {
    const dom = pageWindow('<p id="shown">x</p><p id="none" style="display:none">x</p><div hidden><p id="inside">x</p></div><textarea id="field">typed</textarea>');
    const helpers = helpersIn(dom);
    assert.equal(helpers.visible(element(dom, '#shown')), true);
    assert.equal(helpers.visible(element(dom, '#none')), false);
    assert.equal(helpers.visible(element(dom, '#inside')), false);
    assert.equal(helpers.fieldText(element(dom, '#field')), 'typed');
    assert.equal(helpers.fieldText(element(dom, '#shown')), 'x');
    assert.equal(helpers.regex('('), null);
    assert.equal(helpers.regex('ab')!.test('xAB'), true);
  });
});

describe('clipboard capture (page piece)', () => {
  it('captures writeText and execCommand("copy") of a selected field, and waits for the next copy', async () => {
    const dom = pageWindow('<textarea id="temporary">from a selected field</textarea>');
    // jsdom has no DataTransfer; the real page has one, and the capture hooks it.
    dom.window.eval('window.DataTransfer = class DataTransfer { setData() {} };');
    const clipboard = inPage<ClipboardCapture>(dom, pageCall(installClipboardCapture));
    await dom.window.eval('navigator.clipboard.writeText("# Answer")');
    assert.deepEqual(plain(clipboard.texts()), ['# Answer']);
    assert.equal(await clipboard.copiedAfter(0, Date.now()), '# Answer');

    const before = clipboard.count();
    const next = clipboard.copiedAfter(before, Date.now() + 1000);
    dom.window.eval('const field = document.getElementById("temporary"); field.focus(); field.select(); document.execCommand("copy");');
    assert.equal(await next, 'from a selected field');
    assert.equal(await clipboard.copiedAfter(clipboard.count(), Date.now() + 20), null);
    clipboard.clear();
    assert.deepEqual(plain(clipboard.texts()), []);
  });
});

describe('turn finder (page piece)', () => {
  const conversation = `<main>
    <section class="turn"><div data-role="user">old question</div></section>
    <section class="turn"><div data-role="assistant"><div class="markdown"><p>old answer</p></div></div></section>
    <section class="turn" id="ours-user"><div data-role="user">question [ptk:n1]</div></section>
    <section class="turn" id="ours"><div data-role="assistant" id="preamble"><div class="markdown"><p>Searching…</p></div></div><div data-role="assistant" id="answer"><div class="markdown"><p>The <b>answer</b></p></div></div></section>
  </main>`;

  it('finds the assistant turn after our nonce and reads the last non-empty message node', () => {
    const dom = pageWindow(conversation);
    const finder = finderIn(dom);
    finder.reset(selectors);
    const turn = finder.locate(selectors, 'n1');
    assert.equal(turn.assistant, element(dom, '#preamble'));
    assert.equal(turn.userSeen, true);
    assert.equal(finder.scopeOf(selectors, turn.assistant!), element(dom, '#ours'));
    assert.equal(finder.answerText(selectors, turn.assistant!), 'The **answer**');
    element(dom, '#answer .markdown').innerHTML = '';
    assert.equal(finder.answerText(selectors, turn.assistant!), 'Searching…');
  });

  it('keeps the assistant element when a virtual list drops our user turn', () => {
    const dom = pageWindow(conversation);
    const finder = finderIn(dom);
    finder.reset(selectors);
    const first = finder.locate(selectors, 'n1').assistant;
    element(dom, '#ours-user').remove();
    const again = finder.locate(selectors, 'n1');
    assert.equal(again.assistant, first);
    assert.equal(again.user, null);
    assert.equal(again.userSeen, true);
  });

  it('never takes a turn that was on the page when the watch began for ours', () => {
    const dom = pageWindow(conversation.replace('[ptk:n1]', ''));
    const finder = finderIn(dom);
    finder.reset(selectors);
    assert.equal(finder.locate(selectors, 'n1').assistant, null);
    element(dom, 'main').insertAdjacentHTML('beforeend', '<section class="turn"><div data-role="assistant" id="newer">new</div></section>');
    assert.equal(finder.locate(selectors, 'n1').assistant, element(dom, '#newer'), 'a new turn without our user turn on the page is ours');
  });
});

describe('page-state scan (page piece)', () => {
  it('tells a login wall from a guest chat', () => {
    const wall = pageWindow('<button class="login">Log in</button>');
    assert.deepEqual(plain(scanIn(wall).state(selectors, null)), { loginWall: true, guest: false, botCheck: false, botCheckWeak: false });
    const guest = pageWindow('<textarea name="prompt"></textarea><button class="login">Log in</button>');
    assert.deepEqual(plain(scanIn(guest).state(selectors, element(guest, 'textarea'))), { loginWall: false, guest: true, botCheck: false, botCheckWeak: false });
  });

  it('counts a bot-check title at once, widgets and text only without a composer, a hidden frame alone as weak', () => {
    const titled = pageWindow('<textarea name="prompt"></textarea>', 'Just a moment...');
    assert.equal(scanIn(titled).state(selectors, element(titled, 'textarea')).botCheck, true);
    const noisy = pageWindow('<textarea name="prompt"></textarea><div id="challenge-form">x</div>', 'A chat about "Just a moment of clarity"');
    assert.equal(scanIn(noisy).state(selectors, element(noisy, 'textarea')).botCheck, false);
    const interstitial = pageWindow('<p>Performing security verification</p>');
    assert.deepEqual(plain(scanIn(interstitial).state(selectors, null)), { loginWall: false, guest: false, botCheck: true, botCheckWeak: false });
    const frameOnly = pageWindow('<iframe src="https://challenges.example.test/x" style="display:none"></iframe>');
    assert.deepEqual(plain(scanIn(frameOnly).state(selectors, null)), { loginWall: false, guest: false, botCheck: true, botCheckWeak: true });
  });

  it('never reads a login wall or a banner from a turn’s text: the answer’s markup and the user’s message are not page state', () => {
    const dom = pageWindow(`<main><section class="turn" id="ours"><div data-role="user">How do I <button class="login">Log in</button>?</div>
      <div data-role="assistant" id="answer"><div class="markdown"><p>Click <button class="login">Log in</button>; <span class="error-banner">rate limit</span></p></div></div></section></main>
      <textarea name="prompt"></textarea>`);
    const scan = scanIn(dom);
    const composer = element(dom, 'textarea');
    assert.deepEqual(plain(scan.state(selectors, composer)), { loginWall: false, guest: false, botCheck: false, botCheckWeak: false });
    assert.deepEqual(plain(scan.state(selectors, null)), { loginWall: false, guest: false, botCheck: false, botCheckWeak: false });
    assert.deepEqual(plain(scan.banners(selectors, element(dom, '#ours'), element(dom, '#answer'), composer)), []);
    // An answer without a markdown block is answer through and through.
    element(dom, '.markdown').replaceWith(...Array.from(element(dom, '.markdown').childNodes));
    assert.deepEqual(plain(scan.banners(selectors, element(dom, '#ours'), element(dom, '#answer'), composer)), []);
  });

  it('reports our turn’s and page-level banners, not an old turn’s, nor harmless regions, nor stale ones', () => {
    const dom = pageWindow(`<main>
      <section class="turn" id="old"><div data-role="assistant">old<div class="error-banner">Old turn failed</div></div></section>
      <section class="turn" id="ours"><div data-role="user">Why the error-banner? <span class="error-banner">rate limit</span></div><div data-role="assistant" id="answer"><div class="markdown">new <code class="error-banner">You've reached our limit</code></div><div class="error-banner">Something went wrong</div></div></section>
      <div role="status">Saved to your library</div>
      <div role="status" id="limit">You've reached our limit of messages. Try again later.</div>
      <div role="alert" id="page-error">Network error</div>
    </main><textarea name="prompt"></textarea>`);
    const scan = scanIn(dom);
    const composer = element(dom, 'textarea');
    scan.markStale(selectors);
    assert.deepEqual(plain(scan.banners(selectors, element(dom, '#ours'), element(dom, '#answer'), composer)), []);
    element(dom, '#page-error').textContent = 'Network connection lost';
    assert.deepEqual(plain(scan.banners(selectors, element(dom, '#ours'), element(dom, '#answer'), composer)), ['Network connection lost']);
    scan.markStale({ ...selectors, errorBanner: [], genericBanner: [] });
    const banners = scan.banners(selectors, element(dom, '#ours'), element(dom, '#answer'), composer);
    assert.deepEqual(plain(banners), ['Something went wrong', 'Network connection lost', "You've reached our limit of messages. Try again later."]);
    // Without our turn (probe, diagnosis), no turn's errorBanner counts.
    assert.deepEqual(plain(scan.banners(selectors, null, null, composer)), ['Network connection lost', "You've reached our limit of messages. Try again later."]);
  });

  it('asks no empty region for its rendered text (that lays the page out first); one with text is read as shown', () => {
    const dom = pageWindow(`<main><section class="turn" id="ours"><div data-role="user">hi</div><div data-role="assistant" id="answer"><div class="markdown">hello</div></div></section>
      <div aria-live="polite" id="announcer"> </div><ul role="alert" id="toasts"></ul><div role="alert" id="page-error">Network error</div></main><textarea name="prompt"></textarea>`);
    const rendered: string[] = [];
    dom.window.eval(`Object.defineProperty(HTMLElement.prototype, 'innerText', { get() { (window.__rendered ??= []).push(this.id); return this.textContent; }, configurable: true });`);
    const scan = scanIn(dom);
    const composer = element(dom, 'textarea');
    scan.markStale({ ...selectors, errorBanner: [], genericBanner: [] });
    assert.deepEqual(plain(scan.banners(selectors, element(dom, '#ours'), element(dom, '#answer'), composer)), ['Network error']);
    rendered.push(...((dom.window as unknown as { __rendered?: string[] }).__rendered ?? []));
    assert.deepEqual([...new Set(rendered)], ['page-error'], 'only the region with text was asked for its rendered text');
  });
});

describe("Diagnose Site's probe runs the answer's lists only in a last turn that holds an answer", () => {
  const diagnose = (html: string): PageDiagnosis => {
    const input: PageDiagnosisInput = { selectors, signInHosts: [] };
    return plain(inPage<PageDiagnosis>(pageWindow(html), pageCall(runPageDiagnosis, [input], { createSelectorHelpers, createPageStateScan, createTurnFinder, domToMarkdown, hostMatches })));
  };
  const answered = '<section class="turn"><div data-role="user">q1</div></section><section class="turn"><div data-role="assistant"><div class="markdown"><p>Answer</p></div></div><div role="group"><button class="copy">Copy</button></div></section>';
  const composer = '<textarea name="prompt"></textarea>';

  it('does not run them in a last turn holding only the site\'s error (the message was refused)', () => {
    const diagnosis = diagnose(`<main>${answered}<section class="turn"><div data-role="user">q2</div></section><section class="turn"><div data-role="assistant"><div class="markdown"></div></div></section></main><div class="error-banner" role="alert">You've reached our limit of messages per 3 hours.</div>${composer}`);
    assert.equal(diagnosis.assistantTurnCount, 2);
    assert.equal(diagnosis.lists.errorBanner!.matchedIndex, 0);
    for (const name of ['turnActionBar', 'copyButton']) assert.equal(diagnosis.lists[name]!.scope, 'no answer in the last assistant turn', name);
  });

  it('runs them in a last turn holding an answer, and finds a missing action bar there', () => {
    const diagnosis = diagnose(`<main>${answered}<section class="turn"><div data-role="user">q2</div></section><section class="turn"><div data-role="assistant"><div class="markdown"><p>Second answer</p></div></div></section></main>${composer}`);
    for (const name of ['turnActionBar', 'copyButton']) {
      assert.equal(diagnosis.lists[name]!.scope, 'turn scope', name);
      assert.equal(diagnosis.lists[name]!.matchedIndex, -1, name);
    }
  });
});

describe('the bot-check, wall and banner scan is one for the runtime and Diagnose Site', () => {
  const pages: Array<{ name: string; html: string; title?: string }> = [
    { name: 'chat page titled as an interstitial', html: '<textarea name="prompt"></textarea>', title: 'Just a moment...' },
    { name: 'interstitial text, no composer', html: '<p>Verify you are human</p>' },
    { name: 'hidden challenge frame, no composer', html: '<iframe src="https://challenges.example.test/x" style="display:none"></iframe>' },
    { name: 'hidden challenge form, no composer', html: '<div id="challenge-form" hidden></div>' },
    { name: 'challenge widget next to a composer', html: '<textarea name="prompt"></textarea><div id="challenge-form">x</div>' },
    { name: 'hidden login button', html: '<textarea name="prompt"></textarea><button class="login" hidden>Log in</button>' },
    { name: 'guest chat', html: '<textarea name="prompt"></textarea><button class="login">Log in</button>' },
    { name: 'login wall', html: '<button class="login">Log in</button>' },
  ];
  for (const { name, html, title } of pages) {
    it(`agrees with probe(): ${name}`, () => {
      const dom = pageWindow(html, title);
      dom.window.eval(buildPageScript());
      const probe = inPage<PageProbe>(dom, `window.__ptkRuntime.probe(${JSON.stringify(selectors)})`);
      const input: PageDiagnosisInput = { selectors, signInHosts: [] };
      const diagnosis = inPage<PageDiagnosis>(dom, pageCall(runPageDiagnosis, [input], { createSelectorHelpers, createPageStateScan, createTurnFinder, domToMarkdown, hostMatches }));
      assert.equal(diagnosis.botCheckSuspected, probe.botCheck);
      assert.equal(diagnosis.guest, probe.guest);
      assert.equal(diagnosis.loginWallPresent, probe.loginWall || probe.guest);
      assert.equal(diagnosis.composerPresent, probe.composerPresent);
    });
  }
});

describe('page runtime assembled from its pieces', () => {
  it('extracts through the turn’s copy button, never a code block’s, else from the DOM', async () => {
    const dom = pageWindow(`<main>
      <section class="turn"><div data-role="user">question [ptk:n2]</div></section>
      <section class="turn" id="ours"><div data-role="assistant"><div class="markdown"><p>Answer</p><pre><code>x</code><button class="copy" id="code-copy">Copy code</button></pre></div></div>
        <div role="group"><button class="copy" id="turn-copy">Copy</button></div></section>
    </main><textarea name="prompt"></textarea>`);
    dom.window.eval(buildPageScript());
    dom.window.eval(`
      document.getElementById('code-copy').addEventListener('click', () => navigator.clipboard.writeText('x'));
      document.getElementById('turn-copy').addEventListener('click', () => navigator.clipboard.writeText('Answer\\n\\n\\u0060\\u0060\\u0060\\nx\\n\\u0060\\u0060\\u0060'));
    `);
    const runtime = (dom.window as unknown as { __ptkRuntime: PageRuntime }).__ptkRuntime;
    runtime.watch({ selectors, nonce: 'n2', bindingName: '__noBinding', throttleMs: 10 });
    try {
    const snapshot = runtime.snapshot()!;
    assert.equal(snapshot.assistantTurnFound, true);
    assert.equal(snapshot.actionBarPresent, true);
    assert.deepEqual(plain(await runtime.extract(200)), { via: 'copy', text: 'Answer\n\n```\nx\n```', matched: plain(runtime.matched()) });
    assert.equal(runtime.matched().copyButton, 0);
    element(dom, '#turn-copy').remove();
    element(dom, '#code-copy').remove();
    const fallback = await runtime.extract(50);
    assert.equal(fallback.via, 'dom');
    assert.match(fallback.text, /^Answer\n\n```\nx\n```$/);
    } finally {
      runtime.unwatch();
    }
    assert.deepEqual(plain(await runtime.extract(50)), { via: 'none', text: '' });
  });
});
