/**
 * Turns what the page shows (error banners, a login wall, a sign-in page, a bot check) into
 * typed LLMBackendErrors with codes. Notices (adapter.noticePatterns, then the generic ones)
 * are set apart first: they only inform and never become errors. Then site patterns
 * (adapter.errorPatterns), then the generic ones. None of these errors is a model mistake.
 * What Playwright throws while driving the tab (a closed tab, a network failure) is typed here
 * too (backendErrorOf), so every error the backend reports has been classified in this file.
 */
import { LLMBackendError, PTKAbortError, PTKError, PTKErrorCode, errorMessage } from '../core/errors';
import type { ErrorPattern, SiteAdapter } from './adapters/types';
import { BOT_CHECK_TEXT, GENERIC_NOTICE_PATTERNS } from './pageSignals';
import { parseRetryAfter } from './retryAfter';

/** What the page runtime reports about problems on the page. */
interface PageProblems {
  /** Texts of visible banners (ours or page-level; stale ones excluded), notices included. */
  banners: string[];
  /** A login wall with no composer next to it (a guest page has both and is no problem). */
  loginWall: boolean;
  botCheck: boolean;
  /** The tab is on one of the site's off-site sign-in hosts. */
  signInHost?: boolean;
}

/** The adapter fields classification reads. */
type ClassifierSite = Pick<SiteAdapter, 'displayName' | 'errorPatterns' | 'defaultRetryAfterMs' | 'noticePatterns'>;

/** Generic banner patterns, in priority order. */
const GENERIC_ERROR_PATTERNS: readonly ErrorPattern[] = [
  { code: PTKErrorCode.BOT_CHECK, pattern: `${BOT_CHECK_TEXT}|are you a robot|captcha|unusual activity` },
  { code: PTKErrorCode.LOGIN_REQUIRED, pattern: 'log ?in again|sign ?in again|session (has )?expired|please (log|sign) ?in|not logged in|unauthori[sz]ed' },
  { code: PTKErrorCode.CONVERSATION_TOO_LONG, pattern: 'conversation is too long|conversation (has )?reached (its|the) (maximum|limit)|context (window|length) (is )?(full|exceeded)|start a new (chat|conversation)' },
  { code: PTKErrorCode.PROMPT_TOO_LONG, pattern: '(message|prompt|input) (you submitted )?(was|is) too long|too many (tokens|characters)|exceeds the (maximum|limit)' },
  { code: PTKErrorCode.RATE_LIMITED, pattern: "rate limit|too many requests|too quickly|temporarily limited access|please wait a few minutes|reached (our|your|the) (limit|quota|usage cap)|usage (limit|cap)|quota exceeded|try again (after|at|in)|out of (free )?messages|limit of messages|you've hit" },
  { code: PTKErrorCode.NETWORK_ERROR, pattern: 'network error|connection (was )?(lost|failed|error)|check your (internet )?connection|failed to fetch|offline' },
  { code: PTKErrorCode.SITE_ERROR, pattern: 'something went wrong|an error occurred|error (in|while) (generating|body stream)|internal (server )?error|unable to (load|generate)|try again later|failed to generate|temporarily unavailable' },
];

/** True when a banner only informs (the site's notice patterns, then the generic ones). */
export function isNotice(text: string, adapter: Pick<SiteAdapter, 'noticePatterns'>): boolean {
  return [...(adapter.noticePatterns ?? []), ...GENERIC_NOTICE_PATTERNS].some((pattern) => safeRegExp(pattern)?.test(text) ?? false);
}

/** The banners that are notices (warnings for the log and the status), whitespace tidied. */
export function pageNotices(banners: readonly string[], adapter: Pick<SiteAdapter, 'noticePatterns'>): string[] {
  return banners.filter((text) => text.trim() && isNotice(text, adapter)).map((text) => text.trim().replace(/\s+/g, ' '));
}

/**
 * One regular expression source matching every text a banner can be classified by (notices,
 * site and generic error patterns): the page runtime reports a generic banner region only
 * when its text matches it.
 */
export function bannerTextPattern(adapter: Pick<SiteAdapter, 'errorPatterns' | 'noticePatterns'>): string {
  const sources = [...(adapter.noticePatterns ?? []), ...GENERIC_NOTICE_PATTERNS, ...[...(adapter.errorPatterns ?? []), ...GENERIC_ERROR_PATTERNS].map((candidate) => candidate.pattern)];
  return sources.filter((source) => safeRegExp(source) !== undefined).map((source) => `(?:${source})`).join('|');
}

function safeRegExp(source: string): RegExp | undefined {
  try {
    return new RegExp(source, 'i');
  } catch {
    return undefined; // a bad pattern in a custom site's setting never breaks classification
  }
}

