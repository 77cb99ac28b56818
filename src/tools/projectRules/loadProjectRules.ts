/**
 * Reads a workspace's project rules at the start of a task: the instruction files of
 * instructionFiles.ts in every workspace folder, plus each AGENTS.md between the workspace
 * folder and the files the task is about (the active editor's file, mentioned files), nearest
 * last. Every file passes the same path checks as read_file (inside the workspace after
 * following symbolic links, the deny list, the size cap, text only); what is refused is
 * reported, never read. A file scoped by `paths` front matter (ruleConditions.ts) applies only
 * when one of those task files matches it. Pure: only the Workspace port is used, so both hosts share it, and
 * nothing is cached: a changed rule applies from the next task.
 */
import path from 'node:path';
import { errorMessage, PTKErrorCode, WorkspaceError } from '../../core/errors';
import { throwIfAborted } from '../../core/util/abortSignals';
import type { Workspace } from '../../core/workspace';
import { canonicalRootsOf, climbsOutOfBase, isWindowsStyleRoot, type SafePath } from '../pathSafety';
import { parseToolSettings, type ToolSettings, type ToolSettingsInput } from '../settings';
import { createToolEnvironment, readCurrentText, type ToolEnvironment } from '../toolEnvironment';
import { NESTED_INSTRUCTION_FILE, resolveInstructionFiles } from './instructionFiles';
import { decideRule } from './ruleConditions';
import { composeProjectRules, DEFAULT_PROJECT_RULES_LIMITS, type ComposedProjectRules, type ProjectRulesLimits, type RuleFileText } from './projectRulesText';

/** Files read from one rules folder (.clinerules/, .roo/rules/) at most. */
const MAX_FILES_PER_FOLDER = 50;
/** The files of a rules folder that are read. */
const RULE_FOLDER_FILE = /\.(md|txt)$/i;

/** Options of `loadProjectRules`. */
interface ProjectRulesOptions {
  /** `ptk.instructionFiles` entries: names to add, "!name" to remove a default. */
  instructionFiles?: readonly string[];
  /** Files (or folders) the task is about, absolute or relative to the workspace: their nearest AGENTS.md files are read too. */
  focusPaths?: readonly string[];
  /** The tools' settings: the same deny list and size cap apply. */
  toolSettings?: ToolSettings | ToolSettingsInput;
  limits?: Partial<ProjectRulesLimits>;
  signal?: AbortSignal;
}

/** An instruction file that exists but was not read, and why. */
interface RefusedRuleFile {
  displayPath: string;
  reason: string;
}

/** A rule file scoped by `paths` globs that none of the task's files matched. */
interface SkippedRuleFile {
  displayPath: string;
  paths: string[];
}

/** The rules for one task. */
export interface ProjectRules extends ComposedProjectRules {
  refused: RefusedRuleFile[];
  /** Rule files left out because their `paths` front matter matched none of the task's files. */
  skipped: SkippedRuleFile[];
}

/** Reads the project rules for one task; never throws but for cancellation. */
export async function loadProjectRules(workspace: Workspace, options: ProjectRulesOptions = {}): Promise<ProjectRules> {
  const limits = { ...DEFAULT_PROJECT_RULES_LIMITS, ...options.limits };
  if (workspace.roots.length === 0) return { instructions: '', files: [], refused: [], skipped: [] };
  const environment = createToolEnvironment(workspace, parseToolSettings(options.toolSettings));
  const pathApi = isWindowsStyleRoot(workspace.roots[0]!) ? path.win32 : path.posix;
  const canonicalRoots = await canonicalRootsOf(workspace);
  const focus = await resolveFocusPaths(environment, options.focusPaths ?? []);
  const reader = new RuleFileReader(environment, focus.map((safePath) => safePath.relativePath), options.signal);
  const nestedByRoot = await nestedInstructionFiles(environment, canonicalRoots, focus, pathApi);

  for (const [rootIndex, root] of workspace.roots.entries()) {
    for (const name of resolveInstructionFiles(options.instructionFiles)) {
      await reader.read(pathApi.join(root, ...name.split('/')));
      if (name !== NESTED_INSTRUCTION_FILE) continue;
      for (const nested of nestedByRoot.get(rootIndex) ?? []) await reader.read(nested);
    }
  }
  return { ...composeProjectRules(reader.files, limits), refused: reader.refused, skipped: reader.skipped };
}

/** The focus paths that pass the read checks (the others are ignored). */
async function resolveFocusPaths(environment: ToolEnvironment, focusPaths: readonly string[]): Promise<SafePath[]> {
  const resolved: SafePath[] = [];
  for (const focusPath of focusPaths) {
    const safePath = await environment.resolvePath(focusPath, 'read').catch(() => undefined);
    if (safePath) resolved.push(safePath);
  }
  return resolved;
}

