/**
 * The pure parts of the discovery fallback (src/browser/driftFallback.ts): which sites it stands
 * behind, its warning's wording, what counts as "the selectors missed", and the stand-in adapter
 * keeping the built-in site's own knowledge. The switching itself runs in Chromium:
 * test/browser/driftFallback.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveAdapter } from '../../../src/browser/adapters/registry';
import { discoveryStandIn, driftFallbackApplies, driftWarning, selectorsMissed } from '../../../src/browser/driftFallback';
import { forgetLearnedSite, learnedSiteFor } from '../../../src/browser/autoSite';
import { selectorNotFound } from '../../../src/browser/selectors';
import { LLMBackendError, PTKErrorCode } from '../../../src/core/errors';

describe('the discovery fallback behind the built-in adapters', () => {
  it('stands behind the built-in sites only: not auto (discovery already), not custom', () => {
    for (const site of ['chatgpt', 'claude', 'gemini', 'aistudio', 'deepseek', 'grok']) assert.equal(driftFallbackApplies(resolveAdapter(site)), true, site);
    assert.equal(driftFallbackApplies(resolveAdapter('auto', { siteUrl: 'https://chat.example.test/' })), false);
    const custom = resolveAdapter('custom', { customSite: { name: 'Mine', url: 'https://mine.example.test/', input: ['textarea'], stopButton: ['.stop'], userTurn: ['.me'], answerContainer: ['.bot'], actionBar: ['.bar'] } });
    assert.equal(driftFallbackApplies(custom), false);
  });

  it('warns in the site\'s own name', () => {
    assert.equal(driftWarning(resolveAdapter('chatgpt')), "ChatGPT's page changed: running on discovered elements; run Diagnose Site");
    assert.equal(driftWarning(resolveAdapter('aistudio')), `${resolveAdapter('aistudio').displayName}'s page changed: running on discovered elements; run Diagnose Site`);
  });

  it('switches on SELECTOR_NOT_FOUND only', () => {
    assert.equal(selectorsMissed(selectorNotFound('ChatGPT', 'composer (prompt input)', ['#prompt-textarea'])), true);
    assert.equal(selectorsMissed(new LLMBackendError('Something went wrong.', { code: PTKErrorCode.SITE_ERROR })), false);
    assert.equal(selectorsMissed(new Error('boom')), false);
  });

  it('the stand-in keeps the site (name, hosts, patterns, banners, walls) and takes the turn discovery learned', () => {
    const base = resolveAdapter('chatgpt', { siteUrl: 'https://drift.example.test/' });
    forgetLearnedSite(base.url);
    try {
      const turn = { missing: null, userTurn: ['li.mine'], assistantTurn: ['li.theirs'], answerContent: ['div.said'], turnScope: [], turnActionBar: ['div.tools'], copyButton: ['span[title="Copy reply"]'], stopButton: ['span[title="Cancel"]'] };
      const standIn = discoveryStandIn(base, turn);
      assert.equal(standIn.id, 'chatgpt');
      assert.equal(standIn.displayName, 'ChatGPT');
      assert.deepEqual(standIn.hosts, base.hosts);
      assert.deepEqual(standIn.errorPatterns, base.errorPatterns);
      assert.deepEqual(standIn.selectors.loginWall, base.selectors.loginWall);
      assert.ok(base.selectors.errorBanner.every((selector) => standIn.selectors.errorBanner.includes(selector)));
      assert.deepEqual(standIn.selectors.userTurn, ['li.mine']);
      assert.deepEqual(standIn.selectors.turnActionBar, ['div.tools']);
      assert.ok(standIn.hooks?.insert && standIn.hooks.submit && standIn.hooks.learnTurn, 'discovery drives the page');
      assert.deepEqual(learnedSiteFor(base.url).turn?.assistantTurn, ['li.theirs'], 'kept for the origin');
      // A turn discovery could not learn is not kept.
      forgetLearnedSite(base.url);
      discoveryStandIn(base, { ...turn, missing: 'the answer' });
      assert.equal(learnedSiteFor(base.url).turn, undefined);
    } finally {
      forgetLearnedSite(base.url);
    }
  });
});
