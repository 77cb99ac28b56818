import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InMemoryContextManager } from '../../../../src/core/compat/memoryContextStore';

describe('InMemoryContextManager', () => {
  it('saves, loads copies, lists and deletes', async () => {
    const store = new InMemoryContextManager();
    const messages = [{ role: 'user' as const, content: 'hi' }];
    await store.save('b', messages);
    await store.save('a', []);
    messages[0].content = 'changed after save';
    const loaded = await store.load('b');
    assert.deepEqual(loaded, [{ role: 'user', content: 'hi' }]);
    loaded.push({ role: 'user', content: 'x' });
    assert.equal((await store.load('b')).length, 1);
    assert.deepEqual(await store.list(), ['a', 'b']);
    await store.delete('b');
    assert.deepEqual(await store.load('b'), []);
  });

  it('refuses unsafe conversation ids', async () => {
    await assert.rejects(new InMemoryContextManager().load('../etc'), /Invalid conversation id/);
  });
});
