/**
 * Settings of the IDE tools (limits, deny lists, approval), as a zod schema with defaults.
 * VS Code maps its `ptk.tools.*` configuration onto this; the CLI passes flags.
 */
import { z } from 'zod';
import { DEFAULTS } from '../core/constants';
import { PTKError, PTKErrorCode } from '../core/errors';
import { DEFAULT_PROTECTED_FILES } from './protectedFiles';

/** Globs (relative to a workspace folder, picomatch syntax, dot files matched) never read or written. */
export const DEFAULT_DENY_PATHS: readonly string[] = [
  '**/.env',
  '**/.env.*',
  '**/.git',
  '**/.git/**',
  '**/id_rsa*',
  '**/id_dsa*',
  '**/id_ecdsa*',
  '**/id_ed25519*',
  '**/*.pem',
  '**/*.key',
  '**/*.p12',
  '**/*.pfx',
  '**/.ssh/**',
];

/** Globs never written (but readable). */
export const DEFAULT_DENY_WRITE_PATHS: readonly string[] = ['**/node_modules', '**/node_modules/**'];

export const ToolSettingsSchema = z.object({
  /** Paths refused for every tool (reads, writes, listing, search). */
  denyPaths: z.array(z.string()).default([...DEFAULT_DENY_PATHS]),
  /** Paths refused for writes and edits only. */
  denyWritePaths: z.array(z.string()).default([...DEFAULT_DENY_WRITE_PATHS]),
  /** The tools refuse to read files larger than this (10 MB): a read loads the whole file first, and the model is told to search it instead. */
  maxFileBytes: z.number().int().positive().default(10 * 1024 * 1024),
  /** Lines per read_file page. */
  readPageLines: z.number().int().positive().default(2000),
  /** A longer line is cut in read_file output. */
  maxLineChars: z.number().int().positive().default(2000),
  /** list_files cap. */
  listMaxEntries: z.number().int().positive().default(200),
  /** search_code default and ceiling for maxResults. */
  searchMaxResults: z.number().int().positive().default(200),
  /** A match line longer than this is cut around the match. */
  searchLineMaxChars: z.number().int().positive().default(300),
  /** run_command / run_tests timeout (ms). */
  commandTimeoutMs: z.number().int().positive().default(120_000),
  /** Characters kept of stdout and of stderr each (head and tail). */
  commandMaxOutputChars: z.number().int().positive().default(20_000),
  /**
   * Cap of one text field inside a tool's result (a page of read_file, the matches of
   * search_code, a command's output): the tool stops or cuts there and says so. Distinct from the
   * loop's `resultMaxChars`, which caps the whole formatted result the model sees.
   */
  resultFieldMaxChars: z.number().int().positive().default(DEFAULTS.toolResultMaxChars),
  /**
   * Globs of files a write or an edit always asks about, whatever autoApprove or an earlier
   * "always" says (protectedFiles.ts). VS Code reads it from the user's settings only.
   */
  protectedFiles: z.array(z.string()).default([...DEFAULT_PROTECTED_FILES]),
  /** Per tool: true skips the approval prompt (write_file, edit_file). Ignored for commands and protected files. */
  autoApprove: z.record(z.string(), z.boolean()).default({}),
  /**
   * Commands that run without asking: an exact command line, or a prefix ending in " *"
   * ("npm test *") that matches the prefix plus arguments free of shell operators.
   */
  allowedCommands: z.array(z.string()).default([]),
  /**
   * Hosts the web tools (browser, fetch_url) open without asking, besides loopback: "host",
   * "*.domain" or "host:port". VS Code reads it from the user's settings only.
   */
  browserHosts: z.array(z.string()).default([]),
  /** What run_tests runs. */
  runTestsCommand: z.string().min(1).default('npm test'),
});

/** Parsed tool settings (every field present). */
export type ToolSettings = z.output<typeof ToolSettingsSchema>;
/** Tool settings as given by a user (every field optional). */
export type ToolSettingsInput = z.input<typeof ToolSettingsSchema>;

/** Validates settings and fills defaults; a bad value throws CONFIG_INVALID naming the field. */
export function parseToolSettings(input: ToolSettingsInput = {}): ToolSettings {
  const parsed = ToolSettingsSchema.safeParse(input);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
    throw new PTKError(`Invalid tool settings: ${details}`, { code: PTKErrorCode.CONFIG_INVALID, cause: parsed.error });
  }
  return parsed.data;
}
