import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { callSignature, sameToolCall, stableStringify } from '../../../../src/core/util/callSignature';
import {
  consecutiveMistakesReach,
  cycleDetected,
  duplicateWarningsExceed,
  findCycle,
  isDuplicateToolCall,
  cyclePeriodOf,
  iterationCountIs,
  loopStopRules,
  stopRuleHolds,
  toolCallCountIs,
  type LoopState,
} from '../../../../src/core/loop/stopConditions';

const base: LoopState = { iteration: 0, totalToolCalls: 0, consecutiveMistakes: 0, duplicateWarnings: 0, attemptedCallSignatures: [] };

describe('stop conditions', () => {
  it('iterationCountIs', () => {
    assert.equal(iterationCountIs(3)({ ...base, iteration: 2 }), false);
    assert.equal(iterationCountIs(3)({ ...base, iteration: 3 }), true);
  });

  it('toolCallCountIs', () => {
    assert.equal(toolCallCountIs(20)({ ...base, totalToolCalls: 19 }), false);
    assert.equal(toolCallCountIs(20)({ ...base, totalToolCalls: 20 }), true);
  });

  it('consecutiveMistakesReach', () => {
    assert.equal(consecutiveMistakesReach(3)({ ...base, consecutiveMistakes: 2 }), false);
    assert.equal(consecutiveMistakesReach(3)({ ...base, consecutiveMistakes: 3 }), true);
  });

  it('duplicateWarningsExceed', () => {
    assert.equal(duplicateWarningsExceed(3)({ ...base, duplicateWarnings: 3 }), false);
    assert.equal(duplicateWarningsExceed(3)({ ...base, duplicateWarnings: 4 }), true);
  });

  it('cycleDetected / findCycle: A-B-A-B and A-B-C-A-B-C, not A-A-A-A, not A-B-A', () => {
    assert.equal(findCycle(['A', 'B', 'A', 'B']), 2);
    assert.equal(findCycle(['X', 'A', 'B', 'C', 'A', 'B', 'C']), 3);
    assert.equal(findCycle(['A', 'A', 'A', 'A']), undefined);
    assert.equal(findCycle(['A', 'B', 'A']), undefined);
    assert.equal(findCycle(['A', 'B', 'C', 'D', 'E', 'A', 'B', 'C', 'D', 'E']), undefined, 'period 5 > maxPeriod 4');
    assert.equal(findCycle(['A', 'B', 'C', 'D', 'E', 'A', 'B', 'C', 'D', 'E'], { maxPeriod: 5 }), 5);
    assert.equal(cycleDetected()({ ...base, attemptedCallSignatures: ['A', 'B', 'A', 'B'] }), true);
    assert.equal(cycleDetected()({ ...base, attemptedCallSignatures: ['A', 'B', 'C', 'B'] }), false);
  });

  it("loopStopRules: the loop's rules as one list of these predicates, the cycle rule only when cycles are detected", () => {
    const limits = { maxIterations: 5, maxToolCalls: 20, maxConsecutiveMistakes: 3, maxDuplicateWarnings: 2, detectCycles: true, cycleMaxPeriod: 5 };
    const rules = loopStopRules(limits);
    assert.deepEqual(rules.map((rule) => rule.id), ['iterations', 'toolCalls', 'mistakes', 'duplicates', 'cycle']);
    assert.equal(stopRuleHolds(rules, 'iterations', { ...base, iteration: 4 }), false);
    assert.equal(stopRuleHolds(rules, 'iterations', { ...base, iteration: 5 }), true);
    assert.equal(stopRuleHolds(rules, 'toolCalls', { ...base, totalToolCalls: 20 }), true);
    assert.equal(stopRuleHolds(rules, 'mistakes', { ...base, consecutiveMistakes: 3 }), true);
    assert.equal(stopRuleHolds(rules, 'duplicates', { ...base, duplicateWarnings: 3 }), true);
    const fiveCycle = { ...base, attemptedCallSignatures: ['A', 'B', 'C', 'D', 'E', 'A', 'B', 'C', 'D', 'E'] };
    assert.equal(stopRuleHolds(rules, 'cycle', fiveCycle), true, 'the cycle rule looks as far as cycleMaxPeriod');
    assert.equal(cyclePeriodOf(rules, fiveCycle), 5);
    assert.equal(stopRuleHolds(rules, 'iterations', fiveCycle), false, 'a rule is asked alone');

    const withoutCycles = loopStopRules({ ...limits, detectCycles: false });
    assert.deepEqual(withoutCycles.map((rule) => rule.id), ['iterations', 'toolCalls', 'mistakes', 'duplicates']);
    assert.equal(stopRuleHolds(withoutCycles, 'cycle', fiveCycle), false);
    assert.equal(cyclePeriodOf(withoutCycles, fiveCycle), undefined);
  });
});

describe('duplicate detection', () => {
  const history = [
    { tool: 'read_file', args: { path: 'a', options: { from: 1, to: 2 } } },
    { tool: 'search_code', args: { query: 'x' } },
    { tool: 'list_files', args: { directory: '.' } },
  ];

  it('same tool, deep-equal args regardless of key order, within the window', () => {
    assert.equal(isDuplicateToolCall({ tool: 'read_file', args: { options: { to: 2, from: 1 }, path: 'a' } }, history, 3), true);
    assert.equal(isDuplicateToolCall({ tool: 'read_file', args: { path: 'a', options: { from: 1, to: 3 } } }, history, 3), false);
    assert.equal(isDuplicateToolCall({ tool: 'list_files', args: { path: 'a' } }, history, 3), false);
  });

  it('only looks at the last N calls', () => {
    assert.equal(isDuplicateToolCall({ tool: 'read_file', args: { path: 'a', options: { from: 1, to: 2 } } }, history, 2), false);
    assert.equal(isDuplicateToolCall({ tool: 'list_files', args: { directory: '.' } }, history, 1), true);
    assert.equal(isDuplicateToolCall({ tool: 'list_files', args: { directory: '.' } }, history, 0), false);
  });

  it('callSignature / stableStringify / sameToolCall', () => {
    assert.equal(stableStringify({ b: 1, a: [{ d: 1, c: 2 }] }), '{"a":[{"c":2,"d":1}],"b":1}');
    assert.equal(callSignature({ tool: 't', args: { b: 1, a: 2 } }), callSignature({ tool: 't', args: { a: 2, b: 1 } }));
    assert.equal(sameToolCall({ tool: 't', args: { a: 1 } }, { tool: 'u', args: { a: 1 } }), false);
  });
});