/** Classifies one banner text; unmatched banners are SITE_ERROR (an unknown error is still an error). */
export function classifyBanner(text: string, adapter: Pick<SiteAdapter, 'displayName' | 'errorPatterns' | 'defaultRetryAfterMs'>, now: Date = new Date()): LLMBackendError {
  const patterns = [...(adapter.errorPatterns ?? []), ...GENERIC_ERROR_PATTERNS];
  const matched = patterns.find((candidate) => safeRegExp(candidate.pattern)?.test(text) ?? false);
  const code = matched?.code ?? PTKErrorCode.SITE_ERROR;
  const site = adapter.displayName;
  const shown = text.trim().replace(/\s+/g, ' ').slice(0, 300);
  switch (code) {
    case PTKErrorCode.RATE_LIMITED: {
      const retryAfterMs = parseRetryAfter(text, now) ?? adapter.defaultRetryAfterMs;
      const wait = retryAfterMs === undefined ? '' : ` Try again in about ${Math.ceil(retryAfterMs / 60_000)} minute(s).`;
      return new LLMBackendError(`${site} is rate limiting you: "${shown}".${wait}`, { code, retryAfterMs, context: { site, banner: shown } });
    }
    case PTKErrorCode.LOGIN_REQUIRED:
      return loginRequired(site, shown);
    case PTKErrorCode.BOT_CHECK:
      return botCheck(site, shown);
    case PTKErrorCode.CONVERSATION_TOO_LONG:
      return new LLMBackendError(`${site} says the conversation is too long: "${shown}".`, { code, context: { site, banner: shown } });
    case PTKErrorCode.PROMPT_TOO_LONG:
      return new LLMBackendError(`${site} refused the message as too long: "${shown}". Shorten the task or the files it sends.`, { code, recoverable: false, context: { site, banner: shown } });
    case PTKErrorCode.NETWORK_ERROR:
      return new LLMBackendError(`${site} lost its connection: "${shown}". Check the network and try again.`, { code, context: { site, banner: shown } });
    default:
      return new LLMBackendError(`${site} showed an error: "${shown}".`, { code, context: { site, banner: shown } });
  }
}

function loginRequired(site: string, detail?: string): LLMBackendError {
  return new LLMBackendError(
    `${site} needs you to log in${detail ? ` ("${detail}")` : ''}. Open the PTK browser window (run without --headless / ptk.headless off), log in to ${site} there once; the dedicated profile keeps you logged in. Then try again.`,
    { code: PTKErrorCode.LOGIN_REQUIRED, context: { site } },
  );
}

function botCheck(site: string, detail?: string): LLMBackendError {
  return new LLMBackendError(
    `${site} is showing a bot check${detail ? ` ("${detail}")` : ''}. Complete it in the PTK browser window (headful), then try again. Headless browsers get these checks more often.`,
    { code: PTKErrorCode.BOT_CHECK, context: { site } },
  );
}

/**
 * The error the page's problems stand for, or undefined when there is none. A sign-in page and
 * walls win over banners; notices are never errors.
 */
export function classifyPageProblems(problems: PageProblems, adapter: ClassifierSite, now: Date = new Date()): LLMBackendError | undefined {
  if (problems.signInHost) return signInRequired(adapter);
  if (problems.botCheck) return botCheck(adapter.displayName);
  if (problems.loginWall) return loginRequired(adapter.displayName);
  const banner = problems.banners.find((text) => text.trim().length > 0 && !isNotice(text, adapter));
  return banner === undefined ? undefined : classifyBanner(banner, adapter, now);
}

/** LOGIN_REQUIRED for a tab that landed on one of the site's sign-in hosts. */
export function signInRequired(adapter: Pick<SiteAdapter, 'displayName'>): LLMBackendError {
  return loginRequired(adapter.displayName, 'the tab is on the sign-in page');
}

/**
 * A typed error for anything thrown while a turn runs: PTK errors as they are, a closed tab or
 * browser TAB_CLOSED, a failed navigation or connection NETWORK_ERROR, an AbortError ABORTED,
 * anything else SITE_ERROR with the first line of its message.
 */
export function backendErrorOf(error: unknown, adapter: Pick<SiteAdapter, 'displayName'>): PTKError {
  if (error instanceof PTKError) return error;
  const message = errorMessage(error);
  const site = adapter.displayName;
  // A tab opened while its window closes fails as "Failed to open a new tab" (Target.createTarget).
  if (/Target (page, context or browser )?(has been )?closed|browser has been closed|Page closed|Failed to open a new tab/i.test(message)) {
    return new LLMBackendError(`${site}: the browser tab was closed.`, { code: PTKErrorCode.TAB_CLOSED, cause: error });
  }
  if (/net::ERR_|ECONNREFUSED|ENOTFOUND/i.test(message)) {
    return new LLMBackendError(`${site}: network error: ${message.split('\n')[0]}.`, { code: PTKErrorCode.NETWORK_ERROR, cause: error });
  }
  if (error instanceof Error && error.name === 'AbortError') return new PTKAbortError(undefined, { cause: error });
  return new LLMBackendError(`${site}: ${message.split('\n')[0]}`, { code: PTKErrorCode.SITE_ERROR, cause: error });
}
