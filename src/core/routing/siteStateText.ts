/**
 * The words the user reads about sites: a state ("limited until 15:00"), the line shown when a
 * task moves on ("ChatGPT: usage limit until 15:00 — continuing on Claude"), and the summary
 * when no site can go on ("ChatGPT: limited until 15:00; Claude: signed out"). Times are the
 * local clock time, with the date when it is not today.
 */
import type { SiteFailureReason } from './siteFailure';
import type { SiteState } from './siteHealth';

/** `time` as local "HH:MM", preceded by its date ("2026-11-27 09:00") when that is not `now`'s day. */
export function formatClockTime(time: number, now: number): string {
  const date = new Date(time);
  const today = new Date(now);
  const pad = (value: number): string => String(value).padStart(2, '0');
  const clock = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  const sameDay = date.getFullYear() === today.getFullYear() && date.getMonth() === today.getMonth() && date.getDate() === today.getDate();
  return sameDay ? clock : `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${clock}`;
}

/** How a time reads in the texts below. */
export type TimeFormat = (time: number, now: number) => string;

/** A site's state in a few words: "ready", "limited until 15:00", "signed out", … */
export function describeSiteState(state: SiteState, now: number, formatTime: TimeFormat = formatClockTime): string {
  const until = state.until === undefined ? '' : ` until ${formatTime(state.until, now)}`;
  switch (state.status) {
    case 'ready':
      return 'ready';
    case 'limited':
      return `limited${until}`;
    case 'coolingDown':
      return `cooling down after errors${until}`;
    case 'signedOut':
      return 'signed out';
    case 'blocked':
      return 'waiting for a bot check in its tab';
    case 'broken':
      return 'broken (its page is no longer recognised)';
  }
}

const REASON_TEXT: Record<SiteFailureReason, string> = {
  usageLimit: 'usage limit',
  signedOut: 'signed out',
  botCheck: 'bot check',
  pageChanged: 'page no longer recognised',
  siteError: 'repeated errors',
};

/** Why a site stopped, in a few words, with its time when it has one ("usage limit until 15:00"). */
export function describeFailure(reason: SiteFailureReason, until: number | undefined, now: number, formatTime: TimeFormat = formatClockTime): string {
  const waitable = reason === 'usageLimit' || reason === 'siteError';
  return `${REASON_TEXT[reason]}${waitable && until !== undefined ? ` until ${formatTime(until, now)}` : ''}`;
}

/** The one line shown when a task moves on: "ChatGPT: usage limit until 15:00 — continuing on Claude". */
export function failoverLine(from: string, to: string, reason: SiteFailureReason, until: number | undefined, now: number, formatTime: TimeFormat = formatClockTime): string {
  return `${from}: ${describeFailure(reason, until, now, formatTime)} — continuing on ${to}`;
}

/**
 * The question asked before a task moves on (failover "ask"), and the answer that moves it.
 * `task`: the task's name (its conversation's title), so a question about a task running out of
 * sight is not taken for the one on screen.
 */
export function failoverQuestion(
  from: string,
  to: string,
  reason: SiteFailureReason,
  until: number | undefined,
  now: number,
  formatTime: TimeFormat = formatClockTime,
  task?: string,
): { question: string; action: string } {
  return {
    question: `${from}: ${describeFailure(reason, until, now, formatTime)}. Continue ${task ? `the task “${task}”` : 'this task'} on ${to}? It starts a new chat there with the task so far.`,
    action: `Continue on ${to}`,
  };
}

/** Every site with its state: "ChatGPT: limited until 15:00; Claude: signed out". */
export function statesSummary(states: readonly SiteState[], now: number, formatTime: TimeFormat = formatClockTime): string {
  return states.map((state) => `${state.label}: ${describeSiteState(state, now, formatTime)}`).join('; ');
}
