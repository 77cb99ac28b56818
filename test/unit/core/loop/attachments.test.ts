import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LLMBackendError, PTKAbortError, PTKErrorCode } from '../../../../src/core/errors';
import { AttachmentDelivery, sentNothing } from '../../../../src/core/loop/attachmentDelivery';
import { PTKManager } from '../../../../src/core/loop/ptkManager';
import type { PromptAttachment } from '../../../../src/core/ports';
import { ScriptedChatModel } from '../../../../src/core/testing/scriptedChatModel';
import { z } from 'zod';
import { defineTool } from '../../../../src/core/tools/defineTool';
import { call, readFileTool, registryWith } from './helpers';

const screenshot: PromptAttachment = { name: 'screenshot.png', mimeType: 'image/png', data: new Uint8Array([137, 80, 78, 71, 1, 2, 3]) };
const diagram: PromptAttachment = { name: 'diagram.jpg', mimeType: 'image/jpeg', data: new Uint8Array([255, 216, 255, 9]) };

describe('attachments of a task (PTKExecuteOptions.attachments)', () => {
  for (const keepsThread of [true, false]) {
    it(`go with the first model call only, never with a later turn (${keepsThread ? 'thread' : 'full transcript'} backend)`, async () => {
      const model = new ScriptedChatModel([call('read_file', { path: 'test.ts' }), call('read_file', { path: 'other.ts' }), 'The image shows a login form.'], { keepsThread });
      const manager = new PTKManager(model, registryWith(readFileTool({ 'test.ts': 'a', 'other.ts': 'b' })));
      const result = await manager.orchestrateToolCalling('What does this screenshot show?', { attachments: [screenshot, diagram] });
      assert.equal(result.success, true);
      assert.equal(model.calls.length, 3);
      assert.deepEqual(model.calls.map((recorded) => recorded.attachments.map((attachment) => attachment.name)), [['screenshot.png', 'diagram.jpg'], [], []]);
      // The very bytes given, not a copy.
      assert.equal(model.calls[0].attachments[0].data, screenshot.data);
      assert.deepEqual(model.attachmentsReceived, [screenshot, diagram]);
      assert.equal('attachments' in model.calls[1].options, false);
      assert.equal(result.attachmentsSent, true);
    });
  }

  it('a task without attachments sends none and its result says nothing about them', async () => {
    const model = new ScriptedChatModel(['Hello.']);
    const result = await new PTKManager(model, registryWith()).orchestrateToolCalling('Hi');
    assert.equal(result.success, true);
    assert.deepEqual(model.calls[0].attachments, []);
    assert.equal('attachments' in model.calls[0].options, false);
    assert.equal('attachmentsSent' in result, false);
  });

  it('an upload the site refused sent nothing: the result says the attachments were not sent', async () => {
    const refused = new LLMBackendError('The site refused screenshot.png: too large.', { code: PTKErrorCode.ATTACHMENT_REFUSED });
    const model = new ScriptedChatModel([refused]);
    const result = await new PTKManager(model, registryWith()).orchestrateToolCalling('Look at this', { attachments: [screenshot] });
    assert.equal(result.success, false);
    assert.equal(result.errorCode, PTKErrorCode.LLM_CALL_FAILED);
    assert.equal(result.backendErrorCode, PTKErrorCode.ATTACHMENT_REFUSED);
    assert.deepEqual(model.attachmentsReceived, [screenshot]);
    assert.equal(result.attachmentsSent, false);
  });

  it('a failure after sending (no answer in time) counts as sent: a retry must not upload them again', async () => {
    const model = new ScriptedChatModel([new LLMBackendError('No answer in 300 s.', { code: PTKErrorCode.ANSWER_TIMEOUT })]);
    const result = await new PTKManager(model, registryWith()).orchestrateToolCalling('Look at this', { attachments: [screenshot] });
    assert.equal(result.success, false);
    assert.equal(result.attachmentsSent, true);
  });

  it('a run that fails before its first call never sent them', async () => {
    const model = new ScriptedChatModel(['unused']);
    const result = await new PTKManager(model, registryWith()).orchestrateToolCalling('Look', { attachments: [screenshot], maxIterations: -1 });
    assert.equal(result.errorCode, PTKErrorCode.CONFIG_INVALID);
    assert.equal(model.calls.length, 0);
    assert.equal(result.attachmentsSent, false);
  });

  it('attachments of the wrong shape fail the options check before any call (CONFIG_INVALID naming them)', async () => {
    const model = new ScriptedChatModel(['unused']);
    const bad = [{ name: 'a.png', mimeType: 'image/png', data: 'not bytes' }] as unknown as PromptAttachment[];
    const result = await new PTKManager(model, registryWith()).orchestrateToolCalling('Look', { attachments: bad });
    assert.equal(result.errorCode, PTKErrorCode.CONFIG_INVALID);
    assert.match(result.error ?? '', /attachments/);
    assert.equal(model.calls.length, 0);
  });
});

