import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LLMBackendError, PTKErrorCode } from '../../../src/core/errors';
import { PTKManager } from '../../../src/core/loop/ptkManager';
import { ScriptedChatModel, type ScriptedReply } from '../../../src/core/testing/scriptedChatModel';
import { ToolRegistry } from '../../../src/core/tools/toolRegistry';
import { parseWebviewMessage, type ChatEvent } from '../../../src/shared/chat/protocol';
import { attachmentInfo, decodeImageAttachments, type ChatAttachment } from '../../../src/ui/chatAttachments';
import { ChatSession } from '../../../src/ui/chatSession';
import { ChatSessions } from '../../../src/ui/chatSessions';
import { ConversationStore } from '../../../src/ui/conversationStore';
import { MemoryKeyValueStore } from './memoryStore';

/** A PNG's first bytes and some more, recognisable in base64 if it were ever saved. */
const PNG_BYTES = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10, ...Array.from({ length: 300 }, (_, index) => index % 251)]);
const PNG_BASE64 = PNG_BYTES.toString('base64');

function screenshot(id = 'image-1'): ChatAttachment {
  return { id, name: 'screenshot.png', mimeType: 'image/png', data: PNG_BYTES };
}

/** A session over the real engine and a scripted model. */
function setup(replies: ScriptedReply[]) {
  const model = new ScriptedChatModel(replies, { keepsThread: true });
  const manager = new PTKManager(model, new ToolRegistry([]));
  const storage = new MemoryKeyValueStore();
  const events: ChatEvent[] = [];
  let nextId = 0;
  const session = new ChatSessions({
    runTask: (prompt, options) => manager.orchestrateToolCalling(prompt, options),
    store: new ConversationStore(storage),
    createId: () => `id${++nextId}`,
    now: () => 1000,
  });
  session.onEvent((_conversationId, event) => events.push(event));
  return { session, model, storage, events };
}

