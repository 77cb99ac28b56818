import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULTS } from '../../../../src/core/constants';
import { alternativeProtocols, PTKParser } from '../../../../src/core/protocol';
import { textNestsDeeperThan, valueNestsDeeperThan } from '../../../../src/core/protocol/nestingDepth';
import type { PTKResponse } from '../../../../src/core/types';

const parser = new PTKParser({ alternativeProtocols: Object.values(alternativeProtocols) });
const LIMIT = DEFAULTS.maxArgumentDepth;

/** `path` holds `levels` nested arrays: with the args object, the arguments nest levels + 1 deep. */
function nestedArrays(levels: number): string {
  return `${'['.repeat(levels)}${']'.repeat(levels)}`;
}

function parseBothWays(reply: string): PTKResponse {
  const whole = parser.parse(reply);
  const stream = parser.stream();
  for (let position = 0; position < reply.length; position += 100) stream.push(reply.slice(position, position + 100));
  assert.deepEqual(stream.end(), whole);
  return whole;
}

function assertTooDeep(response: PTKResponse): void {
  assert.equal(response.type, 'invalid');
  assert.equal(response.reason, 'too_deep');
  assert.deepEqual(response.toolCalls, []);
  assert.match(response.error!, new RegExp(`too deeply nested \\(more than ${LIMIT} levels`));
}

describe('PTKParser: arguments nested too deeply are a too_deep invalid reply', () => {
  it('refuses a call 50,000 levels deep (it would overflow the stack of JSON.stringify later)', () => {
    const reply = `Reading it.\n<TOOL_CALL>{"tool":"read_file","args":{"path":${nestedArrays(50_000)}}}</TOOL_CALL>`;
    const response = parseBothWays(reply);
    assertTooDeep(response);
    assert.equal(response.content, 'Reading it.');
  });

  it('reads arguments nested exactly DEFAULTS.maxArgumentDepth deep, refuses one level more', () => {
    const atLimit = parser.parse(`<TOOL_CALL>{"tool":"x","args":{"a":${nestedArrays(LIMIT - 1)}}}</TOOL_CALL>`);
    assert.equal(atLimit.type, 'tool_call');
    assert.equal(valueNestsDeeperThan(atLimit.toolCall!.args, LIMIT), false);
    assertTooDeep(parser.parse(`<TOOL_CALL>{"tool":"x","args":{"a":${nestedArrays(LIMIT)}}}</TOOL_CALL>`));
  });

  it('refuses a deep call that never closes its brackets (no stack overflow in the repair)', () => {
    assertTooDeep(parseBothWays(`<TOOL_CALL>{"tool":"x","args":{"a":${'['.repeat(50_000)}</TOOL_CALL>`));
    assertTooDeep(parseBothWays(`<TOOL_CALL>{"tool":"x","args":{"a":${'{"b":'.repeat(1_000)}1</TOOL_CALL>`));
  });

  it('refuses deep arguments double-encoded as a string, in a ```tool fence, and with the aliases', () => {
    const encoded = JSON.stringify(`{"a":${nestedArrays(50_000)}}`);
    assertTooDeep(parseBothWays(`<TOOL_CALL>{"tool":"x","args":${encoded}}</TOOL_CALL>`));
    assertTooDeep(parseBothWays(`\`\`\`tool\n{"tool":"x","args":{"a":${nestedArrays(50_000)}}}\n\`\`\``));
    assertTooDeep(parseBothWays(`<TOOL_CALL>{"name":"x","arguments":{"a":${nestedArrays(50_000)}}}</TOOL_CALL>`));
  });

  it('refuses deep arguments written in the alternative protocols', () => {
    assertTooDeep(parseBothWays(`TOOL: x\nARGS:\n  a: ${nestedArrays(50_000)}\n`));
    assertTooDeep(parseBothWays(`x(a=${nestedArrays(50_000)})`));
    assertTooDeep(parseBothWays(`<tool name="x"><arg name="a">${nestedArrays(50_000)}</arg></tool>`));
    assertTooDeep(parseBothWays(`<function=x><parameter=a>${nestedArrays(50_000)}</parameter></function>`));
    // The same limit as a tagged call: the args object is level 1.
    assert.equal(parser.parse(`x(a=${nestedArrays(LIMIT - 1)})`).type, 'tool_call');
    assertTooDeep(parser.parse(`x(a=${nestedArrays(LIMIT)})`));
  });

  it('does not count brackets inside strings', () => {
    const response = parseBothWays(`<TOOL_CALL>{"tool":"write_file","args":{"path":"a","content":"${'[{'.repeat(50_000)}"}}</TOOL_CALL>`);
    assert.equal(response.type, 'tool_call');
    assert.equal((response.toolCall!.args.content as string).length, 100_000);
  });
});

describe('nesting depth measures', () => {
  it('textNestsDeeperThan counts open brackets outside strings, escapes included', () => {
    assert.equal(textNestsDeeperThan('[[1]]', 2), false);
    assert.equal(textNestsDeeperThan('[[[1]]]', 2), true);
    assert.equal(textNestsDeeperThan('{"a":"[[[[\\"[[["}', 1), false);
    assert.equal(textNestsDeeperThan('[][][][]', 1), false);
  });

  it('valueNestsDeeperThan walks a million levels without recursion, and stops on cycles', () => {
    assert.equal(valueNestsDeeperThan('text', 0), false);
    assert.equal(valueNestsDeeperThan({ a: [1, { b: [] }] }, 4), false);
    assert.equal(valueNestsDeeperThan({ a: [1, { b: [] }] }, 3), true);
    let deep: unknown[] = [];
    for (let level = 0; level < 1_000_000; level++) deep = [deep];
    assert.equal(valueNestsDeeperThan(deep, LIMIT), true);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    assert.equal(valueNestsDeeperThan(cyclic, LIMIT), true);
  });
});
