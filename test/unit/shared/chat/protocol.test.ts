import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { emptyChatState } from '../../../../src/shared/chat/chatReducer';
import { parseHostMessage, parseWebviewMessage } from '../../../../src/shared/chat/protocol';

describe('parseWebviewMessage', () => {
  it('accepts each well-formed message', () => {
    for (const message of [
      { type: 'ready' },
      { type: 'send', text: 'hello' },
      { type: 'stop' },
      { type: 'approve', approvalId: 'a1', always: true },
      { type: 'reject', approvalId: 'a1', reason: 'no' },
      { type: 'openDiff', approvalId: 'a1' },
      { type: 'newConversation' },
      { type: 'openConversation', conversationId: 'c1' },
      { type: 'connectionAction', action: 'login' },
      { type: 'draftImages', attachments: [] },
      { type: 'draftImages', attachments: [{ id: 'image-1', name: 'shot.png', mimeType: 'image/png', data: 'iVBORw0KGgo=' }] },
    ]) {
      const parsed = parseWebviewMessage(message);
      assert.equal(parsed.ok, true, JSON.stringify(message));
      if (parsed.ok) assert.deepEqual(parsed.message, message);
    }
  });

  it('refuses draft images that could not be sent either: five of them, or one that is not base64', () => {
    const image = { id: 'image-1', name: 'shot.png', mimeType: 'image/png', data: 'iVBORw0KGgo=' };
    const tooMany = parseWebviewMessage({ type: 'draftImages', attachments: [image, image, image, image, image] });
    assert.equal(tooMany.ok, false);
    if (!tooMany.ok) assert.match(tooMany.error, /at most 4 images/);
    const notBase64 = parseHostMessage({ type: 'draftImages', attachments: [{ ...image, data: 'not base64!' }] });
    assert.equal(notBase64.ok, false);
    if (!notBase64.ok) assert.match(notBase64.error, /not base64/);
  });

  it('refuses an unknown type, naming the field', () => {
    const parsed = parseWebviewMessage({ type: 'explode' });
    assert.equal(parsed.ok, false);
    if (!parsed.ok) assert.match(parsed.error, /type/);
  });

  it('refuses an empty or blank send with a specific reason', () => {
    const parsed = parseWebviewMessage({ type: 'send', text: '   ' });
    assert.equal(parsed.ok, false);
    if (!parsed.ok) assert.match(parsed.error, /text: empty message/);
  });

  it('says what is wrong in English words, with the expected values', () => {
    const missing = parseWebviewMessage({ type: 'approve' });
    assert.equal(missing.ok, false);
    if (!missing.ok) assert.match(missing.error, /approvalId: .*expected string/);
    const action = parseWebviewMessage({ type: 'connectionAction', action: 'format-disk' });
    if (!action.ok) assert.match(action.error, /action: .*"login"/);
  });

  it('hands over the trimmed text of a send', () => {
    const parsed = parseWebviewMessage({ type: 'send', text: '  hello  ' });
    assert.deepEqual(parsed, { ok: true, message: { type: 'send', text: 'hello' } });
  });

  it('refuses a reject without an approval id and a bad connection action', () => {
    assert.equal(parseWebviewMessage({ type: 'reject', reason: 'x' }).ok, false);
    assert.equal(parseWebviewMessage({ type: 'connectionAction', action: 'format-disk' }).ok, false);
    assert.equal(parseWebviewMessage(null).ok, false);
    assert.equal(parseWebviewMessage('send').ok, false);
  });
});

describe('parseHostMessage', () => {
  it('accepts a state message with a real view state and refuses a fake one', () => {
    const connection = { site: 'chatgpt', status: 'connected' as const };
    assert.equal(parseHostMessage({ type: 'state', state: emptyChatState('c1'), connection, history: [] }).ok, true);
    assert.equal(parseHostMessage({ type: 'state', state: { items: [] }, connection, history: [] }).ok, false);
  });

  it('carries a guest session and a site notice with the connection', () => {
    const connection = { site: 'claude', status: 'connected', guest: true, warning: 'Limit reached' };
    assert.deepEqual(parseHostMessage({ type: 'connection', connection }), { ok: true, message: { type: 'connection', connection } });
    assert.equal(parseHostMessage({ type: 'connection', connection: { ...connection, guest: 'yes' } }).ok, false);
  });

  it('checks the event inside an event message', () => {
    assert.equal(parseHostMessage({ type: 'event', conversationId: 'c1', event: { type: 'assistantDelta', id: 'b', text: 'hi' } }).ok, true);
    const bad = parseHostMessage({ type: 'event', conversationId: 'c1', event: { type: 'assistantDelta', id: 'b' } });
    assert.equal(bad.ok, false);
    if (!bad.ok) assert.match(bad.error, /event\.text/);
  });
});
