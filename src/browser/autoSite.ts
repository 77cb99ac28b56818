/**
 * The `auto` site: a chat page PTK has no selectors for, driven through what site discovery
 * (page/siteDiscovery.ts) finds on it. The adapter starts with generic guesses (any text box is
 * a composer for the ready check, Enter sends, `[role=alert]` is a banner) and its hooks learn
 * the rest on the page:
 *   insert      the composer (the visible text box the page is built around), then the send
 *               button (one the typed prompt enabled, or labelled "send");
 *   submit      that button, else Enter, else Ctrl+Enter on the retry (the driver confirms each);
 *   learnTurn   on the first turn: the user turn (our nonce outside the composer), the answer
 *               that grows after it, the stop control, the action bar and copy control that
 *               appear once it is done, the rendered answer. From then on every turn runs on
 *               these selectors with the ordinary completion contract (completionTracker.ts)
 *               and extraction (the copy control, else DOM → markdown);
 *   findNewChat when the page's address reopens an earlier chat: the page's own new-chat
 *               control (a link or button labelled so that leaves a fresh chat when clicked).
 * What it learned is kept per origin (`learnedSiteFor`; the host saves and restores it across
 * runs through `learnedSites`), reported by Diagnose
 * Site (the adapter's selectors) and exportable as a `ptk.customSite` (`learnedCustomSite`).
 * When discovery gives up it fails with SELECTOR_NOT_FOUND naming what it could not find.
 * The same hooks stand in for a built-in adapter whose selectors stopped matching
 * (`createDiscoveryAdapter` with that adapter as the base; driftFallback.ts).
 */
import type { Page } from 'playwright-core';
import { z } from 'zod';
import { DEFAULTS } from '../core/constants';
import { LLMBackendError, PTKError, PTKErrorCode } from '../core/errors';
import { throwIfAborted } from '../core/util/abortSignals';
import type { CustomSiteInput } from './adapters/custom';
import type { AdapterHookContext, SiteAdapter, SiteSelectors } from './adapters/types';
import { pageCall } from './page/pageScript';
import { siteDiscovery, type DiscoveredComposer, type DiscoveredTurn, type SiteDiscoveryMethod } from './page/siteDiscovery';
import { findNonces } from './nonce';
import { sleep } from './pageWaits';
import { keepWhitespace } from './siteDriver';

/** What discovery learned of one origin. */
export interface LearnedSite {
  composer?: DiscoveredComposer;
  /** The send button's selector; null: Enter (or Ctrl+Enter) sends. Absent: not learned yet. */
  sendButton?: string | null;
  /** The key that sent, when no button did. */
  sendKey?: 'Enter' | 'Control+Enter';
  /** The turn's selectors, once a whole turn was watched. */
  turn?: Omit<DiscoveredTurn, 'missing'>;
  /**
   * The page's own new-chat control, learned when its address reopened an earlier chat; null:
   * the page showed none that started a fresh chat. Absent: the address gave a fresh chat so far.
   */
  newChatButton?: string | null;
}

/** Generic guesses before anything is learned: enough for the ready check. */
const GENERIC_COMPOSER = ['textarea:not([hidden]):not([readonly])', '[contenteditable="true"]', '[role="textbox"]'];
/** How long the end of the first turn must hold in the page before discovery takes it, ms. */
const DISCOVERY_HOLD_MS = 300;

/** What each origin's pages taught discovery, for the process's lifetime. */
const learnedByOrigin = new Map<string, LearnedSite>();

/** What discovery learned of the origin of `url` (created empty). */
export function learnedSiteFor(url: string): LearnedSite {
  const origin = new URL(url).origin;
  let learned = learnedByOrigin.get(origin);
  if (!learned) {
    learned = {};
    learnedByOrigin.set(origin, learned);
  }
  return learned;
}

/** Forgets what was learned of an origin (a redesign, a test). */
export function forgetLearnedSite(url: string): void {
  learnedByOrigin.delete(new URL(url).origin);
}

