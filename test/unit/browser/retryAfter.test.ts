/**
 * parseRetryAfter reads every time form the sites' usage-cap banners show (docs/sites.md,
 * "Usage caps"). `now` is Saturday 2026-11-21 14:00 local time.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseRetryAfter } from '../../../src/browser/retryAfter';

const now = new Date(2026, 10, 21, 14, 0, 0);
const HOUR = 3_600_000;
const MINUTE = 60_000;

describe('parseRetryAfter: the forms of the sites\' banners', () => {
  it('reads a bare clock time with or without a keyword, 12 h and 24 h', () => {
    assert.equal(parseRetryAfter('You are out of free messages until 3 PM', now), HOUR);
    assert.equal(parseRetryAfter('5-hour limit reached ∙ resets 3pm', now), HOUR);
    assert.equal(parseRetryAfter("You've hit your limit for Claude messages. Limits will reset at 9:30 AM.", now), 19.5 * HOUR);
    assert.equal(parseRetryAfter("You've hit your session limit · resets 5:40pm (Europe/Budapest)", now), 3 * HOUR + 40 * MINUTE);
    assert.equal(parseRetryAfter('You can use it again at 15:00.', now), HOUR);
    assert.equal(parseRetryAfter('Your limit resets 16:30', now), 2.5 * HOUR);
    assert.equal(parseRetryAfter('until 3:15 p.m.', now), 75 * MINUTE);
  });
  it('reads relative waits, long and short units', () => {
    assert.equal(parseRetryAfter('Try again in 2 hours', now), 2 * HOUR);
    assert.equal(parseRetryAfter('5-hour limit resets in 3h 44m', now), 3 * HOUR + 44 * MINUTE);
    assert.equal(parseRetryAfter('in 3 hr 44 min', now), 3 * HOUR + 44 * MINUTE);
    assert.equal(parseRetryAfter('try again in 2 days', now), 48 * HOUR);
  });
  it('reads tomorrow, alone (its start) and with a time', () => {
    assert.equal(parseRetryAfter("You've reached your limit. Try again tomorrow.", now), 10 * HOUR);
    assert.equal(parseRetryAfter('until tomorrow at 9:00 AM', now), 19 * HOUR);
    assert.equal(parseRetryAfter('resets tomorrow 3pm', now), 25 * HOUR);
  });
  it('reads a weekday: its next occurrence; today with a later time; next week with a past one', () => {
    assert.equal(parseRetryAfter('Weekly limit reached ∙ resets Mon 9:00 AM', now), 43 * HOUR);
    assert.equal(parseRetryAfter('until Monday', now), 34 * HOUR);
    assert.equal(parseRetryAfter('resets Saturday 6 PM', now), 4 * HOUR);
    assert.equal(parseRetryAfter('resets Sat 1 PM', now), 7 * 24 * HOUR - HOUR);
  });
  it('reads a date, month first or day first, with or without a year, and ISO', () => {
    assert.equal(parseRetryAfter('until Nov 23', now), 34 * HOUR);
    assert.equal(parseRetryAfter('resets on 23 November at 3:00 PM', now), 49 * HOUR);
    assert.equal(parseRetryAfter('until Nov 23, 2026 3 PM', now), 49 * HOUR);
    assert.equal(parseRetryAfter('until 2026-11-23', now), 34 * HOUR);
    // A date without a year that has passed is next year's.
    assert.equal(parseRetryAfter('until Jan 1', now), new Date(2027, 0, 1).getTime() - now.getTime());
  });
  it('names no time for texts without one, nor for a past date', () => {
    assert.equal(parseRetryAfter("You've reached our limit of messages. Please try again later.", now), undefined);
    assert.equal(parseRetryAfter('The server is busy. Please try again later.', now), undefined);
    assert.equal(parseRetryAfter('5-hour limit reached', now), undefined);
    assert.equal(parseRetryAfter('until 2026-11-01', now), undefined);
    assert.equal(parseRetryAfter('after 13 pm', now), undefined);
    assert.equal(parseRetryAfter('The amazing satisfied month', now), undefined);
  });
});
