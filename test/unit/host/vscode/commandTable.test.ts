/**
 * The command table against package.json: every command the manifest contributes is registered
 * (by the table, or by the module that registers it apart: Second Opinion, the diff tab's
 * Accept / Reject, the review of a task's changes), and nothing is registered that the manifest does not contribute.
 *
 * The table's modules import `vscode`, which exists only inside VS Code: while they load, the
 * module resolves to an inert stand-in (loading builds the table; no command runs here).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import Module from 'node:module';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const ROOT = join(__dirname, '..', '..', '..', '..');
const contributed: string[] = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).contributes.commands.map((entry: { command: string }) => entry.command);

/** Imports the modules that register commands with `vscode` standing in; returns every id they register. */
async function registeredIds(): Promise<string[]> {
  const loader = Module as unknown as { _load(request: string, ...rest: unknown[]): unknown };
  const load = loader._load;
  // Any member, call or construction of the stand-in gives the stand-in; it is no ES module.
  const inert: object = new Proxy(function inert() {}, { get: (_target, key) => (key === '__esModule' ? undefined : inert), apply: () => inert, construct: () => inert });
  loader._load = function (request, ...rest) {
    return request === 'vscode' ? inert : load.call(this, request, ...rest);
  };
  try {
    const { COMMAND_TABLE } = await import('../../../../src/host/vscode/views/commands/registerCommands');
    const { SECOND_OPINION_COMMAND } = await import('../../../../src/host/vscode/secondOpinionCommand');
    const { ACCEPT_IN_DIFF_COMMAND, REJECT_IN_DIFF_COMMAND } = await import('../../../../src/host/vscode/approvalDiffTabs');
    const { REVIEW_COMMANDS } = await import('../../../../src/host/vscode/reviewChanges');
    return [...COMMAND_TABLE.map((command) => command.id), SECOND_OPINION_COMMAND, ACCEPT_IN_DIFF_COMMAND, REJECT_IN_DIFF_COMMAND, ...Object.values(REVIEW_COMMANDS)];
  } finally {
    loader._load = load;
  }
}

describe('the command table', () => {
  it("registers exactly the commands package.json contributes, each once", async () => {
    const registered = await registeredIds();
    assert.deepEqual([...registered].sort(), [...new Set(registered)].sort(), 'no command id is registered twice');
    assert.deepEqual([...registered].sort(), [...contributed].sort());
  });
});
