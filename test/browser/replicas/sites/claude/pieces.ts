/**
 * DOM pieces of the Claude replica that every Claude skin (the current one and the dated
 * variants such as ../claude-2025-10) builds the same way: the element helper, Claude's
 * wording for the shared server's states, the code block, the inline code and the in-turn error.
 * Sources and dates: see ../claude/app.ts; the inline code markup is from public captures of
 * claude.ai answers (code index, 2025-2026, cited at INLINE_CODE_CLASS); changed 2026-11-25.
 */

/** Creates an element with attributes and optional text. */
export function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  if (text !== undefined) created.textContent = text;
  return created;
}

/** The time a server message names ("after 3:15 PM"), if any. */
function namedTime(message: string): string | undefined {
  return /(?:after|until|at)\s+(\d{1,2}(?::\d{2})?\s*[AP]M)/i.exec(message)?.[1];
}

/**
 * Claude's wording for the states the shared server reports in ChatGPT's words. The rate limit
 * is the 2026 free-plan text ("You are out of free messages until 1:50 AM", pasted transcripts);
 * the limit notice is Claude's "N messages remaining until …" warning; the other wordings are
 * unverified.
 */
export function claudeMessage(kind: string, message: string): string {
  const time = namedTime(message);
  switch (kind) {
    case 'rate_limit':
      return `You are out of free messages until ${time ?? '3 PM'}`;
    case 'limit_notice':
      return `1 message remaining until ${time ?? '3:15 PM'}`;
    case 'conversation_too_long':
      return 'This conversation has reached its maximum length. Start a new chat to continue.';
    case 'network_drop':
      return 'Network error: the connection was lost. Check your internet connection and try again.';
    case 'prompt_too_long':
      return 'Your message is over the length limit. Try shortening your message or attaching fewer files.';
    case 'error_banner':
      return 'Something went wrong. Claude will return soon. Please try again.';
    default:
      return message;
  }
}

/**
 * Claude's code block (C2M code-basic 2026-06-08; layout of an unattributed 2025-11 DOM study):
 * `div[role=group][aria-label="python code"]` holding the hover "Copy to clipboard" button, the
 * language label and `pre.code-block__code > code.language-python`. A block without a language
 * is labelled just "code" and shows no label (unverified choice: no source shows one).
 * `labelledGroup: false` gives the 2025 frame the study shows: the same wrapper without the
 * group role and label.
 */
export function decorateClaudeCodeBlock(pre: HTMLElement, language: string, copy: () => void, options: { labelledGroup: boolean } = { labelledGroup: true }): void {
  const frameAttributes: Record<string, string> = { class: 'relative group/copy bg-bg-000/50 border-0.5 border-border-400 rounded-lg' };
  if (options.labelledGroup) Object.assign(frameAttributes, { role: 'group', 'aria-label': language ? `${language} code` : 'code' });
  const frame = element('div', frameAttributes);
  const copyRail = element('div', { class: 'sticky opacity-0 group-hover/copy:opacity-100 top-2 py-2 h-12 w-0 float-right' });
  const copyHolder = element('div', { class: 'absolute right-0 h-8 px-2 items-center inline-flex z-10' });
  const copyButton = element('button', { type: 'button', 'aria-label': 'Copy to clipboard', 'data-state': 'closed', class: 'inline-flex items-center justify-center' }, '⧉');
  copyButton.addEventListener('click', copy);
  copyHolder.append(copyButton);
  copyRail.append(copyHolder);
  frame.append(copyRail);
  if (language) frame.append(element('div', { class: 'text-text-500 font-small p-3.5 pb-0' }, language));
  const codeHolder = element('div');
  pre.replaceWith(frame);
  pre.className = 'code-block__code !my-0 !rounded-lg !text-sm !leading-relaxed';
  codeHolder.append(pre);
  frame.append(codeHolder);
}

/**
 * The class list claude.ai gives every inline code span of an answer: a red "danger" text colour
 * (`text-danger-000`) on a bordered chip. Public captures of real Claude answers in the code index
 * show it in lists, tables and paragraphs next to `p.font-claude-response-body` (2025-2026;
 * older pages have `rounded-[0.3rem]`).
 */
export const INLINE_CODE_CLASS = 'bg-text-200/5 border border-0.5 border-border-300 text-danger-000 whitespace-pre-wrap rounded-[0.4rem] px-1 py-px text-[0.9rem]';

/** Gives every inline code span of `block` Claude's real markup, on every re-render. */
export function markInlineCode(block: HTMLElement): void {
  const mark = (): void => {
    for (const code of Array.from(block.querySelectorAll('code:not(pre code)'))) {
      if (code.className !== INLINE_CODE_CLASS) code.className = INLINE_CODE_CLASS;
    }
  };
  new MutationObserver(mark).observe(block, { childList: true, subtree: true });
}

/**
 * The in-turn error line with its Retry button. INFERRED: no source shows Claude's in-turn error;
 * the replica draws it as the one error markup a 2026 source shows on claude.ai (a visible
 * `[role=alert]`, pankaj28843/cdp-cli claude/attachment.go @127bd7dd), outside the markdown.
 */
export function claudeErrorLine(text: string): HTMLElement[] {
  return [element('div', { role: 'alert', class: 'text-danger-000 mt-2' }, text), element('button', { type: 'button', 'aria-label': 'Retry' }, 'Retry')];
}
