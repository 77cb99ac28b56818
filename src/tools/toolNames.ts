/**
 * The names of the IDE tools, grouped by what they may do. Each tool file declares its own
 * name; these lists are what other code (the untrusted-workspace filter, the chat modes) reasons
 * with, so a read-only subset is defined once.
 */

/** Tools that only read: they cannot change a file or run anything. */
export const READ_ONLY_TOOL_NAMES: readonly string[] = ['read_file', 'list_files', 'search_code', 'get_diagnostics'];

/** Tools that write files. */
export const WRITE_TOOL_NAMES: readonly string[] = ['write_file', 'edit_file'];

/** Tools that run commands. */
export const RUN_TOOL_NAMES: readonly string[] = ['run_command', 'run_tests'];

/** Tools that write or run (disabled in an untrusted workspace; need approval). */
export const WRITE_OR_RUN_TOOL_NAMES: readonly string[] = [...WRITE_TOOL_NAMES, ...RUN_TOOL_NAMES];

/** Every IDE tool `createWorkspaceTools` builds. */
export const WORKSPACE_TOOL_NAMES: readonly string[] = [...READ_ONLY_TOOL_NAMES, ...WRITE_OR_RUN_TOOL_NAMES];

/** Tools that open web pages in PTK's own isolated browser (built when a browser is wired in; URLs outside loopback ask). */
export const WEB_TOOL_NAMES: readonly string[] = ['browser', 'fetch_url'];
