/**
 * Each site's real usage-cap wordings (docs/sites.md, "Usage caps", with sources) classify as
 * RATE_LIMITED with the wait they name; "limit reached, answering with another model" warnings
 * are notices that do not fail the turn. `now` is Saturday 2026-11-21 14:00 local time.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { aiStudioAdapter } from '../../../src/browser/adapters/aistudio';
import { chatgptAdapter } from '../../../src/browser/adapters/chatgpt';
import { claudeAdapter } from '../../../src/browser/adapters/claude';
import { deepSeekAdapter } from '../../../src/browser/adapters/deepseek';
import { geminiAdapter } from '../../../src/browser/adapters/gemini';
import type { SiteAdapter } from '../../../src/browser/adapters/types';
import { classifyPageProblems, pageNotices } from '../../../src/browser/errorClassifier';
import { PTKErrorCode } from '../../../src/core/errors';

const now = new Date(2026, 10, 21, 14, 0, 0);
const HOUR = 3_600_000;

const caps: Array<[SiteAdapter, string, number]> = [
  [chatgptAdapter, "You've reached our limit of messages per 3 hours. Please try again after 3:15 PM.", 75 * 60_000],
  [chatgptAdapter, "You've hit your limit, please try again later", 180_000],
  [chatgptAdapter, "You've reached our limit of messages. You can use it again at 16:00.", 2 * HOUR],
  [claudeAdapter, 'You are out of free messages until 3 PM', HOUR],
  [claudeAdapter, "You've hit your limit for Claude messages. Limits will reset at 9:30 AM.", 19.5 * HOUR],
  [claudeAdapter, '5-hour limit reached ∙ resets 3pm', HOUR],
  [claudeAdapter, "You've hit your session limit · resets 5:40pm", 3 * HOUR + 40 * 60_000],
  [claudeAdapter, 'Weekly limit reached ∙ resets Mon 9:00 AM', 43 * HOUR],
  [geminiAdapter, "You've reached your limit for Pro. Your limit resets tomorrow at 9:00 AM.", 19 * HOUR],
  [aiStudioAdapter, "You've reached your rate limit. Please try again later.", 60_000],
  [aiStudioAdapter, 'User has exceeded quota', 60_000],
  [deepSeekAdapter, 'The server is busy. Please try again later.', 60_000],
];

describe('usage caps: every site\'s wording is RATE_LIMITED with the wait it names', () => {
  for (const [adapter, text, wait] of caps) {
    it(`${adapter.id}: "${text}"`, () => {
      const error = classifyPageProblems({ banners: [text], loginWall: false, botCheck: false }, adapter, now);
      assert.equal(error?.code, PTKErrorCode.RATE_LIMITED);
      assert.equal(error?.retryAfterMs, wait);
    });
  }
});

const warnings: Array<[SiteAdapter, string]> = [
  [chatgptAdapter, "You've hit the Free plan limit for GPT-5. Responses will use another model until your limit resets after 3:15 PM."],
  [claudeAdapter, '3 messages remaining until 3 PM'],
  [claudeAdapter, 'You are approaching the 5-hour limit'],
  [claudeAdapter, "You've used your plan's limit. Claude is now using extra usage."],
  [geminiAdapter, 'Responses will use 2.5 Flash until your limit resets at 3:00 PM'],
];

describe('usage caps: model-downgrade and approaching-limit warnings never fail the turn', () => {
  for (const [adapter, text] of warnings) {
    it(`${adapter.id}: "${text}"`, () => {
      assert.equal(classifyPageProblems({ banners: [text], loginWall: false, botCheck: false }, adapter, now), undefined);
      assert.deepEqual(pageNotices([text], adapter), [text]);
    });
  }
});
