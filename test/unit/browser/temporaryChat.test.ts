/** The temporary-chat URL form and the adapters' descriptions of their temporary chats. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { builtInAdapters } from '../../../src/browser/adapters/registry';
import { addressShowsTemporaryChat, temporaryChatMissing, temporaryChatUnconfirmed, temporaryChatUrl } from '../../../src/browser/temporaryChat';
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

describe('addressShowsTemporaryChat', () => {
  it('reads the URL parameter, default the start parameter\'s name', () => {
    assert.equal(addressShowsTemporaryChat('https://chatgpt.com/?temporary-chat=true', { urlParam: ['temporary-chat', 'true'] }), true);
    assert.equal(addressShowsTemporaryChat('https://chatgpt.com/', { urlParam: ['temporary-chat', 'true'] }), false);
    assert.equal(addressShowsTemporaryChat('https://x.test/?tmp', { toggle: ['button'], onUrlParam: 'tmp' }), true);
  });
  it("reads the hash: Grok's private chat at /c#private", () => {
    const control = { toggle: ['a'], onUrl: { hash: '#private' } };
    assert.equal(addressShowsTemporaryChat('https://grok.com/c#private', control), true);
    assert.equal(addressShowsTemporaryChat('https://grok.com/c', control), false);
    assert.equal(addressShowsTemporaryChat('https://grok.com/c#privateer', control), false);
  });
  it("reads the start of the path: Le Chat's /incognito", () => {
    const control = { toggle: ['a'], onUrl: { path: '/incognito' } };
    assert.equal(addressShowsTemporaryChat('https://chat.mistral.ai/incognito', control), true);
    assert.equal(addressShowsTemporaryChat('https://chat.mistral.ai/incognito/abc', control), true);
    assert.equal(addressShowsTemporaryChat('https://chat.mistral.ai/incognitos', control), false);
    assert.equal(addressShowsTemporaryChat('https://chat.mistral.ai/chat', control), false);
  });
  it('shows nothing for a control without an address form, or an address that is not a URL', () => {
    assert.equal(addressShowsTemporaryChat('https://chat.qwen.ai/?incognito', { toggle: ['.temporary-chat-entry'] }), false);
    assert.equal(addressShowsTemporaryChat('about:blank#private', { onUrl: { hash: '#x' } }), false);
    assert.equal(addressShowsTemporaryChat('not a url', { onUrl: { path: '/incognito' } }), false);
  });
});

describe('temporary chats of the built-in sites', () => {
  it('is on by default', () => {
    assert.equal(DEFAULTS.temporaryChats, true);
  });
  it('the sites with a known control describe it, each but Qwen with a way to tell it is on', () => {
    const described = builtInAdapters.filter((adapter) => adapter.temporaryChat).map((adapter) => adapter.id).sort();
    assert.deepEqual(described, ['aistudio', 'chatgpt', 'claude', 'gemini', 'grok', 'mistral', 'openwebui', 'qwen']);
    for (const adapter of builtInAdapters) {
      const control = adapter.temporaryChat;
      if (!control) continue;
      assert.ok(control.urlParam || (control.toggle && control.toggle.length > 0), `${adapter.id}: a URL or a toggle`);
      const tells = Boolean(control.urlParam || control.onUrlParam || control.onUrl || (control.active && control.active.length > 0));
      // No source shows how Qwen's page shows its temporary chat: PTK warns it is unconfirmed.
      assert.equal(tells, adapter.id !== 'qwen', `${adapter.id}: a way to tell it is on`);
    }
  });
  it('names the site and the setting in its warning', () => {
    assert.match(temporaryChatMissing({ displayName: 'Gemini' }), /^Gemini: the temporary-chat control was not found.*ptk\.temporaryChats/);
    assert.match(temporaryChatUnconfirmed({ displayName: 'Qwen Chat' }), /^Qwen Chat: the temporary-chat control was clicked, but the page shows nothing that confirms it.*may be saved.*ptk\.temporaryChats/);
  });
});
