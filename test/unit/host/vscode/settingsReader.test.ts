import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULTS } from '../../../../src/core/constants';
import { readToolSettingsFrom, type ConfigurationSource } from '../../../../src/host/vscode/settingsReader';

/** A configuration section holding `values` (what VS Code's WorkspaceConfiguration.get returns). */
function section(values: Record<string, unknown>): ConfigurationSource {
  return { get: <T>(key: string) => values[key] as T | undefined };
}

describe('readToolSettingsFrom', () => {
  it('reads the per-field cap from ptk.tools.resultFieldMaxChars', () => {
    assert.equal(readToolSettingsFrom(section({ resultFieldMaxChars: 4000 })).resultFieldMaxChars, 4000);
  });

  it('no longer reads the old name toolResultMaxChars (the migration moves it)', () => {
    const settings = readToolSettingsFrom(section({ toolResultMaxChars: 4000 }));
    assert.equal(settings.resultFieldMaxChars, DEFAULTS.toolResultMaxChars);
    assert.equal('toolResultMaxChars' in settings, false);
  });

  it('fills defaults for unset and null values', () => {
    const settings = readToolSettingsFrom(section({ listMaxEntries: null }));
    assert.equal(settings.listMaxEntries, 200);
    assert.equal(settings.resultFieldMaxChars, DEFAULTS.toolResultMaxChars);
  });

  it('a bad value throws CONFIG_INVALID naming the full setting', () => {
    assert.throws(
      () => readToolSettingsFrom(section({ resultFieldMaxChars: -5 })),
      (error: Error & { code?: string }) => error.code === 'CONFIG_INVALID' && /ptk\.tools\.resultFieldMaxChars/.test(error.message),
    );
  });
});
