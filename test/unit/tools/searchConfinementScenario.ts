/**
 * A workspace laid out to tempt search engines out of bounds: a symlink to a file outside
 * the workspace, a symlink to a folder outside it, denied files (.env, a *.key) and symlinks
 * to them. Every file holds the same probe word; only src/visible.txt may ever be shown.
 * Shared by the engine tests: the JS search and rg on PATH (test/unit/tools), VS Code's
 * bundled rg (test/vscode/unit) and the VS Code host inside code-server (test/vscode/suite).
 */
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The word every file of the layout contains. */
export const LEAK_PROBE = 'PTK_LEAK_PROBE';

/** Markers of the text that must never appear in any search result. */
export const FORBIDDEN_MARKERS = ['outside-file-secret', 'outside-folder-secret', 'denied-env-secret', 'denied-key-secret'] as const;

/** The only line search_code may return for LEAK_PROBE; `prefix` is where the layout sits in the workspace folder ('' or e.g. "probe/"). */
export function visibleMatch(prefix = ''): string {
  return `${prefix}src/visible.txt:1:19: export const a = '${LEAK_PROBE} visible';`;
}

/**
 * Writes the layout: the files the search may see (and the links) under `workspaceFolder`,
 * a folder inside the workspace (its root or a subfolder), and the targets of the outward
 * links under `outsideFolder`, which must not be inside the workspace.
 */
export function writeConfinementTree(workspaceFolder: string, outsideFolder: string): void {
  const put = (file: string, content: string) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  };
  put(path.join(outsideFolder, 'secret.txt'), `${LEAK_PROBE} outside-file-secret\n`);
  put(path.join(outsideFolder, 'folder', 'inner.txt'), `${LEAK_PROBE} outside-folder-secret\n`);
  put(path.join(workspaceFolder, 'src', 'visible.txt'), `export const a = '${LEAK_PROBE} visible';\n`);
  put(path.join(workspaceFolder, '.env'), `TOKEN=${LEAK_PROBE} denied-env-secret\n`);
  put(path.join(workspaceFolder, 'config', 'server.key'), `${LEAK_PROBE} denied-key-secret\n`);
  symlinkSync(path.join(outsideFolder, 'secret.txt'), path.join(workspaceFolder, 'outward-file.txt'));
  symlinkSync(path.join(outsideFolder, 'folder'), path.join(workspaceFolder, 'outward-folder'), 'dir');
  symlinkSync(path.join(workspaceFolder, '.env'), path.join(workspaceFolder, 'env-link.txt'));
  symlinkSync(path.join('..', 'config', 'server.key'), path.join(workspaceFolder, 'src', 'key-link.txt'));
}

/** Fails when any forbidden text appears in `result` (a tool result or a port search result). */
export function assertNoForbiddenText(result: unknown, what: string): void {
  const text = JSON.stringify(result);
  for (const marker of FORBIDDEN_MARKERS) assert.ok(!text.includes(marker), `${what} leaked "${marker}": ${text}`);
}

/** The search_code calls every engine must answer with visibleMatch() only. */
export const LEAK_PROBE_CALLS: readonly Record<string, unknown>[] = [
  { query: LEAK_PROBE },
  { query: LEAK_PROBE, options: { include: ['**/*.txt', '**/*.key', '**/.env'] } },
  { query: `${LEAK_PROBE} [a-z-]+`, options: { regex: true } },
];
