import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LLMBackendError, PTKErrorCode } from '../../../src/core/errors';
import { resolveAdapter } from '../../../src/browser/adapters/registry';
import { builtInAdapters } from '../../../src/browser/adapters/registry';
import { applySiteOverride, parseSiteOverrides } from '../../../src/browser/adapters/overrides';
import { createCustomAdapter } from '../../../src/browser/adapters/custom';
import { ATTACHMENT_REFUSAL_TEXT, attachmentStates, HeldEvidence, labelNamesFile, newRefusals } from '../../../src/browser/attachmentMatching';
import { canUpload, prepareOutgoingMessage, readsRenderedText, RENDERED_TEXT_NOTE } from '../../../src/browser/outgoingMessage';
import { ConsentClicks } from '../../../src/browser/uploadConsent';
import type { SiteAdapter } from '../../../src/browser/adapters/types';

const minimalCustom = { url: 'https://chat.example.test/', input: 'textarea', stopButton: '#stop', userTurn: '.user', answerContainer: '.bot', actionBar: '.actions' };

/** Sites whose file input is known but not how the page shows an accepted file (docs/sites.md): no upload yet. */
const SITES_WITHOUT_UPLOAD_EVIDENCE: readonly string[] = ['grok', 'mistral', 'qwen', 'kimi', 'zai', 'copilot', 'huggingchat', 'perplexity'];

describe('attachment chips: which file a chip stands for', () => {
  it('names a file exactly, in a longer label, or in the duplicate form a site gives it; never a longer name', () => {
    assert.ok(labelNamesFile('notes.txt', 'notes.txt'));
    assert.ok(labelNamesFile('Remove file 1: notes.txt', 'notes.txt'));
    assert.ok(labelNamesFile('Notes.TXT Document', 'notes.txt'));
    assert.ok(labelNamesFile('notes (1).txt', 'notes.txt'));
    assert.ok(labelNamesFile('notes(2).txt', 'notes.txt'));
    assert.ok(labelNamesFile('Remove notes.txt.', 'notes.txt'));
    assert.ok(!labelNamesFile('old-notes.txt', 'notes.txt'));
    assert.ok(!labelNamesFile('notes.txt.bak', 'notes.txt'));
    assert.ok(!labelNamesFile('notes.md', 'notes.txt'));
    assert.ok(!labelNamesFile('mynotes.txt', 'notes.txt'));
  });

  it('counts only chips new since the upload began; a pending chip is pending; one chip per file', () => {
    const before = ['notes.txt'];
    assert.deepEqual(attachmentStates(['notes.txt'], [{ label: 'notes.txt', pending: false }], before), ['missing'], 'the chip of an earlier upload does not count');
    assert.deepEqual(attachmentStates(['notes.txt'], [{ label: 'notes.txt', pending: false }, { label: 'notes (1).txt', pending: true }], before), ['pending']);
    assert.deepEqual(attachmentStates(['notes.txt'], [{ label: 'notes.txt', pending: false }, { label: 'notes (1).txt', pending: false }], before), ['ready']);
    assert.deepEqual(attachmentStates(['a.txt', 'a.txt'], [{ label: 'a.txt', pending: false }], []), ['ready', 'missing'], 'two files of the same name need two chips');
  });

  it('a new chip that names no file stands for one file no chip names; a chip naming another file never does', () => {
    assert.deepEqual(attachmentStates(['dot.png', 'notes.txt'], [{ label: 'notes.txt', pending: false }, { label: 'Image Remove', pending: false }], []), ['ready', 'ready']);
    assert.deepEqual(attachmentStates(['dot.png'], [{ label: 'other.png', pending: false }], []), ['missing']);
  });

  it('refusals: only new texts, and only those the site pattern matches', () => {
    assert.deepEqual(newRefusals(['File too large: a.txt', 'Saved'], [], ATTACHMENT_REFUSAL_TEXT), ['File too large: a.txt']);
    assert.deepEqual(newRefusals(['File too large: a.txt'], ['File too large: a.txt'], ATTACHMENT_REFUSAL_TEXT), [], 'an old toast is not a new refusal');
    assert.deepEqual(newRefusals(['Something else'], [], undefined), ['Something else'], 'no pattern: any new text');
    for (const text of ['Upload file is too large. Try uploading a smaller part', 'Unsupported file type: x.exe', 'You already uploaded this file', 'Failed to upload a.txt: the file is too large.']) {
      assert.match(text, new RegExp(ATTACHMENT_REFUSAL_TEXT, 'i'), text);
    }
  });

  it('acceptance must hold over three looks and the hold time: a flash does not count', () => {
    const held = new HeldEvidence(300);
    assert.equal(held.observe(true, 0), false);
    assert.equal(held.observe(true, 100), false);
    assert.equal(held.observe(false, 200), false, 'gone again');
    assert.equal(held.observe(true, 300), false);
    assert.equal(held.observe(true, 400), false);
    assert.equal(held.observe(true, 500), false, 'three looks but only 200 ms');
    assert.equal(held.observe(true, 600), true);
  });

  it('an acknowledgement dialog in the way: clicked at once, again only after the gap, three times at most, then reported stuck', () => {
    const clicks = new ConsentClicks(3, 1_000);
    assert.equal(clicks.due(false, 0), false, 'nothing shown: no click');
    assert.equal(clicks.due(true, 0), true);
    clicks.clicked(0);
    assert.equal(clicks.due(true, 500), false, 'still closing');
    assert.equal(clicks.due(true, 1_000), true);
    clicks.clicked(1_000);
    clicks.clicked(2_000);
    assert.equal(clicks.count, 3);
    assert.equal(clicks.due(true, 9_000), false, 'no click loop');
    assert.equal(clicks.stuck(true), true);
    assert.equal(clicks.stuck(false), false, 'closed in the end');
    assert.equal(new ConsentClicks().stuck(true), false, 'not yet clicked: not stuck');
  });
});

