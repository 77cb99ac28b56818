/** edit_file: search/replace blocks, exact then whitespace-tolerant; all or nothing. */
import { z } from 'zod';
import { PTKErrorCode, WorkspaceError } from '../core/errors';
import { defineTool } from '../core/tools/defineTool';
import { assertTrusted } from './approval';
import { APPROVAL_WAIT_TIMEOUT_MS } from './limits';
import { applyEdits, type EditMatchKind } from './text/applyEdits';
import { loneSurrogateNote, replaceLoneSurrogates } from './text/loneSurrogates';
import { readCurrentText, resolvePathAgain, type ToolEnvironment } from './toolEnvironment';

/** What edit_file returns. */
interface EditFileResult {
  path: string;
  editsApplied: number;
  /** How each edit matched ('whitespace': indentation/spacing differed from the file). */
  matches: EditMatchKind[];
  note?: string;
}

const editFileInput = z.object({
  path: z.string().describe('File path relative to the workspace folder. The file must exist (use write_file to create one).'),
  edits: z
    .array(
      z.object({
        search: z.string().describe('Exact text to find: copy it from the file (without the line numbers read_file shows), with enough lines to be unique.'),
        replace: z.string().describe('Text that replaces it ("" deletes it).'),
      }),
    )
    .min(1)
    .describe('Edits applied in order. If any edit matches nothing or more than once, the file is left unchanged.'),
});

export function createEditFileTool(environment: ToolEnvironment) {
  const { workspace, approvalGate } = environment;
  return defineTool({
    name: 'edit_file',
    description: 'Change part of an existing file with search/replace blocks (the user approves the change). Each search text must match exactly once; whitespace differences are tolerated when there is no exact match.',
    inputSchema: editFileInput,
    dangerous: true,
    timeoutMs: APPROVAL_WAIT_TIMEOUT_MS,
    run: async (args, context): Promise<EditFileResult> => {
      assertTrusted(workspace, 'edit_file');
      const safePath = await environment.resolvePath(args.path, 'write');
      const current = await readCurrentText(environment, safePath, context.signal);
      const applied = applyEdits(current.text, args.edits);
      // The user approves, and the disk gets, exactly the text that UTF-8 can hold.
      const { text: content, loneSurrogates } = replaceLoneSurrogates(applied.content);
      if (content === current.text) {
        return { path: safePath.displayPath, editsApplied: 0, matches: applied.matches, note: 'The edits leave the file as it is; nothing was written.' };
      }
      await approvalGate.ensureApproved(
        { toolName: 'edit_file', kind: 'edit', path: safePath.path, before: current.text, after: content, summary: `Apply ${args.edits.length} edit${args.edits.length > 1 ? 's' : ''} to ${safePath.displayPath}`, protectedReason: safePath.protectedReason },
        context.signal,
      );
      // A folder on the path may have become a symbolic link while the approval was pending.
      const target = await resolvePathAgain(environment, args.path, 'write', safePath, 'nothing was written');
      // The user may have typed in the file while the approval was pending: never overwrite that.
      const now = await readCurrentText(environment, target, context.signal);
      if (now.text !== current.text) {
        throw new WorkspaceError(`"${safePath.displayPath}" changed while the edit was waiting for approval; nothing was written. Read the file again.`, { code: PTKErrorCode.FILE_CHANGED, context: { path: safePath.displayPath } });
      }
      await workspace.writeFile(target.path, content, context.signal);
      const result: EditFileResult = { path: safePath.displayPath, editsApplied: args.edits.length, matches: applied.matches };
      const notes: string[] = [];
      if (applied.matches.includes('whitespace')) notes.push('Some edits matched only when whitespace was ignored; check the indentation with read_file.');
      if (loneSurrogates > 0) notes.push(loneSurrogateNote(loneSurrogates));
      if (notes.length > 0) result.note = notes.join(' ');
      return result;
    },
  });
}
