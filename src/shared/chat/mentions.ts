/**
 * Context mentions: what the user attaches to a message with `@` in the chat input or with
 * "Add Selection / File to PTK Chat" (a file, a folder's listing, the editor's selection, the
 * problems, the working tree's changes, a terminal's recent output). A mention is a reference
 * shown as a chip; the host reads its content when the message is sent. Shared by the host and
 * the webview (zod/mini only).
 */
import * as z from 'zod/mini';

/** Every kind of mention, in the order the completion list offers them. */
export const MENTION_KINDS = ['file', 'folder', 'selection', 'problems', 'changes', 'terminal', 'url'] as const;
export type MentionKind = (typeof MENTION_KINDS)[number];

export const MentionKindSchema = z.enum(MENTION_KINDS);

/** Lines of a file, 1-based and inclusive. */
const LineRangeSchema = z.object({ startLine: z.number().check(z.int(), z.gte(1)), endLine: z.number().check(z.int(), z.gte(1)) });

/** One chip: what to attach, not its content (read when the message is sent). */
export const ContextMentionSchema = z.object({
  kind: MentionKindSchema,
  /** The chip's text ("src/a.ts", "a.ts:3-7", "problems", "terminal: bash"). */
  label: z.string().check(z.minLength(1), z.maxLength(300)),
  /** Workspace path as the tools show it (file, folder, selection, the file of `problems`). */
  path: z.optional(z.string().check(z.maxLength(1024))),
  /** The selected lines (selection). */
  range: z.optional(LineRangeSchema),
  /** The terminal's name (terminal). */
  terminal: z.optional(z.string().check(z.maxLength(300))),
  /** The page's http(s) address (url): read as markdown when the message is sent. */
  url: z.optional(z.string().check(z.maxLength(2048))),
});
export type ContextMention = z.infer<typeof ContextMentionSchema>;

/** One row the host offers for a query: a mention and a detail line ("12 problems", "folder"). */
export const MentionSuggestionSchema = z.object({ mention: ContextMentionSchema, detail: z.optional(z.string()) });
export type MentionSuggestion = z.infer<typeof MentionSuggestionSchema>;

/**
 * How the completion list presents each kind. A `direct` kind has one answer (the selection,
 * the changes, the active terminal): it is chosen at once when the host offers exactly one.
 */
export const MENTION_KIND_INFO: Record<MentionKind, { description: string; direct: boolean }> = {
  file: { description: 'A file of the workspace', direct: false },
  folder: { description: "A folder's list of files", direct: false },
  selection: { description: "The active editor's selection", direct: true },
  problems: { description: 'Errors and warnings, all or one file', direct: false },
  changes: { description: 'Uncommitted changes (git diff)', direct: true },
  terminal: { description: "A terminal's recent output", direct: true },
  url: { description: 'A web page, read as markdown (@https://…)', direct: false },
};

/** Most mentions one message carries (the chips beyond are refused). */
export const MAX_MENTIONS_PER_MESSAGE = 20;

/** Identity of a mention: the same file twice is one chip. */
export function mentionKey(mention: ContextMention): string {
  const range = mention.range ? `:${mention.range.startLine}-${mention.range.endLine}` : '';
  return `${mention.kind}:${mention.path ?? mention.terminal ?? mention.url ?? ''}${range}`;
}

/** Adds `mention` unless the list has it already or is full; returns the new list. */
export function addMention(mentions: readonly ContextMention[], mention: ContextMention): ContextMention[] {
  if (mentions.length >= MAX_MENTIONS_PER_MESSAGE) return [...mentions];
  const key = mentionKey(mention);
  return mentions.some((existing) => mentionKey(existing) === key) ? [...mentions] : [...mentions, mention];
}
