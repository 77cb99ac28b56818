import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderNewChat, renderNewMessages, REQUIRED_TOOL_INSTRUCTION, type PromptRenderingOptions } from '../../../../src/core/modelProvider/promptRendering';
import { providerToolAsPTKTool, type ProviderMessage } from '../../../../src/core/modelProvider/providerMessages';
import { estimateMessageTokens, estimateTokenCount } from '../../../../src/core/modelProvider/tokenEstimate';
import { PTKFormatter } from '../../../../src/core/protocol';

const options = (toolMode: PromptRenderingOptions['toolMode'] = 'auto'): PromptRenderingOptions => ({
  formatter: new PTKFormatter(),
  promptTools: [providerToolAsPTKTool({ name: 'lookup', description: 'Looks a word up.', inputSchema: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] } })],
  toolMode,
});

describe('prompt rendering', () => {
  it('a new chat: PTK system prompt with the tools, the caller\'s system text as instructions, then the transcript', () => {
    const messages: ProviderMessage[] = [
      { role: 'system', parts: [{ type: 'text', text: 'Answer in French.' }] },
      { role: 'user', parts: [{ type: 'text', text: 'Define "chat".' }] },
      { role: 'assistant', parts: [{ type: 'toolCall', callId: 'c1', name: 'lookup', input: { word: 'chat' } }] },
      { role: 'user', parts: [{ type: 'toolResult', callId: 'c1', text: 'a cat', isError: false }, { type: 'text', text: 'Shorter please.' }] },
    ];
    const prompt = renderNewChat(messages, options());
    assert.ok(prompt.startsWith('SYSTEM:\n'), prompt.slice(0, 40));
    assert.match(prompt, /- lookup\(word: string\): Looks a word up\./);
    assert.match(prompt, /INSTRUCTIONS FROM THE APPLICATION:\nAnswer in French\./);
    assert.match(prompt, /ASSISTANT:\n<TOOL_CALL>\{"tool":"lookup","args":\{"word":"chat"\}\}<\/TOOL_CALL>/);
    assert.match(prompt, /TOOL:\nTOOL_RESULT: \{"success":true,"data":"a cat","error":null\}/);
    assert.ok(prompt.indexOf('a cat') < prompt.indexOf('Shorter please.'));
  });

  it('a continued chat: only the new results and text; errors as failed results; the required rule again', () => {
    const newMessages: ProviderMessage[] = [{ role: 'user', parts: [{ type: 'toolResult', callId: 'c1', text: 'not found', isError: true }] }];
    assert.equal(renderNewMessages(newMessages, options(), 1), 'TOOL_RESULT: {"success":false,"data":null,"error":"not found"}');
    assert.ok(renderNewMessages(newMessages, options('required'), 1).endsWith(REQUIRED_TOOL_INSTRUCTION));
    assert.match(renderNewMessages(newMessages, options(), 8), /Reminder: tools available: lookup/);
  });

  it('the token estimate counts about four characters per token, calls and results included', () => {
    assert.equal(estimateTokenCount('abcdefgh'), 2);
    assert.equal(estimateTokenCount('abcdefghi'), 3);
    assert.equal(estimateMessageTokens({ role: 'assistant', parts: [{ type: 'text', text: 'abcd' }, { type: 'toolCall', callId: 'x', name: 'ab', input: { a: 1 } }] }), 4, '4 + 2 + 7 characters');
  });
});
