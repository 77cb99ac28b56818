/**
 * The Workspace port the IDE tools are written against (issue 4).
 * Owned by the tools work; see src/tools and src/host/{node,vscode}.
 */
export interface Workspace {
  /** Absolute paths of the open workspace folders. */
  readonly roots: readonly string[];
}
