/**
 * Which buttons an error offers (pure): Log in / Open tab for a login wall, Retry for a rate
 * limit or a flaky site, Choose site when no browser was found.
 */
import { PTKErrorCode } from '../core/errors';
import type { ConnectionAction, ConnectionStatus } from '../shared/chat/protocol';

/** Actions for a failed task, from its error code and (for LLM_CALL_FAILED) the backend's code. */
export function actionsForError(code: string | undefined, backendCode?: string): ConnectionAction[] {
  const effective = backendCode ?? code;
  switch (effective) {
    case PTKErrorCode.LOGIN_REQUIRED:
      return ['login', 'openTab'];
    case PTKErrorCode.BOT_CHECK:
      return ['openTab', 'retry'];
    case PTKErrorCode.RATE_LIMITED:
    case PTKErrorCode.NETWORK_ERROR:
    case PTKErrorCode.SITE_ERROR:
    case PTKErrorCode.ANSWER_TIMEOUT:
    case PTKErrorCode.SUBMIT_FAILED:
    case PTKErrorCode.SELECTOR_NOT_FOUND:
    case PTKErrorCode.TAB_CLOSED:
    case PTKErrorCode.LLM_CALL_FAILED:
      return ['retry', 'openTab'];
    case PTKErrorCode.BROWSER_NOT_FOUND:
    case PTKErrorCode.BROWSER_LAUNCH_FAILED:
      return ['chooseSite', 'retry'];
    case PTKErrorCode.ABORTED:
    case undefined:
      return [];
    default:
      return ['retry'];
  }
}

/** The connection status an error implies, when it says anything about the connection. */
export function connectionStatusForError(code: string | undefined, backendCode?: string): ConnectionStatus | undefined {
  const effective = backendCode ?? code;
  if (effective === PTKErrorCode.LOGIN_REQUIRED) return 'loginRequired';
  if (
    effective === PTKErrorCode.BROWSER_NOT_FOUND ||
    effective === PTKErrorCode.BROWSER_LAUNCH_FAILED ||
    effective === PTKErrorCode.TAB_CLOSED ||
    effective === PTKErrorCode.BOT_CHECK
  ) {
    return 'error';
  }
  return undefined;
}
