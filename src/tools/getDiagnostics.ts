/** get_diagnostics: errors and warnings (severity, range, source, code) of a file or the workspace. */
import { z } from 'zod';
import { defineTool } from '../core/tools/defineTool';
import type { DiagnosticSeverity } from '../core/workspace';
import { MAX_DIAGNOSTICS } from './limits';
import { canonicalRootsOf, displayPathFor } from './pathSafety';
import type { ToolEnvironment } from './toolEnvironment';

/** One diagnostic as the model sees it (1-based lines and columns). */
interface DiagnosticEntry {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: DiagnosticSeverity;
  message: string;
  source?: string;
  code?: string | number;
}

/** What get_diagnostics returns. */
interface GetDiagnosticsResult {
  diagnostics: DiagnosticEntry[];
  counts: Record<DiagnosticSeverity, number>;
  omitted: number;
  note?: string;
}

const getDiagnosticsInput = z.object({
  file: z.string().optional().describe('File path relative to the workspace folder. Omit for every file of the workspace.'),
});

const SEVERITY_ORDER: Record<DiagnosticSeverity, number> = { error: 0, warning: 1, information: 2, hint: 3 };

export function createGetDiagnosticsTool(environment: ToolEnvironment) {
  const { workspace } = environment;
  return defineTool({
    name: 'get_diagnostics',
    description: 'Get the problems (compiler errors, lint warnings) the editor knows about, for one file or the whole workspace, with severity, line/column range, source and code. Errors come first.',
    inputSchema: getDiagnosticsInput,
    readOnly: true,
    run: async (args): Promise<GetDiagnosticsResult> => {
      const safePath = args.file !== undefined ? await environment.resolvePath(args.file, 'read') : undefined;
      if (!safePath) await environment.resolvePath('.', 'list');
      const canonicalRoots = await canonicalRootsOf(workspace);
      const all = await workspace.getDiagnostics(safePath?.path);
      const sorted = [...all].sort((left, right) => SEVERITY_ORDER[left.severity] - SEVERITY_ORDER[right.severity] || left.path.localeCompare(right.path) || left.range.startLine - right.range.startLine);
      const counts: Record<DiagnosticSeverity, number> = { error: 0, warning: 0, information: 0, hint: 0 };
      for (const diagnostic of all) counts[diagnostic.severity]++;
      const diagnostics: DiagnosticEntry[] = [];
      let characters = 0;
      for (const entry of sorted.slice(0, MAX_DIAGNOSTICS).map((diagnostic): DiagnosticEntry => ({
        file: displayPathFor(workspace, diagnostic.path, canonicalRoots),
        line: diagnostic.range.startLine,
        column: diagnostic.range.startColumn,
        endLine: diagnostic.range.endLine,
        endColumn: diagnostic.range.endColumn,
        severity: diagnostic.severity,
        message: diagnostic.message,
        ...(diagnostic.source !== undefined ? { source: diagnostic.source } : {}),
        ...(diagnostic.code !== undefined ? { code: diagnostic.code } : {}),
      }))) {
        // Keep the result within resultFieldMaxChars (errors first, so they survive).
        characters += JSON.stringify(entry).length;
        if (characters > environment.settings.resultFieldMaxChars && diagnostics.length > 0) break;
        diagnostics.push(entry);
      }
      const result: GetDiagnosticsResult = { diagnostics, counts, omitted: sorted.length - diagnostics.length };
      if (result.omitted > 0) result.note = `${result.omitted} more diagnostics not shown; ask for one file at a time.`;
      else if (diagnostics.length === 0) result.note = safePath ? `No problems reported for ${safePath.displayPath}.` : 'No problems reported.';
      return result;
    },
  });
}
