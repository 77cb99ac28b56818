import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TurnRecord } from '../../../src/browser/turnRecord';
import { LLMBackendError, PTKErrorCode } from '../../../src/core/errors';

const turn = { site: 'chatgpt', nonce: 'n0nce00001', sent: 'Do it.\n\n[ptk:n0nce00001]', rolledOver: false };

describe('TurnRecord', () => {
  it('starts as a turn that sent its prompt and has nothing else yet', () => {
    const record = new TurnRecord({ ...turn, rolledOver: true }, 1_000);
    assert.deepEqual(record.entry, {
      site: 'chatgpt',
      nonce: 'n0nce00001',
      sent: 'Do it.\n\n[ptk:n0nce00001]',
      rawAnswer: '',
      extracted: '',
      extractedVia: 'none',
      stoppedEarly: false,
      resumed: 0,
      rolledOver: true,
      submitAttempts: 0,
      timings: { startedAt: 1_000 },
    });
  });

  it('writes a finished turn: submit, reloads survived, completion, answer and what the watch saw, timed from the start', () => {
    const startedAt = Date.now() - 5_000;
    const record = new TurnRecord(turn, startedAt);
    record.submitted(2);
    record.resumed();
    record.resumed();
    record.done(false);
    record.answered('**raw**', { text: 'final', via: 'copy' });
    record.watchEnded({ notices: ['Responses will use another model.'], matched: { sendButton: 0, copyButton: 1 }, firstTokenAt: startedAt + 100, lastMutationAt: startedAt + 900 }, true);
    const { entry } = record;
    assert.equal(entry.submitAttempts, 2);
    assert.equal(entry.resumed, 2);
    assert.equal(entry.stoppedEarly, false);
    assert.equal(entry.rawAnswer, '**raw**');
    assert.equal(entry.extracted, 'final');
    assert.equal(entry.extractedVia, 'copy');
    assert.deepEqual(entry.warnings, ['Responses will use another model.']);
    assert.equal(entry.guest, true);
    assert.deepEqual(entry.matched, { sendButton: 0, copyButton: 1 });
    assert.equal(entry.timings.firstToken, 100);
    assert.equal(entry.timings.lastMutation, 900);
    const { submitted = 0, done = 0, extracted = 0 } = entry.timings;
    assert.ok(submitted >= 5_000 && submitted <= done && done <= extracted && extracted < 6_000, JSON.stringify(entry.timings));
    assert.equal(entry.error, undefined);
  });

  it('an early stop is marked, and a quiet watch adds no warnings, guest flag or token timings', () => {
    const record = new TurnRecord(turn);
    record.done(true);
    record.answered('<TOOL_CALL>{}</TOOL_CALL>', { text: '<TOOL_CALL>{}</TOOL_CALL>', via: 'stream' });
    record.watchEnded({ notices: [], matched: {} }, false);
    const { entry } = record;
    assert.equal(entry.stoppedEarly, true);
    assert.equal(entry.extractedVia, 'stream');
    assert.equal('warnings' in entry, false);
    assert.equal('guest' in entry, false);
    assert.deepEqual(entry.matched, {});
    assert.equal(entry.timings.firstToken, undefined);
    assert.equal(entry.timings.lastMutation, undefined);
  });

  it('names the files the site accepted before the prompt, with their sizes; nothing when none went up', () => {
    const record = new TurnRecord(turn);
    const files = [
      { name: 'shot.png', mimeType: 'image/png', data: new Uint8Array(1234) },
      { name: 'ptk-context-n0nce00001-1.txt', mimeType: 'text/plain', data: new TextEncoder().encode('héllo') },
    ];
    record.uploaded(files, { files: files.map((file) => file.name), confirmedAfterMs: 420, acknowledgements: 1 });
    assert.deepEqual(record.entry.uploads, {
      files: [
        { name: 'shot.png', mimeType: 'image/png', bytes: 1234 },
        { name: 'ptk-context-n0nce00001-1.txt', mimeType: 'text/plain', bytes: 6 },
      ],
      confirmedAfterMs: 420,
      acknowledgements: 1,
    });
    const none = new TurnRecord(turn);
    none.uploaded([], undefined);
    assert.equal('uploads' in none.entry, false);
  });

  it('keeps its own copy of the matched selectors', () => {
    const matched: Record<string, number> = { sendButton: 0 };
    const record = new TurnRecord(turn);
    record.watchEnded({ notices: [], matched }, false);
    matched.sendButton = 3;
    assert.deepEqual(record.entry.matched, { sendButton: 0 });
  });

  it('a failed turn carries its error code and message; an untyped error is UNKNOWN', () => {
    const typed = new TurnRecord(turn);
    typed.failed(new LLMBackendError('ChatGPT is rate limiting you.', { code: PTKErrorCode.RATE_LIMITED }));
    assert.deepEqual(typed.entry.error, { code: PTKErrorCode.RATE_LIMITED, message: 'ChatGPT is rate limiting you.' });
    const untyped = new TurnRecord(turn);
    untyped.failed(new Error('boom'));
    assert.deepEqual(untyped.entry.error, { code: 'UNKNOWN', message: 'boom' });
  });
});
