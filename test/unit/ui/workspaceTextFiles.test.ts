import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { NodeWorkspace } from '../../../src/host/node/workspace';
import { loadModes } from '../../../src/ui/modes/loadModes';
import { workspaceTextFiles } from '../../../src/ui/workspaceTextFiles';

describe('workspaceTextFiles over the Workspace port', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'ptk-textfiles-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(path.join(root, '.ptk', 'modes', 'nested'), { recursive: true });
  writeFileSync(path.join(root, '.ptk', 'modes', 'b.md'), '\uFEFFSecond.');
  writeFileSync(path.join(root, '.ptk', 'modes', 'a.md'), 'First.');
  writeFileSync(path.join(root, '.roomodes'), 'x'.repeat(300 * 1024));
  const files = workspaceTextFiles(new NodeWorkspace({ roots: [root], ripgrepPath: null }), root);

  it('lists the files of a folder (not its subfolders) and reads text; a missing file or folder is undefined / []', async () => {
    assert.deepEqual(await files.listFileNames('.ptk/modes'), ['a.md', 'b.md']);
    assert.equal(await files.readText('.ptk/modes/a.md'), 'First.');
    assert.equal(await files.readText('.ptk/modes/missing.md'), undefined);
    assert.equal(await files.readText('.ptk/modes/nested'), undefined);
    assert.deepEqual(await files.listFileNames('.github/agents'), []);
  });

  it('a file too large for configuration is an error naming it, and the other modes still load', async () => {
    const { modes, errors } = await loadModes(files);
    assert.deepEqual(modes.map((mode) => mode.id).slice(3), ['a', 'b']);
    assert.equal(modes[4]!.instructions, 'Second.');
    assert.match(errors[0]!.message, /^\.roomodes: could not be read \(\.roomodes is \d+ bytes, more than the 262144 read for a configuration file\.\)/);
  });
});
