import assert from 'node:assert/strict';
import { contributedSettings } from '../../manifestSettings';
import { describe, it } from 'node:test';
import { RENAMED_SETTINGS, settingMoves } from '../../../../src/host/vscode/settingRenames';

describe('settingMoves', () => {
  it('moves the old value in each scope where the new name is unset', () => {
    const moves = settingMoves({ globalValue: 5000, workspaceValue: 7000, workspaceFolderValue: 9000 }, { workspaceValue: 8000 });
    assert.deepEqual(moves, [
      { scope: 'global', value: 5000 },
      { scope: 'workspaceFolder', value: 9000 },
    ]);
  });

  it('moves nothing when the old name is unset (or null) everywhere, or VS Code knows neither name', () => {
    assert.deepEqual(settingMoves({}, {}), []);
    assert.deepEqual(settingMoves({ globalValue: null }, {}), []);
    assert.deepEqual(settingMoves(undefined, undefined), []);
  });

  it('treats a null new value as unset, like the settings reader does', () => {
    assert.deepEqual(settingMoves({ workspaceValue: 3000 }, { workspaceValue: null }), [{ scope: 'workspace', value: 3000 }]);
  });

  it('looks only at the scopes asked for (one folder at a time in a multi-root workspace)', () => {
    const values = { globalValue: 1, workspaceValue: 2, workspaceFolderValue: 3 };
    assert.deepEqual(settingMoves(values, {}, ['workspaceFolder']), [{ scope: 'workspaceFolder', value: 3 }]);
    assert.deepEqual(settingMoves(values, {}, ['global', 'workspace']), [
      { scope: 'global', value: 1 },
      { scope: 'workspace', value: 2 },
    ]);
  });
});

describe('RENAMED_SETTINGS', () => {
  const contributed = contributedSettings();

  it('renames ptk.tools.toolResultMaxChars to ptk.tools.resultFieldMaxChars', () => {
    assert.ok(RENAMED_SETTINGS.some((rename) => rename.from === 'ptk.tools.toolResultMaxChars' && rename.to === 'ptk.tools.resultFieldMaxChars'));
  });

  it('keeps each old name contributed and deprecated (VS Code writes only settings it knows), without a default', () => {
    for (const rename of RENAMED_SETTINGS) {
      const old = contributed[rename.from];
      assert.ok(old, `${rename.from} is still contributed`);
      assert.match(old.markdownDeprecationMessage ?? old.deprecationMessage ?? '', new RegExp(rename.to.replace(/\./g, '\\.')));
      assert.equal(old.default, undefined, `${rename.from} has no default, so inspect reports only what the user set`);
      assert.ok(contributed[rename.to], `${rename.to} is contributed`);
    }
  });
});
