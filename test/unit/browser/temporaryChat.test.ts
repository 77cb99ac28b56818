/** The temporary-chat URL form and the adapters' descriptions of their temporary chats. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { builtInAdapters } from '../../../src/browser/adapters/registry';
import { temporaryChatMissing, temporaryChatUrl } from '../../../src/browser/temporaryChat';
import { DEFAULTS } from '../../../src/core/constants';

describe('temporaryChatUrl', () => {
  it("adds the site's parameter to its start URL, a replaced one too", () => {
    assert.equal(temporaryChatUrl('https://chatgpt.com/', ['temporary-chat', 'true']), 'https://chatgpt.com/?temporary-chat=true');
    assert.equal(temporaryChatUrl('http://127.0.0.1:4000/', ['temporary-chat', 'true']), 'http://127.0.0.1:4000/?temporary-chat=true');
  });
  it('writes a parameter without a value bare, as Claude\'s `?incognito`', () => {
    assert.equal(temporaryChatUrl('https://claude.ai/new', ['incognito', '']), 'https://claude.ai/new?incognito');
    assert.equal(temporaryChatUrl('https://claude.ai/new?x=1', ['incognito', '']), 'https://claude.ai/new?x=1&incognito');
  });
});

describe('temporary chats of the built-in sites', () => {
  it('is on by default', () => {
    assert.equal(DEFAULTS.temporaryChats, true);
  });
  it('every site but DeepSeek describes its control, with a way to tell it is on', () => {
    const described = builtInAdapters.filter((adapter) => adapter.temporaryChat).map((adapter) => adapter.id).sort();
    assert.deepEqual(described, ['aistudio', 'chatgpt', 'claude', 'gemini', 'openwebui']);
    for (const adapter of builtInAdapters) {
      const control = adapter.temporaryChat;
      if (!control) continue;
      assert.ok(control.urlParam || (control.toggle && control.toggle.length > 0), `${adapter.id}: a URL or a toggle`);
      assert.ok(control.urlParam || (control.active && control.active.length > 0), `${adapter.id}: a way to tell it is on`);
    }
  });
  it('names the site and the setting in its warning', () => {
    assert.match(temporaryChatMissing({ displayName: 'Gemini' }), /^Gemini: the temporary-chat control was not found.*ptk\.temporaryChats/);
  });
});
