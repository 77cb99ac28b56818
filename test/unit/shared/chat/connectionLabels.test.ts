import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  CONNECTION_ACTION_LABELS,
  connectionStatusLine,
  connectionTooltip,
  HEADER_ACTIONS,
  headerActionLabel,
} from '../../../../src/shared/chat/connectionLabels';

describe('connection labels and actions', () => {
  it('offers the header buttons each status needs', () => {
    assert.deepEqual(HEADER_ACTIONS.loginRequired, ['login', 'openTab']);
    assert.deepEqual(HEADER_ACTIONS.error, ['retry', 'chooseSite']);
    assert.deepEqual(HEADER_ACTIONS.disconnected, ['chooseSite']);
    assert.deepEqual(HEADER_ACTIONS.connected, []);
  });

  it('calls choosing the site "Connect" in the header while nothing is connected, "Choose site" elsewhere', () => {
    assert.equal(headerActionLabel('chooseSite', 'disconnected'), 'Connect');
    assert.equal(headerActionLabel('chooseSite', 'error'), 'Choose site');
    assert.equal(headerActionLabel('login', 'loginRequired'), CONNECTION_ACTION_LABELS.login);
  });

  it('names the site, the status and a guest session; the tooltip holds the detail and the site notice', () => {
    assert.equal(connectionStatusLine({ site: 'chatgpt', status: 'connected' }), 'chatgpt · Connected');
    assert.equal(connectionStatusLine({ site: 'chatgpt', status: 'connected', guest: true }), 'chatgpt · Connected as a guest');
    assert.equal(connectionStatusLine({ site: '', status: 'disconnected' }), 'No site · Not connected');
    assert.equal(connectionTooltip({ site: 'claude', status: 'connected', detail: 'Signed out.', warning: 'Limit reached' }), 'Signed out.\nSite notice: Limit reached');
    assert.equal(connectionTooltip({ site: 'claude', status: 'connecting' }), '');
  });
});
