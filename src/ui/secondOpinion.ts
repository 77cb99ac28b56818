/**
 * Second Opinion: the conversation's finished task (the user's request and the unified diff of
 * what it changed, or its last answer when it changed no file) goes, with a short fixed review
 * prompt, to every OTHER site of ptk.sites at once, each in a new chat of its own (the consult
 * port's call: its own thread key, so each gets its own tab and no router moves it). The
 * reviews arrive as chat events: one review item, one column per site, each waiting, then
 * streaming, then done or failed (naming the site and why). Pressing the button is the user's
 * consent to send; nothing goes to a site outside ptk.sites, and nothing at all without a
 * finished task. Pure: the sending, the diff and the conversation are ports.
 */
import { DEFAULTS } from '../core/constants';
import { errorMessage } from '../core/errors';
import { siteStateOfError, type ConsultPort } from '../core/tools/consultTool';
import { truncateMiddle } from '../core/util/truncate';
import { finishedTask, type FinishedTask } from '../shared/chat/finishedTask';
import type { ChatEvent, ChatItem, ChatViewState } from '../shared/chat/protocol';


/** The setting Second Opinion takes its sites from. */
export const SECOND_OPINION_SITES_SETTING = 'ptk.sites';

/** What the command says with no other site to ask. */
export const NEEDS_ANOTHER_SITE = `Second Opinion asks another chat site to review the task: add a second site to ${SECOND_OPINION_SITES_SETTING} (and sign in to it).`;
/** What the command says when the conversation has no finished task (nothing is sent). */
export const NO_FINISHED_TASK = 'Second Opinion reviews a finished task: this conversation has none yet (or its task is still running, failed or was stopped). Nothing was sent.';

/** A site as the view names it. */
export interface ReviewSite {
  site: string;
  label: string;
}

/** The sites to ask: the configured ones (ptk.sites, in order) except the conversation's own. */
function reviewSites(configured: readonly ReviewSite[], own: string | undefined): ReviewSite[] {
  return configured.filter((entry) => entry.site !== own);
}

/** The request each site gets: the fixed review prompt, the task's request, then its diff (or its last answer). */
export function reviewPrompt(task: Pick<FinishedTask, 'goal' | 'answer'>, diff: string): string {
  const material = truncateMiddle(diff.trim() || task.answer.trim(), DEFAULTS.reviewMaterialMaxChars).text;
  return [
    'An AI coding assistant has just finished a task in a code editor. Please review its work as a senior engineer would.',
    'List, most important first: problems (bugs, wrong or missing behaviour), risks, and what you would change. Be concise and concrete, quote the lines you mean.',
    'Answer in markdown. Do not call tools or ask to run anything: just give your review.',
    '',
    'The task (the user’s request):',
    '',
    task.goal,
    '',
    ...(diff.trim()
      ? ['The changes it made (unified diff):', '', '```diff', material, '```']
      : ['It changed no file. Its plan / last answer:', '', material]),
  ].join('\n');
}

/** The message "Send to task" sends: the review, named by its site. */
export function reviewMessage(label: string, review: string): string {
  return `Review from ${label}:\n${review}`;
}

type ReviewItem = Extract<ChatItem, { kind: 'review' }>;

/** The review item `itemId`'s column of `site` when it holds a finished review not sent yet (the one "Send to task" may send). */
export function finishedReview(state: ChatViewState, itemId: string, site: string): { label: string; text: string } | undefined {
  const item = state.items.find((candidate): candidate is ReviewItem => candidate.kind === 'review' && candidate.id === itemId);
  const column = item?.columns.find((candidate) => candidate.site === site);
  return column?.status === 'done' && !column.sent ? { label: column.label, text: column.text } : undefined;
}

/** The conversation as Second Opinion uses it (ChatSession). */
interface SecondOpinionSession {
  readonly state: ChatViewState;
  /** Applies an event to the shown conversation (a streaming column). */
  publish(event: ChatEvent): void;
  /** Applies an event and saves the conversation (a column settled). */
  record(event: ChatEvent): Promise<void>;
}

interface SecondOpinionOptions {
  session: SecondOpinionSession;
  /** The configured sites (ptk.sites, or ptk.site alone), in order, with their names. */
  sites: readonly ReviewSite[];
  /** The conversation's own site (undefined: unknown). */
  ownSite: string | undefined;
  /** The unified diff of task `taskId` of the conversation (empty: it changed no file). */
  diff(conversationId: string, taskId: string): Promise<string>;
  /** The consult port's call: one site alone, a new chat, no tools. */
  send: ConsultPort['send'];
  signal?: AbortSignal;
  now?: () => number;
  createId: () => string;
}

