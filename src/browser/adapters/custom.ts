/**
 * The `custom` adapter: a chat site described entirely by a setting (ptk.customSite), so users
 * can add a site without a release. `customSiteSchema` is exported for the extension's settings
 * validation; `createCustomAdapter(config)` turns a validated config into a SiteAdapter.
 * Every selector field takes one CSS selector or an ordered list of fallbacks.
 */
import { z } from 'zod';
import { PTKError, PTKErrorCode } from '../../core/errors';
import type { ErrorPattern, SiteAdapter } from './types';

const selectorList = z
  .union([z.string().min(1), z.array(z.string().min(1)).min(1)])
  .transform((value) => (typeof value === 'string' ? [value] : value));

const optionalSelectorList = selectorList.optional();

/** Codes a banner text may be classified as (custom sites, site overrides). */
export const BANNER_ERROR_CODES = [
  PTKErrorCode.LOGIN_REQUIRED,
  PTKErrorCode.RATE_LIMITED,
  PTKErrorCode.BOT_CHECK,
  PTKErrorCode.SITE_ERROR,
  PTKErrorCode.NETWORK_ERROR,
  PTKErrorCode.CONVERSATION_TOO_LONG,
  PTKErrorCode.PROMPT_TOO_LONG,
] as const;

/** Schema of the `custom` site setting. */
export const customSiteSchema = z
  .object({
    /** Shown in messages. */
    name: z.string().min(1).default('Custom site'),
    /** Start URL of a new chat (http or https). */
    url: z.string().url().refine((value) => /^https?:\/\//.test(value), 'url must start with http:// or https://'),
    /** The prompt input (textarea or contenteditable). */
    input: selectorList,
    /** The send button; absent: Enter submits. */
    sendButton: optionalSelectorList,
    /** The key that sends from the composer when no send button is visible. */
    sendKey: z.enum(['Enter', 'Control+Enter']).default('Enter'),
    /** The stop-generation button. */
    stopButton: selectorList,
    /** A user message (holds the nonce). */
    userTurn: selectorList,
    /** An assistant message (the answer container). */
    answerContainer: selectorList,
    /** Inside the answer container: the rendered markdown. */
    answerContent: optionalSelectorList,
    /** Ancestor of the answer container that also holds its action bar (closest()). */
    turnScope: optionalSelectorList,
    /** Appears in the turn when the answer is complete. */
    actionBar: selectorList,
    /** Inside the turn: visible while the model is still thinking or working (a "Thinking…" line). */
    thinkingIndicator: optionalSelectorList,
    /** The turn's copy button (its copy gives the markdown). */
    copyButton: optionalSelectorList,
    /** Opens a new chat; absent: navigate to url. */
    newChatButton: optionalSelectorList,
    /** Error banners / toasts. */
    errorBanners: optionalSelectorList,
    /** Only present when logged out. */
    loginWall: optionalSelectorList,
    /** Bot check / captcha. */
    botCheck: optionalSelectorList,
    /** The composer's file input (hidden is fine); with attachmentReady, the site takes attachments. */
    fileInput: optionalSelectorList,
    /** Opens the menu that holds the upload item (sites whose input appears only behind it). */
    uploadMenuButton: optionalSelectorList,
    /** Menu open: the item that holds the file input or opens the file chooser. */
    uploadMenuItem: optionalSelectorList,
    /** A chip / card of an accepted file, naming it (text, aria-label or title), in the composer. */
    attachmentReady: optionalSelectorList,
    /** Inside a chip: the upload is still going. */
    attachmentPending: optionalSelectorList,
    /** The site says it refused a file (a toast, a dialog). */
    attachmentRefused: optionalSelectorList,
    /** Regex source: a refusal element counts only when its text matches. */
    attachmentRefusedText: z
      .string()
      .min(1)
      .refine((value) => {
        try {
          new RegExp(value, 'i');
          return true;
        } catch {
          return false;
        }
      }, 'is not a valid regular expression')
      .optional(),
    /** Inside a chip: the control that removes the file. */
    attachmentRemove: optionalSelectorList,
    /** The acknowledge button of a dialog the site shows before it takes a file; clicked only inside a dialog. */
    uploadConsentButton: optionalSelectorList,
    /** Hosts of the site's off-site sign-in pages: a tab there needs a login. */
    signInHosts: z.array(z.string().min(1)).optional(),
    /** 'textarea' or 'contenteditable' (default: found from the element). */
    composerKind: z.enum(['textarea', 'contenteditable']).default('textarea'),
    /** Longest prompt in characters. */
    maxPromptChars: z.number().int().positive().default(100_000),
    /** Extra banner-text patterns: { code, pattern (regex source) }. */
    errorPatterns: z.array(z.object({ code: z.enum(BANNER_ERROR_CODES), pattern: z.string().min(1) })).default([]),
    /** Banner texts (regex sources) that only inform (e.g. "switched to a smaller model"): warnings, never errors. */
    noticePatterns: z.array(z.string().min(1)).default([]),
  })
  .strict();

/** The setting as written by the user. */
export type CustomSiteInput = z.input<typeof customSiteSchema>;
/** The setting after validation (selector lists normalised). */
type CustomSiteConfig = z.output<typeof customSiteSchema>;

/** Validates a custom-site setting; a bad one fails with CONFIG_INVALID naming every problem. */
export function parseCustomSite(input: unknown): CustomSiteConfig {
  const parsed = customSiteSchema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
    throw new PTKError(`The custom site setting (ptk.customSite) is invalid: ${problems}.`, { code: PTKErrorCode.CONFIG_INVALID, context: { issues: parsed.error.issues } });
  }
  return parsed.data;
}

/** Builds the adapter of a custom site (validates `input` first). */
export function createCustomAdapter(input: unknown): SiteAdapter {
  const config = parseCustomSite(input);
  return {
    id: 'custom',
    displayName: config.name,
    url: config.url,
    composerKind: config.composerKind,
    maxPromptChars: config.maxPromptChars,
    sendKey: config.sendKey,
    selectors: {
      composer: config.input,
      sendButton: config.sendButton ?? [],
      stopButton: config.stopButton,
      userTurn: config.userTurn,
      assistantTurn: config.answerContainer,
      answerContent: config.answerContent,
      turnScope: config.turnScope,
      turnActionBar: config.actionBar,
      thinkingIndicator: config.thinkingIndicator,
      copyButton: config.copyButton ?? [],
      newChatButton: config.newChatButton,
      errorBanner: config.errorBanners ?? [],
      loginWall: config.loginWall ?? [],
      botCheck: config.botCheck ?? [],
      fileInput: config.fileInput,
      uploadMenuButton: config.uploadMenuButton,
      uploadMenuItem: config.uploadMenuItem,
      attachmentReady: config.attachmentReady,
      attachmentPending: config.attachmentPending,
      attachmentRefused: config.attachmentRefused,
      attachmentRefusedText: config.attachmentRefusedText,
      attachmentRemove: config.attachmentRemove,
      uploadConsentButton: config.uploadConsentButton,
    },
    errorPatterns: config.errorPatterns as ErrorPattern[],
    noticePatterns: config.noticePatterns,
    signInHosts: config.signInHosts,
  };
}
