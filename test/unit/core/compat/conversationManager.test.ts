import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  addSuccessMessageFilter,
  buildConversationMessage,
  ConversationManager,
  extractToolCallFromMessage,
  formatToolCallMessage,
  formatToolResultMessage,
  generateDuplicateToolCallMessage,
  generateFailureMessage,
  generateSuccessMessage,
  validateToolCall,
} from '../../../../src/core/compat/conversationManager';
import { toolDisplayName } from '../../../../src/core/compat/displayName';
import type { PTKMessage } from '../../../../src/core/types';

describe('conversation messages', () => {
  it('buildConversationMessage', () => {
    assert.deepEqual(buildConversationMessage('user', 'Create a pipeline'), { role: 'user', content: 'Create a pipeline' });
  });

  it('formatToolCallMessage: turn, display name, parameters', () => {
    const message = formatToolCallMessage('google_search', { query: 'WordPress best practices', num_results: 5 }, 1);
    assert.deepEqual(message, { role: 'assistant', content: 'AI ACTION (Turn 1): Executing Google Search with parameters: query: WordPress best practices, num_results: 5' });
    assert.equal(formatToolCallMessage('google_search', { query: 'x' }, 0).content, 'AI ACTION: Executing Google Search with parameters: query: x');
  });

  it('formatToolCallMessage truncates strings over 50 characters to 50...', () => {
    const long = 'a'.repeat(60);
    assert.equal(formatToolCallMessage('t', { text: long }, 2).content, `AI ACTION (Turn 2): Executing T with parameters: text: ${'a'.repeat(50)}...`);
    assert.equal(formatToolCallMessage('t', { text: 'a'.repeat(50) }, 2).content.endsWith(`text: ${'a'.repeat(50)}`), true);
  });

  it('generateSuccessMessage: default success, failure, and the filter hook', () => {
    assert.equal(
      generateSuccessMessage('twitter_publish', { success: true, data: [], error: null }, {}),
      'SUCCESS: Twitter Publish completed successfully. The requested operation has been finished as requested.',
    );
    assert.equal(
      generateSuccessMessage('twitter_publish', { success: false, data: null, error: 'Invalid credentials' }, {}),
      'TOOL FAILED: twitter_publish execution failed - Invalid credentials',
    );
    const remove = addSuccessMessageFilter((message, toolName, result) => {
      const data = result.data as { url?: string } | null;
      return toolName === 'wordpress_publish' && data?.url ? `SUCCESS: Post published at ${data.url}` : message;
    });
    try {
      assert.equal(generateSuccessMessage('wordpress_publish', { success: true, data: { url: 'https://x/1' }, error: null }, {}), 'SUCCESS: Post published at https://x/1');
      assert.match(generateSuccessMessage('other_tool', { success: true, data: {}, error: null }, {}), /^SUCCESS: Other Tool completed/);
    } finally {
      remove();
    }
    assert.match(generateSuccessMessage('wordpress_publish', { success: true, data: { url: 'u' }, error: null }, {}), /^SUCCESS: Wordpress Publish completed/);
  });

  it('generateFailureMessage', () => {
    assert.equal(
      generateFailureMessage('google_search', 'API quota exceeded'),
      'TOOL FAILED: Google Search execution failed - API quota exceeded. Please review the error and adjust your approach if needed.',
    );
  });

  it('formatToolResultMessage: handler tools get the message only, others the JSON data too', () => {
    const handler = formatToolResultMessage('wordpress_publish', { success: true, data: { id: 123, title: 'New Post' }, error: null }, { content: 'Post content' }, true, 2);
    assert.equal(handler.role, 'user');
    assert.equal(handler.content, 'TOOL RESPONSE (Turn 2): SUCCESS: Wordpress Publish completed successfully. The requested operation has been finished as requested.');
    const search = formatToolResultMessage('google_search', { success: true, data: { results: ['a'] }, error: null }, { query: 'test' }, false, 3);
    assert.equal(search.content, `TOOL RESPONSE (Turn 3): SUCCESS: Google Search completed successfully. The requested operation has been finished as requested.\n\n${JSON.stringify({ results: ['a'] }, null, 2)}`);
  });

  it('generateDuplicateToolCallMessage', () => {
    assert.deepEqual(generateDuplicateToolCallMessage('google_search'), {
      role: 'user',
      content: 'You just called the Google Search tool with the exact same parameters as your previous action. Please try a different approach or use different parameters instead.',
    });
  });

  it('extractToolCallFromMessage parses AI ACTION messages back', () => {
    const extracted = extractToolCallFromMessage({ role: 'assistant', content: 'AI ACTION (Turn 1): Executing Google Search with parameters: query: WordPress, num_results: 5' });
    assert.deepEqual(extracted, { toolName: 'google_search', parameters: { query: 'WordPress', num_results: 5 } });
    assert.equal(extractToolCallFromMessage({ role: 'user', content: 'AI ACTION (Turn 1): Executing X' }), null);
    assert.equal(extractToolCallFromMessage({ role: 'assistant', content: 'hello' }), null);
    const truncated = extractToolCallFromMessage(formatToolCallMessage('t', { text: 'b'.repeat(80) }, 1))!;
    assert.match(String(truncated.parameters.text), /^b{50}\.\.\._truncated_\d+$/);
  });

  it('validateToolCall compares with the most recent AI ACTION', () => {
    const conversation: PTKMessage[] = [
      { role: 'user', content: 'Search for WordPress' },
      { role: 'assistant', content: 'AI ACTION (Turn 1): Executing Google Search with parameters: query: WordPress, num_results: 5' },
      { role: 'user', content: 'TOOL RESPONSE (Turn 1): ...' },
    ];
    const duplicate = validateToolCall('google_search', { query: 'WordPress', num_results: 5 }, conversation);
    assert.equal(duplicate.isDuplicate, true);
    assert.match(duplicate.message, /^You just called the Google Search tool with the exact same parameters/);
    assert.deepEqual(validateToolCall('google_search', { query: 'WordPress plugins', num_results: 5 }, conversation), { isDuplicate: false, message: '' });
    assert.deepEqual(validateToolCall('google_search', { query: 'x' }, []), { isDuplicate: false, message: '' });
    // A truncated parameter never counts as a duplicate.
    const long = 'c'.repeat(70);
    assert.equal(validateToolCall('t', { text: long }, [formatToolCallMessage('t', { text: long }, 1)]).isDuplicate, false);
  });

  it('toolDisplayName', () => {
    assert.equal(toolDisplayName('google_search'), 'Google Search');
    assert.equal(toolDisplayName('readFile'), 'Read File');
  });
});

