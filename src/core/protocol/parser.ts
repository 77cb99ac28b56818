/**
 * PTKParser: reads a model reply into a PTKResponse and checks a call against the
 * tools. Never throws.
 */
import { NoSuchToolError } from '../errors';
import type { PTKResponse, PTKTool, PTKToolCall, PTKValidation } from '../types';
import type { AlternativeProtocol } from './alternativeProtocols';
import { StreamingScanner, type PTKStreamParser } from './streamParser';
import { assertTagName, protocolTags } from './tagNames';
import { checkToolCall } from './toolCallCheck';

export interface PTKParserOptions {
  /** Tag names accepted (any case). Default: TOOL_CALL and PTK_CALL; the first is named in errors. */
  tagNames?: readonly string[];
  /** Opt-in alternative syntaxes, tried only when a reply has no tagged call. */
  alternativeProtocols?: readonly AlternativeProtocol[];
}

export class PTKParser {
  private readonly tagNames: readonly string[];
  private readonly alternativeProtocols: readonly AlternativeProtocol[];

  constructor(options: PTKParserOptions = {}) {
    const names = options.tagNames?.length ? options.tagNames : protocolTags();
    for (const name of names) assertTagName(name);
    this.tagNames = names;
    this.alternativeProtocols = options.alternativeProtocols ?? [];
  }

  /** An incremental parser: `push` chunks as they stream, `end()` equals `parse(whole)`. */
  stream(): PTKStreamParser {
    return new StreamingScanner({ tagNames: this.tagNames, alternativeProtocols: this.alternativeProtocols });
  }

  parse(response: string): PTKResponse {
    const scanner = this.stream();
    scanner.push(typeof response === 'string' ? response : String(response ?? ''));
    return scanner.end();
  }

  /** The first call in the reply, or null. */
  extract(response: string): PTKToolCall | null {
    return this.parse(response).toolCall ?? null;
  }

  /** Checks that the tool exists and the arguments fit its schema. */
  validate(toolCall: PTKToolCall, tools: readonly PTKTool[] | ReadonlyMap<string, PTKTool>): PTKValidation {
    return validateToolCall(toolCall, tools);
  }
}

export function validateToolCall(toolCall: PTKToolCall, tools: readonly PTKTool[] | ReadonlyMap<string, PTKTool>): PTKValidation {
  const toolMap: ReadonlyMap<string, PTKTool> = isToolMap(tools) ? tools : new Map(tools.map((tool) => [tool.name, tool]));
  const checked = checkToolCall(toolCall, toolMap);
  if (checked.valid) return { valid: true, args: checked.args };
  return { valid: false, code: checked.error instanceof NoSuchToolError ? 'TOOL_NOT_FOUND' : 'INVALID_ARGUMENTS', error: checked.error.message };
}

function isToolMap(tools: readonly PTKTool[] | ReadonlyMap<string, PTKTool>): tools is ReadonlyMap<string, PTKTool> {
  return typeof (tools as ReadonlyMap<string, PTKTool>).get === 'function' && !Array.isArray(tools);
}
