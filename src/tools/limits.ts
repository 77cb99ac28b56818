/** Fixed limits of the workspace tools that are not user settings. */

/** Timeout of the tools that wait for the user's approval (the user may take a while to look at a diff). */
export const APPROVAL_WAIT_TIMEOUT_MS = 30 * 60_000;

/** Extra time a command tool gets beyond the command's own timeout, to report it. */
export const COMMAND_REPORT_MARGIN_MS = 10_000;

/** Most diagnostics returned by get_diagnostics. */
export const MAX_DIAGNOSTICS = 200;
