import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sitePromptLimit } from '../../../../src/host/vscode/sitePromptLimit';
import { SITE_PROMPT_LIMITS } from '../../../../src/host/vscode/siteModelInfo';

describe('sitePromptLimit', () => {
  it('is the site\'s own limit unless the settings set another: a custom site\'s maxPromptChars, a built-in site\'s override', () => {
    assert.equal(sitePromptLimit({ site: 'chatgpt' }), SITE_PROMPT_LIMITS.chatgpt);
    assert.equal(sitePromptLimit({ site: 'custom', customSite: { url: 'https://chat.example', maxPromptChars: 30_000 } }), 30_000);
    assert.equal(sitePromptLimit({ site: 'custom', customSite: { url: 'https://chat.example' } }), SITE_PROMPT_LIMITS.custom);
    assert.equal(sitePromptLimit({ site: 'claude', siteOverrides: { claude: { maxPromptChars: 50_000 }, chatgpt: { maxPromptChars: 1 } } }), 50_000);
    assert.equal(sitePromptLimit({ site: 'chatgpt', siteOverrides: { claude: { maxPromptChars: 50_000 } } }), SITE_PROMPT_LIMITS.chatgpt);
    assert.equal(sitePromptLimit({ site: 'custom', customSite: { maxPromptChars: -5 } }), SITE_PROMPT_LIMITS.custom, 'an invalid value (refused by the backend too) is ignored');
  });
});
