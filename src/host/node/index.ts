/** The Node host of the Workspace port (CLI, unit tests). */
export { NodeWorkspace, type Approver, type NodeWorkspaceOptions } from './workspace';
export { compactDiff, createConsoleApprover, type ConsoleApproverOptions } from './consoleApprover';
export { findRipgrepOnPath } from '../shared/ripgrepOnPath';
export { runRipgrep, type RipgrepExcludes } from '../shared/ripgrepRunner';
export { DEFAULT_EXCLUDES } from '../shared/ripgrepArguments';
export { compileSearchPattern, searchWithJavaScript } from '../shared/jsSearch';
export { runShellCommand } from '../shared/runCommand';
export { walkFiles, type WalkOptions } from './fileWalker';
