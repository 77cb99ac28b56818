/**
 * PTK: Diagnose Site's report and its problems, from a diagnosis as the page gives it: the
 * state line says the router's state of a site it holds out (limited, signed out…), never
 * "ready", and the lists that can match only on an answer are "not checked" on a page that has
 * none, or whose last assistant turn holds none (the site's error in its place), not problems. The page half runs in real Chromium (test/browser/diagnose.test.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diagnosisProblems, formatDiagnosis, type SiteDiagnosis } from '../../../src/browser/diagnose/diagnoseSite';
import type { PageDiagnosis, SelectorListProbe } from '../../../src/browser/diagnose/pageDiagnosis';

const matched = (selector: string, scope: SelectorListProbe['scope'] = 'page'): SelectorListProbe => ({ matchedIndex: 0, scope, selectors: [{ selector, count: 1 }] });
const unmatched = (selector: string, scope: SelectorListProbe['scope']): SelectorListProbe => ({ matchedIndex: -1, scope, selectors: [{ selector, count: 0 }] });

/** A signed-in chat page with one question and its answer, with the action bar and copy button found. */
const answeredPage: PageDiagnosis = {
  url: 'https://chatgpt.com/c/:id',
  title: 'ChatGPT',
  lists: {
    composer: matched('#prompt-textarea'),
    userTurn: matched('[data-message-author-role="user"]'),
    assistantTurn: matched('[data-message-author-role="assistant"]'),
    turnActionBar: matched('div[role="group"]', 'turn scope'),
    copyButton: matched('button[data-testid="copy-turn-action-button"]', 'turn scope'),
  },
  composerPresent: true,
  loginWallPresent: false,
  guest: false,
  onSignInHost: false,
  botCheckSuspected: false,
  userTurnCount: 1,
  assistantTurnCount: 1,
};

/** The same page after a question whose answer has not come: no assistant turn, so nothing to run the answer's lists in. */
const unansweredPage: PageDiagnosis = {
  ...answeredPage,
  lists: {
    ...answeredPage.lists,
    assistantTurn: unmatched('[data-message-author-role="assistant"]', 'page'),
    turnActionBar: unmatched('div[role="group"]', 'no assistant turn on the page'),
    copyButton: unmatched('button[data-testid="copy-turn-action-button"]', 'no assistant turn on the page'),
  },
  assistantTurnCount: 0,
};

function siteDiagnosis(page: PageDiagnosis): SiteDiagnosis {
  const diagnosis: SiteDiagnosis = {
    ...page,
    site: 'chatgpt',
    siteName: 'ChatGPT',
    capturedAt: '2026-11-27T09:00:00.000Z',
    snapshot: '',
    problems: diagnosisProblems(page),
    report: (snapshotPath, options) => formatDiagnosis(diagnosis, snapshotPath, options),
  };
  return diagnosis;
}

