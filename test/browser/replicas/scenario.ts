/**
 * Scenario format of the replica sites: what the scripted "model" behind a replica answers,
 * with what timing, and which failures to inject. JSON-friendly (a scenario can live in a
 * .json file); the responder may also be a function or any ILLMManager (e.g. the engine's
 * ScriptedChatModel), called with the prompt the page sent (nonce line removed).
 */
import type { ILLMManager } from '../../../src/core/ports';

/** Failures a turn can inject. */
export type ReplicaFailure =
  | 'rate_limit' // banner "You've reached our limit of messages… try again after <retryAfter>"
  | 'bot_check' // the page navigates to a "Verify you are human" interstitial
  | 'error_banner' // "Something went wrong" in place of (or in the middle of) the answer
  | 'network_drop' // the server drops the streaming connection at failAtChar
  | 'reload' // the page reloads itself at failAtChar; the answer keeps generating server-side
  | 'conversation_too_long' // the site refuses the message: start a new chat
  | 'login'; // the session expired: the page shows the login wall

/** One scripted assistant turn. */
export interface ReplicaTurnScript {
  /** The markdown the "model" answers. Default: from the responder, else "OK". */
  reply?: string;
  /** Pause before the first token, with the stop button visible ("thinking"). Default 0. */
  thinkingMs?: number;
  /** Delay between tokens. Default 15. */
  tokenMs?: number;
  /** Characters per token. Default 4. */
  tokenChars?: number;
  /** Pauses in the middle of the answer (no tokens, stop button still visible). */
  pauses?: Array<{ atChar: number; ms: number }>;
  /**
   * Holds in the middle of the answer: at `atChar` the stream waits (stop button visible) until
   * `until` settles, so a test can tie the stream to an event (e.g. PTK reported a first delta)
   * instead of to a time. Not JSON: for scenarios built in a test.
   */
  holds?: Array<{ atChar: number; until: PromiseLike<unknown> }>;
  /** Delay between the last token and the stop button going / the action bar appearing. Default 30. */
  finishDelayMs?: number;
  failure?: ReplicaFailure;
  /** Where a mid-answer failure happens (error_banner, network_drop, reload). Default: before the first token. */
  failAtChar?: number;
  /** Rate limit: the time the banner names ("3:15 PM"). Default "3:15 PM". */
  retryAfter?: string;
  /**
   * A reasoning phase before the answer: the skin shows this text in the site's own thinking
   * element (never part of the answer), for `thinkingMs`, stop button visible; removed
   * (setThinking(null)) when the first token arrives. Shown again during the short thinking
   * that follows a preamble gap.
   */
  thinkingText?: string;
  /**
   * During the thinking phase, the turn's action bar appears for this long and goes away again
   * (ChatGPT's mid-thinking flash), centred in `thinkingMs`. Needs thinkingMs longer than this
   * (else the thinking lasts the flash).
   */
  actionBarFlashMs?: number;
  /**
   * A first assistant message of the same turn (ChatGPT: a preamble before a tool or thinking
   * phase). It streams after the thinking phase, then the page shows no stop button, no
   * streaming state and no change for `preambleGapMs`, then thinking resumes (stop visible,
   * ~300 ms) and `reply` streams into a new message node of the same turn (skin.addMessageNode).
   * The final answer (what the copy button copies) is `reply`; on a skin without addMessageNode
   * the reply continues in the same node and the final answer is `preamble + "\n\n" + reply`.
   * `pauses`, `failAtChar` and `limitNoticeAtChar` count characters of `reply` only.
   */
  preamble?: string;
  /** Gap after the preamble with the stop button gone and nothing changing. Default 600. */
  preambleGapMs?: number;
  /**
   * At this character of the answer, the site shows its "limit reached, switching to a smaller
   * model" notice (skin.showBanner(shell, 'limit_notice', "You've hit the Free plan limit for
   * GPT-5. Responses will use another model until your limit resets after <retryAfter>.")) while
   * the answer goes on to the end. Shown again when the page reloads.
   */
  limitNoticeAtChar?: number;
  /**
   * Characters of `reply` where the site draws a tool widget and goes on in a new answer block
   * of the same message (skin.addAnswerBlock: claude.ai's several `.standard-markdown` blocks);
   * each must start a part of the reply that follows a blank line. The final answer (what the
   * copy button copies) is the whole reply. Skins without answer blocks go on in the same block.
   */
  answerBlocksAt?: number[];
}

/** What the replica answers with when the scenario's `turns` do not say. */
export type ReplicaResponder =
  | ILLMManager
  | ((prompt: string, turnIndex: number, earlier: readonly ReplicaEarlierTurn[]) => ReplicaTurnScript | string | Promise<ReplicaTurnScript | string>);

/** A turn of the conversation before the one being answered (a site keeps its thread: later prompts carry only what is new). */
export interface ReplicaEarlierTurn {
  /** What the page sent, without the nonce line. */
  prompt: string;
  /** What the "model" answered (preamble and answer). */
  reply: string;
}

