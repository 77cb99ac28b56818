/**
 * The empty chat's example prompts, made for the workspace from what it holds: a source file to
 * explain, the problems VS Code reports to fix (a search while it reports none), a file to write a test for. An empty folder gets generic
 * ones. Pure: the host gathers the facts (files, diagnostics), the view shows the prompts.
 */

/** What the examples are built from (workspace-relative paths). */
export interface WorkspaceFacts {
  /** Source files, most central first (see rankSourceFiles). */
  sourceFiles: readonly string[];
  /** Files VS Code reports errors in. */
  problemFiles: readonly string[];
}

/** The examples for a workspace with nothing to name, each a task the tools can do anywhere. */
export const GENERIC_EXAMPLE_PROMPTS: readonly string[] = [
  'Explain what this workspace does and how its files are organised.',
  'Search this workspace for TODO and FIXME comments.',
  'Suggest tests for the most important function here, then write them.',
];

/** The example for a workspace with errors in more than one file: fix them all in one task. */
export const FIX_WORKSPACE_EXAMPLE = 'Find the problems VS Code reports in this workspace and fix them.';

/** The file extensions counted as source code. */
export const SOURCE_EXTENSIONS: readonly string[] = ['ts', 'tsx', 'js', 'jsx', 'mjs', 'cjs', 'py', 'go', 'rs', 'java', 'kt', 'cs', 'rb', 'php', 'c', 'cc', 'cpp', 'h', 'hpp', 'swift'];

/** Base names of a project's usual entry points, most likely first. */
const ENTRY_NAMES = ['main', 'index', 'app', 'extension', 'server', 'lib', 'mod'];

const isTestFile = (path: string) => /(?:^|\/)(?:tests?|__tests__|spec)\//i.test(path) || /[._-](?:test|spec)\.[^./]+$/i.test(path);
const isDeclarationFile = (path: string) => /\.d\.[mc]?ts$/.test(path);

/**
 * Source files, most central first: entry points (main, index, app, …) before the rest, shallow
 * paths before deep ones, then by name; tests and declaration files are left out.
 */
export function rankSourceFiles(paths: readonly string[]): string[] {
  const rank = (path: string) => {
    const name = path.split('/').at(-1)!.replace(/\.[^.]+$/, '');
    const entry = ENTRY_NAMES.indexOf(name.toLowerCase());
    return { entry: entry === -1 ? ENTRY_NAMES.length : entry, depth: path.split('/').length };
  };
  return paths
    .filter((path) => !isTestFile(path) && !isDeclarationFile(path))
    .map((path) => ({ path, ...rank(path) }))
    .sort((a, b) => a.entry - b.entry || a.depth - b.depth || a.path.localeCompare(b.path))
    .map((ranked) => ranked.path);
}

/** Three prompts about this workspace, the generic ones filling in for what it does not have. */
export function examplePrompts(facts: WorkspaceFacts): string[] {
  const [explained] = facts.sourceFiles;
  const problem = facts.problemFiles[0];
  // Another file than the one explained and the one with problems, when the workspace has one.
  const tested = facts.sourceFiles.find((path) => path !== problem && path !== explained) ?? explained;
  const [explainWorkspace, search, writeTests] = GENERIC_EXAMPLE_PROMPTS;
  // VS Code reports a file's problems only once it has looked at the file (usually: opened it), so
  // with none known yet the second example is a search, which does what it says in any workspace;
  // the view posts the examples again when the problems change.
  const fix = facts.problemFiles.length > 1 ? FIX_WORKSPACE_EXAMPLE : problem ? `Fix the problems VS Code reports in ${problem}` : search!;
  return [
    explained ? `Explain ${explained}` : explainWorkspace!,
    fix,
    tested ? `Write a test for ${tested}` : writeTests!,
  ];
}
