/**
 * The site-adapter contract: one shape for every chat site (ChatGPT, Claude, Gemini,
 * Google AI Studio, DeepSeek, custom). An adapter is declarative data (ordered fallback
 * selectors, preferring data-testid and ARIA) plus a few optional hooks. The generic
 * driver (src/browser/siteDriver.ts) and the in-page runtime (src/browser/page/pageRuntime.ts)
 * implement every contract step from this data:
 *
 *   ready / logged-in check  composer present; loginWall / botCheck absent
 *   new chat                 hooks.newChat, else newChatButton, else navigate to `url`
 *   insert prompt            one fill / insertText (chunked past insertChunkChars), read back
 *   submit + confirm         sendButton (else sendKey, Enter); confirmed by our user turn, a stop
 *                            button or an emptied composer; retried once
 *   observe the answer       MutationObserver in the page, scoped to the assistant turn
 *                            that follows the user turn carrying our nonce
 *   decide it is complete    generation seen active, then stop button, streaming and thinking
 *                            indicators gone, the turn's action bar present for several
 *                            consecutive observations, text stable for quietMs
 *   extract as markdown      the turn's copy button with navigator.clipboard intercepted (or
 *                            copyMenuButton → copyMenuItem when the copy lives in a menu,
 *                            e.g. an overlay outside the turn); fallback DOM → markdown
 *                            (keeps code fences and languages)
 *   stop generation          stopButton
 *   choose the model         modelPicker: open it, match the requested name, click, check the
 *                            page's current-model evidence (src/browser/modelSelection.ts)
 *   upload files             fileInput (or uploadMenuButton → uploadMenuItem), then each file's
 *                            attachmentReady chip held, no attachmentPending; attachmentRefused
 *                            is a refusal; a shown uploadConsentButton (inside a dialog) is
 *                            clicked on the way (src/browser/attachmentUpload.ts)
 *   classify errors          banner / wall texts matched against noticePatterns (warnings),
 *                            then errorPatterns (+ defaults); a sign-in host is LOGIN_REQUIRED
 *
 * Everything here is plain data, so `custom` sites can be described entirely by a setting.
 */
import type { PTKErrorCode } from '../../core/errors';

/** Ordered fallback CSS selectors: the first one that matches wins. */
export type SelectorList = readonly string[];

