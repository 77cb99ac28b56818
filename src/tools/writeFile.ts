/** write_file: creates or replaces a file, after approval, atomically, parents created. */
import { z } from 'zod';
import { PTKErrorCode, WorkspaceError } from '../core/errors';
import { defineTool } from '../core/tools/defineTool';
import { assertTrusted } from './approval';
import { APPROVAL_WAIT_TIMEOUT_MS } from './limits';
import { readCurrentText, splitLines, type ToolEnvironment } from './toolEnvironment';

/** What write_file returns. */
export interface WriteFileResult {
  path: string;
  created: boolean;
  lines: number;
  characters: number;
}

export const writeFileInput = z.object({
  path: z.string().describe('File path relative to the workspace folder. Missing parent folders are created.'),
  content: z.string().describe('The complete new content of the file.'),
});

export function createWriteFileTool(environment: ToolEnvironment) {
  const { workspace, approvalGate } = environment;
  return defineTool({
    name: 'write_file',
    description: 'Create a file or replace its whole content (the user approves the change). To change part of an existing file, prefer edit_file.',
    inputSchema: writeFileInput,
    dangerous: true,
    timeoutMs: APPROVAL_WAIT_TIMEOUT_MS,
    run: async (args, context): Promise<WriteFileResult> => {
      assertTrusted(workspace, 'write_file');
      const safePath = await environment.resolvePath(args.path, 'write');
      const stat = await workspace.stat(safePath.path);
      if (stat && stat.type !== 'file') {
        throw new WorkspaceError(`"${safePath.displayPath}" is a directory; give a file path.`, PTKErrorCode.NOT_A_FILE, { context: { path: safePath.displayPath } });
      }
      let before: string | undefined;
      if (stat) before = await readCurrentText(environment, safePath, context.signal).then((current) => current.text, () => undefined);
      await approvalGate.ensureApproved(
        { toolName: 'write_file', kind: 'write', path: safePath.path, before: before ?? '', after: args.content, summary: `${stat ? 'Replace' : 'Create'} ${safePath.displayPath}` },
        context.signal,
      );
      await workspace.writeFile(safePath.path, args.content, context.signal);
      return { path: safePath.displayPath, created: !stat, lines: splitLines(args.content).length, characters: args.content.length };
    },
  });
}
