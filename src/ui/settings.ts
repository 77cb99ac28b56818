/**
 * The extension's own settings (`ptk.*`: site, browser, model, loop limits, protocol tag), as a zod
 * schema with defaults, read through the host's validated reader. The IDE tools' settings
 * (`ptk.tools.*`) are src/tools/settings.ts, read by src/host/vscode/configuration.ts.
 */
import { z } from 'zod';
import { DEFAULTS } from '../core/constants';
import { instructionFileEntryProblem } from '../tools/projectRules/instructionFiles';

/** Site adapters the browser backend offers. */
export const SITE_IDS = ['chatgpt', 'claude', 'gemini', 'aistudio', 'deepseek', 'openwebui', 'grok', 'mistral', 'qwen', 'kimi', 'zai', 'copilot', 'huggingchat', 'perplexity', 'custom', 'auto'] as const;
export type SiteId = (typeof SITE_IDS)[number];

/** Human names for the site quick pick. */
export const SITE_LABELS: Record<SiteId, string> = {
  chatgpt: 'ChatGPT (chatgpt.com)',
  claude: 'Claude (claude.ai)',
  gemini: 'Gemini (gemini.google.com)',
  aistudio: 'Google AI Studio (aistudio.google.com)',
  deepseek: 'DeepSeek (chat.deepseek.com)',
  openwebui: 'Open WebUI (self-hosted: ptk.siteUrl, default http://localhost:8080)',
  grok: 'Grok (grok.com)',
  mistral: 'Mistral Le Chat (chat.mistral.ai)',
  qwen: 'Qwen Chat (chat.qwen.ai)',
  kimi: 'Kimi (www.kimi.com)',
  zai: 'Z.ai (chat.z.ai)',
  copilot: 'Microsoft Copilot (copilot.microsoft.com)',
  huggingchat: 'HuggingChat (huggingface.co/chat)',
  perplexity: 'Perplexity (www.perplexity.ai)',
  custom: 'Custom site (ptk.siteUrl + ptk.customSite)',
  auto: 'Any chat page (ptk.siteUrl; found on the page)',
};

/** Configuration section of these settings. */
export const EXTENSION_SETTINGS_SECTION = 'ptk';

const optionalText = z.string().trim().optional().transform((value) => (value ? value : undefined));

export const ExtensionSettingsSchema = z.object({
  site: z.enum(SITE_IDS).default('chatgpt'),
  /** Overrides the site's start URL (a self-hosted chat, or a local replica for tests). */
  siteUrl: optionalText.refine((value) => value === undefined || /^https?:\/\//.test(value), 'must be an http(s) URL'),
  /** Selectors of the `custom` site adapter (passed to the browser backend as is). */
  customSite: z.record(z.string(), z.unknown()).optional(),
  /** Repairs of the built-in adapters (passed to the backend, validated there). */
  siteOverrides: z.record(z.string(), z.unknown()).optional(),
  /**
   * The sites a task may use, in order (failover goes down the list); empty: `site` alone.
   * Entries are read with parseSitesSetting (unknown and repeated ones skipped with a message).
   */
  sites: z.array(z.unknown()).default([]),
  /** What a task does when its site cannot go on and `sites` lists another. */
  failover: z.enum(['ask', 'auto', 'off']).default(DEFAULTS.routerFailover),
  /** What a task does when every listed site is limited. */
  whenAllLimited: z.enum(['stop', 'wait']).default(DEFAULTS.routerWhenAllLimited),
  /**
   * The sites the consult tool may ask for a second opinion, in order (each one of `sites`);
   * empty: the tool is not offered. User settings only: it sends workspace content to those sites.
   */
  consultSites: z.array(z.enum(SITE_IDS)).default([]),
  browserPath: optionalText,
  /** Attach to a running browser (http://127.0.0.1:9222) instead of launching one. */
  cdpUrl: optionalText.refine((value) => value === undefined || /^(https?|wss?):\/\//.test(value), 'must be an http(s) or ws(s) URL'),
  headless: z.boolean().default(false),
  /** A notification when a task ends, fails or waits for an approval while the chat is out of sight. User settings only. */
  notify: z.boolean().default(true),
  /** New chats use the site's temporary (history-free) chat where it has one. User settings only. */
  temporaryChats: z.boolean().default(DEFAULTS.temporaryChats),
  /** Tabs of a site open at once, a model call each (the rest wait for a free one). */
  maxTabs: z.number().int().min(1).max(8).default(DEFAULTS.maxTabs),
  /** Minutes an idle tab stays open before it is closed. */
  idleTabMinutes: z.number().int().min(1).default(DEFAULTS.idleTabMinutes),
  /** Persistent browser profile folder (default: the extension's global storage). */
  profileDir: optionalText,
  /**
   * The model or mode chosen in the site's picker before each turn ("GPT-5.5", "Pro",
   * "Expert + DeepThink"); empty: whatever the site has selected.
   */
  model: optionalText,
  /** Temperature, set where the site has one (AI Studio, 0–2); null / absent: the site's own. */
  temperature: z
    .number()
    .min(0)
    .max(2)
    .nullable()
    .optional()
    .transform((value) => value ?? undefined),
  maxIterations: z.number().int().min(1).max(200).default(DEFAULTS.maxIterations),
  maxToolCalls: z.number().int().min(1).max(500).default(DEFAULTS.maxToolCalls),
  /** Whole-task timeout in ms; 0 means none. */
  taskTimeoutMs: z.number().int().min(0).default(0),
  toolTimeoutMs: z.number().int().min(1000).default(DEFAULTS.toolTimeout),
  tagName: z.enum(['TOOL_CALL', 'PTK_CALL']).default(DEFAULTS.tagName),
  toolResultMaxChars: z.number().int().min(500).default(DEFAULTS.toolResultMaxChars),
  historyBudgetChars: z.number().int().min(10_000).default(DEFAULTS.historyBudgetChars),
  /** The most one chat on the site may hold before PTK compacts it, in characters; 0: the site's own estimate. */
  chatLimitChars: z.number().int().min(0).default(0),
  /**
   * Instruction files read into each task besides the defaults (AGENTS.md, .github/copilot-instructions.md,
   * .clinerules, .roo/rules, CLAUDE.md): a file or a folder relative to the workspace folder; "!NAME" removes one.
   */
  instructionFiles: z.array(z.string().check((context) => {
    const problem = instructionFileEntryProblem(context.value);
    if (problem) context.issues.push({ code: 'custom', message: `"${context.value}": ${problem}`, input: context.value });
  })).default([]),
});

export type ExtensionSettings = z.output<typeof ExtensionSettingsSchema>;

/** The settings that choose and open the site: the browser backend gets them as they are, and a change to one reconnects. */
export const BROWSER_SETTING_KEYS = ['site', 'siteUrl', 'customSite', 'siteOverrides', 'browserPath', 'cdpUrl', 'headless', 'profileDir', 'temporaryChats', 'maxTabs', 'idleTabMinutes'] as const satisfies ReadonlyArray<keyof ExtensionSettings>;

export type BrowserSettings = Pick<ExtensionSettings, (typeof BROWSER_SETTING_KEYS)[number]>;

/** The settings a change of which makes a new connection: the browser's and the site list's. */
export const CONNECTION_SETTING_KEYS = [...BROWSER_SETTING_KEYS, 'sites', 'failover', 'whenAllLimited'] as const satisfies ReadonlyArray<keyof ExtensionSettings>;
