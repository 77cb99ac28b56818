/**
 * A small read-only view of one workspace folder for the readers of configuration files
 * (custom chat modes, prompt files): read a file's text, list a folder's files. Paths are
 * relative to the folder and '/' separated. The readers take this port, so their tests use an
 * in-memory map and the hosts adapt the Workspace port with `workspaceTextFiles`.
 */
import path from 'node:path';
import { PTKErrorCode, WorkspaceError } from '../core/errors';
import type { Workspace } from '../core/workspace';
import { decodeText } from '../tools/text/binary';

/** Reads text files of one folder. */
export interface TextFileSource {
  /** The text of a file; undefined when there is no such file. */
  readText(relativePath: string): Promise<string | undefined>;
  /** Names of the files directly in a folder, sorted; [] when there is no such folder. */
  listFileNames(relativeFolder: string): Promise<string[]>;
}

/** Files larger than this are not read as configuration (a mode or a prompt is a page or two). */
const MAX_CONFIG_FILE_BYTES = 256 * 1024;

function isMissing(error: unknown): boolean {
  return error instanceof WorkspaceError && (error.code === PTKErrorCode.FILE_NOT_FOUND || error.code === PTKErrorCode.NOT_A_DIRECTORY || error.code === PTKErrorCode.NOT_A_FILE);
}

/** `TextFileSource` over the Workspace port, for the folder `root` (absolute). */
export function workspaceTextFiles(workspace: Workspace, root: string): TextFileSource {
  const resolve = (relative: string): string => path.join(root, ...relative.split('/').filter(Boolean));
  return {
    async readText(relativePath) {
      const absolute = resolve(relativePath);
      const stat = await workspace.stat(absolute);
      if (!stat || stat.type !== 'file') return undefined;
      if (stat.size > MAX_CONFIG_FILE_BYTES) {
        throw new WorkspaceError(`${relativePath} is ${stat.size} bytes, more than the ${MAX_CONFIG_FILE_BYTES} read for a configuration file.`, { code: PTKErrorCode.FILE_TOO_LARGE, context: { path: relativePath } });
      }
      try {
        return decodeText(await workspace.readFile(absolute));
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async listFileNames(relativeFolder) {
      try {
        const entries = await workspace.readDirectory(resolve(relativeFolder));
        return entries.filter((entry) => entry.type === 'file').map((entry) => entry.name).sort();
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
    },
  };
}

/** `TextFileSource` over a map of relative path → text (tests, and callers that already hold the files). */
export function memoryTextFiles(files: Readonly<Record<string, string>>): TextFileSource {
  return {
    readText: (relativePath) => Promise.resolve(Object.hasOwn(files, relativePath) ? files[relativePath] : undefined),
    listFileNames: (relativeFolder) => {
      const prefix = relativeFolder.replace(/\/+$/, '') + '/';
      const names = Object.keys(files)
        .filter((file) => file.startsWith(prefix) && !file.slice(prefix.length).includes('/'))
        .map((file) => file.slice(prefix.length));
      return Promise.resolve(names.sort());
    },
  };
}
