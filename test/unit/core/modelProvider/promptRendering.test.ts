import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderedMessageChars, renderNewChat, renderNewMessages, REQUIRED_TOOL_INSTRUCTION, type PromptRenderingOptions } from '../../../../src/core/modelProvider/promptRendering';
import { providerToolAsPTKTool, type ProviderMessage } from '../../../../src/core/modelProvider/providerMessages';
import { estimateTokenCount } from '../../../../src/core/modelProvider/tokenEstimate';
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
  });

  it('a request without tools is plain: the question alone, or the caller\'s instructions and the transcript, no PTK prompt or protocol', () => {
    const plain: PromptRenderingOptions = { ...options(), promptTools: [] };
    const question: ProviderMessage = { role: 'user', parts: [{ type: 'text', text: 'Write a commit message for: fix typo in README.' }] };
    assert.equal(renderNewChat([question], plain), 'Write a commit message for: fix typo in README.');
    const system: ProviderMessage = { role: 'system', parts: [{ type: 'text', text: 'Translate to German.' }] };
    assert.equal(renderNewChat([system, { role: 'user', parts: [{ type: 'text', text: 'Good morning' }] }], plain), 'Translate to German.\n\nGood morning');
    const conversation = renderNewChat([question, { role: 'assistant', parts: [{ type: 'text', text: 'Fix typo in README' }] }, { role: 'user', parts: [{ type: 'text', text: 'Shorter.' }] }], plain);
    assert.equal(conversation, 'USER:\nWrite a commit message for: fix typo in README.\n\nASSISTANT:\nFix typo in README\n\nUSER:\nShorter.');
    assert.doesNotMatch(renderNewMessages([question], plain, 8), /Reminder|TOOL_CALL/);
  });

  it('a message\'s rendered size is what a new chat\'s transcript adds for it', () => {
    const formatter = new PTKFormatter();
    const first: ProviderMessage = { role: 'user', parts: [{ type: 'text', text: 'Define "chat".' }] };
    const second: ProviderMessage = { role: 'assistant', parts: [{ type: 'text', text: 'Looking.' }, { type: 'toolCall', callId: 'c1', name: 'lookup', input: { word: 'chat' } }] };
    const third: ProviderMessage = { role: 'user', parts: [{ type: 'toolResult', callId: 'c1', text: 'a "cat"\nand more' }] };
    const base = renderNewChat([first], options()).length;
    const whole = renderNewChat([first, second, third], options()).length;
    assert.equal(renderedMessageChars(second, formatter) + renderedMessageChars(third, formatter), whole - base);
  });
});