describe("Diagnose Site's report: the router's state of the site", () => {
  it("states a limited site's limit and what the site said, not ready", () => {
    const report = siteDiagnosis(answeredPage).report(undefined, {
      routerState: { state: 'limited until 15:00', ready: false, detail: 'ChatGPT is rate limiting you: "You\'ve reached our limit of messages."' },
    });
    assert.match(report, /^- state: limited until 15:00 \(what the site said: ChatGPT is rate limiting you: "You've reached our limit of messages\."\); the page now: ready \(signed in\)$/m);
    assert.doesNotMatch(report, /^- state: ready/m);
  });

  it('states every state the router holds a site out in: cooling down, signed out, held by a bot check, broken', () => {
    for (const state of ['cooling down after errors until 15:00', 'signed out', 'waiting for a bot check in its tab', 'broken (its page is no longer recognised)']) {
      const report = formatDiagnosis(siteDiagnosis(answeredPage), undefined, { routerState: { state, ready: false } });
      const line = report.split('\n').find((text) => text.startsWith('- state: '));
      assert.equal(line, `- state: ${state}; the page now: ready (signed in)`);
    }
  });

  it("is the page's own state when the router sends to the site, or when there is no router (one site)", () => {
    assert.match(formatDiagnosis(siteDiagnosis(answeredPage), undefined, { routerState: { state: 'ready', ready: true } }), /^- state: ready \(signed in\)$/m);
    assert.match(formatDiagnosis(siteDiagnosis(answeredPage)), /^- state: ready \(signed in\)$/m);
  });

  it('is titled with the name given (the demo), else the site', () => {
    assert.match(siteDiagnosis(answeredPage).report(undefined, { siteName: 'Demo (offline), a ChatGPT-shaped replica' }), /^# PTK: Diagnose Site — Demo \(offline\), a ChatGPT-shaped replica\n/);
    assert.match(siteDiagnosis(answeredPage).report(), /^# PTK: Diagnose Site — ChatGPT\n/);
  });
});

describe('Diagnose Site on a page with no answer yet', () => {
  it('does not report the action bar and copy lists as problems, and says they were not checked', () => {
    const diagnosis = siteDiagnosis(unansweredPage);
    assert.deepEqual(diagnosis.problems, ['assistantTurn: no selector matches'], 'a question without an answer still needs the assistant-turn list');
    const report = diagnosis.report();
    assert.match(report, /^- \*\*turnActionBar\*\*: not checked: no answer on this page yet$/m);
    assert.match(report, /^- \*\*copyButton\*\*: not checked: no answer on this page yet$/m);
    assert.doesNotMatch(report, /turnActionBar: no selector matches|copyButton: no selector matches/);
    assert.match(report, /Tip: diagnose on a chat with at least one answer/);
  });

  it('still reports them on a page with an answer whose action bar is gone', () => {
    const gone: PageDiagnosis = { ...answeredPage, lists: { ...answeredPage.lists, turnActionBar: unmatched('div[role="group"]', 'turn scope'), copyButton: unmatched('button[data-testid="copy-turn-action-button"]', 'turn scope') } };
    const diagnosis = siteDiagnosis(gone);
    assert.deepEqual(diagnosis.problems, ['turnActionBar: no selector matches', 'copyButton: no selector matches']);
    assert.match(diagnosis.report(), /^- \*\*turnActionBar\*\* \(turn scope\): none matched$/m);
    assert.doesNotMatch(diagnosis.report(), /Tip: diagnose on a chat/);
  });
});

/**
 * A conversation whose last message the site refused with its usage-cap error: three turns, the
 * last assistant turn empty, the error shown (errorBanner matched), so the probe ran no answer's
 * list in that turn.
 */
const cappedPage: PageDiagnosis = {
  ...answeredPage,
  lists: {
    ...answeredPage.lists,
    errorBanner: matched('div.text-token-text-error'),
    turnActionBar: unmatched('div[role="group"]', 'no answer in the last assistant turn'),
    copyButton: unmatched('button[data-testid="copy-turn-action-button"]', 'no answer in the last assistant turn'),
  },
  userTurnCount: 3,
  assistantTurnCount: 3,
};

describe('Diagnose Site on a page whose last turn holds no answer', () => {
  it("does not report the answer's lists when the last turn shows the site's error, and says why they were not checked", () => {
    const diagnosis = siteDiagnosis(cappedPage);
    assert.deepEqual(diagnosis.problems, []);
    const report = diagnosis.report();
    assert.match(report, /^No problem found with the page: PTK recognises it\.$/m);
    assert.match(report, /^- \*\*turnActionBar\*\*: not checked: the last turn shows the site's error, not an answer$/m);
    assert.match(report, /^- \*\*copyButton\*\*: not checked: the last turn shows the site's error, not an answer$/m);
    assert.match(report, /^- \*\*errorBanner\*\* \(page\): matched #0$/m);
    assert.doesNotMatch(report, /Tip: diagnose on a chat/, 'the page has answers: the tip is for a page without any');
  });

  it('says the last turn holds no answer when no site error shows', () => {
    const silent: PageDiagnosis = { ...cappedPage, lists: { ...cappedPage.lists, errorBanner: unmatched('div.text-token-text-error', 'page') } };
    const diagnosis = siteDiagnosis(silent);
    assert.deepEqual(diagnosis.problems, []);
    assert.match(diagnosis.report(), /^- \*\*turnActionBar\*\*: not checked: the last assistant turn holds no answer$/m);
  });
});

describe("Diagnose Site's report: how to repair what no longer matches", () => {
  it('points a built-in site to ptk.siteOverrides, with its own key', () => {
    const report = siteDiagnosis(answeredPage).report();
    assert.match(report, /`ptk\.siteOverrides` setting/);
    assert.match(report, /\{ "chatgpt": \{ "selectors"/);
  });

  it('does not point site "auto" to siteOverrides (what it learned says how to export or forget it)', () => {
    const learned = ['## What discovery learned', '- composer: `textarea.field` (textarea)', '', 'PTK: Export Learned Site as ptk.customSite gives it as a setting to edit.'];
    const report = formatDiagnosis({ ...siteDiagnosis(answeredPage), site: 'auto', siteName: '127.0.0.1:4000', learned });
    assert.ok(report.includes(learned.join('\n')), report);
    assert.doesNotMatch(report, /siteOverrides/);
  });
});

describe("Diagnose Site's problems: a list with nothing to look for", () => {
  it('a learned page with no copy control (an empty copy list) has no copy problem; an unmatched one does', () => {
    const noCopy = { ...answeredPage, lists: { ...answeredPage.lists, copyButton: { matchedIndex: -1, scope: 'turn scope' as const, selectors: [] } } };
    assert.deepEqual(diagnosisProblems(noCopy), []);
    const missed = { ...answeredPage, lists: { ...answeredPage.lists, copyButton: unmatched('button.copy', 'turn scope') } };
    assert.deepEqual(diagnosisProblems(missed), ['copyButton: no selector matches']);
  });
});
