/**
 * Which of VS Code's language-model error kinds a PTK failure is, for a caller of the provider:
 * the documented codes callers branch on (`LanguageModelError.Blocked.name`, …). A rate limit or
 * a usage cap, and a bot check the user must pass, block the caller; a sign-in the site needs is
 * a missing permission; a model the site no longer offers is not found. Everything else is
 * 'Unknown', and the caller reads the PTK error (its `code`) from the error's `cause`.
 */
import { PTKErrorCode } from '../errors';

export type ProviderErrorKind = 'Blocked' | 'NoPermissions' | 'NotFound' | 'Unknown';

/** The kind for a PTK error code (the backend's own code when a model call failed: see actionableCode). */
export function providerErrorKind(code: PTKErrorCode | undefined): ProviderErrorKind {
  switch (code) {
    case PTKErrorCode.RATE_LIMITED:
    case PTKErrorCode.BOT_CHECK:
      return 'Blocked';
    case PTKErrorCode.LOGIN_REQUIRED:
      return 'NoPermissions';
    case PTKErrorCode.MODEL_NOT_AVAILABLE:
      return 'NotFound';
    default:
      return 'Unknown';
  }
}
