/**
 * Repairs by settings: `ptk.siteOverrides` changes a built-in adapter without a release when
 * a site's page drifts. Per site id, any selector list, pattern list or limit can be replaced
 * (an array, or `{ "replace": [...] }`) or extended in front (`{ "prepend": [...] }`, tried
 * before the built-in ones) or behind (`{ "append": [...] }`). Validated with zod; a mistake
 * names the field it is in.
 *
 *   "ptk.siteOverrides": {
 *     "chatgpt": { "selectors": { "composer": { "prepend": ["div#new-composer"] } } }
 *   }
 */
import { z } from 'zod';
import { PTKError, PTKErrorCode } from '../../core/errors';
import { BANNER_ERROR_CODES } from './custom';
import type { ErrorPattern, SelectorList, SiteAdapter, SiteSelectors } from './types';

/** The selector lists a site override may change (every list of SiteSelectors). */
const OVERRIDABLE_SELECTORS = [
  'composer',
  'sendButton',
  'stopButton',
  'userTurn',
  'assistantTurn',
  'answerContent',
  'turnScope',
  'turnActionBar',
  'copyButton',
  'copyMenuButton',
  'copyMenuItem',
  'streamingIndicator',
  'thinkingIndicator',
  'newChatButton',
  'errorBanner',
  'loginWall',
  'botCheck',
  'fileInput',
  'uploadMenuButton',
  'uploadMenuItem',
  'attachmentReady',
  'attachmentPending',
  'attachmentRefused',
  'attachmentRemove',
  'uploadConsentButton',
] as const satisfies ReadonlyArray<keyof SiteSelectors>;

const nonEmptyText = z.string().trim().min(1, 'must not be empty');

/** An edit of a list: a plain array (or one value) replaces it; the object form says how. */
function listEdit<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (value) => (Array.isArray(value) ? { replace: value } : value !== null && typeof value === 'object' && !('code' in value) ? value : { replace: [value] }),
    z
      .object({ replace: z.array(item).optional(), prepend: z.array(item).optional(), append: z.array(item).optional() })
      .strict()
      .refine((value) => value.replace !== undefined || value.prepend !== undefined || value.append !== undefined, 'give replace, prepend or append'),
  );
}

type ListEdit<T> = { replace?: T[]; prepend?: T[]; append?: T[] };

const regexSource = nonEmptyText.refine((value) => {
  try {
    new RegExp(value, 'i');
    return true;
  } catch {
    return false;
  }
}, 'is not a valid regular expression');

const errorPattern = z.object({ code: z.enum(BANNER_ERROR_CODES), pattern: regexSource }).strict();

const selectorEdits = z.partialRecord(z.enum(OVERRIDABLE_SELECTORS), listEdit(nonEmptyText));

/** One site's override. */
const siteOverrideSchema = z
  .object({
    selectors: selectorEdits.optional(),
    copyMenuItemText: regexSource.optional(),
    attachmentRefusedText: regexSource.optional(),
    errorPatterns: listEdit(errorPattern).optional(),
    noticePatterns: listEdit(regexSource).optional(),
    signInHosts: listEdit(nonEmptyText).optional(),
    hosts: listEdit(nonEmptyText).optional(),
    maxPromptChars: z.number().int().positive().optional(),
    composerKind: z.enum(['textarea', 'contenteditable']).optional(),
    defaultRetryAfterMs: z.number().int().min(0).optional(),
    /** The site's address (a self-hosted copy, a local replica): the site of ptk.sites opens there. */
    url: nonEmptyText.refine((value) => /^https?:\/\//.test(value), 'must be an http(s) URL').optional(),
    timings: z
      .object({
        quietMs: z.number().int().min(0).optional(),
        readyTimeoutMs: z.number().int().positive().optional(),
        submitConfirmMs: z.number().int().positive().optional(),
        answerTimeoutMs: z.number().int().positive().optional(),
        attachmentConfirmMs: z.number().int().positive().optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

/** The whole setting: site id → override. */
const siteOverridesSchema = z.record(z.string(), siteOverrideSchema);

type SiteOverride = z.output<typeof siteOverrideSchema>;
type SiteOverrides = z.output<typeof siteOverridesSchema>;

/** Validates the setting; a bad one fails with CONFIG_INVALID naming each field at fault. */
export function parseSiteOverrides(input: unknown, knownSites: readonly string[]): SiteOverrides {
  if (input === undefined || input === null) return {};
  const parsed = siteOverridesSchema.safeParse(input);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`ptk.siteOverrides.${issue.path.map(String).join('.')}: ${issue.message}`);
  } else {
    for (const site of Object.keys(parsed.data)) {
      if (!knownSites.includes(site)) problems.push(`ptk.siteOverrides.${site}: unknown site (known: ${knownSites.join(', ')})`);
    }
  }
  if (problems.length > 0 || !parsed.success) {
    throw new PTKError(`The site overrides setting is invalid: ${problems.join('; ')}.`, { code: PTKErrorCode.CONFIG_INVALID, context: { problems } });
  }
  return parsed.data;
}

function editList<T>(current: readonly T[] | undefined, edit: ListEdit<T> | undefined): T[] | undefined {
  if (!edit) return current ? [...current] : undefined;
  const base = edit.replace ?? current ?? [];
  return [...(edit.prepend ?? []), ...base, ...(edit.append ?? [])];
}

/** The adapter with one site's override applied (the adapter itself is never changed). */
export function applySiteOverride(adapter: SiteAdapter, override: SiteOverride | undefined): SiteAdapter {
  if (!override) return adapter;
  const selectors: SiteSelectors = { ...adapter.selectors };
  for (const name of OVERRIDABLE_SELECTORS) {
    const edit = override.selectors?.[name] as ListEdit<string> | undefined;
    if (edit) (selectors as unknown as Record<string, SelectorList>)[name] = editList(adapter.selectors[name], edit)!;
  }
  if (override.copyMenuItemText !== undefined) selectors.copyMenuItemText = override.copyMenuItemText;
  if (override.attachmentRefusedText !== undefined) selectors.attachmentRefusedText = override.attachmentRefusedText;
  return {
    ...adapter,
    selectors,
    errorPatterns: editList<ErrorPattern>(adapter.errorPatterns, override.errorPatterns as ListEdit<ErrorPattern> | undefined),
    noticePatterns: editList(adapter.noticePatterns, override.noticePatterns),
    signInHosts: editList(adapter.signInHosts, override.signInHosts),
    hosts: editList(adapter.hosts, override.hosts),
    maxPromptChars: override.maxPromptChars ?? adapter.maxPromptChars,
    composerKind: override.composerKind ?? adapter.composerKind,
    defaultRetryAfterMs: override.defaultRetryAfterMs ?? adapter.defaultRetryAfterMs,
    timings: override.timings ? { ...adapter.timings, ...override.timings } : adapter.timings,
  };
}
