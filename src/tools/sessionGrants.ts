/**
 * The "Always" answers of this window: tools whose writes, and exact command lines, that run
 * without asking until the user turns them off (or the window reloads). One store shared by
 * every set of tools, so turning it off reaches a task already running, and so the chat view
 * can show what is on.
 */

/** One "Always" grant as the chat view names it. */
interface SessionGrant {
  toolName: string;
  /** Set for a command grant: the exact command line it covers. */
  command?: string;
}

export class SessionGrants {
  private readonly tools = new Set<string>();
  private readonly commands = new Map<string, SessionGrant>();
  private readonly listeners = new Set<() => void>();

  /** Writes and edits of `toolName` run without asking. */
  grantTool(toolName: string): void {
    if (this.tools.has(toolName)) return;
    this.tools.add(toolName);
    this.changed();
  }

  /** The exact `command` of `toolName` runs without asking. */
  grantCommand(toolName: string, command: string): void {
    const key = `${toolName}\u0000${command.trim()}`;
    if (this.commands.has(key)) return;
    this.commands.set(key, { toolName, command: command.trim() });
    this.changed();
  }

  hasTool(toolName: string): boolean {
    return this.tools.has(toolName);
  }

  hasCommand(toolName: string, command: string): boolean {
    return this.commands.has(`${toolName}\u0000${command.trim()}`);
  }

  /** Every grant, tools first. */
  list(): SessionGrant[] {
    return [...[...this.tools].map((toolName) => ({ toolName })), ...this.commands.values()];
  }

  /** Turns every grant off: the next write or command asks again. */
  clear(): void {
    if (this.tools.size === 0 && this.commands.size === 0) return;
    this.tools.clear();
    this.commands.clear();
    this.changed();
  }

  /** Calls `listener` after each change; returns the function that stops it. */
  onDidChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
