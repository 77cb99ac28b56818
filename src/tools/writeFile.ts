/** write_file: creates or replaces a file, after approval, atomically, parents created. */
import path from 'node:path';
import { z } from 'zod';
import { PTKErrorCode, WorkspaceError } from '../core/errors';
import { defineTool } from '../core/tools/defineTool';
import type { Workspace } from '../core/workspace';
import { assertTrusted } from './approval';
import { APPROVAL_WAIT_TIMEOUT_MS } from './limits';
import { isWindowsStyleRoot, type SafePath } from './pathSafety';
import { loneSurrogateNote, replaceLoneSurrogates } from './text/loneSurrogates';
import { readCurrentText, resolvePathAgain, splitLines, type ToolEnvironment } from './toolEnvironment';

/** What write_file returns. */
interface WriteFileResult {
  path: string;
  created: boolean;
  lines: number;
  characters: number;
  /** Set when the written text differs from the given one (lone surrogates replaced). */
  note?: string;
}

const writeFileInput = z.object({
  path: z.string().describe('File path relative to the workspace folder. Missing parent folders are created.'),
  content: z.string().describe('The complete new content of the file.'),
});

/**
 * For a new file: the nearest existing entry above it must be a folder. When it is a file
 * (writing "a.txt/b.txt" while "a.txt" is a file), nothing can be created under it: throws
 * NOT_A_DIRECTORY naming that file by its workspace path, before the user is asked anything.
 */
async function assertParentIsFolder(workspace: Workspace, safePath: SafePath): Promise<void> {
  const pathApi = isWindowsStyleRoot(safePath.root) ? path.win32 : path.posix;
  const displaySegments = safePath.displayPath.split('/');
  let ancestor = pathApi.dirname(safePath.path);
  for (let levels = 1; ancestor !== safePath.root && pathApi.dirname(ancestor) !== ancestor; levels++, ancestor = pathApi.dirname(ancestor)) {
    const stat = await workspace.stat(ancestor);
    if (!stat) continue;
    if (stat.type === 'directory') return;
    const blocking = displaySegments.slice(0, -levels).join('/');
    throw new WorkspaceError(
      `Cannot create "${safePath.displayPath}": "${blocking}" is ${stat.type === 'file' ? 'a file, not a folder' : 'not a folder'}, so nothing can be put inside it. Nothing was written; choose another path.`,
      { code: PTKErrorCode.NOT_A_DIRECTORY, context: { path: safePath.displayPath, blockedBy: blocking } },
    );
  }
}

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
        throw new WorkspaceError(`"${safePath.displayPath}" is a directory; give a file path.`, { code: PTKErrorCode.NOT_A_FILE, context: { path: safePath.displayPath } });
      }
      if (!stat) await assertParentIsFolder(workspace, safePath);
      // The user approves, and the disk gets, exactly the text that UTF-8 can hold.
      const { text: content, loneSurrogates } = replaceLoneSurrogates(args.content);
      let before: string | undefined;
      if (stat) before = await readCurrentText(environment, safePath, context.signal).then((current) => current.text, () => undefined);
      await approvalGate.ensureApproved(
        { toolName: 'write_file', kind: 'write', path: safePath.path, before: stat ? (before ?? '') : undefined, after: content, summary: `${stat ? 'Replace' : 'Create'} ${safePath.displayPath}`, protectedReason: safePath.protectedReason },
        context.signal,
      );
      const target = await resolvePathAgain(environment, args.path, 'write', safePath, 'nothing was written');
      await workspace.writeFile(target.path, content, context.signal);
      const result: WriteFileResult = { path: safePath.displayPath, created: !stat, lines: splitLines(content).length, characters: content.length };
      if (loneSurrogates > 0) result.note = loneSurrogateNote(loneSurrogates);
      return result;
    },
  });
}
