/**
 * Checks the numbers and flags of PTKExecuteOptions before a run, so a bad setting fails
 * at once with CONFIG_INVALID and a readable list of issues (instead of a loop that never runs).
 */
import { z } from 'zod';
import { PTKErrorCode, PTKExecutionError } from '../errors';

const count = z.number().int().nonnegative();
const milliseconds = z.number().positive();

export const executeOptionsSchema = z.looseObject({
  maxIterations: count.optional(),
  maxToolCalls: count.optional(),
  timeout: milliseconds.optional(),
  toolTimeout: milliseconds.optional(),
  duplicateWindow: count.optional(),
  maxDuplicateWarnings: count.optional(),
  maxConsecutiveMistakes: z.number().int().positive().optional(),
  maxToolRetries: count.optional(),
  historyBudgetChars: z.number().int().positive().optional(),
  resultMaxChars: z.number().int().positive().optional(),
  costPerToken: z.number().nonnegative().optional(),
  temperature: z.number().optional(),
  model: z.string().optional(),
  detectDuplicates: z.boolean().optional(),
  detectCycles: z.boolean().optional(),
  cacheReadOnlyResults: z.boolean().optional(),
  retryFailedTools: z.boolean().optional(),
  failOnToolError: z.boolean().optional(),
  allowMultipleCalls: z.boolean().optional(),
  finishTool: z.union([z.boolean(), z.string().min(1)]).optional(),
  conversationId: z.string().optional(),
  extraInstructions: z.string().optional(),
  tools: z.array(z.unknown()).optional(),
  history: z.array(z.object({ role: z.enum(['system', 'user', 'assistant', 'tool']), content: z.string() }).loose()).optional(),
});

/** Throws PTKExecutionError(CONFIG_INVALID) listing what is wrong with the options. */
export function assertExecuteOptions(options: unknown): void {
  const parsed = executeOptionsSchema.safeParse(options ?? {});
  if (!parsed.success) {
    throw new PTKExecutionError(`Invalid options:\n${z.prettifyError(parsed.error)}`, PTKErrorCode.CONFIG_INVALID);
  }
}
