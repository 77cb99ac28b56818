/**
 * The attachment cases of the conformance suite (conformance.test.ts runs them for every
 * replica): files go up through the site's own upload before the prompt, each must show as
 * accepted, a refusal or no acceptance sends nothing, and a prompt longer than the site's box
 * goes up as a text file the prompt names; where the site asks for an acknowledgement before it
 * takes a file (AI Studio's copyright dialog), the upload clicks it and goes through. A replica
 * without an upload gets the one case that a call with attachments fails typed with nothing sent.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Browser } from 'playwright-core';
import { LLMBackendError, PTKErrorCode } from '../../src/core/errors';
import type { PromptAttachment } from '../../src/core/ports';
import type { SiteAdapter } from '../../src/browser/adapters/types';
import { uploadAttachments } from '../../src/browser/attachmentUpload';
import { withSite } from './harness';
import type { ReplicaSiteEntry } from './replicas/sites';

/** A 1×1 PNG. */
const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));

function textFile(name: string, text: string): PromptAttachment {
  return { name, mimeType: 'text/plain', data: new TextEncoder().encode(text) };
}

/** The adapter with a short wait for acceptance (the never-confirmed case waits that long). */
function shortConfirm(adapter: SiteAdapter): SiteAdapter {
  return { ...adapter, timings: { ...adapter.timings, attachmentConfirmMs: 2_500 } };
}

async function rejectsWith(promise: Promise<unknown>, codes: readonly PTKErrorCode[]): Promise<LLMBackendError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof LLMBackendError, `expected an LLMBackendError, got ${String(error)}`);
    assert.ok(codes.includes(error.code), `expected ${codes.join(' or ')}, got ${error.code}: ${error.message}`);
    return error;
  }
  assert.fail(`expected ${codes.join(' or ')}, but the call succeeded`);
}

/** A whole transcript whose tool result is `resultChars` long, ending with a request. */
function longTranscript(resultChars: number): { prompt: string; data: string } {
  const data = Array.from({ length: Math.ceil(resultChars / 64) }, (_, index) => `line ${String(index).padStart(6, '0')} ${'abcdefghijklmnopqrstuvwxyz0123456789'.slice(0, 50)}`).join('\n').slice(0, resultChars);
  const prompt = [
    'SYSTEM:\nYou are PTK. Use the tools.',
    'USER:\nSummarise src/big.txt.',
    'ASSISTANT:\n<TOOL_CALL>\n{"tool": "read_file", "args": {"path": "src/big.txt"}}\n</TOOL_CALL>',
    `TOOL:\nTOOL_RESULT: ${JSON.stringify({ success: true, data, error: null })}`,
    'USER:\nNow write the summary.',
  ].join('\n\n');
  return { prompt, data };
}

/** What the replica's upload does: whether it has one, and whether it asks for an acknowledgement first. */
export interface ReplicaUploadFeatures {
  uploads: boolean;
  uploadConsent: boolean;
}

