/**
 * Which buttons an error offers (pure): Log in / Open tab for a login wall, Retry for a rate
 * limit or a flaky site, Choose site when no browser was found.
 */
import { isPTKError, LLMBackendError, PTKErrorCode } from '../core/errors';
import { failedSiteOf } from '../core/routing';
import type { ChatEvent, ConnectionAction, ConnectionStatus } from '../shared/chat/protocol';

/**
 * The code that says what to do about an error: for a failed model call, the backend's own
 * (RATE_LIMITED, LOGIN_REQUIRED, …) it wraps; otherwise the error's; none for a non-PTK error.
 */
export function actionableCode(error: unknown): PTKErrorCode | undefined {
  if (!isPTKError(error)) return undefined;
  if (error instanceof LLMBackendError && error.code === PTKErrorCode.LLM_CALL_FAILED && isPTKError(error.cause)) return error.cause.code;
  return error.code;
}

/** Actions for a failed task or connection, from its error (a task's `failure`, or what was thrown). */
export function actionsForError(error: unknown): ConnectionAction[] {
  switch (actionableCode(error)) {
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

/**
 * The chat's error card for a failed task: the message, the code that says what to do, its
 * buttons, and (several sites) the site it failed on, which those buttons act on.
 */
export function errorEvent(message: string, error: unknown): Extract<ChatEvent, { type: 'error' }> {
  const site = failedSiteOf(error);
  return { type: 'error', message, code: actionableCode(error), actions: actionsForError(error), ...(site === undefined ? {} : { site }) };
}

/** The connection status an error implies, when it says anything about the connection. */
export function connectionStatusForError(error: unknown): ConnectionStatus | undefined {
  const effective = actionableCode(error);
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
