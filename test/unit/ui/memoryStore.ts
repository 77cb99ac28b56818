/** A Map-backed stand-in for VS Code's workspaceState (Memento), for the UI tests. */
import type { KeyValueStore } from '../../../src/ui/conversationStore';

export class MemoryKeyValueStore implements KeyValueStore {
  readonly values = new Map<string, unknown>();

  get<T>(key: string): T | undefined {
    // A copy, as a real Memento returns deserialized JSON.
    const value = this.values.get(key);
    return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as T);
  }

  async update(key: string, value: unknown): Promise<void> {
    if (value === undefined) this.values.delete(key);
    else this.values.set(key, JSON.parse(JSON.stringify(value)));
  }
}