/** The selectors every adapter provides. Lists are tried in order. */
export interface SiteSelectors {
  /** The prompt input (textarea or contenteditable / ProseMirror). */
  composer: SelectorList;
  /** The send button. Empty list: submit with Enter. */
  sendButton: SelectorList;
  /** The stop-generation button; scope it to the composer (read-aloud has a "stop" too). */
  stopButton: SelectorList;
  /** A user message element; its text holds our nonce. */
  userTurn: SelectorList;
  /** An assistant message element. The answer is the first one after our user turn. */
  assistantTurn: SelectorList;
  /** Inside the assistant turn: the rendered markdown (default: the turn itself). */
  answerContent?: SelectorList;
  /**
   * Ancestor of the assistant turn that also holds its action bar and copy button
   * (`element.closest(...)`); default: the assistant turn itself.
   */
  turnScope?: SelectorList;
  /** Inside the turn scope: the per-turn action bar that appears after completion. */
  turnActionBar: SelectorList;
  /** Inside the turn scope: the "copy" action that yields the answer's markdown. */
  copyButton: SelectorList;
  /**
   * Sites whose copy action lives in a per-turn menu (AI Studio's "Copy markdown"): inside
   * the turn scope, the button that opens that menu. Used when no copyButton matches.
   */
  copyMenuButton?: SelectorList;
  /**
   * Document-wide (menus often open in an overlay outside the turn): the menu items, once
   * the menu is open; the one whose text matches copyMenuItemText is clicked.
   */
  copyMenuItem?: SelectorList;
  /** Regular expression source (case-insensitive) for the copy item's text; default: any item. */
  copyMenuItemText?: string;
  /** Anything visible while the model is generating (besides the stop button): streaming classes. */
  streamingIndicator?: SelectorList;
  /**
   * Inside the turn scope: signs that the model is still thinking or working (a "Thinking…"
   * status line, a loading shimmer, a reasoning panel still open). While one is visible the
   * turn is not complete, even if an action bar flashes.
   */
  thinkingIndicator?: SelectorList;
  /** Button that opens a new chat. Empty / absent: navigate to the adapter's url. */
  newChatButton?: SelectorList;
  /** Error banners / toasts (their text is classified). */
  errorBanner: SelectorList;
  /** Something only a logged-out page shows (login wall, "Log in" buttons). */
  loginWall: SelectorList;
  /** Bot check / captcha interstitial (Cloudflare "Verify you are human", reCAPTCHA). */
  botCheck: SelectorList;
  /*
   * The site's own file upload (attachments, and long context sent as a text file). A site
   * takes files when it has `attachmentReady` and a way in: `fileInput`, or `uploadMenuItem`.
   * Without them a call with attachments fails with ATTACHMENT_UNSUPPORTED.
   */
  /**
   * The composer's file input (hidden is fine: files are set on it, never clicked). Scope it to
   * the composer (its form or box): a bare `input[type=file]` could be another upload (an
   * image-only input, a project's knowledge files).
   */
  fileInput?: SelectorList;
  /** Sites whose input exists only behind a menu: the control that opens it (Gemini's "Upload and tools"). */
  uploadMenuButton?: SelectorList;
  /**
   * Document-wide, menu open: the item that holds the file input or opens the file chooser
   * ("Upload files"). Its own `input[type=file]` is used when it has one.
   */
  uploadMenuItem?: SelectorList;
  /**
   * A chip / card of a file the site accepted, naming the file in its text, aria-label, title
   * or aria-describedby (a chip that names no file counts for one file that no chip names).
   * Scope it to the composer: chips of files sent earlier in the thread must not match.
   */
  attachmentReady?: SelectorList;
  /** Inside such a chip (or the chip itself): the upload is still going (a spinner, aria-busy). */
  attachmentPending?: SelectorList;
  /** Document-wide: the site says it refused a file (an error toast, a dialog, an error chip). */
  attachmentRefused?: SelectorList;
  /** Regular expression source (case-insensitive): an attachmentRefused element counts only when its text matches. */
  attachmentRefusedText?: string;
  /** Inside a chip: the control that removes the file (used to take back files when another one failed). */
  attachmentRemove?: SelectorList;
  /**
   * Document-wide: the acknowledge button of a dialog the site shows before it takes a file
   * (AI Studio's one-time copyright acknowledgement). Clicked whenever it shows while the upload
   * waits for acceptance, and only inside a dialog (`[role=dialog]`, `mat-dialog-container`…,
   * src/browser/uploadConsent.ts); scope it to its dialog anyway, by its label.
   */
  uploadConsentButton?: SelectorList;
}

/**
 * Where an element names a model: its text, or an attribute, optionally of a descendant, and
 * optionally through a regular expression whose first group is the name.
 */
export interface ModelNameSource {
  /** Inside the element: the descendant that holds the name (first selector that matches); none matches: the element. */
  within?: SelectorList;
  /** Read this attribute instead of the text. */
  attribute?: string;
  /** Regular expression source (case-insensitive); the name is its first capture group (else the whole match). */
  pattern?: string;
}

/**
 * The site's model / mode picker (model choice, src/browser/modelSelection.ts). Every list is
 * document-wide: pickers open their menus in overlays outside the composer. The selection logic
 * opens the picker, reads the options, clicks the one the requested name matches, and checks
 * that the `current` evidence then names it.
 */
export interface ModelPicker {
  /** The control that opens the picker. Empty: the options are always on the page (radios). */
  trigger: SelectorList;
  /**
   * Picker open: items that open a submenu holding more options (ChatGPT's model list behind the
   * current model's row). Each one found is opened so that every option can be read.
   */
  submenuTrigger?: SelectorList;
  /** Picker open: a control that widens the list to every option (AI Studio's "All" category), clicked first. */
  revealAll?: SelectorList;
  /** Picker open: the option items, one model or mode each. */
  option: SelectorList;
  /** How an option names its model (default: its whole text). */
  optionName?: ModelNameSource;
  /** A second name an option answers to (a model id next to its display name). */
  optionAlias?: ModelNameSource;
  /**
   * Picker open: the options (among `option`) that set a reasoning level or mode of the current
   * model rather than the model itself (ChatGPT's efforts). None: every option is a model.
   */
  levelOption?: SelectorList;
  /**
   * Evidence of the current model or mode, read with the picker closed: each element's
   * aria-label and text. After a switch one of them must name the chosen option.
   */
  current: SelectorList;
  /** Independent on/off switches next to the picker (DeepSeek's DeepThink / Search). */
  toggle?: SelectorList;
  /** How a switch names itself (default: its whole text). */
  toggleName?: ModelNameSource;
  /** Attribute holding a switch's state, "true" = on (default aria-pressed). */
  toggleStateAttribute?: string;
  /** The run setting's temperature input, where the site has one (AI Studio). */
  temperatureInput?: SelectorList;
}