/** One site's result. */
interface SiteReview {
  site: string;
  label: string;
  ok: boolean;
  /** The review, or why there is none. */
  text: string;
}

export type SecondOpinionOutcome = { status: 'noOtherSite' } | { status: 'noFinishedTask' } | { status: 'reviewed'; itemId: string; reviews: SiteReview[] };

/** What a failed column says: the site and its state when known (the router's error only repeats it), else the error. */
function failureText(label: string, error: unknown, signal: AbortSignal): string {
  if (signal.aborted) return `${label}: stopped before its review arrived.`;
  const state = siteStateOfError(error);
  return state ? `${label} could not review: ${state}.` : `${label} could not review: ${errorMessage(error)}`;
}

/**
 * Sends the finished task to the other sites at once and reports each review into the
 * conversation as it arrives. Resolves when every site has answered or failed. The updates of
 * a conversation no longer shown are dropped, and the calls still running are stopped.
 */
export async function runSecondOpinion(options: SecondOpinionOptions): Promise<SecondOpinionOutcome> {
  const { session } = options;
  const sites = reviewSites(options.sites, options.ownSite);
  if (sites.length === 0) return { status: 'noOtherSite' };
  const task = finishedTask(session.state);
  if (!task) return { status: 'noFinishedTask' };
  const conversationId = session.state.conversationId;
  const diff = task.taskId === undefined ? '' : await options.diff(conversationId, task.taskId);
  const prompt = reviewPrompt(task, diff);

  const controller = new AbortController();
  const onOuterAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) controller.abort(options.signal.reason);
  else options.signal?.addEventListener('abort', onOuterAbort, { once: true });
  const itemId = `review:${options.createId()}`;
  // Still the shown conversation: else its calls stop (another conversation must not get its columns).
  const shown = (): boolean => {
    if (session.state.conversationId === conversationId) return true;
    controller.abort();
    return false;
  };
  await session.record({ type: 'reviewStarted', id: itemId, time: (options.now ?? Date.now)(), sites: sites.map(({ site, label }) => ({ site, label })) });
  try {
    const reviews = await Promise.all(
      sites.map(async ({ site, label }): Promise<SiteReview> => {
        try {
          const text = await options.send(site, prompt, controller.signal, (sofar) => {
            if (shown()) session.publish({ type: 'reviewUpdate', id: itemId, site, status: 'streaming', text: sofar });
          });
          if (shown()) await session.record({ type: 'reviewUpdate', id: itemId, site, status: 'done', text });
          return { site, label, ok: true, text };
        } catch (error) {
          const text = failureText(label, error, controller.signal);
          if (shown()) await session.record({ type: 'reviewUpdate', id: itemId, site, status: 'failed', text });
          return { site, label, ok: false, text };
        }
      }),
    );
    return { status: 'reviewed', itemId, reviews };
  } finally {
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
}

/**
 * A review's "Send to task": the review (only a finished one) goes to the conversation as the
 * user's next message, so the task continues with it, and its column is marked sent (saved with
 * the conversation) so it cannot go twice. False when there is no such review, or it was sent
 * already, or a task still runs (the session's send says so, and the review stays to send).
 */
export function sendReviewToTask(session: { readonly state: ChatViewState; readonly busy: boolean; send(text: string): Promise<unknown>; record(event: ChatEvent): Promise<void> }, itemId: string, site: string): boolean {
  const review = finishedReview(session.state, itemId, site);
  if (!review) return false;
  const message = reviewMessage(review.label, review.text);
  if (session.busy) {
    void session.send(message);
    return false;
  }
  void session.record({ type: 'reviewSent', id: itemId, site });
  void session.send(message);
  return true;
}

/**
 * A saved conversation's reviews that were still arriving when the window went away: their
 * calls are gone, so each open column says so instead of waiting forever.
 */
export function settleOpenReviews(state: ChatViewState, why: string): ChatViewState {
  let changed = false;
  const items = state.items.map((item) => {
    if (item.kind !== 'review' || !item.columns.some((column) => column.status === 'waiting' || column.status === 'streaming')) return item;
    changed = true;
    return { ...item, columns: item.columns.map((column) => (column.status === 'waiting' || column.status === 'streaming' ? { ...column, status: 'failed' as const, text: `${column.label}: ${why}` } : column)) };
  });
  return changed ? { ...state, items } : state;
}
