/** Fixed limits of the workspace tools that are not user settings. */

/** Timeout of the tools that wait for the user's approval (the user may take a while to look at a diff). */
export const APPROVAL_WAIT_TIMEOUT_MS = 30 * 60_000;

/** Extra time a command tool gets beyond the command's own timeout, to report it. */
export const COMMAND_REPORT_MARGIN_MS = 10_000;

/** Most diagnostics returned by get_diagnostics. */
export const MAX_DIAGNOSTICS = 200;

/** Longest wait of the web tools for a page to load or an element to show. */
export const WEB_PAGE_TIMEOUT_MS = 30_000;

/** Most console errors and most failed requests the browser tool returns per step (the latest kept). */
export const MAX_WEB_PAGE_EVENTS = 50;