export interface ReplicaScenario {
  /** False: the page shows the login wall. Default true. */
  loggedIn?: boolean;
  /** True: every page load shows the bot-check interstitial. Default false. */
  botCheck?: boolean;
  /** Turns in order of submission (over every chat of the session). */
  turns?: ReplicaTurnScript[];
  /** Merged under every turn. */
  defaults?: Partial<ReplicaTurnScript>;
  /** The composer silently keeps only this many characters (textarea maxlength / editor limit). */
  composerLimit?: number;
  /** True: the first send, a click on send or Enter, does nothing (exercises the submit retry). */
  ignoreFirstSubmit?: boolean;
  /** Longest message the site accepts (the page shows an error past it). Default none. */
  maxPromptChars?: number;
  /**
   * Signed out, but the site lets guests chat: the page has a working composer and a "Log in"
   * button (skin.mountShell(root, { guest: true })). Implies loggedIn false unless it is given.
   * Default false.
   */
  guest?: boolean;
  /**
   * With loggedIn false: 'page' shows the site's own login wall (default); 'offHost' redirects
   * the tab to the site's sign-in host (e.g. accounts.google.com), which the replica server
   * also answers for (tests map that host to 127.0.0.1 in Chromium, nothing leaves the machine).
   * The sign-in URL is the server's `signInUrl` option, else the site's `signInUrl` in sites.ts
   * (the server refuses an 'offHost' scenario without one). A session that expires mid-chat
   * (failure 'login') lands there too.
   */
  signIn?: 'page' | 'offHost';
  /**
   * A healthy page carrying Cloudflare bot-management noise (a hidden challenge-platform
   * iframe and script, as real ChatGPT pages have): must not be mistaken for a bot check.
   * The iframe is https://challenges.cloudflare.com:<port>/cdn-cgi/challenge-platform/… (mapped
   * to the replica server, empty page), the script /cdn-cgi/challenge-platform/scripts/jsd/main.js
   * (empty). Both sit in <body> outside #root.
   */
  cloudflareNoise?: boolean;
  /**
   * The message list is virtualized: once the streaming answer is this many characters long
   * (preamble included), every list item before the answering turn is removed from the DOM (our
   * user turn included: the items renderUserTurn returned and earlier turns' listItem), as
   * Claude's and DeepSeek's virtual lists do when it scrolls out of view. They do not come back.
   */
  virtualizeAfterChars?: number;
  /**
   * The site's usage cap: from this message on (1-based, over every chat of the session), the
   * page shows the site's usage-cap banner in its own words (skin.showBanner 'rate_limit')
   * instead of answering, as soon as the message is sent: the responder is not asked (a capped
   * site runs no model). Default: no cap.
   */
  usageCapAfter?: number;
  /** The time the usage-cap banner names ("3 PM", "15:00"). Default: the turn's retryAfter, else "3:15 PM". */
  usageCapRetryAfter?: string;
  /** How the site treats uploaded files (skins with an upload). Default: every file accepted after a short upload. */
  uploads?: ReplicaUploadRules;
  /**
   * The site's redesign in the middle of a conversation: once this many turns are answered,
   * every page load after (a reload, a new tab) gets `redesignSite`'s page instead of the site's
   * own, on the same conversations (their earlier turns drawn in the new markup). Default: never.
   */
  redesignAfterTurn?: number;
  /** The replica folder whose page a redesign serves. Default 'madeup-parrot' (markup no built-in adapter's selectors match). */
  redesignSite?: string;
}

/** The site's upload rules (POST /api/upload). */
export interface ReplicaUploadRules {
  /** Files larger than this many bytes are refused as too large (the site's "too large" message). */
  maxFileBytes?: number;
  /** MIME types taken ('image/png', or a prefix ending in '/': 'image/'); others are refused as unsupported. Default: any. */
  acceptTypes?: readonly string[];
  /** The upload is received but never answered: the chip stays in its uploading state. */
  neverConfirm?: boolean;
  /** How long an upload takes before the chip shows the file as accepted, ms. Default 150. */
  delayMs?: number;
}

/** The nonce marker the backend appends (`[ptk:…]`), removed before the responder sees the prompt. */
export const NONCE_LINE = /\n*\[ptk:[0-9a-z]+\]\s*$/;

/** Splits a reply into tokens of `tokenChars` characters (surrogate pairs kept whole). */
export function tokenize(reply: string, tokenChars: number): string[] {
  const characters = Array.from(reply);
  const tokens: string[] = [];
  for (let index = 0; index < characters.length; index += tokenChars) tokens.push(characters.slice(index, index + tokenChars).join(''));
  return tokens;
}

/** The answer's tokens (tokenize), each part between two answer-block starts tokenized alone; `block`: a new answer block starts with this token. */
export function answerTokens(reply: string, tokenChars: number, blocksAt: readonly number[] = []): Array<{ text: string; block: boolean }> {
  const starts = [...new Set(blocksAt.filter((at) => at > 0 && at < reply.length))].sort((left, right) => left - right);
  const bounds = [0, ...starts, reply.length];
  const tokens: Array<{ text: string; block: boolean }> = [];
  for (let part = 0; part + 1 < bounds.length; part++) {
    tokenize(reply.slice(bounds[part], bounds[part + 1]), tokenChars).forEach((text, index) => tokens.push({ text, block: part > 0 && index === 0 }));
  }
  return tokens;
}
