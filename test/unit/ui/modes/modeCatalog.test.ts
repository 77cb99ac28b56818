import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ModeCatalog } from '../../../../src/ui/modes/modeCatalog';
import { memoryTextFiles } from '../../../../src/ui/workspaceTextFiles';

const REVIEWER = '---\nname: Reviewer\ndescription: Reviews without editing\ntools: [read_file]\n---\nReview the change.\n';

describe('ModeCatalog', () => {
  it('offers the built-ins before anything is read, and without a workspace folder', async () => {
    const catalog = new ModeCatalog(() => undefined);
    assert.deepEqual(catalog.modes.map((mode) => mode.id), ['ask', 'plan', 'agent']);
    await catalog.reload();
    assert.deepEqual(catalog.choices().map((mode) => mode.id), ['ask', 'plan', 'agent']);
    assert.deepEqual(catalog.problems, []);
  });

  it("reads the workspace's modes again on reload, tells a change once, and keeps the good modes beside a bad file", async () => {
    const files: Record<string, string> = { '.ptk/modes/reviewer.md': REVIEWER };
    const catalog = new ModeCatalog(() => memoryTextFiles(files));
    let changes = 0;
    catalog.onDidChange(() => changes++);
    await catalog.reload();
    assert.deepEqual(catalog.choices().at(-1), { id: 'reviewer', name: 'Reviewer', description: 'Reviews without editing', source: '.ptk/modes/reviewer.md' });
    assert.equal(changes, 1);
    await catalog.reload();
    assert.equal(changes, 1, 'reading the same files again is no change');

    files['.ptk/modes/broken.md'] = '---\nname: Broken\n---\n';
    await catalog.reload();
    assert.equal(changes, 2);
    assert.deepEqual(catalog.modes.map((mode) => mode.id), ['ask', 'plan', 'agent', 'reviewer'], 'the good mode stays');
    assert.equal(catalog.problems.length, 1);
    assert.match(catalog.problems[0], /^\.ptk\/modes\/broken\.md, mode "Broken": the mode has no instructions/);

    delete files['.ptk/modes/broken.md'];
    await catalog.reload();
    assert.deepEqual(catalog.problems, []);
  });
});
