/**
 * The replica sites the conformance suite runs, one line per site: the adapter id (the
 * registry in src/browser/adapters/registry.ts) and the replica folder under ./sites.
 * `customSite` is the `custom` adapter's configuration, when the site is driven through it.
 * Adding a site = adding its folder and one line here (see README.md).
 */
import type { CustomSiteInput } from '../../../src/browser/adapters/custom';

export interface ReplicaSiteEntry {
  /** Adapter id (src/browser/adapters/registry.ts). */
  adapter: string;
  /** Folder under test/browser/replicas/sites. */
  replica: string;
  /** For the `custom` adapter: its configuration (url is filled in with the replica's). */
  customSite?: Omit<CustomSiteInput, 'url'>;
  /**
   * Where the real site sends a signed-out tab (scenario `signIn: 'offHost'`), e.g.
   * 'http://accounts.google.com/ServiceLogin'. The replica server redirects there on its own
   * port and serves a generic sign-in page for that host (see foreignHosts.ts).
   */
  signInUrl?: string;
  /**
   * Which fallback index of each adapter selector list this replica must hit (the page
   * snapshot's `matched`): 0 for a current page, the fallback indexes for an older variant.
   */
  expectMatched?: Record<string, number>;
  /**
   * The real-site behaviours the conformance suite drives on this replica. Absent: every one
   * the shared app drives on any skin (DEFAULT_REPLICA_FEATURES), plus 'offHostSignIn' when
   * signInUrl is set. Guest mode runs wherever the replica shows a guest page (detected).
   */
  supports?: readonly ReplicaFeature[];
  /**
   * False for an older page whose replica does not model the site's temporary chat: tests there
   * run with saved chats (temporaryChats off), as a user of that page version would have to. Also
   * false where PTK cannot confirm the mode (Qwen: every new chat warns), so the suite's turns
   * carry no warning; temporaryChatsNewSites.test.ts drives that mode.
   */
  temporaryChat?: false;
}

/** Behaviours of the real sites the conformance suite can drive on a replica. */
export type ReplicaFeature = 'thinkingFlash' | 'preambleGap' | 'virtualList' | 'guest' | 'offHostSignIn' | 'cloudflareNoise' | 'limitNotice' | 'upload' | 'uploadConsent';

/** What every replica supports unless its entry says otherwise (the shared app drives these). */
export const DEFAULT_REPLICA_FEATURES: readonly ReplicaFeature[] = ['thinkingFlash', 'preambleGap', 'virtualList', 'guest', 'cloudflareNoise', 'limitNotice', 'upload'];

/**
 * AI Studio has no guest chat (a signed-out tab goes to accounts.google.com), and asks for its
 * copyright acknowledgement before the first upload of a profile ('uploadConsent').
 */
const AI_STUDIO_FEATURES: readonly ReplicaFeature[] = ['thinkingFlash', 'preambleGap', 'virtualList', 'offHostSignIn', 'cloudflareNoise', 'limitNotice', 'upload', 'uploadConsent'];

/** A replica on which every selector list's first choice matches (the lists checked). */
const EVERY_FIRST_CHOICE = { composer: 0, sendButton: 0, stopButton: 0, userTurn: 0, assistantTurn: 0, answerContent: 0, turnActionBar: 0, copyButton: 0 };
/** The same for a site that sends with Enter (no send button). */
const { sendButton: _noSendButton, ...withoutSendButton } = EVERY_FIRST_CHOICE;

