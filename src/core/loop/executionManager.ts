/**
 * The Execution Manager: runs a list of steps; a PTK step runs the tool-calling
 * loop with its prompt, where `{{steps.<stepId>.output}}` (and `{{variables.<name>}}`) are
 * replaced by earlier steps' outputs and the caller's variables.
 */
import { DEFAULTS } from '../constants';
import { ConfigurationError, PTKErrorCode } from '../errors';
import type { ToolSpecifier } from '../tools/resolveTools';
import type { PTKExecuteOptions, PTKExecuteResult } from './loopTypes';
import type { IPTKManager } from './ptkManager';

export enum ActionType {
  PTK = 'PTK',
}

export interface PTKStepConfig {
  prompt: string;
  /** Tool names (resolved by the tool manager) or tool objects. */
  tools?: ToolSpecifier[];
  maxIterations?: number;
}

export interface Step {
  stepId: string;
  actionType: ActionType | `${ActionType}`;
  config: { ptk: PTKStepConfig };
}

export interface StepResult {
  stepId: string;
  success: boolean;
  output: string;
  error?: string;
  errorCode?: PTKErrorCode;
  metadata: { iterations: number; toolCalls: PTKExecuteResult['toolCalls']; totalTokens: number };
}

export interface ExecutionContext {
  /** Results of the steps run so far, by stepId. */
  steps: Record<string, StepResult>;
  /** Caller values for `{{variables.<name>}}`. */
  variables: Record<string, string | number | boolean>;
}

export interface WorkflowResult {
  success: boolean;
  results: StepResult[];
  /** The last step's output. */
  output: string;
}

export interface ExecutionManagerOptions {
  /** Options passed to every PTK step (signal, callbacks, limits). */
  ptkOptions?: PTKExecuteOptions;
  /** Keep going after a failed step (default false: stop at the first failure). */
  continueOnError?: boolean;
}

const PLACEHOLDER = /\{\{\s*(steps\.([A-Za-z0-9_-]+)\.output|variables\.([A-Za-z0-9_]+))\s*\}\}/g;

function failedStep(stepId: string, error: string, errorCode: PTKErrorCode): StepResult {
  return { stepId, success: false, output: '', error, errorCode, metadata: { iterations: 0, toolCalls: [], totalTokens: 0 } };
}

export class ExecutionManager {
  constructor(private readonly ptkManager: Pick<IPTKManager, 'orchestrateToolCalling'>, private readonly options: ExecutionManagerOptions = {}) {}

  /** Replaces `{{steps.<id>.output}}` and `{{variables.<name>}}`; an unknown reference throws ConfigurationError. */
  interpolatePrompt(template: string, context: ExecutionContext): string {
    return template.replace(PLACEHOLDER, (whole, _path: string, stepId: string | undefined, variable: string | undefined) => {
      if (stepId !== undefined) {
        const step = context.steps[stepId];
        if (!step) throw new ConfigurationError(`${whole} refers to step "${stepId}", which has not run before this step.`);
        return step.output;
      }
      if (!(variable! in context.variables)) throw new ConfigurationError(`${whole} refers to an unknown variable "${variable}".`);
      return String(context.variables[variable!]);
    });
  }

  async executeStep(step: Step, context: ExecutionContext): Promise<StepResult> {
    if (step.actionType !== ActionType.PTK) {
      return failedStep(step.stepId, `Unknown actionType "${String(step.actionType)}" (supported: PTK).`, PTKErrorCode.CONFIG_INVALID);
    }
    const config = step.config?.ptk;
    if (!config || typeof config.prompt !== 'string') {
      return failedStep(step.stepId, `Step "${step.stepId}" has no config.ptk.prompt.`, PTKErrorCode.CONFIG_INVALID);
    }
    let prompt: string;
    try {
      prompt = this.interpolatePrompt(config.prompt, context);
    } catch (error) {
      return failedStep(step.stepId, (error as Error).message, PTKErrorCode.CONFIG_INVALID);
    }
    const result = await this.ptkManager.orchestrateToolCalling(prompt, {
      ...this.options.ptkOptions,
      tools: config.tools ?? this.options.ptkOptions?.tools,
      maxIterations: config.maxIterations ?? this.options.ptkOptions?.maxIterations ?? DEFAULTS.stepMaxIterations,
    });
    return {
      stepId: step.stepId,
      success: result.success,
      output: result.content,
      error: result.error,
      errorCode: result.errorCode,
      metadata: { iterations: result.iterations, toolCalls: result.toolCalls, totalTokens: result.totalTokens },
    };
  }

  /** Runs the steps in order; each step sees the outputs of the steps before it. */
  async executeWorkflow(steps: Step[], variables: ExecutionContext['variables'] = {}): Promise<WorkflowResult> {
    const seen = new Set<string>();
    for (const step of steps) {
      if (seen.has(step.stepId)) {
        const result = failedStep(step.stepId, `Duplicate stepId "${step.stepId}".`, PTKErrorCode.CONFIG_INVALID);
        return { success: false, results: [result], output: '' };
      }
      seen.add(step.stepId);
    }
    const context: ExecutionContext = { steps: {}, variables };
    const results: StepResult[] = [];
    for (const step of steps) {
      const result = await this.executeStep(step, context);
      results.push(result);
      context.steps[step.stepId] = result;
      if (!result.success && !this.options.continueOnError) break;
    }
    return { success: results.length === steps.length && results.every((result) => result.success), results, output: results.at(-1)?.output ?? '' };
  }
}
