import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InvalidToolInputError, LimitExceededError, NoSuchToolError, PTKErrorCode } from '../../../../src/core/errors';
import { planCalls, plannedRuns } from '../../../../src/core/loop/callPlanning';
import { createRunState, type RunState } from '../../../../src/core/loop/runState';
import type { PTKTool, PTKToolCall } from '../../../../src/core/types';
import { callSignature } from '../../../../src/core/util/callSignature';
import { planningRulesWith, readFileTool, writeFileTool, type PlanningRuleChanges } from './helpers';

type RuleChanges = PlanningRuleChanges;
const rulesWith = planningRulesWith;

const reader = readFileTool();
const writer = writeFileTool();
const TOOLS = new Map<string, PTKTool>([[reader.name, reader], [writer.name, writer]]);

function read(path: string): PTKToolCall {
  return { tool: 'read_file', args: { path } };
}

function write(path: string, content = 'x'): PTKToolCall {
  return { tool: 'write_file', args: { path, content } };
}

function stateWith(changes: Partial<RunState> = {}): RunState {
  return { ...createRunState(), iteration: 1, ...changes };
}

function plan(calls: PTKToolCall[], state = stateWith(), rules: RuleChanges = {}) {
  return planCalls({ calls, state, tools: TOOLS, rules: rulesWith(rules) });
}

describe('planCalls: checking each call', () => {
  it('plans a valid call to run, with an id and the parsed arguments', () => {
    const result = plan([read('a.ts')], stateWith({ iteration: 4 }));
    assert.equal(result.steps.length, 1);
    const [run] = plannedRuns(result);
    assert.equal(run.toolCall.id, 'call_4_0');
    assert.equal(run.tool, reader);
    assert.equal(run.signature, callSignature(read('a.ts')));
    assert.deepEqual(result.state.attemptedSignatures, [run.signature]);
    assert.equal(result.mistake, undefined);
  });

  it('rejects an unknown tool with a NoSuchToolError naming the tools that exist, and counts the reply as a mistake', () => {
    const result = plan([{ tool: 'read_fil', args: {} }]);
    const [step] = result.steps;
    assert.equal(step.kind, 'rejected');
    assert.ok(step.kind === 'rejected' && step.error instanceof NoSuchToolError);
    assert.deepEqual(step.kind === 'rejected' && (step.error as NoSuchToolError).availableTools, ['read_file', 'write_file']);
    assert.match(step.kind === 'rejected' ? step.error.message : '', /^Unknown tool "read_fil"\. Available tools: read_file, write_file\./);
    assert.equal(result.mistake, step.kind === 'rejected' ? step.error : undefined);
  });

  it('rejects arguments that do not fit with an InvalidToolInputError carrying the zod issues', () => {
    const result = plan([{ tool: 'read_file', args: { path: 42 } }]);
    const [step] = result.steps;
    assert.ok(step.kind === 'rejected' && step.error instanceof InvalidToolInputError);
    const error = step.error as InvalidToolInputError;
    assert.equal(error.code, PTKErrorCode.INVALID_TOOL_CALL);
    assert.deepEqual(error.issues.map((issue) => issue.path), [['path']]);
    assert.match(error.message, /^Invalid arguments for read_file: path: /);
  });

  it('a reply with a call that runs is no mistake, even when another call was rejected', () => {
    const result = plan([{ tool: 'nope', args: {} }, read('a.ts')], stateWith(), { allowMultipleCalls: true });
    assert.deepEqual(result.steps.map((step) => step.kind), ['rejected', 'run']);
    assert.equal(result.mistake, undefined);
  });

  it('plans only the first call by default and counts the others as ignored', () => {
    const result = plan([read('a.ts'), read('b.ts'), read('c.ts')]);
    assert.equal(plannedRuns(result).length, 1);
    assert.equal(result.ignoredCalls, 2);
    assert.equal(plan([read('a.ts'), read('b.ts')], stateWith(), { allowMultipleCalls: true }).ignoredCalls, 0);
  });

  it('stops at the completion call: the task ends with it and nothing after it is planned', () => {
    const result = plan([read('a.ts'), { tool: 'finishWorkflow', args: { result: 'done' } }, read('b.ts')], stateWith(), {
      allowMultipleCalls: true,
      finishToolName: 'finishWorkflow',
    });
    assert.equal(result.finishCall?.tool, 'finishWorkflow');
    assert.equal(result.steps.length, 1);
  });
});