/** Calls a discovery method in the page. */
export function discover<T>(page: Page, method: SiteDiscoveryMethod, ...args: unknown[]): Promise<T> {
  return page.evaluate(pageCall(siteDiscovery, [method, args])) as Promise<T>;
}

/** The adapter's selectors from what was learned (generic guesses where nothing is). */
function selectorsOf(learned: LearnedSite): SiteSelectors {
  const turn = learned.turn;
  return {
    composer: learned.composer ? [learned.composer.selector, ...GENERIC_COMPOSER] : GENERIC_COMPOSER,
    sendButton: learned.sendButton ? [learned.sendButton] : [],
    stopButton: turn?.stopButton ?? [],
    userTurn: turn?.userTurn ?? [],
    assistantTurn: turn?.assistantTurn ?? [],
    answerContent: turn?.answerContent ?? [],
    turnScope: turn?.turnScope ?? [],
    turnActionBar: turn?.turnActionBar ?? [],
    copyButton: turn?.copyButton ?? [],
    newChatButton: learned.newChatButton ? [learned.newChatButton] : [],
    streamingIndicator: ['[aria-busy="true"]'],
    errorBanner: ['[role="alert"]'],
    loginWall: [],
    botCheck: [],
  };
}

/** The error discovery gives up with. */
function discoveryFailed(adapter: SiteAdapter, what: string): LLMBackendError {
  return new LLMBackendError(
    `${adapter.displayName}: site discovery could not find ${what}. Run PTK: Diagnose Site, or describe the site with ptk.customSite (docs/sites.md, "Any chat page, no selectors: auto").`,
    { code: PTKErrorCode.SELECTOR_NOT_FOUND, context: { site: adapter.id, missing: what } },
  );
}

/**
 * Starts watching, in the page, the turn of `nonce` from its send until discovery has its
 * selectors (or gives up after `timeoutMs`). The page must have seen `beforeSend` before the
 * send: what was drawn since tells the answer and the stop control.
 */
export function startTurnLearning(page: Page, nonce: string, composerSelector: string, timeoutMs: number): Promise<DiscoveredTurn> {
  const learning = discover<DiscoveredTurn>(page, 'learnTurn', nonce, composerSelector, timeoutMs, DISCOVERY_HOLD_MS);
  learning.catch(() => undefined);
  return learning;
}

/** The `auto` adapter of a chat page at `url`. */
export function createAutoAdapter(url: string | undefined): SiteAdapter {
  if (!url || !/^https?:\/\//.test(url)) {
    throw new PTKError('Site "auto" needs the chat page\'s address: set ptk.siteUrl (http or https).', { code: PTKErrorCode.CONFIG_INVALID });
  }
  return createDiscoveryAdapter(url);
}

/**
 * An adapter driven by what discovery finds on the page at `url` (learned per origin).
 * `base`: the built-in adapter it stands in for once that adapter's selectors all miss
 * (driftFallback.ts): it keeps that site's name, hosts, patterns, timings, temporary chat,
 * model picker and its banner / login-wall / bot-check selectors; discovery gives the rest.
 */