/** Reads candidates once each (by canonical path), keeping the text of those that pass the checks. */
class RuleFileReader {
  readonly files: RuleFileText[] = [];
  readonly refused: RefusedRuleFile[] = [];
  readonly skipped: SkippedRuleFile[] = [];
  private readonly seen = new Set<string>();

  constructor(
    private readonly environment: ToolEnvironment,
    /** The task's files, relative to their workspace folder: what a scoped rule's globs are matched against. */
    private readonly taskPaths: readonly string[],
    private readonly signal: AbortSignal | undefined,
  ) {}

  /** A file is read; a folder gives its .md and .txt files, by path; a missing name nothing. */
  async read(candidate: string): Promise<void> {
    throwIfAborted(this.signal);
    const safePath = await this.check(candidate);
    if (!safePath || this.seen.has(safePath.path)) return;
    const stat = await this.environment.workspace.stat(safePath.path);
    if (!stat) return;
    this.seen.add(safePath.path);
    if (stat.type === 'directory') {
      const listed = await this.environment.workspace.listFiles(safePath.path, { limit: MAX_FILES_PER_FOLDER, respectExcludes: false, exclude: this.environment.settings.denyPaths, signal: this.signal });
      for (const file of listed.files.filter((name) => RULE_FOLDER_FILE.test(name)).sort()) await this.read(file);
      return;
    }
    try {
      const { text } = await readCurrentText(this.environment, safePath, this.signal);
      const rule = decideRule(text, this.taskPaths);
      if (!rule.applies) this.skipped.push({ displayPath: safePath.displayPath, paths: rule.paths ?? [] });
      else if (rule.body.trim() !== '') this.files.push({ displayPath: safePath.displayPath, path: safePath.path, text: rule.body });
    } catch (error) {
      throwIfAborted(this.signal);
      this.refused.push({ displayPath: safePath.displayPath, reason: errorMessage(error) });
    }
  }

  /** The checked path, or undefined when refused (reported when something is there) or absent. */
  private async check(candidate: string): Promise<SafePath | undefined> {
    try {
      return await this.environment.resolvePath(candidate, 'read');
    } catch (error) {
      if (!(error instanceof WorkspaceError) || (await this.environment.workspace.stat(candidate)) === undefined) return undefined;
      this.refused.push({ displayPath: displayRelative(this.environment.workspace, candidate), reason: error.code === PTKErrorCode.PATH_DENIED ? 'protected by the deny list (ptk.tools.denyPaths)' : errorMessage(error) });
      return undefined;
    }
  }
}

/** A candidate's path relative to its workspace folder, for a refusal that names it. */
function displayRelative(workspace: Workspace, candidate: string): string {
  const pathApi = isWindowsStyleRoot(workspace.roots[0] ?? '') ? path.win32 : path.posix;
  for (const root of workspace.roots) {
    const relative = pathApi.relative(root, candidate);
    if (relative && !climbsOutOfBase(relative) && !pathApi.isAbsolute(relative)) {
      const posix = relative.split(pathApi.sep).join('/');
      return workspace.roots.length > 1 ? `${pathApi.basename(root)}/${posix}` : posix;
    }
  }
  return candidate;
}

/**
 * Per workspace folder (by index), the AGENTS.md candidates in the folders between it and each
 * focus path, from the outermost to the nearest (the workspace folder's own is read as a
 * default).
 */
async function nestedInstructionFiles(environment: ToolEnvironment, canonicalRoots: readonly string[], focus: readonly SafePath[], pathApi: typeof path.posix): Promise<Map<number, string[]>> {
  const byRoot = new Map<number, string[]>();
  for (const safePath of focus) {
    const rootIndex = canonicalRoots.indexOf(safePath.root);
    if (rootIndex === -1) continue;
    const isFolder = (await environment.workspace.stat(safePath.path))?.type === 'directory';
    const segments = safePath.relativePath.split('/').filter(Boolean);
    const folders = isFolder ? segments : segments.slice(0, -1);
    const candidates = byRoot.get(rootIndex) ?? [];
    for (let depth = 1; depth <= folders.length; depth++) {
      const candidate = pathApi.join(safePath.root, ...folders.slice(0, depth), NESTED_INSTRUCTION_FILE);
      if (!candidates.includes(candidate)) candidates.push(candidate);
    }
    byRoot.set(rootIndex, candidates);
  }
  return byRoot;
}