/** A text pattern that classifies an error banner into an error code. */
export interface ErrorPattern {
  code: PTKErrorCode;
  /** Regular expression source, matched case-insensitively against the banner text. */
  pattern: string;
}

/** Timings an adapter may tune (milliseconds); defaults come from DEFAULTS. */
interface SiteTimings {
  /** Text unchanged this long (with the other evidence) ends the answer. */
  quietMs?: number;
  /** Longest wait for the page to be ready (composer or a wall). */
  readyTimeoutMs?: number;
  /** Longest wait for a submit to show a state change, per attempt. */
  submitConfirmMs?: number;
  /** Longest wait for a whole answer. */
  answerTimeoutMs?: number;
  /**
   * The action bar must stay present (stop, streaming and thinking indicators gone, text
   * unchanged) over several consecutive observations spanning at least this long before the
   * answer counts as complete: a bar that flashes mid-thinking never ends a turn. Default
   * DEFAULT_ACTION_BAR_HOLD_MS (completionTracker.ts).
   */
  actionBarHoldMs?: number;
  /** Longest wait for the site to show an uploaded file as accepted (its chip), per call. */
  attachmentConfirmMs?: number;
}

/** What a hook gets: the page (playwright-core Page, typed loosely to keep this file data-only) and the adapter. */
export interface AdapterHookContext {
  page: import('playwright-core').Page;
  adapter: SiteAdapter;
  signal?: AbortSignal;
}

/** Small optional hooks for what data cannot say. Each replaces the generic step. */
interface SiteHooks {
  /** Open a fresh chat. */
  newChat?: (context: AdapterHookContext) => Promise<void>;
  /**
   * The site's address reopened an earlier chat and no newChatButton selector started a new
   * one: find the page's own new-chat control (site discovery, autoSite.ts). `tryControl`
   * clicks one and resolves true when the tab then shows a fresh chat (else it opens the
   * site's address again). Resolves true when a control left the tab on a fresh chat.
   */
  findNewChat?: (context: AdapterHookContext, tryControl: (selector: string) => Promise<boolean>) => Promise<boolean>;
  /** Put the text in the composer (must be one insert action or a few chunked ones). */
  insert?: (context: AdapterHookContext, text: string) => Promise<void>;
  /**
   * Press send. The driver still confirms the state change. May return the index of the
   * sendButton selector it clicked (for the turn log's `matched`); nothing: none clicked.
   */
  submit?: (context: AdapterHookContext) => Promise<number | void>;
  /** Post-process the extracted markdown (e.g. a site that adds a footer to copies). */
  cleanAnswer?: (markdown: string) => string;
  /**
   * Right after the submit is confirmed: learn the selectors of the turn from the page (site
   * discovery, autoSite.ts). Resolves true when the adapter's selectors changed (the turn's
   * watch is then armed again with them); `problem` is what the turn's watch saw go wrong,
   * `timeoutMs` the longest the answer may take.
   */
  learnTurn?: (context: AdapterHookContext, turn: { nonce: string; timeoutMs: number; problem: () => Error | undefined }) => Promise<boolean>;
}

/**
 * How a site opens a chat that stays out of the account's history (ChatGPT's temporary chat,
 * Claude's incognito chat…), and how to tell it is on. Either a URL parameter added to the
 * adapter's `url` (so a replaced site URL keeps it), or a toggle clicked on a fresh chat.
 * A control with none of `active`, `onUrl`, `onUrlParam` and `urlParam` has nothing that shows
 * the mode: PTK clicks the toggle and the turn carries a warning that the temporary chat could
 * not be confirmed (temporaryChat.ts).
 */
