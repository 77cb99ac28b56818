/** Shared fixtures for the loop tests. */
import { z } from 'zod';
import type { PlanningRules } from '../../../../src/core/loop/callPlanning';
import { loopStopRules, type StopLimits } from '../../../../src/core/loop/stopConditions';
import { defineTool } from '../../../../src/core/tools/defineTool';
import { ToolRegistry } from '../../../../src/core/tools/toolRegistry';
import type { PTKTool } from '../../../../src/core/types';

/** A reply calling `tool` with `args`. */
export function call(tool: string, args: Record<string, unknown> = {}, tag = 'TOOL_CALL'): string {
  return `<${tag}>${JSON.stringify({ tool, args })}</${tag}>`;
}

/** A read-only read_file that answers from a fixed map and counts its runs. */
export function readFileTool(files: Record<string, string> = { 'test.ts': 'function a() {}\nfunction b() {}' }): PTKTool & { runs: string[] } {
  const runs: string[] = [];
  const tool = defineTool({
    name: 'read_file',
    description: 'Read content of a file',
    inputSchema: z.object({ path: z.string().describe('File path') }),
    readOnly: true,
    run: ({ path }) => {
      runs.push(path);
      if (!(path in files)) throw new Error(`File not found: ${path}`);
      return { content: files[path] };
    },
  });
  return Object.assign(tool, { runs });
}

/** A write_file (not read-only) that records writes. */
export function writeFileTool(): PTKTool & { writes: Array<{ path: string; content: string }> } {
  const writes: Array<{ path: string; content: string }> = [];
  const tool = defineTool({
    name: 'write_file',
    description: 'Write a file',
    inputSchema: z.object({ path: z.string(), content: z.string() }),
    run: ({ path, content }) => {
      writes.push({ path, content });
      return { written: content.length };
    },
  });
  return Object.assign(tool, { writes });
}

export function registryWith(...tools: PTKTool[]): ToolRegistry {
  return new ToolRegistry(tools);
}

/** The limits the loop tests run with unless a test changes them. */
const TEST_LIMITS: StopLimits = {
  maxIterations: 10,
  maxToolCalls: 20,
  maxConsecutiveMistakes: 3,
  maxDuplicateWarnings: 3,
  detectCycles: true,
  cycleMaxPeriod: 4,
};

/** A change to the planning rules or to the limits their stop rules are made of. */
export type PlanningRuleChanges = Partial<Omit<PlanningRules, 'stopRules'>> & Partial<StopLimits>;

/** The planning rules with these changes, the stop rules made of the same limits (as a run makes them). */
export function planningRulesWith(changes: PlanningRuleChanges = {}): PlanningRules {
  const limits = { ...TEST_LIMITS, ...changes };
  return {
    allowMultipleCalls: false,
    detectDuplicates: true,
    duplicateWindow: 3,
    cacheReadOnlyResults: true,
    ...changes,
    maxDuplicateWarnings: limits.maxDuplicateWarnings,
    maxToolCalls: limits.maxToolCalls,
    stopRules: loopStopRules(limits),
  };
}
