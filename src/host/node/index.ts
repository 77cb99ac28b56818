/** The Node host of the Workspace port (CLI, unit tests). */
export { NodeWorkspace, type Approver, type NodeWorkspaceOptions } from './workspace';
export { compactDiff, createConsoleApprover, type ConsoleApproverOptions } from './consoleApprover';
export { BUNDLED_RIPGREP_LOCATIONS, findBundledRipgrep, findRipgrepOnPath, runRipgrep } from './ripgrep';
export { runShellCommand } from './runCommand';
export { walkFiles, type WalkOptions } from './fileWalker';
