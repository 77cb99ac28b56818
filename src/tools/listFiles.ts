/** list_files: files under a folder, glob-filtered, honouring excludes and .gitignore, capped. */
import { z } from 'zod';
import { PTKErrorCode, WorkspaceError } from '../core/errors';
import { defineTool } from '../core/tools/defineTool';
import { canonicalRootsOf, isDeniedPath, locateInWorkspace } from './pathSafety';
import type { ToolEnvironment } from './toolEnvironment';

/** What list_files returns. */
interface ListFilesToolResult {
  directory: string;
  /** Paths relative to the workspace folder (ready for read_file). */
  files: string[];
  /** Matching files left out by the cap. */
  omitted: number;
  note?: string;
}

const listFilesInput = z.object({
  directory: z.string().default('.').describe('Folder relative to the workspace folder; "." for the whole workspace.'),
  pattern: z.string().optional().describe('Glob relative to the folder, e.g. "**/*.ts" or "*.json". Default: every file.'),
});

export function createListFilesTool(environment: ToolEnvironment) {
  const { workspace, settings } = environment;
  return defineTool({
    name: 'list_files',
    description: `List files (recursively) under a folder of the workspace, optionally filtered by a glob. Ignored files (.gitignore, files.exclude, node_modules) are left out. At most ${settings.listMaxEntries} paths are returned.`,
    inputSchema: listFilesInput,
    readOnly: true,
    run: async (args, context): Promise<ListFilesToolResult> => {
      const safePath = await environment.resolvePath(args.directory, 'list');
      const stat = await workspace.stat(safePath.path);
      if (!stat) throw new WorkspaceError(`Folder not found: "${safePath.displayPath}".`, { code: PTKErrorCode.FILE_NOT_FOUND, context: { path: safePath.displayPath } });
      if (stat.type !== 'directory') throw new WorkspaceError(`"${safePath.displayPath}" is a file, not a folder; use read_file to read it.`, { code: PTKErrorCode.NOT_A_DIRECTORY, context: { path: safePath.displayPath } });
      const limit = settings.listMaxEntries;
      const listed = await workspace.listFiles(safePath.path, { pattern: args.pattern, limit, respectExcludes: true, exclude: settings.denyPaths, signal: context.signal });
      const canonicalRoots = await canonicalRootsOf(workspace);
      const denyOptions = { access: 'read' as const, denyPaths: settings.denyPaths, denyWritePaths: settings.denyWritePaths };
      const files: string[] = [];
      let denied = 0;
      for (const file of listed.files) {
        const location = locateInWorkspace(workspace, file, canonicalRoots);
        if (!location || isDeniedPath(location.relativePath, denyOptions)) denied++;
        else files.push(location.displayPath);
      }
      const result: ListFilesToolResult = { directory: safePath.displayPath, files, omitted: listed.omitted };
      const notes: string[] = [];
      if (listed.omitted > 0) notes.push(`${listed.omitted}${listed.omittedIsLowerBound ? '+' : ''} more files not shown (limit ${limit}); narrow the folder or the pattern.`);
      if (denied > 0) notes.push(`${denied} protected file(s) (deny list) not shown.`);
      if (files.length === 0 && listed.omitted === 0) notes.push(args.pattern ? `No file matches "${args.pattern}".` : 'The folder has no files (or only ignored ones).');
      if (notes.length > 0) result.note = notes.join(' ');
      return result;
    },
  });
}