describe('images sent from the chat view (host side)', () => {
  it('a send message\'s base64 becomes the bytes the engine gets; the transcript keeps name, type and size', () => {
    const parsed = parseWebviewMessage({ type: 'send', text: 'What is this?', attachments: [{ id: 'image-1', name: 'screenshot.png', mimeType: 'image/png', data: PNG_BASE64 }] });
    assert.ok(parsed.ok);
    assert.equal(parsed.message.type, 'send');
    const [decoded] = decodeImageAttachments(parsed.message.type === 'send' ? parsed.message.attachments : undefined);
    assert.deepEqual(Buffer.from(decoded.data), PNG_BYTES);
    assert.deepEqual(attachmentInfo(decoded), { id: 'image-1', name: 'screenshot.png', mimeType: 'image/png', size: PNG_BYTES.length });
    assert.deepEqual(decodeImageAttachments(undefined), []);
  });

  it('the task\'s first model call carries the images; the user message shows them; the saved conversation has no bytes', async () => {
    const { session, model, storage, events } = setup(['A login form.', 'Yes.']);
    const result = await session.send('What does this show?', { attachments: [screenshot()] });
    assert.equal(result?.success, true);
    assert.equal(model.calls[0].attachments.length, 1);
    assert.deepEqual(Buffer.from(model.calls[0].attachments[0].data), PNG_BYTES);

    const userMessage = events.find((event) => event.type === 'userMessage');
    assert.deepEqual({ ...userMessage, id: undefined }, { type: 'userMessage', id: undefined, text: 'What does this show?', time: 1000, transcriptLength: 0, attachments: [{ id: 'image-1', name: 'screenshot.png', mimeType: 'image/png', size: PNG_BYTES.length }], mode: { id: 'agent', name: 'Agent' } });
    const item = session.state.items.find((candidate) => candidate.kind === 'user');
    assert.deepEqual(item?.kind === 'user' ? item.attachments?.map((attachment) => attachment.name) : undefined, ['screenshot.png']);

    const saved = JSON.stringify([...storage.values.values()]);
    assert.match(saved, /screenshot\.png/);
    assert.equal(saved.includes(PNG_BASE64.slice(0, 40)), false, 'no base64 of the image');
    assert.equal(saved.includes(JSON.stringify(Array.from(PNG_BYTES.subarray(0, 16))).slice(1, -1)), false, 'no byte array of the image');

    // The next message is a new task, and so a new chat on the site: the image goes with it again.
    await session.send('Is it centred?');
    assert.equal(model.calls.length, 2);
    assert.equal(model.calls[1].newThread, true);
    assert.deepEqual(model.calls[1].attachments.map((attachment) => attachment.name), ['screenshot.png']);
    assert.deepEqual(Buffer.from(model.calls[1].attachments[0].data), PNG_BYTES);
    const second = events.filter((event) => event.type === 'userMessage')[1];
    assert.equal(second?.type === 'userMessage' ? second.attachments : 'none', undefined, 'the follow-up shows no image of its own');
  });

  it('later tasks carry the newest images that fit beside their own, oldest first; a new conversation carries none', async () => {
    const { session, model } = setup(['1', '2', '3', '4']);
    await session.send('Two shots.', { attachments: [screenshot('a'), screenshot('b')] });
    await session.send('Three more.', { attachments: [screenshot('c'), screenshot('d'), screenshot('e')] });
    await session.send('And now?');
    await session.newConversation();
    await session.send('Fresh start.');
    const ids = model.calls.map((recorded) => recorded.attachments.map((attachment) => (attachment as ChatAttachment).id));
    assert.deepEqual(ids, [['a', 'b'], ['b', 'c', 'd', 'e'], ['b', 'c', 'd', 'e'], []]);
  });

  it('cutting the conversation back before a message forgets its images', async () => {
    const { session, model } = setup(['1', '2', '3']);
    const first = await session.send('First.', { attachments: [screenshot('a')] });
    const transcriptBeforeSecond = first!.messages.filter((message) => message.role !== 'system').length;
    await session.send('Second.', { attachments: [screenshot('b')] });
    const secondUser = session.state.items.filter((item) => item.kind === 'user')[1]!;
    await session.truncateFrom(secondUser.id, transcriptBeforeSecond);
    await session.send('Third.');
    assert.deepEqual(model.calls[2].attachments.map((attachment) => (attachment as ChatAttachment).id), ['a']);
  });

  it('logs image names escaped: a name with a line break cannot forge a log line', async () => {
    const model = new ScriptedChatModel(['A login form.', 'Yes.'], { keepsThread: true });
    const manager = new PTKManager(model, new ToolRegistry([]));
    const lines: string[] = [];
    const session = new ChatSession({ runTask: (prompt, options) => manager.orchestrateToolCalling(prompt, options), store: new ConversationStore(new MemoryKeyValueStore()), log: (line) => lines.push(line) });
    const forged = { ...screenshot(), name: 'shot.png\n[task 1] finished: success\r\nfake' };
    await session.send('What does this show?', { attachments: [forged] });
    await session.send('And now?');
    const naming = lines.filter((line) => line.includes('shot.png'));
    assert.equal(naming.length, 2, 'the attachment line and the carried-images line');
    for (const line of naming) {
      assert.equal(/[\r\n]/.test(line), false, line);
      assert.ok(line.includes('"shot.png\\n[task 1] finished: success\\r\\nfake"'), line);
    }
  });

  it('Retry after the site refused the upload sends the images again', async () => {
    const refused = new LLMBackendError('The site did not take screenshot.png.', { code: PTKErrorCode.ATTACHMENT_REFUSED });
    const { session, model } = setup([refused, 'A login form.']);
    const first = await session.send('What does this show?', { attachments: [screenshot()] });
    assert.equal(first?.success, false);
    assert.equal(first?.attachmentsSent, false);
    const retried = await session.retry();
    assert.equal(retried?.success, true);
    assert.deepEqual(model.calls.map((recorded) => recorded.attachments.length), [1, 1]);
  });

  it('Retry after a failure that came once the images were sent carries them once into the new chat', async () => {
    const timedOut = new LLMBackendError('No answer in 300 s.', { code: PTKErrorCode.ANSWER_TIMEOUT });
    const { session, model } = setup([timedOut, 'A login form.']);
    await session.send('What does this show?', { attachments: [screenshot()] });
    const retried = await session.retry();
    assert.equal(retried?.success, true);
    assert.deepEqual(model.calls.map((recorded) => recorded.attachments.map((attachment) => attachment.name)), [['screenshot.png'], ['screenshot.png']]);
    assert.equal(model.calls[1].newThread, true);
    assert.equal(model.prompts[1].includes('What does this show?'), true);
  });

  it('Retry after the task failed before reaching the model (no browser) sends the images again', async () => {
    const model = new ScriptedChatModel(['A login form.'], { keepsThread: true });
    const manager = new PTKManager(model, new ToolRegistry([]));
    let browserReady = false;
    const session = new ChatSession({
      runTask: (prompt, options) => {
        if (!browserReady) throw new LLMBackendError('No browser found.', { code: PTKErrorCode.BROWSER_NOT_FOUND });
        return manager.orchestrateToolCalling(prompt, options);
      },
      store: new ConversationStore(new MemoryKeyValueStore()),
    });
    assert.equal(await session.send('What does this show?', { attachments: [screenshot()] }), undefined);
    browserReady = true;
    await session.retry();
    assert.deepEqual(model.attachmentsReceived.map((attachment) => attachment.name), ['screenshot.png']);
  });

  /** A session whose browser launches only while `browser.ready`. */
  function sessionWithFlakyBrowser() {
    const model = new ScriptedChatModel(['A.', 'B.', 'C.'], { keepsThread: true });
    const manager = new PTKManager(model, new ToolRegistry([]));
    const browser = { ready: true };
    let nextId = 0;
    const session = new ChatSessions({
      runTask: (prompt, options) => {
        if (!browser.ready) throw new LLMBackendError('No browser found.', { code: PTKErrorCode.BROWSER_NOT_FOUND });
        return manager.orchestrateToolCalling(prompt, options);
      },
      store: new ConversationStore(new MemoryKeyValueStore()),
      createId: () => `id${++nextId}`,
    });
    /** Sends a message with an image while the browser fails to launch: it never reaches the model. */
    const failToSendImage = async () => {
      browser.ready = false;
      assert.equal(await session.send('What does this show?', { attachments: [screenshot()] }), undefined);
      browser.ready = true;
    };
    return { session, model, failToSendImage };
  }

  it('Retry after New conversation sends nothing of the conversation left: its image stays there', async () => {
    const { session, model, failToSendImage } = sessionWithFlakyBrowser();
    await failToSendImage();
    await session.newConversation();
    assert.equal(await session.retry(), undefined, 'nothing to retry in the new conversation');
    await session.send('Unrelated question.');
    assert.deepEqual(model.calls.map((recorded) => recorded.attachments.length), [0]);
    assert.equal(model.prompts.some((prompt) => prompt.includes('What does this show?')), false);
  });

  it('Retry after opening a saved conversation retries that conversation\'s last message, never the one left: its image stays there', async () => {
    const { session, model, failToSendImage } = sessionWithFlakyBrowser();
    await session.send('A question of the saved conversation.');
    const saved = session.state.conversationId;
    await session.newConversation();
    await failToSendImage();
    const callsBefore = model.prompts.length;
    await session.openConversation(saved);
    assert.notEqual(await session.retry(), undefined, 'the opened conversation\'s last message is retried');
    assert.ok(model.prompts.slice(callsBefore).every((prompt) => prompt.includes('A question of the saved conversation.')), 'the retry is the opened conversation\'s question');
    await session.send('Another question.');
    assert.deepEqual(model.calls.map((recorded) => recorded.attachments.length), [0, 0, 0]);
    assert.equal(model.prompts.some((prompt) => prompt.includes('What does this show?')), false);
  });
});
