/** read_file: text with line numbers, paged, size-capped; binary refused; unsaved buffers win. */
import { z } from 'zod';
import { PTKErrorCode, ToolExecutionError } from '../core/errors';
import { defineTool } from '../core/tools/defineTool';
import { readCurrentText, splitLines, type ToolEnvironment } from './toolEnvironment';

/** What read_file returns. */
interface ReadFileResult {
  path: string;
  /** Lines "N | text", N 1-based. */
  content: string;
  startLine: number;
  endLine: number;
  totalLines: number;
  source: 'disk' | 'unsaved editor buffer';
  /** How to read on, when the file was not read to its end. */
  note?: string;
}

const readFileInput = z.object({
  path: z.string().describe('File path relative to the workspace folder, e.g. "src/index.ts".'),
  startLine: z.number().int().min(1).optional().describe('First line to read (1-based). Default 1.'),
  endLine: z.number().int().min(1).optional().describe('Last line to read (inclusive). Default: one page after startLine.'),
});

export function createReadFileTool(environment: ToolEnvironment) {
  const { settings } = environment;
  return defineTool({
    name: 'read_file',
    description: `Read a text file of the workspace. Lines come numbered as "N | text" (the numbers are not part of the file). Long files come in pages of up to ${settings.readPageLines} lines: pass startLine/endLine to read on.`,
    inputSchema: readFileInput,
    readOnly: true,
    run: async (args, context): Promise<ReadFileResult> => {
      const safePath = await environment.resolvePath(args.path, 'read');
      const current = await readCurrentText(environment, safePath, context.signal);
      const lines = splitLines(current.text);
      const totalLines = lines.length;
      const startLine = args.startLine ?? 1;
      if (totalLines === 0) {
        return { path: safePath.displayPath, content: '', startLine: 1, endLine: 0, totalLines: 0, source: current.source, note: 'The file is empty.' };
      }
      if (startLine > totalLines) {
        throw new ToolExecutionError(`startLine ${startLine} is past the end of "${safePath.displayPath}" (${totalLines} lines).`, { code: PTKErrorCode.INVALID_TOOL_CALL });
      }
      if (args.endLine !== undefined && args.endLine < startLine) {
        throw new ToolExecutionError(`endLine ${args.endLine} is before startLine ${startLine}.`, { code: PTKErrorCode.INVALID_TOOL_CALL });
      }
      const pageEnd = startLine + settings.readPageLines - 1;
      let endLine = Math.min(args.endLine ?? pageEnd, pageEnd, totalLines);
      const numberWidth = String(endLine).length;
      const output: string[] = [];
      let characters = 0;
      for (let lineNumber = startLine; lineNumber <= endLine; lineNumber++) {
        let line = lines[lineNumber - 1]!;
        if (line.length > settings.maxLineChars) line = `${line.slice(0, settings.maxLineChars)}… [line cut: ${line.length} characters]`;
        const numbered = `${String(lineNumber).padStart(numberWidth)} | ${line}`;
        if (characters + numbered.length + 1 > settings.resultFieldMaxChars && output.length > 0) {
          endLine = lineNumber - 1;
          break;
        }
        output.push(numbered);
        characters += numbered.length + 1;
      }
      const result: ReadFileResult = { path: safePath.displayPath, content: output.join('\n'), startLine, endLine, totalLines, source: current.source };
      if (endLine < totalLines && (args.endLine === undefined || endLine < args.endLine)) {
        result.note = `Showing lines ${startLine}-${endLine} of ${totalLines}. To read on, call read_file with startLine ${endLine + 1}.`;
      }
      return result;
    },
  });
}
