import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { builtInAdapters } from '../../../src/browser/adapters/registry';
import { participantFollowups } from '../../../src/host/vscode/participantFollowups';
import { participantHistory, participantPrompt } from '../../../src/host/vscode/participantPrompt';
import { SITE_IDS } from '../../../src/ui/settings';
import { SITE_PROMPT_LIMITS, siteModelInfo } from '../../../src/host/vscode/siteModelInfo';

describe('siteModelInfo', () => {
  it('names the model after the site and derives the input limit from the adapter\'s prompt limit', () => {
    const info = siteModelInfo('chatgpt', '0.1.0');
    assert.equal(info.id, 'ptk-chatgpt');
    assert.equal(info.name, 'ChatGPT (web, via PTK)');
    assert.equal(info.maxInputTokens, 50_000);
  });

  it('the prompt limits repeat the adapters\' maxPromptChars', () => {
    for (const adapter of builtInAdapters) {
      assert.equal(SITE_PROMPT_LIMITS[adapter.id as (typeof SITE_IDS)[number]], adapter.maxPromptChars, adapter.id);
    }
  });
});

describe('@ptk prompt, history and follow-ups', () => {
  it('puts the attached files and selections after the request, each capped', () => {
    const prompt = participantPrompt('Explain this', [{ label: 'src/a.ts:3-4', text: 'const a = 1;' }, { label: 'big.txt', text: 'x'.repeat(50) }], 12);
    assert.match(prompt, /^Explain this\n\nATTACHED CONTEXT/);
    assert.match(prompt, /--- src\/a\.ts:3-4 ---\nconst a = 1;\n--- end of src\/a\.ts:3-4 ---/);
    assert.match(prompt, /x{12}\n\[… 38 more characters not shown/);
    assert.equal(participantPrompt('Just this', []), 'Just this');
  });

  it('keeps earlier turns as history, empty ones left out', () => {
    assert.deepEqual(participantHistory([{ role: 'user', text: 'hi' }, { role: 'assistant', text: ' ' }, { role: 'assistant', text: 'hello' }]), [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }]);
  });

  it('offers tests after a change, a retry after a failure', () => {
    assert.deepEqual(participantFollowups({ prompt: 'p', success: true, toolNames: ['read_file', 'edit_file'] }).map((followup) => followup.label), ['Run the tests', 'Explain the changes']);
    assert.deepEqual(participantFollowups({ prompt: 'p', success: false, toolNames: [] }), [{ label: 'Try again', prompt: 'p' }]);
    assert.deepEqual(participantFollowups(undefined), []);
  });
});