describe('outgoing message: attachments and long context', () => {
  const chatgpt = resolveAdapter('chatgpt');
  // A copy control, so that its prompts go out as they are (no request for code blocks).
  const noUpload: SiteAdapter = createCustomAdapter({ ...minimalCustom, copyButton: '.actions button.copy' });
  const framing = { reservedChars: 20, fileTag: 't1' };

  it('every built-in adapter has an upload path but those whose file chips no source shows; a custom site has one only when described', () => {
    for (const adapter of builtInAdapters) assert.equal(canUpload(adapter), !SITES_WITHOUT_UPLOAD_EVIDENCE.includes(adapter.id), adapter.id);
    assert.equal(canUpload(noUpload), false);
    assert.ok(canUpload(createCustomAdapter({ ...minimalCustom, fileInput: 'input#file', attachmentReady: '.chip', attachmentRefusedText: 'too large' })));
  });

  it('attachments on a site without an upload path → ATTACHMENT_UNSUPPORTED', () => {
    assert.throws(
      () => prepareOutgoingMessage('look', [{ name: 'a.txt', mimeType: 'text/plain', data: new Uint8Array(1) }], noUpload, framing),
      (error: unknown) => error instanceof LLMBackendError && error.code === PTKErrorCode.ATTACHMENT_UNSUPPORTED && !error.recoverable,
    );
    assert.deepEqual(prepareOutgoingMessage('look', undefined, noUpload, framing), { prompt: 'look', attachments: [], overflowFiles: [] });
  });

  it('a prompt over the limit moves into ptk-context-<tag>-1.txt on a site that uploads; the caller’s files come first', () => {
    const adapter = { ...chatgpt, maxPromptChars: 2_000 };
    const prompt = `SYSTEM:\nrules\n\nTOOL_RESULT: ${'r'.repeat(5_000)}\n\nUSER:\ngo on`;
    const own = { name: 'a.png', mimeType: 'image/png', data: new Uint8Array([1]) };
    const outgoing = prepareOutgoingMessage(prompt, [own], adapter, framing);
    assert.deepEqual(outgoing.overflowFiles, ['ptk-context-t1-1.txt']);
    assert.equal(outgoing.attachments[0], own);
    assert.equal(outgoing.attachments[1]!.mimeType, 'text/plain');
    assert.ok(new TextDecoder().decode(outgoing.attachments[1]!.data).includes('r'.repeat(5_000)));
    assert.ok(outgoing.prompt.length + framing.reservedChars <= 2_000);
    assert.ok(outgoing.prompt.includes('ptk-context-t1-1.txt'));
  });

  it('without an upload path, or when nothing may move, the prompt stays as it is (insertPrompt then says PROMPT_TOO_LONG)', () => {
    const long = `TOOL_RESULT: ${'r'.repeat(5_000)}`;
    assert.equal(prepareOutgoingMessage(long, [], { ...noUpload, maxPromptChars: 1_000 }, framing).prompt, long);
    assert.equal(prepareOutgoingMessage('y'.repeat(5_000), [], { ...chatgpt, maxPromptChars: 1_000 }, framing).prompt, 'y'.repeat(5_000));
  });

  it('a site read as rendered text (no copy control, no copy menu) gets one line asking for calls in a code block; a site with either does not', () => {
    const rendered = createCustomAdapter(minimalCustom);
    assert.equal(prepareOutgoingMessage('look', [], rendered, framing).prompt, `look\n\n${RENDERED_TEXT_NOTE}`);
    assert.match(RENDERED_TEXT_NOTE, /```json code block inside the tags/);
    assert.equal(prepareOutgoingMessage('look', [], noUpload, framing).prompt, 'look');
    assert.equal(prepareOutgoingMessage('look', [], resolveAdapter('aistudio'), framing).prompt, 'look', 'its copy is in a menu');
    for (const adapter of builtInAdapters) assert.equal(readsRenderedText(adapter), false, adapter.id);
  });

  it('site overrides and the custom site take the upload fields, validated', () => {
    const overrides = parseSiteOverrides({ deepseek: { selectors: { attachmentReady: { prepend: ['div.card-v2'] }, fileInput: ['input#f2'] }, attachmentRefusedText: 'nope', timings: { attachmentConfirmMs: 5_000 } } }, builtInAdapters.map((adapter) => adapter.id));
    const base = resolveAdapter('deepseek');
    const repaired = applySiteOverride(base, overrides.deepseek);
    assert.deepEqual(repaired.selectors.attachmentReady, ['div.card-v2', ...base.selectors.attachmentReady!]);
    assert.deepEqual(repaired.selectors.fileInput, ['input#f2']);
    assert.equal(repaired.selectors.attachmentRefusedText, 'nope');
    assert.equal(repaired.timings?.attachmentConfirmMs, 5_000);
    const consent = applySiteOverride(resolveAdapter('aistudio'), parseSiteOverrides({ aistudio: { selectors: { uploadConsentButton: { append: ['[role="dialog"] button.agree-v2'] } } } }, ['aistudio']).aistudio);
    assert.deepEqual(consent.selectors.uploadConsentButton, [...resolveAdapter('aistudio').selectors.uploadConsentButton!, '[role="dialog"] button.agree-v2']);
    assert.deepEqual(createCustomAdapter({ ...minimalCustom, uploadConsentButton: '[role="dialog"] button.agree' }).selectors.uploadConsentButton, ['[role="dialog"] button.agree']);
    assert.throws(() => createCustomAdapter({ ...minimalCustom, uploadConsentButton: [''] }), /uploadConsentButton/);
    assert.throws(() => parseSiteOverrides({ aistudio: { selectors: { uploadConsentButton: [''] } } }, ['aistudio']), /uploadConsentButton/);
    assert.throws(() => parseSiteOverrides({ deepseek: { attachmentRefusedText: '(' } }, ['deepseek']), /attachmentRefusedText: is not a valid regular expression/);
    assert.throws(() => createCustomAdapter({ ...minimalCustom, attachmentRefusedText: '(' }), /attachmentRefusedText: is not a valid regular expression/);
  });
});
