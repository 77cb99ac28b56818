/**
 * The chat modes of the open workspace, kept for the chat view: the built-ins, then the custom
 * modes loadModes.ts reads from the workspace's files, read again whenever the host sees one of
 * those files change (`reload`). A file that cannot be used is one problem (its message names the
 * file and what is wrong); the other modes still load. Pure: the host gives the files and the
 * file watcher.
 */
import { errorMessage } from '../../core/errors';
import type { ModeChoice } from '../../shared/chat/protocol';
import { ListenerSet } from '../listenerSet';
import type { TextFileSource } from '../workspaceTextFiles';
import { BUILTIN_MODES } from './builtinModes';
import { modeSource, type ChatMode } from './chatMode';
import { loadModes } from './loadModes';

/** The files whose change can change the modes (glob patterns relative to the workspace folder). */
export const MODE_FILE_PATTERNS: readonly string[] = ['.github/chatmodes/*.chatmode.md', '.github/agents/*.agent.md', '.roomodes', '.ptk/modes/*.md'];

export class ModeCatalog {
  private current: readonly ChatMode[] = BUILTIN_MODES;
  private currentProblems: readonly string[] = [];
  private key = JSON.stringify([BUILTIN_MODES, []]);
  private loading: Promise<void> = Promise.resolve();
  private readonly changeListeners = new ListenerSet<[]>();

  /** `files`: the workspace folder's files (undefined: no folder is open, only the built-ins). */
  constructor(private readonly files: () => TextFileSource | undefined) {}

  /** The modes: the built-ins first. */
  get modes(): readonly ChatMode[] {
    return this.current;
  }

  /** The mode files that could not be used, one message each (naming the file). */
  get problems(): readonly string[] {
    return this.currentProblems;
  }

  /** The modes as the mode menu lists them. */
  choices(): ModeChoice[] {
    return this.current.map((mode) => ({
      id: mode.id,
      name: mode.name,
      ...(mode.description ? { description: mode.description } : {}),
      ...(mode.origin.kind === 'builtin' ? {} : { source: modeSource(mode) }),
    }));
  }

  /** The modes or the problems changed. */
  onDidChange(listener: () => void): { dispose(): void } {
    return this.changeListeners.add(listener);
  }

  /** Reads the mode files again (after the reads under way: the last read wins); never rejects. */
  reload(): Promise<void> {
    this.loading = this.loading.then(() => this.load());
    return this.loading;
  }

  private async load(): Promise<void> {
    const files = this.files();
    let modes: readonly ChatMode[] = BUILTIN_MODES;
    let problems: string[] = [];
    if (files) {
      try {
        const loaded = await loadModes(files);
        modes = loaded.modes;
        problems = loaded.errors.map((error) => error.message);
      } catch (error) {
        problems = [`The chat modes could not be read: ${errorMessage(error)}`];
      }
    }
    // Modes are plain data: the same JSON is the same modes (an edit that changes nothing is not news).
    const key = JSON.stringify([modes, problems]);
    if (key === this.key) return;
    this.key = key;
    this.current = modes;
    this.currentProblems = problems;
    this.changeListeners.fire();
  }
}
