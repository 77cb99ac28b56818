/**
 * One task run, composed the same way on every host (the VS Code extension and the CLI): the
 * model, the workspace tools in a registry, the protocol tag, the loop limits read from the
 * settings at the start of the task, and the instructions every task carries (the workspace's
 * restrictions, then the project's rules, then what the caller adds). The hosts only say
 * where each part comes from.
 */
import { PTKManager } from '../../core/loop/ptkManager';
import type { PTKExecuteOptions, PTKExecuteResult } from '../../core/loop/loopTypes';
import type { ILLMManager } from '../../core/ports';
import { protocolTags } from '../../core/protocol/tagNames';
import { resolveTools } from '../../core/tools/resolveTools';
import { ToolRegistry } from '../../core/tools/toolRegistry';
import type { PTKTool } from '../../core/types';
import type { Workspace } from '../../core/workspace';
import { describeWorkspaceRestrictions } from '../../tools';
import type { ProjectRules } from '../../tools/projectRules/loadProjectRules';

/** The settings a run reads (the extension's `ptk.*` settings satisfy this; the CLI fills it from flags). */
export interface AssistantRunSettings {
  /** The call tag the model is taught (TOOL_CALL or PTK_CALL). */
  tagName?: string;
  maxIterations?: number;
  maxToolCalls?: number;
  /** Whole-task timeout in ms; 0 or absent: none. */
  taskTimeoutMs?: number;
  toolTimeoutMs?: number;
  toolResultMaxChars?: number;
  historyBudgetChars?: number;
  /** The site's model or mode, chosen in its picker before each turn. */
  model?: string;
  /** The site's temperature, where it has one. */
  temperature?: number;
}

/** Where each part of a run comes from; every function is called once per task. */
interface AssistantRunParts {
  /** The model backend (the chat tab, or a scripted model). */
  model(): ILLMManager | Promise<ILLMManager>;
  /** The workspace the tools act on (its restrictions are told to the model). */
  workspace: Workspace;
  /** The tools offered to the model. */
  tools(): PTKTool[];
  settings(): AssistantRunSettings;
  /**
   * The project's rules for this task (AGENTS.md, .clinerules, …; src/tools/projectRules), read
   * at its start: `focusPaths` are the files the task is about (the chat message's mentions),
   * whose nearest AGENTS.md files and path-scoped rules apply. The one route by which rules reach
   * a task, on every host and from every entry (chat view, @ptk, the CLI).
   */
  rules?(request: { focusPaths: readonly string[]; signal?: AbortSignal }): Promise<TaskRules>;
}

/** The rules a task got: their text for the system prompt, and the files used and left out (the host shows them). */
export type TaskRules = Pick<ProjectRules, 'instructions' | 'files'> & Partial<Pick<ProjectRules, 'skipped' | 'refused'>>;

/** One task's options: the engine's, plus what the run decides itself. */
export interface AssistantRunOptions extends PTKExecuteOptions {
  /**
   * The chat mode the task runs in: only the tools `tools` keeps of the host's are offered and can
   * run (src/ui/modes/toolsForMode.ts); the model is not told of the others, and a call to one is
   * answered as not available in this mode (`name`). Absent: every tool.
   */
  mode?: TaskMode;
  /** The files the task is about (the message's mentions): the project's rules that apply to them are read too. */
  focusPaths?: readonly string[];
  /** Told the project's rules read for this task, before the first model call, when a rule file was used or left out. */
  onRules?: (rules: TaskRules) => void;
}

/** What a run needs of a chat mode: its name (told to the model with a refused call) and its tool subset. */
export interface TaskMode {
  name: string;
  tools(tools: readonly PTKTool[]): PTKTool[];
}

/** Runs one task; the caller's options (callbacks, history, its own tools) win over the settings. */
type AssistantRun = (prompt: string, options?: AssistantRunOptions) => Promise<PTKExecuteResult>;

export function createAssistantRun(parts: AssistantRunParts): AssistantRun {
  return async (prompt, { mode, focusPaths = [], onRules, ...options } = {}) => {
    const settings = parts.settings();
    const model = await parts.model();
    const allTools = parts.tools();
    // In a mode, the caller's names are the host's tools: resolved among all of them, then the mode's kept.
    const offered = mode?.tools(options.tools ? resolveTools(options.tools, new ToolRegistry(allTools)) : allTools);
    const withheld = offered ? allTools.filter((tool) => !offered.some((kept) => kept.name === tool.name)).map((tool) => tool.name) : [];
    const manager = new PTKManager(model, new ToolRegistry(offered ?? allTools), undefined, {
      formatterOptions: { tagName: settings.tagName },
      parserOptions: { tagNames: protocolTags(settings.tagName) },
    });
    const rules = await parts.rules?.({ focusPaths, signal: options.signal });
    if (rules && (rules.files.length > 0 || (rules.skipped?.length ?? 0) > 0)) onRules?.(rules);
    const instructions = [describeWorkspaceRestrictions(parts.workspace), rules?.instructions, options.extraInstructions]
      .filter((text): text is string => Boolean(text?.trim()))
      .join('\n\n');
    return manager.orchestrateToolCalling(prompt, {
      maxIterations: settings.maxIterations,
      maxToolCalls: settings.maxToolCalls,
      timeout: settings.taskTimeoutMs || undefined,
      toolTimeout: settings.toolTimeoutMs,
      resultMaxChars: settings.toolResultMaxChars,
      historyBudgetChars: settings.historyBudgetChars,
      model: settings.model,
      temperature: settings.temperature,
      ...options,
      extraInstructions: instructions || undefined,
      tools: offered ?? options.tools ?? allTools,
      ...(mode && withheld.length > 0 ? { withheldTools: { names: withheld, reason: `in ${mode.name} mode` } } : {}),
    });
  };
}
