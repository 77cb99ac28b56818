/**
 * What a failed model call says about its site: whether the site can go on, and if not, why.
 * Only failures of the site itself count (a usage limit, a lost sign-in, a bot check, a page the
 * adapter no longer recognises, site errors); a cancelled call, the model's own mistakes, a bad
 * setup and failures that would be the same on every site (the browser is missing, the prompt
 * is too long, an attachment was refused) are not the site's, so they never move a task.
 */
import { isPTKError, LLMBackendError, PTKErrorCode } from '../errors';

/** Why a site cannot go on. */
export type SiteFailureReason = 'usageLimit' | 'signedOut' | 'botCheck' | 'pageChanged' | 'siteError';

export interface SiteFailure {
  reason: SiteFailureReason;
  /** How long the site asked to be left alone (usage limits that say so). */
  retryAfterMs?: number;
  /** What the site's model threw. */
  error: unknown;
}

/**
 * The code that says what happened: for a wrapped model-call failure (LLM_CALL_FAILED), the
 * code of the backend's own error it wraps; otherwise the error's; none for a non-PTK error.
 */
export function backendCodeOf(error: unknown): PTKErrorCode | undefined {
  if (!isPTKError(error)) return undefined;
  if (error.code === PTKErrorCode.LLM_CALL_FAILED && isPTKError(error.cause)) return error.cause.code;
  return error.code;
}

/** The `retryAfterMs` of the error or of the backend error it wraps. */
function retryAfterOf(error: unknown): number | undefined {
  if (!(error instanceof LLMBackendError)) return undefined;
  if (error.retryAfterMs !== undefined) return error.retryAfterMs;
  return error.cause instanceof LLMBackendError ? error.cause.retryAfterMs : undefined;
}

/** The site failure `error` stands for, or undefined when it is not the site's (it never moves a task). */
export function siteFailureOf(error: unknown): SiteFailure | undefined {
  const code = backendCodeOf(error);
  switch (code) {
    case PTKErrorCode.RATE_LIMITED:
      return { reason: 'usageLimit', retryAfterMs: retryAfterOf(error), error };
    case PTKErrorCode.LOGIN_REQUIRED:
      return { reason: 'signedOut', error };
    case PTKErrorCode.BOT_CHECK:
      return { reason: 'botCheck', error };
    case PTKErrorCode.SELECTOR_NOT_FOUND:
      return { reason: 'pageChanged', error };
    case PTKErrorCode.SITE_ERROR:
    case PTKErrorCode.NETWORK_ERROR:
    case PTKErrorCode.ANSWER_TIMEOUT:
    case PTKErrorCode.SUBMIT_FAILED:
    case PTKErrorCode.TAB_CLOSED:
    case PTKErrorCode.LLM_CALL_FAILED:
      return { reason: 'siteError', error };
    default:
      // Cancellation, timeouts, the model's mistakes, setup and the rest: not the site's.
      return undefined;
  }
}