export function createDiscoveryAdapter(url: string, base?: SiteAdapter): SiteAdapter {
  const learned = learnedSiteFor(url);
  /** The selectors from what was learned, with what the base adapter knows of the page's problems. */
  const currentSelectors = (): SiteSelectors => {
    const found = selectorsOf(learned);
    if (!base) return found;
    return { ...found, errorBanner: [...base.selectors.errorBanner, ...found.errorBanner], loginWall: base.selectors.loginWall, botCheck: base.selectors.botCheck, newChatButton: [...(base.selectors.newChatButton ?? []), ...(found.newChatButton ?? [])] };
  };
  let attempts = 0;
  /** The key the latest submit pressed (learned once the turn it sent is seen). */
  let usedKey: 'Enter' | 'Control+Enter' | undefined;
  /** The nonce of the prompt typed last (the first turn's watch looks for it). */
  let typedNonce: string | undefined;
  /** The first turn's watch in the page, started before its send. */
  let learning: Promise<DiscoveredTurn> | undefined;
  const adapter: SiteAdapter = {
    ...base,
    id: base?.id ?? 'auto',
    displayName: base?.displayName ?? new URL(url).host,
    url: base?.url ?? url,
    composerKind: learned.composer?.kind ?? 'textarea',
    maxPromptChars: base?.maxPromptChars ?? 100_000,
    selectors: currentSelectors(),
    hooks: {
      cleanAnswer: base?.hooks?.cleanAnswer,
      insert: async (context, text) => {
        attempts = 0;
        usedKey = undefined;
        typedNonce = findNonces(text).pop();
        const page = context.page;
        if (!learned.composer || (await page.locator(learned.composer.selector).count()) === 0) {
          const found = await discover<DiscoveredComposer | null>(page, 'findComposer');
          if (!found) throw discoveryFailed(adapter, 'the composer (a visible text area or editable box)');
          learned.composer = found;
          adapter.composerKind = found.kind;
          adapter.selectors = currentSelectors();
        }
        if (learned.sendButton === undefined) await discover(page, 'markButtons');
        const field = page.locator(learned.composer.selector).first();
        await keepWhitespace(field);
        await field.fill(text, { timeout: 10_000 });
        if (learned.sendButton === undefined) {
          learned.sendButton = await discover<string | null>(page, 'findSendButton', learned.composer.selector);
          adapter.selectors = currentSelectors();
        }
      },
      submit: async (context) => {
        attempts++;
        const page = context.page;
        if (!learned.turn && attempts === 1 && typedNonce) {
          // The first turn is watched from before the send: a short answer may be whole before the submit is confirmed.
          await discover(page, 'beforeSend');
          learning = startTurnLearning(page, typedNonce, learned.composer?.selector ?? GENERIC_COMPOSER[0]!, DEFAULTS.browserAnswerTimeoutMs);
        }
        // A Stop while the page was looked at: nothing is sent.
        throwIfAborted(context.signal);
        if (learned.sendButton && attempts === 1) {
          await page.locator(`${learned.sendButton}:visible`).first().click({ timeout: 5_000, force: true });
          return 0;
        }
        // No button (or it did not take): the key that sent before, else Enter, then Ctrl+Enter on the retry.
        const key = learned.sendKey ?? (attempts === 1 || (learned.sendButton && attempts === 2) ? 'Enter' : 'Control+Enter');
        await page.locator(learned.composer?.selector ?? GENERIC_COMPOSER[0]!).first().press(key);
        usedKey = key;
        return -1;
      },
      findNewChat: async (context, tryControl) => {
        if (learned.newChatButton === null) return false;
        for (const selector of await discover<string[]>(context.page, 'findNewChatControls')) {
          throwIfAborted(context.signal);
          if (await tryControl(selector)) {
            learned.newChatButton = selector;
            adapter.selectors = currentSelectors();
            return true;
          }
        }
        learned.newChatButton = null;
        adapter.selectors = currentSelectors();
        return false;
      },
      learnTurn: async (context, turn) => {
        if (learned.turn) return false;
        const started = learning;
        learning = undefined;
        if (!started) throw discoveryFailed(adapter, 'your message on the page after sending (the user turn)');
        const result = await watchFirstTurn(context, started, turn.timeoutMs, turn.problem);
        if (result.missing) throw discoveryFailed(adapter, result.missing);
        const { missing: _missing, ...selectors } = result;
        learned.turn = selectors;
        if (!learned.sendButton && usedKey) learned.sendKey = usedKey;
        adapter.selectors = currentSelectors();
        return true;
      },
    },
  };
  return adapter;
}

/**
 * Watches the first turn in the page until discovery has its selectors (or gives up), while
 * the call's abort and the page's problems (a banner, a login wall, seen by the turn's own
 * watch) end it early.
 */
