/**
 * Protected files: paths a write or an edit always asks about, whatever `autoApprove` or an
 * earlier "always" answer says. They configure the editor (settings, tasks, launch and MCP
 * configurations, workspace files), the assistant (the rules files PTK and other assistants
 * read) or the project's build and repository: a model that changes one of them unasked could
 * turn the approvals off, run commands through a task or rewrite its own instructions.
 * The list is the `protectedFiles` tool setting (user settings only in VS Code); the rules
 * files of the `instructionFiles` setting are always added to it.
 */
import { globMatcher } from './pathSafety';
import { resolveInstructionFiles } from './projectRules/instructionFiles';

/** Files that configure the editor (VS Code's `chat.tools.edits.autoApprove` defaults and Roo Code's protected list). */
const EDITOR_FILES: readonly string[] = ['**/.vscode/*.json', '**/.vscode/**', '**/*.code-workspace'];

/**
 * Files that configure an assistant: the rules files PTK reads, Roo Code's and Cline's rules, the
 * chat modes and prompt files (slash commands) PTK offers from Copilot's, Claude Code's and Roo
 * Code's folders, PTK's own folder.
 */
const ASSISTANT_FILES: readonly string[] = [
  '**/AGENTS.md',
  '**/.github/copilot-instructions.md',
  '**/.github/{chatmodes,agents,prompts,instructions}/**',
  '**/CLAUDE.md',
  '**/.claude/**',
  '**/.roomodes',
  '**/.clinerules*',
  '**/.clinerules*/**',
  '**/.roorules*',
  '**/.roorules*/**',
  '**/.roo/**',
  '**/.ptk/**',
];

/** Files that configure the project's build, dependencies or repository (VS Code's defaults). */
const PROJECT_FILES: readonly string[] = [
  '**/.git/**',
  '**/{package.json,server.xml,build.rs,web.config,.gitattributes,.env}',
  '**/*.{csproj,fsproj,vbproj,vcxproj,proj,targets,props}',
  '**/*.lock',
  '**/*-lock.{yaml,json}',
];

/** Default of the `protectedFiles` setting (globs relative to each workspace folder, case ignored). */
export const DEFAULT_PROTECTED_FILES: readonly string[] = [...EDITOR_FILES, ...ASSISTANT_FILES, ...PROJECT_FILES];

/** Why a protected file asks, as the approval card says it. */
export const PROTECTION_REASONS = {
  editor: 'this file configures your editor',
  assistant: 'this file configures the assistant',
  project: "this file configures your project's build, dependencies or repository",
  listed: 'this file is on your protected-files list (ptk.tools.protectedFiles)',
} as const;

/** Globs of an `instructionFiles` name (a file or a folder), at any depth. */
function instructionFileGlobs(instructionFiles: readonly string[]): string[] {
  return resolveInstructionFiles(instructionFiles).flatMap((name) => [`**/${name}`, `**/${name}/**`]);
}

/** The protected-files check of one set of tools. */
export class ProtectedFiles {
  private readonly isProtected: (relativePath: string) => boolean;
  private readonly configuresAssistant: (relativePath: string) => boolean;
  private readonly configuresEditor = globMatcher(EDITOR_FILES);
  private readonly configuresProject = globMatcher(PROJECT_FILES);

  /**
   * @param globs the `protectedFiles` setting
   * @param instructionFiles the `instructionFiles` setting: the rules files it adds are protected too
   */
  constructor(globs: readonly string[], instructionFiles: readonly string[] = []) {
    const rules = instructionFileGlobs(instructionFiles);
    this.isProtected = globMatcher([...globs, ...rules]);
    this.configuresAssistant = globMatcher([...ASSISTANT_FILES, ...rules]);
  }

  /**
   * Why a write to this file must ask, or undefined when it is not protected. `relativePaths`
   * are the forms of one file relative to its workspace folder ('/' separators): as requested
   * (normalised) and as resolved through symbolic links; any one of them matching protects it.
   */
  reasonFor(relativePaths: readonly string[]): string | undefined {
    const paths = relativePaths.filter((relativePath) => relativePath !== '');
    if (!paths.some(this.isProtected)) return undefined;
    if (paths.some(this.configuresAssistant)) return PROTECTION_REASONS.assistant;
    if (paths.some(this.configuresEditor)) return PROTECTION_REASONS.editor;
    if (paths.some(this.configuresProject)) return PROTECTION_REASONS.project;
    return PROTECTION_REASONS.listed;
  }
}
