/** Shared fixtures for the loop tests. */
import { z } from 'zod';
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