export interface TemporaryChatControl {
  /** Query parameter of the start URL that opens a temporary chat, e.g. ['temporary-chat', 'true']. */
  urlParam?: readonly [name: string, value: string];
  /** The control to click on a fresh chat, when there is no URL form. */
  toggle?: SelectorList;
  /** Clicked first when the toggle is not in view (a collapsed side menu holding it). */
  toggleOpener?: SelectorList;
  /**
   * What shows while the chat is temporary: one of these selectors, or the URL parameter
   * `onUrlParam` (default: `urlParam`'s name) in the page's address.
   */
  active?: SelectorList;
  onUrlParam?: string;
  /**
   * What the page's address shows while the chat is temporary: its hash (`#private`) or the
   * start of its path (`/incognito`), e.g. where the toggle is a link to that address.
   */
  onUrl?: { hash?: string; path?: string };
}

/** One chat site. */
export interface SiteAdapter {
  /** Stable id used by settings and the CLI: 'chatgpt', 'claude', 'custom', … */
  id: string;
  /** Human name for messages. */
  displayName: string;
  /** Where a new chat starts. */
  url: string;
  /** Hosts the site lives on, to tell "our tab is on the site" (default: url's host). */
  hosts?: readonly string[];
  /**
   * Hosts of the site's off-site sign-in pages (accounts.google.com, auth.openai.com): a tab
   * that lands on one of them needs a login (LOGIN_REQUIRED), whatever the page shows.
   */
  signInHosts?: readonly string[];
  selectors: SiteSelectors;
  /** Kind of composer: contenteditable (ProseMirror-like) or textarea. */
  composerKind: 'contenteditable' | 'textarea';
  /** Longest prompt the site accepts, in characters; longer prompts fail with PROMPT_TOO_LONG naming it. */
  maxPromptChars: number;
  /** The key that sends from the composer when no send button is visible (default Enter). */
  sendKey?: 'Enter' | 'Control+Enter';
  /** Prompts longer than this are inserted in several insertText chunks. */
  insertChunkChars?: number;
  /** Site-specific banner texts, checked before the generic ones. */
  errorPatterns?: readonly ErrorPattern[];
  /**
   * Banner texts (regular expression sources, case-insensitive) that only inform, e.g. a plan
   * limit that switches to a smaller model while the answer goes on: reported as warnings in
   * the log and the status, never an abort. Checked before errorPatterns.
   */
  noticePatterns?: readonly string[];
  /**
   * Wait reported with RATE_LIMITED when the banner names no time (ms). Absent: no wait
   * (retryAfterMs undefined) unless the banner names one.
   */
  defaultRetryAfterMs?: number;
  timings?: SiteTimings;
  hooks?: SiteHooks;
  /** The model / mode picker, where the site has one PTK can drive (absent: a requested model is refused). */
  modelPicker?: ModelPicker;
  /** The site's temporary (history-free) chat, where it has one (docs/sites.md, "Temporary chats"). */
  temporaryChat?: TemporaryChatControl;
}

/** The subset of an adapter the page runtime needs (serialisable). */
export interface PageSelectors {
  composer: SelectorList;
  sendButton: SelectorList;
  stopButton: SelectorList;
  userTurn: SelectorList;
  assistantTurn: SelectorList;
  answerContent: SelectorList;
  turnScope: SelectorList;
  turnActionBar: SelectorList;
  copyButton: SelectorList;
  copyMenuButton: SelectorList;
  copyMenuItem: SelectorList;
  copyMenuItemText: string;
  streamingIndicator: SelectorList;
  thinkingIndicator: SelectorList;
  errorBanner: SelectorList;
  loginWall: SelectorList;
  botCheck: SelectorList;
  /** Banner-like regions of any site (pageSignals.ts); they count only when their text matches genericBannerText. */
  genericBanner: SelectorList;
  /** Regular expression source (case-insensitive): the texts a generic banner region is reported for. */
  genericBannerText: string;
  /** Longest text of a generic banner region. */
  genericBannerMaxChars: number;
  /** Regular expression sources (case-insensitive) of a bot-check page's title and (no composer) body text. */
  botCheckTitle: string;
  botCheckText: string;
}
