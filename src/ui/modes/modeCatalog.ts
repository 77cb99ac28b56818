/**
 * The chat modes of the open workspace, kept for the chat view: the built-ins, then the custom
 * modes loadModes.ts reads from the workspace's files (a WorkspaceFileCatalog: read again when
 * one of MODE_FILE_PATTERNS changes; a bad file is one problem, the other modes still load).
 */
import type { ModeChoice } from '../../shared/chat/protocol';
import { WorkspaceFileCatalog } from '../workspaceFileCatalog';
import type { TextFileSource } from '../workspaceTextFiles';
import { BUILTIN_MODES } from './builtinModes';
import { modeSource, type ChatMode } from './chatMode';
import { loadModes } from './loadModes';

/** The files whose change can change the modes (glob patterns relative to the workspace folder). */
export const MODE_FILE_PATTERNS: readonly string[] = ['.github/chatmodes/*.chatmode.md', '.github/agents/*.agent.md', '.roomodes', '.ptk/modes/*.md'];

/** The built-ins, then the workspace's modes (loadModes.ts), read again on each `reload`. */
export class ModeCatalog extends WorkspaceFileCatalog<readonly ChatMode[]> {
  /** `files`: the workspace folder's files (undefined: no folder is open, only the built-ins). */
  constructor(files: () => TextFileSource | undefined) {
    super(files, async (folder) => {
      const loaded = await loadModes(folder);
      return { value: loaded.modes, problems: loaded.errors.map((error) => error.message) };
    }, BUILTIN_MODES, 'chat modes');
  }

  /** The modes: the built-ins first. */
  get modes(): readonly ChatMode[] {
    return this.value;
  }

  /** The modes as the mode menu lists them. */
  choices(): ModeChoice[] {
    return this.value.map((mode) => ({
      id: mode.id,
      name: mode.name,
      ...(mode.description ? { description: mode.description } : {}),
      ...(mode.origin.kind === 'builtin' ? {} : { source: modeSource(mode) }),
    }));
  }
}
