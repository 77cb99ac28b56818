import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  connectionStatusLine,
  connectionTargetLine,
  connectionTooltip,
  diagnosedSite,
  isLocalAddress,
  HEADER_ACTIONS,
  siteModelLine,
} from '../../../../src/shared/chat/connectionLabels';

describe('connection labels and actions', () => {
  it('offers the header buttons each status needs', () => {
    assert.deepEqual(HEADER_ACTIONS.loginRequired, ['login', 'openTab']);
    assert.deepEqual(HEADER_ACTIONS.error, ['retry', 'chooseSite']);
    assert.deepEqual(HEADER_ACTIONS.disconnected, []);
    assert.deepEqual(HEADER_ACTIONS.connected, [], 'nothing to do: the header stays one line');
    assert.deepEqual(HEADER_ACTIONS.limited, ['chooseSite'], 'one button: the line with its time stays readable');
  });

  it('before the first send the header line is site · model as after it (one line at the default width); the tooltip says it connects when you send', () => {
    assert.equal(siteModelLine({ site: 'chatgpt', status: 'disconnected', url: 'http://127.0.0.1:4100/', demo: true }), "Demo (offline) · site's model");
    assert.equal(siteModelLine({ site: 'claude', status: 'disconnected', model: 'Haiku 4.5' }), 'claude · Haiku 4.5');
    assert.match(connectionTooltip({ site: 'claude', status: 'disconnected' }), /^claude · Not connected yet: connects when you send\n/);
  });

  it('the header names site and model, never the address (the tooltip has it): the default sidebar width shows both names', () => {
    assert.equal(siteModelLine({ site: 'claude', status: 'connected', model: 'Haiku 4.5' }), 'claude · Haiku 4.5');
    assert.equal(siteModelLine({ site: 'chatgpt', status: 'connected', url: 'http://127.0.0.1:4100/', demo: true }), "Demo (offline) · site's model");
    assert.equal(siteModelLine({ site: 'chatgpt', status: 'error', model: 'GPT-5.5', url: 'http://127.0.0.1:4100/', demo: true }), 'Demo (offline) · GPT-5.5');
  });

  it('names the site, the status and a guest session; the tooltip holds the detail and the site notice', () => {
    assert.equal(connectionStatusLine({ site: 'chatgpt', status: 'connected' }), 'chatgpt · Connected');
    assert.equal(connectionStatusLine({ site: 'chatgpt', status: 'connected', guest: true }), 'chatgpt · Connected as a guest');
    assert.equal(connectionStatusLine({ site: '', status: 'disconnected' }), 'No site · Not connected yet: connects when you send');
    assert.equal(
      connectionTooltip({ site: 'claude', status: 'connected', detail: 'Signed out.', warning: 'Limit reached' }),
      "claude · Connected\nModel: the site's current model\nSigned out.\nSite notice: Limit reached",
    );
    assert.equal(connectionTooltip({ site: 'claude', status: 'connecting', model: 'Haiku 4.5' }), 'claude · Connecting…\nModel: Haiku 4.5');
  });

  it('names the site, the model and an address override; a local address is the offline demo', () => {
    assert.equal(connectionTargetLine({ site: 'chatgpt', status: 'connected' }), "chatgpt · site's model");
    assert.equal(connectionTargetLine({ site: 'chatgpt', status: 'connected', model: 'GPT-5.5', url: 'http://127.0.0.1:4100/' }), 'chatgpt · GPT-5.5 · 127.0.0.1:4100');
    assert.match(connectionTooltip({ site: 'chatgpt', status: 'connected', url: 'http://127.0.0.1:4100/', demo: true }), /Address: http:\/\/127\.0\.0\.1:4100\/\nOffline demo site/);
    // The demo replica is named as the demo, never as the site it imitates.
    assert.equal(connectionTargetLine({ site: 'chatgpt', status: 'connected', url: 'http://127.0.0.1:4100/', demo: true }), "Demo (offline) · site's model · 127.0.0.1:4100");
    assert.match(connectionTooltip({ site: 'chatgpt', status: 'connected', url: 'http://127.0.0.1:4100/', demo: true }), /^Demo \(offline\) · Connected/);
    // With several sites the shown site keeps the name the menus give it, the demo marked there.
    const sites = [{ site: 'chatgpt', label: 'ChatGPT (demo)', state: 'ready' }, { site: 'claude', label: 'Claude (demo)', state: 'ready' }];
    assert.equal(siteModelLine({ site: 'ChatGPT (demo)', status: 'connected', url: 'http://127.0.0.1:4100/', demo: true, sites, siteState: 'ready' }), 'ChatGPT (demo) · ready');
    assert.equal(isLocalAddress('http://127.0.0.1:4100/'), true);
    assert.equal(isLocalAddress('http://localhost:8080'), true);
    assert.equal(isLocalAddress('https://chat.example.com/'), false);
    assert.equal(isLocalAddress(undefined), false);
  });

  it('Diagnose Site names the demo as the header does, a replica shaped like the site, with demo- files; a real site by its own name', () => {
    const chatgpt = { id: 'chatgpt', name: 'ChatGPT' };
    assert.deepEqual(diagnosedSite({ site: 'chatgpt', status: 'connected', url: 'http://127.0.0.1:4100/', demo: true }, chatgpt), { name: 'Demo (offline), a ChatGPT-shaped replica', filePrefix: 'demo' });
    assert.deepEqual(diagnosedSite({ site: 'chatgpt', status: 'connected' }, chatgpt), { name: 'ChatGPT', filePrefix: 'chatgpt' });
    assert.deepEqual(diagnosedSite({ site: 'chatgpt', status: 'connected', url: 'https://chat.example.com/' }, chatgpt), { name: 'ChatGPT', filePrefix: 'chatgpt' }, 'an address override elsewhere is no demo');
  });
});
