import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { defineTool, zodToParameters } from '../../../../src/core/tools/defineTool';

const echo = defineTool({
  name: 'echo',
  description: 'Echo',
  inputSchema: z.object({ text: z.string(), times: z.coerce.number().default(1) }),
  readOnly: true,
  run: ({ text, times }) => text.repeat(times),
});

describe('defineTool', () => {
  it('produces a PTKTool whose parameters come from zod', () => {
    assert.equal(echo.parameters.type, 'object');
    assert.deepEqual(Object.keys(echo.parameters.properties), ['text', 'times']);
    assert.deepEqual(echo.parameters.required, ['text']);
    assert.equal(echo.readOnly, true);
  });

  it('rejects non-object schemas and bad names', () => {
    assert.throws(() => defineTool({ name: 'x', description: 'x', inputSchema: z.string() as never, run: () => null }), /zod object/);
    assert.throws(() => defineTool({ name: '1bad', description: 'x', inputSchema: z.object({}), run: () => null }), /Invalid tool name/);
  });
});

describe('zodToParameters', () => {
  it('keeps descriptions and drops $schema', () => {
    const parameters = zodToParameters(z.object({ path: z.string().describe('File path') }));
    assert.equal(parameters.properties.path.description, 'File path');
    assert.equal('$schema' in parameters, false);
  });
});
