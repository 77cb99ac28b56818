/**
 * `@problems`: the errors and warnings the editor knows (every file, or one), one line each
 * ("src/a.ts:3:5 error TS2322: …"), errors first. Taken from the Workspace port's diagnostics
 * of the whole workspace (no file is opened to get them); protected files are left out.
 */
import type { DiagnosticSeverity, Workspace, WorkspaceDiagnostic } from '../../../core/workspace';
import { rankByFuzzy } from '../../../shared/chat/fuzzyRank';
import type { ContextMention } from '../../../shared/chat/mentions';
import { canonicalRootsOf, isDeniedPath, locateInWorkspace } from '../../../tools/pathSafety';
import type { ToolSettings } from '../../../tools/settings';
import type { ResolvedMention } from '../../../ui/mentionContext';
import { MAX_SUGGESTIONS, type MentionProvider, type MentionSuggestions } from './mentionProvider';
import { checkWorkspacePath } from './workspaceText';

const SEVERITY_ORDER: Record<DiagnosticSeverity, number> = { error: 0, warning: 1, information: 2, hint: 3 };

/** The chip of every problem (no path) or of one file's problems. */
export function problemsMention(path?: string): ContextMention {
  return path === undefined ? { kind: 'problems', label: 'problems' } : { kind: 'problems', label: `problems in ${path}`, path };
}

/** A diagnostic with the path the tools show. */
type LocatedDiagnostic = WorkspaceDiagnostic & { displayPath: string };

/** The workspace's diagnostics in files that are inside a folder and not protected. */
async function visibleDiagnostics(workspace: Workspace, settings: ToolSettings): Promise<LocatedDiagnostic[]> {
  const canonicalRoots = await canonicalRootsOf(workspace);
  const denyOptions = { access: 'read' as const, denyPaths: settings.denyPaths, denyWritePaths: settings.denyWritePaths };
  const located: LocatedDiagnostic[] = [];
  for (const diagnostic of await workspace.getDiagnostics()) {
    const location = locateInWorkspace(workspace, diagnostic.path, canonicalRoots);
    if (location && !isDeniedPath(location.relativePath, denyOptions)) located.push({ ...diagnostic, displayPath: location.displayPath });
  }
  return located;
}

function countsText(diagnostics: readonly WorkspaceDiagnostic[]): string {
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  const warnings = diagnostics.filter((diagnostic) => diagnostic.severity === 'warning').length;
  const others = diagnostics.length - errors - warnings;
  return [`${errors} error(s)`, `${warnings} warning(s)`, ...(others > 0 ? [`${others} other`] : [])].join(', ');
}

/** One line per diagnostic, errors first, then by file and line. */
function formatProblems(diagnostics: readonly LocatedDiagnostic[]): string {
  const sorted = [...diagnostics].sort(
    (left, right) => SEVERITY_ORDER[left.severity] - SEVERITY_ORDER[right.severity] || left.displayPath.localeCompare(right.displayPath) || left.range.startLine - right.range.startLine,
  );
  return sorted
    .map((diagnostic) => {
      const origin = [diagnostic.source, diagnostic.code].filter((part) => part !== undefined && part !== '').join(' ');
      return `${diagnostic.displayPath}:${diagnostic.range.startLine}:${diagnostic.range.startColumn} ${diagnostic.severity}${origin ? ` ${origin}` : ''}: ${diagnostic.message.replace(/\s*\n\s*/g, ' ')}`;
    })
    .join('\n');
}

export function createProblemsMentionProvider(workspace: Workspace, settings: () => ToolSettings): MentionProvider {
  return {
    kind: 'problems',
    async suggest(query): Promise<MentionSuggestions> {
      const diagnostics = await visibleDiagnostics(workspace, settings());
      const byFile = new Map<string, LocatedDiagnostic[]>();
      for (const diagnostic of diagnostics) byFile.set(diagnostic.displayPath, [...(byFile.get(diagnostic.displayPath) ?? []), diagnostic]);
      const files = rankByFuzzy(query, [...byFile.keys()], (path) => path, MAX_SUGGESTIONS - 1);
      const items = files.map((path) => ({ mention: problemsMention(path), detail: countsText(byFile.get(path)!) }));
      if (query.trim() === '') items.unshift({ mention: problemsMention(), detail: `whole workspace: ${countsText(diagnostics)}` });
      return items.length > 0 ? { items } : { items: [], note: `No file with problems matches "${query}".` };
    },
    async resolve(mention): Promise<ResolvedMention> {
      const toolSettings = settings();
      let diagnostics = await visibleDiagnostics(workspace, toolSettings);
      if (mention.path !== undefined) {
        const safePath = await checkWorkspacePath(workspace, toolSettings, mention.path);
        diagnostics = diagnostics.filter((diagnostic) => diagnostic.displayPath === safePath.displayPath);
      }
      const where = mention.path === undefined ? 'the workspace' : mention.path;
      const content = diagnostics.length > 0 ? formatProblems(diagnostics) : `No problems reported in ${where} (the editor reports problems of the files its language services have checked).`;
      return { mention, content, attributes: { counts: countsText(diagnostics) } };
    },
  };
}
