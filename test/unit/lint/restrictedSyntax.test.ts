/**
 * The project's restricted-syntax rules fire where eslint.config.mjs puts them: a bare `Error`
 * thrown in the engine, its tools or the UI controllers, and a named import of charCodes anywhere
 * in src/. Each case lints a small in-memory file at a path in the layer (ESLint's Node API).
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';

const ROOT = join(__dirname, '..', '..', '..');
const eslint = new ESLint({ cwd: ROOT });

async function restricted(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
  return result.messages.filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.message);
}

const BARE_ERROR = "export function f(): never {\n  throw new Error('x');\n}\n";

describe('restricted syntax', () => {
  for (const file of ['src/core/probe.ts', 'src/tools/probe.ts', 'src/ui/probe.ts']) {
    it(`refuses a bare Error thrown in ${file}`, async () => {
      assert.deepEqual(await restricted(file, BARE_ERROR), ['Throw an error of src/core/errors.ts (ConfigurationError, …) with its code, not a bare Error.']);
    });
  }

  it('allows an error of the hierarchy, and keeps the charCodes rule in those folders and elsewhere', async () => {
    assert.deepEqual(await restricted('src/ui/probe.ts', "import { ConfigurationError } from '../core/errors';\nexport function f(): never {\n  throw new ConfigurationError('x');\n}\n"), []);
    for (const file of ['src/core/protocol/probe.ts', 'src/browser/probe.ts']) {
      const messages = await restricted(file, "import { CHAR_LT } from '../core/protocol/charCodes';\nexport const x = CHAR_LT;\n");
      assert.equal(messages.length, 1, file);
      assert.match(messages[0]!, /Import charCodes as a namespace/);
    }
  });
});
