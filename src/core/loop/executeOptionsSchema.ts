/**
 * The options of a run, checked and completed once at its start: a bad setting fails at once
 * with CONFIG_INVALID and a readable list of issues (instead of a loop that never runs), and
 * every rule and limit gets its default from DEFAULTS here, so the loop's steps read plain values.
 */
import { z } from 'zod';
import { DEFAULTS } from '../constants';
import { todoItemSchema } from '../conversation/todoList';
import { ConfigurationError } from '../errors';
import type { PTKExecuteOptions } from './loopTypes';

const count = z.number().int().nonnegative();
const milliseconds = z.number().positive();

/** The rules and limits that always have a value during a run (defaults from DEFAULTS). */
const defaultedOptionsSchema = z.object({
  maxIterations: count.default(DEFAULTS.maxIterations),
  maxToolCalls: count.default(DEFAULTS.maxToolCalls),
  toolTimeout: milliseconds.default(DEFAULTS.toolTimeout),
  detectDuplicates: z.boolean().default(DEFAULTS.detectDuplicates),
  duplicateWindow: count.default(DEFAULTS.duplicateWindow),
  maxDuplicateWarnings: count.default(DEFAULTS.maxDuplicateWarnings),
  detectCycles: z.boolean().default(DEFAULTS.detectCycles),
  cacheReadOnlyResults: z.boolean().default(DEFAULTS.cacheReadOnlyResults),
  maxConsecutiveMistakes: z.number().int().positive().default(DEFAULTS.maxConsecutiveMistakes),
  retryFailedTools: z.boolean().default(DEFAULTS.retryFailedTools),
  maxToolRetries: count.default(DEFAULTS.maxToolRetries),
  failOnToolError: z.boolean().default(DEFAULTS.failOnToolError),
  allowMultipleCalls: z.boolean().default(DEFAULTS.allowMultipleCalls),
  historyBudgetChars: z.number().int().positive().default(DEFAULTS.historyBudgetChars),
  costPerToken: z.number().nonnegative().default(DEFAULTS.costPerToken),
});

export const executeOptionsSchema = z.looseObject({
  ...defaultedOptionsSchema.shape,
  timeout: milliseconds.optional(),
  // Undefined: the formatter's own cap (its resultMaxChars option) applies.
  resultMaxChars: z.number().int().positive().optional(),
  temperature: z.number().optional(),
  model: z.string().optional(),
  site: z.string().optional(),
  finishTool: z.union([z.boolean(), z.string().min(1)]).optional(),
  todoList: z.union([z.boolean(), z.object({ items: z.array(todoItemSchema).optional() })]).optional(),
  compaction: z.object({ limitChars: z.number().int().positive(), threshold: z.number().gt(0).lt(1).optional() }).optional(),
  conversationId: z.string().optional(),
  extraInstructions: z.string().optional(),
  tools: z.array(z.unknown()).optional(),
  // Kept as given (the same bytes); checked here so a wrong shape fails before any call.
  attachments: z.array(z.object({ name: z.string().min(1), mimeType: z.string().min(1), data: z.instanceof(Uint8Array) }).loose()).optional(),
  history: z.array(z.object({ role: z.enum(['system', 'user', 'assistant', 'tool']), content: z.string() }).loose()).optional(),
});

type DefaultedOptions = z.output<typeof defaultedOptionsSchema>;

/** PTKExecuteOptions with every rule and limit set. */
export type ResolvedExecuteOptions = PTKExecuteOptions & DefaultedOptions;

const DEFAULTED_KEYS = Object.keys(defaultedOptionsSchema.shape) as Array<keyof DefaultedOptions>;

/** Checks the options and fills in the defaults; throws ConfigurationError (CONFIG_INVALID) listing what is wrong. */
export function resolveExecuteOptions(options: PTKExecuteOptions | undefined): ResolvedExecuteOptions {
  const parsed = executeOptionsSchema.safeParse(options ?? {});
  if (!parsed.success) throw new ConfigurationError(`Invalid options:\n${z.prettifyError(parsed.error)}`);
  // Callbacks, the signal, tools and history are kept as given (the same objects); only the
  // defaulted rules are taken from the parse.
  const defaulted = Object.fromEntries(DEFAULTED_KEYS.map((key) => [key, parsed.data[key]])) as DefaultedOptions;
  return { ...options, ...defaulted };
}
