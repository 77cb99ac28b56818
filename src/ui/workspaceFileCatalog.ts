/**
 * A value read from a workspace folder's files (the chat modes, the slash commands), kept for the
 * chat view and read again whenever the host sees one of those files change (`reload`). Reads run
 * one at a time, in order, so a burst of changes ends with the files as they are; a file that
 * cannot be used is one problem (its message names the file), and the rest still loads; a read
 * that gives the same value and problems is not news. Pure: the host gives the files and the
 * file watcher.
 */
import { errorMessage } from '../core/errors';
import { ListenerSet } from './listenerSet';
import type { TextFileSource } from './workspaceTextFiles';

/** What one read gives: the value, and the files that could not be used, one message each. */
export interface CatalogRead<Value> {
  value: Value;
  problems: string[];
}

export class WorkspaceFileCatalog<Value> {
  private current: Value;
  private currentProblems: readonly string[] = [];
  private key: string;
  private loading: Promise<void> = Promise.resolve();
  private readonly changeListeners = new ListenerSet<[]>();

  /**
   * `files`: the workspace folder's files (undefined: no folder is open: `empty`); `read`: reads
   * the value from them; `what`: named in the problem when the read itself fails.
   */
  constructor(
    private readonly files: () => TextFileSource | undefined,
    private readonly read: (files: TextFileSource) => Promise<CatalogRead<Value>>,
    private readonly empty: Value,
    private readonly what: string,
  ) {
    this.current = empty;
    this.key = JSON.stringify([empty, []]);
  }

  get value(): Value {
    return this.current;
  }

  /** The files that could not be used, one message each (naming the file). */
  get problems(): readonly string[] {
    return this.currentProblems;
  }

  /** The value or the problems changed. */
  onDidChange(listener: () => void): { dispose(): void } {
    return this.changeListeners.add(listener);
  }

  /** Reads the files again (after the reads under way: the last read wins); never rejects. */
  reload(): Promise<void> {
    this.loading = this.loading.then(() => this.load());
    return this.loading;
  }

  private async load(): Promise<void> {
    const files = this.files();
    let read: CatalogRead<Value> = { value: this.empty, problems: [] };
    if (files) {
      try {
        read = await this.read(files);
      } catch (error) {
        read = { value: this.empty, problems: [`The ${this.what} could not be read: ${errorMessage(error)}`] };
      }
    }
    // Plain data: the same JSON is the same value (an edit that changes nothing is not news).
    const key = JSON.stringify([read.value, read.problems]);
    if (key === this.key) return;
    this.key = key;
    this.current = read.value;
    this.currentProblems = read.problems;
    this.changeListeners.fire();
  }
}
