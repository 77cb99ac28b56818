import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { appendNonce, createNonce, findNonces, nonceMarker, stripNonce } from '../../../src/browser/nonce';
import { resolveSelector, selectorNotFound } from '../../../src/browser/selectors';
import { TurnLog, replayScript, type TurnLogEntry } from '../../../src/browser/turnLog';
import { PTKErrorCode } from '../../../src/core/errors';

describe('nonce', () => {
  it('is short, lowercase base-36 and different each time', () => {
    const nonces = new Set(Array.from({ length: 500 }, createNonce));
    assert.equal(nonces.size, 500);
    for (const nonce of nonces) assert.match(nonce, /^[0-9a-z]{10}$/);
  });
  it('is appended as a last line, found and stripped again', () => {
    const sent = appendNonce('Do it.\n\n', 'abc123');
    assert.equal(sent, 'Do it.\n\n[ptk:abc123]');
    assert.deepEqual(findNonces(`${sent} and ${nonceMarker('zz99')}`), ['abc123', 'zz99']);
    assert.equal(stripNonce(sent), 'Do it.');
  });
});

describe('resolveSelector', () => {
  it('takes the first selector of the list that matches, skipping invalid ones', async () => {
    const counts: Record<string, number> = { '#a': 0, '#b': 2, '#c': 1 };
    const count = (selector: string): number => {
      if (selector === '::bad') throw new Error('invalid');
      return counts[selector] ?? 0;
    };
    assert.deepEqual(await resolveSelector(['::bad', '#a', '#b', '#c'], count), { selector: '#b', index: 2 });
    assert.equal(await resolveSelector(['#a', '#x'], count), undefined);
  });
  it('SELECTOR_NOT_FOUND names the adapter, the role and every selector', () => {
    const error = selectorNotFound('ChatGPT', 'send button', ['#one', '.two']);
    assert.equal(error.code, PTKErrorCode.SELECTOR_NOT_FOUND);
    assert.match(error.message, /ChatGPT: no element found for the send button \(tried "#one", ".two"\)/);
  });
});

describe('TurnLog', () => {
  const entry = (extracted: string, error?: TurnLogEntry['error']): TurnLogEntry => ({
    site: 'chatgpt', nonce: 'n', sent: 'p', rawAnswer: extracted, extracted, extractedVia: 'copy', stoppedEarly: false, resumed: 0, rolledOver: false, submitAttempts: 1, timings: { startedAt: 1 }, ...(error ? { error } : {}),
  });
  it('keeps the newest entries up to its limit and round-trips through JSON Lines', () => {
    const seen: string[] = [];
    const log = new TurnLog(2, (added) => seen.push(added.extracted));
    log.add(entry('one'));
    log.add(entry('two'));
    log.add(entry('three'));
    assert.deepEqual(log.entries.map((item) => item.extracted), ['two', 'three']);
    assert.deepEqual(seen, ['one', 'two', 'three']);
    assert.deepEqual(TurnLog.parse(log.toJSONL()), log.entries);
  });
  it('a throwing listener does not break it; replayScript skips failed turns', () => {
    const log = new TurnLog(10, () => {
      throw new Error('listener');
    });
    log.add(entry('ok'));
    log.add(entry('', { code: 'RATE_LIMITED', message: 'x' }));
    assert.deepEqual(replayScript(log.entries), ['ok']);
  });
});