export const replicaSites: ReplicaSiteEntry[] = [
  {
    adapter: 'chatgpt',
    replica: 'chatgpt',
    signInUrl: 'http://auth.openai.com/log-in',
    expectMatched: EVERY_FIRST_CHOICE,
  },
  // The mid-2025 page: article turns (turn scope fallback 1), one message node, an action bar
  // with no role or label (action bar and copy fallbacks 1).
  {
    adapter: 'chatgpt',
    replica: 'chatgpt-2025-06',
    temporaryChat: false,
    signInUrl: 'http://auth.openai.com/log-in',
    expectMatched: { composer: 0, sendButton: 0, stopButton: 0, userTurn: 0, assistantTurn: 0, answerContent: 0, turnActionBar: 1, copyButton: 1 },
  },
  // Claude signs in on its own page (claude.ai/login); Google's OAuth page is only reached by a
  // click, so no off-host redirect is declared (the adapter still knows accounts.google.com).
  {
    adapter: 'claude',
    replica: 'claude',
    expectMatched: EVERY_FIRST_CHOICE,
    // No guest chat on Claude (TOK: guest unsupported).
    supports: ['thinkingFlash', 'preambleGap', 'virtualList', 'cloudflareNoise', 'limitNotice', 'upload'],
  },
  // The 2025 page: fieldset composer (composer 1), `.font-claude-message` body (assistant 1, no
  // markdown block: answerContent -1, the whole body), the action bar inside the streaming div,
  // no virtual list, no file upload reproduced (no 2025 source shows its chips).
  {
    adapter: 'claude',
    replica: 'claude-2025-10',
    temporaryChat: false,
    expectMatched: { composer: 1, sendButton: 0, stopButton: 0, userTurn: 0, assistantTurn: 1, answerContent: -1, turnActionBar: 0, copyButton: 0 },
    supports: ['thinkingFlash', 'preambleGap', 'cloudflareNoise', 'limitNotice'],
  },
  // Gemini's lr26 page (May 2026+): every first choice. Signed out it chats as a guest; the
  // sign-in flow is off-host on accounts.google.com.
  {
    adapter: 'gemini',
    replica: 'gemini',
    signInUrl: 'http://accounts.google.com/ServiceLogin',
    expectMatched: EVERY_FIRST_CHOICE,
  },
  // The pre-lr26 page (2026-04): `button.send-button.stop` "Stop generation" (stop 1), the copy
  // button's data-test-id (copy 1).
  {
    adapter: 'gemini',
    replica: 'gemini-2026-04',
    temporaryChat: false,
    signInUrl: 'http://accounts.google.com/ServiceLogin',
    expectMatched: { composer: 0, sendButton: 0, stopButton: 1, userTurn: 0, assistantTurn: 0, answerContent: 0, turnActionBar: 0, copyButton: 1 },
  },
  // AI Studio's Dec-2025+ page: `ms-prompt-box` / formcontrolname composer, unlabelled Run,
  // `.turn-footer` thumbs, hover-revealed options menu. No guest chat: signed out, it redirects
  // to accounts.google.com.
  {
    adapter: 'aistudio',
    replica: 'aistudio',
    signInUrl: 'http://accounts.google.com/ServiceLogin',
    supports: AI_STUDIO_FEATURES,
    expectMatched: { composer: 0, sendButton: 0, stopButton: 0, userTurn: 0, assistantTurn: 0, answerContent: 0, turnActionBar: 0, copyMenuButton: 0 },
  },
  // The 2025 page: `ms-prompt-input-wrapper` textarea (composer 3), Run labelled "Run"
  // (send 1), the `svg .stoppable-spinner` while running (stop 2), no `.turn-footer` (bar 1).
  {
    adapter: 'aistudio',
    replica: 'aistudio-2025-11',
    temporaryChat: false,
    signInUrl: 'http://accounts.google.com/ServiceLogin',
    supports: AI_STUDIO_FEATURES,
    expectMatched: { composer: 3, sendButton: 1, stopButton: 2, userTurn: 0, assistantTurn: 0, answerContent: 0, turnActionBar: 1, copyMenuButton: 0 },
  },
  {
    adapter: 'deepseek',
    replica: 'deepseek',
    expectMatched: EVERY_FIRST_CHOICE,
    // No guest chat, and no source shows a DeepSeek limit notice.
    supports: ['thinkingFlash', 'preambleGap', 'virtualList', 'cloudflareNoise', 'upload'],
  },
  // The 2025 page: `textarea#chat-input` (composer 1), the icon send / stop right after the file
  // input (send / stop 1), hashed user / assistant items (1), no main-content class on the answer
  // (1), the footer one div further (action bar and copy 1), no virtual list, no file cards
  // (its file input only anchors send / stop).
  {
    adapter: 'deepseek',
    replica: 'deepseek-2025-09',
    expectMatched: { composer: 1, sendButton: 1, stopButton: 1, userTurn: 1, assistantTurn: 1, answerContent: 1, turnActionBar: 1, copyButton: 1 },
    supports: ['thinkingFlash', 'preambleGap', 'cloudflareNoise'],
  },
  // Open WebUI (self-hosted): every first choice. No guest chat, no virtual list and no limit
  // notice in its source.
  {
    adapter: 'openwebui',
    replica: 'openwebui',
    expectMatched: EVERY_FIRST_CHOICE,
    supports: ['thinkingFlash', 'preambleGap', 'cloudflareNoise', 'upload'],
  },
  // Grok (grok.com): every first choice. Evidence and what is inferred: replicas/sites/grok/app.ts.
  // No guest chat, virtual list, limit notice or upload chips are evidenced.
  {
    adapter: 'grok',
    replica: 'grok',
    expectMatched: EVERY_FIRST_CHOICE,
    supports: ['preambleGap', 'cloudflareNoise'],
  },
  // Mistral Le Chat: every first choice. Evidence and what is inferred: replicas/sites/mistral/app.ts.
  {
    adapter: 'mistral',
    replica: 'mistral',
    expectMatched: EVERY_FIRST_CHOICE,
    supports: ['preambleGap', 'cloudflareNoise'],
  },
  // Qwen Chat: every first choice. Evidence and what is inferred: replicas/sites/qwen/app.ts.
  {
    adapter: 'qwen',
    replica: 'qwen',
    temporaryChat: false,
    expectMatched: EVERY_FIRST_CHOICE,
    supports: ['preambleGap', 'cloudflareNoise'],
  },
  // Kimi: every first choice. Evidence and what is inferred: replicas/sites/kimi/app.ts.
  {
    adapter: 'kimi',
    replica: 'kimi',
    expectMatched: EVERY_FIRST_CHOICE,
    supports: ['preambleGap', 'cloudflareNoise'],
  },
  // Z.ai: every first choice. Evidence and what is inferred: replicas/sites/zai/app.ts.
  {
    adapter: 'zai',
    replica: 'zai',
    expectMatched: EVERY_FIRST_CHOICE,
    supports: ['preambleGap', 'cloudflareNoise'],
  },
  // Microsoft Copilot: every first choice (send: Enter, no button). Evidence and what is inferred:
  // replicas/sites/copilot/app.ts.
  {
    adapter: 'copilot',
    replica: 'copilot',
    expectMatched: withoutSendButton,
    supports: ['preambleGap', 'cloudflareNoise'],
  },
  // HuggingChat: every first choice. Evidence and what is inferred: replicas/sites/huggingchat/app.ts.
  {
    adapter: 'huggingchat',
    replica: 'huggingchat',
    expectMatched: EVERY_FIRST_CHOICE,
    supports: ['preambleGap', 'cloudflareNoise'],
  },
  // Perplexity: every first choice. Evidence and what is inferred: replicas/sites/perplexity/app.ts.
  {
    adapter: 'perplexity',
    replica: 'perplexity',
    expectMatched: EVERY_FIRST_CHOICE,
    supports: ['preambleGap', 'cloudflareNoise'],
  },
  {
    adapter: 'custom',
    replica: 'custom',
    customSite: {
      name: 'Simple chat',
      input: ['textarea#message'],
      sendButton: ['button#send'],
      stopButton: ['button#stop'],
      userTurn: ['.message.user'],
      answerContainer: ['.message.bot'],
      answerContent: ['.body'],
      actionBar: ['.actions'],
      copyButton: ['button.copy'],
      newChatButton: ['#new-chat'],
      errorBanners: ['.error', '.notice'],
      loginWall: ['#login'],
      botCheck: ['#challenge-form'],
      fileInput: ['footer input#file'],
      attachmentReady: ['#attachments .attachment'],
      attachmentPending: ['.uploading'],
      attachmentRefused: ['#notices .notice'],
      attachmentRefusedText: 'too large|not supported',
      attachmentRemove: ['button.remove'],
    },
  },
];
