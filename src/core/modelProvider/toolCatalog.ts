/**
 * The bounded tool list: with many tools (VS Code's and MCP servers' tools can number in the
 * hundreds) the full JSON schemas would crowd out the conversation. Up to `maxFullTools` tools the
 * prompt shows every schema; above, it lists each tool's name and a one-line description, and a
 * `describe_tool` call returns one tool's full schema. Calls are still checked against the full
 * schemas (a compact copy keeps its zod schema for the loop, or checks its JSON schema itself).
 */
import { PTKErrorCode, ToolExecutionError } from '../errors';
import { validateToolCall } from '../protocol/parser';
import type { PTKTool } from '../types';

/** Name of the tool that returns one tool's full schema. */
export const DESCRIBE_TOOL_NAME = 'describe_tool';

/** Longest one-line description in the compact list. */
const ONE_LINE_MAX_CHARS = 120;

/** What a `describe_tool` call returns for one tool. */
interface ToolDescription {
  name: string;
  description: string;
  parameters: PTKTool['parameters'];
}

export interface ToolCatalog {
  /** The tools as the system prompt shows them (compact copies and describe_tool when bounded). */
  promptTools: PTKTool[];
  /** True when the list is compact (more than maxFullTools tools). */
  compact: boolean;
  /** Every tool by name, with its full schema (describe_tool excluded). */
  fullTools: ReadonlyMap<string, PTKTool>;
  /** One tool's full description, or undefined for an unknown name. */
  describe(name: string): ToolDescription | undefined;
}

/** The first sentence (or line) of a description, at most ONE_LINE_MAX_CHARS characters. */
export function oneLineDescription(description: string): string {
  const firstLine = description.trim().split('\n')[0] ?? '';
  const sentence = /^(.+?[.!?])(\s|$)/.exec(firstLine)?.[1] ?? firstLine;
  return sentence.length > ONE_LINE_MAX_CHARS ? `${sentence.slice(0, ONE_LINE_MAX_CHARS - 1)}…` : sentence;
}

/** Builds the prompt's tool list for `tools`, bounded at `maxFullTools` full schemas. */
export function buildToolCatalog(tools: readonly PTKTool[], maxFullTools: number): ToolCatalog {
  const fullTools = new Map(tools.map((tool) => [tool.name, tool]));
  const describe = (name: string): ToolDescription | undefined => {
    const tool = fullTools.get(name);
    return tool ? { name: tool.name, description: tool.description, parameters: tool.parameters } : undefined;
  };
  if (tools.length <= maxFullTools) return { promptTools: [...tools], compact: false, fullTools, describe };
  const compactTools = tools.map((tool): PTKTool => ({
    ...tool,
    description: `${oneLineDescription(tool.description)} (arguments: call ${DESCRIBE_TOOL_NAME} first)`,
    parameters: { type: 'object', properties: {} },
    // A zod schema (kept) is checked by the loop; a JSON schema only by the full tool, here.
    handler: tool.inputSchema ? tool.handler : (args, context) => {
      const validation = validateToolCall({ tool: tool.name, args: args ?? {} }, [tool]);
      if (!validation.valid) throw new ToolExecutionError(validation.error ?? `Invalid arguments for ${tool.name}.`, { code: PTKErrorCode.INVALID_TOOL_CALL });
      return tool.handler(validation.args ?? args, context);
    },
  }));
  return { promptTools: [createDescribeTool(describe, [...fullTools.keys()]), ...compactTools], compact: true, fullTools, describe };
}

/** The `describe_tool` tool: read-only, answers with one tool's name, description and JSON schema. */
function createDescribeTool(describe: (name: string) => ToolDescription | undefined, names: readonly string[]): PTKTool<{ name: string }, ToolDescription> {
  return {
    name: DESCRIBE_TOOL_NAME,
    description: 'Returns the full description and the JSON schema of the arguments of one of the tools listed below. Call it before the first call of a tool whose arguments you do not know.',
    parameters: { type: 'object', properties: { name: { type: 'string', description: 'The tool\'s exact name.' } }, required: ['name'] },
    readOnly: true,
    handler: ({ name }) => {
      const description = describe(name);
      if (!description) {
        throw new ToolExecutionError(`Unknown tool "${name}". Tools: ${names.join(', ')}.`, { code: PTKErrorCode.TOOL_NOT_FOUND, context: { name } });
      }
      return description;
    },
  };
}
