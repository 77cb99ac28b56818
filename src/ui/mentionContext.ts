/**
 * The context a message's mentions attach, as the model reads it: one clearly delimited block
 * per mention (`<context kind="file" path="src/a.ts">…</context>`) after the user's text, all
 * of them within one character budget. A block longer than its share keeps its head and tail
 * (the core's one truncator, with its "[… N characters omitted …]" marker) and the model is told
 * what was cut. The context belongs to that one message: once the task is over, the history
 * keeps only a line naming what was attached, so later messages never send it again. Pure.
 */
import { truncateMiddle } from '../core/util/truncate';
import type { PTKMessage } from '../core/types';
import type { ContextMention } from '../shared/chat/mentions';

/** A mention with what the host read for it. */
export interface ResolvedMention {
  mention: ContextMention;
  /** The text attached (a file, a listing, a diff, …); empty when `error` is set. */
  content: string;
  /** Why nothing could be read; the model is told this instead. */
  error?: string;
  /** Facts shown on the block's tag besides kind and path (e.g. `lines`, `source`). */
  attributes?: Record<string, string>;
}

/** How one mention was read: its characters and title, or why it could not be. */
export interface MentionOutcome {
  chars: number;
  title?: string;
  error?: string;
}

/** The outcome of a resolved mention (what its card or note says). */
export function mentionOutcome(entry: ResolvedMention): MentionOutcome {
  if (entry.error) return { chars: 0, error: entry.error };
  return { chars: entry.content.length, ...(entry.attributes?.title ? { title: entry.attributes.title } : {}) };
}

/** Characters all the blocks of one message share (their tags and notes aside). */
export const DEFAULT_CONTEXT_BUDGET_CHARS = 60_000;

/** No block is cut below this, however many share the budget. */
const MINIMUM_SHARE_CHARS = 400;

const INTRODUCTION = 'The user attached this context to the message (a snapshot taken when the message was sent):';

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\s+/g, ' ');
}

/** Content cannot close its own block early. */
function escapeContent(content: string): string {
  return content.replace(/<\/(context)/gi, '<\\/$1');
}

/** What a mention is called in notes and in the history ("file src/a.ts"). */
function describeMention(mention: ContextMention): string {
  return mention.kind === 'terminal' || mention.kind === 'problems' || mention.kind === 'changes' ? mention.label : `${mention.kind} ${mention.label}`;
}

/**
 * How many characters each content may keep: shares of `budgetChars`, the short ones first so
 * what they leave goes to the long ones.
 */
function allowances(lengths: readonly number[], budgetChars: number): number[] {
  const allowed = new Array<number>(lengths.length).fill(0);
  const order = lengths.map((length, index) => ({ length, index })).sort((left, right) => left.length - right.length);
  let remaining = Math.max(0, budgetChars);
  order.forEach(({ length, index }, position) => {
    const share = Math.max(MINIMUM_SHARE_CHARS, Math.floor(remaining / (order.length - position)));
    allowed[index] = Math.min(length, share);
    remaining = Math.max(0, remaining - allowed[index]!);
  });
  return allowed;
}

/** The blocks for `resolved` within `budgetChars`, introduced by one line; '' when there is nothing. */
export function renderAttachedContext(resolved: readonly ResolvedMention[], budgetChars = DEFAULT_CONTEXT_BUDGET_CHARS): string {
  if (resolved.length === 0) return '';
  const contents = resolved.map((entry) => escapeContent(entry.error ? `(not attached: ${entry.error})` : entry.content));
  const allowed = allowances(contents.map((content) => content.length), budgetChars);
  const cutNotes: string[] = [];
  const blocks = resolved.map((entry, index) => {
    const { mention } = entry;
    const attributes: Record<string, string> = { kind: mention.kind };
    if (mention.path !== undefined) attributes.path = mention.path;
    if (mention.range) attributes.lines = `${mention.range.startLine}-${mention.range.endLine}`;
    if (mention.terminal !== undefined) attributes.terminal = mention.terminal;
    Object.assign(attributes, entry.attributes);
    if (entry.error) attributes.error = 'true';
    const cut = truncateMiddle(contents[index]!, allowed[index]!);
    if (cut.omitted > 0) {
      attributes.truncated = `${cut.omitted} characters omitted`;
      const rereadable = mention.kind === 'file' || mention.kind === 'selection';
      cutNotes.push(`${describeMention(mention)}: ${cut.omitted} characters from the middle${rereadable ? ' (read_file gives the rest)' : ''}`);
    }
    const tag = Object.entries(attributes).map(([name, value]) => `${name}="${escapeAttribute(value)}"`).join(' ');
    return `<context ${tag}>\n${cut.text}${cut.text.endsWith('\n') || cut.text === '' ? '' : '\n'}</context>`;
  });
  const lines = [INTRODUCTION, ...blocks];
  if (cutNotes.length > 0) lines.push(`Shortened to fit, where "[… N characters omitted …]" stands: ${cutNotes.join('; ')}.`);
  return lines.join('\n');
}

/** The prompt of a message: the user's text, then the attached context. */
export function promptWithContext(text: string, context: string): string {
  return context ? `${text}\n\n${context}` : text;
}

/** What the history keeps of a message's context: a line naming it, not its content. */
export function attachedContextNote(mentions: readonly ContextMention[]): string {
  return `[Context attached when this message was sent, not repeated here: ${mentions.map(describeMention).join('; ')}]`;
}

/**
 * The transcript with the message that carried `sentPrompt` replaced by `keptPrompt` (the text
 * and the note of what was attached), so the next task's history does not send the context
 * again. The last user message with exactly that content is the one the task started with.
 */
export function forgetAttachedContext(messages: readonly PTKMessage[], sentPrompt: string, keptPrompt: string): PTKMessage[] {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (message.role === 'user' && message.content === sentPrompt) {
      const result = messages.slice();
      result[index] = { ...message, content: keptPrompt };
      return result;
    }
  }
  return messages.slice();
}
