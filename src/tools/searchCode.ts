/** search_code: text/regex search over the workspace (ripgrep, else JS), capped, file:line:column. */
import { z } from 'zod';
import { PTKErrorCode, ToolExecutionError } from '../core/errors';
import { defineTool } from '../core/tools/defineTool';
import { canonicalRootsOf } from './pathSafety';
import { createMatchGate } from './search/matchConfinement';
import type { ToolEnvironment } from './toolEnvironment';

/** What search_code returns. */
interface SearchCodeResult {
  query: string;
  /** "path:line:column: text" (path relative to the workspace folder). */
  matches: string[];
  count: number;
  /** True when maxResults was reached: more matches may exist. */
  truncated: boolean;
  engine: 'ripgrep' | 'js';
  note?: string;
}

const globList = z.union([z.string(), z.array(z.string())]);

const searchCodeInput = z.object({
  query: z.string().min(1).describe('Text to search for (a regular expression when options.regex is true).'),
  options: z
    .object({
      regex: z.boolean().default(false).describe('Treat query as a regular expression (Rust/ripgrep syntax). Default false.'),
      caseSensitive: z.boolean().default(false).describe('Match case. Default false.'),
      include: globList.optional().describe('Glob(s) of files to search, e.g. "**/*.ts" or ["src/**", "test/**"].'),
      exclude: globList.optional().describe('Glob(s) of files to skip, e.g. "**/*.test.ts".'),
      maxResults: z.number().int().min(1).optional().describe('Most matches to return (capped by the settings).'),
      path: z.string().optional().describe('Folder to search in, relative to the workspace folder. Default: the whole workspace.'),
    })
    .default({ regex: false, caseSensitive: false })
    .describe('Search options.'),
});

function toArray(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** Cuts a long matching line to about `maxChars` around the match column. */
export function shortenAround(text: string, column: number, maxChars: number): string {
  const trimmed = text.trimEnd();
  if (trimmed.length <= maxChars) return trimmed.trim();
  const start = Math.max(0, Math.min(column - 1 - Math.floor(maxChars / 3), trimmed.length - maxChars));
  return `${start > 0 ? '…' : ''}${trimmed.slice(start, start + maxChars).trim()}${start + maxChars < trimmed.length ? '…' : ''}`;
}

export function createSearchCodeTool(environment: ToolEnvironment) {
  const { workspace, settings } = environment;
  return defineTool({
    name: 'search_code',
    description: `Search the workspace's files for text or a regular expression (like ripgrep). Returns "path:line:column: line" for each match, at most ${settings.searchMaxResults}. Ignored files (.gitignore, excludes) are skipped.`,
    inputSchema: searchCodeInput,
    readOnly: true,
    run: async (args, context): Promise<SearchCodeResult> => {
      const options = args.options;
      if (args.query.includes('\u0000')) throw new ToolExecutionError('The query contains a NUL byte.', { code: PTKErrorCode.INVALID_SEARCH_PATTERN });
      let folder = options.path !== undefined ? await environment.resolvePath(options.path, 'list') : undefined;
      let include = toArray(options.include);
      let onlyFile: string | undefined;
      if (folder) {
        const stat = await workspace.stat(folder.path);
        if (!stat) throw new ToolExecutionError(`Folder not found: "${folder.displayPath}".`, { code: PTKErrorCode.FILE_NOT_FOUND });
        if (stat.type === 'file') {
          // Searching one file: search its folder, restricted to its name.
          onlyFile = folder.path;
          const fileName = folder.path.split(/[\\/]/).pop()!;
          folder = { ...folder, path: folder.path.slice(0, folder.path.length - fileName.length - 1) || '/' };
          include = [fileName.replace(/[[\]{}()*?!]/g, '\\$&')];
        }
      }
      if (workspace.roots.length === 0 && !folder) await environment.resolvePath('.', 'list');
      const maxResults = Math.min(options.maxResults ?? settings.searchMaxResults, settings.searchMaxResults);
      const canonicalRoots = await canonicalRootsOf(workspace);
      const found = await workspace.search(
        {
          pattern: args.query,
          isRegex: options.regex,
          caseSensitive: options.caseSensitive,
          include,
          // The deny list as excludes: the engines skip denied files (found by name or, in the JS search, by real path).
          exclude: [...toArray(options.exclude), ...settings.denyPaths],
          maxResults,
          folder: folder?.path,
          respectExcludes: true,
        },
        context.signal,
      );
      // Whatever the engine, a match is shown only when read_file could read its file (real path inside, not denied).
      const gate = createMatchGate(workspace, canonicalRoots, settings.denyPaths);
      await Promise.all([...new Set(found.matches.map((match) => match.path))].map(gate));
      const matches: string[] = [];
      let characters = 0;
      let cutForSize = false;
      for (const match of found.matches) {
        if (onlyFile !== undefined && match.path !== onlyFile) continue;
        const location = await gate(match.path);
        if (!location) continue;
        const line = `${location.displayPath}:${match.line}:${match.column}: ${shortenAround(match.text, match.column, settings.searchLineMaxChars)}`;
        if (characters + line.length > settings.resultFieldMaxChars) {
          cutForSize = true;
          break;
        }
        matches.push(line);
        characters += line.length + 1;
      }
      const result: SearchCodeResult = { query: args.query, matches, count: matches.length, truncated: found.truncated || cutForSize, engine: found.engine };
      if (result.truncated) result.note = `Showing the first ${matches.length} matches; there may be more. Narrow the search with options.include or options.path.`;
      else if (matches.length === 0) result.note = 'No matches.';
      return result;
    },
  });
}