async function watchFirstTurn(context: AdapterHookContext, started: Promise<DiscoveredTurn>, timeoutMs: number, problem: () => Error | undefined): Promise<DiscoveredTurn> {
  const page = context.page;
  let settled = false;
  const learning = started.finally(() => {
    settled = true;
  });
  const deadline = Date.now() + timeoutMs;
  try {
    while (!settled) {
      throwIfAborted(context.signal);
      const found = problem();
      if (found) throw found;
      if (Date.now() > deadline) {
        throw new LLMBackendError(`${context.adapter.displayName} did not finish its answer in ${Math.round(timeoutMs / 1000)} s.`, { code: PTKErrorCode.ANSWER_TIMEOUT });
      }
      await Promise.race([learning.catch(() => undefined), sleep(100)]);
    }
    return await learning;
  } catch (error) {
    if (!settled) await discover(page, 'cancel').catch(() => undefined);
    await learning.catch(() => undefined);
    throw error;
  }
}

/** What was learned of the origin of `url`, as a `ptk.customSite` the user can edit. */
export function learnedCustomSite(url: string): CustomSiteInput | undefined {
  const learned = learnedByOrigin.get(new URL(url).origin);
  if (!learned?.composer || !learned.turn) return undefined;
  const turn = learned.turn;
  const list = (selectors: readonly string[]): string[] | undefined => (selectors.length > 0 ? [...selectors] : undefined);
  return {
    name: new URL(url).host,
    url,
    input: [learned.composer.selector],
    sendButton: learned.sendButton ? [learned.sendButton] : undefined,
    stopButton: list(turn.stopButton) ?? ['[aria-busy="true"]'],
    userTurn: [...turn.userTurn],
    answerContainer: [...turn.assistantTurn],
    answerContent: list(turn.answerContent),
    turnScope: list(turn.turnScope),
    actionBar: [...turn.turnActionBar],
    copyButton: list(turn.copyButton),
    newChatButton: learned.newChatButton ? [learned.newChatButton] : undefined,
    errorBanners: ['[role="alert"]'],
    composerKind: learned.composer.kind,
    ...(learned.sendButton ? {} : { sendKey: learned.sendKey ?? 'Enter' }),
  };
}

/*
 * Keeping what was learned across restarts: the host reads the records after each turn
 * (`learnedSiteRecords`), stores them where only the user's own state lives, and hands them back
 * on the next start (`restoreLearnedSites`), which checks each one's shape first: a stored
 * record is data from disk, and selectors that drive a page are never taken unchecked.
 */

/** One origin's learned site, as the host keeps it. */
export interface LearnedSiteRecord {
  /** The page's origin (scheme, host, port). */
  origin: string;
  learned: LearnedSite;
}