describe('AttachmentDelivery', () => {
  it('offers the attachments until a call sent them, then never again', () => {
    const delivery = new AttachmentDelivery([screenshot]);
    assert.equal(delivery.status, 'pending');
    assert.deepEqual(delivery.forNextCall(), [screenshot]);
    delivery.delivered();
    assert.equal(delivery.forNextCall(), undefined);
    assert.equal(delivery.wereSent(), true);
    delivery.failed(new LLMBackendError('refused', { code: PTKErrorCode.ATTACHMENT_REFUSED }));
    assert.equal(delivery.forNextCall(), undefined, 'a later failure does not make sent attachments pending again');
  });

  it('a retry of the same call carries them again only when the failed call sent nothing', () => {
    const refusedFirst = new AttachmentDelivery([screenshot]);
    refusedFirst.failed(new LLMBackendError('LLM call failed: refused', { code: PTKErrorCode.LLM_CALL_FAILED, cause: new LLMBackendError('refused', { code: PTKErrorCode.ATTACHMENT_NOT_CONFIRMED }) }));
    assert.deepEqual(refusedFirst.forNextCall(), [screenshot]);
    assert.equal(refusedFirst.wereSent(), false);

    const sentFirst = new AttachmentDelivery([screenshot]);
    sentFirst.failed(new LLMBackendError('LLM call failed: gone', { code: PTKErrorCode.LLM_CALL_FAILED, cause: new LLMBackendError('gone', { code: PTKErrorCode.TAB_CLOSED }) }));
    assert.equal(sentFirst.forNextCall(), undefined);
    assert.equal(sentFirst.wereSent(), true);
  });

  it('no attachments: nothing to offer, nothing to report', () => {
    for (const given of [undefined, []]) {
      const delivery = new AttachmentDelivery(given);
      assert.equal(delivery.status, 'none');
      assert.equal(delivery.forNextCall(), undefined);
      assert.equal(delivery.wereSent(), undefined);
    }
  });

  it('sentNothing: only the codes that promise nothing was sent, found through the causes', () => {
    for (const code of [PTKErrorCode.ATTACHMENT_UNSUPPORTED, PTKErrorCode.ATTACHMENT_REFUSED, PTKErrorCode.ATTACHMENT_NOT_CONFIRMED, PTKErrorCode.MODEL_NOT_AVAILABLE, PTKErrorCode.BROWSER_NOT_FOUND, PTKErrorCode.BROWSER_LAUNCH_FAILED]) {
      assert.equal(sentNothing(new LLMBackendError('x', { code })), true, code);
      assert.equal(sentNothing(new LLMBackendError('wrapped', { code: PTKErrorCode.LLM_CALL_FAILED, cause: new LLMBackendError('x', { code }) })), true, `${code} as cause`);
    }
    for (const error of [new LLMBackendError('x', { code: PTKErrorCode.ANSWER_TIMEOUT }), new LLMBackendError('x', { code: PTKErrorCode.SUBMIT_FAILED }), new PTKAbortError(), new Error('boom'), 'text']) {
      assert.equal(sentNothing(error), false, String(error));
    }
  });
});

describe('files a tool sends (ToolContext.attach)', () => {
  /** A tool that sends `screenshot` with the next model call. */
  const shootTool = () =>
    defineTool({
      name: 'shoot',
      description: 'Takes a screenshot',
      inputSchema: z.object({ n: z.number().optional() }),
      run: (_args, context) => {
        assert.equal(typeof context.attach, 'function', 'the loop gives tools a way to send files');
        context.attach!(screenshot);
        return { screenshot: screenshot.name };
      },
    });

  it('go with the next model call only (after the tool result), never again', async () => {
    const model = new ScriptedChatModel([call('shoot', { n: 1 }), call('shoot', { n: 2 }), call('read_file', { path: 'test.ts' }), 'Done.'], { keepsThread: true });
    const result = await new PTKManager(model, registryWith(shootTool(), readFileTool({ 'test.ts': 'a' }))).orchestrateToolCalling('Look at the page', { attachments: [diagram] });
    assert.equal(result.success, true, result.error);
    assert.deepEqual(model.calls.map((recorded) => recorded.attachments.map((attachment) => attachment.name)), [['diagram.jpg'], ['screenshot.png'], ['screenshot.png'], []]);
    assert.match(model.calls[1].prompt, /TOOL_RESULT/);
  });

  for (const code of [PTKErrorCode.ATTACHMENT_UNSUPPORTED, PTKErrorCode.ATTACHMENT_REFUSED, PTKErrorCode.ATTACHMENT_NOT_CONFIRMED]) {
    it(`a site that does not take them (${code}) gets the turn without them`, async () => {
      const model = new ScriptedChatModel([call('shoot'), new LLMBackendError('no upload here', { code }), 'Seen.']);
      const result = await new PTKManager(model, registryWith(shootTool())).orchestrateToolCalling('Look at the page');
      assert.equal(result.success, true, result.error);
      assert.equal(result.content, 'Seen.');
      assert.deepEqual(model.calls.map((recorded) => recorded.attachments.map((attachment) => attachment.name)), [[], ['screenshot.png'], []]);
      assert.equal(model.calls[1].prompt, model.calls[2].prompt, 'the same turn, sent again without the file');
    });
  }

  it('any other failure of the call carrying them ends the task as before (nothing is sent twice)', async () => {
    const model = new ScriptedChatModel([call('shoot'), new LLMBackendError('No answer.', { code: PTKErrorCode.ANSWER_TIMEOUT })]);
    const result = await new PTKManager(model, registryWith(shootTool())).orchestrateToolCalling('Look at the page');
    assert.equal(result.success, false);
    assert.equal(result.backendErrorCode, PTKErrorCode.ANSWER_TIMEOUT);
    assert.equal(model.calls.length, 2);
  });
});
