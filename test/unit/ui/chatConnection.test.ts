import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LLMBackendError, PTKErrorCode } from '../../../src/core/errors';
import { ChatConnection, type ChatModelHandle, type ChatModelStatus } from '../../../src/ui/chatConnection';
import type { ConnectionState } from '../../../src/shared/chat/protocol';

function fakeModel(loggedIn: boolean, log: string[]): ChatModelHandle {
  return {
    call: async () => 'hi',
    openTab: async () => {
      log.push('openTab');
      if (!loggedIn) throw new LLMBackendError('Claude needs you to log in.', { code: PTKErrorCode.LOGIN_REQUIRED });
    },
    close: async () => void log.push('close'),
  };
}

describe('ChatConnection', () => {
  it('names the model, the address override and the demo in every state, and tells the listeners when they change', async () => {
    const connection = new ChatConnection(async () => fakeModel(true, []), 'chatgpt');
    const states: ConnectionState[] = [];
    connection.onDidChange((state) => states.push(state));
    connection.setTarget({ model: 'GPT-5.5', url: 'http://127.0.0.1:4100/', demo: true });
    assert.deepEqual(states.at(-1), { site: 'chatgpt', status: 'disconnected', detail: undefined, model: 'GPT-5.5', url: 'http://127.0.0.1:4100/', demo: true });
    await connection.getModel();
    assert.deepEqual({ ...connection.state }, { site: 'chatgpt', status: 'connected', detail: undefined, model: 'GPT-5.5', url: 'http://127.0.0.1:4100/', demo: true });
    connection.setTarget({});
    assert.deepEqual({ ...connection.state }, { site: 'chatgpt', status: 'connected', detail: undefined });
    // A given model (the scripted demo) is the demo too, until the site's factory is back.
    connection.useModel(fakeModel(true, []), 'replica');
    assert.equal(connection.state.demo, true);
    await connection.reset(async () => fakeModel(true, []), 'chatgpt');
    assert.equal(connection.state.demo, undefined);
  });

  it('connects once for concurrent callers and reports the states in order', async () => {
    const log: string[] = [];
    let created = 0;
    const connection = new ChatConnection(async () => {
      created++;
      return fakeModel(true, log);
    }, 'chatgpt');
    const states: string[] = [];
    connection.onDidChange((state) => states.push(state.status));
    const [first, second] = await Promise.all([connection.getModel(), connection.getModel()]);
    assert.equal(first, second);
    assert.equal(created, 1);
    assert.deepEqual(states, ['connecting', 'connected']);
  });

  it('reports a login wall and a missing browser', async () => {
    const log: string[] = [];
    const loginWall = new ChatConnection(async () => fakeModel(false, log), 'claude');
    await assert.rejects(loginWall.openTab(), /needs you to log in/);
    assert.equal(loginWall.state.status, 'loginRequired');
    const noBrowser = new ChatConnection(async () => {
      throw new LLMBackendError('No Chrome found: set ptk.browserPath.', { code: PTKErrorCode.BROWSER_NOT_FOUND });
    }, 'gemini');
    await assert.rejects(noBrowser.getModel(), /No Chrome found/);
    assert.deepEqual(noBrowser.state, { site: 'gemini', status: 'error', detail: 'No Chrome found: set ptk.browserPath.' });
  });

  it('reset closes the model and connects again with the new site', async () => {
    const log: string[] = [];
    const connection = new ChatConnection(async () => fakeModel(true, log), 'chatgpt');
    await connection.openTab();
    await connection.reset(async () => fakeModel(true, log), 'deepseek');
    assert.deepEqual(connection.state, { site: 'deepseek', status: 'disconnected', detail: undefined });
    await connection.getModel();
    assert.deepEqual(log, ['openTab', 'close']);
    assert.equal(connection.state.status, 'connected');
  });

  it('shows a guest session and a site notice with the connected state, and forgets them on reset', async () => {
    let emit: (status: ChatModelStatus) => void = () => undefined;
    let disposed = 0;
    const model: ChatModelHandle = {
      call: async () => 'hi',
      onStatus: (listener) => {
        emit = listener;
        return { dispose: () => void disposed++ };
      },
    };
    const connection = new ChatConnection(async () => model, 'chatgpt');
    await connection.getModel();
    assert.deepEqual(connection.state, { site: 'chatgpt', status: 'connected', detail: undefined });
    emit({ guest: true });
    assert.equal(connection.state.guest, true);
    assert.match(connection.state.detail ?? '', /guest/i);
    emit({ guest: true, warning: 'Responses will use another model until your limit resets.' });
    assert.equal(connection.state.warning, 'Responses will use another model until your limit resets.');
    connection.setState('loginRequired', 'Log in.');
    assert.deepEqual(connection.state, { site: 'chatgpt', status: 'loginRequired', detail: 'Log in.' }, 'guest and notices ride only with "connected"');
    await connection.reset();
    assert.equal(disposed, 1);
    emit({ guest: true });
    const afterReset = (): ConnectionState => connection.state; // read anew (the asserts above narrowed the property)
    assert.equal(afterReset().guest, undefined);
  });
});
