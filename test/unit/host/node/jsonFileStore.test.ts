import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { JsonFileContextManager } from '../../../../src/host/node/jsonFileStore';

describe('JsonFileContextManager', () => {
  let directory: string;
  before(async () => {
    directory = await mkdtemp(join(tmpdir(), 'ptk-store-'));
  });
  after(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('saves and loads a conversation as JSON', async () => {
    const store = new JsonFileContextManager(join(directory, 'nested'));
    assert.deepEqual(await store.list(), []);
    assert.deepEqual(await store.load('c1'), []);
    const messages = [
      { role: 'user' as const, content: 'hi' },
      { role: 'assistant' as const, content: '<TOOL_CALL>…', toolCalls: [{ tool: 'read_file', args: { path: 'a' } }] },
    ];
    await store.save('c1', messages);
    assert.deepEqual(await store.load('c1'), messages);
    assert.deepEqual(await store.list(), ['c1']);
    const onDisk = JSON.parse(await readFile(join(directory, 'nested', 'c1.json'), 'utf8'));
    assert.equal(onDisk.version, 1);
    await store.delete('c1');
    assert.deepEqual(await store.list(), []);
  });

  it('reports a damaged file clearly and keeps it aside on the next save', async () => {
    const store = new JsonFileContextManager(directory);
    await writeFile(join(directory, 'broken.json'), '{ not json', 'utf8');
    await assert.rejects(store.load('broken'), /broken\.json is not valid JSON/);
    await writeFile(join(directory, 'wrong.json'), JSON.stringify({ version: 1, messages: [{ role: 'robot' }] }), 'utf8');
    await assert.rejects(store.load('wrong'), /is not a saved conversation/);
    await store.save('broken', [{ role: 'user', content: 'fresh' }]);
    assert.deepEqual(await store.load('broken'), [{ role: 'user', content: 'fresh' }]);
    const names = await readdir(directory);
    const kept = names.find((name) => name.startsWith('broken.json.corrupt-'));
    assert.ok(kept, `damaged file kept: ${names.join(', ')}`);
    assert.equal(await readFile(join(directory, kept), 'utf8'), '{ not json');
  });

  it('refuses bad ids and invalid messages without writing', async () => {
    const store = new JsonFileContextManager(directory);
    await assert.rejects(store.save('../escape', []), /Invalid conversation id/);
    await assert.rejects(store.save('bad', [{ role: 'user', content: 42 } as never]), /invalid messages/);
    assert.equal((await readdir(directory)).includes('bad.json'), false);
  });
});
