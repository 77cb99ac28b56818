/** Shared set-up of the site router tests: scripted sites, a clock the test moves, recorded events. */
import { LLMBackendError, PTKErrorCode } from '../../../../src/core/errors';
import type { LLMCallOptions } from '../../../../src/core/ports';
import { SiteRouter, type FailoverEvent, type RouterWaitEvent, type SiteRouterOptions } from '../../../../src/core/routing/siteRouter';
import { ScriptedChatModel, type ScriptedReply } from '../../../../src/core/testing/scriptedChatModel';

/** 14:00 local time today-ish (a fixed day), so the texts read "15:00" an hour later. */
export const T0 = new Date(2026, 10, 26, 14, 0).getTime();
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

export const TRANSCRIPT = 'SYSTEM: tools…\nUSER: fix the bug\nAI ACTION: read_file\nTOOL_RESULT: …';

export function usageLimit(site: string, retryAfterMs?: number): LLMBackendError {
  return new LLMBackendError(`${site} is rate limiting you.`, { code: PTKErrorCode.RATE_LIMITED, retryAfterMs });
}

export function siteError(site: string): LLMBackendError {
  return new LLMBackendError(`${site} showed an error.`, { code: PTKErrorCode.SITE_ERROR });
}

/** The thread option the loop gives: a task's first turn (newThread) or a later one. */
export function threadOf(newThread: boolean, key?: string): NonNullable<LLMCallOptions['thread']> {
  return { newThread, fullTranscript: () => TRANSCRIPT, ...(key === undefined ? {} : { key }) };
}

export interface RouterSetup {
  router: SiteRouter;
  models: Record<string, ScriptedChatModel>;
  clock: { time: number };
  failovers: FailoverEvent[];
  waits: RouterWaitEvent[];
}

const LABELS: Record<string, string> = { chatgpt: 'ChatGPT', claude: 'Claude', gemini: 'Gemini' };

/** A router over scripted thread-keeping sites (in the order given), with the clock at T0 and failover 'auto' unless said. */
export function routerOver(scripts: Record<string, ScriptedReply[]>, options: SiteRouterOptions = {}, keepsThread: Record<string, boolean> = {}): RouterSetup {
  const clock = { time: T0 };
  const failovers: FailoverEvent[] = [];
  const waits: RouterWaitEvent[] = [];
  const models: Record<string, ScriptedChatModel> = {};
  for (const [site, replies] of Object.entries(scripts)) models[site] = new ScriptedChatModel(replies, { keepsThread: keepsThread[site] ?? true });
  const router = new SiteRouter(
    Object.keys(scripts).map((site) => ({ site, label: LABELS[site] ?? site, model: models[site] })),
    {
      failover: 'auto',
      now: () => clock.time,
      onFailover: (event) => failovers.push(event),
      onWait: (event) => waits.push(event),
      ...options,
    },
  );
  return { router, models, clock, failovers, waits };
}

/** What a promise rejected with (fails the test when it resolved). */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`Expected a rejection, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
}
