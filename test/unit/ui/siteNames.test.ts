/** Sites are named one way everywhere: their own name, "(demo)" when their address is on this machine. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { siteAddress, siteName } from '../../../src/ui/siteNames';

describe('siteName', () => {
  const demo = { site: 'chatgpt' as const, siteUrl: 'http://127.0.0.1:4100/', siteOverrides: { claude: { url: 'http://127.0.0.1:4200/' }, gemini: { composer: '#x' } } };

  it("marks a site whose address is local (ptk.siteUrl for ptk.site, ptk.siteOverrides' url for the others) as the demo", () => {
    assert.equal(siteName(demo, 'chatgpt'), 'ChatGPT (demo)');
    assert.equal(siteName(demo, 'claude'), 'Claude (demo)');
    assert.equal(siteName(demo, 'gemini'), 'Gemini', 'an override without an address leaves the real site');
    assert.equal(siteAddress(demo, 'gemini'), undefined);
  });

  it('names a real site by its own name, without its address; a custom site by its adapter name when known', () => {
    assert.equal(siteName({ site: 'chatgpt', siteUrl: undefined, siteOverrides: undefined }, 'aistudio'), 'Google AI Studio');
    assert.equal(siteName({ site: 'claude', siteUrl: 'https://claude.example.org/', siteOverrides: undefined }, 'claude'), 'Claude');
    assert.equal(siteName({ site: 'custom', siteUrl: 'http://localhost:3000/', siteOverrides: undefined }, 'custom', 'Open WebUI'), 'Open WebUI', 'a self-hosted chat on this machine is no demo');
  });

  it('names Open WebUI at a local address as itself: the instance the user runs, not a replica', () => {
    assert.equal(siteName({ site: 'openwebui', siteUrl: 'http://localhost:8080/', siteOverrides: undefined }, 'openwebui'), 'Open WebUI');
    assert.equal(siteName({ site: 'chatgpt', siteUrl: undefined, siteOverrides: { openwebui: { url: 'http://127.0.0.1:3000/' } } }, 'openwebui'), 'Open WebUI');
  });
});