describe('ConversationManager', () => {
  it('runs the documented conversation flow in static-method style', () => {
    const conversation: PTKMessage[] = [ConversationManager.buildConversationMessage('user', 'Publish my post')];
    const parameters = { title: 'My Post', content: 'Post content' };
    conversation.push(ConversationManager.formatToolCallMessage('wordpress_publish', parameters, 1));
    const result = { success: true, data: { id: 123 }, error: null };
    conversation.push(ConversationManager.formatToolResultMessage('wordpress_publish', result, parameters, true, 1));
    assert.equal(conversation[1].content, 'AI ACTION (Turn 1): Executing Wordpress Publish with parameters: title: My Post, content: Post content');
    assert.equal(conversation[2].content, 'TOOL RESPONSE (Turn 1): SUCCESS: Wordpress Publish completed successfully. The requested operation has been finished as requested.');

    const validation = ConversationManager.validateToolCall('wordpress_publish', parameters, conversation);
    assert.equal(validation.isDuplicate, true);
    conversation.push(ConversationManager.buildConversationMessage('user', validation.message));
    assert.match(conversation[3].content, /^You just called the Wordpress Publish tool with the exact same parameters/);
  });

  it('is the same functions, and cannot be changed', () => {
    assert.equal(ConversationManager.generateFailureMessage, generateFailureMessage);
    assert.equal(ConversationManager.extractToolCallFromMessage, extractToolCallFromMessage);
    assert.equal(Object.isFrozen(ConversationManager), true);
  });
});
