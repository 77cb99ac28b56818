/**
 * Turns what the page shows (error banners, a login wall, a bot check) into typed
 * LLMBackendErrors with codes. Site patterns (adapter.errorPatterns) are tried first,
 * then the generic ones. None of these errors is a model mistake.
 */
import { LLMBackendError, PTKErrorCode } from '../core/errors';
import type { ErrorPattern, SiteAdapter } from './adapters/types';
import { parseRetryAfter } from './retryAfter';

/** What the page runtime reports about problems on the page. */
export interface PageProblems {
  /** Texts of visible error banners (ours or page-level; stale ones excluded). */
  banners: string[];
  loginWall: boolean;
  botCheck: boolean;
}

/** Generic banner patterns, in priority order. */
export const GENERIC_ERROR_PATTERNS: readonly ErrorPattern[] = [
  { code: PTKErrorCode.BOT_CHECK, pattern: 'verify you are human|are you a robot|captcha|unusual activity|checking your browser|just a moment' },
  { code: PTKErrorCode.LOGIN_REQUIRED, pattern: 'log ?in again|sign ?in again|session (has )?expired|please (log|sign) ?in|not logged in|unauthori[sz]ed' },
  { code: PTKErrorCode.CONVERSATION_TOO_LONG, pattern: 'conversation is too long|conversation (has )?reached (its|the) (maximum|limit)|context (window|length) (is )?(full|exceeded)|start a new (chat|conversation)' },
  { code: PTKErrorCode.PROMPT_TOO_LONG, pattern: '(message|prompt|input) (you submitted )?(was|is) too long|too many (tokens|characters)|exceeds the (maximum|limit)' },
  { code: PTKErrorCode.RATE_LIMITED, pattern: "rate limit|too many requests|reached (our|your|the) (limit|quota|usage cap)|usage (limit|cap)|quota exceeded|try again (after|at|in)|out of (free )?messages|limit of messages|you've hit" },
  { code: PTKErrorCode.NETWORK_ERROR, pattern: 'network error|connection (was )?(lost|failed|error)|check your (internet )?connection|failed to fetch|offline' },
  { code: PTKErrorCode.SITE_ERROR, pattern: 'something went wrong|an error occurred|error (in|while) (generating|body stream)|internal (server )?error|unable to (load|generate)|try again later|failed to generate' },
];

/** Classifies one banner text; unmatched banners are SITE_ERROR (an unknown error is still an error). */
export function classifyBanner(text: string, adapter: Pick<SiteAdapter, 'displayName' | 'errorPatterns' | 'defaultRetryAfterMs'>, now: Date = new Date()): LLMBackendError {
  const patterns = [...(adapter.errorPatterns ?? []), ...GENERIC_ERROR_PATTERNS];
  const matched = patterns.find((candidate) => new RegExp(candidate.pattern, 'i').test(text));
  const code = matched?.code ?? PTKErrorCode.SITE_ERROR;
  const site = adapter.displayName;
  const shown = text.trim().replace(/\s+/g, ' ').slice(0, 300);
  switch (code) {
    case PTKErrorCode.RATE_LIMITED: {
      const retryAfterMs = parseRetryAfter(text, now) ?? adapter.defaultRetryAfterMs;
      const wait = retryAfterMs === undefined ? '' : ` Try again in about ${Math.ceil(retryAfterMs / 60_000)} minute(s).`;
      return new LLMBackendError(`${site} is rate limiting you: "${shown}".${wait}`, code, { retryAfterMs, context: { site, banner: shown } });
    }
    case PTKErrorCode.LOGIN_REQUIRED:
      return loginRequired(site, shown);
    case PTKErrorCode.BOT_CHECK:
      return botCheck(site, shown);
    case PTKErrorCode.CONVERSATION_TOO_LONG:
      return new LLMBackendError(`${site} says the conversation is too long: "${shown}".`, code, { context: { site, banner: shown } });
    case PTKErrorCode.PROMPT_TOO_LONG:
      return new LLMBackendError(`${site} refused the message as too long: "${shown}". Shorten the task or the files it sends.`, code, { recoverable: false, context: { site, banner: shown } });
    case PTKErrorCode.NETWORK_ERROR:
      return new LLMBackendError(`${site} lost its connection: "${shown}". Check the network and try again.`, code, { context: { site, banner: shown } });
    default:
      return new LLMBackendError(`${site} showed an error: "${shown}".`, code, { context: { site, banner: shown } });
  }
}

function loginRequired(site: string, detail?: string): LLMBackendError {
  return new LLMBackendError(
    `${site} needs you to log in${detail ? ` ("${detail}")` : ''}. Open the PTK browser window (run without --headless / ptk.headless off), log in to ${site} there once; the dedicated profile keeps you logged in. Then try again.`,
    PTKErrorCode.LOGIN_REQUIRED,
    { context: { site } },
  );
}

function botCheck(site: string, detail?: string): LLMBackendError {
  return new LLMBackendError(
    `${site} is showing a bot check${detail ? ` ("${detail}")` : ''}. Complete it in the PTK browser window (headful), then try again. Headless browsers get these checks more often.`,
    PTKErrorCode.BOT_CHECK,
    { context: { site } },
  );
}

/** The error the page's problems stand for, or undefined when there is none. Walls win over banners. */
export function classifyPageProblems(problems: PageProblems, adapter: Pick<SiteAdapter, 'displayName' | 'errorPatterns' | 'defaultRetryAfterMs'>, now: Date = new Date()): LLMBackendError | undefined {
  if (problems.botCheck) return botCheck(adapter.displayName);
  if (problems.loginWall) return loginRequired(adapter.displayName);
  const banner = problems.banners.find((text) => text.trim().length > 0);
  return banner === undefined ? undefined : classifyBanner(banner, adapter, now);
}