/** Registers the attachment cases for one replica (inside its describe). */
export function attachmentCases(entry: ReplicaSiteEntry, features: ReplicaUploadFeatures, browser: () => Browser): void {
  if (!features.uploads) {
    it('attachments: a replica without an upload → a typed attachment error, nothing sent', async () => {
      await withSite(browser(), entry, { adapter: shortConfirm }, async ({ model, server }) => {
        await rejectsWith(model.call('look', { attachments: [textFile('notes.txt', 'hello')] }), [PTKErrorCode.ATTACHMENT_UNSUPPORTED, PTKErrorCode.ATTACHMENT_NOT_CONFIRMED]);
        assert.equal(server.submissions.length, 0);
      });
    });
    return;
  }

  it('attachments: an image is accepted, then the prompt is sent; the file reached the site first', async () => {
    await withSite(browser(), entry, { scenario: { turns: [{ reply: 'A red dot.', tokenMs: 2 }] } }, async ({ model, server }) => {
      assert.equal(await model.call('What is in the picture?', { attachments: [{ name: 'dot.png', mimeType: 'image/png', data: PNG }] }), 'A red dot.');
      assert.equal(server.uploads.length, 1);
      const upload = server.uploads[0]!;
      assert.equal(upload.name, 'dot.png');
      assert.equal(upload.mimeType, 'image/png');
      assert.deepEqual(Uint8Array.from(upload.data), PNG);
      assert.equal(upload.status, 'accepted');
      assert.equal(server.submissions.length, 1);
      const submission = server.submissions[0]!;
      assert.deepEqual(submission.attachments, ['dot.png']);
      assert.ok(upload.sequence < submission.sequence, 'the file arrived before the prompt');
      assert.match(submission.text, /^What is in the picture\?\n\n\[ptk:/);
      const uploads = model.log.entries[0]!.uploads;
      assert.deepEqual(uploads?.files, [{ name: 'dot.png', mimeType: 'image/png', bytes: PNG.byteLength }], 'the turn log names the upload');
      assert.ok(uploads.confirmedAfterMs >= 0);
    });
  });

  it('attachments: a text file is accepted and sent with the prompt', async () => {
    const text = 'first line\nsecond line: héllo — 你好\n';
    await withSite(browser(), entry, { scenario: { turns: [{ reply: 'Read it.', tokenMs: 2 }] } }, async ({ model, server }) => {
      assert.equal(await model.call('Read the notes.', { attachments: [textFile('notes.txt', text)] }), 'Read it.');
      assert.equal(server.uploads[0]!.data.toString('utf8'), text);
      assert.deepEqual(server.submissions[0]!.attachments, ['notes.txt']);
    });
  });

  it('attachments: a file the site refuses (too large, wrong type) → ATTACHMENT_REFUSED, nothing sent; the next call is clean', async () => {
    await withSite(browser(), entry, { scenario: { uploads: { maxFileBytes: 1_000, acceptTypes: ['image/', 'text/'] }, turns: [{ reply: 'fine', tokenMs: 2 }] } }, async ({ model, server }) => {
      const large = await rejectsWith(model.call('Read this.', { attachments: [textFile('big.txt', 'x'.repeat(5_000))] }), [PTKErrorCode.ATTACHMENT_REFUSED]);
      assert.match(large.message, /big\.txt|too large/i);
      await rejectsWith(model.call('Read this.', { attachments: [{ name: 'tool.exe', mimeType: 'application/x-msdownload', data: Uint8Array.from([77, 90, 0, 0]) }] }), [PTKErrorCode.ATTACHMENT_REFUSED]);
      assert.equal(server.submissions.length, 0, 'nothing was sent');
      assert.equal(await model.call('Just answer.'), 'fine');
      assert.deepEqual(server.submissions[0]!.attachments, [], 'no refused file rides along');
    });
  });

  it('attachments: an upload the site never confirms → ATTACHMENT_NOT_CONFIRMED, nothing sent; the next call is clean', async () => {
    await withSite(browser(), entry, { scenario: { uploads: { neverConfirm: true }, turns: [{ reply: 'fine', tokenMs: 2 }] }, adapter: shortConfirm }, async ({ model, server }) => {
      const error = await rejectsWith(model.call('Read this.', { attachments: [textFile('slow.txt', 'slow')] }), [PTKErrorCode.ATTACHMENT_NOT_CONFIRMED]);
      assert.match(error.message, /slow\.txt/);
      assert.equal(server.uploads.length, 1, 'the file reached the site');
      assert.equal(server.submissions.length, 0, 'nothing was sent');
      server.setScenario({ turns: [{ reply: 'fine', tokenMs: 2 }] });
      assert.equal(await model.call('Just answer.'), 'fine');
      assert.deepEqual(server.submissions[0]!.attachments, [], 'the unconfirmed file does not ride along');
    });
  });

  it("attachments: an upload behind the site's acknowledgement dialog is accepted", { skip: !features.uploadConsent }, async () => {
    await withSite(browser(), entry, { scenario: { turns: [{ reply: 'Read it.', tokenMs: 2 }] } }, async ({ model, server, adapter }) => {
      assert.ok((adapter.selectors.uploadConsentButton?.length ?? 0) > 0, 'the adapter names the acknowledge button');
      // Without the button the dialog stays in the way: the file never goes up, nothing is sent.
      await model.connect();
      const blind = shortConfirm({ ...adapter, selectors: { ...adapter.selectors, uploadConsentButton: [] } });
      await rejectsWith(uploadAttachments(await model.page(), blind, [textFile('first.txt', 'one')]), [PTKErrorCode.ATTACHMENT_NOT_CONFIRMED]);
      assert.equal(server.uploads.length, 0, 'the file waited behind the dialog');
      // With it the dialog is acknowledged, the file goes up, then the prompt.
      assert.equal(await model.call('Read the notes.', { attachments: [textFile('notes.txt', 'hello')] }), 'Read it.');
      assert.equal(server.uploads.length, 1);
      const upload = server.uploads[0]!;
      assert.equal(upload.name, 'notes.txt');
      assert.equal(upload.status, 'accepted');
      const submission = server.submissions[0]!;
      assert.deepEqual(submission.attachments, ['notes.txt']);
      assert.ok(upload.sequence < submission.sequence, 'the file arrived before the prompt');
    });
  });

  it('attachments: a 300 KB context over a 100 KB limit goes up as a text file, and the prompt names it', async () => {
    const { prompt, data } = longTranscript(300_000);
    await withSite(
      browser(),
      entry,
      { scenario: { maxPromptChars: 100_000, turns: [{ reply: 'Summary.', tokenMs: 2 }] }, adapter: (adapter) => ({ ...adapter, maxPromptChars: 100_000 }) },
      async ({ model, server }) => {
        assert.equal(await model.call(prompt), 'Summary.');
        assert.equal(server.uploads.length, 1);
        const upload = server.uploads[0]!;
        assert.match(upload.name, /^ptk-context-[0-9a-z]+-1\.txt$/);
        assert.equal(upload.mimeType, 'text/plain');
        assert.ok(upload.data.toString('utf8').includes(JSON.stringify(data).slice(1, -1)), 'the tool result is in the file');
        const submission = server.submissions[0]!;
        assert.ok(submission.text.length <= 100_000, `sent ${submission.text.length} characters`);
        assert.ok(submission.text.includes(upload.name), 'the prompt names the file');
        assert.ok(submission.text.includes('USER:\nNow write the summary.'), 'the final request stays');
        assert.ok(submission.text.includes('SYSTEM:\nYou are PTK. Use the tools.'), 'the instructions stay');
        assert.deepEqual(submission.attachments, [upload.name]);
        assert.ok(upload.sequence < submission.sequence);
        assert.deepEqual(model.log.entries[0]!.uploads?.files.map((file) => file.name), [upload.name], 'the turn log names the context file');
      },
    );
  });
}