const storedSelector = z.string().min(1).max(2_000);
const storedSelectors = z.array(storedSelector).max(50);
const learnedSiteRecordSchema = z
  .object({
    origin: z.string().refine((value) => /^https?:\/\//.test(value) && URL.canParse(value) && new URL(value).origin === value, 'an http(s) origin'),
    learned: z
      .object({
        composer: z.object({ selector: storedSelector, kind: z.enum(['textarea', 'contenteditable']) }).strict().optional(),
        sendButton: storedSelector.nullable().optional(),
        sendKey: z.enum(['Enter', 'Control+Enter']).optional(),
        newChatButton: storedSelector.nullable().optional(),
        turn: z
          .object({
            userTurn: storedSelectors,
            assistantTurn: storedSelectors,
            answerContent: storedSelectors,
            turnScope: storedSelectors,
            turnActionBar: storedSelectors,
            copyButton: storedSelectors,
            stopButton: storedSelectors,
          })
          .strict()
          .optional(),
      })
      .strict(),
  })
  .strict();

/** Something was learned (an adapter made for the origin starts it empty). */
function hasLearned(learned: LearnedSite): boolean {
  return Object.values(learned).some((value) => value !== undefined);
}

/** Every origin something was learned of (empty entries left out), as plain data. */
export function learnedSiteRecords(): LearnedSiteRecord[] {
  return [...learnedByOrigin]
    .filter(([, learned]) => hasLearned(learned))
    .map(([origin, learned]) => ({ origin, learned: structuredClone(learned) }));
}

/**
 * Takes back records kept from an earlier run: each must have the shape `learnedSiteRecords`
 * gives (anything else is dropped and counted); an origin learned in this run already keeps
 * what it learned now.
 */
export function restoreLearnedSites(records: unknown): { restored: number; dropped: number } {
  const list = Array.isArray(records) ? records : records === undefined ? [] : [records];
  let restored = 0;
  let dropped = 0;
  for (const record of list) {
    const parsed = learnedSiteRecordSchema.safeParse(record);
    if (!parsed.success) {
      dropped++;
      continue;
    }
    const now = learnedByOrigin.get(parsed.data.origin);
    if (now && hasLearned(now)) continue;
    if (now) Object.assign(now, parsed.data.learned);
    else learnedByOrigin.set(parsed.data.origin, parsed.data.learned);
    restored++;
  }
  return { restored, dropped };
}

/**
 * What was learned of the origin of `url`, as the lines of Diagnose Site's report (markdown).
 * `builtIn`: a built-in site whose selectors missed there, so discovery stood in for them
 * (driftFallback.ts): the section then shows only when something was learned, and says how to
 * repair the site from it (a `ptk.siteOverrides` example with the composer found).
 */
export function describeLearnedSite(url: string, builtIn?: { id: string; name: string }): string[] {
  const builtInSite = builtIn?.name;
  const origin = new URL(url).origin;
  const learned = learnedByOrigin.get(origin);
  const heading = builtInSite ? `## Discovered when ${builtInSite}'s selectors missed (${origin})` : `## Learned by site discovery (${origin})`;
  if (!learned || !hasLearned(learned)) {
    if (builtInSite) return [];
    return [heading, 'Nothing is learned yet: the composer and how to send are learned on the first task, the turn selectors on its first answer.'];
  }
  const code = (selectors: readonly string[]) => (selectors.length > 0 ? selectors.map((selector) => `\`${selector}\``).join(', ') : 'none');
  const send =
    learned.sendButton === undefined ? 'not learned yet' : learned.sendButton ? `the button \`${learned.sendButton}\`` : `the ${learned.sendKey === 'Control+Enter' ? 'Ctrl+Enter' : 'Enter'} key (no send button)`;
  const turn = learned.turn;
  return [
    heading,
    `- composer: ${learned.composer ? `\`${learned.composer.selector}\` (${learned.composer.kind})` : 'not learned yet'}`,
    `- send: ${send}`,
    ...(turn
      ? [
          `- user turn: ${code(turn.userTurn)}`,
          `- answer: ${code(turn.assistantTurn)}`,
          `- answer content: ${code(turn.answerContent)}`,
          `- turn scope: ${code(turn.turnScope)}`,
          `- stop: ${code(turn.stopButton)}`,
          `- action bar: ${code(turn.turnActionBar)}`,
          `- copy: ${code(turn.copyButton)}`,
        ]
      : ['- turn selectors: not learned yet (they are learned on the first answer)']),
    `- new chat: ${
      learned.newChatButton === undefined
        ? 'the address (it has opened a fresh chat so far)'
        : learned.newChatButton
          ? `the control \`${learned.newChatButton}\` (the address reopens the last chat)`
          : 'none found: the address reopens the last chat, so conversations take turns in it'
    }`,
    '',
    builtInSite
      ? `PTK runs ${builtInSite} on these while its own selectors miss. To repair the site for good, put them in ptk.siteOverrides (the composer as \`composer\`, the answer as \`assistantTurn\`, …)${learned.composer ? `, e.g. \`${JSON.stringify({ [builtIn!.id]: { selectors: { composer: { prepend: [learned.composer.selector] } } } })}\`` : ''}; PTK: Forget Learned Site makes PTK discover the page again.`
      : 'PTK: Export Learned Site as ptk.customSite gives it as a setting to edit; PTK: Forget Learned Site makes PTK learn the page again.',
  ];
}
