/**
 * "PTK: Run Task File…": a JSON file holding a list of steps (run by the core's ExecutionManager),
 * each a PTK prompt with its tools and limits; `{{steps.<id>.output}}` in a later prompt is
 * replaced by an earlier step's answer. Parsed with zod: a bad file names the bad field.
 */
import { z } from 'zod';
import { PTKError, PTKErrorCode } from '../core/errors';
import { ActionType, type Step } from '../core/loop/executionManager';

const StepSchema = z.object({
  stepId: z.string().regex(/^[A-Za-z0-9_-]+$/, 'use letters, digits, _ and - only'),
  actionType: z.literal('PTK').default('PTK'),
  config: z.object({
    ptk: z.object({
      prompt: z.string().min(1, 'empty prompt'),
      tools: z.array(z.string()).optional(),
      maxIterations: z.number().int().positive().optional(),
    }),
  }),
});

/** A task file: `{ "steps": [...], "variables": {...} }` or a bare array of steps. */
const TaskFileSchema = z.union([
  z.object({
    title: z.string().optional(),
    steps: z.array(StepSchema).min(1, 'no steps'),
    variables: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}),
  }),
  z.array(StepSchema).min(1, 'no steps').transform((steps) => ({ title: undefined, steps, variables: {} })),
]);

interface TaskFile {
  title?: string;
  steps: Step[];
  variables: Record<string, string | number | boolean>;
}

/** Parses a task file's text. Throws CONFIG_INVALID naming the file, and the field or the JSON error. */
export function parseTaskFile(text: string, fileName = 'task file'): TaskFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new PTKError(`${fileName} is not valid JSON: ${(error as Error).message}`, { code: PTKErrorCode.CONFIG_INVALID, cause: error });
  }
  const parsed = TaskFileSchema.safeParse(json);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`).join('; ');
    throw new PTKError(`${fileName} is not a valid task file: ${details}`, { code: PTKErrorCode.CONFIG_INVALID, cause: parsed.error });
  }
  const ids = new Set<string>();
  for (const step of parsed.data.steps) {
    if (ids.has(step.stepId)) throw new PTKError(`${fileName}: duplicate stepId "${step.stepId}".`, { code: PTKErrorCode.CONFIG_INVALID });
    ids.add(step.stepId);
  }
  return {
    title: parsed.data.title,
    variables: parsed.data.variables,
    steps: parsed.data.steps.map((step) => ({ stepId: step.stepId, actionType: ActionType.PTK, config: { ptk: step.config.ptk } })),
  };
}