describe('planCalls: repeated calls', () => {
  it('warns about a call equal to a recent one (key order ignored) without changing the state it was given', () => {
    const state = stateWith({ executedCalls: [write('a', 'x')] });
    const result = plan([{ tool: 'write_file', args: { content: 'x', path: 'a' } }], state);
    assert.deepEqual(result.steps.map((step) => step.kind), ['duplicate']);
    assert.equal(result.state.duplicateWarnings, 1);
    assert.equal(state.duplicateWarnings, 0, 'planning is pure');
    assert.deepEqual(state.attemptedSignatures, []);
  });

  it('answers a repeated read-only call from the cache when its result is there', () => {
    const cached = { success: true, data: { content: 'A' }, error: null };
    const state = stateWith({ executedCalls: [read('a.ts')], readOnlyCache: new Map([[callSignature(read('a.ts')), cached]]) });
    const [step] = plan([read('a.ts')], state).steps;
    assert.equal(step.kind, 'cached');
    assert.equal(step.kind === 'cached' && step.result, cached);
    assert.equal(plan([read('a.ts')], state, { cacheReadOnlyResults: false }).steps[0].kind, 'duplicate');
  });

  it('a read repeated after a write is not a duplicate', () => {
    const state = stateWith({ executedCalls: [read('a.ts'), write('a.ts')] });
    assert.equal(plan([read('a.ts')], state).steps[0].kind, 'run');
  });

  it('stops with DUPLICATE_TOOL_CALL past maxDuplicateWarnings', () => {
    const state = stateWith({ executedCalls: [write('a')], duplicateWarnings: 3 });
    const result = plan([write('a')], state);
    assert.ok(result.stop instanceof LimitExceededError);
    assert.equal(result.stop.code, PTKErrorCode.DUPLICATE_TOOL_CALL);
    assert.equal(result.stop.limit, 3);
    assert.deepEqual(result.steps.map((step) => step.kind), ['duplicate'], 'the last repeat is still reported');
  });

  it('detectDuplicates false runs the repeat', () => {
    const state = stateWith({ executedCalls: [write('a')] });
    assert.equal(plan([write('a')], state, { detectDuplicates: false }).steps[0].kind, 'run');
  });
});

describe('planCalls: cycles and the tool-call limit', () => {
  const signatures = [write('a'), write('b'), write('a')].map(callSignature);

  it('warns once about an A-B-A-B cycle and starts counting again', () => {
    const result = plan([write('b')], stateWith({ attemptedSignatures: signatures }), { detectDuplicates: false });
    const [step] = result.steps;
    assert.equal(step.kind, 'cycle');
    assert.equal(step.kind === 'cycle' && step.period, 2);
    assert.equal(result.state.cycleWarned, true);
    assert.deepEqual(result.state.attemptedSignatures, []);
  });

  it('stops with CYCLE_DETECTED at the second cycle', () => {
    const result = plan([write('b')], stateWith({ attemptedSignatures: signatures, cycleWarned: true }), { detectDuplicates: false });
    assert.equal(result.stop?.code, PTKErrorCode.CYCLE_DETECTED);
    assert.ok(result.stop instanceof LimitExceededError);
  });

  it('stops with MAX_TOOL_CALLS_REACHED before planning one run too many, counting this reply\'s runs', () => {
    assert.equal(plan([write('a')], stateWith({ totalToolCalls: 2 }), { maxToolCalls: 2 }).stop?.code, PTKErrorCode.MAX_TOOL_CALLS_REACHED);
    const result = plan([read('a'), read('b'), read('c')], stateWith({ totalToolCalls: 1 }), { maxToolCalls: 3, allowMultipleCalls: true });
    assert.equal(result.stop?.code, PTKErrorCode.MAX_TOOL_CALLS_REACHED);
    assert.equal(result.stop?.limit, 3);
    assert.equal(plannedRuns(result).length, 2);
  });

  it("applies the run's list of stop rules: a rule of the list that holds stops, a rule left out never does", () => {
    const always = (): boolean => true;
    const toolCallsRule = { ...rulesWith(), stopRules: [{ id: 'toolCalls' as const, when: always }] };
    assert.equal(planCalls({ calls: [read('a')], state: stateWith(), tools: TOOLS, rules: toolCallsRule }).stop?.code, PTKErrorCode.MAX_TOOL_CALLS_REACHED);

    const cycleRule = { ...rulesWith({ detectDuplicates: false }), stopRules: [{ id: 'cycle' as const, when: always, cycle: { maxPeriod: 4 } }] };
    const warned = planCalls({ calls: [write('a')], state: stateWith({ cycleWarned: true }), tools: TOOLS, rules: cycleRule });
    assert.equal(warned.stop?.code, PTKErrorCode.CYCLE_DETECTED, 'the cycle is what the list\'s cycle predicate says');

    const withoutCycles = plan([write('b')], stateWith({ attemptedSignatures: signatures, cycleWarned: true }), { detectDuplicates: false, detectCycles: false });
    assert.equal(withoutCycles.stop, undefined);
    assert.equal(withoutCycles.steps[0].kind, 'run');
  });
});
